"""Warhammer's leave and move steps go through legends.py's fulcrum guard (a fulcrum leaves play only by an
effect targeting it). The loader's field check follows the handler a step is handed to; the guard used to
choose the core handler as the step ran (``verb in eng.game.leave_verbs``), which the check cannot decide, so
it followed every branch: ``{destroy: X, to: deck}`` loaded and ``to:`` was ignored -- the unit went to the
discard pile (review 43L #5). Each verb now names its handler, and carries only the fields that one reads."""
from __future__ import annotations

from pathlib import Path

import pytest

import judge.engine.engine  # noqa: F401 -- registers the core verbs
from judge.engine.cards import load_cards
from judge.engine.step_fields import accepted_fields
from judge.errors import BadInputError
from judge.scenarios.loader import load_fixture

DATA = Path(__file__).parent / "data"
GAME = "warhammer-invasion"
CARD = """cards:
  - name: Probe
    type: tactic
    text: "probe"
    abilities:
      - kind: play
        targets: [{{name: victim, filter: "it.type == 'unit'"}}]
        steps:
          - {step}
"""


def _load(tmp_path, step: str):
    p = tmp_path / "cards.yaml"
    p.write_text(CARD.format(step=step), encoding="utf-8")
    return load_cards(p, GAME)


def test_each_guarded_verb_accepts_only_what_its_handler_reads():
    assert accepted_fields(GAME, "destroy") == {"destroy", "position", "as"}
    assert accepted_fields(GAME, "return_to_hand") == {"return_to_hand", "to", "as"}
    assert accepted_fields(GAME, "move") == {"move", "to", "of", "position", "cause"}
    assert accepted_fields(GAME, "sacrifice") == {"sacrifice", "player"}


@pytest.mark.parametrize("step, field", [
    ("{destroy: victim, to: deck}", "to"),
    ("{destroy: victim, return_to_hand: victim}", "return_to_hand"),
    ("{return_to_hand: victim, position: bottom}", "position"),
])
def test_a_field_another_verb_reads_is_refused_at_its_line(tmp_path, step, field):
    with pytest.raises(BadInputError, match=f"the step '[a-z_]+' takes no field '{field}'") as err:
        _load(tmp_path, step)
    assert err.value.line == 9 and str(err.value.path).endswith("cards.yaml")


@pytest.mark.parametrize("step", ["{destroy: victim, position: bottom}", "{return_to_hand: victim, to: controller}",
                                  "{move: victim, to: deck, position: bottom}"])
def test_the_fields_a_verb_reads_still_load(tmp_path, step):
    assert _load(tmp_path, step)


def test_the_review_scene_is_refused_as_it_loads():
    with pytest.raises(BadInputError, match="the step 'destroy' takes no field 'to'") as err:
        load_fixture(DATA / "whi-destroy-to-refused.yaml")
    assert err.value.line == 16
