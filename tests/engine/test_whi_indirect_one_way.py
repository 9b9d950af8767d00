"""Warhammer: Invasion, indirect damage the rules leave one way to assign (damage._only_assignment): "Indirect
Damage cannot be assigned to a burning zone" (burning_zone_no_assign), nor more to a unit than destroys it
(indirect_cap) or to a section than burns it (indirect_section_cap). With one place left that can take it
all, or places whose limits add up to exactly the amount, the damaged player is not asked (a scripted try
at another assignment is still refused by the rule); with two ways or more he is."""
from __future__ import annotations

import textwrap

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENARIO = """
    state:
      active: A
      phase: capital
      A:
        legend: [Wurrzag]
        battlefield: [Reaper Bolt Thrower]
        resources: 2
        counters: {burn_all_three: 1}
      B:
        battlefield: [%s]
        capital: {%s}
    actions:
      - {player: B, choose: %s}
      - {player: A, use: Reaper Bolt Thrower}
      - {pass: all}
    expect:
%s
"""

BURNING_ZONE = "warhammer-invasion:faq:use-abilities-draw-cards-get-resources-relevant-zone"
INDIRECT = "warhammer-invasion:clarification:indirect-damage"


def _run(tmp_path, units: str, capital: str, choose: str, expect: list[str], ablate=frozenset(), lenient=False):
    text = SCENARIO % (units, capital, choose, "\n".join("      - " + e for e in expect))
    path = tmp_path / "scenario.yaml"
    path.write_text("game: warhammer-invasion\n" + textwrap.dedent(text), encoding="utf-8")
    return replay(load_fixture(path), set(ablate), lenient=lenient)


def test_one_section_left_not_asked(tmp_path):
    out = _run(tmp_path, "", "kingdom: burning, quest: burning", "[]", ["{card: B capital battlefield, damage: 2}"])
    assert out.status == "passed", out.problems or out.error


def test_one_section_left_scripted_try_refused_then_only_way_taken(tmp_path):
    """A script that tries a burning section anyway is refused by the burning-zone rule; the only assignment
    scripted after it is taken (not left over)."""
    out = _run(tmp_path, "", "kingdom: burning, quest: burning",
               "[{try: {B capital kingdom: 2}}, {B capital battlefield: 2}]",
               ["{card: B capital battlefield, damage: 2}",
                "{event: choice_rejected, player: B, rejected_by: %s}" % BURNING_ZONE])
    assert out.status == "passed", out.problems or out.error


def test_limits_adding_up_to_the_amount_not_asked(tmp_path):
    """Rat Swarm (1 hit point) and a battlefield section 1 short of burning: 1 each is the only way."""
    out = _run(tmp_path, "Rat Swarm", "kingdom: burning, quest: burning, battlefield: 7", "[]",
               ["{card: Rat Swarm, zone: B.discard}", "{card: B capital battlefield, damage: 8}"])
    assert out.status == "passed", out.problems or out.error


def test_two_ways_still_asked(tmp_path):
    """One burning section: the other two are both legal, B chooses."""
    out = _run(tmp_path, "", "kingdom: burning", "[]", ["{card: B capital battlefield, damage: 2}"])
    assert out.status == "error" and "indirect damage goes" in out.error
    assert "B capital quest" in out.error and "B capital kingdom" not in out.error  # the burning one not offered
    out = _run(tmp_path, "", "kingdom: burning", "[{B capital quest: 2}]", ["{card: B capital quest, damage: 2}"])
    assert out.status == "passed", out.problems or out.error


def test_a_unit_beside_the_section_still_asked(tmp_path):
    """A unit that can take some (Rat Swarm: 1) beside a section that can take it all: two ways."""
    out = _run(tmp_path, "Rat Swarm", "kingdom: burning, quest: burning", "[]",
               ["{card: B capital battlefield, damage: 2}"])
    assert out.status == "error" and "indirect damage goes" in out.error


def test_burning_zone_rule_off_asks_and_may_burn_more(tmp_path):
    """burning_zone_no_assign switched off: the burning sections are places again (asked; a lenient replay
    puts it all on the first, the kingdom, and none on the battlefield)."""
    out = _run(tmp_path, "", "kingdom: burning, quest: burning", "[]", ["{card: B capital battlefield, damage: 2}"],
               ablate={BURNING_ZONE})
    assert out.status == "error" and "indirect damage goes" in out.error
    out = _run(tmp_path, "", "kingdom: burning, quest: burning", "[]", ["{card: B capital battlefield, damage: 0}"],
               ablate={BURNING_ZONE}, lenient=True)
    assert out.status == "passed", out.problems or out.error


def test_section_cap_off_asks_where_the_limits_added_up(tmp_path):
    """indirect cap rules switched off (clarification:indirect-damage): the section may take both, so the
    Rat Swarm + section assignment is no longer the only way."""
    out = _run(tmp_path, "Rat Swarm", "kingdom: burning, quest: burning, battlefield: 7", "[]",
               ["{card: B capital battlefield, damage: 8}"], ablate={INDIRECT})
    assert out.status == "error" and "indirect damage goes" in out.error
