"""Star Wars TCG, activated-abilities-1: an ability played when a unit would attack ("tap and zap")
is not an attack -- its target is not attacked, so its 'when this unit is attacked' ability does not
trigger; a real attack on the same unit does trigger it. Switched off, the zap counts as attacking
its target and the target's ability triggers."""
from __future__ import annotations

from functools import partial

from judge.engine.rules import rule_id

from .test_star_wars import events, run

rid = partial(rule_id, "star-wars-tcg")
NOT_ATTACK = rid("ruling:activated-abilities-1")

ZAP = """
    state:
      active: dark
      phase: battle
      light:
        ground: [Rebel Bunker Team]
      dark:
        character: [Dark Side Battlemaster]
    actions:
      - {player: dark, use: Dark Side Battlemaster, ability: zap, targets: [Rebel Bunker Team]}
      - {pass: all}
"""

ATTACK = """
    state:
      active: dark
      phase: battle
      dice: [5, 5]
      light:
        ground: [Rebel Bunker Team]
      dark:
        ground: [Battle Droid Platoon]
    actions:
      - {player: dark, attack: Battle Droid Platoon, targets: [Rebel Bunker Team]}
"""


def _bunker_triggers(eng) -> list[dict]:
    return [e for e in events(eng, "triggered") if e.get("source") == "Rebel Bunker Team"]


def test_zap_is_no_attack_target_not_attacked(tmp_path):
    eng = run(tmp_path, ZAP)
    assert not _bunker_triggers(eng)
    assert eng.obj("Rebel Bunker Team").damage == 2


def test_real_attack_triggers_is_attacked(tmp_path):
    """Must apply: an attack on the unit is an attack -- its prevention triggers and prevents 1."""
    eng = run(tmp_path, ATTACK)
    assert len(_bunker_triggers(eng)) == 1
    assert eng.obj("Rebel Bunker Team").damage == 1


def test_zap_counts_as_attacking_its_target_when_switched_off(tmp_path):
    # counted as attacking, the Battlemaster's own 'when this unit attacks' Overload asks too
    body = ZAP.replace("    actions:\n", "    actions:\n      - {player: dark, choose: [\"no\"]}\n")
    eng = run(tmp_path, body, ablate={NOT_ATTACK})
    assert len(_bunker_triggers(eng)) == 1
    assert eng.obj("Rebel Bunker Team").damage == 1


PUSH = """
    state:
      active: light
      phase: battle
      light:
        force: {force}
        character: [Force Push Adept]
      dark:
        character: [Imperial Ambush Sentry]
        ground: [Battle Droid Platoon]
    actions:
      - {{player: light, use: Force Push Adept, ability: push, targets: [Battle Droid Platoon], try: true}}
      - {{pass: all}}
"""


def _sentry(eng) -> list[dict]:
    return [e for e in events(eng, "triggered") if e.get("source") == "Imperial Ambush Sentry"]


def test_switched_off_a_refused_use_is_no_attack(tmp_path):
    # the push's cost can't be paid (no Force): the use is refused after the checks, so nothing has
    # attacked -- the Sentry's 'when an opponent's unit attacks' does not trigger
    eng = run(tmp_path, PUSH.format(force=0), ablate={NOT_ATTACK})
    assert events(eng, "action_rejected") and not _sentry(eng)
    assert eng.obj("Force Push Adept").damage == 0 and eng.obj("Battle Droid Platoon").damage == 0


def test_switched_off_a_use_made_counts_once(tmp_path):
    eng = run(tmp_path, PUSH.format(force=1), ablate={NOT_ATTACK})
    assert len(_sentry(eng)) == 1
    assert eng.obj("Force Push Adept").damage == 1 and eng.obj("Battle Droid Platoon").damage == 1


def test_on_a_use_made_is_no_attack(tmp_path):
    # must not apply with the rule on: the push is not an attack, the Sentry stays silent
    eng = run(tmp_path, PUSH.format(force=1))
    assert not _sentry(eng) and eng.obj("Force Push Adept").damage == 0
