"""Bad input never shows a traceback: every malformed scenario, card, YAML file or expression is a
BadInputError naming the file, the line and what is wrong (exit 2 at the CLI, JSON under --json).

Each case changes one thing in a small, valid Huntik scenario, as a careless user would. How long
they take and how much memory they use is measured by bench/bench_bad_input.py, not here.
"""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from judge.cli import cli
from judge.engine.expr import ExprError, parse
from judge.errors import BadInputError
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

BASE = """\
game: huntik
state:
  active: A
  lead: A
  round: 2
  A:
    zone1: ["Venadek, Scruffy Scrapper", Lok Lambert]
  B:
    zone1: [Suit Grunt]
actions:
  - {start: round}
"""
LOK = "Lok Lambert]"
ACTION = "  - {start: round}"
EXPECT = "expect:\n  - "

# (case id, text to replace, replacement, line of the error, words the message must contain)
CASES = [
    ("game-list", "game: huntik", "game: [huntik]", 1, "'game' must be text"),
    ("game-mapping", "game: huntik", "game: {id: huntik}", 1, "'game' must be text"),
    ("game-number", "game: huntik", "game: 3", 1, "game id"),
    ("game-unknown", "game: huntik", "game: hunttik", 1, "unknown game 'hunttik'"),
    ("play-list", ACTION, "  - {player: A, play: [Lok Lambert]}", 11, "label (text)"),
    ("play-mapping", ACTION, "  - {player: A, play: {card: Lok Lambert}}", 11, "label (text)"),
    ("card-as-list", LOK, "[Lok Lambert]]", 7, "a card in a zone is a name or a mapping"),
    ("card-as-number", LOK, "42]", 7, "not 42"),
    ("card-null", LOK, "null]", 7, "not None"),
    ("card-field-list", LOK, "{card: [Lok Lambert]}]", 7, "card field 'card'"),
    ("zone-as-number", "    zone1: [\"Venadek", "    3: [\"Venadek", 7, "unknown zone 3"),
    ("zone-value-number", 'zone1: ["Venadek, Scruffy Scrapper", Lok Lambert]', "zone1: 3", 7,
     "must be a list of cards"),
    ("zone-value-text", 'zone1: ["Venadek, Scruffy Scrapper", Lok Lambert]', "zone1: Lok Lambert", 7,
     "must be a list of cards"),
    ("attached-to-list", LOK, "{card: Lok Lambert, attached_to: [Suit Grunt]}]", 7, "attached_to"),
    ("attached-to-unknown", LOK, "{card: Lok Lambert, attached_to: Suit Grunth}]", 7, "did you mean 'Suit Grunt'"),
    ("counters-text", LOK, "{card: Lok Lambert, counters: abc}]", 7, "counters"),
    ("counters-list", LOK, "{card: Lok Lambert, counters: [a]}]", 7, "counters"),
    ("counters-value-text", LOK, "{card: Lok Lambert, counters: {a: b}}]", 7, "counters"),
    ("damage-text", LOK, "{card: Lok Lambert, damage: lots}]", 7, "damage"),
    ("exhausted-text", LOK, "{card: Lok Lambert, exhausted: maybe}]", 7, "true or false"),
    ("flags-number", LOK, "{card: Lok Lambert, flags: 3}]", 7, "list of flag names"),
    ("controller-unknown", LOK, "{card: Lok Lambert, controller: Z}]", 7, "a player (A, B)"),
    ("entered-text", LOK, "{card: Lok Lambert, entered: soon}]", 7, "whole number"),
    ("label-list", LOK, "{card: Lok Lambert, label: [x]}]", 7, "'label' must be text"),
    ("unknown-card-field", LOK, "{card: Lok Lambert, hp: 3}]", 7, "unknown card field"),
    ("state-list", BASE[BASE.index("state:"):BASE.index("actions:")], "state: [a]\n", 2, "'state' must be a mapping"),
    ("player-list", "  B:\n    zone1: [Suit Grunt]", "  B: [Suit Grunt]", 8, "state.B must be a mapping"),
    ("state-var-text", "  round: 2", "  round: lots", 5, "'round' must be a whole number"),
    ("state-var-player", "  active: A", "  active: Z", 3, "'active' must be a player"),
    ("dice-text", "  round: 2", "  round: 2\n  dice: abc", 6, "'dice'"),
    ("player-field-text", "  B:\n", "  B:\n    attacks: lots\n", 9, "B.attacks must be a number"),
    ("actions-mapping", "actions:\n  - {start: round}", "actions: {start: round}", 10, "'actions' must be a list"),
    ("action-text", ACTION, "  - start round", 11, "each action must be a mapping"),
    ("action-no-verb", ACTION, "  - {player: A}", 11, "action has no verb"),
    ("action-unknown-field", ACTION, "  - {start: round, colour: red}", 11, "unknown action field"),
    ("player-number", ACTION, "  - {player: 1, play: Lok Lambert}", 11, "unknown player 1"),
    ("targets-text", ACTION, "  - {player: A, play: Lok Lambert, targets: Suit Grunt}", 11, "'targets' must be a list"),
    ("targets-number", ACTION, "  - {player: A, play: Lok Lambert, targets: [3]}", 11, "in targets"),
    ("x-text", ACTION, "  - {player: A, play: Lok Lambert, x: lots}", 11, "'x' must be a whole number"),
    ("pass-list", ACTION, "  - {pass: [A]}", 11, "'pass' is 'all' or a player"),
    ("effect-number", ACTION, "  - {player: A, effect: 3}", 11, "'effect' is a list of steps"),
    ("effect-bad-filter", ACTION, "  - {player: A, effect: [{ko: {all: \"it.type == == 3\"}, filter: \"it.x ==\"}]}",
     11, "in 'effect'"),
    ("zone-in-action-number", ACTION, "  - {player: A, play: Lok Lambert, zone: 3}", 11, "'zone' must be text"),
    ("try-text", ACTION, "  - {player: A, play: Lok Lambert, try: maybe}", 11, "'try' must be true or false"),
    ("expect-mapping", None, "expect: {card: Lok Lambert}\n", 12, "'expect' must be a list"),
    ("expect-text", None, "expect: hello\n", 12, "'expect' must be a list"),
    ("expect-item-text", None, "expect: [hello]\n", 12, "each expectation must be a mapping"),
    ("expect-card-list", None, EXPECT + "{card: [Lok Lambert], zone: A.zone1}\n", 13, "label (text)"),
    ("expect-zone-number", None, EXPECT + "{card: Lok Lambert, zone: 3}\n", 13, "unknown zone 3"),
    ("expect-counters-text", None, EXPECT + "{card: Lok Lambert, counters: abc}\n", 13, "'counters'"),
    ("expect-attached-to-list", None, EXPECT + "{card: Lok Lambert, attached_to: [x]}\n", 13, "attached_to"),
    ("expect-zone-count-text", None, EXPECT + "{player: A, zone_count: abc}\n", 13, "'zone_count'"),
    ("expect-order-text", None, EXPECT + "{order: abc}\n", 13, "'order' must be a list"),
    ("expect-rules-applied-text", None, EXPECT + "{rules_applied: abc}\n", 13, "'rules_applied'"),
    ("expect-event-list", None, EXPECT + "{event: [a]}\n", 13, "event type (text)"),
    ("expect-zone-cards-split", None, EXPECT + "{zone: A.zone1, cards: [Venadek, Scruffy Scrapper, Lok Lambert]}\n",
     13, 'write ["Venadek, Scruffy Scrapper"]'),
    ("expect-no-subject", None, EXPECT + "{damage: 3}\n", 13, "an expectation needs one of"),
    ("expect-zone-misspelt-key", None, EXPECT + "{zone: A.zone1, cardz: [Lok Lambert]}\n", 13,
     "unknown key 'cardz' in a zone expectation"),
    ("expect-zone-in-order-alone", None, EXPECT + "{zone: A.zone1, in_order: true}\n", 13, "'in_order'"),
    ("expect-zone-in-order-text", None, EXPECT + "{zone: A.zone1, cards: [Lok Lambert], in_order: yes please}\n",
     13, "'in_order'"),
    ("versions-list", None, "versions: [a, b]\n", 12, "'versions' must map"),
    ("versions-text", None, "versions: printed\n", 12, "'versions' must map"),
    ("versions-value-list", None, "versions: {Lok Lambert: [x]}\n", 12, "printed or errata"),
    ("versions-unknown-card", None, "versions: {Lok Lambret: printed}\n", 12, "did you mean 'Lok Lambert'"),
    ("cites-text", None, "cites: huntik:702.2\n", 12, "'cites' must be a list"),
    ("ruling-list", None, "ruling: [huntik:702.2]\n", 12, "'ruling' must be text"),
    ("question-list", None, "question: [a]\n", 12, "'question' must be text"),
    ("unknown-top-field", None, "colour: red\n", 12, "unknown field(s): 'colour'"),
    ("cards-text", None, "cards: My Card\n", 12, "'cards' must be a list"),
    ("inline-card-text", None, "cards: [My Card]\n", 12, "each card must be a mapping with a 'name'"),
    ("inline-card-no-name", None, "cards:\n  - {type: hero}\n", 13, "each card must be a mapping with a 'name'"),
    ("inline-card-stats-text", None, "cards:\n  - {name: X, type: hero, stats: strong}\n", 13, "'stats' must be a mapping"),
    ("inline-card-stat-text", None, "cards:\n  - {name: X, type: hero, stats: {atk: lots}}\n", 13, "stat 'atk'"),
    ("inline-card-traits-text", None, "cards:\n  - {name: X, type: hero, traits: Seeker}\n", 13, "'traits' must be a list"),
    ("inline-card-unknown-field", None, "cards:\n  - {name: X, type: hero, power: 3}\n", 13, "unknown field(s) power"),
    ("inline-ability-text", None, "cards:\n  - name: X\n    abilities:\n      - deal 2 damage\n", 15,
     "each ability must be a mapping"),
    ("inline-ability-kind", None, "cards:\n  - name: X\n    abilities:\n      - {kind: spell}\n", 15,
     "ability kind 'spell' unknown"),
    ("inline-created-trigger-next-misplaced", None,
     "cards:\n  - name: X\n    abilities:\n      - kind: play\n        steps:\n"
     "          - create: {kind: trigger, next: true, on: {event: round_ends}, steps: []}\n", 17,
     "a created trigger's 'next' belongs in its 'on'"),
    ("inline-created-trigger-unknown-field", None,
     "cards:\n  - name: X\n    abilities:\n      - kind: play\n        steps:\n"
     "          - create: {kind: trigger, on: {event: round_ends}, lasts: turn, steps: []}\n", 17,
     "unknown field(s) lasts in a created trigger"),
    ("inline-trigger-on-misspelt", None,
     "cards:\n  - name: X\n    abilities:\n      - kind: trigger\n        on: {event: round_ends, fliter: \"true\"}\n"
     "        steps: []\n", 16, "unknown field(s) fliter in 'on'"),
    ("inline-trigger-on-no-event", None,
     "cards:\n  - name: X\n    abilities:\n      - kind: trigger\n        on: {filter: \"true\"}\n"
     "        steps: []\n", 16, "'on' must name its event"),
    ("inline-trigger-event-misspelt", None,
     "cards:\n  - name: X\n    abilities:\n      - kind: trigger\n        on: {event: round_ends}\n"
     "        steps: []\n", 16, "produce no event 'round_ends', so this would never trigger; did you mean"),
    ("inline-given-trigger-event-misspelt", None,
     "cards:\n  - name: X\n    abilities:\n      - kind: play\n        steps:\n"
     "          - modify: {target: this, grant_powers: [{kind: trigger, on: {event: enter_play}, steps: []}]}\n",
     17, "produce no event 'enter_play'"),
    ("inline-created-replacement-misspelt", None,
     "cards:\n  - name: X\n    abilities:\n      - kind: play\n        steps:\n"
     "          - create: {kind: replacement, replaces: {event: damage, when: x}, instead: []}\n", 17,
     "unknown field(s) when in 'replaces'"),
    ("inline-given-trigger-on-misspelt", None,
     "cards:\n  - name: X\n    abilities:\n      - kind: play\n        steps:\n"
     "          - modify: {target: this, grant_powers: [{kind: trigger, on: {event: ko, fliter: x}, steps: []}]}\n",
     17, "unknown field(s) fliter in 'on'"),
    ("inline-given-power-kind", None,
     "cards:\n  - name: X\n    abilities:\n      - kind: play\n        steps:\n"
     "          - modify: {target: this, grant_powers: [{kind: triggered, steps: []}]}\n",
     17, "ability kind 'triggered' unknown"),
    ("inline-steps-text", None, "cards:\n  - name: X\n    abilities:\n      - {kind: play, steps: boom}\n", 15,
     "'steps' must be a list"),
    ("inline-step-unknown", None, "cards:\n  - name: X\n    abilities:\n      - kind: play\n        steps:\n"
     "          - {explode: this}\n", 17, "unknown step 'explode'"),
    ("inline-filter-number", None, "cards:\n  - name: X\n    abilities:\n      - kind: play\n        targets:\n"
     "          - {name: v, filter: 3}\n", 17, "'filter' must be an expression"),
    ("inline-filter-token", None, "cards:\n  - name: X\n    abilities:\n      - kind: play\n        targets:\n"
     "          - {name: v, filter: \"it.type === 'hero'\"}\n", 17, "cannot read"),
    ("inline-filter-nested", None, "cards:\n  - name: X\n    abilities:\n      - kind: play\n        targets:\n"
     "          - {name: v, filter: \"" + "(" * 200 + "true" + ")" * 200 + "\"}\n", 17, "nested more than"),
    ("inline-filter-garbage", None, "cards:\n  - name: X\n    abilities:\n      - kind: play\n        condition: \"@@ ##\"\n",
     16, "cannot read '@@ ##'"),
    ("inline-card-twice", None, "cards:\n  - {name: X, type: hero}\n  - {name: X, type: hero}\n", 14, "defined twice"),
    ("inline-errata-text", None, "cards:\n  - {name: X, errata: new text}\n", 13, "'errata' must be a mapping"),
]


def _case_text(old: str | None, new: str) -> str:
    if old is None:
        return BASE + new
    assert old in BASE, old
    return BASE.replace(old, new, 1)


@pytest.mark.parametrize("case, old, new, line, words", CASES, ids=[c[0] for c in CASES])
def test_bad_scenario_names_file_line_and_problem(tmp_path, case, old, new, line, words):
    path = tmp_path / f"{case}.yaml"
    path.write_text(_case_text(old, new), encoding="utf-8")
    with pytest.raises(BadInputError) as info:
        load_fixture(path, known_ids=None)
    err = info.value
    assert err.path and err.path.endswith(f"{case}.yaml")
    assert err.line == line, str(err)
    assert words in err.problem, str(err)


def test_the_base_scenario_is_good(tmp_path):
    path = tmp_path / "good.yaml"
    path.write_text(BASE, encoding="utf-8")
    assert replay(load_fixture(path, known_ids=None)).status == "replayed"


def test_cli_exit_2_with_file_and_line_and_json_under_json(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(_case_text(LOK, "{card: Lok Lambert, counters: abc}]"), encoding="utf-8")
    res = CliRunner().invoke(cli, ["replay", str(path)])
    assert res.exit_code == 2 and "Traceback" not in res.output
    assert f"{path}:7:" in res.output and "counters" in res.output
    res = CliRunner().invoke(cli, ["replay", str(path), "--json"])
    assert res.exit_code == 2
    err = json.loads(res.output)["error"]
    assert err["line"] == 7 and err["path"] == str(path) and "counters" in err["message"]


# -- files that are not scenarios at all ---------------------------------------------------------

ALIAS_BOMB = "".join(f"{a}: &{a} [{', '.join([f'*{p}'] * 10 if p else ['x'] * 10)}]\n"
                     for p, a in zip([""] + list("abcdefgh"), "abcdefghi"))


@pytest.mark.parametrize("case, content, words", [
    ("empty", b"", "this file is empty"),
    ("comment-only", b"# nothing here\n", "this file is empty"),
    ("a-list", b"- a\n- b\n", "this file is a list"),
    ("binary", b"\x00\x01\x02\xff\xfe\x89PNG\r\n", "binary file"),
    ("utf-16", "game: huntik\n".encode("utf-16"), "UTF-16"),
    ("latin-1", "# café\ngame: huntik\n".encode("latin-1"), "not UTF-8"),
    ("tabs", BASE.replace("  A:", "\tA:").encode(), "tab"),
    ("two-documents", (BASE + "---\n" + BASE).encode(), "second one"),
    ("duplicate-key", (BASE + "game: huntik\n").encode(), "duplicate key 'game'"),
    ("python-tag", b"!!python/object/apply:os.system [echo hi]\n", "could not determine a constructor"),
    ("alias-bomb", ALIAS_BOMB.encode(), "alias"),
    ("recursive-alias", b"a: &a [*a]\n", "refers to itself"),
    ("deep-nesting", (BASE + "note: " + "[" * 5000 + "]" * 5000 + "\n").encode(), "nested more than"),
])
def test_bad_files_are_refused_with_a_message(tmp_path, case, content, words):
    path = tmp_path / f"{case}.yaml"
    path.write_bytes(content)
    with pytest.raises(BadInputError) as info:
        load_fixture(path, known_ids=None)
    assert words in str(info.value) and str(path) in str(info.value)


def test_alias_bomb_is_refused_before_it_is_expanded(tmp_path):
    """Nine levels of ten aliases: 10^9 values if expanded. Refused from the composed nodes."""
    from judge.engine.yamlload import load_yaml_text

    with pytest.raises(BadInputError) as info:
        load_yaml_text(ALIAS_BOMB, "bomb.yaml")
    assert "alias bomb" in str(info.value) or "aliases" in str(info.value)


def test_a_few_aliases_are_fine():
    from judge.engine.yamlload import load_yaml_text

    assert load_yaml_text("a: &x [1, 2]\nb: *x\n", "ok.yaml") == {"a": [1, 2], "b": [1, 2]}


def test_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "bom.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + BASE.encode())
    assert load_fixture(path, known_ids=None).game == "huntik"


def test_oversize_file_is_refused_without_reading_it(tmp_path, monkeypatch):
    from judge.engine import yamlload

    monkeypatch.setattr(yamlload, "MAX_BYTES", 1000)
    path = tmp_path / "big.yaml"
    path.write_text(BASE + "note: " + "x" * 2000 + "\n", encoding="utf-8")
    with pytest.raises(BadInputError) as info:
        load_fixture(path, known_ids=None)
    assert "too large" in str(info.value)


def test_a_folder_or_a_symlink_loop_as_scenario(tmp_path):
    (tmp_path / "folder.yaml").mkdir()
    res = CliRunner().invoke(cli, ["replay", str(tmp_path / "folder.yaml")])
    assert res.exit_code == 2 and "folder" in res.output and "Traceback" not in res.output
    loop = tmp_path / "loop.yaml"
    loop.symlink_to(loop)
    res = CliRunner().invoke(cli, ["replay", str(loop)])
    assert res.exit_code == 2 and "cannot read" in res.output


# -- expressions ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text, words", [
    ("it.type == == 3", "unexpected '=='"),
    ("(" * 200 + "1" + ")" * 200, "nested more than"),
    ("not " * 300 + "x", "nested more than"),
    ("- " * 300 + "1", "nested more than"),
    ("@@@ garbage", "cannot read"),
    ("it.", "attribute name"),
    ("count(it.type == 'unit'", "expected ')'"),
    ("'unterminated", "cannot read"),
])
def test_expressions_the_parser_rejects_are_expr_errors(text, words):
    with pytest.raises(ExprError) as info:
        parse(text)
    assert words in str(info.value) and len(str(info.value)) < 300


def test_replay_json_error_of_a_refused_action_has_the_load_error_shape(tmp_path):
    # a replay that stops at a refused action reports its error as {message, path, line}, like a load
    # error, so a script reads one shape (the path used to sit inside the message string)
    path = tmp_path / "twice.yaml"
    path.write_text("""\
game: huntik
state:
  active: A
  lead: A
  round: 2
  in_combat: true
  A:
    zone1: ["Ashtoreth, Colossus"]
    hand: [Shadowspeed, Honorguard]
actions:
  - {player: A, use: "Ashtoreth, Colossus", ability: Colossal Blast, choose: [Shadowspeed]}
  - {pass: all}
  - {player: A, use: "Ashtoreth, Colossus", ability: Colossal Blast, choose: [Honorguard]}
expect:
  - {player: A, zone_count: {hand: 1}}
""", encoding="utf-8")
    res = CliRunner().invoke(cli, ["replay", str(path), "--json"])
    data = json.loads(res.output)
    assert data["status"] == "error", data
    err = data["error"]
    assert set(err) == {"message", "path", "line"} and err["path"] == str(path) and err["line"] == 13  # the refused use
    assert "limit 1 per combat" in err["message"] and str(path) not in err["message"]
    passed = json.loads(CliRunner().invoke(cli, ["replay", str(path).replace("twice", "x"), "--json"]).output)
    assert set(passed["error"]) == {"message", "exit_code", "path", "line"}  # a load error: the same keys + exit_code


def test_an_empty_expect_is_refused_it_would_pass_whatever_happens(tmp_path):
    path = tmp_path / "empty.yaml"
    path.write_text(BASE + "expect: []\n", encoding="utf-8")
    res = CliRunner().invoke(cli, ["replay", str(path)])
    assert res.exit_code == 2 and f"{path}:12:" in res.output and "'expect' is empty" in res.output
    path.write_text(BASE, encoding="utf-8")  # without expect: replayed, not passed
    assert replay(load_fixture(path, known_ids=None)).status == "replayed"
