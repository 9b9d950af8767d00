"""Refusals say why (issue 13 item 4): the engine names the rule that refuses an action or a
choice, and a scenario expecting a rejection may say which (`rejected_by: RULE-ID`)."""
from __future__ import annotations

import pytest

from judge.errors import BadInputError
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENARIO = """\
game: huntik
state:
  active: A
  A:
    zone1: [{card: Dante Vale, exhausted: true}]
  B:
    zone1: [Suit Grunt]
actions:
  - {player: A, use: Dante Vale, ability: Megapunch, targets: [Suit Grunt]TRY}
EXPECT"""


def _fixture(tmp_path, expect: str = "", try_: bool = True):
    path = tmp_path / "own.yaml"
    path.write_text(SCENARIO.replace("TRY", ", try: true" if try_ else "").replace("EXPECT", expect),
                    encoding="utf-8")
    return load_fixture(path)


def test_a_refused_action_names_the_refusing_rule(tmp_path):
    out = replay(_fixture(tmp_path))
    rejected = [e for e in out.engine.events if e["event"] == "action_rejected"]
    assert [e["rejected_by"] for e in rejected] == [["huntik:701.2"]]


def test_rejected_by_is_compared(tmp_path):
    ok = _fixture(tmp_path, "expect:\n  - {event: action_rejected, player: A, rejected_by: huntik:701.2}\n")
    assert replay(ok).passed
    wrong = _fixture(tmp_path, "expect:\n  - {event: action_rejected, player: A, rejected_by: huntik:704.1b}\n")
    out = replay(wrong)
    assert not out.passed and "rejected_by" in out.problems[0] and "huntik:701.2" in out.problems[0]


def test_an_illegal_action_error_says_which_rule_refused_it(tmp_path):
    out = replay(_fixture(tmp_path, try_=False))
    assert out.error and "only a ready hero" in out.error and out.error.endswith("(refused by huntik:701.2)")


def test_a_refusal_no_rule_decided_names_none(tmp_path):
    path = tmp_path / "own.yaml"
    path.write_text(SCENARIO.replace("TRY", ", try: true").replace("Megapunch", "Nosuch").replace("EXPECT", ""),
                    encoding="utf-8")
    out = replay(load_fixture(path))
    rejected = [e for e in out.engine.events if e["event"] == "action_rejected"]
    assert len(rejected) == 1 and "rejected_by" not in rejected[0]


@pytest.mark.parametrize("expect, problem", [
    ("  - {event: damage_dealt, rejected_by: huntik:701.2}\n", "belongs to an expected rejection"),
    ("  - {event: action_rejected, rejected_by: [huntik:701.2]}\n", "must be one rule id"),
    ("  - {event: action_rejected, rejected_by: vs-system:212.5e}\n", "must start with 'huntik:'"),
    ("  - {event: action_rejected, rejected_by: huntik:799.9}\n", "unknown id"),
])
def test_bad_rejected_by_names_file_and_line(tmp_path, expect, problem):
    path = tmp_path / "own.yaml"
    path.write_text(SCENARIO.replace("TRY", "").replace("EXPECT", "expect:\n" + expect), encoding="utf-8")
    from judge.scenarios.loader import graph_ids

    with pytest.raises(BadInputError) as info:
        load_fixture(path, known_ids=graph_ids())
    assert problem in str(info.value) and info.value.line == 11


def test_explain_names_the_refusing_rule(tmp_path):
    from click.testing import CliRunner

    from judge.cli import cli

    _fixture(tmp_path)
    r = CliRunner().invoke(cli, ["replay", str(tmp_path / "own.yaml"), "--explain"])
    assert r.exit_code == 0, r.output
    assert "the rules refuse A's action" in r.output and "(refused by huntik:701.2)" in r.output


LIMITED = """\
game: huntik
cards:
  - name: Once Per Round Scout
    type: minor hero
    stats: {atk: 1, def: 1}
    text: "Free Action: One per round, draw a card."
    abilities:
      - kind: action
        name: Look Ahead
        timing: free  # "Free Action" (was `speed: free`, a field no ability reads: ignored)
        limit: {count: 1, per: round}
        steps: [{draw: 1}]
state:
  active: A
  A:
    zone1: [Once Per Round Scout]
    deck: [Suit Grunt, Suit Grunt]
actions:
  - {player: A, use: Once Per Round Scout, ability: Look Ahead}
  - {player: A, use: Once Per Round Scout, ability: Look Ahead, try: true}
"""


def test_a_restriction_a_card_states_names_that_card_text(tmp_path):
    """A limit the card's own text sets ('one per round') is no numbered rule: the rejection names the card
    whose text refuses (refused_by_text), and the error of an untried action says so too."""
    path = tmp_path / "limit.yaml"
    path.write_text(LIMITED, encoding="utf-8")
    out = replay(load_fixture(path))
    rejected = [e for e in out.engine.events if e["event"] == "action_rejected"]
    assert len(rejected) == 1 and rejected[0]["refused_by_text"] == "Once Per Round Scout"
    path.write_text(LIMITED.replace(", try: true", ""), encoding="utf-8")
    out = replay(load_fixture(path))
    # 701.3 counts the limit per card (this one); the limit itself is the card's text
    assert out.error and out.error.endswith("(refused by huntik:701.3, the text of Once Per Round Scout)")


def test_a_refusal_by_the_rules_alone_names_no_card_text(tmp_path):
    out = replay(_fixture(tmp_path))  # an exhausted hero: 701.2, not a card's own restriction
    rejected = [e for e in out.engine.events if e["event"] == "action_rejected"]
    assert len(rejected) == 1 and "refused_by_text" not in rejected[0]


def _replay_text(tmp_path, text: str):
    path = tmp_path / "probe.yaml"
    path.write_text(text, encoding="utf-8")
    return replay(load_fixture(path))


def test_a_card_text_refusal_names_the_card_with_its_subtitle(tmp_path):
    """Vs. System has several Daredevils: the card whose text refuses is named in full."""
    out = _replay_text(tmp_path, """\
game: vs-system
state:
  active: A
  phase: build
  A:
    visible: ["Daredevil, Matt Murdock"]
    endurance: 20
actions:
  - {player: A, use: "Daredevil, Matt Murdock", choose: [hidden front]}
  - {pass: all}
  - {player: A, use: "Daredevil, Matt Murdock", try: true}
""")
    rejected = [e for e in out.engine.events if e["event"] == "action_rejected"]
    assert [e.get("refused_by_text") for e in rejected] == ["Daredevil, Matt Murdock"]


def test_a_target_a_rule_refuses_names_no_card_text_and_one_its_description_refuses_does():
    """The character Untouchable chose (can_target) is kept from the Power Gauntlet, whose own description
    allows it: the Gauntlet's text does not refuse it, Untouchable's effect does (the card whose effect
    made it so, target_barred_by). Deathmaster Sniktch's description ('fewer remaining hit points than
    Skaven') refuses a Hag Queen: its text does."""
    untouchable = replay(load_fixture(
        "rulings/vs-system/control/vlad-dracula-takes-untouchable-chosen-character-still-untargetable.ruling.yaml"))
    rejected = [e for e in untouchable.engine.events if e["event"] == "action_rejected"]
    assert rejected and all(e.get("refused_by_text") == "Untouchable" for e in rejected)
    sniktch = replay(load_fixture("rulings/warhammer-invasion/targeting/triggering-needs-legal-target.ruling.yaml"))
    rejected = [e for e in sniktch.engine.events if e["event"] == "action_rejected"]
    assert [e.get("refused_by_text") for e in rejected] == ["Deathmaster Sniktch"]


def test_what_clearing_the_chain_before_a_game_action_fired_does_not_refuse_it(tmp_path):
    """A strike tried while the power a strike triggered waits on the chain: the power resolves first (the
    game action moves the game on) and moves Daredevil (212.5a fires); the refused strike -- no attack in
    progress -- names no rule, not 212.5a."""
    out = _replay_text(tmp_path, """\
game: vs-system
state:
  active: A
  phase: combat
  A:
    visible: ["Dracula, Vlad Dracula"]
  B:
    visible: [Henchman]
    hidden: ["Daredevil, Guardian Devil"]
    endurance: 14
actions:
  - {player: A, attack: Henchman, with: ["Dracula, Vlad Dracula"]}
  - {player: A, strike: attack}
  - {pass: all, player: B, choose: ["yes", visible front]}
  - {player: A, strike: attack, try: true}
  - {pass: all}
""")
    rejected = [e for e in out.engine.events if e["event"] == "action_rejected"]
    assert len(rejected) == 1 and "no attack" in rejected[0]["reason"] and "rejected_by" not in rejected[0]
