"""Warhammer: Invasion, a declaration names each unit once (defending.named_once): a `defend` or `attack:
with` list naming a unit twice is a script error naming the field -- not a Counterstrike striking twice
(keyword:counterstrike: "whenever it is declared as a defender"), and not covered by `try`. Where it must not
apply: two different units, and two copies of one card named by their labels. Review 41c finding 9."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.test_whi_zone_entry import _events, _run

DATA = Path(__file__).parent / "data" / "whi-defender-named-twice.yaml"


def test_demo_defender_named_twice_is_a_script_error():
    out = replay(load_fixture(DATA))
    assert out.error is not None and "defend: Counterstrike Veteran is named twice" in str(out.error)


def test_attacker_named_twice_is_a_script_error_even_tried(tmp_path):
    text = ("state: {active: A, phase: battlefield, A: {battlefield: [Bloodsworn]}, B: {kingdom: [Dark Zealot]}}\n"
            "actions:\n  - {player: A, attack: kingdom, with: [Bloodsworn, Bloodsworn], try: true}\n")
    f = tmp_path / "s.yaml"
    f.write_text("game: warhammer-invasion\n" + text)
    out = replay(load_fixture(f))
    assert out.error is not None and "with: Bloodsworn is named twice" in str(out.error)


def test_two_copies_by_label_each_declared(tmp_path):
    eng = _run(tmp_path, "state: {active: A, phase: battlefield, A: {battlefield: [Bloodsworn, Bloodsworn]},"
                         " B: {kingdom: [Counterstrike Veteran, Dark Zealot]}}\n"
                         "actions:\n  - {player: A, attack: kingdom, with: [Bloodsworn#1, Bloodsworn#2]}\n"
                         "  - {player: B, defend: [Counterstrike Veteran, Dark Zealot], choose: [Bloodsworn#1]}\n")
    assert not _events(eng, "action_rejected")
    assert "defending" in eng.obj("Dark Zealot").flags and "attacking" in eng.obj("Bloodsworn#2").flags
