"""Hatalom Kártyái rule bindings: each mechanic key the engine and this package use, bound to the
chapter 8 rule that states it."""
from __future__ import annotations

from judge.engine.rules import Registry


G = "hatalom-kartyai"


def rid(local: str) -> str:
    return f"{G}:{local}"


def bind(reg: Registry) -> None:
    reg.bind("main_phase_creature", rid("8.1.1"),
             does="creatures are played from hand only in their player's own main phase",
             off="creatures may be played in any phase of any turn")
    reg.bind("creature_enters_passive", rid("8.1.2"),
             does="a creature played from hand enters the reserve passive",
             off="a played creature enters active")
    reg.bind("creature_into_play_reserve", rid("8.1.2.1"),
             does="a creature put into play by a source goes to the reserve, active or passive as if played "
                  "from hand",
             off="a creature put into play by a source enters the table active")
    reg.bind("torzszulott_is_szorny", rid("8.1.3"),
             does="'szörny' in a rule or card text also means torzszülött",
             off="'szörny' means only cards of type szörny")
    reg.bind("type_choice_exact", rid("8.1.3.1"),
             does="when both szörny and torzszülött may be chosen as a type, choosing szörny excludes torzszülött",
             off="choosing szörny also covers torzszülött (8.1.3 applies to the choice)")
    reg.bind("growth_from_components", rid("8.2.1"),
             does="a player with a galetki may take an erősödés token on a galetki instead of each monster "
                  "component extracted from an opponent's torzszülött",
             off="monster components are always extracted as components")
    reg.bind("growth_by_sacrifice", rid("8.2.2"),
             does="a player may sacrifice an active torzszülött at any time to distribute as many erősödés "
                  "tokens among his galetki as it had monster components",
             off="no rule lets a torzszülött be sacrificed for erősödés tokens")
    reg.bind("growth_token_bonus", rid("8.2.1"), rid("8.2.2"),
             does="each erősödés token gives its galetki +1 damage and +1 HP",
             off="erősödés tokens change nothing")
    reg.bind("level_up_bonus", rid("8.3.1"),
             does="an adventurer is level 0; each level-up gives +1 damage and +1 HP",
             off="level-ups change neither level nor damage nor HP")
    reg.bind("attach_host_type", rid("8.4.1"), rid("8.2.3"),
             does="a level-up goes only on an adventurer, a body part only on a galetki, both only in the "
                  "player's own main phase",
             off="level-ups and body parts may go on any creature, at any time")
    reg.bind("body_part_sacrifice", rid("8.4.3"),
             does="outside the preparation phase a galetki's owner may sacrifice a body part on it in "
                  "reaction to a source: that source then has no effect on that galetki",
             off="sacrificing a body part protects nothing")
    reg.bind("instant_timing", rid("8.5.1"),
             does="instants may be played in any player's main, combat or healing phase",
             off="instants too may be played only in the player's own main phase")
    reg.bind("main_phase_other", rid("8.5.1"),
             does="every non-instant card may be played only in its player's own main phase",
             off="non-instant cards may be played in any phase")
    reg.bind("opponent_turn_means_main", rid("8.5.1.1"),
             does="a card that may be played in the opponent's turn, without saying when, is played in the "
                  "opponent's main phase",
             off="such a card may be played in any phase of the opponent's turn")
    reg.bind("main_phase_spell", rid("8.5.2"),
             does="general spells and enchantments are played only in the player's own main phase",
             off="general spells and enchantments may be played in any phase")
    reg.bind("spell_to_discard", rid("8.5.3"),
             does="an instant or general spell takes effect and then goes to the discard pile",
             off="an instant or general spell stays on the table after it takes effect")
    reg.bind("enchantment_stays", rid("8.5.4"),
             does="an enchantment stays on the table, active, after it is played",
             off="an enchantment goes to the discard pile after it is played")
    reg.bind("enchant_needs_target", rid("8.5.5"),
             does="an 'enchant something' card must be put on a fitting target; without one it can't be played",
             off="an 'enchant something' card may be put on any card")
    reg.bind("bubaj_means_all", rid("8.5.6"),
             does="'bűbáj' in a rule or card text means every kind of enchantment",
             off="'bűbáj' means only plain enchantments")
    reg.bind("building_enters_passive", rid("8.6"),
             does="a building enters the table passive",
             off="a building enters the table active")
    reg.bind("kf_item_carrier", rid("8.7.1"),
             does="a # (KF) item is put on a creature that also has the # icon",
             off="a KF item may be put on any creature")
    reg.bind("kf_item_capture", rid("8.7.2"),
             does="when a carrier leaves play in the combat phase and the creature it fought survives, the "
                  "survivor's owner may take the item onto it and becomes its owner",
             off="the item goes to the discard pile with its carrier")
    reg.bind("skills_add_up", rid("8.8.1"),
             does="identical skills add up: their level is the number of such skills on the player's side",
             off="each skill is level 1")
    reg.bind("location_no_response", rid("8.9.1"),
             does="bringing a location into play cannot be responded to",
             off="a location's play can be responded to like any card's")
    reg.bind("location_component_by_hp", rid("8.9.2"),
             does="a monster component in a location's cost may be paid by sacrificing 2 HP (only for locations)",
             off="a location's monster components must be paid as components")
    reg.bind("one_location", rid("8.9.4"),
             does="only one location may be in play: a new one sends the previous one to its owner's discard",
             off="several locations may be in play")
    reg.bind("location_immune", rid("8.9.5"),
             does="locations cannot be sacrificed, passivized, returned or change owner",
             off="locations are affected like any other card on the table")
    reg.bind("attached_owner_is_player", rid("8.11.2"),
             does="an attached card's owner is the player who played it, even on another player's permanent",
             off="an attached card belongs to the owner of the permanent it is on")
    reg.bind("attached_owner_kept", rid("8.11.3"),
             does="when a permanent changes owner, the cards attached to it keep their owner",
             off="attached cards change owner with the permanent they are on")

    # -- further chapter 8 rules ------------------------------------------------------------
    reg.bind("type_rules_not_abilities", rid("8.0.1"),
             does="a card type and its rules are not special abilities: a card whose special abilities are "
                  "switched off keeps its type's rules (e.g. an adventurer's level-up bonus)",
             off="type rules count as special abilities: switching off a card's abilities also switches off "
                 "its type's rules")
    reg.bind("attach_play_not_source", rid("8.4.2"),
             does="playing a level-up or body part is neither a source nor targeting: a body part can't be "
                  "sacrificed (8.4.3) in reaction to it",
             off="playing a level-up or body part is a source targeting its host, which the host's gazda may "
                 "react to")
    reg.bind("building_on_play_passive", rid("8.6.1"),
             does="a building's on-play automatic abilities happen, and its on-play abilities needing "
                  "activation may be used, even if it entered play passive",
             off="a building that entered passive has neither: its on-play trigger does nothing and a passive "
                 "card can't be activated")
    reg.bind("main_phase_item", rid("8.7"),
             does="items are played only in their player's own main phase",
             off="items may be played in any phase of any turn")
    reg.bind("item_enters_active", rid("8.7"),
             does="an item enters play active",
             off="an item enters play passive (as buildings do)")
    reg.bind("main_phase_skill", rid("8.8.0"),
             does="skills are played only in their player's own main phase",
             off="skills may be played in any phase of any turn")
    reg.bind("skill_enters_active", rid("8.8.0"),
             does="a skill enters the table active",
             off="a skill enters the table passive (as buildings do)")
    reg.bind("main_phase_location", rid("8.9.0"),
             does="locations are played only in their player's own main phase",
             off="locations may be played in any phase of any turn")
    reg.bind("location_enters_active", rid("8.9.0"),
             does="a location enters the table active",
             off="a location enters the table passive (as buildings do)")
    reg.bind("location_not_in_play_for_sources", rid("8.9.3"),
             does="a source counting the cards in play does not count locations",
             off="locations are counted as cards in play")
    reg.bind("location_ability_no_response", rid("8.9.5.1"),
             does="a location's activated ability cannot be responded to",
             off="a location's activated ability can be responded to like any other")
    reg.bind("location_search", rid("8.9.6"),
             does="in his preparation phase a player may pay 2 VP to search his deck for a location, instead "
                  "of drawing the draw-phase card",
             off="no rule lets a player search his deck for a location")
    reg.bind("location_on_play_by_effect", rid("8.9.7"),
             does="a location brought into play by an effect (from the discard pile or deck) has its on-play "
                  "ability too",
             off="a location's on-play ability happens only when it is played from hand")
    reg.bind("attached_affects_host", rid("8.11.1"),
             does="an attached card always affects the card it is on (a new carrier too), a constant effect",
             off="an attached card affects only the card it was played onto")
