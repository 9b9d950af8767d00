"""Vs. System card data: Daredevil, Matt Murdock "can attack as though he had flight this turn" -- he
does not have flight, so a power asking whether a character has flight (Shang Chi's) finds none."""
from __future__ import annotations

from .test_vs_system import act, make

DD = "Daredevil, Matt Murdock"


def use_daredevil(eng):
    eng.choices["A"] = ["hidden front"]
    eng.use("A", DD, {})
    eng.resolve_chain()
    eng.settle()


def test_daredevils_power_does_not_give_him_flight():
    eng = make(A_visible=[DD])
    use_daredevil(eng)
    keywords = eng.obj_attr(eng.obj(DD), "keywords")
    assert "can attack as though it had flight" in keywords and "flight" not in keywords
    assert eng.obj_attr(eng.obj(DD), "atk") == 11 and eng.obj(DD).zone == "hidden"


def test_shang_chi_defending_against_him_gets_the_bonus():
    eng = make(A_visible=[DD], B_visible=["Shang Chi"])
    eng.state.vars["phase"] = "combat"
    use_daredevil(eng)
    act(eng, "attack", what="Shang Chi", **{"with": [DD]})
    assert (eng.obj_attr(eng.obj("Shang Chi"), "atk"), eng.obj_attr(eng.obj("Shang Chi"), "def")) == (4, 3)


def test_shang_chi_defending_against_a_character_with_flight_gets_no_bonus():
    eng = make(A_visible=["Owl"], B_visible=["Shang Chi"])
    eng.state.vars["phase"] = "combat"
    act(eng, "attack", what="Shang Chi", **{"with": ["Owl"]})
    assert (eng.obj_attr(eng.obj("Shang Chi"), "atk"), eng.obj_attr(eng.obj("Shang Chi"), "def")) == (2, 1)
