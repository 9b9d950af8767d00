"""Bad fixtures fail alone, with a message naming file, line and problem."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from judge.errors import BadInputError
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from judge.scenarios.verify import verify

BAD = Path(__file__).resolve().parent.parent / "fixtures_data" / "bad"
GOOD = Path(__file__).resolve().parent.parent.parent / "rulings" / "huntik" / "triggers" / "venadek-if-condition-false.ruling.yaml"


def _load_error(name: str) -> BadInputError:
    with pytest.raises(BadInputError) as info:
        load_fixture(BAD / name, known_ids=None)
    return info.value


def test_malformed_yaml_names_file_and_line():
    err = _load_error("malformed.yaml")
    assert err.path.endswith("malformed.yaml") and err.line in (7, 8, 9)
    assert "malformed YAML" in str(err)


def test_unknown_card_names_line_and_card():
    err = _load_error("unknown-card.yaml")
    assert err.line == 8 and "unknown card 'No Such Hero'" in str(err)
    assert "unknown-card.yaml:8:" in str(err)


def test_unknown_zone():
    err = _load_error("unknown-zone.yaml")
    assert err.line == 8 and "unknown zone 'zone9'" in str(err)


def test_unknown_function_in_own_card_is_a_load_error():
    # was: exit 1 at the play, "the engine cannot carry out this step (ExprError: ...)"
    err = _load_error("unknown-function.yaml")
    assert err.line == 8 and "unknown function 'is_hero'" in str(err) and "functions: any, count" in str(err)


def test_unknown_attribute_in_own_card_is_a_load_error():
    # was: every card refused as "not a legal target (it.hero_level > 2)", blamed on 704.1
    err = _load_error("unknown-attribute.yaml")
    assert err.line == 8 and "no attribute 'hero_level' in huntik" in str(err)


def test_scripted_effect_step_and_amount_checked_as_it_loads():
    err = _load_error("effect-unknown-step.yaml")  # nested under if/do
    assert err.line == 6 and "in 'effect': unknown step 'untap'" in str(err)
    err = _load_error("effect-bad-amount.yaml")
    assert err.line == 6 and "in 'effect'" in str(err) and "'2 +'" in str(err)


def test_own_card_shapes_that_stopped_the_replay():
    # was: "targets never used" (a trigger with no 'on'), TypeError / ValueError at the play
    err = _load_error("trigger-without-on.yaml")
    assert err.line == 7 and "a trigger ability needs 'on'" in str(err)
    err = _load_error("target-count-text.yaml")
    assert err.line == 8 and "a target's 'count' must be a whole number" in str(err)
    err = _load_error("cost-text.yaml")
    assert err.line == 5 and "'cost' must be a number, or X" in str(err)


def test_own_card_modifying_a_stat_nothing_reads():
    # was: the replay created a modifier of 'attk' and the hero's ATK stayed as it was
    err = _load_error("modify-unknown-stat.yaml")
    assert err.line == 10 and "it modifies 'attk'" in str(err) and "'atk'" in str(err)


def test_scripted_effect_modifying_a_stat_nothing_reads(tmp_path):
    path = tmp_path / "effect.yaml"
    path.write_text("game: huntik\nstate:\n  A:\n    zone1: [Lok Lambert]\nactions:\n"
                    "  - {player: A, effect: [{modify: {target: Lok Lambert, modify: {attk: 2}, duration: turn}}]}\n",
                    encoding="utf-8")
    with pytest.raises(BadInputError) as info:
        load_fixture(path, known_ids=None)
    assert info.value.line == 6 and "in 'effect': it modifies 'attk'" in str(info.value)


def test_warhammer_unknown_phase_is_named(tmp_path):
    # was: "the engine cannot carry out this step (ValueError: tuple.index(x): x not in tuple)"
    path = tmp_path / "phase.yaml"
    path.write_text("game: warhammer-invasion\nstate:\n  active: A\n  phase: capital\nactions:\n"
                    "  - {begin: batlefield}\n", encoding="utf-8")
    out = replay(load_fixture(path, known_ids=None))
    assert out.status == "error" and "phase.yaml:6:" in out.error and "unknown phase 'batlefield'" in out.error
    path.write_text("game: warhammer-invasion\nstate:\n  active: A\nactions:\n  - {end: phase}\n", encoding="utf-8")
    out = replay(load_fixture(path, known_ids=None))
    assert out.status == "error" and "unknown end 'phase'" in out.error


@pytest.mark.parametrize("game,state,bad", [("star-wars-tcg", "active: dark", "batle"),
                                            ("vs-system", "active: A", "combatt")])
def test_unknown_phase_is_named_in_games_that_took_any_name(tmp_path, game, state, bad):
    # was: accepted silently -- a phase no rule knows started, and nothing it should trigger did
    path = tmp_path / "phase.yaml"
    path.write_text(f"game: {game}\nstate:\n  {state}\nactions:\n  - {{begin: {bad}}}\n", encoding="utf-8")
    out = replay(load_fixture(path, known_ids=None))
    assert out.status == "error" and "phase.yaml:5:" in out.error and f"unknown phase '{bad}'" in out.error


@pytest.mark.parametrize("game,active,bad,near", [("warhammer-invasion", "A", "batlefield", "battlefield"),
                                                  ("star-wars-tcg", "dark", "bild", "build"),
                                                  ("vs-system", "A", "recover", "recovery"),
                                                  ("hatalom-kartyai", "A", "fight", None)])
def test_a_state_phase_the_game_does_not_have_is_a_load_error(tmp_path, game, active, bad, near):
    # was: accepted, and the scenario began in a phase no rule reads (every phase-bound rule stayed off)
    path = tmp_path / "phase.yaml"
    path.write_text(f"game: {game}\nstate:\n  active: {active}\n  phase: {bad}\nactions: []\n", encoding="utf-8")
    with pytest.raises(BadInputError) as caught:
        load_fixture(path, known_ids=None)
    text = str(caught.value)
    assert "phase.yaml:4" in text and f"unknown phase '{bad}' for {game}" in text
    assert (f"did you mean '{near}'" in text) if near else "did you mean" not in text


def test_the_points_between_phases_a_scenario_may_start_at_load(tmp_path):
    # Vs. System's 'start' (the turn begun, no draw yet) and Star Wars' 'setup' / 'end' are documented
    for game, active, phase in (("vs-system", "A", "start"), ("star-wars-tcg", "dark", "setup"),
                                ("star-wars-tcg", "dark", "end"), ("huntik", "A", None)):
        path = tmp_path / "phase.yaml"
        extra = f"  phase: {phase}\n" if phase else ""
        path.write_text(f"game: {game}\nstate:\n  active: {active}\n{extra}actions: []\n", encoding="utf-8")
        assert load_fixture(path, known_ids=None).game == game


def test_a_duration_the_game_never_ends_is_a_load_error(tmp_path):
    # was: accepted, and the effect lasted the whole game ("until the end of the forever")
    path = tmp_path / "forever.yaml"
    path.write_text("game: huntik\nstate:\n  active: A\n  A:\n    zone1: [Lok Lambert]\nactions:\n"
                    "  - {player: A, effect: [{modify: {target: Lok Lambert, duration: forever, atk: 1}}]}\n",
                    encoding="utf-8")
    with pytest.raises(BadInputError, match=r"duration 'forever' never ends in huntik \(durations: turn, round"):
        load_fixture(path, known_ids=None)


def test_impossible_action_fails_with_line():
    out = replay(load_fixture(BAD / "impossible-action.yaml", known_ids=None))
    assert out.status == "error"
    assert "impossible-action.yaml:13:" in out.error
    assert "only a ready hero" in out.error


def test_missing_choice_fails_with_line():
    out = replay(load_fixture(BAD / "missing-choice.yaml", known_ids=None))
    assert out.status == "error"
    assert "missing-choice.yaml:12:" in out.error and "missing choice" in out.error


def test_unused_choice_is_an_error():
    out = replay(load_fixture(BAD / "unused-choice.yaml", known_ids=None))
    assert out.status == "error"
    assert "unused-choice.yaml:12:" in out.error and "never used" in out.error


def test_wrong_expectation_reports_expected_vs_actual():
    out = replay(load_fixture(BAD / "wrong-expectation.yaml", known_ids=None))
    assert out.status == "failed"
    assert any("expected exhausted False, got True" in p for p in out.problems)
    assert out.problems[0].startswith("line 13:")


def test_bad_fixtures_never_stop_the_run(tmp_path):
    folder = tmp_path / "rulings" / "huntik" / "mixed"
    folder.mkdir(parents=True)
    for f in BAD.glob("*.yaml"):
        shutil.copy(f, folder / (f.stem + ".ruling.yaml"))
    shutil.copy(GOOD, folder / "good.ruling.yaml")
    rep = verify([tmp_path / "rulings"], check_ids=False)
    assert rep.fixtures == 16
    assert rep.passed == 1
    assert len(rep.failed) == 4 and len(rep.errors) == 11
    for e in rep.errors:
        assert e["line"] and e["message"]
    assert rep.exit_code == 1


def test_unknown_cited_id_is_rejected(tmp_path):
    f = tmp_path / "x.ruling.yaml"
    f.write_text(GOOD.read_text().replace("cites: [huntik:702.2]", "cites: [huntik:702.2, huntik:799.9]"))
    text = f.read_text()
    f.write_text("game: huntik\n" + text)
    with pytest.raises(BadInputError) as info:
        load_fixture(f, known_ids={"huntik:702.2", "huntik:702.2:example-1"})
    assert info.value.line == 3 and "huntik:799.9" in str(info.value)


def test_cards_split_over_files_and_duplicates_named(tmp_path):
    """cards.yaml plus cards/*.yaml form one pool; a card defined twice names the second file."""
    from judge.engine.cards import load_cards
    from judge.errors import BadInputError

    (tmp_path / "cards.yaml").write_text("cards:\n  - {name: Alpha, type: unit}\n", encoding="utf-8")
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "more.yaml").write_text("cards:\n  - {name: Beta, type: unit}\n", encoding="utf-8")
    pool = load_cards(tmp_path / "cards.yaml", "tiny")
    assert {"alpha", "beta"} <= set(pool.names)
    (tmp_path / "cards" / "dup.yaml").write_text("cards:\n  - name: Beta\n    type: unit\n", encoding="utf-8")
    with pytest.raises(BadInputError) as info:
        load_cards(tmp_path / "cards.yaml", "tiny")
    msg = str(info.value)
    assert "defined twice" in msg and "more.yaml" in msg and ":2" in msg


def test_folder_without_ruling_files_is_bad_input(tmp_path):
    # was: "0 fixtures: 0 passed", exit 0, for a folder of one's own scenarios named *.yaml
    from judge.scenarios.loader import find_fixtures

    shutil.copy(GOOD, tmp_path / "mine.yaml")
    with pytest.raises(BadInputError) as info:
        find_fixtures([tmp_path])
    assert "mine.yaml" in str(info.value) and "*.ruling.yaml" in str(info.value)
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(BadInputError):
        find_fixtures([empty])
    assert find_fixtures([tmp_path / "mine.yaml"]) == [tmp_path / "mine.yaml"]


def test_replay_refuses_an_unknown_ablation_id_and_a_folder(tmp_path):
    import json

    from click.testing import CliRunner

    from judge.cli import cli

    res = CliRunner().invoke(cli, ["replay", str(GOOD), "--ablate", "huntik:999", "--json"])
    assert res.exit_code == 2 and "no mechanic is registered under 'huntik:999'" in json.loads(res.output)["error"]["message"]
    res = CliRunner().invoke(cli, ["replay", str(tmp_path)])
    assert res.exit_code == 2 and "judge verify FOLDER" in res.output


def test_question_files_not_utf8_name_the_line(tmp_path):
    from judge.cli.ask import _questions_from_file
    from judge.search.evaluate import load_questions

    bad = tmp_path / "q.yaml"
    bad.write_bytes(b"- q: one\n- q: caf\xe9\n")
    for read in (load_questions, _questions_from_file):
        with pytest.raises(BadInputError) as info:
            read(bad)
        assert info.value.line == 2 and "not UTF-8" in str(info.value)


def test_ablation_report_says_why_a_scenario_was_not_classified(tmp_path):
    # was: a scenario that does not load (or does not pass) listed as 'unbroken' with no word of why
    from judge.scenarios.verify import ablation_report

    folder = tmp_path / "rulings" / "huntik" / "mixed"
    folder.mkdir(parents=True)
    shutil.copy(BAD / "unknown-card.yaml", folder / "bad.ruling.yaml")
    shutil.copy(BAD / "wrong-expectation.yaml", folder / "failing.ruling.yaml")
    rep = ablation_report([tmp_path / "rulings"])
    why = {Path(k).name: v for k, v in rep["not_replayed"].items()}
    assert set(why) == {"bad.ruling.yaml", "failing.ruling.yaml"}
    assert "bad.ruling.yaml:8: unknown card 'No Such Hero'" in why["bad.ruling.yaml"]
    assert "expected exhausted False, got True" in why["failing.ruling.yaml"]


def test_a_misspelt_bound_name_in_a_cards_step_says_what_was_bound(tmp_path):
    # was: "unknown name 'drawr'" alone -- nothing said the step's target was called 'drawer'
    path = tmp_path / "bound.yaml"
    path.write_text("game: huntik\ncards:\n  - name: Mind Swip\n    type: free action\n    traits: [Evil]\n"
                    "    text: Target player draws 2 cards.\n    abilities:\n      - kind: play\n"
                    "        targets: [{name: drawer, player: true}]\n        steps: [{draw: 2, player: drawr}]\n"
                    "state:\n  active: A\n  A:\n    deck: [Seeker Recruit, Sophie Casterwill]\n    hand: [Mind Swip]\n"
                    "actions:\n  - {player: A, play: Mind Swip, targets: [A]}\n  - {pass: all}\n", encoding="utf-8")
    out = replay(load_fixture(path, known_ids=None))
    assert out.status == "error" and "unknown name 'drawr' (bound here: drawer," in out.error
    assert "did you mean 'drawer'?" in out.error


@pytest.mark.parametrize("game,ctype,near", [("warhammer-invasion", "untit", "unit"), ("huntik", "hero", None),
                                             ("hatalom-kartyai", "bűbáj varázsra", None)])
def test_an_own_card_of_a_type_the_game_does_not_have_is_a_load_error(tmp_path, game, ctype, near):
    # was: accepted, and no rule about the type it meant applied to it (a misspelt 'untit' was no unit)
    path = tmp_path / "type.yaml"
    path.write_text(f"game: {game}\ncards:\n  - name: Own Card\n    type: {ctype}\n    text: Nothing.\n"
                    "state:\n  active: A\nactions: []\n", encoding="utf-8")
    with pytest.raises(BadInputError) as caught:
        load_fixture(path, known_ids=None)
    text = str(caught.value)
    assert "type.yaml:4" in text and f"type {ctype!r} is not a card type of {game}" in text
    assert (f"did you mean '{near}'" in text) if near else True


def test_every_enchantment_onto_a_kind_of_card_is_a_hatalom_type(tmp_path):
    # 8.5.5 'bűbáj valamire': the corpus's cards have no 'bűbáj torzszülöttre', the rules know it
    path = tmp_path / "type.yaml"
    path.write_text("game: hatalom-kartyai\ncards:\n  - name: Own Card\n    type: bűbáj torzszülöttre\n"
                    "    text: Nothing.\nstate:\n  active: A\nactions: []\n", encoding="utf-8")
    assert load_fixture(path, known_ids=None).game == "hatalom-kartyai"
