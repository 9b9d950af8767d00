"""Star Wars TCG: a unit with two Intercept abilities (its own and one its Pilot gives it) has both
(ruling:abilities-2, mechanic keyword_values_stack), each used once in an attack (the FAQ's one
opportunity, once_per_attack): it may intercept, be intercepted from, and intercept back. Where it must
not apply: a unit with one Intercept can't take the attack back. Switched off (abilities-2), only one of
its Intercepts counts: it is not offered the second."""
from __future__ import annotations

from .test_sw_partial_pilot_and_upkeep_refusal import scenario
from .test_star_wars import events, rid, run


def attack(choices: str, force: int = 3) -> str:
    return scenario("ruling:abilities-2", f"""
    state:
      active: dark
      phase: battle
      dice: [5, 5]
      dark:
        space: [TIE Fighter]
      light:
        force: {force}
        space: [Rebel Y-wing, {{card: Rebel Escort X-wing, label: One}}, {{card: Rebel Escort Pilot, attached_to: One}},
                {{card: Rebel Escort X-wing, label: Two}}]
    actions:
      - {{player: light, choose: [{choices}]}}
      - {{player: dark, attack: TIE Fighter, targets: [Rebel Y-wing]}}
""")


def _defenders(eng):
    return [e["defender"] for e in events(eng, "defender_changed")]


def test_two_intercepts_take_the_attack_back(tmp_path):
    eng = run(tmp_path, attack("intercept One, intercept Two, intercept One (2)"))
    assert _defenders(eng) == ["One", "Two", "One"]
    assert eng.obj("One").damage == 2 and eng.player_attr("light", "force") == 0


def test_one_intercept_is_used_once(tmp_path):
    # Two has one Intercept: once One has taken the attack back, Two is not offered another (with Force
    # left, nothing more is asked: a second Intercept of Two's would need a scripted answer)
    eng = run(tmp_path, attack("intercept One, intercept Two, intercept One (2)", force=4))
    assert _defenders(eng) == ["One", "Two", "One"]
    assert eng.player_attr("light", "force") == 1


def test_rule_off_the_second_intercept_is_not_offered(tmp_path):
    # on, with 1 Force left One's second Intercept is offered (the player passes); off, it is not
    on = run(tmp_path / "on", attack("intercept One, intercept Two, pass"))
    off = run(tmp_path / "off", attack("intercept One, intercept Two"), {rid("ruling:abilities-2")})
    assert _defenders(on) == _defenders(off) == ["One", "Two"]
    assert on.obj("Two").damage == off.obj("Two").damage == 2
