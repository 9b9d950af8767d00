"""Scenarios a player can write: inline cards, card names that are close or split by a comma,
expectations without a ruling, `judge cards`, and `judge replay --explain` in game terms."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import cli
from judge.errors import BadInputError
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLE = ROOT / "examples" / "scenarios" / "goblin-ambush-own-cards.yaml"


def run(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_example_with_two_inline_cards_replays_and_passes():
    fx = load_fixture(EXAMPLE, known_ids=None)
    assert fx.pool is not None and {"Goblin Ambush", "Grim Offering"} <= set(fx.labels)
    out = replay(fx)
    assert out.status == "passed", (out.error, out.problems)


def test_inline_cards_stay_in_their_scenario():
    from judge.scenarios.loader import card_pool, default_corpus

    load_fixture(EXAMPLE, known_ids=None)
    assert "Goblin Ambush" not in card_pool("warhammer-invasion", str(default_corpus()))


def test_an_inline_card_shadows_a_game_card(tmp_path):
    """Dark Zealot with 5 hit points survives 2 damage; the game's own (3 hit points) would too,
    so the shadow gets 1 hit point: Goblin Ambush then destroys it."""
    text = EXAMPLE.read_text().replace("  - name: Grim Offering", "  - name: Dark Zealot\n    type: unit\n"
                                       "    cost: 2\n    stats: {power: 1, hp: 1}\n  - name: Grim Offering")
    text = text.replace("  - {player: B, play: Grim Offering, targets: [Dark Zealot]}\n", "")
    text = text[: text.index("expect:")] + "expect:\n  - {card: Dark Zealot, zone: B.discard}\n"
    scen = tmp_path / "shadow.yaml"
    scen.write_text(text, encoding="utf-8")
    out = replay(load_fixture(scen, known_ids=None))
    assert out.status == "passed", (out.error, out.problems)
    assert any(e["event"] == "damage_dealt" and e["card"] == "Dark Zealot" for e in out.engine.events)


def _scenario(tmp_path, zone1: str, name: str = "s.yaml") -> Path:
    path = tmp_path / name
    path.write_text(f"game: huntik\nstate:\n  A:\n    zone1: {zone1}\nactions: []\n", encoding="utf-8")
    return path


def test_did_you_mean_for_a_misspelt_card(tmp_path):
    with pytest.raises(BadInputError) as info:
        load_fixture(_scenario(tmp_path, "[Lok Lambret]"), known_ids=None)
    assert info.value.line == 4 and "did you mean 'Lok Lambert'?" in str(info.value)


def test_comma_in_a_name_needs_quotes(tmp_path):
    with pytest.raises(BadInputError) as info:
        load_fixture(_scenario(tmp_path, "[Venadek, Scruffy Scrapper, Lok Lambert]"), known_ids=None)
    msg = str(info.value)
    assert "unknown card 'Venadek'" in msg and "must be quoted" in msg
    assert '["Venadek, Scruffy Scrapper"]' in msg


def test_comma_split_name_in_an_action(tmp_path):
    path = tmp_path / "act.yaml"
    path.write_text('game: huntik\nstate:\n  A:\n    zone1: ["Venadek, Scruffy Scrapper"]\n'
                    "actions:\n  - {player: A, use: Venadek, Scruffy Scrapper}\n", encoding="utf-8")
    with pytest.raises(BadInputError) as info:
        load_fixture(path, known_ids=None)
    assert info.value.line == 6 and 'write {use: "Venadek, Scruffy Scrapper"}' in str(info.value)


def test_unknown_target_suggests_the_scenario_card(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text("game: huntik\nstate:\n  A:\n    zone1: [Lok Lambert]\n  B:\n    zone1: [Suit Grunt]\n"
                    "actions:\n  - {player: A, play: Lok Lambert, targets: [Suit Grnt]}\n", encoding="utf-8")
    with pytest.raises(BadInputError) as info:
        load_fixture(path, known_ids=None)
    assert info.value.line == 8 and "did you mean 'Suit Grunt'?" in str(info.value)


def test_expect_without_ruling_outside_rulings(tmp_path):
    text = EXAMPLE.read_text()
    assert "ruling:" not in text and "cites:" not in text and "expect:" in text
    mine = tmp_path / "mine.yaml"
    mine.write_text(text, encoding="utf-8")
    assert load_fixture(mine, known_ids=None).expect


def test_expect_under_rulings_still_needs_the_ruling(tmp_path):
    path = tmp_path / "rulings" / "warhammer-invasion" / "mine" / "x.ruling.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(EXAMPLE.read_text(), encoding="utf-8")
    with pytest.raises(BadInputError) as info:
        load_fixture(path, known_ids=None)
    assert "needs ruling, cites, answer" in str(info.value)


def test_replay_explain_reads_in_game_terms_and_ends_with_the_board(tmp_path, monkeypatch):
    res = run("replay", str(EXAMPLE), "--explain")
    out = res.output
    assert res.exit_code == 0, out
    for leak in ("zone_change", "ability=", "ability 1", "{'", "it.type", "card_played"):
        assert leak not in out, leak
    assert "A pays 2 resources" in out
    assert "Dark Zealot moves from B's battlefield to B's discard pile (sacrificed)" in out
    assert "Goblin Ambush's effect is cancelled: its target is no longer legal" in out
    # each rule named with its short text the first time it applies
    assert re.search(r"warhammer-invasion:clarification:illegal-target - Illegal Target: If a card effect", out)
    board = out[out.index("Final board:"):]
    assert "A (resources: 1):" in board and "discard pile: Goblin Ambush" in board
    assert "B:" in board and "hand: Clanrat Clawleader" in board
    assert out.rstrip().endswith("PASSED")


def test_replay_error_says_error_once(tmp_path):
    path = tmp_path / "err.yaml"
    path.write_text("game: huntik\nstate:\n  A:\n    hand: [Lok Lambert]\nactions:\n"
                    "  - {player: A, choose: [yes]}\n", encoding="utf-8")
    res = run("replay", str(path), "--explain")
    assert res.exit_code == 1 and res.output.count("ERROR") == 1 and f"{path}:6:" in res.output


def test_board_shows_damage_exhausted_counters_and_controller(tmp_path):
    path = tmp_path / "board.yaml"
    path.write_text("game: huntik\nstate:\n  A:\n    zone1: [{card: Lok Lambert, damage: 1, exhausted: true, "
                    "counters: {power: 2}}]\n  B:\n    zone1: [{card: Suit Grunt, controller: A}]\nactions: []\n",
                    encoding="utf-8")
    out = run("replay", str(path), "--explain").output
    assert "zone 1: Lok Lambert (1 damage, exhausted, 2 power counters)" in out
    assert "Suit Grunt (owned by B)" in out  # a card A controls sits in A's zone


def test_board_shows_a_players_number_paid_down_to_zero_not_untouched_zeros(tmp_path):
    path = tmp_path / "zero.yaml"
    path.write_text("game: vs-system\nstate:\n  active: A\n  phase: build\n  A:\n    endurance: 3\n"
                    "actions:\n  - {player: A, effect: [{lose_endurance: 3}]}\n", encoding="utf-8")
    out = run("replay", str(path), "--explain").output
    assert "A (endurance: 0):" in out  # set by the scenario, paid down to 0: shown
    assert "B (" not in out and "\n  B:" in out  # B's endurance was never given: its 0 is left out


def test_replay_help_examples_exist():
    res = run("replay", "--help")
    paths = re.findall(r"judge replay (\S+\.yaml)", res.output)
    assert paths and all((ROOT / p).is_file() for p in paths), paths
    assert "examples/scenarios/goblin-ambush-own-cards.yaml" in (ROOT / "README.md").read_text()


def test_judge_cards_lists_cards_zones_and_actions():
    res = run("cards", "--game", "warhammer-invasion")
    assert res.exit_code == 0
    assert "Zones: deck, hand, discard" in res.output and "attack:" in res.output and "play:" in res.output
    assert re.search(r"Flames of Tzeentch \(tactic; cost X\): Action: Deal X damage", res.output)
    data = json.loads(run("cards", "--game", "huntik", "--json").output)
    assert data["game"] == "huntik" and "zone1" in data["zones"] and "start" in data["actions"]
    assert any(c["name"] == "Venadek, Scruffy Scrapper" for c in data["cards"])
    # the expression functions a card may call: the core's and the game's own
    assert "count" in data["functions"] and "capital" not in data["functions"]
    assert re.search(r"Expression functions: .*\bcapital\b.*\bcount\b", res.output)


def test_judge_cards_unknown_game_is_bad_input_json():
    res = CliRunner().invoke(cli, ["cards", "--game", "nope", "--json"])
    assert res.exit_code == 2 and "unknown game 'nope'" in json.loads(res.output)["error"]["message"]


def test_replay_explain_json_has_words_rule_texts_and_board():
    data = json.loads(run("replay", str(EXAMPLE), "--explain", "--json").output)
    assert data["status"] == "passed"
    said = [line for step in data["steps"] for line in step["said"]]
    assert "A plays Goblin Ambush, targeting Dark Zealot" in said
    assert data["rule_texts"]["warhammer-invasion:clarification:illegal-target"].startswith("Illegal Target")
    assert data["board"]["A"]["fields"]["resources"] == 1
    assert [c["card"] for c in data["board"]["B"]["zones"]["discard"]] == ["Dark Zealot", "Grim Offering"]


VS_PLAYER_SCENARIOS = sorted((ROOT / "examples" / "scenarios" / "vs-system").glob("*.yaml"))


@pytest.mark.parametrize("path", VS_PLAYER_SCENARIOS, ids=lambda p: p.stem)
def test_vs_player_scenarios_written_from_the_faq_pass(path):
    """Scenarios written from the Marvel Knights FAQ's text that no cited rule derives (so they are
    not ruling fixtures) still come out as the text says."""
    out = replay(load_fixture(path, known_ids=None))
    assert out.status == "passed", (path.name, out.error, out.problems)


def test_vs_player_scenarios_are_there():
    assert len(VS_PLAYER_SCENARIOS) >= 8


def test_explain_names_a_turn_by_its_number_where_the_game_logs_no_player():
    from judge.scenarios.explain import describe_event

    assert describe_event({"event": "turn_begins", "turn": 2}) == "turn 2 begins"  # Hatalom
    assert describe_event({"event": "turn_begins", "player": "B"}) == "B's turn begins"


def test_explain_names_a_created_replacement_by_its_source_and_a_player_event_by_its_player():
    """Advance Recon's 'would cause breakthrough' is an effect the plot twist created (the card has left
    play by then) replacing a player's event: both are named, never as an internal key or None."""
    res = run("replay", str(ROOT / "rulings" / "vs-system" / "attacking"
                            / "blind24-stand-down-mid-attack-advance-recon-then-next-turn.ruling.yaml"), "--explain")
    assert "Advance Recon replaces breakthrough of B" in res.output and "None" not in res.output


def test_explain_a_refused_action_without_a_player():
    from judge.scenarios.explain import describe_event

    text = describe_event({"event": "action_rejected", "reason": "something waits on the chain"})
    assert text.startswith("the rules refuse the action: ") and "None" not in text
