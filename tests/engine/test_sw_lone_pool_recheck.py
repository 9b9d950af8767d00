"""Star Wars ruling:triggered-abilities-3 (mechanic pool_certain): a waiting triggered ability takes effect even
if its 'if' condition is no longer true or its card has left play; switched off, it does nothing then. The look
is taken for every waiting ability -- a lone one too (keep_pending wraps it), not only those the order policy
sees (blind round 34: off, a lone waiting ability whose card had been discarded still took effect, so no
scenario with one waiting ability could show the rule)."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

HERE = Path(__file__).resolve().parents[2] / "rulings" / "star-wars-tcg" / "triggers"
FILES = [HERE / "blind34-picket-ship-if-lone-ability-after-discard.ruling.yaml",
         HERE / "blind34-rally-squad-discarded-by-its-damage.ruling.yaml"]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_on_it_takes_effect_off_it_does_nothing(path):
    assert replay(load_fixture(path)).passed
    off = replay(load_fixture(path), {"star-wars-tcg:ruling:triggered-abilities-3"}, lenient=True)
    assert not off.passed
    assert any(e["event"] == "effect_cancelled" and e.get("reason") in ("source_left_play", "condition_failed")
               for e in off.engine.events)
