"""Huntik 700.1: a card's powers include quoted text added to it by modifiers -- triggered and
replacement powers too, not only action and always-on ones (the core's granted_powers: given
powers are read from the card's computed ``powers`` wherever printed ones are looked for).
Where they function (the card's controller's friends), where they must not (enemy heroes, a card
that lost its powers, after the modifier ended), and 700.1 switched off."""
from __future__ import annotations

from tests.engine.test_huntik import effect, hand, make, rid

_DRAW = {"kind": "trigger", "name": "Remembrance",
         "on": {"event": "zone_change",
                "filter": "event.cause == 'ko' and event.obj.is_hero and event.obj.controller == this.controller"},
         "steps": [{"draw": 1}]}
_GUARD = {"kind": "replacement", "name": "Vow",
          "replaces": {"event": "zone_change", "filter": "event.cause == 'ko' and event.obj.is_hero and "
                       "event.obj != this and event.obj.controller == this.controller"},
          "instead": [{"exhaust": "this"}]}


def _given(power, ablate=(), **extra):
    eng = make(ablate, round=2, A={"zone1": ["Lok Lambert", "Seeker Recruit", "Suit Grunt"],
                                   "deck": ["Avoidance", "Iron Will"], **extra},
               B={"zone1": ["Zhalia Moon"], "deck": ["Shadowspeed"]})
    effect(eng, "A", [{"modify": {"target": "Lok Lambert", "duration": "round", "grant_powers": [power]}}])
    return eng


def _ko(eng, label):
    effect(eng, "A", [{"ko": label}])


def test_given_trigger_triggers_for_a_friendly_ko():
    eng = _given(_DRAW)
    _ko(eng, "Seeker Recruit")
    assert hand(eng, "A") == 1
    assert rid("700.1") in eng.step.rules


def test_given_trigger_triggers_once_for_each_simultaneous_ko():
    eng = _given(_DRAW)
    effect(eng, "A", [{"ko": {"all": "it.name in ['Seeker Recruit', 'Suit Grunt']"}}])
    assert hand(eng, "A") == 2


def test_given_trigger_not_for_an_enemy_ko():
    eng = _given(_DRAW)
    _ko(eng, "Zhalia Moon")
    assert (hand(eng, "A"), hand(eng, "B")) == (0, 0)


def test_given_trigger_follows_its_card_to_a_new_controller():
    eng = _given(_DRAW)
    effect(eng, "A", [{"gain_control": "Lok Lambert", "player": "'B'"}])
    _ko(eng, "Seeker Recruit")
    _ko(eng, "Zhalia Moon")
    assert (hand(eng, "A"), hand(eng, "B")) == (0, 1)


def test_given_trigger_silent_while_its_card_lost_its_powers():
    """700.3: a card that lost its powers has a blank text box: the given power does nothing."""
    eng = _given(_DRAW)
    effect(eng, "A", [{"lose_powers": "Lok Lambert", "duration": "turn"}])
    _ko(eng, "Seeker Recruit")
    assert hand(eng, "A") == 0


def test_given_trigger_ignored_when_700_1_off():
    eng = _given(_DRAW, [rid("700.1")])
    _ko(eng, "Seeker Recruit")
    assert hand(eng, "A") == 0


def test_given_replacement_replaces_a_friendly_ko():
    eng = _given(_GUARD)
    _ko(eng, "Seeker Recruit")
    assert eng.obj("Seeker Recruit").zone == "zone1"
    assert eng.obj("Lok Lambert").exhausted
    assert rid("700.1") in eng.step.rules


def test_given_replacement_not_for_an_enemy_ko():
    eng = _given(_GUARD)
    _ko(eng, "Zhalia Moon")
    assert eng.obj("Zhalia Moon").zone == "discard"
    assert not eng.obj("Lok Lambert").exhausted


def test_given_replacement_gone_with_its_card():
    """Lok KO'd (his own KO is not 'another' hero's): the power went with him, the Recruit is KO'd."""
    eng = _given(_GUARD)
    _ko(eng, "Lok Lambert")
    _ko(eng, "Seeker Recruit")
    assert eng.obj("Seeker Recruit").zone == "discard"


def test_given_replacement_ignored_when_700_1_off():
    eng = _given(_GUARD, [rid("700.1")])
    _ko(eng, "Seeker Recruit")
    assert eng.obj("Seeker Recruit").zone == "discard"
    assert not eng.obj("Lok Lambert").exhausted


_PIN = {"kind": "trigger", "name": "Pin",
        "on": {"event": "zone_change",
               "filter": "event.cause == 'ko' and event.obj.is_hero and event.obj.controller == this.controller"},
        "targets": [{"name": "foe", "filter": "it.is_hero and it.controller != you and it.ready"}],
        "steps": [{"exhaust": "foe"}]}


def _pinned(ablate=()):
    """Given 'Whenever a friendly hero is KO'd, exhaust target ready enemy hero' while only Zhalia is
    ready; then Zhalia is exhausted and Sophie readied before the Recruit's KO."""
    eng = make(ablate, round=2, A={"zone1": ["Lok Lambert", "Seeker Recruit"]},
               B={"zone1": ["Zhalia Moon", ("Sophie Casterwill", "Sophie Casterwill", {"exhausted": True})]})
    effect(eng, "A", [{"modify": {"target": "Lok Lambert", "duration": "round", "grant_powers": [_PIN]}}])
    effect(eng, "A", [{"exhaust": "Zhalia Moon"}, {"ready": "Sophie Casterwill"}])
    _ko(eng, "Seeker Recruit")
    return eng


def test_given_trigger_targets_chosen_as_it_triggers():
    """704.1c: a given targeted power's targets are chosen as it is used -- for a triggered one, as it
    triggers: Sophie, the ready enemy hero now."""
    eng = _pinned()
    assert eng.obj("Sophie Casterwill").exhausted
    assert rid("704.1c") in eng.step.rules


def test_given_trigger_targets_fixed_as_given_when_704_1c_off():
    eng = _pinned([rid("704.1c")])
    assert not eng.obj("Sophie Casterwill").exhausted
