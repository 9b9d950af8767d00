"""Huntik: Secrets & Seekers TCG: rounds and turns, lead and defending player, four zones per
player, exhaust / free / combat actions, go again, powers and modifiers (rules 700-712).

Architecture: ``Huntik`` (below) holds the game's configuration and the policies that belong to
the whole game (lead player, triggered powers' order 702.6); each mechanic is a module that takes
part in the engine's hooks (judge/engine/hooks.py) by defining functions of the hooks' names, in
``MODULES`` order, and adds its verbs in ``register(game)``:

    rules.yaml    mechanic key -> rule id (700-712)
    actions.py    when actions may be played / used and their implicit costs (701); a card with no
                  controller (outside play) is its owner's for its powers (701.2, read through obj_attr)
    turns.py      rounds, combat, passing the turn, go again (707.2), one-shot ready (707.1), the end
                  of 'this turn / round / combat' modifiers (708.3)
    effects.py    effect steps: choose a zone, discard from hand (706.3), a player counter (706.3); a
                  card put into a zone enters it (event kind ``enters_zone``, 702.4)
    modifiers.py  timestamps: cards that started in play (711.2a), cards in a non-play area (711.2b),
                  a played card's or used action power's modifiers (711.2c), simultaneous modifiers
                  (711.3); a triggered modifier's source (706.6)
    powers.py     powers lost for a modifier's duration and their return (700.3, 711.2d), keywords
                  included (700.1), in timestamp order with the modifiers giving powers (711.1), the definite modifiers a card created unaffected by it (708.3c);
                  always-on powers a modifier gives a card (711.2d)
    entering.py   'come into play exhausted / with counters / [do something] or eliminate me' modifiers,
                  other cards' too, processed cumulatively as a card enters play (705.1b)
    counters.py   '+1 ATK' / '+1 DEF' counters: continuous modifiers timestamped as put on (711.2e)
"""
from __future__ import annotations

from typing import Any

from judge.engine.game import NOT_MINE, GameModule

from . import actions

G = "huntik"
HEROES = actions.HEROES
MODULES = ("actions", "turns", "effects", "modifiers", "powers", "entering", "counters")


class Huntik(GameModule):
    id = G
    name = "Huntik: Secrets & Seekers TCG"
    zones = ("deck", "hand", "discard", "zone1", "zone2", "zone3", "zone4", "features", "stack")
    play_zones = ("zone1", "zone2", "zone3", "zone4", "features")
    permanent_types = ("major hero", "minor hero", "feature", "obstacle", "item")
    leave_verbs = {"ko": ("discard", "ko"), "eliminate": ("discard", "eliminate"), "discard": ("discard", "discard")}
    played_event_timing = "resolve"  # 701.4: a cancelled action triggers nothing
    state_vars = {"active": "A", "lead": "A", "round": 1, "turn": 1, "in_combat": False, "combat": 0}
    durations = ("turn", "round", "combat")  # this turn / round / combat (turns.py)
    limit_periods = ("turn", "round", "combat")  # 'one per round' ...: limit_period reads the state's counters
    player_fields = ("attacks",)
    object_flags = ("stunned",)
    #: actions.play_costs (701.2)
    action_fields = {"exhaust": "{player: A, play: CARD, exhaust: HERO} -- the hero (or obstacle) exhausted to "
                                "play an exhaust action; without it, the player's one ready hero or obstacle "
                                "is taken, and the player is asked (choose:) when he has several"}
    same_object_within_play = True  # a hero moved from zone 1 to zone 2 stays in play, still stunned
    # 700.3's blank text box is the printed text: the powers modifiers give a card (700.1) are lost by a
    # 'loses its powers' modifier in timestamp order (711.1), one given later survives (powers.py)
    blank_is_printed_text = True
    next_replacement_batch = True  # 710.1b: every simultaneous instance of a 'next' event is replaced
    # 702.1: a triggered power "watches for its trigger event to happen, at which point it triggers and
    # resolves": one triggered by paying for an action (an exhaust, a discard) does not wait for it
    triggers_resolve_before_chain = True
    # ... and one triggered by a step of a resolving effect (a card exhausting the hero whose power readies
    # it) resolves there, before the effect's next step (706.3: its text is processed in order)
    triggers_resolve_between_steps = True
    # 702.4: "Powers that trigger off a card entering play or entering a zone ... use the game state
    # immediately after that event" (effects.event_kinds: a card put into a zone enters it)
    entering_kinds = ("enters_zone",)
    given_always_on = True  # a modifier's given always-on powers generate modifiers (711.2d, powers.py)

    def lead_player(self, engine) -> str:
        return engine.state.vars.get("lead") or "A"

    def obj_attr(self, engine, obj, name: str) -> Any:
        if name == "is_hero":  # printed: asked inside 'applies_to' filters; no Huntik effect sets a type
            return obj.card.type in HEROES
        if name == "controller" and obj.zone not in self.play_zones and obj.zone != "stack" and any(
                obj.zone in (ab.get("functions_in") or ()) for ab in obj.card.abilities):
            return actions.no_controller(engine, obj)
        return NOT_MINE

    def limit_period(self, engine, per: str) -> Any:
        return (per, engine.state.vars.get(per))

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
