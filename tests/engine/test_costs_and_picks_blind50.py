"""What blind round 50 found about costs and picks (rulings/*/blind50): the card being played is in no zone while
its costs are paid (core mechanic played_card_in_no_zone, Warhammer's 'neither out of play nor in play'); a cost's
pick that a later cost step acts on offers only cards that step may affect (Hatalom 8.9.5: a location cannot be
passivized 'még költségként sem'); `choose` with `count: N` picks N different cards (Huntik 706.8: a 'may'
needing two when there is one is not offered)."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.scenes import variant

RULINGS = Path(__file__).resolve().parents[2] / "rulings"
LORE = next((RULINGS / "warhammer-invasion" / "blind50").glob("blind50-own-forbidden-lore-*.ruling.yaml"))
PASSIVIZE = next((RULINGS / "hatalom-kartyai" / "blind50").glob("blind50-passivize-*.ruling.yaml"))
TOLL = next((RULINGS / "huntik" / "blind50").glob("blind50-heavy-toll-*.ruling.yaml"))


def _run(path: Path, ablate=frozenset()):
    out = replay(load_fixture(path), set(ablate), lenient=bool(ablate)) if ablate else replay(load_fixture(path))
    assert out.error is None, out.error
    return out


def test_the_card_being_played_cannot_pay_its_own_discard_cost(tmp_path):
    out = _run(LORE)
    assert out.passed, out.problems
    # switched off, the card discards itself as its own cost: A loses 2 resources and nothing resolves
    off = _run(LORE, {"warhammer-invasion:clarification:entering-play"})
    first = off.engine.events[:3]
    assert [e["event"] for e in first] == ["resources_lost", "zone_change", "played"]
    assert first[1]["card"] == "Illustrative Forbidden Lore" and first[1]["cause"] == "discard"
    assert not off.passed


def test_a_location_alone_cannot_pay_a_passivizing_cost_and_8_9_5_refuses_it(tmp_path):
    scene = variant(tmp_path, PASSIVIZE, [
        ("table: [Próba helyszín, Próba szakértelem]", "table: [Próba helyszín]"),
        ("  - {player: A, play: Próba kényszerített szolgálat, choose: [{try: Próba helyszín}, Próba szakértelem]}\n"
         "  - {pass: all}", "  - {player: A, play: Próba kényszerített szolgálat, try: true}")],
        expect="  - {event: action_rejected, rejected_by: hatalom-kartyai:8.9.5, count: 1}\n"
               "  - {player: A, vp: 1}\n  - {card: Próba helyszín, passive: false}\n")
    out = _run(scene)
    assert out.passed, out.problems


def test_choose_two_picks_two_different_cards_and_a_may_needs_both(tmp_path):
    assert _run(TOLL).passed
    # both Recruits ready from the start: the first Toll may exhaust both, and draws three
    scene = variant(tmp_path, TOLL, [("{card: Seeker Recruit, exhausted: true}", "Seeker Recruit"),
                                     ('  - {player: A, play: "Heavy Toll#1"}',
                                      '  - {player: A, play: "Heavy Toll#1", choose: [yes, "Seeker Recruit#2", "Seeker Recruit#1"]}')],
                    expect='  - {card: "Seeker Recruit#1", exhausted: true}\n  - {card: "Seeker Recruit#2", exhausted: true}\n'
                           '  - {player: A, zone_count: {hand: 5, deck: 1}}\n')
    text = scene.read_text(encoding="utf-8")
    text = text[:text.index("  - {check:")] + text[text.index("expect:"):]  # only the first Toll
    scene.write_text(text, encoding="utf-8")
    out = _run(scene)
    assert out.passed, out.problems
