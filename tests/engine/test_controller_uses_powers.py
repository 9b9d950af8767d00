"""Only a card's controller can use its powers (core mechanic ``controller_uses_powers``; Huntik 701.2:
"Only a card's controller, or its owner if it has no controller, can use its powers"): the refusal
names the rule where a game binds it; switched off, the other player uses the power as its controller."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

HUNTIK = """\
game: huntik
state:
  active: B
  round: 2
  A:
    features: [Old Lighthouse]
  B:
    zone1: [Lok Lambert]
actions:
  - {player: B, use: Old Lighthouse, ability: Beacon, targets: [Lok Lambert], try: true}
  - {pass: all}
"""


def _replay(tmp_path, text: str, ablate=frozenset()):
    path = tmp_path / "uses.yaml"
    path.write_text(text, encoding="utf-8")
    return replay(load_fixture(path), ablate)


def _def(out, label: str) -> int:
    return out.engine.obj_attr(out.engine.obj(label), "def")


def test_the_opponent_cannot_use_my_cards_power_and_the_rule_is_named(tmp_path):
    out = _replay(tmp_path, HUNTIK)
    rejected = [e for e in out.engine.events if e["event"] == "action_rejected"]
    assert [e["rejected_by"] for e in rejected] == [["huntik:701.2"]]
    assert _def(out, "Lok Lambert") == 3


def test_switched_off_the_opponent_uses_it_as_its_controller(tmp_path):
    out = _replay(tmp_path, HUNTIK, {"huntik:701.2"})
    assert not [e for e in out.engine.events if e["event"] == "action_rejected"]
    assert _def(out, "Lok Lambert") == 4
    used = [e for e in out.engine.events if e["event"] == "used"]
    assert used and used[0]["player"] == "B"


def test_the_controller_uses_it_and_the_rule_is_not_traced(tmp_path):
    out = _replay(tmp_path, HUNTIK.replace("active: B", "active: A").replace("player: B", "player: A"))
    assert _def(out, "Lok Lambert") == 4
    assert "controller_uses_powers" not in out.engine._fired  # it decided nothing: not recorded
    assert not [e for e in out.engine.events if e["event"] == "action_rejected"]
