"""Huntik 706.5: "Some modifiers affect a zone. All heroes ... in the affected zone are affected by the
modifier if applicable" -- Fortify Zone ('Choose a zone. This round, friendly heroes in that zone get +1
DEF', ``modify: {zone: fort_zone}``) reaches the friendly heroes in that zone as they are now: one moved
in later gets the bonus, one moved out loses it, an enemy hero there never has it, another zone is left
alone. Switched off (mechanic zone_modifier), the modifier reaches only the heroes in the zone as it was
created; 708.3d (definite_not_locked) switched off does the same to every group modifier."""
from __future__ import annotations

from tests.engine.test_huntik import effect, make, play, rid


def _dfn(eng, label):
    return eng.obj_attr(eng.obj(label), "def")


def _fortified(ablate=()):
    """Zone 1 fortified with Lok (3 DEF) in it, Sophie (5 DEF) in zone 2, B's Suit Grunt (2 DEF) in zone 1;
    then Sophie moves into zone 1 and Lok out to zone 3."""
    eng = make(ablate, round=2, A={"zone1": ["Lok Lambert"], "zone2": ["Sophie Casterwill"], "hand": ["Fortify Zone"]},
               B={"zone1": ["Suit Grunt"]})
    play(eng, "A", "Fortify Zone", choices=["zone1"])
    assert (_dfn(eng, "Lok Lambert"), _dfn(eng, "Sophie Casterwill")) == (4, 5)
    effect(eng, "A", [{"move": "Sophie Casterwill", "to": "zone1"}, {"move": "Lok Lambert", "to": "zone3"}])
    return eng


def test_zone_modifier_reaches_the_heroes_in_the_zone_now():
    eng = _fortified()
    assert (_dfn(eng, "Sophie Casterwill"), _dfn(eng, "Lok Lambert")) == (6, 3)
    assert rid("706.5") in eng.step.rules


def test_zone_modifier_leaves_enemy_heroes_alone():
    assert _dfn(_fortified(), "Suit Grunt") == 2


def test_zone_modifier_locks_its_heroes_when_706_5_off():
    eng = _fortified([rid("706.5")])
    assert (_dfn(eng, "Sophie Casterwill"), _dfn(eng, "Lok Lambert")) == (5, 4)


def test_group_modifiers_locked_too_when_708_3d_off():
    eng = _fortified([rid("708.3d")])
    assert (_dfn(eng, "Sophie Casterwill"), _dfn(eng, "Lok Lambert")) == (5, 4)


def test_a_group_modifier_not_on_a_zone_does_not_trace_706_5():
    """Avoidance ('All friendly heroes are unblockable this round') reaches a hero played later: 708.3d
    decides it, not 706.5; and 706.5 switched off leaves it re-checking its cards."""
    for ablate in ((), (rid("706.5"),)):
        eng = make(ablate, A={"zone1": ["Lok Lambert"], "hand": ["Avoidance", "Zhalia Moon"]})
        play(eng, "A", "Avoidance")
        play(eng, "A", "Zhalia Moon")
        kws = [str(k).lower() for k in eng.obj_attr(eng.obj("Zhalia Moon"), "keywords") or ()]
        assert "unblockable" in kws and rid("706.5") not in eng.step.rules
