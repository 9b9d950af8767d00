"""Star Wars TCG, keyword:activated-abilities (mechanic arrow_costs): "It doesn't matter what the cost
before the arrow symbol is" -- an activated keyword's cost is paid whatever it is: Force, tapping the
unit ("Tap ->"), discarding cards ("Discard a card ->", from the hand: clarification:discard). The cost
must be payable in full to use the ability (nothing is paid otherwise); switched off, the ability is
used without paying it. A cost in no known form is an error naming it, never a free ability."""
from __future__ import annotations

import pytest

from judge.games.star_wars_tcg.costs import arrow_steps

from .test_star_wars import events, rid, run


def _unit(name: str, keyword: str, health: int = 6) -> str:
    return f"""
      - name: {name}
        type: ground
        faction: light
        keywords: ["{keyword}"]
        stats: {{speed: 20, power: 2, health: {health}}}
        illustrative: true
        text: "{keyword}"
"""


def _body(card: str, light: str, dice: str, actions: str) -> str:
    return f"""
    ruling: star-wars-tcg:keyword:activated-abilities
    cites: [star-wars-tcg:keyword:activated-abilities]
    question: q
    answer: a
    cards:{card}
    state:
      active: dark
      phase: battle
      dice: {dice}
      dark:
        ground: [Droid Tank]
      light:
{light}
    actions:
{actions}
"""


# -- Discard a card -> Retaliate 2 -------------------------------------------------------------------
RETALIATOR = _unit("Last Stand Squad", "Discard a card -> retaliate 2")
ATTACK = "      - {player: dark, attack: Droid Tank, targets: [Last Stand Squad]}\n"


def _retaliate(tmp_path, hand: str, choose: str, ablate=None):
    light = f"        hand: [{hand}]\n        ground: [Last Stand Squad]\n        character: [Rebel Heavy Trooper Squad]"
    body = _body(RETALIATOR, light, "[5, 1, 1, 5, 5]", f"      - {{player: light, choose: {choose}}}\n" + ATTACK)
    return run(tmp_path, body, ablate)


def test_retaliate_paid_by_discarding_a_card_from_the_hand(tmp_path):
    eng = _retaliate(tmp_path, "Ewok Warrior", '["yes", Ewok Warrior]')
    assert eng.obj("Ewok Warrior").zone == "discard"
    assert [e["damage"] for e in events(eng, "retaliate")] == [2]
    assert eng.obj("Droid Tank").damage == 2


def test_empty_hand_no_retaliate_a_card_in_play_cannot_pay_it(tmp_path):
    eng = _retaliate(tmp_path, "", '[{try: "yes"}, "no"]')
    assert not events(eng, "retaliate")
    rejected = events(eng, "choice_rejected")
    assert len(rejected) == 1
    # the Trooper Squad in play would do: the hand rule is what leaves too few cards
    assert rid("clarification:discard") in rejected[0]["rejected_by"]
    assert eng.obj("Rebel Heavy Trooper Squad").zone == "character"


def test_discard_from_hand_off_a_card_in_play_pays_it(tmp_path):
    eng = _retaliate(tmp_path, "", '["yes", Rebel Heavy Trooper Squad]', {rid("clarification:discard")})
    assert eng.obj("Rebel Heavy Trooper Squad").zone == "discard"
    assert [e["damage"] for e in events(eng, "retaliate")] == [2]


def test_arrow_costs_off_retaliate_without_discarding(tmp_path):
    eng = _retaliate(tmp_path, "Ewok Warrior", '["yes"]', {rid("keyword:activated-abilities")})
    assert eng.obj("Ewok Warrior").zone == "hand"
    assert [e["damage"] for e in events(eng, "retaliate")] == [2]


def test_discard_two_cards_refused_with_one_in_hand(tmp_path):
    card = _unit("Last Stand Squad", "Discard 2 cards -> retaliate 2")
    light = "        hand: [Ewok Warrior]\n        ground: [Last Stand Squad]"
    eng = run(tmp_path, _body(card, light, "[5, 1, 1, 5, 5]",
                              '      - {player: light, choose: [{try: "yes"}, "no"]}\n' + ATTACK))
    assert not events(eng, "retaliate")
    assert eng.obj("Ewok Warrior").zone == "hand"  # nothing paid for an ability that can't be used
    # the Squad itself would be the second card if a card in play could be discarded
    assert rid("clarification:discard") in events(eng, "choice_rejected")[0]["rejected_by"]


# -- Tap -> Evade 2 ---------------------------------------------------------------------------------
EVADER = _unit("Tap Dodger Squad", "Tap -> evade 2")
ATTACK_DODGER = "      - {player: dark, attack: Droid Tank, targets: [Tap Dodger Squad]}\n"


def _evade(tmp_path, tapped: bool, choose: str, ablate=None, card: str = EVADER, force: int = 0):
    unit = "{card: Tap Dodger Squad, exhausted: true}" if tapped else "Tap Dodger Squad"
    light = f"        force: {force}\n        ground: [{unit}]"
    body = _body(card, light, "[5, 5, 5]", f"      - {{player: light, choose: {choose}}}\n" + ATTACK_DODGER)
    return run(tmp_path, body, ablate)


def test_evade_paid_by_tapping_the_unit(tmp_path):
    eng = _evade(tmp_path, False, '["evade Tap Dodger Squad"]')
    unit = eng.obj("Tap Dodger Squad")
    assert unit.damage == 1 and unit.exhausted  # 3 hits, 2 evaded; the Squad tapped to pay for it


def test_a_tapped_unit_cannot_pay_a_tap_cost(tmp_path):
    eng = _evade(tmp_path, True, '[{try: "evade Tap Dodger Squad"}, pass]')
    assert eng.obj("Tap Dodger Squad").damage == 3
    assert rid("keyword:activated-abilities") in events(eng, "choice_rejected")[0]["rejected_by"]


def test_arrow_costs_off_a_tapped_unit_evades(tmp_path):
    eng = _evade(tmp_path, True, '["evade Tap Dodger Squad"]', {rid("keyword:activated-abilities")})
    assert eng.obj("Tap Dodger Squad").damage == 1


def test_tap_and_pay_force_both_paid(tmp_path):
    card = _unit("Tap Dodger Squad", "Tap and pay 1 Force -> evade 2")
    eng = _evade(tmp_path, False, '["evade Tap Dodger Squad"]', card=card, force=1)
    assert eng.obj("Tap Dodger Squad").exhausted and eng.player_attr("light", "force") == 0
    assert eng.obj("Tap Dodger Squad").damage == 1


def test_tap_and_pay_force_without_force_nothing_paid(tmp_path):
    card = _unit("Tap Dodger Squad", "Tap and pay 1 Force -> evade 2")
    eng = _evade(tmp_path, False, '[{try: "evade Tap Dodger Squad"}, pass]', card=card, force=0)
    unit = eng.obj("Tap Dodger Squad")
    assert not unit.exhausted and unit.damage == 3  # not tapped for an ability it could not use


# -- the cost text ---------------------------------------------------------------------------------
class _Eng:
    def fail(self, msg):
        raise ValueError(msg)


def test_arrow_steps_reads_every_known_cost():
    eng = _Eng()
    assert arrow_steps(eng, None) == []
    assert arrow_steps(eng, "Pay 2 Force") == [{"pay_force": 2}]
    assert arrow_steps(eng, "Tap") == [{"exhaust": "this"}]
    assert arrow_steps(eng, "Discard a card") == [{"discard_card": 1}]
    assert arrow_steps(eng, "Discard 2 cards") == [{"discard_card": 2}]
    assert arrow_steps(eng, "Tap, pay 1 Force") == [{"exhaust": "this"}, {"pay_force": 1}]


def test_an_unknown_cost_is_an_error_naming_it():
    with pytest.raises(ValueError, match="sacrifice a unit"):
        arrow_steps(_Eng(), "Sacrifice a unit")
