"""Expectations that must not hold whatever happens: a zone expectation compares the zone's cards in any
order, or, with ``in_order: true``, in the zone's own order as the state lists it (a deck or pile from
the bottom card to the top one); a ``no_event`` naming a field no logged event of its kind has (a
misspelling) is reported instead of holding."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENARIO = """\
game: warhammer-invasion
state:
  active: A
  phase: capital
  A:
    deck: [Rat Swarm, Dark Zealot]
actions:
  - {player: A, effect: [{draw: 1}]}
expect:
  - {zone: A.deck, cards: %s%s}
"""


def _passed(tmp_path, cards: str, in_order: bool) -> bool:
    path = tmp_path / "deck.yaml"
    path.write_text(SCENARIO % (cards, ", in_order: true" if in_order else ""))
    out = replay(load_fixture(path))
    assert out.error is None, out.error
    return out.passed


def test_any_order_without_in_order(tmp_path):
    assert _passed(tmp_path, "[Rat Swarm]", False)  # Dark Zealot, the top card, was drawn
    assert not _passed(tmp_path, "[Dark Zealot]", False)


def test_in_order_checks_bottom_to_top(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text((SCENARIO % ("[Rat Swarm, Dark Zealot]", ", in_order: true")).replace(
        "  - {player: A, effect: [{draw: 1}]}", "  - {player: A, effect: [{draw: 0}]}"))
    out = replay(load_fixture(path))
    assert out.error is None and out.passed, out.error or out.problems
    path.write_text((SCENARIO % ("[Dark Zealot, Rat Swarm]", ", in_order: true")).replace(
        "  - {player: A, effect: [{draw: 1}]}", "  - {player: A, effect: [{draw: 0}]}"))
    out = replay(load_fixture(path))
    assert not out.passed and "from the bottom" in out.problems[0]
    # the same cards in the other order pass when the order is not asked for
    path.write_text((SCENARIO % ("[Dark Zealot, Rat Swarm]", "")).replace(
        "  - {player: A, effect: [{draw: 1}]}", "  - {player: A, effect: [{draw: 0}]}"))
    assert replay(load_fixture(path)).passed


def _no_event(tmp_path, field: str) -> list[str]:
    path = tmp_path / "no-event.yaml"
    path.write_text((SCENARIO % ("[Rat Swarm]", "")).replace(
        "  - {zone: A.deck, cards: [Rat Swarm]}", "  - {no_event: zone_change, %s: Rat Swarm}" % field))
    out = replay(load_fixture(path))
    assert out.error is None, out.error
    return out.problems


def test_no_event_with_a_field_its_events_lack_is_reported(tmp_path):
    assert _no_event(tmp_path, "card") == []  # Dark Zealot moved, Rat Swarm did not: holds
    problems = _no_event(tmp_path, "crad")  # misspelt: would hold whatever moved
    assert len(problems) == 1 and "no zone_change event has a field 'crad'" in problems[0]
    assert "card" in problems[0]  # the fields such events do have are listed


def test_event_count_zero_with_a_field_its_events_lack_is_reported(tmp_path):
    path = tmp_path / "count-zero.yaml"
    for field, ok in (("card", True), ("crad", False)):
        path.write_text((SCENARIO % ("[Rat Swarm]", "")).replace(
            "  - {zone: A.deck, cards: [Rat Swarm]}", "  - {event: zone_change, %s: Rat Swarm, count: 0}" % field))
        out = replay(load_fixture(path))
        assert out.passed is ok, out.problems
    assert "no zone_change event has a field 'crad'" in out.problems[0]


KEYWORDS = """\
game: warhammer-invasion
cards:
  - {name: Illustrative Tough Unit, type: unit, cost: 1, stats: {power: 1, hp: 2}, keywords: [Toughness 2]}
state:
  active: A
  phase: capital
  A:
    kingdom: [Illustrative Tough Unit]
actions: []
expect:
  - {card: Illustrative Tough Unit, %s}
"""


def _keyword_problems(tmp_path, expectation: str) -> list[str]:
    path = tmp_path / "keywords.yaml"
    path.write_text(KEYWORDS % expectation)
    out = replay(load_fixture(path))
    assert out.error is None, out.error
    return out.problems


def test_a_keyword_named_without_its_value_matches_any_instance(tmp_path):
    # 'lacks: Toughness' held for a card with Toughness 2 (only the exact text was compared)
    assert _keyword_problems(tmp_path, "lacks: [Toughness]")
    assert not _keyword_problems(tmp_path, "has: [Toughness]")
    # a value, when given, is compared exactly; other keywords are absent
    assert not _keyword_problems(tmp_path, "has: [Toughness 2]")
    assert not _keyword_problems(tmp_path, "lacks: [Toughness 1]")
    assert _keyword_problems(tmp_path, "has: [Toughness 1]")
    assert not _keyword_problems(tmp_path, "lacks: [Counterstrike]")


DRAWN = SCENARIO.split("expect:")[0] + "expect:\n  - %s\n"  # the same draw, another expectation


def test_an_events_zone_may_be_bare_or_of_a_player(tmp_path):
    # was: a bare 'to: hand' matched no logged zone ('A.hand'), so a no_event held whatever happened
    path = tmp_path / "drawn.yaml"
    for expectation, holds in (("{event: zone_change, card: Dark Zealot, to: hand}", True),
                               ("{event: zone_change, card: Dark Zealot, to: A.hand, from: deck}", True),
                               ("{no_event: zone_change, card: Dark Zealot, to: hand}", False),
                               ("{no_event: zone_change, card: Dark Zealot, to: B.hand}", True),
                               ("{no_event: zone_change, card: Dark Zealot, to: discard}", True)):
        path.write_text(DRAWN % expectation)
        out = replay(load_fixture(path))
        assert out.error is None and out.passed is holds, (expectation, out.problems)


FLAGGED = """\
game: vs-system
state:
  active: A
  phase: build
  A:
    visible: [Henchman, Henchman]
actions:
  - {player: A, effect: [{flag: "Henchman#1", as: untargetable}]}
expect:
  - {card: "Henchman#1", untargetable: %s}
  - {card: "Henchman#2", %s: false}
"""


def test_a_flag_the_card_never_had_reads_as_not_set(tmp_path):
    # blind round 33: `untargetable: false` on a card never flagged failed as "got None"
    path = tmp_path / "flag.yaml"
    path.write_text(FLAGGED % ("true", "untargetable"))
    out = replay(load_fixture(path))
    assert out.error is None and out.passed, out.error or out.problems
    path.write_text(FLAGGED % ("false", "untargetable"))  # the flagged one is not read as unset
    out = replay(load_fixture(path))
    assert not out.passed and "Henchman#1: expected untargetable False, got True" in out.problems[0]


def test_a_misspelt_flag_expected_false_is_refused_not_held(tmp_path):
    import pytest

    from judge.errors import BadInputError

    path = tmp_path / "flag.yaml"
    path.write_text(FLAGGED % ("true", "untargetabel"))
    with pytest.raises(BadInputError, match="untargetabel"):
        replay(load_fixture(path))
