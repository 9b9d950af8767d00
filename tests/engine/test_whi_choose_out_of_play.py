"""The core ``choose`` step picks out of play with ``zones`` (verbs._choice_candidates; review 43L), and Warhammer:
Invasion's Snotling Ambush ('Discard a card from your hand'), Twin Tailed Comet ('a tactic card in any discard
pile') and Slaanesh's Domination ('from an opponent's discard pile') use it instead of play-time targets. The
documents (rules_corpus/warhammer-invasion/faq-clarifications-errata-blog.txt, Target v1.3): "Targeting is
checked when the card is played and again when the card effect resolves. A card effect is considered to be
targeting as long as it says 'target' in the card text." and "Unless otherwise stated, a card can only target
cards that are in play." None of the three says 'target', so:

* it is playable with no eligible card -- it then does nothing (the FAQ's Strollaz's Banner "does as much as it
  can even if there is no unit in discard pile");
* the card is picked as the effect resolves: one that arrived in the pile in response can be picked;
* it is no target: the play names no targets;
* where it must not apply: a choose without ``zones`` still picks only in play, and a card with a card in hand
  still discards it;
* a malformed ``zones`` is refused as the card loads, naming the field."""
from __future__ import annotations

import pytest

from judge.errors import BadInputError
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.scenes import DATA, replay_text, write_scene

EMPTY_HAND = DATA / "card-text" / "whi-snotling-ambush-playable-with-empty-hand.yaml"
IN_RESPONSE = DATA / "card-text" / "whi-domination-picks-tactic-discarded-in-response.yaml"
GAME = "warhammer-invasion"


def _played_targets(eng, card):
    return [e.get("targets") for st in eng.trace for e in st.events
            if e["event"] == "played" and e.get("card") == card]


def test_playable_with_no_card_to_pick():
    out = replay(load_fixture(EMPTY_HAND))
    assert out.status == "passed", out.error or out.problems


def test_picked_on_resolution_a_card_that_arrived_in_response():
    out = replay(load_fixture(IN_RESPONSE))
    assert out.status == "passed", out.error or out.problems


def test_the_pick_is_no_target(tmp_path):
    out = replay_text(tmp_path, """
        state:
          active: A
          phase: capital
          A:
            hand: [Snotling Ambush, Orc Warboss]
            resources: 1
          B:
            resources: 5
        actions:
          - {player: A, play: Snotling Ambush, choose: [Orc Warboss]}
          - {pass: all}
        expect:
          - {card: Orc Warboss, zone: A.discard}
          - {player: B, resources: 2}
        """, game=GAME)
    assert out.status == "passed", out.error or out.problems  # a card in hand: discarded, its 3 loyalty counted
    assert _played_targets(out.engine, "Snotling Ambush") == [[]]


def test_choose_without_zones_stays_in_play(tmp_path):
    # Twin Tailed Comet picks in discard piles only: a tactic in hand is not offered, the Comet does nothing
    out = replay_text(tmp_path, """
        state:
          active: A
          phase: capital
          A:
            hand: [Twin Tailed Comet, Illustrative Fire Bolt]
            resources: 1
          B:
            battlefield: [Rat Swarm]
        actions:
          - {player: A, play: Twin Tailed Comet}
          - {pass: all}
        expect:
          - {card: Twin Tailed Comet, zone: A.discard}
          - {card: Illustrative Fire Bolt, zone: A.hand}
          - {card: Rat Swarm, zone: B.battlefield, damage: 0}
        """, game=GAME)
    assert out.status == "passed", out.error or out.problems
    # a choose with no zones picks among the cards in play only: a card in hand is no option
    eng = out.engine
    spec = {"choose": {"filter": "it.type == 'tactic'"}, "as": "x"}
    assert eng._choice_pool(spec, eng.bindings_for(None, "A")) == []
    spec["choose"]["zones"] = ["hand"]
    assert [o.label for o in eng._choice_pool(spec, eng.bindings_for(None, "A"))] == ["Illustrative Fire Bolt"]


@pytest.mark.parametrize("zones, says", [
    ("hand", "must be a list of zone names"),
    ("[hnad]", "picks from no zone 'hnad'; did you mean 'hand'?"),
    ("[]", "must be a list of zone names"),
])
def test_malformed_zones_refused_as_the_card_loads(tmp_path, zones, says):
    path = write_scene(tmp_path, f"""
        cards:
          - name: Illustrative Bad Ambush
            type: tactic
            cost: 0
            text: "Action: Discard a card from your hand."
            abilities:
              - kind: play
                steps:
                  - {{choose: {{zones: {zones}, what: "a card"}}, as: fodder}}
                  - {{move: fodder, to: discard}}
        state:
          active: A
          phase: capital
          A:
            hand: [Illustrative Bad Ambush]
        actions:
          - {{player: A, play: Illustrative Bad Ambush}}
        expect:
          - {{card: Illustrative Bad Ambush, zone: A.discard}}
        """, game=GAME)
    with pytest.raises(BadInputError) as err:
        replay(load_fixture(path))
    assert says in str(err.value) and "Illustrative Bad Ambush" in str(err.value)
