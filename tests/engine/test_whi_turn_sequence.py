"""Warhammer: Invasion, the turn sequence (errata:core-rulebook-page-14, the Updated Turn Sequence Diagram):
phases 0-5 come in order, so a phase the turn has reached or passed is not begun again (mechanic
``phases_in_turn_order``, turn.refuse_passed_phase) -- a second battlefield phase only when an effect granted
an additional one; after an attack declared with no attackers the players have skipped to the End of Turn
(clarification:battlefield-phase, ``no_attackers_skip_to_end``): no phase of that turn is begun again, and the
battlefield phase's end (event ``phase_ends``) happens at that moment. Whether an attack may be declared at
all (the phase, one attack a phase) is checked before an attack with no attackers skips anything. During an
additional battlefield phase, from the moment it begins, ``phase_number`` is that phase's number."""
from __future__ import annotations

from judge.games.warhammer_invasion import turn
from tests.engine.test_whi_blind_round8 import _ids
from tests.engine.test_whi_terms import rid
from tests.engine.test_whi_zone_entry import _events, _run

BF = rid("clarification:battlefield-phase")
SEQ = rid("errata:core-rulebook-page-14")


def _scenario(phase: str, actions: str, hand: str = "[]") -> str:
    return (f"state:\n  active: A\n  phase: {phase}\n  A:\n    battlefield: [Savage Marauders, Rat Swarm]\n"
            f"    hand: {hand}\n    resources: 1\nactions:\n{actions}")


def _rejections(eng):
    return [e for e in _events(eng, "action_rejected")]


# -- an attack with no attackers: the checks of a declaration come first -------------------------------

def test_no_attackers_in_the_quest_phase_without_a_permission_is_refused(tmp_path):
    eng = _run(tmp_path, _scenario("quest", "  - {player: A, attack: kingdom, with: [], try: true}\n"))
    rej = _rejections(eng)
    assert len(rej) == 1 and BF in rej[0]["rejected_by"]
    assert eng.state.vars["phase"] == "quest"  # nothing skipped: the turn goes on
    assert not _events(eng, "phase_ends")


def test_no_attackers_during_the_phases_combat_is_refused_and_the_combat_goes_on(tmp_path):
    eng = _run(tmp_path, _scenario("battlefield", "  - {player: A, attack: kingdom, with: [Savage Marauders]}\n"
                                   "  - {player: A, attack: quest, with: [], try: true}\n"
                                   "  - {player: B, defend: []}\n  - {player: A, assign: {capital: 2}}\n"))
    rej = _rejections(eng)
    assert len(rej) == 1 and "one_attack_per_phase" in eng._fired
    assert eng.obj("B capital kingdom").damage == 2


def test_no_attackers_in_the_battlefield_phase_skips_to_the_end_and_ends_the_phase(tmp_path):
    eng = _run(tmp_path, _scenario("battlefield", "  - {player: A, attack: kingdom, with: []}\n"))
    assert eng.state.vars["phase"] == "end"
    assert [e["phase"] for e in _events(eng, "phase_ends")] == ["battlefield"]


def test_after_the_skip_ending_the_turn_ends_no_phase_again(tmp_path):
    eng = _run(tmp_path, _scenario("battlefield", "  - {player: A, attack: kingdom, with: []}\n"
                                   "  - {player: A, end: turn}\n"))
    assert [e["phase"] for e in _events(eng, "phase_ends")] == ["battlefield"]
    assert _events(eng, "turn_ends")


def test_after_the_skip_no_phase_of_that_turn_is_begun(tmp_path):
    for phase in ("capital", "battlefield", "quest"):
        eng = _run(tmp_path, _scenario("battlefield", "  - {player: A, attack: kingdom, with: []}\n"
                                       f"  - {{player: A, begin: {phase}, try: true}}\n"))
        rej = _rejections(eng)
        assert len(rej) == 1 and BF in rej[0]["rejected_by"], phase
        assert eng.state.vars["phase"] == "end"


def test_after_the_skip_the_next_turn_begins(tmp_path):
    # must not apply: the next turn (phase 0) and its phases
    eng = _run(tmp_path, _scenario("battlefield", "  - {player: A, attack: kingdom, with: []}\n"
                                   "  - {player: A, end: turn}\n  - {player: B, begin: turn}\n"
                                   "  - {player: B, begin: kingdom}\n  - {player: B, begin: capital}\n"))
    assert not _rejections(eng)
    assert eng.state.vars["phase"] == "capital"


# -- phases in turn order ---------------------------------------------------------------------------------

def test_a_passed_phase_is_refused_naming_the_turn_sequence(tmp_path):
    for now, earlier in (("capital", "quest"), ("battlefield", "capital"), ("quest", "kingdom"), ("quest", "quest")):
        eng = _run(tmp_path, _scenario(now, f"  - {{player: A, begin: {earlier}, try: true}}\n"))
        rej = _rejections(eng)
        assert len(rej) == 1 and SEQ in rej[0]["rejected_by"], (now, earlier)
        assert eng.state.vars["phase"] == now


def test_switched_off_a_passed_phase_begins(tmp_path):
    eng = _run(tmp_path, _scenario("capital", "  - {player: A, begin: quest}\n"), ablate=_ids("phases_in_turn_order"))
    assert not _rejections(eng) and eng.state.vars["phase"] == "quest"


def test_later_phases_begin_in_order_or_skipping_ahead(tmp_path):
    # must not apply: a later phase (the next one, or one further on)
    eng = _run(tmp_path, _scenario("kingdom", "  - {player: A, begin: quest}\n  - {player: A, begin: battlefield}\n"))
    assert not _rejections(eng) and "phases_in_turn_order" not in eng._fired


def test_second_battlefield_phase_without_a_grant_names_the_turn_sequence(tmp_path):
    eng = _run(tmp_path, _scenario("battlefield", "  - {player: A, begin: battlefield, try: true}\n"))
    rej = _rejections(eng)
    assert len(rej) == 1 and SEQ in rej[0]["rejected_by"]


def test_switched_off_a_second_battlefield_phase_without_a_grant(tmp_path):
    eng = _run(tmp_path, _scenario("battlefield", "  - {player: A, begin: battlefield}\n"),
               ablate=_ids("phases_in_turn_order"))
    assert not _rejections(eng) and turn.phase_number(eng, "battlefield") == 2


def test_granted_additional_battlefield_phase_begins(tmp_path):
    # must not apply: Bash 'Em! granted it
    eng = _run(tmp_path, _scenario("battlefield", "  - {player: A, play: Bash 'Em!}\n  - {pass: all}\n"
                                   "  - {player: A, begin: battlefield}\n", hand="[Bash 'Em!]"))
    assert not _rejections(eng) and turn.phase_number(eng, "battlefield") == 2


# -- the additional battlefield phase's number from the moment it begins ----------------------------------

def test_additional_phase_number_as_it_begins_and_the_first_ends_as_the_first(tmp_path, monkeypatch):
    seen = []
    steps, ends = turn._phase_steps, turn.phase_ends

    def record_steps(eng, phase):
        seen.append(("begins", phase, turn.phase_number(eng, phase)))
        steps(eng, phase)

    def record_ends(eng):
        phase = eng.state.vars.get("phase")
        seen.append(("ends", phase, turn.phase_number(eng, phase)))
        ends(eng)

    monkeypatch.setattr(turn, "_phase_steps", record_steps)
    monkeypatch.setattr(turn, "phase_ends", record_ends)
    _run(tmp_path, _scenario("capital", "  - {player: A, begin: battlefield}\n  - {player: A, play: Bash 'Em!}\n"
                             "  - {pass: all}\n  - {player: A, begin: battlefield}\n", hand="[Bash 'Em!]"))
    assert ("begins", "battlefield", 1) in seen
    assert ("ends", "battlefield", 1) in seen
    assert seen[-1] == ("begins", "battlefield", 2)


def test_an_end_of_battlefield_phase_effect_resolves_at_the_no_attackers_skip(tmp_path):
    # Illustrative Siege Engine: 'at the end of your battlefield phase' deals 1 damage to Hag Queen
    from tests.engine.test_whi_blind_round8 import _ENGINE
    eng = _run(tmp_path, _ENGINE % ("A", "battlefield", "  - {player: A, attack: kingdom, with: []}\n"))
    assert eng.obj("Hag Queen").damage == 1 and eng.state.vars["phase"] == "end"
    eng = _run(tmp_path, _ENGINE % ("A", "battlefield", "  - {player: A, attack: kingdom, with: []}\n"
                                    "  - {player: A, end: turn}\n"))
    assert eng.obj("Hag Queen").damage == 1  # once: ending the turn ends no phase again
