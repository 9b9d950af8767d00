"""A `{check: [...]}` step reads expectations in the middle of a script: a value an effect gives only
for a while (a bonus 'while defending' is gone once the attack ends) can be checked while it holds."""
from __future__ import annotations

import pytest

from judge.errors import BadInputError
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

ATTACK = """game: vs-system
state:
  active: A
  phase: combat
  A:
    visible: [Henchman]
  B:
    visible: [Shang Chi]
actions:
{steps}
expect:
  - {{card: Shang Chi, atk: 2, def: 1}}
"""


def run(tmp_path, steps: str):
    path = tmp_path / "s.yaml"
    path.write_text(ATTACK.format(steps=steps), encoding="utf-8")
    return replay(load_fixture(path))


def test_a_check_reads_the_bonus_while_it_holds_and_expect_reads_the_end(tmp_path):
    out = run(tmp_path, "  - {check: {card: Shang Chi, atk: 2}}\n"
                        "  - {player: A, attack: Shang Chi, with: [Henchman]}\n"
                        "  - {check: [{card: Shang Chi, atk: 4, def: 3, defending: true}]}\n"
                        "  - {player: A, strike: attack}\n")
    assert out.error is None and out.passed and out.problems == []


def test_a_failing_check_fails_the_scenario_at_its_own_line(tmp_path):
    out = run(tmp_path, "  - {player: A, attack: Shang Chi, with: [Henchman]}\n"
                        "  - {check: [{card: Shang Chi, atk: 5}]}\n"
                        "  - {player: A, strike: attack}\n")
    assert out.passed is False
    assert out.problems == ["line 11: Shang Chi: expected atk 5, got 4"]


def test_a_check_does_not_move_the_game(tmp_path):
    plain = run(tmp_path, "  - {player: A, attack: Shang Chi, with: [Henchman]}\n  - {player: A, strike: attack}\n")
    checked = run(tmp_path, "  - {check: {card: Shang Chi, atk: 2}}\n"
                            "  - {player: A, attack: Shang Chi, with: [Henchman]}\n"
                            "  - {check: {card: Shang Chi, atk: 4}}\n  - {player: A, strike: attack}\n")
    def strip(events):
        return [{k: v for k, v in e.items() if k != "step"} for e in events]
    assert strip(plain.engine.events) == strip(checked.engine.events)


def test_a_scenario_with_only_checks_is_judged_by_them(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(ATTACK.split("expect:")[0].format(
        steps="  - {player: A, attack: Shang Chi, with: [Henchman]}\n  - {check: {card: Shang Chi, atk: 3}}\n"),
        encoding="utf-8")
    out = replay(load_fixture(path))
    assert out.passed is False and "expected atk 3, got 4" in out.problems[0]


@pytest.mark.parametrize("step, says", [
    ("  - {check: {card: Shang Chi, atk: 2}, player: A}\n", "'check' is a step of its own"),
    ("  - {check: []}\n", "'check' is a step of its own"),
    ("  - {check: [{card: Shang Chy, atk: 2}]}\n", "Shang Chi"),
])
def test_a_bad_check_names_its_line(tmp_path, step, says):
    path = tmp_path / "s.yaml"
    path.write_text(ATTACK.format(steps=step), encoding="utf-8")
    with pytest.raises(BadInputError) as e:
        load_fixture(path)
    assert says in str(e.value) and ":10" in str(e.value)
