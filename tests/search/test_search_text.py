from judge.search.glossary import compile_glossary, translate
from judge.search.text import analyze, detect_language, highlight, rule_numbers, snippet, split_passages


def test_english_and_hungarian_stemming():
    assert analyze("The attacking units attacked", "en") == ["attack", "unit", "attack"]
    assert analyze("A lények a tartalékba kerülnek", "hu")[:1] == ["lény"]


def test_rule_numbers_are_single_tokens():
    assert "701.4a" in analyze("see rule 701.4a", "en")
    assert rule_numbers("rule 701.4a and 8.5.1.1, not 3 or 2.") == ["701.4a", "8.5.1.1"]


def test_detect_language():
    assert detect_language("Mikor játszhatok ki lényt a kezemből?") == "hu"
    assert detect_language("Does Lucky stack?") == "en"
    assert detect_language("Can I attack a hidden character?") == "en"


def test_split_passages_respects_budget_and_keeps_text():
    text = " ".join(f"Sentence number {i} is here." for i in range(100))
    count = lambda s: len(s.split())  # noqa: E731
    parts = split_passages(text, count, 40)
    assert len(parts) > 1
    assert all(count(p) <= 40 for p in parts)
    assert " ".join(parts).split() == text.split()
    assert split_passages("short", count, 40) == ["short"]


def test_highlight_and_snippet():
    stems = {"en": set(analyze("exhausted heroes", "en"))}
    out = highlight("A hero exhausts; the heroes were exhausted.", stems, lambda w: f"[{w}]")
    assert out == "A [hero] [exhausts]; the [heroes] were [exhausted]."
    long = "filler " * 100 + "the exhausted hero readies" + " filler" * 100
    assert "exhausted" in snippet(long, stems, width=80)


def test_glossary_translates_terms_longest_first():
    g = compile_glossary({"terms": {"creature": ["lény"], "discard pile": ["gyűjtő"], "discard": ["eldob"]}}, "hu")
    text, matched = translate("Does my creature go to the discard pile?", g)
    assert text.split() == ["lény", "gyűjtő"]
    assert [m[1] for m in matched] == [["lény"], ["gyűjtő"]]
