"""Found by the review of this session's change. 'Exhaust all enemy minor heroes. They get -1 ATK' (Huntik
708.3e): "they" are the heroes the first sentence exhausted -- not one already exhausted, nor one whose
exhaust a replacement took over (Weary Guardian); a `by:` naming nothing an earlier step bound is an error,
not a modifier that silently flags nothing. Warhammer's `{end: turn}` is refused while a card waits on the
chain, as `begin` is (the Action would otherwise resolve in the next turn)."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

DATA = Path(__file__).resolve().parent / "data"


@pytest.mark.parametrize("name", ["ambush-strike-already-exhausted-not-affected.yaml",
                                  "ambush-strike-replaced-exhaust-not-affected.yaml"])
def test_they_are_the_heroes_the_first_sentence_exhausted(name):
    out = replay(load_fixture(DATA / name))
    assert out.status == "passed", out.problems or out.error


def test_the_flag_off_reads_the_description_again():
    # 708.3e switched off: the modifier keeps reading 'enemy minor heroes' (708.3d): the already exhausted
    # Suit Grunt gets -1 too
    out = replay(load_fixture(DATA / "ambush-strike-already-exhausted-not-affected.yaml"), {"huntik:708.3e"})
    assert out.status == "failed" and any("Suit Grunt" in p for p in out.problems)


def test_a_misspelt_by_name_is_an_error_naming_it():
    out = replay(load_fixture(DATA / "affected-by-misspelt-name.yaml"))
    assert out.status == "error" and "strcuk" in out.error and "struck" in out.error


def test_warhammer_end_turn_with_a_card_on_the_chain_is_refused():
    out = replay(load_fixture(DATA / "whi-end-turn-with-chain.yaml"))
    assert out.status == "error" and "waits on the chain" in out.error


QUAGMIRE = """\
game: huntik
question: "B owns Quagmire ('Enemy heroes come into play exhausted'), A controls it; B takes it back before
  anything enters play; then A plays Zhalia Moon."
answer: "708.2: 'enemy' is read with Quagmire's controller now (B): Zhalia enters exhausted."
state:
  active: A
  A:
    hand: [Zhalia Moon]
  B:
    features: [{card: Quagmire, controller: A}]
actions:
  - {player: B, effect: [{gain_control: Quagmire, player: B}]}
  - {player: A, play: Zhalia Moon}
  - {pass: all}
expect:
  - {card: Zhalia Moon, exhausted: true}
"""


def test_708_2_off_reads_the_controller_a_starting_card_entered_under(tmp_path):
    # the controller a starting card entered under is recorded as the replay sets up (entering.setup), not
    # at the first read -- here after the control change, which would make the switch-off change nothing
    path = tmp_path / "quagmire.yaml"
    path.write_text(QUAGMIRE, encoding="utf-8")
    fx = load_fixture(path)
    assert replay(fx).status == "passed"
    assert replay(fx, {"huntik:708.2"}).status == "failed"  # off: read with A, who controlled it: Zhalia ready
