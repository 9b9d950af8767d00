"""Warhammer: Invasion, mechanics completed in the blind scenario round of 2026-11-29:

* loyalty icons are read as the card has them in play: a development, facedown or faceup, provides none
  (clarification:developments 'no loyalty'; costs.loyalty_shortfall, developments.BLANK);
* a card a cost makes its player pick is one he controls (clarification:triggering-a-card-effect,
  ``costs_paid_with_own_cards``): an opponent's unit is not offered, a stolen one is;
* defenders with no attacker left assign none of their combat damage: the phase is carried out to the
  extent able (clarification:battlefield-phase, ``combat_to_extent_able``);
* a questing unit whose control changes stops questing (``control_change_stops_questing``);
* a stolen unit that becomes a faceup development is discarded: its controller does not own it
  (``development_owner_only``);
* 'deal indirect damage to each player': the effect is its source's controller's for both players
  (Outpost of Tiranoc: 'a card effect you control'), and with the damaged player's assignment switched off
  the effect's controller assigns both."""
from __future__ import annotations

from tests.engine.test_whi_terms import rid
from tests.engine.test_whi_zone_entry import _events, _power, _run

# -- loyalty icons of developments -------------------------------------------------------------------

_LOYALTY = """
state:
  active: A
  phase: capital
  A:
    kingdom: [%s]
    hand: [Illustrative Orc Charge]
    resources: 3
  B:
    battlefield: [Rat Swarm]
actions:
  - {player: A, play: Illustrative Orc Charge, targets: [Rat Swarm]}
  - {pass: all}
"""


def _paid(eng):
    return 3 - eng.player_attr("A", "resources")


def test_unit_in_play_provides_its_icon(tmp_path):
    assert _paid(_run(tmp_path, _LOYALTY % "Illustrative Orc Boyz")) == 2  # 1 + (2 - 1)


def test_facedown_development_provides_no_icon(tmp_path):
    assert _paid(_run(tmp_path, _LOYALTY % "{card: Illustrative Orc Boyz, development: true}")) == 3


def test_faceup_development_provides_no_icon(tmp_path):
    boyz = "Illustrative Orc Boyz, {card: Judgement of Loec, attached_to: Illustrative Orc Boyz}"
    assert _paid(_run(tmp_path, _LOYALTY % boyz)) == 3


def test_faceup_development_icon_counts_when_switched_off(tmp_path):
    boyz = "Illustrative Orc Boyz, {card: Judgement of Loec, attached_to: Illustrative Orc Boyz}"
    assert _paid(_run(tmp_path, _LOYALTY % boyz, [rid("clarification:developments")])) == 2


def test_icons_match_a_named_faction_only(tmp_path):
    """A card with loyalty and no faction (its race unknown) is paid in full beside icons that name no
    faction either: two missing factions are not one race."""
    text = """
cards:
  - {name: Loyal Nobody, type: tactic, cost: 1, loyalty: 2, illustrative: true, text: "Action: nothing.",
     abilities: [{kind: play, steps: []}]}
  - {name: Iconic Nobody, type: unit, cost: 1, stats: {power: 1, hp: 1, icons: 2}, illustrative: true}
state:
  active: A
  phase: capital
  A:
    kingdom: [Iconic Nobody]
    hand: [Loyal Nobody]
    resources: 3
actions:
  - {player: A, play: Loyal Nobody}
  - {pass: all}
"""
    assert _paid(_run(tmp_path, text)) == 3  # 1 + 2 loyalty, no icon of its race


# -- costs are paid with cards the player controls ------------------------------------------------------

_RITUAL = """
state:
  active: A
  phase: capital
  A:
    battlefield: [Rat Swarm, Dark Zealot]
    kingdom: [%s]
    hand: [Illustrative Dark Ritual]
    deck: [Hag Queen, Savage Marauders]
  B:
    battlefield: [Savage Gor]
actions:
  - {player: A, play: Illustrative Dark Ritual, choose: [{try: Savage Gor}, Rat Swarm]}
  - {pass: all}
"""


def test_cost_pick_leaves_out_opponents_unit(tmp_path):
    eng = _run(tmp_path, _RITUAL % "")
    assert _events(eng, "choice_rejected")
    assert eng.obj("Rat Swarm").zone == "discard" and eng.obj("Savage Gor").zone == "battlefield"
    assert len(eng.zone_objs("A", "hand")) == 2


def test_cost_pick_offers_a_stolen_unit(tmp_path):
    eng = _run(tmp_path, _RITUAL % "{card: Soul Stealer, attached_to: Savage Gor}")
    assert not _events(eng, "choice_rejected")
    assert eng.obj("Savage Gor").zone == "discard" and eng.obj("Savage Gor").owner == "B"
    assert eng.obj("Rat Swarm").zone == "battlefield"


def test_cost_pick_any_unit_when_switched_off(tmp_path):
    eng = _run(tmp_path, _RITUAL % "", [rid("clarification:triggering-a-card-effect")])
    assert not _events(eng, "choice_rejected")  # the opponent's unit is picked, and cannot be sacrificed
    assert eng.obj("Savage Gor").zone == "battlefield" and eng.obj("Rat Swarm").zone == "battlefield"


# -- the battlefield phase to the extent able ------------------------------------------------------------

_STRANDED = """
state:
  active: A
  phase: battlefield
  A:
    battlefield: [Rat Swarm, Hag Queen]
  B:
    kingdom: [Dark Zealot]
    hand: [Flames of Tzeentch]
    resources: 1
actions:
  - {player: A, attack: kingdom, with: [%s]}
  - {player: B, play: Flames of Tzeentch, x: 1, targets: [Rat Swarm]}
  - {pass: all}
  - {player: B, defend: [Dark Zealot]}
  - {player: A, assign: {%s}}
  - {player: B, assign: {}, try: true}
"""


def test_defenders_with_no_attacker_left_assign_nothing(tmp_path):
    eng = _run(tmp_path, _STRANDED % ("Rat Swarm", ""))
    assert not _events(eng, "action_rejected")
    assert _events(eng, "combat_ended")


def test_defenders_facing_an_attacker_assign_their_damage(tmp_path):
    eng = _run(tmp_path, _STRANDED % ("Rat Swarm, Hag Queen", "Dark Zealot: 2"))
    assert _events(eng, "action_rejected")  # Hag Queen still attacks: the Zealot's 1 damage must go to her
    assert not _events(eng, "combat_ended")


# -- control changes ---------------------------------------------------------------------------------

_STEAL_QUESTER = """
state:
  active: A
  phase: capital
  A:
    hand: [Soul Stealer]
    resources: 3
  B:
    quest: [{card: Illustrative Quest, counters: {resource: 2}}, {card: Dark Zealot, questing: %s}]
actions:
  - {player: A, play: Soul Stealer, targets: [Dark Zealot]}
  - {pass: all}
"""


def test_stolen_questing_unit_stops_questing(tmp_path):
    eng = _run(tmp_path, _STEAL_QUESTER % "true")
    zealot = eng.obj("Dark Zealot")
    assert zealot.controller == "A" and "questing" not in zealot.flags
    assert eng.obj("Illustrative Quest").counters.get("resource", 0) == 0


def test_stolen_questing_unit_keeps_questing_when_switched_off(tmp_path):
    eng = _run(tmp_path, _STEAL_QUESTER % "true", [rid("clarification:quests")])
    assert "questing" in eng.obj("Dark Zealot").flags


def test_stolen_unit_not_questing_logs_nothing(tmp_path):
    eng = _run(tmp_path, _STEAL_QUESTER % "false")
    assert eng.obj("Dark Zealot").controller == "A" and not _events(eng, "no_longer_questing")


_TREE_KIN = """
state:
  active: A
  phase: capital
  A:
    kingdom: [%s]
    resources: 2
  B:
    battlefield: [Tree Kin]
actions:
  - {player: %s, use: Tree Kin}
  - {pass: all}
"""


def test_stolen_unit_made_development_is_discarded(tmp_path):
    eng = _run(tmp_path, _TREE_KIN % ("{card: Soul Stealer, attached_to: Tree Kin}", "A"))
    assert eng.obj("Tree Kin").zone == "discard" and eng.obj("Soul Stealer").zone == "discard"


def test_own_unit_made_development_stays(tmp_path):
    text = (_TREE_KIN % ("", "B")).replace("    battlefield: [Tree Kin]", "    battlefield: [Tree Kin]\n    resources: 2")
    text = text.replace("active: A", "active: B")
    eng = _run(tmp_path, text)
    assert eng.obj("Tree Kin").zone == "battlefield"


def test_stolen_development_stays_when_switched_off(tmp_path):
    eng = _run(tmp_path, _TREE_KIN % ("{card: Soul Stealer, attached_to: Tree Kin}", "A"),
               [rid("clarification:developments")])
    assert eng.obj("Tree Kin").zone == "battlefield"


# -- indirect damage to each player --------------------------------------------------------------------

_EACH = """
state:
  active: A
  phase: capital
  A:
    kingdom: [%s]
    hand: [Illustrative Cataclysm]
    resources: 1
  B:
    kingdom: [%s]
actions:
  - {player: A, play: Illustrative Cataclysm, choose: %s}
  - {player: B, pass: all, choose: %s}
"""


def _damage(eng, label):
    return eng.obj(label).damage


def test_outpost_adds_to_each_player_of_its_controllers_effect(tmp_path):
    eng = _run(tmp_path, _EACH % ("Outpost of Tiranoc", "", "[{A capital quest: 1}, {A capital quest: 1}]",
                                  "[{B capital quest: 1}, {B capital quest: 1}]"))
    assert _damage(eng, "A capital quest") == 2 and _damage(eng, "B capital quest") == 2


def test_opponents_outpost_adds_nothing(tmp_path):
    eng = _run(tmp_path, _EACH % ("", "Outpost of Tiranoc", "[{A capital quest: 1}]", "[{B capital quest: 1}]"))
    assert _damage(eng, "A capital quest") == 1 and _damage(eng, "B capital quest") == 1


def test_effects_controller_assigns_each_players_damage_when_switched_off(tmp_path):
    text = _EACH % ("", "", "[{A capital quest: 1}, {B capital battlefield: 1}]", "[]")
    eng = _run(tmp_path, text.replace("choose: []", "choose: [{B capital quest: 1}]"),
               [rid("clarification:indirect-damage")])
    assert _damage(eng, "B capital battlefield") == 1  # A assigned the damage dealt to B


# -- an attacker moved to a zone it may attack from ------------------------------------------------------

_MOVED_ATTACKER = """
state:
  active: A
  phase: battlefield
  A:
    kingdom: [Greyseer Thanquol]
    battlefield: [Dark Zealot]
    hand: ["Sigmar's Brilliance"]
    resources: 1
actions:
  - {player: A, attack: kingdom, with: [Greyseer Thanquol, Dark Zealot]}
  - {player: B, defend: []}
  - {player: A, play: "Sigmar's Brilliance", targets: [%s], choose: [A.quest]}
  - {pass: all}
"""


def _attacking(eng, label):
    return "attacking" in eng.obj(label).flags


def test_attacker_that_may_attack_from_any_zone_keeps_attacking(tmp_path):
    eng = _run(tmp_path, _MOVED_ATTACKER % "Greyseer Thanquol")
    assert eng.obj("Greyseer Thanquol").zone == "quest" and _attacking(eng, "Greyseer Thanquol")


def test_ordinary_attacker_moved_out_stops_attacking(tmp_path):
    eng = _run(tmp_path, _MOVED_ATTACKER % "Dark Zealot")
    assert not _attacking(eng, "Dark Zealot") and _attacking(eng, "Greyseer Thanquol")


def test_moving_cards_switched_off_no_moved_attacker_leaves(tmp_path):
    # the exception and the rule it excepts from are one clause (clarification:moving-cards): switched off,
    # no moved attacker stops attacking
    eng = _run(tmp_path, _MOVED_ATTACKER % "Dark Zealot", [rid("clarification:moving-cards")])
    assert _attacking(eng, "Dark Zealot")


_WOLVES = """
state:
  active: A
  phase: quest
  A:
    quest: [Wolves of the North, {card: Dark Zealot, questing: true}]
    hand: ["Sigmar's Brilliance"]
    resources: 1
actions:
  - {player: A, attack: kingdom, with: [Dark Zealot]}
  - {player: A, play: "Sigmar's Brilliance", targets: [Dark Zealot], choose: [A.kingdom]}
  - {pass: all}
"""


def test_quest_granted_attack_lost_when_moved_off_the_quest(tmp_path):
    eng = _run(tmp_path, _WOLVES)  # the permission was the questing unit's: no longer questing, no longer attacking
    assert eng.obj("Dark Zealot").zone == "kingdom" and not _attacking(eng, "Dark Zealot")


# -- a card played without paying its cost still pays the costs in its text ------------------------------

_FREE_PLAY = """
state:
  active: A
  phase: capital
  A:
    battlefield: [%s]
    hand: ["%s"]
    deck: [Hag Queen, Savage Gor]
    resources: 1
  B:
    discard: [Illustrative Dark Ritual]
actions:
  - {player: A, play: "%s", choose: [Illustrative Dark Ritual]}
  - {pass: all}
"""


def _free(unit, card="Slaanesh's Domination"):
    return _FREE_PLAY % (unit, card, card)


def test_played_for_free_pays_the_text_cost(tmp_path):
    eng = _run(tmp_path, _free("Dark Zealot"))
    assert eng.obj("Dark Zealot").zone == "discard" and len(eng.zone_objs("A", "hand")) == 2


def test_played_for_free_not_played_when_text_cost_unpayable(tmp_path):
    eng = _run(tmp_path, _free(""))
    assert any(e.get("reason") == "costs_unpaid" for e in _events(eng, "effect_cancelled"))
    assert not eng.zone_objs("A", "hand")


def test_copied_effect_pays_no_text_cost(tmp_path):
    eng = _run(tmp_path, _free("Dark Zealot", "Twin Tailed Comet"))  # it copies the effect: no cost is paid
    assert eng.obj("Dark Zealot").zone == "battlefield" and len(eng.zone_objs("A", "hand")) == 2


def test_text_cost_skipped_when_switched_off(tmp_path):
    eng = _run(tmp_path, _free("Dark Zealot"), [rid("clarification:cost")])
    assert eng.obj("Dark Zealot").zone == "battlefield" and len(eng.zone_objs("A", "hand")) == 2


# -- a unit whose control changes enters its new controller's zone ----------------------------------------

_GREATSWORDS_STEAL = """
state:
  active: A
  phase: capital
  A:
    battlefield: [The Greatswords]
    hand: [Soul Stealer]
    resources: 3
  B:
    %s: [Savage Gor]
actions:
  - {player: A, play: Soul Stealer, targets: [Savage Gor]}
  - {pass: all}
"""


def test_stolen_unit_enters_its_new_controllers_zone(tmp_path):
    eng = _run(tmp_path, _GREATSWORDS_STEAL % "battlefield")
    assert _power(eng, "The Greatswords") == 2


def test_stolen_unit_entering_another_zone_not_seen(tmp_path):
    eng = _run(tmp_path, _GREATSWORDS_STEAL % "kingdom")
    assert eng.obj("Savage Gor").zone == "kingdom" and _power(eng, "The Greatswords") == 1


def test_stolen_unit_entering_not_seen_when_switched_off(tmp_path):
    eng = _run(tmp_path, _GREATSWORDS_STEAL % "battlefield", [rid("clarification:moving-cards")])
    assert _power(eng, "The Greatswords") == 1


def test_control_listed_in_the_starting_state_enters_nothing(tmp_path):
    text = """
state:
  active: A
  phase: capital
  A:
    battlefield: [The Greatswords]
    kingdom: [{card: Soul Stealer, attached_to: Savage Gor}]
  B:
    battlefield: [Savage Gor]
actions:
  - {pass: all}
"""
    eng = _run(tmp_path, text)
    assert eng.obj("Savage Gor").controller == "A" and _power(eng, "The Greatswords") == 1


# -- a Limited card counts once it is played, not when its play is refused ---------------------------------

_LIMITED = """
state:
  active: A
  phase: capital
  A:
    hand: [Fists of Mork, Pigeon Bombs]
    resources: %d
  B:
    hand: [Barbed Snares]
    resources: 1
actions:
  - {player: A, play: Fists of Mork, try: true}
  - {pass: all}
  - {player: B, play: Barbed Snares}
  - {pass: all}
  - {player: B, effect: [{player_counter: resources, player: A, amount: 1}]}
  - {player: A, play: Pigeon Bombs, try: true}
  - {pass: all}
"""


def test_refused_limited_play_does_not_use_the_limit(tmp_path):
    eng = _run(tmp_path, _LIMITED % 0)  # Fists refused (no resource); the opponent's Limited card is his own
    assert eng.obj("Fists of Mork").zone == "hand" and eng.obj("Pigeon Bombs").zone == "discard"
    assert eng.obj("Barbed Snares").zone == "discard"


def test_played_limited_card_uses_the_limit(tmp_path):
    eng = _run(tmp_path, _LIMITED % 1)
    assert eng.obj("Fists of Mork").zone == "discard" and eng.obj("Pigeon Bombs").zone == "hand"
    assert len(_events(eng, "action_rejected")) == 1


# -- a triggered Action of a card that left play: the player who controlled it then triggers it -----------

_HEXWRATH = """
state:
  active: B
  phase: capital
  A:
    kingdom: [%s]
    deck: [Rat Swarm, Savage Gor, Dark Zealot]
  B:
    battlefield: [Cackling Hexwrath]
    deck: [Hag Queen, Bloodsworn, Savage Marauders]
    hand: [Flames of Tzeentch]
    resources: 1
actions:
  - {player: B, play: Flames of Tzeentch, x: 1, targets: [Cackling Hexwrath]}
  - {pass: all}
  - {player: %s, use: Cackling Hexwrath, try: true}
  - {pass: all}
"""
_STOLEN = "{card: Soul Stealer, attached_to: Cackling Hexwrath}"


def _decks(eng):
    return len(eng.zone_objs("A", "deck")), len(eng.zone_objs("B", "deck"))


def test_stolen_card_left_play_its_controller_then_triggers(tmp_path):
    assert _decks(_run(tmp_path, _HEXWRATH % (_STOLEN, "A"))) == (1, 3)


def test_stolen_card_left_play_its_owner_cannot_trigger(tmp_path):
    eng = _run(tmp_path, _HEXWRATH % (_STOLEN, "B"))
    assert _events(eng, "action_rejected") and _decks(eng) == (3, 3)


def test_own_card_left_play_its_owner_triggers(tmp_path):
    assert _decks(_run(tmp_path, _HEXWRATH % ("", "B"))) == (3, 1)
