"""Warhammer: Invasion's continuous forms are applied by the game's rules wherever they matter, not only
where their first card's rulings tested them (judge/engine/GUIDE.md, its table of continuous forms)."""
from __future__ import annotations

import textwrap

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay


def _run(tmp_path, text: str):
    path = tmp_path / "scenario.yaml"
    path.write_text("game: warhammer-invasion\n" + textwrap.dedent(text), encoding="utf-8")
    return replay(load_fixture(path))


PARANOIA = """
    state:
      active: A
      phase: capital
      A:
        kingdom: [Pistoliers]
        battlefield: [Rat Swarm]
        quest: [{card: Paranoia, attached_to: Rat Swarm}]
        resources: 2
    actions:
      - {player: A, use: Pistoliers, choose: [%s]}
    expect:
      - {card: Pistoliers, zone: A.%s}
"""


def test_no_moving_in_closes_the_zone_to_a_chosen_move(tmp_path):
    """'Units cannot move into attached unit's zone' (Paranoia) holds for Pistoliers' own move too: the
    battlefield is refused, another zone is taken."""
    out = _run(tmp_path, PARANOIA % ("{try: battlefield}, quest", "quest"))
    assert out.status == "passed", out.problems or out.error
    rejected = [e for e in out.engine.events if e["event"] == "choice_rejected"]
    assert rejected and "cannot move into A's battlefield" in str(rejected[0])


def test_no_moving_in_leaves_other_zones_open(tmp_path):
    """The condition false: a zone the attached unit is not in stays open."""
    out = _run(tmp_path, PARANOIA % ("quest", "quest"))
    assert out.status == "passed", out.problems or out.error
    assert not [e for e in out.engine.events if e["event"] == "choice_rejected"]


def test_also_types_makes_your_developments_units(tmp_path):
    """'Each development you control is also considered to be a unit' (Kairos Fateweaver: also_types, the
    form War Boar's 'treat quests as if they are also support cards' uses): face down or face up (Judgement
    of Loec), your developments are units; the opponent's are not (the condition false)."""
    out = _run(tmp_path, """
        state:
          active: A
          phase: capital
          A:
            kingdom: [Kairos Fateweaver, Dark Zealot]
            battlefield: [{card: Judgement of Loec, attached_to: Dark Zealot}, {card: Rat Swarm, development: true}]
          B:
            battlefield: [{card: Clanrat Clawleader, development: true}]
        actions: []
        expect:
          - {card: Dark Zealot, type: unit}
          - {card: Rat Swarm, type: unit}
          - {card: Clanrat Clawleader, type: development}
    """)
    assert out.status == "passed", out.problems or out.error


def test_lower_next_cost_by_n(tmp_path):
    """'Lower the cost of the next unit you play this turn by 1' (We'z Bigga!: lower_next_cost by, the step
    Runefang of Solland's 'to 0' uses): Squig Trackers (cost 2) costs 1; the tactic played first is not a
    unit and pays its full cost (the filter false), and the reduction is used up by the first unit."""
    out = _run(tmp_path, """
        state:
          active: A
          phase: capital
          A:
            hand: [We'z Bigga!, Nurgle's Pestilence, Squig Trackers, Rat Swarm]
            resources: 10
        actions:
          - {player: A, play: We'z Bigga!}
          - {pass: all}
          - {player: A, play: Nurgle's Pestilence}
          - {pass: all}
          - {player: A, play: Squig Trackers, zone: battlefield}
          - {pass: all}
          - {player: A, play: Rat Swarm, zone: battlefield}
          - {pass: all}
        expect:
          - {event: cost_lowered, card: Squig Trackers, by: 1, count: 1}
          - {no_event: cost_lowered, card: Nurgle's Pestilence}
          - {no_event: cost_lowered, card: Rat Swarm}
    """)
    assert out.status == "passed", out.problems or out.error
    paid = [e["amount"] for e in out.engine.events if e["event"] == "paid"]
    assert paid[:3] == [1, 2, 1], paid  # We'z Bigga! 1, Pestilence 2, Trackers 2 - 1


KAZADOR = """
    state:
      active: A
      phase: capital
      A:
        hand: [Flames of Tzeentch]
        resources: 10
      B:
        battlefield: [King Kazador, Rat Swarm]
    actions:
      - {player: A, play: Flames of Tzeentch, x: 1, targets: [%s]}
      - {pass: all}
"""


def test_target_tax_protects_what_it_applies_to_only(tmp_path):
    """'Opponents cannot target this unit ... unless they pay an additional 3 resources per effect' (King
    Kazador: the target tax form, applies_to defaulting to the card itself): targeting Kazador costs 3 more
    than targeting another unit of the same player (the condition false: no tax)."""
    def paid(target: str) -> int:
        out = _run(tmp_path, KAZADOR % target)
        assert out.status == "replayed", out.problems or out.error  # no expectations: replayed without error
        return sum(e["amount"] for e in out.engine.events if e["event"] == "paid")

    assert paid("King Kazador") - paid("Rat Swarm") == 3
