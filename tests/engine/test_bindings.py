"""Rule bindings as data (judge/engine/bindings.py): rules.yaml loading and its errors, the
conversion dump, unbound keys, and where each key is implemented."""
from __future__ import annotations

import importlib
import sys
import textwrap

import pytest

from judge.engine.bindings import check_ids, dump_rules_file, load_rules_file, scan_file
from judge.engine.game import mechanics_report
from judge.engine.game import get_game, known_games
from judge.engine.rules import Registry, rule_id
from judge.errors import BadInputError


def _load(tmp_path, text: str, game: str = "tiny") -> Registry:
    path = tmp_path / "rules.yaml"
    path.write_text(textwrap.dedent(text))
    reg = Registry(game)
    load_rules_file(path, reg)
    return reg


def test_short_ids_are_qualified_once():
    assert rule_id("huntik", "701.4a") == "huntik:701.4a"
    assert rule_id("huntik", "huntik:701.4a") == "huntik:701.4a"
    reg = Registry("huntik")
    reg.bind("chain_lifo", "701.4", "huntik:701.5")
    assert reg.mechanics["chain_lifo"].ids == ("huntik:701.4", "huntik:701.5")


def test_rules_file_binds_and_records_lines(tmp_path):
    reg = _load(tmp_path, """\
        game: tiny
        mechanics:
          chain_lifo:
            ids: ["1.2"]
          go_again:
            ids: [rule:go-again, "3.1"]
            does: a player may take another turn
            off: no extra turns
        """)
    assert reg.mechanics["chain_lifo"].ids == ("tiny:1.2",)
    assert reg.mechanics["go_again"].does == "a player may take another turn"
    assert reg.sources["go_again"][1:] == (5, [6, 6])


@pytest.mark.parametrize("text, line, problem", [
    ("game: tiny\nmechanic: {}\n", 2, "unknown field 'mechanic'"),
    ("game: other\nmechanics: {}\n", 1, "expected 'tiny'"),
    ("game: tiny\nmechanics:\n  chain_lifo:\n    ids: [a]\n    doe: x\n", 5, "unknown field 'doe'"),
    ("game: tiny\nmechanics:\n  go_again:\n    ids: [a]\n", 3, "give 'does' and 'off'"),
    ("game: tiny\nmechanics:\n  chain_lifo:\n    ids: []\n", 4, "non-empty list"),
    ("game: tiny\nmechanics:\n  chain_lifo:\n    ids:\n      - a\n      - 1.5\n", 6, "is not a text"),
    ("game: tiny\nmechanics:\n  chain_lifo: {ids: [a]}\n  chain_lifo: {ids: [b]}\n", 4, "duplicate key"),    ("game: tiny\nabsent:\n  go_again: {ids: [a], why: x}\n", 3, "only a core mechanic"),
    ("game: tiny\nmechanics:\n  chain_lifo: {ids: [a]}\nabsent:\n  chain_lifo: {ids: [b], why: x}\n", 5,
     "also bound"),
    ("game: tiny\nabsent:\n  chain_lifo: {ids: [b]}\n", 3, "expected {ids"),
    ("game: tiny\nabsent:\n  chain_lifo: {ids: [], why: x}\n", 3, "expected {ids"),
    ("game: tiny\nabsent: [chain_lifo]\n", 2, "'absent' is a mapping"),
])
def test_bad_rules_file_names_file_line_and_problem(tmp_path, text, line, problem):
    with pytest.raises(BadInputError) as err:
        _load(tmp_path, text)
    assert err.value.line == line and problem in err.value.problem and err.value.path.endswith("rules.yaml")


@pytest.mark.parametrize("game", known_games())
def test_dump_round_trips_every_game(tmp_path, game):
    reg = get_game(game).registry
    path = tmp_path / "rules.yaml"
    path.write_text(dump_rules_file(reg))
    again = Registry(game)
    load_rules_file(path, again)
    assert again.mechanics == reg.mechanics and again.absent == reg.absent


def test_ids_missing_from_the_corpus_are_named(tmp_path):
    game = get_game("huntik")
    known = game.registry.ids() - {"huntik:701.4a"}
    errs = check_ids(game, known)
    assert [e.problem for e in errs] == ["mechanic 'no_refund_on_cancel': rule id 'huntik:701.4a' is not an entry "
                                         "of the corpus"]


def test_every_bound_id_is_in_the_corpus():
    from judge.scenarios.loader import graph_ids

    known = graph_ids(None)
    if known is None:
        pytest.skip("graph check switched off")
    for g in known_games():
        assert check_ids(get_game(g), known) == []


def test_unbound_key_used_by_game_code_is_an_error(tmp_path, monkeypatch):
    root = tmp_path / "unboundgame"
    root.mkdir()
    (root / "__init__.py").write_text(textwrap.dedent("""\
        from judge.engine.game import GameModule
        MODULES = ("combat",)
        class G(GameModule):
            id = "unboundgame"
        GAME = G
        """))
    (root / "combat.py").write_text("def observe(eng, events):\n    if eng.applies('mystery'):\n        pass\n")
    (root / "rules.yaml").write_text("game: unboundgame\nmechanics:\n  chain_lifo: {ids: [a]}\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("unboundgame", None)
    with pytest.raises(BadInputError) as err:
        importlib.import_module("unboundgame").GAME()
    assert err.value.path.endswith("combat.py") and err.value.line == 2
    assert "'mystery'" in err.value.problem and "rules.yaml" in err.value.problem
    (root / "rules.yaml").write_text("game: unboundgame\nmechanics:\n  mystery: {ids: [a], does: x, off: y}\n")
    game = importlib.import_module("unboundgame").GAME()
    assert game.registry.mechanics["mystery"].ids == ("unboundgame:a",)
    assert game.registry.sources["mystery"][0].endswith("rules.yaml")


def test_unbound_key_at_run_time_is_an_error():
    from judge.engine.engine import Engine
    from judge.engine.game import GameModule
    from judge.engine.rules import UnboundMechanicError

    class Tiny(GameModule):
        id = "tiny-unbound"

    eng = Engine(Tiny(), pool=None)
    assert eng.on("chain_lifo") and eng.applies("chain_lifo")  # a core mechanic nobody binds: on, untraced
    assert eng.step.rules == []
    with pytest.raises(UnboundMechanicError, match="'mystery'"):
        eng.on("mystery")


def test_applies_records_only_when_on():
    from judge.engine.engine import Engine
    from judge.engine.game import GameModule

    class Tiny(GameModule):
        id = "tiny-applies"

        def bind_rules(self, reg):
            reg.bind("chain_lifo", "1.1")

    assert Engine(Tiny(), pool=None, ablate=["tiny-applies:1.1"]).applies("chain_lifo") is False
    eng = Engine(Tiny(), pool=None)
    assert eng.applies("chain_lifo") and eng.step.rules == ["tiny-applies:1.1"]


def test_scan_finds_function_and_line(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("class C:\n    def go(self, eng):\n        return eng.on('k') and eng.fire('k')\n")
    sites = scan_file(f)
    assert [(s.key, s.function, s.line, s.call) for s in sites] == [("k", "C.go", 3, "on"), ("k", "C.go", 3, "fire")]


def test_rule_report_names_module_and_function():
    rows = mechanics_report("huntik", "huntik:701.2")
    assert rows and rows[0]["key"] == "exhaust_power_needs_ready"
    assert rows[0]["module"] == "judge/games/huntik/actions.py" and rows[0]["function"] == "can_use"
    core = mechanics_report("warhammer-invasion", "warhammer-invasion:clarification:illegal-target")
    assert core[0]["module"].startswith("judge/engine/") and core[0]["function"]


def test_absent_core_mechanics_are_read_with_their_rules(tmp_path):
    reg = _load(tmp_path, """\
        game: tiny
        mechanics:
          chain_lifo:
            ids: ["1.2"]
        absent:
          condition_recheck:
            ids: ["7.3"]
            why: a restriction functions only where the card is played from
        """)
    m = reg.absent["condition_recheck"]
    assert m.ids == ("tiny:7.3",) and m.does.startswith("a restriction") and m.off.startswith("the core default")
    assert "condition_recheck" not in reg.mechanics and reg.sources["condition_recheck"][1:] == (6, [7])


def test_an_absent_mechanic_is_off_until_the_rule_leaving_it_out_is_switched_off():
    from judge.engine.engine import Engine

    game = get_game("huntik")
    assert game.registry.absent, "Huntik leaves core mechanics out (rules.yaml absent:)"
    eng = Engine(game, pool=None)
    assert not eng.on("condition_recheck") and eng.left_out("condition_recheck")
    assert not eng.on("target_recheck") and eng.left_out("target_recheck")
    back = Engine(game, pool=None, ablate={"huntik:703.2"})
    assert back.on("condition_recheck") and not back.left_out("condition_recheck")
    assert not back.on("target_recheck")  # left out by other rules, still on
    # where the core default is a rule of the game (Warhammer binds the recheck), nothing is left out
    whi = get_game("warhammer-invasion")
    eng = Engine(whi, pool=None)
    assert eng.on("condition_recheck") and not eng.left_out("condition_recheck")


def test_rule_report_lists_the_mechanic_a_rule_leaves_out():
    rows = mechanics_report("huntik", "huntik:703.2")
    left = [r for r in rows if r["left_out"]]
    assert [r["key"] for r in left] == ["condition_recheck"]
    assert left[0]["function"] == "ChainMixin._resolve_item"
    assert all(not r["left_out"] for r in mechanics_report("warhammer-invasion",
                                                          "warhammer-invasion:clarification:resolving-a-card-effect"))


def test_scan_lists_a_key_handed_on_or_kept_in_a_table_after_the_direct_asks(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("KEYS = {'a': 'left_out_key'}\n"
                 "def go(eng):\n    expire(eng, 'handed_key')\n    return eng.on('asked_key') and eng.log('x y')\n")
    sites = {(s.key, s.function, s.call) for s in scan_file(f)}
    assert sites == {("left_out_key", "(module)", "names"), ("handed_key", "go", "names"), ("asked_key", "go", "on")}


def test_every_bound_mechanic_of_every_game_has_code_that_implements_it():
    """`judge rule` never shows a bound mechanic as '(no code asks for it)': a key asked for directly,
    handed to a helper that asks for it, or kept in a table of keys."""
    from judge.engine.bindings import implementations
    from judge.engine.game import get_game, known_games

    missing = [(g, k) for g in known_games() for k in get_game(g).registry.mechanics
               if not implementations(get_game(g), k)]
    assert missing == []


def test_a_core_mechanic_left_out_after_a_first_engine_is_off_in_the_next():
    from judge.engine.engine import Engine
    from judge.engine.game import GameModule

    class Tiny(GameModule):
        id = "tiny-late-absent"

        def bind_rules(self, reg):
            reg.bind("chain_lifo", "1.1")

    game = Tiny()
    assert Engine(game, pool=None).on("target_recheck")
    game.registry.mark_absent("target_recheck", "1.2", why="targets are not checked again")
    assert not Engine(game, pool=None).on("target_recheck")
