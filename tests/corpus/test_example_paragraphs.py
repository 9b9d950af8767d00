"""Where an example ends: at the end of its paragraph. In an unnumbered document (a paragraph per line)
the next paragraph that is not an example is the text of the entry the example belongs to again; in a
numbered document the example runs to the next numbered rule (tiny inline documents)."""
from judge.corpus.parse import parse_document


def parse(text, game="g"):
    return parse_document(text.split("\n"), game=game, language="en", document=f"{game}/doc.txt")


def by_id(doc):
    return {e.id: e for e in doc.entries}


CLARIFICATIONS = """Rules Clarifications

Developments (v1.5)
A player may only control a card as a development if they also own the card.

For example: Raiders turn an opponent's attachment facedown. It is discarded.

Another example would be a development stolen by an attachment. It is discarded too.
If a card changes from a development to another card type, that card has not entered play.
For example: Grimgor flipped up by Rip does not trigger.
Faceup developments have no text box and no hit points.

For example: Tree Kin loses its damage.

Quests (v1.7)
Effects may be triggered on quest cards even if there is no unit questing on it.
"""


def test_paragraph_after_an_example_is_the_clarifications_text():
    ids = by_id(parse(CLARIFICATIONS, "wi"))
    dev = ids["wi:clarification:developments"]
    assert dev.text.split("\n") == [
        "A player may only control a card as a development if they also own the card.",
        "If a card changes from a development to another card type, that card has not entered play.",
        "Faceup developments have no text box and no hit points.",
    ]
    assert dev.source.lines == (3, 11)  # its heading to its last paragraph, not the example after it
    ex1, ex2, ex3 = (ids[f"wi:clarification:developments:example-{n}"] for n in (1, 2, 3))
    # 'Another example ...' goes on with the example just given: the numbering stays
    assert ex1.text.split("\n") == ["Raiders turn an opponent's attachment facedown. It is discarded.",
                                    "Another example would be a development stolen by an attachment. It is discarded too."]
    assert ex1.source.lines == (6, 8)
    assert ex2.text == "Grimgor flipped up by Rip does not trigger." and ex2.source.lines == (10, 10)
    assert ex3.text == "Tree Kin loses its damage." and ex3.source.lines == (13, 13)
    assert {e.parent for e in (ex1, ex2, ex3)} == {dev.id}
    assert ids["wi:clarification:quests"].text.startswith("Effects may be triggered")
    assert "wi:clarification:developments:example-4" not in ids


def test_another_example_after_a_rule_paragraph_is_an_example_of_its_own():
    text = ("Rules Clarifications\n\nCost (v1.4)\nCost is the printed number.\n"
            "Another example would be a card played for no cost. Its cost is 0.\n"
            "A card with a cost of 0 cannot be reduced.\n")
    ids = by_id(parse(text, "wi"))
    assert ids["wi:clarification:cost:example-1"].text.startswith("Another example would be")
    assert ids["wi:clarification:cost"].text.split("\n") == ["Cost is the printed number.",
                                                             "A card with a cost of 0 cannot be reduced."]


def test_a_line_wrapped_inside_an_example_stays_in_it():
    text = ("Rules Clarifications\n\nTarget (v1.3)\nTargeting is checked twice.\n"
            "For example: Troll Vomit reads destroy all units and so a card like\n"
            "King Kazador does not interact with it.\n")
    ids = by_id(parse(text, "wi"))
    assert ids["wi:clarification:target"].text == "Targeting is checked twice."
    assert ids["wi:clarification:target:example-1"].text.endswith("King Kazador does not interact with it.")


def test_paragraph_after_an_example_under_a_question_stays_in_the_example():
    text = ("Intercept\n\nQ: Can a unit intercept twice?\n\nA: Yes, once per opportunity.\n\n"
            "Example: Units A and B have Intercept. Unit C is attacking.\n\n"
            "Unit C attacks unit A. Then unit B intercepts.\n")
    ids = by_id(parse(text, "sw"))
    faq = next(e for e in ids.values() if e.kind == "faq")
    assert faq.data["answer"] == "Yes, once per opportunity."
    assert ids[f"{faq.id}:example-1"].text.endswith("Then unit B intercepts.")


NUMBERED = """701. Action powers
701.1 An action power comes from an action card.
701.4 Some action cards cancel other actions; a canceled action card has no effect at all.
Example: You exhaust Dante Vale to play Hyperstride.
Your opponent plays Breakspell in response. Dante Vale doesn't ready.
701.5 A canceled action card goes to its owner's discard pile.
Example: Breakspell cancels Megapunch.
702. Free actions
702.1 A free action can be played at any time.
"""


def test_numbered_rules_an_example_runs_to_the_next_rule():
    ids = by_id(parse(NUMBERED, "h"))
    assert ids["h:701.4"].text == "Some action cards cancel other actions; a canceled action card has no effect at all."
    ex = ids["h:701.4:example-1"]
    assert ex.text.split("\n") == ["You exhaust Dante Vale to play Hyperstride.",
                                   "Your opponent plays Breakspell in response. Dante Vale doesn't ready."]
    assert ex.parent == "h:701.4"
    assert ids["h:701.5"].text == "A canceled action card goes to its owner's discard pile."
    assert ids["h:701.5:example-1"].text == "Breakspell cancels Megapunch."
    assert ids["h:702.1"].parent == "h:702"
