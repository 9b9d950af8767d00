"""512.4's third clause: "as part of transferring equipment ... its controller must check whether it is
legal to attach the equipment" (transfer_checks_attach). 302.3a says what is legal; this clause is what
makes a transfer ask. Switched off (512.4 ablated), a transfer attaches without the check; the check
must not refuse a legal new character, and the cross-area clause is a separate mechanic."""
from __future__ import annotations

from .test_vs_system import events, make, rid


def _transfer(eng, to, gear="Power Gauntlet"):
    return eng.run_steps([{"transfer": gear, "to": to}], {"you": "A"})


def test_transfer_to_a_stunned_character_is_refused_by_the_check():
    eng = make(A_visible=["Henchman", "Power Gauntlet@Henchman", "Shang Chi"])
    eng.obj("Shang Chi").flags.add("stunned")
    assert not _transfer(eng, "Shang Chi")
    assert eng.obj("Power Gauntlet").attached_to == eng.obj("Henchman").oid
    assert rid("512.4") in {r for st in eng.trace for r in st.rules}


def test_transfer_to_a_character_at_its_maximum_is_refused_by_the_check():
    eng = make(A_visible=["Henchman", "Power Gauntlet@Henchman", "Shang Chi", "Power Gauntlet@Shang Chi"])
    assert not _transfer(eng, "Shang Chi")
    assert eng.obj("Power Gauntlet").attached_to == eng.obj("Henchman").oid


def test_transfer_to_a_legal_character_is_not_refused():
    """Must not apply: a visible, unstunned, unequipped character its controller controls."""
    eng = make(A_visible=["Henchman", "Power Gauntlet@Henchman", "Shang Chi"])
    assert _transfer(eng, "Shang Chi")
    assert eng.obj("Power Gauntlet").attached_to == eng.obj("Shang Chi").oid
    assert rid("512.4") not in {r for st in eng.trace for r in st.rules}


def test_switched_off_the_transfer_does_not_check():
    """512.4 off: the stunned character and the one at its maximum both take the equipment."""
    eng = make(ablate=[rid("512.4")], A_visible=["Henchman", "Power Gauntlet@Henchman", "Shang Chi"])
    eng.obj("Shang Chi").flags.add("stunned")
    assert _transfer(eng, "Shang Chi")
    assert eng.obj("Power Gauntlet").attached_to == eng.obj("Shang Chi").oid
    eng2 = make(ablate=[rid("512.4")],
                A_visible=["Henchman", "Power Gauntlet@Henchman", "Shang Chi", "Power Gauntlet@Shang Chi"])
    assert _transfer(eng2, "Shang Chi")
    assert eng2.obj("Power Gauntlet").attached_to == eng2.obj("Shang Chi").oid


def test_302_3a_off_keeps_the_check_but_its_cases_allow_it():
    """Only 302.3a's cases switched off: the transfer still asks, and nothing refuses the stunned one."""
    eng = make(ablate=[rid("302.3a")], A_visible=["Henchman", "Power Gauntlet@Henchman", "Shang Chi"])
    eng.obj("Shang Chi").flags.add("stunned")
    assert _transfer(eng, "Shang Chi")
    assert not events(eng, "transfer_failed")


def test_switched_off_a_character_out_of_play_still_cannot_take_it():
    """Transferring attaches to another object in play: with the check off a KO'd card is still refused."""
    eng = make(ablate=[rid("512.4")], A_visible=["Henchman", "Power Gauntlet@Henchman"], A_kod=["Shang Chi"])
    assert not _transfer(eng, "Shang Chi")
    assert eng.obj("Power Gauntlet").attached_to == eng.obj("Henchman").oid
