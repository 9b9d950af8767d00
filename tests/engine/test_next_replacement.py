"""Core: a created replacement that replaces 'the next time' its event would happen ({create: {kind: replacement,
replaces: {event, filter, next: true}, instead: [..], duration: ..}}: "The next time target character you control
would become stunned this turn, exhaust it instead") is used up by the first event it replaces
(next_replacement_used_up), still bounded by its duration. Off, it replaces each such event within its duration."""
from __future__ import annotations

import pytest

from judge.errors import BadInputError
from tests.engine.test_mechanics import _pool_with, kinds, make

KEY = "tiny:next_replacement_used_up"


def _shield(name: str, instead: str, duration: str | None = "turn", next_: bool = True) -> str:
    """A tactic: 'The next time a unit you control would be destroyed [this turn], <instead> instead.'"""
    nxt = ", next: true" if next_ else ""
    dur = f"              duration: {duration}\n" if duration else ""
    return (f"  - name: {name}\n    type: tactic\n    abilities:\n      - kind: play\n        steps:\n"
            "          - create:\n              kind: replacement\n"
            "              replaces: {event: zone_change, filter: \"event.cause == 'destroy' and "
            f"event.obj.controller == you\"{nxt}}}\n"
            f"              instead: [{instead}]\n{dur}")


CARDS = (_shield("Ward", "{counter: it, kind: saved, amount: 1}")
         + _shield("Shelter", "{move: it, to: hand}")
         + _shield("Lasting Ward", "{counter: it, kind: saved, amount: 1}", duration=None))


@pytest.fixture
def pool2(tmp_path):
    return _pool_with(tmp_path, CARDS)


def _create(eng, card: str) -> None:
    eng.play("A", card, {})
    eng.resolve_chain()


def _destroy(eng, label: str) -> None:
    eng.run_steps([{"destroy": label}], eng.bindings_for(None, "B"))
    eng.settle()


def test_the_first_event_is_replaced_the_second_is_not(pool2):
    eng = make(pool2, A_hand=["Ward"], A_play=["Grunt", "Brute"])
    _create(eng, "Ward")
    _destroy(eng, "Grunt")
    assert eng.obj("Grunt").zone == "play" and eng.obj("Grunt").counters.get("saved") == 1
    assert [e["by"] for e in kinds(eng, "replacement_used_up")] == ["Ward"]
    assert KEY in eng.step.rules  # traced: it decided that the replacement is gone
    assert not [e for e in eng.state.effects if e.kind == "replacement"]
    _destroy(eng, "Brute")  # used up: the second destruction happens
    assert eng.obj("Brute").zone == "discard"
    assert len(kinds(eng, "replaced")) == 1


def test_it_expires_with_its_duration_when_no_event_came(pool2):
    eng = make(pool2, A_hand=["Ward"], A_play=["Grunt"])
    _create(eng, "Ward")
    eng.expire("turn")
    _destroy(eng, "Grunt")
    assert eng.obj("Grunt").zone == "discard"
    assert not kinds(eng, "replaced") and not kinds(eng, "replacement_used_up")


def test_without_a_duration_it_waits_for_its_event_across_turns(pool2):
    eng = make(pool2, A_hand=["Lasting Ward"], A_play=["Grunt", "Brute"])
    _create(eng, "Lasting Ward")
    eng.expire("turn")
    _destroy(eng, "Grunt")
    assert eng.obj("Grunt").zone == "play"
    _destroy(eng, "Brute")
    assert eng.obj("Brute").zone == "discard"


def test_two_next_replacements_on_one_event_only_the_chosen_one_is_used_up(pool2):
    eng = make(pool2, A_hand=["Ward", "Shelter"], A_play=["Grunt", "Grunt#2", "Brute"])
    _create(eng, "Ward")
    _create(eng, "Shelter")
    eng.choices.setdefault("A", []).append("Shelter")  # the affected player applies Shelter
    _destroy(eng, "Grunt")
    assert eng.obj("Grunt").zone == "hand"
    assert [e["by"] for e in kinds(eng, "replacement_used_up")] == ["Shelter"]
    ward = [e for e in eng.state.effects if e.kind == "replacement"]
    assert [e.source_label for e in ward] == ["Ward"]  # not applied: still there
    _destroy(eng, "Grunt#2")  # Ward alone now: applied without a choice, then used up
    assert eng.obj("Grunt#2").zone == "play" and eng.obj("Grunt#2").counters.get("saved") == 1
    _destroy(eng, "Brute")
    assert eng.obj("Brute").zone == "discard"


def test_in_one_batch_it_replaces_only_the_first_event(pool2):
    eng = make(pool2, A_hand=["Ward"], A_play=["Grunt", "Brute"])
    _create(eng, "Ward")
    both = [eng.obj("Grunt"), eng.obj("Brute")]  # destroyed together: one batch of two events
    eng.run_steps([{"destroy": "victims"}], eng.bindings_for(None, "B", {"victims": both}))
    eng.settle()
    assert eng.obj("Grunt").zone == "play" and eng.obj("Brute").zone == "discard"
    assert len(kinds(eng, "replaced")) == 1


def test_off_it_replaces_each_event_within_its_duration(pool2):
    eng = make(pool2, [KEY], A_hand=["Ward"], A_play=["Grunt", "Brute"])
    _create(eng, "Ward")
    _destroy(eng, "Grunt")
    _destroy(eng, "Brute")
    assert eng.obj("Grunt").zone == "play" and eng.obj("Brute").zone == "play"
    assert not kinds(eng, "replacement_used_up")
    eng.expire("turn")  # still bounded by its duration
    _destroy(eng, "Grunt")
    assert eng.obj("Grunt").zone == "discard"


def test_without_next_it_replaces_each_event_of_its_duration(tmp_path):
    pool = _pool_with(tmp_path, _shield("Ward", "{counter: it, kind: saved, amount: 1}", next_=False))
    eng = make(pool, A_hand=["Ward"], A_play=["Grunt", "Brute"])
    _create(eng, "Ward")
    _destroy(eng, "Grunt")
    _destroy(eng, "Brute")
    assert eng.obj("Grunt").zone == "play" and eng.obj("Brute").zone == "play"


def test_next_beside_replaces_is_refused_with_its_place(tmp_path):
    bad = _shield("Ward", "{counter: it, kind: saved, amount: 1}", next_=False).replace(
        "              duration: turn\n", "              duration: turn\n              next: true\n")
    with pytest.raises(BadInputError, match="a created replacement's 'next' belongs in its 'replaces'"):
        _pool_with(tmp_path, bad)


def test_next_on_a_cards_own_replacement_is_refused(tmp_path):
    own = ("  - name: Warden\n    type: unit\n    stats: {power: 0, hp: 5}\n    abilities:\n"
           "      - kind: replacement\n"
           "        replaces: {event: zone_change, filter: \"event.cause == 'destroy'\", next: true}\n"
           "        instead: [{move: it, to: hand}]\n")
    with pytest.raises(BadInputError, match="'next' in 'replaces' is for a created replacement"):
        _pool_with(tmp_path, own)


def test_an_optional_one_declined_is_not_used_up(tmp_path):
    maybe = _shield("Ward", "{counter: it, kind: saved, amount: 1}").replace(
        "              duration: turn\n", "              duration: turn\n              optional: true\n")
    pool = _pool_with(tmp_path, maybe)
    eng = make(pool, A_hand=["Ward"], A_play=["Grunt", "Brute"])
    _create(eng, "Ward")
    eng.choices.setdefault("A", []).extend(["no", "yes"])
    _destroy(eng, "Grunt")  # declined: Grunt is destroyed, Ward waits for the next one
    assert eng.obj("Grunt").zone == "discard" and not kinds(eng, "replacement_used_up")
    _destroy(eng, "Brute")  # applied this time: used up
    assert eng.obj("Brute").zone == "play" and len(kinds(eng, "replacement_used_up")) == 1
