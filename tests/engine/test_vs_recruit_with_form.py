"""Vs. System: a recruit's ``with:`` is a word or a list of words (boost, a way of paying a card offers).
Another form (a number) is refused with an error naming the field, not a Python TypeError; a word is
still read."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

_SCENE = """game: vs-system
state:
  active: A
  phase: build
  A:
    hand: [Henchman]
actions:
  - {player: A, recruit: Henchman WITH}
"""


def _run(tmp_path, with_: str):
    path = tmp_path / "s.yaml"
    path.write_text(_SCENE.replace("WITH", with_), encoding="utf-8")
    return replay(load_fixture(path))


def test_a_number_is_refused_naming_the_field(tmp_path):
    for bad in (", with: 5", ", with: [boost, 2]"):
        out = _run(tmp_path, bad)
        assert out.error and "'with' must be a word or a list of words" in out.error
        assert "TypeError" not in out.error


def test_a_recruit_without_with_still_works(tmp_path):
    out = _run(tmp_path, "")
    assert out.error is None, out.error
    assert out.engine.obj("Henchman").zone == "visible"


def test_a_misspelt_word_is_still_named(tmp_path):
    out = _run(tmp_path, ", with: [bost]")
    assert out.error and "'bost' is no way of paying" in out.error
