"""ZonesMixin.objects_with keeps, per ability kind, the objects whose card has one, in the order of
``state.objects``, updating the kept lists as objects are created and removed instead of walking every
card again. The kept lists must always equal a fresh walk: checked at the end of every scenario of the
corpus (all its creations, zone changes and removals applied one by one to the lists kept since the
first batch of events), and for a list that a loop holds while the objects change."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.engine.zones import _ABILITIES_OF_KIND
from judge.scenarios.loader import find_fixtures, load_fixture
from judge.scenarios.replay import replay

RULINGS = Path(__file__).resolve().parents[2] / "rulings"


def _fresh(eng, kind: str) -> list:
    return [o for o in eng.state.objects.values() if getattr(o.card, _ABILITIES_OF_KIND[kind])]


@pytest.mark.parametrize("game", sorted({p.parts[len(RULINGS.parts)] for p in find_fixtures([RULINGS])}))
def test_kept_lists_equal_a_fresh_walk_after_every_scenario(game):
    for path in find_fixtures([RULINGS / game]):
        eng = replay(load_fixture(path, known_ids=None)).engine
        if eng is None:
            continue
        for kind in _ABILITIES_OF_KIND:
            kept = eng._with.get(kind)
            if kept is not None:
                assert [o.oid for o in kept] == [o.oid for o in _fresh(eng, kind)], (path, kind)
            assert eng.objects_with(kind) == _fresh(eng, kind), (path, kind)


def test_a_held_list_does_not_change_as_objects_change():
    for path in find_fixtures([RULINGS / "warhammer-invasion"]):  # the first with a triggered ability
        eng = replay(load_fixture(path, known_ids=None)).engine
        card = next((o.card for o in eng.state.objects.values() if o.card.triggers), None) if eng else None
        if card is not None:
            break
    held = eng.objects_with("trigger")
    before = list(held)
    assert before
    new = eng.create(card, "extra copy", owner="A", side="A", zone="hand")
    assert held == before  # the list a loop holds is not changed...
    assert eng.objects_with("trigger") == before + [new]  # ...the engine keeps a new one
    eng._remove(new)
    assert eng.objects_with("trigger") == before
