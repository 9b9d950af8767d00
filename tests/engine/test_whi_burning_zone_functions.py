"""Warhammer: Invasion, a burning zone still functions (faq: use abilities / draw cards / get resources,
capital.zone_functions): its kingdom power gives resources, its quest power draws, its cards' Actions are
usable -- traced only when the zone burns; switched off a burning zone contributes nothing, a zone that is
not burning is untouched."""
from __future__ import annotations

from judge.engine.cards import Ability
from judge.games.warhammer_invasion import capital
from tests.engine.test_whi_terms import make, rid

FAQ = rid("faq:use-abilities-draw-cards-get-resources-relevant-zone")


def _eng(ablate=(), burning=("kingdom",)):
    eng = make(ablate, A={"kingdom": [("Dark Zealot", "Zealot")]})
    eng.state.vars["phase"] = "beginning"  # phase 0: the kingdom phase is next (the turn sequence)
    for z in burning:
        eng.obj(f"A capital {z}").flags.add("burning")
    return eng


def test_burning_zone_functions_traced():
    eng = _eng()
    assert capital.zone_functions(eng, "A", "kingdom")
    assert FAQ in eng.step.rules


def test_switched_off_burning_zone_gives_nothing():
    eng = _eng([FAQ])
    assert not capital.zone_functions(eng, "A", "kingdom")
    assert capital.why_burning_zone(eng, eng.obj("Zealot"), Ability(0, "action", {}))


def test_zone_not_burning_untouched_when_off():
    eng = _eng([FAQ], burning=())
    assert capital.zone_functions(eng, "A", "kingdom")
    assert capital.why_burning_zone(eng, eng.obj("Zealot"), Ability(0, "action", {})) is None
    eng = _eng(burning=())
    capital.zone_functions(eng, "A", "kingdom")
    assert FAQ not in eng.step.rules


def test_kingdom_income_from_burning_kingdom():
    eng = _eng()
    eng.game.actions["begin"](eng, "A", {"begin": "kingdom"})
    on = eng.state.player_data["A"]["resources"]
    eng = _eng([FAQ])
    eng.game.actions["begin"](eng, "A", {"begin": "kingdom"})
    assert on > 0 and eng.state.player_data["A"]["resources"] == 0
