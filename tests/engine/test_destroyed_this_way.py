"""'For each unit destroyed this way' (blind round 51, Warhammer): a leave step's `as:` binds the cards it took out
of play -- one whose destruction a replacement only sent elsewhere (Volkmar: 'does not prevent the unit from being
destroyed') counts, one a replacement turned into another event (Lelansi: returned to hand instead) does not --
and size(NAME) counts them."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.scenes import variant

PURGE = next((Path(__file__).resolve().parents[2] / "rulings" / "warhammer-invasion" / "blind51")
             .glob("blind51-own-purge-of-weakness-*.ruling.yaml"))


def test_the_destroyed_count_the_returned_do_not():
    out = replay(load_fixture(PURGE))
    assert out.error is None and out.passed, out.problems or out.error


def test_no_unit_destroyed_draws_nothing(tmp_path):
    """Nothing damaged: the step destroys nothing, the list is empty, size() is 0 (and the 'Then' does not
    happen at all)."""
    scene = variant(tmp_path, PURGE, [("{card: Dark Zealot, damage: 1}", "Dark Zealot"),
                                      ("{card: Savage Gor, damage: 1}", "Savage Gor"),
                                      ("{card: Hag Queen, damage: 2}", "Hag Queen"),
                                      ("  - {player: B, choose: [Lelansi]}\n", "")],
                    expect="  - {player: A, zone_count: {hand: 0, deck: 4}}\n  - {card: Hag Queen, zone: B.battlefield}\n")
    out = replay(load_fixture(scene))
    assert out.error is None and out.passed, out.problems or out.error
