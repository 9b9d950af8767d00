"""Star Wars keyword:retaliate: "You may use the Retaliate ability even if your unit takes enough damage to
destroy it" -- with the Retaliate it had in play, a Pilot's or a Battle card's as well as its printed one,
and a Stun its Pilot gave it stuns with that retaliation (ruling:stun-2): the engine reads a card that left
play with its last known keywords there (core ZonesMixin.last_known_view; blind round 32: only printed ones
were read). Elsewhere a card out of play is read as printed. On, and keyword:retaliate off."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

HERE = Path(__file__).resolve().parents[2] / "rulings" / "star-wars-tcg" / "retaliate"
FILES = sorted(HERE.glob("blind32-*.ruling.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_on_and_retaliate_off(path):
    assert replay(load_fixture(path)).passed
    assert not replay(load_fixture(path), {"star-wars-tcg:keyword:retaliate"}, lenient=True).passed


def test_a_card_out_of_play_is_read_as_printed_elsewhere():
    out = replay(load_fixture(FILES[0]))
    eng = out.engine
    # the card in the discard pile is a new object: read as printed, whatever it had in play
    assert any(o.zone == "discard" for o in eng.state.objects.values())
    assert all(eng.obj_attr(o, "keywords") == list(o.card.keywords) for o in eng.state.objects.values()
               if o.zone == "discard")
