"""Refusals say why (issue 13 item 4), second part: a restriction an effect grants names the card whose
effect created it (refused_by_text; Engine.text_granting, TextReason, hook target_barred_by), and general
checks that a rule of the corpus states name that rule -- and neither is named where it did not refuse."""
from __future__ import annotations

from judge.engine.state import TextReason
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

STAND_DOWN = """\
game: vs-system
state:
  active: A
  phase: combat
  A:
    visible: [Shang Chi, {card: Luke Cage, exhausted: EXHAUSTED}]
    hand: [Stand Down]
    deck: [Carrion]
  B:
    visible: [Henchman]
actions:
PLAY  - {player: A, attack: Henchman, with: [Luke Cage], try: true}
"""


def _events(out, kind: str) -> list[dict]:
    return [e for e in out.engine.events if e["event"] == kind]


def _probe(tmp_path, text: str):
    path = tmp_path / "probe.yaml"
    path.write_text(text, encoding="utf-8")
    return replay(load_fixture(path))


def _stand_down(tmp_path, play: bool, exhausted: bool):
    text = STAND_DOWN.replace("PLAY", "  - {player: A, play: Stand Down}\n  - {pass: all}\n" if play else "")
    return _probe(tmp_path, text.replace("EXHAUSTED", "true" if exhausted else "false"))


def test_a_restriction_an_effect_granted_names_the_card_whose_effect_it_is(tmp_path):
    """'Characters you control cannot attack this turn': the refused attack names Stand Down, which is in
    the KO'd pile by then (the modifier remembers its source)."""
    out = _stand_down(tmp_path, play=True, exhausted=False)
    assert [(e.get("refused_by_text"), e.get("rejected_by")) for e in _events(out, "action_rejected")] \
        == [("Stand Down", None)]


def test_a_refusal_no_granted_restriction_decided_names_no_card(tmp_path):
    """An exhausted character cannot attack: no card's text refuses it (with or without Stand Down played,
    the exhaustion is checked first)."""
    for play in (False, True):
        out = _stand_down(tmp_path, play=play, exhausted=True)
        rejected = _events(out, "action_rejected")
        assert len(rejected) == 1 and "refused_by_text" not in rejected[0]


def test_text_granting_names_nothing_without_the_keyword_and_records_no_rule(tmp_path):
    out = _stand_down(tmp_path, play=True, exhausted=False)
    eng = out.engine
    before = list(eng.step.rules)
    assert eng.text_granting(eng.obj("Luke Cage"), "cannot attack") == "Stand Down"
    assert eng.text_granting(eng.obj("Henchman"), "cannot attack") is None  # B's: Stand Down is A's
    assert eng.text_granting(eng.obj("Luke Cage"), "cannot defend") is None
    assert eng.step.rules == before


def test_a_declaration_restriction_names_its_card_and_a_unit_outside_the_zone_none():
    """Black Knights of Morr: 'target unit cannot defend until the end of the turn' names the Knights; a
    defender refused because it is not in the attacked zone names no card."""
    out = replay(load_fixture("rulings/warhammer-invasion/triggered/black-knights-own-entry-bars-defender.ruling.yaml"))
    assert [e.get("refused_by_text") for e in _events(out, "action_rejected")] == ["Black Knights of Morr"]
    out = replay(load_fixture(
        "rulings/warhammer-invasion/movement/wilhelm-cannot-move-opponents-hero-into-his-hero-zone.ruling.yaml"))
    zone = [e for e in _events(out, "action_rejected") if "attacked zone" in e["reason"]]
    assert zone and all("refused_by_text" not in e for e in zone)


def test_lost_actions_name_the_card_that_took_them_and_kept_ones_are_used():
    """Eataine Harbour: units in a zone with no developments lose their Actions (the refusal names the
    Harbour); a Rat Ogres in a zone with a development keeps its Action and uses it."""
    out = replay(load_fixture("rulings/warhammer-invasion/triggered/eataine-harbour-zone-with-development.ruling.yaml"))
    rejected = _events(out, "action_rejected")
    assert [e.get("refused_by_text") for e in rejected] == ["Eataine Harbour"]
    assert [e for e in _events(out, "used") if str(e.get("card", "")).startswith("Rat Ogres")]


def test_a_choice_the_cards_own_for_each_refuses_names_the_card():
    """'You may ... for each': any number other than 0 or N is refused by Gin Genie's text."""
    out = replay(load_fixture("rulings/vs-system/triggers/gin-genie-two-x-statix.ruling.yaml"))
    rejected = _events(out, "choice_rejected")
    assert rejected and all(e.get("refused_by_text") == "Gin Genie, Beckah Parker" for e in rejected)
    assert all("rejected_by" not in e for e in rejected)


def test_text_reason_is_its_reason_with_the_card():
    r = TextReason("it has lost all Actions", "Eataine Harbour")
    assert r == "it has lost all Actions" and r.text == "Eataine Harbour" and f"x: {r}" == "x: it has lost all Actions"
    assert getattr("a plain reason", "text", None) is None


# -- general checks that name the rule of the corpus that states them --

def _rejected_by(path: str, ablate: set | None = None) -> list[list[str]]:
    out = replay(load_fixture(path), ablate or set(), lenient=bool(ablate))
    return [e.get("rejected_by") or [] for e in _events(out, "action_rejected")]


def test_a_triggered_action_without_its_condition_names_trigger_conditions_unless_a_rule_kept_it_unmet():
    whi = "rulings/warhammer-invasion/"
    assert _rejected_by(whi + "combat/banna-bearer-needs-hero.ruling.yaml") == \
        [["warhammer-invasion:clarification:trigger-conditions"]]
    # Harpies: no card drawn, so 'draws cards' did not happen -- the quest-phase rule decided, and is named
    named = _rejected_by(whi + "triggered/blind4-harpies-no-cards-drawn-no-trigger.ruling.yaml")
    assert named and all("warhammer-invasion:clarification:trigger-conditions" not in r for r in named)


def test_switched_off_a_triggered_action_is_not_refused_for_its_condition():
    """Off, Banna Bearer's Action gets past its trigger condition (here to its cost, which refuses it)."""
    path = "rulings/warhammer-invasion/combat/banna-bearer-needs-hero.ruling.yaml"
    out = replay(load_fixture(path), {"warhammer-invasion:clarification:trigger-conditions"}, lenient=True)
    reasons = [e["reason"] for e in _events(out, "action_rejected")]
    assert reasons and not any("trigger condition" in r for r in reasons)


def test_assigning_more_combat_damage_than_counted_names_battlefield_phase_unless_a_counting_rule_decided():
    whi = "rulings/warhammer-invasion/"
    assert _rejected_by(whi + "combat/blind-greyseer-moved-mid-attack-still-attacking.ruling.yaml") == \
        [["warhammer-invasion:clarification:battlefield-phase"]]
    named = _rejected_by(whi + "legends/legend-attacked-through-battlefield-deals-two-tribute-counts-weakest.ruling.yaml")
    assert named and all("warhammer-invasion:clarification:battlefield-phase" not in r for r in named)


def test_an_attack_in_a_skipped_phase_names_the_word_skip_and_switched_off_is_made():
    path = "rulings/warhammer-invasion/turn/skip-battlefield-phase.ruling.yaml"
    assert _rejected_by(path) == [["warhammer-invasion:clarification:the-word-skip"]]
    assert _rejected_by(path, {"warhammer-invasion:clarification:the-word-skip"}) == []


def test_ambush_from_outside_the_defending_zone_names_ambush_x():
    path = "rulings/warhammer-invasion/combat/ambush-only-in-defending-zone-repeater-counts-rest.ruling.yaml"
    named = _rejected_by(path)
    assert len(named) == 1 and "warhammer-invasion:keyword:ambush-x" in named[0]
