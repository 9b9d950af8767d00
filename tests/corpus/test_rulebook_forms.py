"""The pieces rulebook ingestion is built from: number model, reference forms, conversion markup,
tables of contents, glossaries."""
from judge.corpus import numbering
from judge.corpus.markup import prepare
from judge.corpus.parse import parse_document
from judge.corpus.refs import find_refs


def test_numbers_in_every_style():
    assert numbering.prefixes("1-3-6-1") == ["1-3-6", "1-3", "1"]
    assert numbering.prefixes("110.2b.1") == ["110.2b", "110.2", "110"]
    assert numbering.prefixes("103.1.b.2") == ["103.1.b", "103.1", "103"]
    assert numbering.key("103.1.b") == numbering.key("103.1b")  # the same rule, spelled two ways
    assert numbering.key("701.4") < numbering.key("701.4a") < numbering.key("701.5") < numbering.key("701.10")
    assert numbering.normalise("8.4.", numbering.DASHED) == "8-4"  # a misprint in a dashed rulebook
    m = numbering.line_start(numbering.DASHED).match("2-13 Rarity")
    assert m and m.group("num") == "2-13"
    assert numbering.line_start().match("7.2.Deck").group("num") == "7.2"
    assert numbering.parent_number("8.5.1", {"8", "8.5.0"}) == "8.5.0"


def test_reference_forms():
    assert find_refs("as specified in 101.4a.") == ["bare:101.4a"]
    assert find_refs("(see 601.3d)") == ["601.3d"]
    assert find_refs("follow 601.2a-d") == ["601.2a", "601.2b", "601.2c", "601.2d"]
    assert find_refs("see rules 110.2 and 112.2") == ["110.2", "112.2"]
    assert find_refs("cost area. (See 6-5-3-1.) Next") == ["6-5-3-1"]
    assert find_refs("proceed to “6-6. End Phase”.") == ["6-6"]
    assert find_refs("See 9. Rule Processing") == ["9"]
    assert find_refs("See rule 518. Cleanups for more information.") == ["518"]
    assert find_refs("the turn is described in [2].") == ["bare:2"]  # chapter 2, if the game has one
    # measurements and versions are not references
    assert find_refs('cards measure 2.5" by 3.5" (6.3 cm x 8.8 cm)') == []
    assert find_refs("version 1.1.8 of these rules") == []


def test_conversion_markup_read_through():
    raw = ["**1-3-6.** Text \\(See 6-5-3-1.\\) and DON\\!\\!", "", "## 100. General", "",
           "![img](data:image/jpeg;base64,AAAA)", "", "1", "", "",
           "1-3-7. Even if, unless otherwise specified, 2", "", "", "more text", "", "3", ""]
    p = prepare(raw)
    assert p.lines[0] == "1-3-6. Text (See 6-5-3-1.) and DON!!"
    assert p.lines[2] == "100. General" and p.levels[2] == 2
    assert p.lines[4] == "" and (5, 5, "embedded image (base64 data)") in p.skipped
    assert p.lines[9].endswith("specified,")  # page 2's number printed at the end of its last line
    reasons = [r for _, _, r in p.skipped]
    assert reasons.count("page number (PDF page footer)") == 3


def test_html_table_rows_become_rules_and_terms():
    raw = ["<table><tr><td>103.1.b.2.</td><td>This can be Domain.", "Example: A deck.</td></tr>",
           "<tr><th>Term</th><th>Meaning</th></tr><tr><td>Exile</td><td>A zone.</td></tr></table>"]
    p = prepare(raw)
    assert [t for t in p.lines if t] == ["103.1.b.2. This can be Domain.", "Example: A deck.", "Exile\tA zone."]
    assert p.linenos[:2] == [1, 2]


def test_contents_list_never_wins_over_the_body():
    doc = "\n".join(["## Contents", "", "## 1. Concepts", "1.1. General", "1.2. Players", "",
                     "## 1. Concepts", "", "## 1.1. General", "", "1.1.1. The game is for two players.", "",
                     "## 1.2. Players", "", "1.2.1. Each player has a deck."])
    d = parse_document(doc.split("\n"), game="t", language="en", document="t/r.md")
    ids = {e.id: e for e in d.entries}
    assert ids["t:1.1"].source.lines == (9, 9) and ids["t:1.1"].parent == "t:1"
    assert ids["t:1.2.1"].parent == "t:1.2"
    assert sum(1 for s in d.skipped if s.reason == "table of contents line") >= 1


def test_glossary_with_numbered_senses_and_table_rows():
    doc = "\n".join(["1. Rules", "", "1.1. A player may draw (see “1.2. Drawing”).", "", "1.2. Drawing",
                     "", "1.2.1. Draw from the top.", "", "Glossary", "", "Bank", "",
                     "1. A zone used only for gold (see 1.1).", "", "2. The pile of gold itself.", "",
                     "| Term | Definition |", "|------|------------|", "| Draw | To take the top card (see 1.2). |"])
    d = parse_document(doc.split("\n"), game="t", language="en", document="t/r.md")
    kw = {e.title: e for e in d.entries if e.kind == "keyword"}
    assert set(kw) == {"Bank", "Draw"}
    assert "2. The pile of gold itself." in kw["Bank"].text and kw["Bank"].refs == ["1.1"]
    assert kw["Draw"].refs == ["1.2"]
    assert not any(e.number == "2" for e in d.entries)  # a sense is not rule 2
    assert [e.refs for e in d.entries if e.id == "t:1.1"] == [["1.2"]]


def test_chapter_after_an_unheaded_contents_list_is_not_glued_to_it():
    doc = "\n".join(["Rules of Tarn", "", "1.1. General", "1.2. Players", "", "1. Concepts", "",
                     "1.1. General", "", "1.1.1. The game is for two players.", "", "1.2. Players", "",
                     "1.2.1. Each player has a deck."])
    d = parse_document(doc.split("\n"), game="t", language="en", document="t/r.txt")
    ids = {e.id: e for e in d.entries}
    assert ids["t:1"].title == "Concepts"
    assert ids["t:1.2"].text == "" and ids["t:1.2"].source.lines == (12, 12) and ids["t:1.2"].parent == "t:1"
