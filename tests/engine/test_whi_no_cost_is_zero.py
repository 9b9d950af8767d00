"""Warhammer: Invasion, clarification:cost: "When a card is played for 'no cost' then the cost is considered
to be 0, and cannot be modified by other variables (such as loyalty)" (mechanic no_cost_is_zero,
costs.free_play_costs): a unit an effect plays without paying its cost pays no loyalty; with the rule off
it pays the loyalty its icons do not match, and is not played when that cannot be paid."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.test_whi_terms import rid

FIXTURE = (Path(__file__).resolve().parents[2] / "rulings" / "warhammer-invasion" / "costs"
           / "no-cost-play-adds-no-loyalty.ruling.yaml")


def _replay(text: str, tmp_path, ablate=()):
    f = Path(tmp_path) / "free.yaml"
    f.write_text("game: warhammer-invasion\n" + text)
    return replay(load_fixture(f), set(ablate), lenient=bool(ablate))


def test_free_play_pays_no_loyalty_and_the_rule_is_traced(tmp_path):
    out = _replay(FIXTURE.read_text(), tmp_path)
    assert out.passed, (out.problems, out.error)
    assert any(rid("clarification:cost") in st.rules for st in out.engine.trace)


def test_rule_off_the_unmatched_loyalty_is_paid(tmp_path):
    eng = _replay(FIXTURE.read_text(), tmp_path, [rid("clarification:cost")]).engine
    assert eng.obj("Illustrative Orc Boyz").zone == "kingdom"
    assert eng.player_attr("A", "resources") == 0  # its 2 loyalty paid from A's 2 resources


def test_rule_off_unpayable_loyalty_the_card_is_not_played(tmp_path):
    text = FIXTURE.read_text().replace("resources: 2\n", "resources: 1\n")
    eng = _replay(text, tmp_path, [rid("clarification:cost")]).engine
    assert eng.obj("Illustrative Orc Boyz").zone == "hand"


def test_a_card_without_loyalty_records_nothing(tmp_path):
    text = FIXTURE.read_text().replace("    loyalty: 2\n", "")
    eng = _replay(text, tmp_path).engine
    assert eng.obj("Illustrative Orc Boyz").zone == "kingdom"
    assert not any(rid("clarification:cost") in st.rules for st in eng.trace)
