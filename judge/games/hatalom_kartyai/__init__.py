"""Hatalom Kártyái (M.A.G.U.S. card game): card types (rulebook chapter 8).

Zones: ``reserve`` (tartalék: creatures), ``table`` (asztal: every other permanent, attached
cards too), ``deck``, ``hand``, ``discard`` (gyűjtő), ``stack``. "Passive" (passzív) is the
engine's ``exhausted``; "gazda" is the controller.

Creatures have printed ``sebzes`` (damage) and ``ep`` (hit points) stats; the current values are
the attributes ``dmg`` and ``hp``: printed value plus continuous modifiers plus the bonuses the
rules give (erősödés tokens 8.2.1/8.2.2, level-ups 8.3.1). Costs: ``cost: 2`` (VP) or
``cost: {vp: 1, komponens: 1}``; players have ``vp``, ``komponens`` and ``ep`` fields.

Phases (state ``phase``): preparation, draw, main, combat, healing, end. Entering the draw phase
(``{begin: draw}``) the active player draws one card, unless he searched for a location (8.9.6,
action ``search_location``) in his preparation phase. ``{activate: this}`` is the activation
(aktiválás) cost: the card turns passive. On-play triggers are ``on: {event: enters_play}`` of the
card itself; an ability with ``timing: on_play`` is used only in the turn the card was played.
Definition-only entries with no mechanic: 8.0.0, 8.0.2 (chapter front matter), 8.1.0 (lény /
nem-lény: the ``is_a(x, 'lény')`` reading), 8.5.0 (varázslat), 8.10 (pointer to chapter 42),
8.11.0 (rátett lap: ``is_attached_type``).
Every mechanic is bound to the chapter 8 rule it implements (see ``bindings.py``).

Architecture: ``HatalomKartyai`` (below) holds the configuration and answers the engine's hooks;
each mechanic is a module of this package:

    bindings.py    mechanic key -> chapter 8 rule id
    card_types.py  card types and 'is a' readings, choosing a type
    timing.py      phases (begin verb) and when a card may be played or used
    entering.py    where a played card goes, entering passive / active, on-play triggers
    stats.py       damage / hit points / level with tokens and level-ups
    attached.py    attached cards: hosts, the card affected, control
    costs.py       VP and component costs
    locations.py   locations and buildings (one location, immunity, search, activation)
    galetki.py     components, erősödés tokens, body parts
    combat.py      the fight verb, taking a kf item
"""
from __future__ import annotations

from typing import Any

from judge.engine.game import NOT_MINE, GameModule
from judge.engine.rules import Registry

from . import bindings, entering, timing
from .attached import can_host, gain_control, host_of
from .card_types import ATTACH_TYPES, CREATURES, NO_ABILITIES, choose_type, is_a, of_chosen
from .combat import fight
from .costs import can_pay_cost, pay_cost
from .entering import put_into_play
from .galetki import extract, grow, sacrifice_part
from .locations import (activate, can_activate, can_sacrifice, cards_in_play, exhaust, return_to_hand,
                        sacrifice, search_location)
from .stats import levels, skill_level, stat_bonus
from .timing import begin


G = "hatalom-kartyai"


class HatalomKartyai(GameModule):
    id = G
    name = "Hatalom Kártyái (M.A.G.U.S.)"
    zones = ("deck", "hand", "discard", "reserve", "table", "stack")
    play_zones = ("reserve", "table")
    permanent_types = CREATURES + ("építmény", "tárgy", "szakértelem", "helyszín", "bűbáj") + ATTACH_TYPES
    damageable_types = CREATURES
    leave_verbs = {"destroy": ("discard", "destroy"), "sacrifice": ("discard", "sacrifice")}
    player_fields = ("vp", "komponens", "ep")
    state_vars = {"active": "A", "phase": "main", "turn": 1}
    played_event_timing = "announce"
    floor_zero = True

    def bind_rules(self, reg: Registry) -> None:
        bindings.bind(reg)

    def register_handlers(self) -> None:
        self.actions.update({"begin": begin, "extract": extract, "grow": grow,
                             "sacrifice_part": sacrifice_part, "fight": fight,
                             "search_location": search_location})
        self.steps.update({"hk_cost": pay_cost, "can:hk_cost": can_pay_cost,
                           "sacrifice": sacrifice, "can:sacrifice": can_sacrifice,
                           "gain_control": gain_control, "exhaust": exhaust,
                           "return_to_hand": return_to_hand,
                           "put_into_play": put_into_play, "choose_type": choose_type,
                           "activate": activate, "can:activate": can_activate})
        self.functions.update({"is_a": is_a, "can_host": can_host, "of_chosen": of_chosen,
                               "cards_in_play": cards_in_play, "host_of": host_of})

    # -- attributes --------------------------------------------------------------------------
    def obj_attr(self, engine, obj, name: str) -> Any:
        if name in ("dmg", "hp") and obj.card.type in CREATURES:
            stat = "sebzes" if name == "dmg" else "ep"
            chars = engine.characteristics().get(obj.oid) if engine.is_in_play(obj) else None
            base = (chars or obj.card.stats).get(stat, 0) or 0
            return max(0, base + stat_bonus(engine, obj))
        if name == "szint":
            if obj.card.type == "kalandozó":
                return levels(engine, obj)
            if obj.card.type == "szakértelem":
                return skill_level(engine, obj)
        if name == "passive":
            return obj.exhausted
        if name == "active":
            return not obj.exhausted
        return NOT_MINE

    # -- playing ------------------------------------------------------------------------------
    def play_costs(self, engine, player, obj, action) -> list[dict]:
        cost = obj.card.cost
        if not cost:
            return []
        return [{"hk_cost": cost if isinstance(cost, dict) else {"vp": int(cost)}}]

    def can_play(self, engine, player, obj, action) -> str | None:
        return timing.can_play(engine, player, obj, action)

    def can_use(self, engine, player, obj, ab, action) -> str | None:
        return timing.can_use(engine, player, obj, ab, action)

    def text_blank(self, engine, obj) -> bool:
        return NO_ABILITIES in obj.flags

    def keep_pending(self, engine, pending) -> bool:
        return entering.keep_pending(engine, pending)

    def resolve_played_card(self, engine, item, obj) -> None:
        entering.resolve_played_card(engine, item, obj)


GAME = HatalomKartyai
