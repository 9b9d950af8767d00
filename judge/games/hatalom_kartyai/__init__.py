"""Hatalom Kártyái (M.A.G.U.S. card game): card types (rulebook chapter 8).

Zones: ``reserve`` (tartalék: creatures), ``table`` (asztal: every other permanent, attached
cards too), ``deck``, ``hand``, ``discard`` (gyűjtő), ``stack``. A card text's "az asztalon" is
``on_table(it)`` (attached.py): a card in the ``table`` zone but a # item on its carrier (8.7.1). "Passive" (passzív) is the
engine's ``exhausted``; "gazda" is the controller.

Creatures have printed ``sebzes`` (damage) and ``ep`` (hit points) stats; read in play, under these
names or as ``dmg`` and ``hp`` (the same values), they are the current values: printed value plus
continuous modifiers plus the bonuses the rules give (erősödés tokens 8.2.1/8.2.2, level-ups 8.3.1). Costs: ``cost: 2`` (VP) or
``cost: {vp: 1, komponens: 1}``; players have ``vp``, ``komponens`` and ``ep`` fields.

Phases (state ``phase``): preparation, draw, main, combat, healing, end. Entering the draw phase
(``{begin: draw}``) the active player draws one card, unless he searched for a location (8.9.6,
action ``search_location``) in his preparation phase. A phase of another player's turn, or a preparation
phase entered from a later one, begins the next turn: effects lasting until the end of the turn end and the
``turn`` counter moves on. ``{activate: this}`` is the activation
(aktiválás) cost: the card turns passive. On-play triggers are ``on: {event: enters_play}`` of the
card itself; an ability with ``timing: on_play`` is used only when the card is played (the window of its play:
on_play.py).
Definition-only entries with no mechanic: 8.0.0, 8.0.2 (chapter front matter), 8.1.0 (lény /
nem-lény: the ``is_a(x, 'lény')`` reading), 8.10 (pointer to chapter 42),
8.11.0 (rátett lap: ``is_attached_type``).
Every mechanic is bound to the chapter 8 rule it implements (see ``rules.yaml``).

Architecture: ``HatalomKartyai`` (below) holds the configuration, which cards' text is blank and
where a played card goes; each mechanic is a module that takes part in the engine's hooks
(judge/engine/hooks.py) by defining functions of the hooks' names, in ``MODULES`` order, and adds
its verbs, steps and expression functions in ``register(game)``:

    rules.yaml     mechanic key -> chapter 8 rule id
    card_types.py  card types and 'is a' readings, choosing a type
    timing.py      phases (begin verb) and when a card may be played or used
    entering.py    where a played card goes, entering passive / active, on-play triggers, a location's
                   play not seen by triggers on card plays (8.9.1)
    stats.py       damage / hit points / level with tokens and level-ups
    attached.py    attached cards: hosts, the card affected, control
    costs.py       VP and component costs
    locations.py   locations and buildings (one location, immunity, only sources naming them affect
                   them, search, activation; the core move step asked about first)
    on_play.py     the window of a card's play, in which its on-play ('kijátszáskori') abilities are used
    shields.py     sources without effect on a galetki (8.4.3), while they resolve (a card played: its
                   always-on abilities too, while it stays in play); the card resolving
                   (the core flag and modify steps ask may_affect themselves; an attached card
                   is not put on a galetki it has no effect on)
    galetki.py     components, erősödés tokens, body parts (one per galetki and source, the gazda's own)
    affected.py    which galetki a source affects in a way 8.4.3 lists (what each of its steps would do)
    combat.py      the fight verb; taking a kf item when its carrier, having fought, leaves play in the
                   combat phase (observe)
"""
from __future__ import annotations

from judge.engine.game import GameModule

from . import card_types, entering, locations
from .card_types import ATTACH_TYPES, CARD_TYPES, CREATURES, NO_ABILITIES, lost_abilities


G = "hatalom-kartyai"
MODULES = ("card_types", "timing", "entering", "stats", "shields", "attached", "costs", "locations", "on_play", "galetki", "combat")


class HatalomKartyai(GameModule):
    id = G
    name = "Hatalom Kártyái (M.A.G.U.S.)"
    zones = ("deck", "hand", "discard", "reserve", "table", "stack")
    play_zones = ("reserve", "table")
    permanent_types = CREATURES + ("építmény", "tárgy", "szakértelem", "helyszín", "bűbáj") + ATTACH_TYPES
    damageable_types = CREATURES
    leave_verbs = {"destroy": ("discard", "destroy"), "sacrifice": ("discard", "sacrifice")}
    # a kalandozó's level is worked out from its level-ups (8.3.1): read as it last was when it has left play
    last_known_attrs = ("szint",)
    player_fields = ("vp", "komponens", "ep")
    state_vars = {"active": "A", "phase": "main", "turn": 1}
    state_phases = ("preparation", "draw", "main", "combat", "healing", "end")  # 8.1 (timing.PHASES)
    durations = ("turn", "phase")  # "a kör végéig", "a fázis végéig" (timing.py)
    #: an always-on text that takes the special abilities of the cards it reaches (grant: [képességtelen]):
    #: their own always-on abilities are left out of the view it makes (card_types.lost_abilities)
    view_blanking_keywords = (NO_ABILITIES,)
    #: the player pays N of a location's monster components with 2 HP each (8.9.2: costs.py)
    action_fields = {"pay_ep": "{player: A, play: LOCATION, pay_ep: N} -- pay N of the location's monster "
                               "components with 2 HP each, by the player's own choice"}
    played_event_timing = "announce"
    floor_zero = True
    # stats.adjust_attr floors the whole number: the modifiers' part + level-ups (8.3.1) and growth tokens (8.2.1)
    floor_at_read = ("szint", "sebzes", "ep")
    #: 8.9.5: the sentence of a card's text that affects a location must name it (locations.names_locations)
    reads_running_step = True
    rule_functions = ("can_host",)  # 8.4.1, 8.5.5, 8.7.1: where a card may be put is the type's rule

    def knows_card_type(self, card_type, corpus_types) -> bool:
        """Chapter 8's types, and every 'bűbáj valamire' (8.5.5): an enchantment onto any kind of card,
        'bűbáj torzszülöttre' as well as the corpus's 'bűbáj szörnyre'."""
        return (super().knows_card_type(card_type, corpus_types) or card_type in CARD_TYPES
                or card_types.enchant_host_type(card_type) is not None)

    def text_blank(self, engine, obj) -> bool:
        """A card that lost its special abilities (flag ``NO_ABILITIES``, or an always-on text giving it that
        keyword: card_types.lost_abilities), unless it is a location,
        whose abilities can't be switched off (8.9.5)."""
        return lost_abilities(engine, obj) and not locations.ability_kept(engine, obj)

    def resolve_played_card(self, engine, item, obj) -> None:
        entering.place_played_card(engine, item, obj)


GAME = HatalomKartyai
