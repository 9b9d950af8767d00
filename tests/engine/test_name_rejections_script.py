"""scripts/name_rejections.py writes the refusing rule (or card) into a scenario's expectations: one
edit a line, a quoted card name where YAML needs it, and one new line per rule below an expectation that
counts refusals by different rules together."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import yaml

_SPEC = importlib.util.spec_from_file_location(
    "name_rejections", Path(__file__).resolve().parents[2] / "scripts" / "name_rejections.py")
nr = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(nr)

TEXT = "expect:\n  - {event: action_rejected, player: A, count: 2}\n  - {card: X, zone: A.hand}\n"


def test_a_rule_is_added_to_the_line():
    out = nr.add_to_line(TEXT, 2, "huntik:701.2")
    assert yaml.safe_load(out)["expect"][0] == {"event": "action_rejected", "player": "A", "count": 2,
                                                "rejected_by": "huntik:701.2"}


def test_a_card_name_with_a_comma_is_quoted():
    out = nr.add_to_line(TEXT, 2, "Lilith, Daughter of Dracula", field="refused_by_text")
    assert yaml.safe_load(out)["expect"][0]["refused_by_text"] == "Lilith, Daughter of Dracula"


def test_a_line_that_is_no_rejection_is_left_alone():
    assert nr.add_to_line(TEXT, 3, "huntik:701.2") is None


def test_refusals_by_two_rules_get_a_line_each_below_the_count():
    out = nr.add_lines_after(TEXT, 2, {"event": "action_rejected", "player": "A"},
                             [("hatalom-kartyai:8.4.1", 1), ("hatalom-kartyai:8.5.1.1", 2)])
    expect = yaml.safe_load(out)["expect"]
    assert expect[0] == {"event": "action_rejected", "player": "A", "count": 2}
    assert expect[1] == {"event": "action_rejected", "player": "A", "rejected_by": "hatalom-kartyai:8.4.1"}
    assert expect[2] == {"event": "action_rejected", "player": "A", "rejected_by": "hatalom-kartyai:8.5.1.1",
                         "count": 2}
    assert expect[3] == {"card": "X", "zone": "A.hand"}


def _covered(expect, hits):
    import networkx as nx

    G = nx.MultiDiGraph()
    G.add_node("huntik:701.2", kind="rule")
    G.add_node("huntik:701.3", kind="rule")
    G.add_node("star-wars-tcg:ruling:x", kind="ruling")
    return nr._covered(G, expect, 0, hits)


COUNT = {"event": "action_rejected", "player": "A", "count": 3}
RULE2 = {"event": "action_rejected", "player": "A", "reason": "r2", "rejected_by": ["huntik:701.2"]}
RULE3_TEXT = {"event": "action_rejected", "player": "A", "reason": "r3", "rejected_by": ["huntik:701.3"],
              "refused_by_text": "Ashtoreth, Colossus"}
TEXT_ONLY = {"event": "action_rejected", "player": "A", "reason": "cost", "refused_by_text": "Ashtoreth, Colossus"}


def test_refusals_for_different_reasons_each_named_elsewhere_are_covered():
    expect = [COUNT, {"event": "action_rejected", "player": "A", "rejected_by": "huntik:701.2"},
              {"event": "action_rejected", "player": "A", "rejected_by": "huntik:701.3"},
              {"event": "action_rejected", "player": "A", "refused_by_text": "Ashtoreth, Colossus"}]
    assert _covered(expect, [RULE2, RULE3_TEXT, TEXT_ONLY])


def test_a_refusal_a_rule_decided_is_not_covered_by_its_card_text_alone():
    expect = [COUNT, {"event": "action_rejected", "player": "A", "rejected_by": "huntik:701.2"},
              {"event": "action_rejected", "player": "A", "refused_by_text": "Ashtoreth, Colossus"}]
    assert not _covered(expect, [RULE2, RULE3_TEXT, TEXT_ONLY])


def test_a_refusal_no_other_line_names_is_not_covered():
    expect = [COUNT, {"event": "action_rejected", "player": "A", "rejected_by": "huntik:701.2"}]
    assert not _covered(expect, [RULE2, {"event": "action_rejected", "player": "A", "reason": "gone"}])


def test_a_check_steps_rejection_is_read_against_the_events_logged_by_then(tmp_path):
    # the same refusal expected in a check before the second try and in expect after it: the check's
    # line sees one refusal, expect's both
    path = tmp_path / "rulings" / "huntik" / "unit" / "s.ruling.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(
        "ruling: huntik:701.3\ncites: [huntik:701.3]\nquestion: q\nanswer: a\nstate:\n  active: A\n"
        "  round: 1\n  in_combat: true\n  A:\n    zone1: [\"Ashtoreth, Colossus\"]\n    hand: [Hyperstride, Breakspell]\n"
        "actions:\n  - {player: A, use: \"Ashtoreth, Colossus\", choose: [Hyperstride]}\n"
        "  - {player: A, use: \"Ashtoreth, Colossus\", try: true}\n"
        "  - check: [{event: action_rejected, player: A, count: 1}]\n"
        "  - {player: A, use: \"Ashtoreth, Colossus\", try: true}\n"
        "expect:\n  - {event: action_rejected, player: A, count: 2}\n", encoding="utf-8")
    rows = {line: (status, rule) for _fx, line, _exp, status, rule in nr.proposals([path])}
    assert rows[15] == ("propose", "huntik:701.3") and rows[18] == ("propose", "huntik:701.3")


def test_a_rejection_inside_a_one_line_check_step_is_left_alone():
    text = "actions:\n  - {check: [{event: action_rejected, player: A}]}\n"
    assert nr.add_to_line(text, 2, "huntik:701.3") is None

