"""keyword:activated-abilities, its last clause: "Battle cards also use the arrow symbol. This doesn't make
them activated abilities, because only units (Space, Ground, and Character) can have activated abilities"
(activated_units_only). A Battle card that stays on a unit and is printed with an arrow can't use it like a
unit (activated.can_use), nor is it offered in a chance to prevent damage (timing.chance_plays); a unit's
arrow ability can (where it must not apply); switched off, the Battle card's arrow works like a unit's."""
from __future__ import annotations

from .test_star_wars import events, rid, run

RULE = rid("keyword:activated-abilities")

USE = f"""
ruling: {RULE}
cites: [{RULE}]
question: q
answer: a
state:
  active: light
  phase: battle
  light:
    force: 3
    ground: [Rebel Trooper Squad, {{card: Stim Harness, attached_to: Rebel Trooper Squad}}]
  dark:
    ground: [Droid Tank]
actions:
  - {{player: light, use: Rebel Trooper Squad}}
  - {{pass: all}}
  - {{player: light, use: Stim Harness, try: true}}
  - {{pass: all}}
"""


def _only_this_off(monkeypatch):
    """Switch off activated_units_only alone (the entry's ablation also switches off arrow_costs)."""
    from judge.engine import engine as engine_module
    real = engine_module.Engine.on

    def on(self, key):
        return False if key == "activated_units_only" else real(self, key)
    monkeypatch.setattr(engine_module.Engine, "on", on)


def test_a_battle_cards_arrow_ability_cannot_be_used(tmp_path):
    eng = run(tmp_path, USE)
    rejected = events(eng, "action_rejected")
    assert len(rejected) == 1 and RULE in rejected[0]["rejected_by"]
    assert eng.obj_attr(eng.obj("Rebel Trooper Squad"), "power") == 3  # its own boost only: 2 + 1
    assert eng.state.player_data["light"]["force"] == 2


def test_a_units_arrow_ability_is_used(tmp_path):
    """Where it must not apply: the Ground unit's own arrow ability is used and paid (+1 power, 1 Force),
    nothing refused, when the Battle card's is not tried."""
    eng = run(tmp_path, USE.replace("  - {player: light, use: Stim Harness, try: true}\n  - {pass: all}\n", ""))
    assert not events(eng, "action_rejected")
    assert eng.obj_attr(eng.obj("Rebel Trooper Squad"), "power") == 3
    assert eng.state.player_data["light"]["force"] == 2


def test_switched_off_the_battle_card_is_used_like_a_unit(tmp_path, monkeypatch):
    _only_this_off(monkeypatch)
    eng = run(tmp_path, USE)
    assert not events(eng, "action_rejected")
    assert eng.obj_attr(eng.obj("Rebel Trooper Squad"), "power") == 4
    assert eng.state.player_data["light"]["force"] == 1  # arrow_costs still on: paid like a unit's


CHANCE = f"""
ruling: {RULE}
cites: [{RULE}]
question: q
answer: a
cards:
  - name: Test Shield Rig
    type: battle
    faction: light
    illustrative: true
    text: "Pay 1 Force -> Prevent 1 damage to the unit this is on. (Play during a chance to prevent damage.)"
    abilities:
      - kind: action
        name: shield
        cost: [{{pay_force: 1}}]
        steps:
          - {{prevent: this.attached_to, amount: 1}}
state:
  active: dark
  phase: battle
  dice: [5, 5]
  dark:
    ground: [Imperial Stun Squad]
  light:
    force: 2
    ground: [Rebel Defense Squad, {{card: Test Shield Rig, attached_to: Rebel Defense Squad}}]
actions:
  CHOICE
  - {{player: dark, attack: Imperial Stun Squad, targets: [Rebel Defense Squad]}}
"""


def test_a_battle_cards_prevention_arrow_is_not_offered_in_the_chance(tmp_path):
    eng = run(tmp_path, CHANCE.replace("CHOICE", ""))
    assert eng.obj("Rebel Defense Squad").damage == 2
    assert eng.state.player_data["light"]["force"] == 2
    assert RULE in {r for st in eng.trace for r in st.rules}


def test_switched_off_the_battle_cards_prevention_is_offered(tmp_path, monkeypatch):
    _only_this_off(monkeypatch)
    eng = run(tmp_path, CHANCE.replace("CHOICE", "- {player: light, choose: [shield Test Shield Rig]}"))
    assert eng.obj("Rebel Defense Squad").damage == 1
    assert eng.state.player_data["light"]["force"] == 1
