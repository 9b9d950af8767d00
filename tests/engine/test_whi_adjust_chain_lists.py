"""Warhammer's ``adjust_attr`` runs each part of its chain only for the attributes that part declares it
can change (``_ADJUST_CHAIN``: a speed measure). The lists are kept by hand beside the functions, so this
checks them against the functions: at the end of every Warhammer scenario, for every card and every
attribute a card or a modifier can have, a part given an attribute outside its list returns the value
unchanged (the very object), so skipping it changes nothing."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.games.warhammer_invasion import _ADJUST_CHAIN
from judge.scenarios.loader import find_fixtures, load_fixture
from judge.scenarios.replay import replay

ROOT = Path(__file__).resolve().parents[2]
DECLARED = {name for _fn, names in _ADJUST_CHAIN for name in names}
# every attribute some part declares, and the ones reads ask for most that no part declares
ATTRIBUTES = sorted(DECLARED | {"controller", "zone", "damage", "exhausted", "attached_to", "name", "owner", "side", "label",
                                "corrupted", "attacking", "defending", "questing", "keywords", "traits",
                                "icons", "loyalty", "cost", "faction", "development", "type", "power", "hp"})


class _Untouched:
    """A value no part could produce: returned as is only by a part that leaves the attribute alone."""


@pytest.fixture(scope="module")
def ends():
    files = find_fixtures([ROOT / "rulings" / "warhammer-invasion"])
    outs = [replay(load_fixture(f, known_ids=None)) for f in files]
    return [o.engine for o in outs if o.engine is not None]


def test_each_part_leaves_undeclared_attributes_alone(ends):
    checked = 0
    for eng in ends:
        for obj in list(eng.state.objects.values()):
            for fn, names in _ADJUST_CHAIN:
                for name in ATTRIBUTES:
                    if name in names:
                        continue
                    value = _Untouched()
                    assert fn(eng, obj, name, value) is value, (fn.__qualname__, name, obj.label)
                    checked += 1
    assert checked > 10_000
