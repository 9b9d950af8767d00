"""Warhammer: Invasion, mechanics completed in blind scenario round 4 (2026-11-29, afternoon):

* a player who drew no card has not drawn cards (clarification:trigger-conditions, ``no_cards_no_draw``):
  a quest phase with 0 power in the quest zone, or an empty deck, sets off no 'draws cards (for his quest
  phase)' trigger; a draw of at least one card still does;
* King Kazador's kind of target tax ('opponents cannot target ... unless they pay') is paid for an
  Attachment played on the protected unit because, and only as long as, playing an attachment targets
  that unit (faq:opponent-plays-attachment-support-card-unit-respond-iron, ``attachment_play_targets``);
  the tax is for opponents of the unit's controller only."""
from __future__ import annotations

from tests.engine.test_whi_terms import rid
from tests.engine.test_whi_zone_entry import _events, _run

# -- no cards drawn is no draw ----------------------------------------------------------------------------

_QUEST = """
state:
  active: B
  phase: kingdom
  dice: [1]
  A:
    quest: [Harpies]
    battlefield: [Lord of Change]
  B:
    quest: [%s]
    hand: [Rat Swarm, Rat Swarm, Rat Swarm, Rat Swarm, Rat Swarm, Rat Swarm, Rat Swarm]
    deck: [%s]
actions:
  - {player: B, begin: quest}
  - {player: A, use: Harpies, try: true}
"""


def test_empty_quest_zone_draws_nothing_and_triggers_nothing(tmp_path):
    eng = _run(tmp_path, _QUEST % ("", "Dark Zealot, Dark Zealot"))
    assert _events(eng, "action_rejected")
    assert not [e for e in _events(eng, "triggered") if e.get("source") == "Lord of Change"]
    assert eng.state.player_data["B"].get("cards_revealed", 0) == 0
    assert "corrupted" not in eng.obj("Harpies").flags


def test_empty_deck_draws_nothing_either(tmp_path):
    # 2 power in the quest zone, but no card left to draw: he has not drawn cards -- nor can he: a player
    # with no cards in his deck has lost the game already (keyword:for-the-rest-of-the-game), and nothing
    # is carried out in an ended game (engine.end_game)
    eng = _run(tmp_path, _QUEST % ("Savage Marauders", ""))
    assert [e["player"] for e in _events(eng, "game_lost")] == ["B"]
    assert all(e["reason"].startswith("the game is over") for e in _events(eng, "action_rejected"))
    assert eng.state.player_data["B"].get("cards_revealed", 0) == 0


def test_one_card_drawn_is_a_draw(tmp_path):
    # must not apply: 1 power, 2 cards in the deck -- he draws one; Harpies and Lord of Change see the draw
    # (a draw that empties the deck ends the game: B would lose before they resolve)
    eng = _run(tmp_path, _QUEST % ("Dark Zealot", "Squig Herd, Squig Herd"))
    assert not _events(eng, "action_rejected")
    assert "corrupted" in eng.obj("Harpies").flags
    assert eng.state.player_data["B"].get("cards_revealed", 0) == 1


def test_ablated_a_draw_of_nothing_counts(tmp_path):
    eng = _run(tmp_path, _QUEST % ("", "Dark Zealot"), ablate={rid("clarification:trigger-conditions")})
    assert not _events(eng, "action_rejected")
    assert eng.state.player_data["B"].get("cards_revealed", 0) == 1


# -- an attachment played on King Kazador pays his tax ------------------------------------------------------

_KAZADOR = """
state:
  active: %s
  phase: capital
  A:
    battlefield: [King Kazador]
    hand: [Illustrative Banner]
    resources: 4
  B:
    hand: [Illustrative Curse]
    resources: 4
actions:
  - {player: %s, play: %s, targets: [King Kazador]}
  - {pass: all}
"""


def test_opponents_attachment_pays_kazadors_tax(tmp_path):
    eng = _run(tmp_path, _KAZADOR % ("B", "B", "Illustrative Curse"))
    assert eng.state.player_data["B"]["resources"] == 0  # 1 + 3
    assert eng.obj("Illustrative Curse").attached_to == eng.obj("King Kazador").oid


def test_own_attachment_pays_no_tax(tmp_path):
    # must not apply: only Kazador's controller's opponents pay
    eng = _run(tmp_path, _KAZADOR % ("A", "A", "Illustrative Banner"))
    assert eng.state.player_data["A"]["resources"] == 3


def test_ablated_attachment_play_does_not_target_so_no_tax(tmp_path):
    eng = _run(tmp_path, _KAZADOR % ("B", "B", "Illustrative Curse"),
               ablate={rid("faq:opponent-plays-attachment-support-card-unit-respond-iron")})
    assert eng.state.player_data["B"]["resources"] == 3


# -- control returning to a zone the card cannot move into ------------------------------------------------

_RETURN = """
state:
  active: A
  phase: capital
  A:
    battlefield: [Illustrative Hero%s]
    hand: [Illustrative Dispel%s]
    resources: 5
  B:
    kingdom: [{card: Soul Stealer, attached_to: Illustrative Hero}%s]
actions:
%s  - {player: A, play: Illustrative Dispel, targets: [Soul Stealer]}
  - {pass: all}
"""
_SECOND_HERO = "  - {player: A, play: Illustrative Second Hero, zone: battlefield}\n  - {pass: all}\n"


def test_returning_hero_blocked_by_a_hero_is_sacrificed(tmp_path):
    eng = _run(tmp_path, _RETURN % ("", ", Illustrative Second Hero", "", _SECOND_HERO))
    assert eng.obj("Illustrative Hero").where == "A.discard"
    assert [e for e in _events(eng, "zone_change") if e["card"] == "Illustrative Hero" and e["cause"] == "sacrifice"]
    assert eng.obj("Illustrative Second Hero").where == "A.battlefield"


def test_returning_hero_with_no_hero_there_comes_back(tmp_path):
    # must not apply: the owner's battlefield has no Hero
    eng = _run(tmp_path, _RETURN % ("", "", "", ""))
    o = eng.obj("Illustrative Hero")
    assert (o.where, o.controller) == ("A.battlefield", "A")
    assert not _events(eng, "move_impossible")


def test_returning_unit_into_a_closed_zone_is_sacrificed(tmp_path):
    # Paranoia on the owner's unit closes his battlefield: the stolen unit cannot move back either
    eng = _run(tmp_path, _RETURN % (", Hag Queen", "", ", {card: Paranoia, attached_to: Hag Queen}", ""))
    assert eng.obj("Illustrative Hero").where == "A.discard"


def test_ablated_it_stays_with_the_thief(tmp_path):
    eng = _run(tmp_path, _RETURN % ("", ", Illustrative Second Hero", "", _SECOND_HERO),
               ablate={rid("faq:veteran-sellswords-battlefield-happens-opponent-unit-paranoia-attached")})
    o = eng.obj("Illustrative Hero")
    assert (o.where, o.controller) == ("B.battlefield", "B")


# -- C-3: what applying a Constant / Forced effect triggers resolves before the next waiting effect --------

_BRANDED = """
state:
  active: A
  phase: capital
  A:
    kingdom: [%s{card: Branded by Khorne, attached_to: Hag Queen}, {card: Branded by Khorne, attached_to: Savage Marauders}]
    hand: [Nurgle's Pestilence]
    resources: 2
  B:
    battlefield: [Hag Queen, Savage Marauders]
actions:
  - {player: A, play: Nurgle's Pestilence}
  - {player: A, pass: all, choose: [["Branded by Khorne#1", "Branded by Khorne#2"]]}
"""


def _order(eng):
    """The logged events that matter here, in order: destroyed units and triggered sources."""
    out = []
    for st in eng.trace:
        for e in st.events:
            if e["event"] == "zone_change" and e.get("cause") == "destroy":
                out.append(e["card"])
            elif e["event"] == "triggered":
                out.append(e["source"])
    return out


def test_nested_forced_effect_resolves_before_the_next(tmp_path):
    eng = _run(tmp_path, _BRANDED % "Garden of Morr, ")
    assert _order(eng) == ["Branded by Khorne#1", "Hag Queen", "Garden of Morr", "Branded by Khorne#2",
                           "Savage Marauders", "Garden of Morr"]
    assert eng.obj("Garden of Morr").counters.get("resource") == 2


def test_nothing_triggered_order_unchanged(tmp_path):
    # must not apply: no Garden, nothing triggered by the first Branded
    eng = _run(tmp_path, _BRANDED % "")
    assert _order(eng) == ["Branded by Khorne#1", "Hag Queen", "Branded by Khorne#2", "Savage Marauders"]


def test_ablated_triggered_effects_wait_for_the_batch(tmp_path):
    eng = _run(tmp_path, _BRANDED % "Garden of Morr, ", ablate={rid("clarification:c-resolving-a-constant-forced-effect")})
    assert _order(eng)[:5] == ["Branded by Khorne#1", "Hag Queen", "Branded by Khorne#2", "Savage Marauders",
                               "Garden of Morr"]


_TAKE = """
state:
  active: A
  phase: capital
  A:
    battlefield: [Hag Queen]
    hand: [Soul Stealer]
    resources: 3
  B:
    battlefield: [Savage Gor]
    kingdom: [%s]
actions:
  - {player: A, play: Soul Stealer, targets: [Savage Gor]}
  - {pass: all}
"""


def test_control_taken_into_a_closed_zone_sacrifices_the_unit(tmp_path):
    eng = _run(tmp_path, _TAKE % "{card: Paranoia, attached_to: Hag Queen}")
    assert eng.obj("Savage Gor").where == "B.discard"


def test_control_taken_into_an_open_zone_moves_the_unit(tmp_path):
    # must not apply: Paranoia on the opponent's own unit closes his zone, not the taker's
    eng = _run(tmp_path, _TAKE % "{card: Paranoia, attached_to: Savage Gor}")
    o = eng.obj("Savage Gor")
    assert (o.where, o.controller) == ("A.battlefield", "A")


def test_ablated_control_into_closed_zone_does_not_loop(tmp_path):
    eng = _run(tmp_path, _TAKE % "{card: Paranoia, attached_to: Hag Queen}",
               ablate={rid("faq:veteran-sellswords-battlefield-happens-opponent-unit-paranoia-attached")})
    o = eng.obj("Savage Gor")
    assert (o.where, o.controller) == ("B.battlefield", "B")
    assert len(_events(eng, "move_impossible")) == 1


# -- a forced move of a Hero into a zone of the player's that has a Hero --------------------------------------

_MERCENARY = """
state:
  active: A
  phase: capital
  A:
    battlefield: [Illustrative Hero Mercenary]
  B:
    %s: [Illustrative Hero]
actions:
  - {end: turn}
"""


def test_forced_move_of_a_hero_into_a_hero_zone_sacrifices_it(tmp_path):
    eng = _run(tmp_path, _MERCENARY % "battlefield")
    assert eng.obj("Illustrative Hero Mercenary").where == "A.discard"
    assert not _events(eng, "control_changed")


def test_forced_move_of_a_hero_elsewhere_moves_it(tmp_path):
    # must not apply: the opponent's Hero is in his kingdom
    eng = _run(tmp_path, _MERCENARY % "kingdom")
    o = eng.obj("Illustrative Hero Mercenary")
    assert (o.where, o.controller) == ("B.battlefield", "B")


def test_ablated_hero_limit_lets_the_hero_move_in(tmp_path):
    eng = _run(tmp_path, _MERCENARY % "battlefield", ablate={rid("clarification:limit-one-hero-per-zone")})
    assert eng.obj("Illustrative Hero Mercenary").where == "B.battlefield"


# -- a unit whose control changes leaves the combat it was in ----------------------------------------------

_DEFENDER = """
state:
  active: B
  phase: battlefield
  A:
    kingdom: [{card: Soul Stealer, attached_to: Hag Queen}%s]
  B:
    kingdom: [Hag Queen]
    battlefield: [Savage Marauders, Bloodsworn]
    hand: [Illustrative Dispel]
    resources: 1
actions:
  - {player: B, attack: kingdom, with: [Savage Marauders, Bloodsworn]}
  - {player: A, defend: [Hag Queen%s]}
  - {player: B, play: Illustrative Dispel, targets: [Soul Stealer]}
  - {pass: all}
"""


def test_stolen_defender_returned_no_longer_defends(tmp_path):
    eng = _run(tmp_path, _DEFENDER % ("", ""))
    o = eng.obj("Hag Queen")
    assert (o.where, o.controller) == ("B.kingdom", "B")
    assert "defending" not in o.flags


def test_other_defender_keeps_defending(tmp_path):
    # must not apply: A's own defender's control does not change
    eng = _run(tmp_path, _DEFENDER % (", Dark Zealot", ", Dark Zealot"))
    assert "defending" in eng.obj("Dark Zealot").flags
    assert "defending" not in eng.obj("Hag Queen").flags


def test_ablated_returned_unit_still_defends(tmp_path):
    eng = _run(tmp_path, _DEFENDER % ("", ""), ablate={rid("clarification:moving-cards")})
    assert "defending" in eng.obj("Hag Queen").flags
