"""Huntik: Secrets & Seekers TCG: rounds and turns, lead and defending player, four zones per
player, exhaust / free / combat actions, go again, powers and modifiers (rules 700-712).

Architecture: ``Huntik`` (below) holds the game's configuration and answers the engine's hooks;
each mechanic lives in its own module and the hooks call it:

    bindings.py   mechanic key -> rule id (700-712)
    actions.py    when actions may be played / used and their implicit costs (701)
    turns.py      rounds, combat, passing the turn, go again (707.2), one-shot ready (707.1)
    effects.py    effect steps: choose a zone, discard from hand (706.3)
    modifiers.py  order of simultaneous modifiers' timestamps (711.3)

Triggered powers' order (702.6) is the ``order_pending`` hook here.
"""
from __future__ import annotations

from typing import Any

from judge.engine.game import NOT_MINE, GameModule
from judge.engine.rules import Registry

from . import actions, bindings, effects, modifiers, turns

G = "huntik"
HEROES = actions.HEROES


class Huntik(GameModule):
    id = G
    name = "Huntik: Secrets & Seekers TCG"
    zones = ("deck", "hand", "discard", "zone1", "zone2", "zone3", "zone4", "features", "stack")
    play_zones = ("zone1", "zone2", "zone3", "zone4", "features")
    permanent_types = ("major hero", "minor hero", "feature", "obstacle", "item")
    leave_verbs = {"ko": ("discard", "ko"), "eliminate": ("discard", "eliminate"), "discard": ("discard", "discard")}
    played_event_timing = "resolve"  # 701.4: a cancelled action triggers nothing
    state_vars = {"active": "A", "lead": "A", "round": 1, "turn": 1, "in_combat": False, "combat": 0}
    player_fields = ("attacks",)
    object_flags = ("stunned",)

    def bind_rules(self, reg: Registry) -> None:
        bindings.bind(reg)

    def register_handlers(self) -> None:
        self.actions.update({"start": turns.start, "pass_turn": turns.pass_turn})
        self.steps.update({"go_again": turns.go_again, "discard_from_hand": effects.discard_from_hand,
                           "can:discard_from_hand": effects.can_discard_from_hand,
                           "choose_zone": effects.choose_zone, "ready": turns.ready})

    def lead_player(self, engine) -> str:
        return engine.state.vars.get("lead") or "A"

    def obj_attr(self, engine, obj, name: str) -> Any:
        if name == "is_hero":
            return obj.card.type in HEROES
        return NOT_MINE

    # 701.2 and 701.4: when actions may be played / used
    def play_costs(self, engine, player, obj, action) -> list[dict]:
        return actions.play_costs(engine, player, obj, action)

    def can_play(self, engine, player, obj, action) -> str | None:
        return actions.can_play(engine, player, obj, action)

    def can_use(self, engine, player, obj, ability, action) -> str | None:
        return actions.can_use(engine, player, obj, ability, action)

    def use_costs(self, engine, player, obj, ability, action) -> list[dict]:
        return actions.use_costs(engine, player, obj, ability, action)

    def limit_period(self, engine, per: str) -> Any:
        return (per, engine.state.vars.get(per))

    def order_simultaneous_modifiers(self, engine, mods, matters):
        return modifiers.order_simultaneous(engine, self.lead_player(engine), mods, matters)

    def state_checks(self, engine) -> bool:
        # continuous modifiers are in force at all times: evaluating them now makes players take
        # the decisions they need (711.3 timestamp order) as the game goes, not when read later
        engine.characteristics()
        return False

    def order_pending(self, engine, pending):
        """702.6: triggered powers on features first (lead player orders), then the lead
        player's, then the defending player's."""
        lead = self.lead_player(engine)
        other = engine.state.opponent(lead)
        features = [p for p in pending if p.source_type == "feature"]
        rest = [p for p in pending if p.source_type != "feature"]
        return [(lead, features), (lead, [p for p in rest if p.controller == lead]),
                (other, [p for p in rest if p.controller == other])]


GAME = Huntik
