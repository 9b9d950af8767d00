"""Honest ablation: a lenient replay judges a switched-off rule by the outcome, and the classes."""
from __future__ import annotations

import pytest

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from judge.scenarios.verify import classify

ROOT = Path(__file__).resolve().parent.parent.parent
ONE = ROOT / "rulings" / "huntik" / "replacement" / "mucalin-replaces-simultaneous-kos.ruling.yaml"

SCENARIO = """\
ruling: huntik:710.1b:example-1
cites: [huntik:710.1b]
question: q
answer: a
state:
  active: A
  A:
    zone1: ["Mucalin, Natural Guardian", Lok Lambert]
actions:
  - {player: A, effect: {ko: Lok Lambert}, choose: [yes, yes]}
"""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "rulings" / "huntik" / "t" / "s.ruling.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(text)
    return path


def test_unused_choice_is_an_error_strictly_but_ignored_when_lenient(tmp_path):
    fx = load_fixture(_write(tmp_path, SCENARIO))
    strict = replay(fx)
    assert strict.status == "error" and "never used" in strict.error
    assert replay(fx, lenient=True).status == "replayed"


def test_refused_action_is_skipped_when_lenient(tmp_path):
    # playing a card that is not in hand is refused: strictly an error, leniently logged and skipped
    text = SCENARIO.replace("  - {player: A, effect: {ko: Lok Lambert}, choose: [yes, yes]}\n",
                            "  - {player: A, play: Lok Lambert}\n  - {player: A, effect: {ko: Lok Lambert}}\n")
    fx = load_fixture(_write(tmp_path, text))
    assert replay(fx).status == "error"
    out = replay(fx, lenient=True)
    assert out.status == "replayed"
    assert any(e["event"] == "action_rejected" for e in out.engine.events)


def test_classify_real_fixture_names_what_breaks_it():
    fx = load_fixture(ONE)
    cls, results = classify(fx)
    assert cls == "derived"
    assert results["huntik:710.1b"] == "fails"


VS = ROOT / "rulings" / "vs-system"


def test_missing_any_number_choice_defaults_when_lenient():
    # 'any number' switched off to 'at least one': the scripted empty choice no longer fits, and a
    # lenient replay takes the first allowed one (a single card) instead of ending in an error
    fx = load_fixture(VS / "moving" / "dr-strange-boost-chooses-none.ruling.yaml")
    rid = "vs-system:ruling:brother-voodoo-jericho-drumm"  # states the rule: "'any number' can be zero"
    assert replay(fx, {rid}).status == "error"
    out = replay(fx, {rid}, lenient=True)
    assert out.status == "failed"
    assert any(e["event"] == "choice_defaulted" for e in out.engine.events)


def test_a_loop_under_lenient_replay_is_judged_by_its_outcome(tmp_path):
    # two triggers feeding each other never settle: strictly an error, leniently an outcome judged by
    # its expectations on the state where the replay stopped
    src = (Path(__file__).resolve().parent / "data" / "loop-ping-pong-triggers.scenario.yaml").read_text()
    path = tmp_path / "loop.scenario.yaml"
    path.write_text(src + "expect:\n  - {no_event: zone_change}\n  - {card: Echo Wisp, zone: A.discard}\n")
    fx = load_fixture(path)
    assert "does not settle" in replay(fx).error
    out = replay(fx, set(), lenient=True)
    assert out.error is None and out.status == "failed" and len(out.problems) == 1


WHI = ROOT / "rulings" / "warhammer-invasion"


def test_unused_scripted_target_is_ignored_when_lenient():
    # under the printed Franz's Decree (no target), the scripted target is strictly an error,
    # leniently logged (targets_ignored) so the outcome decides
    fx = load_fixture(WHI / "combat" / "franzs-decree-already-attacking.ruling.yaml")
    errata = "warhammer-invasion:errata:franzs-decree"
    assert "never used" in (replay(fx, {errata}).error or "")
    out = replay(fx, {errata}, lenient=True)
    assert out.status == "failed" and out.error is None
    assert any(e["event"] == "targets_ignored" for e in out.engine.events)


def test_missing_assignment_or_search_takes_an_offered_fallback_when_lenient():
    # indirect damage nobody scripted (the printed Reaper Bolt Thrower), a search whose scripted
    # card is no longer among the cards searched: the first fallback the rules accept is taken
    for path, rid in (("damage/reaper-bolt-thrower-once-per-turn", "errata:reaper-bolt-thrower"),
                      ("decks/search-scout-camp-runesmith", "clarification:search:example-1")):
        fx = load_fixture(WHI / f"{path}.ruling.yaml")
        out = replay(fx, {f"warhammer-invasion:{rid}"}, lenient=True)
        assert out.status == "failed" and out.error is None, (path, out.error)
        assert any(e["event"] == "choice_defaulted" for e in out.engine.events)
        assert replay(fx, {f"warhammer-invasion:{rid}"}).status == "error"


def test_rodriks_raiders_is_derived_once_ablation_reaches_an_outcome():
    cls, results = classify(load_fixture(WHI / "developments" / "rodriks-raiders-own-support.ruling.yaml"))
    assert results["warhammer-invasion:clarification:developments"] == "fails"  # no text box: its rule paragraph
    assert cls == "derived"


def test_unscripted_die_roll_comes_up_one_when_lenient():
    # a roll the scenario never scripted is strictly an error, leniently (under ablation) the lowest face
    from judge.engine.engine import Engine
    from judge.engine.game import get_game
    from judge.engine.state import ReplayError

    game = get_game("warhammer-invasion")
    with pytest.raises(ReplayError, match="missing dice result"):
        Engine(game, pool=None).roll()
    eng = Engine(game, pool=None, lenient=True)
    assert eng.roll() == 1
    assert [e["event"] for e in eng.events] == ["choice_defaulted", "die_rolled"]


def test_then_and_as_much_as_possible_off_blessings_of_tzeentch_does_nothing_without_a_unit():
    # clarification:multiple-effects switched off: 'then' no longer needs the sacrifice to happen, and an
    # effect that cannot be done in full is not done at all -- nothing is revealed, no die is rolled
    fx = load_fixture(WHI / "damage" / "blessings-of-tzeentch-no-unit.ruling.yaml")
    out = replay(fx, {"warhammer-invasion:clarification:multiple-effects"}, lenient=True)
    assert out.status == "failed" and out.error is None
    assert [e.get("reason") for e in out.engine.events if e["event"] == "effect_cancelled"] == ["not_in_full"]
    assert not any(e["event"] == "die_rolled" for e in out.engine.events)


def test_an_unbroken_fixture_resting_on_card_text_names_that_card_and_stays_unbroken():
    from judge.scenarios.verify import ablation_report, card_text_witnesses

    reaper = ROOT / "rulings" / "vs-system" / "triggers" / "reaper-kos-himself.ruling.yaml"
    fx = load_fixture(reaper)
    assert classify(fx)[0] == "unbroken"  # its answer rests on Reaper's text: no general rule decides it
    assert card_text_witnesses(fx) == ["Reaper"]
    rep = ablation_report([reaper])
    assert rep["classes"] and list(rep["classes"].values()) == ["unbroken"]
    assert list(rep["card_text_witness"].values()) == [["Reaper"]]


def test_blanking_a_cards_text_keeps_its_type_and_stats():
    from judge.scenarios.replay import TEXT_PREFIX

    fx = load_fixture(ROOT / "rulings" / "vs-system" / "triggers" / "reaper-kos-himself.ruling.yaml")
    eng = replay(fx, {TEXT_PREFIX + "Reaper"}, lenient=True).engine
    reaper = next(o for o in eng.state.objects.values() if o.card.name == "Reaper")
    assert reaper.card.abilities == () and reaper.card.keywords == ()
    assert reaper.card.type == "character" and reaper.card.stats
