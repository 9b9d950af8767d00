"""What blind round 52 found the effect language could not see (rulings/*/blind52): picking out of a deck is a
search (a deck_searched event, found or not); a player's number changing is an event (player_counter) whose
triggers read the state after it; a kind of counter the card has none of reads 0 (GameModule.counter_kinds)."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.scenes import variant

RULINGS = Path(__file__).resolve().parents[2] / "rulings"
SEARCH = next((RULINGS / "hatalom-kartyai" / "blind52").glob("blind52-my-deck-search-*.ruling.yaml"))
TITHE = next((RULINGS / "warhammer-invasion" / "blind52").glob("blind52-own-tithe-collector-*.ruling.yaml"))


def _passes(path: Path) -> None:
    out = replay(load_fixture(path))
    assert out.error is None and out.passed, out.problems or out.error


def test_a_cards_search_of_its_deck_is_seen_as_a_search():
    _passes(SEARCH)


def test_a_pick_out_of_the_discard_pile_is_no_search(tmp_path):
    scene = variant(tmp_path, SEARCH, [("zones: [deck]", "zones: [discard]"),
                                       ("    deck: [Próba villám, Próba szörny 2/3, Próba általános varázslat]",
                                        "    discard: [Próba villám, Próba szörny 2/3, Próba általános varázslat]")],
                    expect="  - {card: Próba szörny 2/3, zone: A.hand}\n  - {player: B, vp: 0}\n")
    _passes(scene)


def test_a_search_that_finds_nothing_is_still_a_search(tmp_path):
    scene = variant(tmp_path, SEARCH, [("    deck: [Próba villám, Próba szörny 2/3, Próba általános varázslat]",
                                        "    deck: [Próba villám, Próba általános varázslat]")],
                    expect="  - {player: B, vp: 1}\n  - {player: A, zone_count: {hand: 0, deck: 2}}\n")
    _passes(scene)


def test_a_counter_kind_the_card_has_none_of_reads_zero(tmp_path):
    """The Tithe Collector's 'gains [Power] for each resource token on it' written with it.resource (GUIDE's
    form; it read null and the replay crashed) gives what it.resource_tokens gives."""
    _passes(TITHE)
    text = TITHE.read_text(encoding="utf-8")
    assert "this.resource_tokens" in text
    scene = variant(tmp_path, TITHE, [("this.resource_tokens", "this.resource")])
    _passes(scene)


PHOENIX = next((RULINGS / "huntik" / "blind52").glob("blind52-phoenix-rite-*.ruling.yaml"))
BARGAIN = next((RULINGS / "huntik" / "blind52").glob("blind52-grim-bargain-*.ruling.yaml"))


def test_return_to_hand_binds_the_card_in_the_hand_for_a_later_step():
    _passes(PHOENIX)


def test_a_discard_a_replacement_took_over_is_no_discard_for_if_you_do():
    _passes(BARGAIN)
