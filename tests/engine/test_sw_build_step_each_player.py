"""Star Wars TCG: a turn's build step is each player's (mechanic build_step_each_player, bound to
faq:earn-bounty and faq:try-pay-upkeep-before-earning-bounty: both players' bounties come "At the
start of the next turn's build step", which is "your build step" for each). Where it must apply:
the non-active player's Upkeep and "When your build step starts" abilities trigger at its start,
Dark's before Light's, once each. Where it must not: no other phase starts them, a build step does
not record the FAQs when only the active player's abilities trigger, and with faq:earn-bounty off
the build step is the active player's only (the old behaviour)."""
from __future__ import annotations

from .test_star_wars import events, rid, run

EARN = "faq:earn-bounty"

CARDS = """
    cards:
      - name: Imperial Heavy Squad
        type: ground
        faction: dark
        keywords: ["upkeep 1"]
        stats: {speed: 10, power: 4, health: 6}
        illustrative: true
        text: "Upkeep 1 (At the start of your build step, pay 1 Force or discard this unit.)"
"""


def scenario(active: str, begin: str, dark_force: int = 0, light_force: int = 1, light_orders: bool = True) -> str:
    # Light orders his two waiting abilities (Quartermaster first) when they trigger
    order = "[[Rebel Quartermaster, Rebel Heavy Trooper Squad], yes]" if light_orders else "[]"
    return f"""
    ruling: star-wars-tcg:faq:try-pay-upkeep-before-earning-bounty
    cites: [star-wars-tcg:faq:try-pay-upkeep-before-earning-bounty, star-wars-tcg:{EARN}]
    question: q
    answer: a
{CARDS}
    state:
      active: {active}
      phase: battle
      dark:
        force: {dark_force}
        ground: [Imperial Heavy Squad]
      light:
        force: {light_force}
        ground: [Rebel Heavy Trooper Squad]
        character: [Rebel Quartermaster]
    actions:
      - {{player: {active}, begin: turn}}
      - {{player: light, choose: {order}}}
      - {{begin: {begin}}}
"""


def _triggered(eng) -> list:
    return [(e["source"], e.get("ability")) for e in events(eng, "triggered")]


def test_both_players_build_step_abilities_trigger_in_lights_turn(tmp_path):
    eng = run(tmp_path, scenario("light", "build"))
    # Dark's Upkeep (Dark is not the active player) and Light's Upkeep and Quartermaster, once each
    assert sorted(s for s, _ in _triggered(eng)) == ["Imperial Heavy Squad", "Rebel Heavy Trooper Squad",
                                                      "Rebel Quartermaster"]
    assert eng.obj("Imperial Heavy Squad").zone == "discard"  # Dark had no Force
    assert eng.obj("Rebel Heavy Trooper Squad").zone == "ground"
    # the Dark Side's waiting abilities take effect first
    kinds = [e["event"] for e in eng.events if e["event"] in ("upkeep_unpaid", "upkeep_paid")]
    assert kinds == ["upkeep_unpaid", "upkeep_paid"]
    assert rid(EARN) in {r for st in eng.trace for r in st.rules}


def test_both_players_build_step_abilities_trigger_in_darks_turn(tmp_path):
    eng = run(tmp_path, scenario("dark", "build", dark_force=1, light_force=0))
    assert len(_triggered(eng)) == 3
    assert eng.state.player_data["dark"]["force"] == 0  # paid
    assert eng.state.player_data["light"]["force"] == 0  # the Quartermaster's Force paid the Upkeep
    assert eng.obj("Rebel Heavy Trooper Squad").zone == "ground"


def test_only_the_active_players_abilities_with_the_reading_off(tmp_path):
    eng = run(tmp_path, scenario("light", "build"), {rid(EARN)})
    assert sorted(s for s, _ in _triggered(eng)) == ["Rebel Heavy Trooper Squad", "Rebel Quartermaster"]
    assert eng.obj("Imperial Heavy Squad").zone == "ground"
    eng = run(tmp_path, scenario("dark", "build", light_orders=False), {rid(EARN)})
    assert _triggered(eng) == [("Imperial Heavy Squad", "upkeep")]


def test_no_build_step_abilities_at_other_phases(tmp_path):
    for phase in ("ready", "battle"):
        eng = run(tmp_path, scenario("light", phase, light_orders=False))
        assert not _triggered(eng), phase


def test_faqs_not_recorded_when_only_the_active_players_abilities_trigger(tmp_path):
    body = f"""
    ruling: star-wars-tcg:faq:try-pay-upkeep-before-earning-bounty
    cites: [star-wars-tcg:faq:try-pay-upkeep-before-earning-bounty]
    question: q
    answer: a
    state:
      active: dark
      phase: battle
      light:
        force: 1
        ground: [Rebel Heavy Trooper Squad]
    actions:
      - {{player: light, begin: turn}}
      - {{player: light, begin: build}}
"""
    eng = run(tmp_path, body)
    assert [e["event"] for e in events(eng, "upkeep_paid")] == ["upkeep_paid"]
    assert rid(EARN) not in {r for st in eng.trace for r in st.rules}
