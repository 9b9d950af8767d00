"""Parser tests on real excerpts of each document style."""
from judge.corpus.parse import parse_document


def parse(text, game="g", language="en", **kw):
    return parse_document(text.split("\n"), game=game, language=language, document=f"{game}/doc.txt", **kw)


def by_id(doc):
    return {e.id: e for e in doc.entries}


HUNTIK = (
    "| 700. Powers\n"
    "700.1 A card’s powers may include the game text in its text box. 700.2 Some powers function in areas "
    "other than play. 700.3 Some modifiers cause a card in play to lose its powers. As a lost always-on power "
    "(see section 703) returns, any continuous modifiers that power is generating get a new timestamp "
    "(see section 711.2).\n"
    "701. Action powers 701.1 An action power comes from an action card. 701.4 Some action cards cancel other "
    "actions. 701.4a A card that was exhausted to play an exhaust action doesn’t ready if that action is "
    "canceled. Example: You exhaust Dante Vale to play the exhaust action card Hyperstride. Your opponent plays "
    "Breakspell in response. Dante Vale doesn’t ready, because Hyperstride was canceled. Dante Vale, Private "
    "Investigator, Major Hero, Good Seeker, 5 ATK, 4 DEF Whenever I play a Hyperstride card, ready me. <p> "
    "Megapunch – Exhaust Action: KO target hero in my zone. Breakspell, Exhaust Action, Good Cancel an enemy "
    "Exhaust Action card or Free Action card. It’s now your turn.\n"
    "712. Modifier dependency 712.1A continuous modifier depends on a second modifier. | |\n"
    "Huntik ws is a Fan Website. Artwork on this website is property of their respective owners.\n"
)


def test_run_in_rules_sections_titles_and_parents():
    doc = parse(HUNTIK, "huntik", card_types=["Major Hero", "Minor Hero", "Exhaust Action", "Free Action"])
    ids = by_id(doc)
    assert doc.style == "numbered"
    for n in ["700", "700.1", "700.2", "700.3", "701", "701.1", "701.4", "701.4a", "712", "712.1"]:
        assert f"huntik:{n}" in ids, n
    assert ids["huntik:700"].kind == "section" and ids["huntik:700"].title == "Powers"
    assert ids["huntik:701"].title == "Action powers"
    assert ids["huntik:701.4a"].parent == "huntik:701.4"
    assert ids["huntik:701.4"].parent == "huntik:701"
    assert ids["huntik:712.1"].text.startswith("A continuous modifier depends")
    # references inside the text are not rules
    assert "huntik:711.2" not in ids and "huntik:703" not in ids
    assert ids["huntik:700.3"].refs == ["703", "711.2"]


def test_example_child_with_quoted_cards():
    doc = parse(HUNTIK, "huntik", card_types=["Major Hero", "Minor Hero", "Exhaust Action", "Free Action"])
    ex = by_id(doc)["huntik:701.4a:example-1"]
    assert ex.kind == "example" and ex.parent == "huntik:701.4a"
    assert ex.text.endswith("because Hyperstride was canceled.")
    quotes = {q["name"]: q for q in ex.data["card_quotes"]}
    assert quotes["Dante Vale, Private Investigator"]["stats"] == {"atk": 5, "def": 4}
    assert quotes["Dante Vale, Private Investigator"]["text"].startswith("Whenever I play a Hyperstride card")
    assert quotes["Breakspell"]["type"] == "Exhaust Action"
    assert quotes["Breakspell"]["text"].startswith("Cancel an enemy")


def test_boilerplate_after_the_rules_table_is_skipped_with_a_reason():
    doc = parse(HUNTIK, "huntik")
    assert [s.lines for s in doc.skipped] == [(5, 5)]
    assert "boilerplate" in doc.skipped[0].reason


HATALOM = """Tartalomjegyzék   |   Tárgymutató

8. Lapok típusa

8.0.0. 

A lapok középső részén szerepel a lap típusa.

8.5.0. Varázslat

. Az azonnali, általános és bűbáj típusú kártyákat együttesen varázslatoknak nevezzük.
[Kiegészítés]

8.5.1. Azonnali

. Az azonnali varázslatok bármely játékos fő-, harci-, vagy gyógyulási fázisában kijátszhatók.

8.5.1.1. Lapkijátszás ellenfél körében

Ha egy szabály vagy egy lap szövege lehetővé teszi, akkor ezen a lehetőségen az ellenfél fő fázisában történő lapkijátszást kell érteni.
[Kiegészítés]

8.10. Szabálylap, követő, céhek, őslich.

A szabálylapok, követők, céhek és őslichek különleges laptípusok. (42.)
"""


def test_hungarian_numbering_titles_supplements_and_x0_parents():
    doc = parse(HATALOM, "hatalom-kartyai", "hu")
    ids = by_id(doc)
    assert doc.style == "numbered"
    r = ids["hatalom-kartyai:8.5.1.1"]
    assert r.title == "Lapkijátszás ellenfél körében" and r.text.startswith("Ha egy szabály")
    assert r.parent == "hatalom-kartyai:8.5.1" and r.data.get("supplement") is True
    assert ids["hatalom-kartyai:8.5.1"].parent == "hatalom-kartyai:8.5.0"  # 8.5.0 heads the 8.5 group
    assert ids["hatalom-kartyai:8.5.0"].parent == "hatalom-kartyai:8"
    assert ids["hatalom-kartyai:8.5.0"].text.startswith("Az azonnali")  # leading '. ' dropped
    assert ids["hatalom-kartyai:8.5.1"].data.get("supplement") is None
    assert ids["hatalom-kartyai:8.10"].refs == ["42"]
    assert doc.skipped[0].reason == "site navigation"


WARHAMMER = """niedziela, 29 maja 2016

Warhammer Inwazja - FAQ część 3

     Niestety forum Warhammera Inwazji umarło. A nawet nie jest już dostępne w sieci.

     Frequently Asked Questions

Q: Can I attack an already burning zone?
A: Yes.

Q: How does Bloodletter (LE 31) work?
A: The Bloodletter automatically doubles the damage being assigned as it is assigned.
When there is more than one Bloodletter on the table, you calculate the net value.

Therefore, if there are two Bloodletters in play, triple all damage assigned to units.

Unit damage
Q. When a unit is the source of the damage it is dealt, does it trigger "when a unit is dealt damage" effects?
A. Yes. Taking damage merely means the unit itself is the source of the damage it is dealt.

     Official Rules Clarification

Rules Clarifications

Resolving a Card Effect (v1.7)
When a card effect is resolved, conditional requirements and targets must be checked a second time (see “Targeting” on page 11). If there is an illegal target, then the effect is cancelled.

For example: Harpies (AU 24) reads “Quest. Action: corrupt this unit to discard 1 card.” The effect will be cancelled.

Targeting
Illegal Target
If a card effect specifies targets, it checks whether the targets are legal when it is played and again when it resolves.

     FAQ 3.1 Card Clarification and Errata

This section contains the official rules clarifications and errata.

Core Set

08 Dwarf Cannon Crew
Should read: “Forced: When this unit enters play, search the top five cards of your deck. Then, shuffle your deck.”

30 The Greatswords
The Greatswords “Forced” effect does trigger when they enter play.
Corruption Cycle

79 Deathmaster Sniktch
Reversal of previous ruling, Deathmaster Sniktch doesn’t have an errata.

Restricted List
The following cards are restricted for head to head LCG tournament play.

Dwarf Cannon Crew
Dwarf Ranger


Troll Vomit

Banned List
The following cards are banned for head to head LCG tournament play.

8 Visit the Haunted City

czwartek, 19 maja 2016

Star Trek powraca do telewizji

     Nareszcie powrót serii Star Trek. Po latach nieobecności w telewizji wreszcie powróci serial Star Trek.
"""


def test_faq_pairs_clarifications_errata_lists_and_noise():
    doc = parse(WARHAMMER, "wi")
    ids = by_id(doc)
    faqs = [e for e in doc.entries if e.kind == "faq"]
    assert len(faqs) == 3
    blood = next(e for e in faqs if "Bloodletter" in e.title)
    assert "triple all damage" in blood.data["answer"]  # answer continues over the blank line
    assert blood.heading == "Frequently Asked Questions"
    dot_style = next(e for e in faqs if e.data["question"].startswith("When a unit is the source"))
    assert dot_style.heading == "Unit damage"
    clar = ids["wi:clarification:resolving-a-card-effect"]
    assert clar.data["version"] == "1.7" and clar.title == "Resolving a Card Effect"
    assert "page 11" in clar.refs and "title:Targeting" in clar.refs
    assert ids["wi:clarification:resolving-a-card-effect:example-1"].parent == clar.id
    assert ids["wi:clarification:illegal-target"].heading == "Targeting"
    err = ids["wi:errata:dwarf-cannon-crew"]
    assert err.data["card"] == "Dwarf Cannon Crew" and err.data["new_text"].startswith("Forced: When this unit")
    assert err.heading == "Core Set"
    assert ids["wi:ruling:the-greatswords"].kind == "ruling"
    sniktch = ids["wi:errata:deathmaster-sniktch"]
    assert sniktch.data["reversal"] is True and sniktch.heading == "Corruption Cycle"
    restricted = ids["wi:list:restricted-list"]
    assert restricted.data["items"] == ["Dwarf Cannon Crew", "Dwarf Ranger", "Troll Vomit"]
    assert ids["wi:list:banned-list"].data["items"] == ["Visit the Haunted City"]
    reasons = {s.reason.split(" (")[0] for s in doc.skipped}
    assert any(r.startswith("date line") for r in reasons)
    assert any("not in the document's language" in r for r in reasons)
    assert all("Star Trek" not in e.title for e in doc.entries)


STAR_WARS = """Abilities

Publié le par SWTCG

Triggered Abilities

  • A triggered ability triggers only if all its "when" and "if" conditions are true.
  • If more than one triggered ability is waiting to take effect, deal with all the Dark Side's abilities, then all the Light Side's abilities.

Accuracy
Accuracy X (Add +X to each of this unit's attack dice.)

Accuracy makes a unit more likely to hit.

Lucky

Q: Does Lucky stack? For example, Anakin Skywalker (J) gives a unit he pilots Lucky 2.

A: First of all, Lucky does stack (same as Accuracy).

Pour être informé des derniers articles, inscrivez vous :
Commenter cet article
"""


def test_bullet_rulings_keywords_and_faq_under_headings():
    doc = parse(STAR_WARS, "sw")
    ids = by_id(doc)
    bullets = [e for e in doc.entries if e.kind == "ruling"]
    assert len(bullets) == 2 and all(b.heading == "Triggered Abilities" for b in bullets)
    assert ids["sw:keyword:accuracy"].text.startswith("Accuracy X (Add +X")
    lucky = next(e for e in doc.entries if e.kind == "faq")
    assert lucky.heading == "Lucky" and lucky.data["answer"].startswith("First of all")
    assert {s.reason for s in doc.skipped} >= {"comment prompt"}


VS = """Card-Specific Questions

Dr. Strange, Stephen Strange
Character, Marvel Knights
Recruit Cost 7
15 ATK/15 DEF
Flight, Range
Loyalty. At the start of the combat phase, you may move any number of characters you control to your hidden area.


His first power allows you to move any number of characters to positions in your hidden area.

For his second power, "any number" can be zero.

Cards that have Received Errata

Stilt-Man, Wilbur Day
Character, Crime Lords
Recruit Cost 2
3 ATK/2 DEF


Old Text:
Whenever a character an opponent controls gains one or more counters, put a +1 ATK / +1 DEF counter on Stilt-Man.

New Text:
Whenever a character an opponent controls gains one or more counters, if that character is not named Stilt-Man, put a +1 ATK / +1 DEF counter on Stilt-Man.

This change prevents the game from drawing because of an infinite loop caused by both players controlling a Stilt-Man.

212.5e A card becomes an object as part of it being put into the in-play zone. (See rule 212.5a.)

Note: This means each player should leave a clearly identifiable space.
"""


def test_card_blocks_rulings_old_new_errata_and_notes():
    doc = parse(VS, "vs")
    ids = by_id(doc)
    r1, r2 = ids["vs:ruling:dr-strange-stephen-strange"], ids["vs:ruling:dr-strange-stephen-strange-2"]
    assert r1.text.startswith("His first power") and r2.text.startswith("For his second power")
    assert r1.cards == ["Dr. Strange, Stephen Strange"]
    err = ids["vs:errata:stilt-man-wilbur-day"]
    assert "not named Stilt-Man" in err.data["new_text"] and "not named" not in err.data["old_text"]
    assert err.data["reason"].startswith("This change prevents")
    assert doc.cards[0]["stats"] == {"atk": 15, "def": 15}
    assert ids["vs:212.5e"].refs == ["212.5a"]
    assert ids["vs:212.5e:note-1"].parent == "vs:212.5e"
