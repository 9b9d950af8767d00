"""The hook contract (judge/engine/hooks.py): participants, combining rules, missing modules."""
from __future__ import annotations

import sys
import textwrap

import pytest

from judge.engine.hooks import HOOKS, NOT_MINE, RULES, HookError, hook_table_markdown


@pytest.fixture
def pkg(tmp_path, monkeypatch):
    """A throw-away game package ``hookgame`` with mechanic modules written by the test."""
    root = tmp_path / "hookgame"
    root.mkdir()
    monkeypatch.syspath_prepend(str(tmp_path))

    def make(init: str, **modules: str):
        (root / "__init__.py").write_text(textwrap.dedent(init))
        for name, text in modules.items():
            (root / f"{name}.py").write_text(textwrap.dedent(text))
        for name in [m for m in sys.modules if m == "hookgame" or m.startswith("hookgame.")]:
            del sys.modules[name]
        import importlib
        return importlib.import_module("hookgame").GAME()
    return make


GAME = """
from judge.engine.game import GameModule, NOT_MINE
MODULES = {modules!r}
class G(GameModule):
    id = "hookgame"
{body}
GAME = G
"""


def game_src(modules, body="    pass"):
    return GAME.format(modules=tuple(modules), body=body)


def test_every_hook_has_a_known_rule():
    assert all(spec[0] in RULES for spec in HOOKS.values())
    assert "| `obj_attr(eng, obj, name)` | first" in hook_table_markdown()


def test_missing_module_is_an_error_naming_it(pkg):
    with pytest.raises(HookError, match="'combat'.*does not exist"):
        pkg(game_src(["combat"]))


def test_single_participant_is_called_directly(pkg):
    game = pkg(game_src([], "    def can_play(self, eng, player, obj, action):\n        return 'no'"))
    assert game.hooks.can_play.__func__ is type(game).can_play
    assert game.hooks.can_play(None, "A", None, {}) == "no"


def test_first_game_module_first_then_modules_then_base_default(pkg):
    game = pkg(game_src(["a", "b"], "    def obj_attr(self, eng, obj, name):\n"
                                    "        return 'game' if name == 'g' else NOT_MINE"),
               a="from judge.engine.game import NOT_MINE\ndef obj_attr(eng, obj, name):\n"
                 "    return None if name == 'n' else ('a' if name in ('a', 'g') else NOT_MINE)\n"
                 "def limit_period(eng, per):\n    return None\n",
               b="def obj_attr(eng, obj, name):\n    return 'b'\n")
    assert game.hooks.obj_attr(None, None, "g") == "game"
    assert game.hooks.obj_attr(None, None, "a") == "a"
    assert game.hooks.obj_attr(None, None, "n") is None  # None is an answer for attributes
    assert game.hooks.obj_attr(None, None, "z") == "b"

    class Eng:
        class state:
            vars = {"turn": 3}
    # module a declines (None): the GameModule base default answers last
    assert game.hooks.limit_period(Eng, "turn") == ("turn", 3)


def test_collect_chain_veto_any_changed_notify(pkg):
    calls = []
    game = pkg(game_src(["a", "b"], "    def play_costs(self, eng, p, o, act):\n        return [{'pay': 1}]\n"
                                    "    def state_checks(self, eng):\n        eng.append('game')\n        return True\n"),
               a="def play_costs(eng, p, o, act):\n    return [{'pay': 2}]\n"
                 "def adjust_attr(eng, obj, name, value):\n    return value + 1\n"
                 "def keep_pending(eng, p):\n    eng.append('a')\n    return False\n"
                 "def text_blank(eng, obj):\n    return True\n"
                 "def state_checks(eng):\n    eng.append('a')\n    return False\n"
                 "def observe(eng, events):\n    eng.append(('a', events))\n",
               b="def adjust_attr(eng, obj, name, value):\n    return value * 10\n"
                 "def keep_pending(eng, p):\n    eng.append('b')\n    return True\n"
                 "def text_blank(eng, obj):\n    raise AssertionError('not asked after a True')\n"
                 "def observe(eng, events):\n    eng.append(('b', events))\n")
    h = game.hooks
    assert h.play_costs(None, "A", None, {}) == [{"pay": 1}, {"pay": 2}]
    assert game.adjusts and h.adjust_attr(None, None, "power", 1) == 20
    assert h.keep_pending(calls, None) is False and calls == ["a"]  # first False wins: b not asked
    assert h.text_blank(None, None) is True
    calls.clear()
    assert h.state_checks(calls) is True and calls == ["game", "a"]
    calls.clear()
    h.observe(calls, [1])
    assert calls == [("a", [1]), ("b", [1])]


def test_game_declared_hooks_and_bind_register(pkg):
    game = pkg(game_src(["a"], "    game_hooks = {'cost_reductions': 'collect'}\n"),
               a="def cost_reductions(eng, player):\n    return [1, 2]\n"
                 "def register(game):\n    game.steps['poke'] = len\n")
    assert game.hooks.call("cost_reductions", None, "A") == [1, 2]
    assert "poke" in game.steps
    with pytest.raises(HookError, match="unknown hook"):
        game.hooks.call("nope")


def test_not_mine_is_the_engine_game_sentinel():
    from judge.engine import game

    assert game.NOT_MINE is NOT_MINE


def test_game_memory_lives_in_the_state():
    from judge.engine.cards import load_cards  # noqa: F401  (the engine needs a pool; an empty one will do)
    from judge.engine.engine import Engine
    from judge.engine.game import GameModule

    class Tiny(GameModule):
        id = "tiny-memory"

    eng = Engine(Tiny(), pool=None)
    defaults = {"seen": []}
    mem = eng.memory("tiny.seen", defaults)
    mem["seen"].append(1)
    assert defaults == {"seen": []}  # the defaults are copied, never shared
    assert eng.memory("tiny.seen") is mem and eng.state.memory["tiny.seen"] == {"seen": [1]}
    snap = eng.state.snapshot()
    mem["seen"].append(2)
    assert snap.memory["tiny.seen"] == {"seen": [1]}
    eng.memo["k"] = 1
    assert eng.state.memory["memo"] == {"k": 1}
