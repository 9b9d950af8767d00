"""8.4.3 (testrészáldozás): a refused body-part sacrifice names the rule whose condition is not met --
a source that does none of the things 8.4.3 lists to the galetki, the preparation phase, a galetki the
player does not control -- and names nothing once the rule is switched off."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_hatalom import make, rid


def _galetki_with_part(eng, galetki="Próba galetki 1/2", part="Próba testrész"):
    eng.obj(part).attached_to = eng.obj(galetki).oid


def _sacrifice(eng, player="A", part="Próba testrész"):
    eng.game.actions["sacrifice_part"](eng, player, {"sacrifice_part": part})


def test_source_not_affecting_the_galetki_is_refused_naming_8_4_3():
    """An earthquake sacrifices every card on the tables: the body part, not the galetki."""
    eng = make(phase="main", active="B", A={"reserve": ["Próba galetki 1/2"], "table": ["Próba testrész"]},
               B={"hand": ["Próba földindulás"], "vp": 1})
    _galetki_with_part(eng)
    eng.play("B", "Próba földindulás", {})
    with pytest.raises(ReplayError) as err:
        _sacrifice(eng)
    assert rid("8.4.3") in err.value.rules
    assert eng.obj("Próba testrész").zone == "table"


def test_source_damaging_the_galetki_is_not_refused():
    """Where 8.4.3's condition holds: a firestorm damages the galetki, so the part may be sacrificed."""
    eng = make(phase="combat", A={"reserve": ["Próba galetki 1/2"], "table": ["Próba testrész"]},
               B={"hand": ["Próba tűzeső"], "vp": 1})
    _galetki_with_part(eng)
    eng.play("B", "Próba tűzeső", {})
    _sacrifice(eng)
    assert eng.obj("Próba testrész").where == "A.discard"


def test_preparation_phase_is_refused_naming_8_4_3():
    eng = make(phase="preparation", A={"reserve": ["Próba galetki 1/2"], "table": ["Próba testrész"]},
               B={"hand": ["Próba villám"], "vp": 1})
    _galetki_with_part(eng)
    eng.state.vars["phase"] = "combat"
    eng.play("B", "Próba villám", {"targets": ["Próba galetki 1/2"]})
    eng.state.vars["phase"] = "preparation"
    with pytest.raises(ReplayError) as err:
        _sacrifice(eng)
    assert rid("8.4.3") in err.value.rules


def test_preparation_phase_with_8_4_3_off_sacrificed_protecting_nothing():
    """The phase condition is 8.4.3's own ("az előkészítő fázison kívül"): switched off, the rule keeps
    nothing from being done in that phase -- the part goes, the villám still hits the galetki."""
    eng = make((rid("8.4.3"),), phase="combat", A={"reserve": ["Próba galetki 1/2"], "table": ["Próba testrész"]},
               B={"hand": ["Próba villám"], "vp": 1})
    _galetki_with_part(eng)
    eng.play("B", "Próba villám", {"targets": ["Próba galetki 1/2"]})
    eng.state.vars["phase"] = "preparation"
    _sacrifice(eng)
    assert eng.obj("Próba testrész").where == "A.discard"
    eng.pass_priority("all")
    eng.settle()
    assert eng.obj("Próba galetki 1/2").where == "A.discard"  # 2 damage on a 1/2 galetki: not protected


def test_preparation_phase_with_the_source_already_resolved_gives_the_phase_as_the_reason():
    """A triggered source resolves at once in the preparation phase, so the chain is empty when the gazda
    tries to react: the refusal is 8.4.3's phase condition, not "there is no source"."""
    eng = make(phase="preparation", A={"reserve": ["Próba galetki 1/2"], "table": ["Próba testrész"]})
    _galetki_with_part(eng)
    with pytest.raises(ReplayError) as err:
        _sacrifice(eng)
    assert rid("8.4.3") in err.value.rules and "preparation phase" in str(err.value)
    eng.state.vars["phase"] = "main"  # outside it the same empty chain is the reason
    with pytest.raises(ReplayError) as err:
        _sacrifice(eng)
    assert "there is none" in str(err.value)


def test_galetki_of_another_player_is_refused_naming_8_4_3():
    eng = make(phase="combat", A={"reserve": ["Próba galetki 1/2"], "table": ["Próba testrész"]},
               B={"hand": ["Próba tűzeső"], "vp": 1})
    _galetki_with_part(eng)
    eng.play("B", "Próba tűzeső", {})
    with pytest.raises(ReplayError) as err:
        _sacrifice(eng, player="B")
    assert rid("8.4.3") in err.value.rules


def test_switched_off_the_rule_refuses_nothing_in_its_name():
    """With 8.4.3 off a sacrifice protects nothing and may be made against any source: the earthquake
    case is not refused; a refusal that remains (no source at all) names no rule."""
    eng = make(ablate=[rid("8.4.3")], phase="main", active="B",
               A={"reserve": ["Próba galetki 1/2"], "table": ["Próba testrész"]},
               B={"hand": ["Próba földindulás"], "vp": 1})
    _galetki_with_part(eng)
    eng.play("B", "Próba földindulás", {})
    _sacrifice(eng)
    assert eng.obj("Próba testrész").where == "A.discard"
    eng2 = make(ablate=[rid("8.4.3")], phase="combat",
                A={"reserve": ["Próba galetki 1/2"], "table": ["Próba testrész"]})
    _galetki_with_part(eng2)
    with pytest.raises(ReplayError) as err:
        _sacrifice(eng2)
    assert err.value.rules == []
