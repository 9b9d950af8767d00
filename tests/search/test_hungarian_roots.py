"""Hungarian verb forms meet through their roots (judge.search.text.with_roots): a verbal prefix written on
the verb or apart from it, and the potential suffix -hat/-het and its participle -ható/-hető."""
from judge.search.lexical import bm25_matrix
from judge.search.text import analyze, hungarian_root, with_roots


def test_prefix_and_potential_suffix_are_taken_off():
    assert hungarian_root("kijátszható") == "játsz"  # ki- + játsz + -ható
    assert hungarian_root("játszhat") == "játsz"  # the question's 'játszhatok (ki)'
    assert hungarian_root("felhasználhat") == "használ"  # fel- + használ + -hat
    assert hungarian_root("elpusztítható") == "pusztít"


def test_short_words_keep_their_letters():
    # 'lény' is not le- + 'ny'; 'elem' is not el- + 'em'; 'hat' (six) stays
    for stem in ("lény", "elem", "hat", "kör", "lap"):
        assert hungarian_root(stem) == stem


def test_roots_follow_hungarian_stems_only():
    assert with_roots(["kijátszható", "lény"], "hu") == ["kijátszható", "játsz", "lény"]
    assert with_roots(["playabl", "kijátszható"], "en") == ["playabl", "kijátszható"]
    assert analyze("Mikor játszhatok ki", "hu") == ["játszhat", "játsz"]
    assert analyze("Mikor játszhatok ki", "hu", roots=False) == ["játszhat"]


def test_roots_add_matches_not_length():
    # an entry's BM25 length is its words, not its words and their roots
    plain = bm25_matrix([[0, 1], [2, 3]], 4)
    rooted = bm25_matrix([[0, 1, 4], [2, 3]], 5, lengths=[2, 2])
    assert plain[0].tolist() == rooted[0][:4].tolist()


def test_the_readme_question_finds_the_rule_that_answers_it(searcher):
    # the real index and model: 'játszhatok ki' and 8.5.1's 'kijátszhatók' / 'játszható ki' shared no stem,
    # and 8.5.0 (what a spell is) came first; typed without accents as well
    for question in ("Mikor játszhatok ki azonnali varázslatot?", "mikor jatszhatok ki azonnali varazslatot"):
        hits = searcher.ask(question, game="hatalom-kartyai", k=3).hits
        assert hits[0].record["id"] == "hatalom-kartyai:8.5.1", question
