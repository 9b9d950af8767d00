"""Core mechanics that decided replays while no rule of their game was bound to them, now bound to the
entry that states them (or listed as left out where the documents contradict the core default):
- Huntik 706.3 ("only as much as possible is performed") leaves out trigger_needs_target: a triggered
  power whose target has no legal choice is not cancelled as a whole;
- Vs. System's Gravesite answer (marked states_rule) states chain_lifo: added after the normal draw, resolved
  before it;
- Star Wars' Lucky FAQ states passes_consecutive: a player who passed may respond after the other plays;
- Warhammer's Leaving Play clarification states powers_function_in_play ("Normally a card cannot trigger its
  abilities once it has left play"), its Conditional Actions clarification triggered_modifier_duration.
Each test checks the binding and that switching the entry off changes an outcome the way its absence predicts,
or, where it must not apply, changes nothing."""
from __future__ import annotations

from pathlib import Path

from judge.engine.engine import Engine
from judge.engine.game import get_game
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

OATH = Path("rulings/huntik/triggers/vengeful-oath-no-enemy-minor-first-time-lasts-targets-the-next.ruling.yaml")
RECRUIT = Path("rulings/vs-system/equipment/equipment-recruit-goes-on-the-chain.ruling.yaml")
GATHERING = Path("rulings/warhammer-invasion/playing/gathering-the-winds-two-spells.ruling.yaml")


def _ids(game: str, key: str) -> list[str]:
    return list(get_game(game).registry.mechanics[key].ids)


def test_huntik_leaves_out_trigger_needs_target_by_706_3():
    game = get_game("huntik")
    assert list(game.registry.absent["trigger_needs_target"].ids) == ["huntik:706.3"]
    assert not Engine(game, pool=None).on("trigger_needs_target")
    assert Engine(game, pool=None, ablate={"huntik:706.3"}).on("trigger_needs_target")


def test_huntik_oath_without_a_target_resolves_as_far_as_it_can():
    out = replay(load_fixture(OATH))
    assert out.status == "passed", out.problems or out.error
    assert not any(e["event"] == "effect_cancelled" and e.get("reason") == "no_legal_target"
                   for e in out.engine.events)
    assert "huntik:706.3" in {r for st in out.engine.trace for r in st.rules}  # where the absence decided
    # 706.3 off: the core default is back, the first trigger (no enemy minor hero) is cancelled as a whole;
    # the second still finds the Grunt -- the KO is the Oath's only part, so the outcome is the same
    off = replay(load_fixture(OATH), {"huntik:706.3"}, lenient=True)
    assert any(e["event"] == "effect_cancelled" and e.get("reason") == "no_legal_target" for e in off.engine.events)
    assert off.engine.obj("Suit Grunt").zone == "discard"


def test_vs_chain_lifo_is_the_gravesite_answer():
    assert "vs-system:ruling:gravesite" in _ids("vs-system", "chain_lifo")
    assert replay(load_fixture(RECRUIT)).status == "passed"
    # the answer off: the chain resolves first in, first out -- the recruit resolves before Death-Stalker's
    # move used after it, and the Gauntlet is attached to him while he is still visible
    off = replay(load_fixture(RECRUIT), {"vs-system:ruling:gravesite"}, lenient=True)
    assert any(e["event"] == "attached" and e["card"] == "Power Gauntlet" for e in off.engine.events)
    on = replay(load_fixture(RECRUIT))
    assert not any(e["event"] == "attached" for e in on.engine.events)


def test_sw_passes_consecutive_is_the_lucky_faq():
    assert _ids("star-wars-tcg", "passes_consecutive") == ["star-wars-tcg:faq:light-side-unit-power-3-lucky-3-attacks"]
    eng = Engine(get_game("star-wars-tcg"), pool=None)
    assert eng.on("passes_consecutive")
    off = Engine(get_game("star-wars-tcg"), pool=None,
                 ablate={"star-wars-tcg:faq:light-side-unit-power-3-lucky-3-attacks"})
    assert not off.on("passes_consecutive")


def test_whi_leaving_play_and_conditional_actions():
    assert "warhammer-invasion:clarification:leaving-play" in _ids("warhammer-invasion", "powers_function_in_play")
    assert "warhammer-invasion:clarification:conditional-actions" in _ids("warhammer-invasion",
                                                                          "triggered_modifier_duration")
    assert replay(load_fixture(GATHERING)).status == "passed"
    # off: a card's powers function outside play too -- Gathering the Winds, sacrificed before the second
    # Spell is played, still triggers its Forced effect from the discard pile (a second token)
    off = replay(load_fixture(GATHERING), {"warhammer-invasion:clarification:leaving-play"}, lenient=True)
    tokens = [e for e in off.engine.events if e["event"] == "counter_added" and e["card"] == "Gathering the Winds"]
    assert len(tokens) == 2
    on = replay(load_fixture(GATHERING))
    assert len([e for e in on.engine.events if e["event"] == "counter_added"
                and e["card"] == "Gathering the Winds"]) == 1
