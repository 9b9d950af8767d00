"""Warhammer: Invasion, a triggered Action refused after its card left play says the reason of the rule it
names (triggered.use_after_leaving), not "it is not in play": a stolen Hexwrath's Action by its owner --
only the player who controlled it when it left play may trigger it (left_play_controller_triggers) --, and
Thief of Essence's after it left play itself (not self-referential: leave_play_self_referential)."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

ROOT = Path(__file__).resolve().parent.parent.parent / "rulings" / "warhammer-invasion"
LEAVING = "warhammer-invasion:clarification:leaving-play"


def _rejections(rel: str) -> list[dict]:
    out = replay(load_fixture(ROOT / rel, known_ids=None))
    assert out.passed, out.error or out.problems
    return [e for st in out.engine.trace for e in st.events if e.get("event") == "action_rejected"]


def test_owner_of_stolen_card_refused_as_not_its_controller_when_it_left():
    rej = _rejections("leaving/blind20-stolen-hexwrath-leaves-play-its-last-controller-uses-the-action.ruling.yaml")
    assert len(rej) == 1 and LEAVING in rej[0]["rejected_by"]
    assert rej[0]["reason"] == ("B cannot use Cackling Hexwrath: it has left play, and only the player who "
                                "controlled it when it left play (A) may trigger it")


def test_not_self_referential_refused_as_such():
    rej = _rejections("triggered/leaving-play-only-self-referential-triggers.ruling.yaml")
    assert rej and all(LEAVING in r["rejected_by"] for r in rej)
    assert all("not in play" not in r["reason"] and "not self-referential" in r["reason"] for r in rej)
