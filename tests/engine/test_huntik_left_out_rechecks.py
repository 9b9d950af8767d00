"""Huntik leaves two core mechanics out (judge/games/huntik/rules.yaml ``absent:``): a card's play restriction is
not checked again as it resolves (703.2: it functions only where the card is played from), and a power whose
target is gone is not cancelled -- as much of it as possible is performed (704.1, 706.3). The rule that leaves
the default out is traced where its absence decided something, and switching it off brings the default back."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

STAND = Path("rulings/huntik/actions/blind8-desperate-stand-restriction-not-checked-again-as-it-resolves.ruling.yaml")
AUGER = Path("rulings/huntik/actions/blind8-augerfrost-target-gone-before-it-resolves-go-again-still.ruling.yaml")


def _pass_step_rules(out) -> list[str]:
    [step] = [s for s in out.engine.trace if s.action == "pass: all"]
    return step.rules


def test_restriction_not_checked_again_and_traced_where_it_decides():
    out = replay(load_fixture(STAND))
    assert out.status == "passed", out.problems or out.error
    assert "huntik:703.2" in _pass_step_rules(out)


def test_restriction_still_met_as_it_resolves_names_no_rule(tmp_path):
    # no Megapunch: the counts stay 2 against 3, the absent recheck would have changed nothing
    text = STAND.read_text().replace("  - {player: A, use: Dante Vale, ability: Megapunch, targets: [Suit Grunt]}\n", "")
    f = tmp_path / "s.ruling.yaml"
    f.write_text(text.split("expect:")[0])
    out = replay(load_fixture(f))
    assert out.engine.obj("Lok Lambert").exhausted is False
    assert "huntik:703.2" not in _pass_step_rules(out)


def test_restriction_rule_off_the_recheck_cancels_it():
    out = replay(load_fixture(STAND), {"huntik:703.2"}, lenient=True)
    assert out.engine.obj("Lok Lambert").exhausted is True
    assert any(e["event"] == "effect_cancelled" and e.get("reason") == "condition_failed" for e in out.engine.events)


def test_gone_target_the_rest_of_the_card_still_happens():
    out = replay(load_fixture(AUGER))
    assert out.status == "passed", out.problems or out.error
    assert "huntik:706.3" in _pass_step_rules(out)
    off = replay(load_fixture(AUGER), {"huntik:706.3"}, lenient=True)
    assert not any(e["event"] == "go_again" for e in off.engine.events)
    assert any(e["event"] == "effect_cancelled" and e.get("reason") == "illegal_target" for e in off.engine.events)
