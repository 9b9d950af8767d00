"""The restrictions on being targeted any card may carry (TargetsMixin.target_restriction, blind round 51):
`cannot be targeted by opponents` keeps an opponent's effect from choosing the card, not its controller's own; the
refusal names the card that carries it."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.scenes import variant

RULINGS = Path(__file__).resolve().parents[2] / "rulings"
SENTINEL = next((RULINGS / "huntik" / "blind51").glob("blind51-veiled-sentinel-*.ruling.yaml"))
STALKER = next((RULINGS / "warhammer-invasion" / "blind51").glob("blind51-own-shadow-stalker-*.ruling.yaml"))


def test_an_opponents_power_cannot_target_it_its_controllers_can():
    out = replay(load_fixture(SENTINEL))
    assert out.error is None and out.passed, out.problems or out.error
    refused = [e for e in out.engine.events if e.get("event") == "action_rejected"]
    assert len(refused) == 1 and refused[0]["player"] == "B" and refused[0].get("refused_by_text") == "Veiled Sentinel"


def test_cannot_be_targeted_at_all_refuses_its_controllers_own_effect(tmp_path):
    scene = variant(tmp_path, SENTINEL, [('grant: ["cannot be targeted by opponents"]', 'grant: ["cannot be targeted"]'),
                                         ("  - {player: A, play: Shadowspeed, targets: [Veiled Sentinel]}",
                                          "  - {player: A, play: Shadowspeed, targets: [Veiled Sentinel], try: true}")],
                    expect="  - {event: action_rejected, player: A, count: 1}\n  - {card: Shadowspeed, zone: A.hand}\n")
    text = scene.read_text(encoding="utf-8")
    scene.write_text(text[:text.index("  - {check:")] + text[text.index("expect:"):], encoding="utf-8")
    out = replay(load_fixture(scene))
    assert out.error is None and out.passed, out.problems or out.error


def test_warhammer_opponents_cannot_target_this_unit():
    out = replay(load_fixture(STALKER))
    assert out.error is None and out.passed, out.problems or out.error


HIDDEN = next((RULINGS / "hatalom-kartyai" / "blind51").glob("blind51-cannot-be-targeted-*.ruling.yaml"))


def test_a_level_up_played_on_it_is_no_targeting_8_4_2():
    """'Ez a lény nem lehet célpont': the bolt and the enchantment are refused, the level-up goes on (8.4.2:
    playing it 'nem számít ... célzásnak', hook is_targeting); with 8.4.2 switched off it is refused too."""
    out = replay(load_fixture(HIDDEN))
    assert out.error is None and out.passed, out.problems or out.error
    off = replay(load_fixture(HIDDEN), {"hatalom-kartyai:8.4.2"}, lenient=True)
    assert off.engine.obj("Próba szintlépés").zone == "hand"


BREATH = next((RULINGS / "huntik" / "blind51").glob("blind51-second-breath-*.ruling.yaml"))


def test_up_to_two_targets_one_two_or_none(tmp_path):
    """'Ready up to two target friendly heroes' (`up_to: true`): one named readies one; two, both; none, the card
    still resolves (nothing became illegal) and readies no one."""
    assert replay(load_fixture(BREATH)).passed
    two = variant(tmp_path, BREATH, [("targets: [Lok Lambert]}", "targets: [Lok Lambert, Zhalia Moon]}")],
                  expect="  - {card: Lok Lambert, exhausted: false}\n  - {card: Zhalia Moon, exhausted: false}\n", name="two.yaml")
    out = replay(load_fixture(two))
    assert out.error is None and out.passed, out.problems or out.error
    none = variant(tmp_path, BREATH, [("  - {player: A, play: Second Breath, targets: [Lok Lambert]}",
                                       "  - {player: A, play: Second Breath}")],
                   expect="  - {card: Lok Lambert, exhausted: true}\n  - {card: Second Breath, zone: A.discard}\n", name="none.yaml")
    out = replay(load_fixture(none))
    assert out.error is None and out.passed, out.problems or out.error
    assert not any(e.get("event") == "effect_cancelled" for e in out.engine.events)
