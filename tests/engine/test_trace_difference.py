"""The trace records a rule at a step only when its mechanic changed something there (issue 13
item 6): a legal target, a target still legal on resolution, a use within its limit on the only
copy, a character without concealed leave no rule behind."""
from __future__ import annotations

from pathlib import Path

from tests.engine.test_mechanics import make, pool  # noqa: F401 - the tiny game's card pool fixture


def _rules(eng):
    return {r for st in eng.trace for r in st.rules}


def test_legal_targets_leave_no_trace_an_illegal_one_does(pool):  # noqa: F811
    eng = make(pool, A_hand=["Zap"], B_play=["Grunt"])
    eng.play("A", "Zap", {"targets": ["Grunt"]})
    eng.resolve_chain()
    assert eng.obj("Grunt").damage == 1
    assert not {"tiny:target_legal_on_play", "tiny:target_recheck"} & _rules(eng)

    eng = make(pool, A_hand=["Zap"], B_play=["Grunt"])
    eng.play("A", "Zap", {"targets": ["Grunt"]})
    eng.run_steps([{"destroy": "Grunt"}], eng.bindings_for(None, "B"))
    eng.resolve_chain()
    assert "tiny:target_recheck" in _rules(eng)


def test_concealed_rules_not_traced_for_a_character_without_concealed():
    from judge.scenarios.loader import load_fixture
    from judge.scenarios.replay import replay

    root = Path(__file__).resolve().parents[2]
    out = replay(load_fixture(root / "rulings/vs-system/hidden-area/concealed-comes-into-play-hidden.ruling.yaml"))
    assert out.passed and "vs-system:707.9" in out.applied
    recruits = [st for st in out.engine.trace if "recruit" in st.action]
    plain = [st for st in recruits if not any(e.get("to") == "hidden" or "hidden" in str(e.get("to"))
                                              for e in st.events)]
    assert len(recruits) == 2 and len(plain) == 1  # Shang Chi, without concealed, enters visible
    assert all("vs-system:707.9" not in st.rules for st in plain)


def test_legend_rule_not_traced_when_a_card_lets_the_legend_defend():
    """A legend may defend a zone only when a card effect allows it: with Descendant of Gods the card
    decides, so the mechanic legend_no_zone_defense leaves nothing in the trace; without it the rule
    refuses (and is traced)."""
    from judge.scenarios.loader import load_fixture
    from judge.scenarios.replay import replay

    root = Path(__file__).resolve().parents[2]
    out = replay(load_fixture(root / "rulings/warhammer-invasion/legends/legend-defends-zone-with-card-effect.ruling.yaml"))
    assert out.passed and "legend_no_zone_defense" not in out.engine._fired
    assert "warhammer-invasion:faq:legends-defend-fulcrums-descendant-gods-attached" not in out.applied
    refused = replay(load_fixture(root / "rulings/warhammer-invasion/legends/legend-cannot-defend-a-zone.ruling.yaml"))
    assert refused.passed and "legend_no_zone_defense" in refused.engine._fired
    assert "warhammer-invasion:faq:legends-defend-fulcrums-descendant-gods-attached" in refused.applied
