"""Star Wars TCG, activated-abilities-1: "If a unit uses an ability that is played when it would attack,
it is not considered to attack (unless the ability states that it is)". The ability field ``attacks:
true`` is that statement: such a use is an attack (the Sentry's 'when an opponent's unit attacks'
triggers, 'can't be attacked' stops it), while an ability without it (Force Zap Adept) stays no attack."""
from __future__ import annotations

import pytest

from judge.errors import BadInputError

from .test_star_wars import events, rid, run

NOT_ATTACK = rid("ruling:activated-abilities-1")

STRAFER = """
    cards:
      - name: Test Strafer
        type: character
        faction: light
        stats: {{speed: 40, power: 2, health: 4}}
        text: "Tap -> Do 2 damage to target unit. This unit is considered to attack that unit. (Play only when this unit would attack.)"
        abilities:
          - kind: action
            name: strafe
            timing: attack
            attacks: {attacks}
            cost: [{{exhaust: this}}]
            targets:
              - {{name: victim, filter: "is_unit(it) and it.controller == opponent"}}
            steps:
              - {{damage: victim, amount: 2}}
    state:
      active: light
      phase: battle
      light:
        character: [Test Strafer, Force Zap Adept]
      dark:
        character:
          - Imperial Ambush Sentry
          - Darth Vader
          - {{card: Han Enchained, attached_to: Darth Vader}}
        ground: [Battle Droid Platoon]
    actions:
{actions}"""


def _scene(actions: str, attacks: str = "true") -> str:
    return STRAFER.format(attacks=attacks, actions=actions)


def _sentry(eng) -> list[dict]:
    return [e for e in events(eng, "triggered") if e.get("source") == "Imperial Ambush Sentry"]


USE_BOTH = """      - {player: light, use: Test Strafer, ability: strafe, targets: [Battle Droid Platoon]}
      - {pass: all}
      - {player: light, use: Force Zap Adept, ability: zap, targets: [Battle Droid Platoon]}
      - {pass: all}
"""


def test_an_ability_stating_it_attacks_is_an_attack(tmp_path):
    eng = run(tmp_path, _scene(USE_BOTH))
    assert len(_sentry(eng)) == 1
    assert eng.obj("Test Strafer").damage == 1
    attacked = [e for e in eng.events if e["event"] == "attacked"]
    assert [e.get("card") for e in attacked] == ["Battle Droid Platoon"]
    # must not apply: the Zap Adept's ability states nothing of the kind -- no attack, no Sentry
    assert eng.obj("Force Zap Adept").damage == 0


def test_without_the_statement_it_is_no_attack(tmp_path):
    eng = run(tmp_path, _scene(USE_BOTH, attacks="false"))
    assert not _sentry(eng) and eng.obj("Test Strafer").damage == 0


def test_the_rule_switched_off_every_such_use_attacks(tmp_path):
    eng = run(tmp_path, _scene(USE_BOTH), ablate={NOT_ATTACK})
    assert len(_sentry(eng)) == 2
    assert eng.obj("Force Zap Adept").damage == 1


def test_a_stated_attack_cannot_reach_a_unit_that_cannot_be_attacked(tmp_path):
    actions = """      - {player: light, use: Test Strafer, ability: strafe, targets: [Darth Vader], try: true}
      - {player: light, use: Force Zap Adept, ability: zap, targets: [Darth Vader]}
      - {pass: all}
"""
    eng = run(tmp_path, _scene(actions))
    assert len(events(eng, "action_rejected")) == 1
    assert not eng.obj("Test Strafer").exhausted
    # the zap is no attack: Han Enchained does not stop it (activated-abilities-1's second bullet)
    assert eng.obj("Darth Vader").damage == 2


def test_the_field_is_true_or_false(tmp_path):
    with pytest.raises(BadInputError):
        run(tmp_path, _scene(USE_BOTH, attacks='"yes"'))
