"""Warhammer: Invasion, the attachments clarification's two requirement clauses, each deciding its own case
(attachments.requirements): a zone requirement is met only on entry (attachment_zone_on_entry; off: it
must be met at all times, the attachment is discarded when its unit is elsewhere); the other requirements
at all times (attachment_requirements_always; off: only on entry). Both are bound to the same id, so
switching the id off shows each clause's own alternative: the zone one discards, the other keeps."""
from __future__ import annotations

from judge.games.warhammer_invasion import attachments
from tests.engine.test_whi_terms import make, rid

OFF = [rid("clarification:attachments")]


def _attached(eng, attachment: str, host: str):
    eng.obj(attachment).attached_to = eng.obj(host).oid
    return eng.obj(attachment)


def _banner_elsewhere(ablate=()):
    # Illustrative Banner: "Attach to a target unit you control in your battlefield"; its unit is in the kingdom
    eng = make(ablate, A={"kingdom": [("Dark Zealot", "Zealot")], "battlefield": [("Illustrative Banner", "Banner")]})
    _attached(eng, "Banner", "Zealot")
    return eng


def test_zone_requirement_on_entry_only_banner_stays():
    eng = _banner_elsewhere()
    assert not attachments.requirements(eng)
    assert eng.obj("Banner").zone == "battlefield" and eng.obj("Banner").attached_to == eng.obj("Zealot").oid


def test_zone_clause_off_banner_discarded_even_with_other_clause_off():
    eng = _banner_elsewhere(OFF)
    assert attachments.requirements(eng)
    assert eng.obj("Banner").zone == "discard"


def test_no_zone_requirement_nothing_to_fail_with_clause_off():
    # Illustrative Curse: "Attach to a target unit" -- no zone requirement: switching the zone clause off changes nothing
    eng = make(OFF, A={"kingdom": [("Dark Zealot", "Zealot")], "battlefield": [("Illustrative Curse", "Curse")]})
    _attached(eng, "Curse", "Zealot")
    assert not attachments.requirements(eng)
    assert eng.obj("Curse").zone == "battlefield"


def test_other_requirement_unmet_kept_when_clause_off():
    eng = make(OFF, A={"battlefield": [("Dark Zealot", "Zealot"), ("Illustrative Curse", "Curse")]})
    _attached(eng, "Curse", "Zealot")
    eng.run_step({"turn_facedown": "Zealot"}, eng.bindings_for(None, "A"))
    assert not attachments.requirements(eng)
    assert eng.obj("Curse").zone == "battlefield"
