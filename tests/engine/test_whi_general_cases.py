"""Warhammer: Invasion, general cases of rules (each on, off, and where it must not apply): a card whose text box is treated as blank has
none of its printed keywords (keywords are card effects of the text box); keywords granted by other
cards' effects stay (common.keyword_values). Ambush X is a cost: a player who cannot pay it cannot
ambush (combat.ambush, costs_paid_in_full). A card put into play by an effect keeps its
'<zone> only' restriction (playing.entry_blocked, put_into_play_text_restrictions). A triggered Action
sees its own card's entering play (triggered.note_conditions, trigger_on_appear_disappear)."""
from __future__ import annotations

from judge.games.warhammer_invasion.common import keyword_value
from tests.engine.test_whi_terms import make, mechanic_only, rid


def _veteran(ablate=()):
    eng = make(ablate, B={"kingdom": [("Counterstrike Veteran", "Vet")]})
    return eng, eng.obj("Vet")


def test_printed_keyword_counts_while_text_not_blank():
    eng, vet = _veteran()
    assert keyword_value(eng, vet, "counterstrike") == 2


def test_blank_text_box_loses_printed_keyword():
    eng, vet = _veteran()
    eng.run_steps([{"blank_text": "Vet"}], {"you": "A"})
    assert keyword_value(eng, vet, "counterstrike") == 0


def test_blank_text_box_keeps_granted_keyword():
    eng, vet = _veteran()
    eng.run_steps([{"blank_text": "Vet"}, {"modify": {"target": "Vet", "grant": ["savage 1"], "duration": "turn"}}],
                  {"you": "A"})
    assert keyword_value(eng, vet, "counterstrike") == 0
    assert keyword_value(eng, vet, "savage") == 1


def test_blanking_switched_off_keeps_printed_keyword():
    eng, vet = _veteran([rid("faq:unit-gains-resource-tokens-own-effect-like-grudgebearer")])
    eng.run_steps([{"blank_text": "Vet"}], {"you": "A"})
    assert keyword_value(eng, vet, "counterstrike") == 2


# -- Ambush X is a cost: it is refused when the defending player cannot pay it (costs_paid_in_full) ----

_AMBUSH = """
game: warhammer-invasion
state:
  active: A
  phase: battlefield
  A:
    battlefield: [Savage Marauders]
  B:
    kingdom: [{card: Illustrative Ambusher, development: true}]
    resources: %d
actions:
  - {player: A, attack: kingdom, with: [Savage Marauders]}
  - {player: B, ambush: Illustrative Ambusher, try: true}
"""


def _ambush(tmp_path, resources: int, ablate=()):
    from pathlib import Path

    from judge.scenarios.loader import load_fixture
    from judge.scenarios.replay import replay
    f = Path(tmp_path) / "ambush.yaml"
    f.write_text(_AMBUSH % resources)
    out = replay(load_fixture(f), set(ablate), lenient=bool(ablate))
    return out.engine


def _events(eng, kind):
    return [e for st in eng.trace for e in st.events if e["event"] == kind]


def test_ambush_paid_when_affordable(tmp_path):
    eng = _ambush(tmp_path, 1)
    assert _events(eng, "ambushed") and not _events(eng, "action_rejected")
    assert eng.state.player_data["B"]["resources"] == 0


def test_ambush_refused_when_unaffordable(tmp_path):
    eng = _ambush(tmp_path, 0)
    rejected = _events(eng, "action_rejected")
    assert rejected and rid("clarification:triggering-a-card-effect") in rejected[0]["rejected_by"]
    assert not _events(eng, "ambushed")


def test_ambush_unaffordable_with_costs_rule_off(tmp_path):
    eng = _ambush(tmp_path, 0, [rid("clarification:triggering-a-card-effect")])
    assert _events(eng, "ambushed") and eng.state.player_data["B"]["resources"] == 0


# -- '<zone> only' when a card effect puts the card into play (put_into_play_text_restrictions) ----------

_PUT = """
game: warhammer-invasion
state:
  active: A
  phase: capital
  A:
    quest: [{card: Return to Glory, counters: {resource: 3}}, {card: Savage Gor, questing: true}]
    discard: [Defender of the Hold]
actions:
  - {player: A, use: Return to Glory, x: 1, targets: [Defender of the Hold], choose: [%s]}
  - {pass: all}
"""


def _put(tmp_path, zone: str, ablate=()):
    from pathlib import Path

    from judge.scenarios.loader import load_fixture
    from judge.scenarios.replay import replay
    f = Path(tmp_path) / "put.yaml"
    f.write_text(_PUT % zone)
    return replay(load_fixture(f), set(ablate), lenient=bool(ablate)).engine


def test_zone_only_card_not_put_into_another_zone(tmp_path):
    # the zone is a checked choice (putting.zone_to_put): the kingdom is refused, the player chooses again
    eng = _put(tmp_path, "{try: kingdom}, battlefield")
    assert eng.obj("Defender of the Hold").where == "A.battlefield"
    assert [e for e in _events(eng, "choice_rejected") if e["choice"] == "kingdom"]


def test_zone_only_card_put_into_its_zone(tmp_path):
    eng = _put(tmp_path, "battlefield")
    assert eng.obj("Defender of the Hold").where == "A.battlefield"
    assert not _events(eng, "put_into_play_blocked")


def test_zone_only_ignored_when_put_into_play_restrictions_off(tmp_path):
    eng = _put(tmp_path, "kingdom", [rid("faq:cannon-crew-put-limited-card-into-play-play")])
    assert eng.obj("Defender of the Hold").where == "A.kingdom"


# -- a triggered Action sees its own card's entering play (trigger_on_appear_disappear) ------------------

_KNIGHTS = """
game: warhammer-invasion
state:
  active: A
  phase: capital
  A:
    hand: [%s]
    battlefield: [%s]
    resources: 6
  B:
    kingdom: [Dark Zealot]
actions:
  - {player: A, play: %s, zone: battlefield}
  - {pass: all}
  - {player: A, use: Black Knights of Morr, targets: [Dark Zealot], try: true}
  - {pass: all}
"""


def _knights(tmp_path, hand: str, board: str, ablate=()):
    from pathlib import Path

    from judge.scenarios.loader import load_fixture
    from judge.scenarios.replay import replay
    f = Path(tmp_path) / "knights.yaml"
    f.write_text(_KNIGHTS % (hand, board, hand))
    return replay(load_fixture(f), set(ablate), lenient=bool(ablate)).engine


def _barred(eng) -> bool:
    return "cannot defend" in (eng.obj_attr(eng.obj("Dark Zealot"), "keywords") or [])


def test_action_triggers_off_its_own_entry(tmp_path):
    eng = _knights(tmp_path, "Black Knights of Morr", "")
    assert _barred(eng) and not _events(eng, "action_rejected")


def test_own_entry_not_seen_with_rule_off(tmp_path, monkeypatch):
    eng = _knights(tmp_path, "Black Knights of Morr", "", [mechanic_only(monkeypatch, "trigger_on_appear_disappear")])
    assert not _barred(eng) and _events(eng, "action_rejected")


def test_another_units_entry_counts_with_rule_off(tmp_path, monkeypatch):
    # that paragraph of clarification:entering-play alone off (the clarification carries the chain too)
    eng = _knights(tmp_path, "Savage Marauders", "Black Knights of Morr",
                   [mechanic_only(monkeypatch, "trigger_on_appear_disappear")])
    assert _barred(eng) and not _events(eng, "action_rejected")
