"""keyword:unique-pilots, clause 2: "If a Pilot with a stack is on a unit, the unit doesn't get any extra
bonuses from the Pilot, just the normal ones in the Pilot's text box" (stack_top_bonuses_only). The versions
under the stack of a Pilot on a unit give it nothing (pilots.powers_barred_by); the top card's text does
(where it must not apply); a stack in the Character arena pilots nothing; switched off, the versions under
the stack give the unit their Pilot bonuses too."""
from __future__ import annotations

from judge.games.star_wars_tcg.pilots import piloted

from .test_star_wars import rid, run

RULE = rid("keyword:unique-pilots")

SCENE = f"""
ruling: {RULE}
cites: [{RULE}]
question: q
answer: a
state:
  active: light
  phase: battle
  light:
    ground: [Anakin's Podracer (A)WHERE]
    STACK_ZONE
    stacked: [{{card: Anakin Skywalker (K), attached_to: Anakin Skywalker (J)}}]
actions: []
"""
ON_UNIT = SCENE.replace("WHERE", ", {card: Anakin Skywalker (J), attached_to: Anakin's Podracer (A)}") \
               .replace("    STACK_ZONE\n", "")
IN_ARENA = SCENE.replace("WHERE", "").replace("STACK_ZONE", "character: [Anakin Skywalker (J)]")


def _only_this_off(monkeypatch):
    """Switch off stack_top_bonuses_only alone (the entry's ablation also switches off restack_pilot_fit)."""
    from judge.engine import engine as engine_module
    real = engine_module.Engine.on

    def on(self, key):
        return False if key == "stack_top_bonuses_only" else real(self, key)
    monkeypatch.setattr(engine_module.Engine, "on", on)


def _podracer(eng):
    unit = eng.obj("Anakin's Podracer (A)")
    return eng.obj_attr(unit, "speed"), set(eng.obj_attr(unit, "keywords") or [])


def test_the_version_under_the_stack_gives_nothing_the_top_card_does(tmp_path):
    eng = run(tmp_path, ON_UNIT)
    speed, keywords = _podracer(eng)
    assert speed == 50  # not Anakin (K)'s +20 from under the stack
    assert "lucky 2" in keywords  # the top card's text box: Anakin (J)'s bonus
    assert piloted(eng, eng.obj("Anakin Skywalker (K)")) is eng.obj("Anakin's Podracer (A)")
    assert RULE in {r for st in eng.trace for r in st.rules}


def test_a_stack_in_the_character_arena_pilots_nothing(tmp_path):
    """Where it must not apply: no Pilot with a stack is on a unit; the rule keeps nothing from anyone."""
    eng = run(tmp_path, IN_ARENA)
    assert _podracer(eng) == (50, {"lucky 1"})
    assert piloted(eng, eng.obj("Anakin Skywalker (K)")) is None
    assert RULE not in {r for st in eng.trace for r in st.rules}


def test_switched_off_the_versions_under_the_stack_give_their_bonuses(tmp_path, monkeypatch):
    _only_this_off(monkeypatch)
    eng = run(tmp_path, ON_UNIT)
    speed, keywords = _podracer(eng)
    assert speed == 70 and "lucky 2" in keywords


def test_switched_off_a_stack_in_the_character_arena_still_pilots_nothing(tmp_path, monkeypatch):
    _only_this_off(monkeypatch)
    eng = run(tmp_path, IN_ARENA)
    assert _podracer(eng)[0] == 50
