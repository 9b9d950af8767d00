"""512.4's fourth clause: "Transferring equipment simultaneously removes equipment from the character it
was equipped to and equips it to another" (transfer_simultaneous). A transfer is one ``transferred`` event
(also an ``equipped`` one), made after the legality check: the equipment is never attached to nothing, so
no ``unequipped`` event, and a refused transfer leaves it on its character. Switched off, it is removed
first (``unequipped``), then checked and equipped."""
from __future__ import annotations

from .test_vs_system import act, events, make, rid


def _off(eng):
    """Only this clause switched off (512.4 ablated would switch off its check and cross-area clause too)."""
    eng._on_map = {**eng._on_map, "transfer_simultaneous": False}
    return eng


def _transfer(eng, to, gear="Power Gauntlet"):
    ok = eng.run_steps([{"transfer": gear, "to": to}], {"you": "A"})
    eng.settle()
    return ok


def _traced(eng) -> set:
    return {r for st in eng.trace for r in st.rules}


def test_a_transfer_is_one_event_and_never_unequipped():
    eng = make(A_visible=["Henchman", "Power Gauntlet@Henchman", "Shang Chi"])
    assert _transfer(eng, "Shang Chi")
    assert eng.obj("Power Gauntlet").attached_to == eng.obj("Shang Chi").oid
    assert [e["event"] for e in eng.events] == ["transferred"]
    assert events(eng, "transferred")[0]["from"] == "Henchman"
    assert rid("512.4") not in _traced(eng)  # nothing watches the removal: the rule made no difference


def test_a_power_on_unequipped_does_not_trigger_one_on_equipped_does():
    eng = make(A_visible=["Henchman", "Power Gauntlet@Henchman", "Shang Chi", "Junk Dealer"])
    _transfer(eng, "Shang Chi")
    assert rid("512.4") in _traced(eng)
    eng.pass_until_empty()
    assert eng.obj_attr(eng.obj("Junk Dealer"), "atk") == 3  # +1 (equipped), not +2 (unequipped)


def test_a_refused_transfer_removes_nothing():
    eng = make(A_visible=["Henchman", "Power Gauntlet@Henchman", "Shang Chi"])
    eng.obj("Shang Chi").flags.add("stunned")
    assert not _transfer(eng, "Shang Chi")
    assert eng.obj("Power Gauntlet").attached_to == eng.obj("Henchman").oid
    assert not events(eng, "unequipped")


def test_a_recruited_equipment_is_equipped_not_transferred():
    """Must not apply: recruiting attaches an equipment attached to nothing before (an ``equipped`` event);
    there is no character to remove it from, so the rule decides nothing and is not traced."""
    eng = make(A_visible=["Shang Chi", "Junk Dealer"], A_hand=["Power Gauntlet"])
    act(eng, "recruit", what="Power Gauntlet", targets=["Shang Chi"])
    eng.pass_until_empty()
    assert eng.obj("Power Gauntlet").attached_to == eng.obj("Shang Chi").oid
    assert events(eng, "attached") and not events(eng, "transferred")
    assert eng.obj_attr(eng.obj("Junk Dealer"), "atk") == 3
    assert rid("512.4") not in _traced(eng)


def test_switched_off_the_equipment_is_first_removed():
    eng = _off(make(A_visible=["Henchman", "Power Gauntlet@Henchman", "Shang Chi", "Junk Dealer"]))
    eng.lenient = True  # the two powers wait together: their order is a choice (either order: +3)
    assert _transfer(eng, "Shang Chi")
    assert [e["event"] for e in eng.events if e["event"] in ("unequipped", "attached", "transferred")] \
        == ["unequipped", "transferred"]
    assert eng.obj("Power Gauntlet").attached_to == eng.obj("Shang Chi").oid
    eng.pass_until_empty()
    assert eng.obj_attr(eng.obj("Junk Dealer"), "atk") == 5


def test_switched_off_a_refused_transfer_leaves_it_attached_to_nothing():
    eng = _off(make(A_visible=["Henchman", "Power Gauntlet@Henchman", "Shang Chi"]))
    eng.obj("Shang Chi").flags.add("stunned")
    assert not _transfer(eng, "Shang Chi")
    assert eng.obj("Power Gauntlet").attached_to is None


def test_512_4_ablated_the_power_on_unequipped_triggers():
    eng = make(ablate=[rid("512.4")], A_visible=["Henchman", "Power Gauntlet@Henchman", "Shang Chi"])
    assert _transfer(eng, "Shang Chi")
    assert events(eng, "unequipped")
