"""Huntik 710.1b: "Replacement modifiers replace every instance of the specified event, even if that event
happens multiple times simultaneously" -- a 'next time' replacement modifier (``replaces: {..., next: true}``)
replaces every one of the simultaneous events that would happen next, then is used up (GameModule
.next_replacement_batch, mechanic next_replacement_simultaneous): both heroes KO'd together are saved, a
later KO is not; both stuns of one Twin Snare are replaced. With 710.1b switched off the first event of the
batch uses it up (blind round 30: that was the engine's only reading)."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

HERE = Path(__file__).resolve().parents[2] / "rulings" / "huntik" / "replacement"
KOS = HERE / "blind30-next-time-replacement-replaces-both-simultaneous-kos-not-a-later-one.ruling.yaml"
STUNS = HERE / "blind30-next-stun-replacement-takes-both-stuns-of-one-twin-snare.ruling.yaml"


def _replay(path, ablate=()):
    return replay(load_fixture(path), set(ablate), lenient=bool(ablate))


def test_both_simultaneous_kos_are_replaced_a_later_one_is_not():
    out = _replay(KOS)
    assert out.passed, (out.problems, out.error)
    eng = out.engine
    assert eng.obj("Lok Lambert").zone == "hand" and eng.obj("Zhalia Moon").zone == "hand"
    assert eng.obj("Sophie Casterwill").zone == "discard"  # the modifier was used up by the batch
    assert any("huntik:710.1b" in st.rules for st in eng.trace)


def test_both_stuns_of_one_effect_are_replaced():
    assert _replay(STUNS).passed


def test_710_1b_off_the_first_event_uses_it_up():
    out = _replay(KOS, ["huntik:710.1b"])
    assert not out.passed
    eng = out.engine
    assert [eng.obj(h).zone for h in ("Lok Lambert", "Zhalia Moon")].count("hand") == 1
