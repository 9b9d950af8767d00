"""Players as targets (core, every game): a target description `{name: N, player: true, filter: EXPR}` ('target
player', 'target opponent') is met by players (`it` is the player), chosen as the card is played, the
ability used or the triggered ability triggers, scripted by the player's name. The core targeting rules apply to them as to cards: one player
can't be two targets of one ability (distinct_targets), a player must meet the description
(target_legal_on_play); each switched off. Where it must not apply: a card's target never takes a player, a
player target never takes a card; a chosen player is not re-checked as the effect resolves (target_recheck)."""
from __future__ import annotations

import textwrap

import pytest

from judge.engine.cards import load_cards
from judge.engine.state import ReplayError
from tests.engine.test_mechanics import make

CARDS = """
game: tiny
cards:
  - {name: Grunt, type: unit, stats: {power: 1, hp: 2}}
  - name: Drain
    type: tactic
    abilities:
      - kind: play
        targets: [{name: loser, player: true}, {name: winner, player: true}]
        steps: [{draw: 1, player: winner}, {draw: 1, player: loser}]
  - name: Spite
    type: tactic
    abilities:
      - kind: play
        targets: [{name: victim, player: true, filter: "it == opponent"}]
        steps: [{draw: 1, player: victim}]
  - name: Zap
    type: tactic
    abilities:
      - kind: play
        targets: [{name: t, filter: "it.type == 'unit'"}]
        steps: [{damage: t, amount: 1}]
"""


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    p = tmp_path_factory.mktemp("players") / "cards.yaml"
    p.write_text(textwrap.dedent(CARDS))
    return load_cards(p, "tiny")


DECKS = {"A_deck": ["Grunt#1", "Grunt#2"], "B_deck": ["Grunt#3", "Grunt#4"]}


def _hand(eng, p):
    return len(eng.zone_objs(p, "hand"))


def test_two_players_as_two_targets(pool):
    eng = make(pool, A_hand=["Drain"], **DECKS)
    eng.play("A", "Drain", {"targets": ["B", "A"]})
    eng.resolve_chain()
    assert _hand(eng, "A") == 1 and _hand(eng, "B") == 1  # each drew one (Drain is in the discard pile)
    played = [e for e in eng.events if e["event"] == "played"][0]
    assert played["targets"] == ["B", "A"]


def test_one_player_cannot_be_two_targets(pool):
    eng = make(pool, A_hand=["Drain"], **DECKS)
    with pytest.raises(ReplayError, match="two targets") as err:
        eng.play("A", "Drain", {"targets": ["B", "B"]})
    assert err.value.rules == ["tiny:distinct_targets"]


def test_switched_off_one_player_may_be_two_targets(pool):
    eng = make(pool, ["tiny:distinct_targets"], A_hand=["Drain"], **DECKS)
    eng.play("A", "Drain", {"targets": ["B", "B"]})
    eng.resolve_chain()
    assert _hand(eng, "B") == 2 and _hand(eng, "A") == 0  # he drew for both


def test_a_player_must_meet_the_description(pool):
    eng = make(pool, A_hand=["Spite"], **DECKS)
    with pytest.raises(ReplayError, match="not a legal target") as err:
        eng.play("A", "Spite", {"targets": ["A"]})
    assert err.value.rules == ["tiny:target_legal_on_play"]
    eng = make(pool, A_hand=["Spite"], **DECKS)
    eng.play("A", "Spite", {"targets": ["B"]})
    eng.resolve_chain()
    assert _hand(eng, "B") == 1


def test_switched_off_any_player_may_be_chosen(pool):
    eng = make(pool, ["tiny:target_legal_on_play"], A_hand=["Spite"], **DECKS)
    eng.play("A", "Spite", {"targets": ["A"]})
    eng.resolve_chain()
    assert _hand(eng, "A") == 1


def test_a_card_is_no_player_and_a_player_no_card(pool):
    eng = make(pool, A_hand=["Spite", "Zap"], B_play=["Grunt"], **DECKS)
    with pytest.raises(ReplayError, match="is not a player"):
        eng.play("A", "Spite", {"targets": ["Grunt"]})
    with pytest.raises(ReplayError, match="not in the game"):
        eng.play("A", "Zap", {"targets": ["B"]})


def test_a_missing_player_target_under_ablation_takes_the_first_legal(pool):
    eng = make(pool, A_hand=["Spite"], **DECKS)
    eng.lenient = True
    eng.play("A", "Spite", {})
    eng.resolve_chain()
    assert _hand(eng, "B") == 1


def test_a_chosen_player_is_not_rechecked_as_it_resolves(pool):
    # the core re-checks card targets (target_recheck); a player stays: the effect is not cancelled
    eng = make(pool, A_hand=["Spite"], **DECKS)
    eng.play("A", "Spite", {"targets": ["B"]})
    eng.resolve_chain()
    assert not [e for e in eng.events if e["event"] in ("effect_cancelled", "target_illegal")]


_WATCHERS = """
game: tiny
cards:
  - {name: Grunt, type: unit, stats: {power: 1, hp: 2}}
  - name: Watcher
    type: unit
    abilities:
      - kind: trigger
        on: {event: zone_change, filter: "event.cause == 'destroy'"}
        targets: [{name: who, player: true, filter: "it == opponent"}]
        steps: [{draw: 1, player: who}]
  - name: Oracle
    type: unit
    abilities:
      - kind: trigger
        on: {event: zone_change, filter: "event.cause == 'destroy'"}
        targets: [{name: who, player: true}]
        steps: [{draw: 1, player: who}]
"""


def _watchers(tmp_path):
    p = tmp_path / "cards.yaml"
    p.write_text(textwrap.dedent(_WATCHERS))
    return load_cards(p, "tiny")


def _destroy_grunt(eng):
    eng.run_steps([{"destroy": {"all": "it.name == 'Grunt'"}}], eng.bindings_for(None, "B"))
    eng.settle()


def test_a_triggered_abilitys_player_target_is_chosen_as_it_triggers(tmp_path):
    # 'target opponent': the only legal player is chosen without a scripted choice
    eng = make(_watchers(tmp_path), A_play=["Watcher", "Grunt"], **DECKS)
    _destroy_grunt(eng)
    assert _hand(eng, "B") == 1 and _hand(eng, "A") == 0
    # 'target player': its controller picks either; here himself
    eng = make(_watchers(tmp_path), A_play=["Oracle", "Grunt"], **DECKS)
    eng.choices = {"A": ["A"]}
    _destroy_grunt(eng)
    assert _hand(eng, "A") == 1 and _hand(eng, "B") == 0


def test_a_triggered_abilitys_player_target_must_meet_its_description(tmp_path):
    # 'target opponent': himself is no legal choice, so nothing is asked and the opponent draws
    eng = make(_watchers(tmp_path), A_play=["Watcher", "Grunt"], **DECKS)
    eng.choices = {"A": ["A"]}
    _destroy_grunt(eng)
    assert _hand(eng, "B") == 1 and _hand(eng, "A") == 0 and eng.choices["A"] == ["A"]  # never asked
    # switched off, any player may be chosen
    eng = make(_watchers(tmp_path), ["tiny:target_legal_on_play"], A_play=["Watcher", "Grunt"], **DECKS)
    eng.choices = {"A": ["A"]}
    _destroy_grunt(eng)
    assert _hand(eng, "A") == 1 and _hand(eng, "B") == 0
