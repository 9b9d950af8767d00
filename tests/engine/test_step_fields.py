"""A step's fields: a field its verb never reads is refused at its line (it would be ignored); the fields
are read off the verbs' Python (judge/engine/step_reads.py), checked here against what the handlers do."""
from __future__ import annotations

import functools

import pytest

import judge.engine.engine  # noqa: F401 -- registers the core verbs
from judge.engine.cards import load_cards
from judge.engine.engine import Engine
from judge.engine.game import get_game, known_games
from judge.engine.step_fields import accepted_fields
from judge.engine.step_reads import verb_fields
from judge.engine.steps import verb_tables
from judge.errors import BadInputError

CARD = """cards:
  - name: Probe
    type: {type}
    text: "probe"
    abilities:
      - kind: action
        steps:
          - {step}
"""


def _load(tmp_path, game: str, step: str, card_type: str = "unit"):
    p = tmp_path / "cards.yaml"
    p.write_text(CARD.format(type=card_type, step=step), encoding="utf-8")
    return load_cards(p, game)


@pytest.mark.parametrize("step, field, close", [
    ("{damage: this, amout: 2}", "amout", "amount"),
    ("{move: this, too: hand}", "too", "to"),
])
def test_a_misspelt_field_is_refused_at_its_line_with_the_close_one(tmp_path, step, field, close):
    with pytest.raises(BadInputError, match=f"the step '[a-z_]+' takes no field '{field}'") as err:
        _load(tmp_path, "hatalom-kartyai", step)
    assert err.value.line == 8 and str(err.value.path).endswith("cards.yaml")
    assert f"did you mean '{close}'?" in str(err.value) and "card 'Probe'" in str(err.value)


def test_the_steps_of_and_unless_and_offers_are_checked_too(tmp_path):
    for step in ("{and: [[{damage: this, amout: 1}], [{exhaust: this}]]}",
                 "{unless: [{exhaust: this, amout: 1}], do: [{damage: this}]}"):
        with pytest.raises(BadInputError, match="takes no field 'amout'"):
            _load(tmp_path, "hatalom-kartyai", step)
    with pytest.raises(BadInputError, match="takes no field 'amout'"):
        _load(tmp_path, "vs-system", "{flag: this, as: x, offers: {endurance: [{pay_endurance: 2, amout: 1}]}}",
              card_type="character")


def test_a_step_with_no_verb_of_the_game_is_refused(tmp_path):
    with pytest.raises(BadInputError, match=r"unknown step 'damge' \(no verb of hatalom-kartyai; did you mean damage") as err:
        _load(tmp_path, "hatalom-kartyai", "{damge: this, amount: 2}")
    assert err.value.line == 8


def test_valid_fields_of_a_core_verb_and_of_a_game_step_load(tmp_path):
    _load(tmp_path, "hatalom-kartyai", "{move: this, to: hand, of: controller}")
    _load(tmp_path, "hatalom-kartyai", "{damage: this, amount: 2}")
    _load(tmp_path, "vs-system", "{move_char: this, area: support, row: front}", card_type="character")
    _load(tmp_path, "warhammer-invasion", "{sacrifice: this, player: you}")  # the game's step behind a guard


def test_a_field_another_game_reads_is_refused_where_the_verb_does_not_read_it(tmp_path):
    # vs-system's move_char reads area; no core verb does
    with pytest.raises(BadInputError, match="takes no field 'area'"):
        _load(tmp_path, "hatalom-kartyai", "{move: this, area: support}")


def test_the_fields_read_off_the_code_are_the_ones_the_handlers_read():
    # what the pass finds agrees with what the handlers do (a new read in a handler is found with no list
    # to update; these pin the patterns: get, subscript, helper, a partial's and a closure's literal)
    assert accepted_fields("hatalom-kartyai", "damage") >= {"damage", "amount", "combat", "cancellable"}
    assert accepted_fields("hatalom-kartyai", "destroy") == {"destroy", "position", "as"}  # partial(_leave, 'destroy')
    # a closure guarding several verbs: its cell 'inner' is the game's sacrifice, and what runs only when
    # inner is None or verb == "move" (the core's move) is not read for it
    assert accepted_fields("warhammer-invasion", "sacrifice") == {"player", "sacrifice"}
    assert accepted_fields("vs-system", "flag") >= {"flag", "as", "until", "during", "offers"}  # for k in TERMS
    assert accepted_fields("hatalom-kartyai", "then") == {"then"}


def test_every_verb_of_every_game_has_its_fields_read_off_its_code():
    # an 'open' verb (the pass could not follow its step) accepts any field: none is, today
    for game in known_games():
        verbs = verb_tables(get_game(game))[0]
        opened = {v: why for v, why in verb_fields(verbs, Engine).items() if isinstance(why, str)}
        assert not opened, (game, opened)


def _reads_in_every_way(eng, st, b):
    if "c" in st:
        eng.eval(st["a"], b)
    _helper(eng, {**st, "x": 1})
    return st.get("b", 0)


def _helper(eng, step):
    return step.get("d")


def _iterates(eng, st, b):
    return [k for k in st]


def _reads_a_named_key(key, eng, st, b):
    return st[key]


def test_the_pass_follows_the_step_and_opens_where_it_cannot():
    got = verb_fields({"probe": _reads_in_every_way, "keys": _iterates,
                       "named": functools.partial(_reads_a_named_key, "e")}, Engine)
    assert got["probe"] == {"probe", "a", "b", "c", "d"}  # not "x": the handler writes it on its copy
    assert isinstance(got["keys"], str) and "_iterates" in got["keys"]  # open: any field is accepted
    assert got["named"] == {"named", "e"}


def _ping(eng, st, b):
    return st.get("ping") or _pong(eng, st, b)


def _pong(eng, st, b):
    return st.get("pong") or _ping(eng, st, b)


def test_a_recursion_keeps_every_field_of_either_function():
    # read through _ping first, _pong's own reading met _ping half read: it is not kept as _pong's whole
    got = verb_fields({"first": _ping, "second": _pong}, Engine)
    assert got["first"] == {"first", "ping", "pong"} and got["second"] == {"second", "ping", "pong"}


@pytest.mark.parametrize("step, key, close", [
    ("{modify: {target: this, modify: {atk: 2}, duraton: turn}}", "duraton", "duration"),
    ("{choose: {filtr: 'it.type == \"unit\"', by: you}, as: c}", "filtr", "filter"),
])
def test_a_misspelt_setting_inside_modify_or_choose_is_refused_at_its_line(tmp_path, step, key, close):
    # the modifier would have lasted for ever, the choice been among every card: nothing said so
    with pytest.raises(BadInputError, match=f"takes no setting '{key}'") as err:
        _load(tmp_path, "hatalom-kartyai", step)
    assert err.value.line == 8 and f"did you mean '{close}'?" in str(err.value)
    _load(tmp_path, "hatalom-kartyai", step.replace(key, close))


def test_the_settings_list_holds_every_key_the_modify_and_choose_handlers_read():
    import ast
    import inspect
    import textwrap

    from judge.engine.effects import EffectsMixin
    from judge.engine.step_fields import SETTINGS
    from judge.engine.verbs import VerbsMixin

    def read(fn, name="spec"):
        keys = set()
        for node in ast.walk(ast.parse(textwrap.dedent(inspect.getsource(fn)))):
            if isinstance(node, ast.Subscript) and getattr(node.value, "id", None) == name \
                    and isinstance(node.slice, ast.Constant):
                keys.add(node.slice.value)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
                    and getattr(node.func.value, "id", None) == name and isinstance(node.args[0], ast.Constant):
                keys.add(node.args[0].value)
            elif isinstance(node, ast.Compare) and isinstance(node.left, ast.Constant) \
                    and getattr(node.comparators[0], "id", None) == name:
                keys.add(node.left.value)
        return keys

    modify = read(EffectsMixin.step_modify) | read(EffectsMixin._fix_granted_targets)
    assert modify and modify <= SETTINGS["modify"]
    choose = (read(VerbsMixin.step_choose) | read(VerbsMixin._choice_pool)) - {"narrowed_by", "card_filter", "pays_with"}
    assert choose and choose <= SETTINGS["choose"]
