"""A power's own cost that cannot be paid ('discard a card to ...', 'Spend 1 resource to ...') is a
restriction its text states: the refusal names the card whose text the power is (refused_by_text;
ChainMixin.power_text) -- its own card, or, for a power a modifier gave (Huntik 700.1: quoted text added
by a modifier), the giver. Not where a game rule made the cost unpayable (Hatalom 8.6: a building enters
passive, so its activation cannot be paid): that rule refuses alone; nor where what cannot be paid is a
cost the text does not state (a card's printed play cost)."""
from __future__ import annotations

from .test_power_text_refusals import _rejected, _replay  # one probe replay for the refusal tests

PACT = """\
game: huntik
cards:
  - name: Dark Pact
    type: free action
    traits: [Evil]
    illustrative: true
    text: "This round, target hero gets \\"Free Action: One per round, discard a card to draw 2 cards.\\""
    abilities:
      - kind: play
        targets:
          - {name: hero, filter: "it.is_hero"}
        steps:
          - modify:
              target: hero
              duration: round
              grant_powers:
                - kind: action
                  name: Pact
                  timing: free
                  limit: {count: 1, per: round}
                  cost: [{discard_from_hand: 1}]
                  steps:
                    - {draw: 2}
state:
  active: A
  A:
    deck: [Honorguard, Breakspell, Shadowspeed]
    hand: [Dark Pact]
    zone1: [Lok Lambert, "Ashtoreth, Colossus"]
actions:
  - {player: A, play: Dark Pact, targets: [Lok Lambert]}
  - {pass: all}
"""



def test_a_given_powers_unpayable_cost_names_the_giver(tmp_path):
    out = _replay(tmp_path, PACT + "  - {player: A, use: Lok Lambert, try: true}\n")
    assert [e.get("refused_by_text") for e in _rejected(out)] == ["Dark Pact"]


def test_a_printed_powers_unpayable_cost_names_its_own_card(tmp_path):
    out = _replay(tmp_path, PACT + "  - {start: combat}\n  - {player: A, use: \"Ashtoreth, Colossus\", try: true}\n")
    assert [e.get("refused_by_text") for e in _rejected(out)] == ["Ashtoreth, Colossus"]


def test_a_payable_cost_is_paid(tmp_path):
    text = PACT.replace("hand: [Dark Pact]", "hand: [Dark Pact, Mirror Ward]")
    out = _replay(tmp_path, text + "  - {player: A, use: Lok Lambert}\n  - {pass: all}\n")
    assert _rejected(out) == []
    assert out.engine.obj("Mirror Ward").zone == "discard"


def test_with_the_given_power_switched_off_nothing_is_used_or_refused_by_dark_pact(tmp_path):
    out = _replay(tmp_path, PACT + "  - {player: A, use: Lok Lambert, try: true}\n", {"huntik:700.1"})
    assert all(e.get("refused_by_text") != "Dark Pact" for e in _rejected(out))


WARHAMMER = """\
game: warhammer-invasion
state:
  active: A
  phase: capital
  A:
    kingdom: [Illustrative Veteran]
    hand: [Orc Bully]
    resources: RES
actions:
  - {player: A, use: Illustrative Veteran, try: true}
  - {player: A, play: Orc Bully, zone: kingdom, try: true}
"""


def test_resources_the_text_spends_name_the_card_beside_the_costs_rule(tmp_path):
    # 0 resources: 'Spend 1 resource to ...' (the Veteran's text) cannot be paid; Orc Bully's printed cost
    # (3) cannot either, and no card's text states it
    rejected = _rejected(_replay(tmp_path, WARHAMMER.replace("RES", "0")))
    assert [e.get("refused_by_text") for e in rejected] == ["Illustrative Veteran", None]
    assert all(e.get("rejected_by") for e in rejected)  # the costs rule refuses both


def test_a_building_a_rule_made_passive_is_refused_by_that_rule_alone(tmp_path):
    text = """\
game: hatalom-kartyai
state:
  active: A
  phase: main
  A:
    hand: [Próba vérpad építmény]
    reserve: [Próba kalandozó 1/1]
    vp: 2
actions:
  - {player: A, play: Próba vérpad építmény}
  - {pass: all}
  - {player: A, use: Próba vérpad építmény, try: true}
"""
    rejected = _rejected(_replay(tmp_path, text))
    assert [(e.get("rejected_by"), e.get("refused_by_text")) for e in rejected] == [(["hatalom-kartyai:8.6"], None)]
