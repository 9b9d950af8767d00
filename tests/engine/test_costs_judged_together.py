"""A cost of identical steps is judged as one whole (review 43L): 'sacrifice two cards' written as two
identical `sacrifice_one` steps needs two cards, so with one card on the table the play is refused and
nothing is paid (each step was checked alone, one card was sacrificed and the card resolved). No rule of the
Hatalom corpus decides it (the game binds no costs_paid_in_full; the card's own cost refuses), so the scene
lives under tests/engine/data, not rulings/."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.scenes import replay_variant

SCENE = Path(__file__).parent / "data" / "hatalom-two-identical-sacrifice-costs-one-card.yaml"


def _variant(tmp_path, old: str, new: str, expect: str):
    return replay_variant(tmp_path, SCENE, [(old, new)], expect)


def test_one_card_does_not_pay_two_sacrifices():
    out = replay(load_fixture(SCENE))
    assert out.passed, (out.problems, out.error)


def test_the_refusal_names_the_cards_own_cost(tmp_path):
    out = _variant(tmp_path, "try: true}", "try: true}", "  - {event: action_rejected, player: A, "
                   "refused_by_text: Próba kettős áldozat}\n")
    assert out.passed, (out.problems, out.error)


def test_two_cards_pay_two_sacrifices(tmp_path):
    # the rule must not refuse a cost that can be paid in full: both cards go, the spell resolves
    out = _variant(tmp_path, "table: [Próba szakértelem]\n  B:\n    vp: 0\nactions:\n",
                   "table: [Próba szakértelem, Próba szakértelem]\n  B:\n    vp: 0\nactions:\n"
                   "  - {player: A, choose: [Próba szakértelem#1, Próba szakértelem#2]}\n",
                   "  - {player: A, vp: 2}\n  - {card: Próba szakértelem#1, zone: A.discard}\n"
                   "  - {card: Próba szakértelem#2, zone: A.discard}\n  - {no_event: action_rejected}\n")
    assert out.passed, (out.problems, out.error)


def test_undoable_steps_names_the_whole_group():
    # after the refused play A still has his one table card: one sacrifice can be done, two cannot
    eng = replay(load_fixture(SCENE)).engine
    step = {"sacrifice_one": {"filter": "on_table(it) and it.controller == you", "what": "a card"}}
    b = {"you": "A", "opponent": "B", "this": None}
    assert eng.undoable_steps([step], b) == []
    assert eng.undoable_steps([step, dict(step)], b) == [step, step]
    assert not eng.can_do_all([step, dict(step)], b)
