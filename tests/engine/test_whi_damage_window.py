"""Warhammer: Invasion, the action window between assigning and applying combat damage
(clarification:battlefield-phase: "Damage is counted then assigned, without yet being applied. Actions may
be taken by either player. Damage is applied ...", mechanic ``actions_before_damage_applied``). Once both
sides have assigned, the damage waits until that window closes: the players all pass with nothing on the
chain, the game moves on (another fixture action of the game's), or the script ends (core hook
``action_window_closes``). Off: applied as soon as both sides have assigned."""
from __future__ import annotations

from tests.engine.test_whi_terms import rid
from tests.engine.test_whi_blind_round3 import _TRAPS
from tests.engine.test_whi_zone_entry import _events, _run
from tests.engine.test_whi_attacked_player_defends import keep_defending

_COMBAT = """
state:
  active: A
  phase: battlefield
  A:
    battlefield: [Savage Marauders, Bloodsworn]
  B:
    kingdom: [Hag Queen]
    hand: [Illustrative Bulwark]
    resources: 1
actions:
  - {player: A, attack: kingdom, with: [Savage Marauders, Bloodsworn]}
  - {player: B, defend: [Hag Queen]}
  - {player: A, assign: {Hag Queen: 4}}
  - {player: B, assign: {Bloodsworn: 2}}
%s
"""
_SHIELD = "  - {player: B, play: Illustrative Bulwark, targets: [Hag Queen]}\n  - {pass: all}"
RULE = rid("clarification:battlefield-phase")


def _step_of(eng, kind, card):
    return next(st.index for st in eng.trace for e in st.events if e["event"] == kind and e.get("card") == card)


def test_action_after_both_assigned_comes_before_the_damage(tmp_path):
    eng = _run(tmp_path, _COMBAT % _SHIELD)
    queen = eng.obj("Hag Queen")
    assert queen.where == "B.kingdom" and queen.damage == 2  # 2 of the 4 cancelled
    assert eng.obj("Bloodsworn").where == "A.discard"
    assert _step_of(eng, "damage_dealt", "Hag Queen") == 6  # applied when the players pass
    assert "actions_before_damage_applied" in eng._fired  # it decided: an Action was taken in the window


def test_damage_waits_for_the_players_to_pass(tmp_path):
    eng = _run(tmp_path, _COMBAT % "  - {pass: all}")
    assert _step_of(eng, "damage_dealt", "Hag Queen") == 5
    assert eng.obj("Hag Queen") is None or eng.obj("Hag Queen").where == "B.discard"
    assert eng.state.vars.get("combat") is None


def test_window_closes_when_the_game_moves_on(tmp_path):
    eng = _run(tmp_path, _COMBAT % "  - {end: turn}")
    assert _step_of(eng, "damage_dealt", "Hag Queen") == 5  # applied before the turn ends
    assert eng.obj("Hag Queen").where == "B.discard"


def test_window_closes_at_the_end_of_the_script(tmp_path):
    eng = _run(tmp_path, _COMBAT % "")
    assert _step_of(eng, "damage_dealt", "Hag Queen") == 4  # in the last step: nothing was left to pass on
    assert eng.obj("Hag Queen").where == "B.discard" and eng.obj("Bloodsworn").where == "A.discard"


def test_no_action_taken_rule_not_traced(tmp_path):
    # must not apply: nothing was done in the window, the rule decided nothing (the entry's other
    # mechanics -- damage applied together, the end of combat -- are traced as before)
    eng = _run(tmp_path, _COMBAT % "  - {pass: all}")
    assert "actions_before_damage_applied" not in eng._fired


def test_switched_off_damage_applied_at_once(tmp_path, monkeypatch):
    keep_defending(monkeypatch)  # the entry off: only this mechanic's effect is asked about
    eng = _run(tmp_path, _COMBAT % _SHIELD, [RULE])
    assert eng.obj("Hag Queen") is None or eng.obj("Hag Queen").where == "B.discard"
    assert _events(eng, "damage_cancelled") == []


def test_a_pass_before_a_game_action_does_not_close_the_window(tmp_path):
    # B passed before the attack: that pass does not count with A's after the assignment
    eng = _run(tmp_path, _COMBAT.replace("actions:\n", "actions:\n  - {pass: B}\n") % "  - {pass: A}\n" + _SHIELD)
    assert eng.obj("Hag Queen").where == "B.kingdom" and eng.obj("Hag Queen").damage == 2


def test_an_action_on_the_chain_comes_before_the_game_moves_on(tmp_path):
    # the game does not move on while the Bulwark waits on the chain (the turn's end is refused:
    # refuse_moving_on_with_chain); the Bulwark resolves before the damage is applied
    eng = _run(tmp_path, _COMBAT % "  - {player: B, play: Illustrative Bulwark, targets: [Hag Queen]}\n"
                                   "  - {end: turn, try: true}")
    assert any("waits on the chain" in str(e.get("reason")) for e in _events(eng, "action_rejected"))
    assert _events(eng, "damage_cancelled")


# round 3's two facedown Traps (3 resources: after the first ambush the second could still ambush)
_AMBUSH = _TRAPS % (3, '  - {player: B, ambush: "Illustrative Ambush Trap#1", choose: [Rat Swarm]}\n%s')


def test_held_ambush_text_resolves_when_the_players_pass(tmp_path):
    # another Trap could still ambush, so the first one's text waits; all passing ends the ambushing
    eng = _run(tmp_path, _AMBUSH % "  - {pass: all}")
    assert _step_of(eng, "damage_dealt", "Rat Swarm") == 3


def test_held_ambush_text_resolves_at_the_end_of_the_script(tmp_path):
    eng = _run(tmp_path, _AMBUSH % "")
    assert _step_of(eng, "damage_dealt", "Rat Swarm") == 2


def test_another_cards_ambush_trigger_is_not_held(tmp_path):
    # "resolve any game text on those cards": only the ambushing card's own text waits; a card in play
    # whose text answers any ambush resolves at once, though another Trap could still ambush
    eng = _run(tmp_path, """
cards:
  - name: Illustrative Lookout
    type: support
    cost: 1
    text: "Forced: When a card ambushes, you draw a card."
    abilities:
      - kind: trigger
        timing: forced
        on: {event: ambushed}
        steps: [{draw: 1}]
""" + (_AMBUSH % "  - {pass: B}").replace("    resources: 3\n", "    resources: 3\n    deck: [Hag Queen, Bloodsworn]\n")
        .replace("  A:\n    battlefield: [Savage Marauders, Rat Swarm]\n",
                 "  A:\n    battlefield: [Savage Marauders, Rat Swarm]\n    kingdom: [Illustrative Lookout]\n"
                 "    deck: [Squig Herd, Dark Zealot]\n"))  # (two cards: drawing the last would end the game)
    drawn = [st.index for st in eng.trace for e in st.events if e["event"] in ("drew", "draw", "cards_drawn")]
    assert drawn == [2], [(st.index, e["event"]) for st in eng.trace for e in st.events]  # at once
    assert _step_of(eng, "damage_dealt", "Rat Swarm") == 3  # the Trap's own text: at the end of the script
