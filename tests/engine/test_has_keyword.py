"""has(obj, 'keyword') in card expressions: a keyword named without a value matches every instance of it,
whatever its value or case ('savage' matches "savage 2"); one named with a value matches that value only."""
from __future__ import annotations

from tests.engine.test_whi_zone_entry import _run

_STATE = """
state:
  active: A
  phase: capital
  A:
    battlefield: [Illustrative Savage Beast, Illustrative Scout, Rat Swarm]
actions: []
"""


def _has(tmp_path, label: str, keyword: str) -> bool:
    eng = _run(tmp_path, _STATE)
    return eng.eval(f"has(x, '{keyword}')", {"x": eng.obj(label)})


def test_a_bare_name_matches_any_value_and_case(tmp_path):
    assert _has(tmp_path, "Illustrative Savage Beast", "savage")
    assert _has(tmp_path, "Illustrative Savage Beast", "Savage")
    assert _has(tmp_path, "Illustrative Scout", "scout")


def test_a_value_matches_that_value_only(tmp_path):
    assert _has(tmp_path, "Illustrative Savage Beast", "savage 2")
    assert not _has(tmp_path, "Illustrative Savage Beast", "savage 1")


def test_a_keyword_it_lacks_is_not_had(tmp_path):
    assert not _has(tmp_path, "Illustrative Scout", "savage")
    assert not _has(tmp_path, "Rat Swarm", "scout")
