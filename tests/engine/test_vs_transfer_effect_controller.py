"""302.3a, read by a transfer (512.4): the new character "must be controlled by the player controlling the
effect whose modifier will attach the equipment" -- the transferring effect's controller, not the
equipment's. A's effect may move B's equipment to A's character, and may not move it to B's own other
character; switched off (302.3a ablated), no controller is checked."""
from __future__ import annotations

from .test_vs_system import make, rid


def _transfer(eng, to, you):
    return eng.run_steps([{"transfer": "Power Gauntlet", "to": to}], {"you": you})


def _b_gauntlet(ablate=()):
    return make(ablate=ablate, A_visible=["Spider-Man"], B_visible=["Henchman", "Power Gauntlet@Henchman", "Shang Chi"])


def test_a_moves_bs_equipment_to_his_own_character():
    eng = _b_gauntlet()
    assert _transfer(eng, "Spider-Man", "A")
    assert eng.obj("Power Gauntlet").attached_to == eng.obj("Spider-Man").oid


def test_a_cannot_move_bs_equipment_to_bs_other_character():
    """Must not allow: the new character is controlled by B, the effect by A."""
    eng = _b_gauntlet()
    assert not _transfer(eng, "Shang Chi", "A")
    assert eng.obj("Power Gauntlet").attached_to == eng.obj("Henchman").oid
    assert rid("302.3a") in {r for st in eng.trace for r in st.rules}


def test_b_moves_his_own_equipment_to_his_other_character():
    eng = _b_gauntlet()
    assert _transfer(eng, "Shang Chi", "B")
    assert eng.obj("Power Gauntlet").attached_to == eng.obj("Shang Chi").oid


def test_switched_off_no_controller_is_checked():
    eng = _b_gauntlet(ablate=[rid("302.3a")])
    assert _transfer(eng, "Shang Chi", "A")
    assert eng.obj("Power Gauntlet").attached_to == eng.obj("Shang Chi").oid
