"""Warhammer: Invasion (blind round 18): a card put into play 'in any of your zones' (putting.zone_to_put) is
put where its text box lets it be -- put into play does not bypass the restrictions in its text box
(clarification:put-into-play), 'Limit one Hero per zone' (clarification:limit-one-hero-per-zone): the zone is a
checked choice, a zone they keep it out of is refused and the player chooses again, as for a move. Where it must
not apply: a zone open to it is taken as chosen; with no zone open (a 'Battlefield only' Hero, a Hero in the
battlefield) it is not put into play and nothing is asked; switched off, the refused zone is taken."""
from __future__ import annotations

from tests.engine.test_whi_terms import mechanic_only, rid
from tests.engine.test_whi_zone_entry import _events, _run

PUT = rid("clarification:put-into-play")
HERO = rid("clarification:limit-one-hero-per-zone")

_SLAVES = """
cards:
  - name: Illustrative Frontline Hero
    type: unit
    cost: 2
    traits: [Hero]
    keywords: [battlefield only]
    stats: {power: 1, hp: 1}
    illustrative: true
    text: "Hero. Battlefield only. Limit one Hero per zone."
state:
  active: A
  phase: capital
  A:
    battlefield: [Illustrative Hero]
    hand: [Seeking New Slaves]
    resources: 2
  B:
    battlefield: [%(victim)s]
actions:
  - {player: A, effect: [{destroy: %(victim)s}]}
  - {player: A, play: Seeking New Slaves, targets: [%(victim)s]%(choose)s}
  - {pass: all}
"""


def _slaves(tmp_path, victim, choose, ablate=()):
    return _run(tmp_path, _SLAVES % {"victim": victim, "choose": f", choose: [{choose}]" if choose else ""},
                ablate=ablate)


def test_zone_its_text_forbids_is_refused_and_chosen_again(tmp_path):
    eng = _slaves(tmp_path, "Defender of the Hold", "{try: quest}, battlefield")
    assert eng.obj("Defender of the Hold").zone == "battlefield"
    assert eng.obj("Defender of the Hold").controller == "A"
    rejected = [e for e in _events(eng, "choice_rejected") if e["choice"] == "quest"]
    assert rejected and PUT in rejected[0]["rejected_by"]


def test_zone_with_a_hero_is_refused_for_a_hero(tmp_path):
    eng = _slaves(tmp_path, "Illustrative Second Hero", "{try: battlefield}, kingdom")
    assert eng.obj("Illustrative Second Hero").zone == "kingdom"
    assert [e for e in _events(eng, "choice_rejected") if e["choice"] == "battlefield"]


def test_open_zone_taken_as_chosen(tmp_path):
    eng = _slaves(tmp_path, "Illustrative Second Hero", "quest")
    assert eng.obj("Illustrative Second Hero").zone == "quest"
    assert not _events(eng, "choice_rejected")


def test_no_zone_open_it_stays_out_and_nothing_is_asked(tmp_path):
    eng = _slaves(tmp_path, "Illustrative Frontline Hero", "")
    assert eng.obj("Illustrative Frontline Hero").zone == "discard"
    assert [e for e in _events(eng, "put_into_play_blocked") if e["card"] == "Illustrative Frontline Hero"]


def test_rule_off_the_refused_zone_is_taken(tmp_path, monkeypatch):
    # the restrictions' mechanic alone: clarification:put-into-play also gives the player the zone choice
    # (put_into_play_zone_chosen), which switched off would put the card in the kingdom, asking nothing
    only = mechanic_only(monkeypatch, "put_into_play_text_restrictions")
    eng = _slaves(tmp_path, "Defender of the Hold", "{try: quest}, battlefield", ablate=[only])
    assert eng.obj("Defender of the Hold").zone == "quest"


def test_hero_rule_off_a_second_hero_joins_the_zone(tmp_path):
    eng = _slaves(tmp_path, "Illustrative Second Hero", "{try: battlefield}, kingdom", ablate=[HERO])
    assert eng.obj("Illustrative Second Hero").zone == "battlefield"
