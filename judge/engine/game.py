"""GameModule: a game's configuration and its own hook methods, and the registry that finds games.

A game is a package ``judge/games/<id with - as _>/`` (or, during the move to packages, a module
``judge/games/<id>.py``) that defines ``GAME``, a GameModule subclass, and optionally ``MODULES``,
the names of its mechanic modules inside the package. Nothing else registers it:
``get_game("warhammer-invasion")`` imports ``judge.games.warhammer_invasion`` and instantiates
its ``GAME``. How the GameModule and its modules take part in each hook: judge/engine/hooks.py.
"""
from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from judge.engine import bindings
from judge.engine.durations import TURN_RELATIVE
from judge.engine.hooks import NOT_MINE, GameHooks, game_package, load_modules
from judge.engine.rules import Registry
from judge.errors import UnknownGameError

if TYPE_CHECKING:
    from judge.engine.engine import Engine
    from judge.engine.state import ChainItem, Obj, Pending

__all__ = ["GameModule", "NOT_MINE", "get_game", "known_games", "mechanics_report"]


class GameModule:
    id: str = ""
    name: str = ""
    players: tuple[str, ...] = ("A", "B")
    #: per-player zones; the first of ``play_zones`` is where permanents enter by default
    zones: tuple[str, ...] = ("deck", "hand", "discard", "play")
    play_zones: tuple[str, ...] = ("play",)
    hidden_zones: tuple[str, ...] = ("deck", "hand")
    #: card types that stay in play when played (others resolve and go to the discard pile)
    permanent_types: tuple[str, ...] = ()
    #: card types the game's rules know besides those of its cards.yaml and permanent_types (a scenario's
    #: own card of a type none of these names is refused as it loads: a misspelt 'untit' was a card no
    #: rule treated as a unit, so every rule about units silently passed it by)
    card_types: tuple[str, ...] = ()
    #: card types destroyed by lethal damage during state checks
    damageable_types: tuple[str, ...] = ()
    #: "announce": 'when played' triggers fire as a card is played; "resolve": when the play
    #: can no longer be cancelled (the play resolves)
    played_event_timing: str = "announce"
    #: fixture state keys this game understands (besides players), with defaults
    state_vars: dict[str, Any] = {"active": "A", "phase": None, "turn": 1}
    #: the values a scenario's ``state: phase:`` may take (the game's phases, and the points between
    #: them a scenario may start at); empty: not checked. A misspelt phase would otherwise start the
    #: scenario in a phase no rule reads, so every phase-bound rule would silently stay off
    state_phases: tuple[str, ...] = ()
    #: the periods a created effect may last (`duration:`): those the game ends (engine.expire); another
    #: would never end, so a card or scenario naming one is refused as it loads
    durations: tuple[str, ...] = ("turn", "phase")
    #: the periods a 'once per X' use limit (`limit: {per: X}`) may count (limit_period tells them apart):
    #: another -- a misspelt one, `per: game` -- was counted per turn, so it is refused as the card loads
    limit_periods: tuple[str, ...] = ("turn", "phase")
    #: the owner's zone the rules put a card into when they discard it: a cancelled play, an
    #: attachment whose host left play (Vs. System: the KO'd pile)
    discard_zone: str = "discard"
    #: step verbs that move a card out of play: verb -> (destination zone, event cause)
    leave_verbs: dict[str, tuple[str, str]] = {"destroy": ("discard", "destroy"), "discard": ("discard", "discard")}
    #: rules text a trait carries, which the game's code implements: trait -> sentences (WHI: a Hero
    #: "Limit one Hero per zone"); `judge coverage` counts such a sentence as carried by the card's data
    trait_text: dict[str, tuple[str, ...]] = {}
    #: documented card scripts (a card effect the effect language does not express): card name -> the
    #: names of its script's verbs and functions (`judge coverage` counts each as modelling a sentence)
    card_scripts: dict[str, tuple[str, ...]] = {}
    #: event kinds (hook ``event_kinds``) that enter something, like a card entering play: triggers
    #: on such an event look at the state just after it, not just before (WHI: a unit moved into a
    #: zone is considered to have entered that zone, so 'after a unit enters this zone' sees it there)
    entering_kinds: tuple[str, ...] = ()
    #: other event kinds whose triggers look at the state just after the event: a change the game performs
    #: as an event so that it can be replaced, which its triggers read as made (a player's number: 'When an
    #: opponent gains Force, if he or she has 3 or more Force'; Vs. System's endurance loss: 'Whenever you lose
    #: endurance, if you then have 10 or less endurance')
    after_kinds: tuple[str, ...] = ("player_counter",)
    #: the game carries out always-on powers that modifiers give cards (``grant_powers`` of kind continuous:
    #: Huntik 711.2d, powers.py); elsewhere a card giving one is refused as it loads
    given_always_on: bool = False
    #: fields the game's own scenario actions read besides the common ones (schema ACTION_KEYS): field -> how
    #: it is written and what it does, which `judge cards --game G` shows (Vs. System's ``{begin: turn,
    #: active: B}``, Huntik's ``exhaust:`` on the play of an exhaust action): only that game's scenarios may
    #: write them, in any action
    action_fields: dict[str, str] = {}
    #: the form of the fields the game's own action verbs read, checked as a scenario loads (a name where a
    #: list is meant would otherwise be read letter by letter): verb -> field -> form, one of schema.FORMS --
    #: ``"cards"`` (a list of card labels: ``with: [Rat Swarm]``), ``"card"`` (one card label), ``"amounts"``
    #: (card label -> whole number); a tuple ``("amounts", WORD, ...)`` also takes those words as keys
    #: (Warhammer's ``assign: {Unit: 2, capital: 3}``). A field not listed is read by the verb as it comes
    action_forms: dict[str, dict[str, Any]] = {}
    #: the values a game verb of the scenario's actions accepts: verb -> values (Vs. System's ``{strike: attack}``);
    #: another value is refused as the scenario loads, with these listed (a verb whose code never reads its
    #: value would take ``{strike: henchman}`` as ``{strike: attack}``, silently)
    action_values: dict[str, tuple[str, ...]] = {}
    #: flags an object may carry in fixture state (besides exhausted)
    object_flags: tuple[str, ...] = ()
    #: flags (of ``object_flags``) a fixture may give as the label of a card of its zone instead of true:
    #: flag -> (the card type that label must name, the object memory key the replay keeps that card's
    #: object id under). Warhammer: ``questing: "Quest#2"``, the quest of its zone the unit quests on
    object_flag_cards: dict[str, tuple[str, str]] = {}
    #: counters a player may have in fixture state (e.g. resources)
    player_fields: tuple[str, ...] = ("resources",)
    #: modifiers never reduce a number below zero
    floor_zero: bool = False
    #: (with floor_zero) the floor applies to the net effect of the always-on modifiers on a number, not
    #: to each in turn (core mechanic ``floor_on_net``, which the game binds to the rule saying so)
    floor_net: bool = False
    #: (with floor_net) every modifier counts in the net, those with a duration ('until end of battle')
    #: too, not only the always-on ones: the game's effects are all cumulative (Star Wars), or an Action's
    #: lasting effect is a constant effect (Warhammer)
    floor_net_all: bool = False
    #: the game's rules ask which step of a card's text is being done (``engine.running_step``; Hatalom 8.9.5:
    #: the sentence that affects a location must name it); kept only where asked: it costs every step a write
    reads_running_step: bool = False
    #: (with floor_zero) numbers the view holds only a part of, the game adding the rest where the number
    #: is read (Hatalom: a kalandozó's szint, its level-up cards and tokens added to what modifiers give):
    #: floored there, on the whole, not in the view (a -1 level with two level-ups is level 1)
    floor_at_read: tuple[str, ...] = ()
    #: attributes a continuous modifier may set (``set:``) that can leave a card's text box blank in the
    #: view the modifiers make (Warhammer: ``faceup_development``, a faceup development has no text box).
    #: While one is set, the core asks ``text_blank`` again with that view as the reading view and leaves
    #: out the modifiers of the always-on abilities of the cards whose text box is blank there (blanking.py)
    view_blanking_attrs: tuple[str, ...] = ()
    #: the kinds of counter (token) the game's rules put on cards: ``it.KIND`` is 0 on a card with none of
    #: them (it read null, and an amount 'for each resource token on it' crashed: blind round 52)
    counter_kinds: tuple[str, ...] = ()
    #: keywords a modifier grants that can leave a text box blank (read as view_blanking_attrs are: Hatalom's
    #: 'képességtelen', given by an always-on 'lose their special abilities')
    view_blanking_keywords: tuple[str, ...] = ()
    #: a blank text box (hook ``text_blank``) blanks the card's printed text only: the triggered and
    #: replacement powers modifiers gave it are its computed ``powers``, which a ``lose_powers`` modifier
    #: empties at its place in timestamp order (Huntik 700.1, 700.3, 711.1: one given later survives).
    #: Off (the default): a blank text box blanks the powers modifiers gave the card too
    blank_is_printed_text: bool = False
    #: a card's printed keywords are in its text box: while the text box is blank (hook ``text_blank``, read
    #: in the computed view) its computed ``keywords`` lack them -- one copy of each printed keyword, so
    #: a keyword another card's modifier gives it stays (Warhammer: keywords are card effects of the text
    #: box; Feared, 'considered to have a blank text box'). Off (the default): the computed keywords keep
    #: the printed ones (a game whose blank text is a modifier emptying them in timestamp order, Huntik's
    #: lose_powers, or whose keyword is an icon outside the text box, Hatalom's KF, 8.7.1)
    keywords_in_text_box: bool = False
    #: a 'next time' replacement modifier replaces every one of the simultaneous events that would happen
    #: next, then is used up (core mechanic ``next_replacement_simultaneous``, which the game binds to the
    #: rule saying so: Huntik 710.1b 'replace every instance ... even if that event happens multiple times
    #: simultaneously'). Off (the default): the first event of the batch uses it up
    next_replacement_batch: bool = False
    #: verbs that act only on cards their player controls -> the mechanic saying so (Warhammer: ``sacrifice``
    #: -> sacrifice_own_only): a ``choose`` whose pick such a later step of the same effect acts on offers only
    #: that player's cards, a pick of another refused by that rule (StepsMixin.narrow_choices)
    own_cards_verbs: dict[str, str] = {}
    #: moving a card from one play zone to another keeps the same object (its damage, flags,
    #: exhaustion): the zones are parts of one play area (Huntik's zones 1-4). Off: every zone
    #: change makes a new object, as ``new_object_on_zone_change`` says (Vs. System's areas)
    same_object_within_play: bool = False
    #: a ``then:`` step of a card's data begins a new sentence of its text ('X. Then, Y.' -- every 'Then' of the
    #: game's cards does): the game's ``sentence_break`` hook runs before it, as between ``sentences:`` parts
    #: (Warhammer: what the first sentence triggered interrupts the effect at the break)
    then_starts_sentence: bool = False
    #: attributes a card that has just left play is read with as it last was in play, besides its printed
    #: stats, type, traits and keywords (zones.py last_known): a game's own computed ones (Hatalom's szint)
    last_known_attrs: tuple = ()
    #: expression functions that state a game rule's restriction rather than read a word of the card's
    #: text (Hatalom's ``can_host``: the host a level-up, body part, KF item or enchantment may go on, by
    #: 8.4.1, 8.5.5, 8.7.1): a target filter refused where one of them fired its rule names that rule alone,
    #: not the card's text (ChainMixin.refused_target_text)
    rule_functions: tuple[str, ...] = ()
    #: triggered abilities go on the chain (targets chosen as they go on) and wait there for the players
    #: to pass, so a player may respond to one: core mechanic ``triggers_on_chain``, which the game binds
    #: to the rule saying so (off: they resolve as they trigger, as in a game without this)
    triggers_on_chain: bool = False
    #: a game action (an attack, a phase begun) moves the game on: what waits on the chain takes effect
    #: first, as if the players had passed (no text of the game lets one answer an ability with an
    #: attack). Off: game actions may be taken while the chain waits (Hatalom's body-part sacrifices and
    #: growth are answers to a spell on the chain)
    resolve_chain_before_game_actions: bool = False
    #: the waiting triggered abilities are one pool, ordered by the game's policy whenever one joins it:
    #: one that triggers while a batch takes effect is ordered with those of the batch still waiting
    #: (core mechanic ``pending_pool_reordered``; off, or a game without this: it waits for the whole batch)
    pending_pool_reordered: bool = False
    #: a triggered ability never waits for the chain: one that triggers as a card is played or a power
    #: used (its costs paid: an exhaust, a discard) resolves as soon as that action is made, before the
    #: action resolves and before anyone answers it (core mechanic ``triggers_resolve_before_chain``,
    #: which the game binds; off, or a game without this: it waits until the chain resolves)
    triggers_resolve_before_chain: bool = False
    #: a triggered ability that triggers while an effect resolves (a step of a card, of an action power,
    #: of another triggered ability) resolves at once, before that effect's next step: core mechanic
    #: ``triggers_resolve_between_steps``, which the game binds (off, or a game without this: it waits
    #: until the whole effect has resolved)
    triggers_resolve_between_steps: bool = False
    #: cost verbs whose objects a chain item records as paid (refunded when ``no_refund_on_cancel``
    #: is off; any paid cost makes a cancellation apply that rule)
    paid_cost_verbs: tuple[str, ...] = ("exhaust",)
    #: mechanic modules (names inside the game's package), in the order they take part in hooks;
    #: None: the ``MODULES`` tuple of the module that defines the class, if any
    modules: tuple[str, ...] | None = None
    #: hooks of the game's own (beyond judge/engine/hooks.HOOKS): name -> rule, or (rule, arg)
    #: for ``first`` ("no answer" value) and ``chain`` (chained argument index); called with
    #: ``self.hooks.call(name, ...)``
    game_hooks: dict[str, Any] = {}

    def __init__(self) -> None:
        #: expression functions the game adds (name -> callable(engine, *args))
        self.functions: dict[str, Callable] = {}
        names = self.modules
        if names is None:
            names = tuple(getattr(importlib.import_module(type(self).__module__), "MODULES", ()))
        self.mechanic_modules = load_modules(self.id, game_package(self), tuple(names))
        #: the combined hooks (GameModule first, then the modules): what the engine calls
        self.hooks = GameHooks(self, self.mechanic_modules, self.game_hooks, base=GameModule)
        #: some participant adjusts attributes (else the engine skips the call on every read)
        self.adjusts = self.hooks.adjusts
        self.registry = Registry(self.id)
        rules = bindings.rules_path(self)
        if rules is not None and rules.exists():
            bindings.load_rules_file(rules, self.registry)  # the game's bindings as data
        self.bind_rules(self.registry)  # legacy: bindings written in Python
        for mod in self.mechanic_modules:
            if hasattr(mod, "bind"):
                mod.bind(self.registry)
        self.actions: dict[str, Callable] = {}
        self.steps: dict[str, Callable] = {}
        self.register_handlers()
        for mod in self.mechanic_modules:
            if hasattr(mod, "register"):
                mod.register(self)
        bindings.check_code_keys(self)

    # -- configuration -------------------------------------------------------------------
    @property
    def all_durations(self) -> tuple[str, ...]:
        """The periods a created effect may last: the game's own, and those relative to its controller's
        next turn, which every game ends as it begins a player's turn (durations.py next_turn_begins)."""
        return (*self.durations, *TURN_RELATIVE)

    def bind_rules(self, reg: Registry) -> None:
        """Bind core mechanic keys (and game mechanics) to this game's rule ids."""

    def register_handlers(self) -> None:
        """Fill ``self.actions`` (fixture action verbs) and ``self.steps`` (effect verbs)."""

    def extra_labels(self) -> dict[str, str]:
        """Objects the game creates itself (capital sections ...): label -> kind, for fixture checks."""
        return {}

    def cards_path(self, corpus: Path) -> Path:
        return corpus / self.id / "cards.yaml"

    # -- setup and attributes ------------------------------------------------------------
    def knows_card_type(self, card_type: str, corpus_types: set[str]) -> bool:
        """Is ``card_type`` a type this game's rules know (``corpus_types``: those of its cards.yaml)?"""
        return card_type in corpus_types or card_type in self.permanent_types or card_type in self.card_types

    def setup(self, engine: "Engine", spec: dict) -> None:
        """Called after the fixture's objects exist (create capital sections, etc.)."""

    def obj_attr(self, engine: "Engine", obj: "Obj", name: str) -> Any:
        return NOT_MINE

    def player_attr(self, engine: "Engine", player: str, name: str) -> Any:
        return NOT_MINE

    def adjust_attr(self, engine: "Engine", obj: "Obj", name: str, value: Any) -> Any:
        """Last word on an attribute's value (after continuous modifiers)."""
        return value

    def counted_in_play(self, engine: "Engine", objs: list, counts: Any = None) -> list:
        """The objects in play a card effect's count() / any() looks at (default: all of them)."""
        return objs

    def lead_player(self, engine: "Engine") -> str:
        return engine.state.vars.get("active") or self.players[0]

    def attached_host(self, engine: "Engine", obj: "Obj") -> "Obj | None":
        return engine.state.objects.get(obj.attached_to) if obj.attached_to else None

    # -- playing and using ---------------------------------------------------------------
    def play_costs(self, engine: "Engine", player: str, obj: "Obj", action: dict) -> list[dict]:
        """Implicit cost steps of playing a card (resources, exhausting a hero ...)."""
        return []

    def use_costs(self, engine: "Engine", player: str, obj: "Obj", ability, action: dict) -> list[dict]:
        return []

    def can_play(self, engine: "Engine", player: str, obj: "Obj", action: dict) -> str | None:
        """Reason why ``player`` can't play ``obj`` now, or None."""
        return None

    def others_card_rule(self, engine: "Engine", player: str, obj: "Obj", action: dict) -> str | None:
        """The mechanic whose rule keeps ``player`` from playing ``obj``, a card he does not own, from
        the zone it is in (an opponent's discard pile), for the refusal to name; None when no rule of
        the game says it (the refusal then names none)."""
        return None

    def others_card_playable(self, engine: "Engine", player: str, obj: "Obj", action: dict) -> bool:
        """May ``player`` play ``obj``, a card another player owns, from where it is? No, unless a game's
        rules say so."""
        return False

    def can_use(self, engine: "Engine", player: str, obj: "Obj", ability, action: dict) -> str | None:
        return None

    def limit_period(self, engine: "Engine", per: str) -> Any:
        """An id for the current period of a 'once per X' limit (X = turn, round, phase ...). A period
        inside a turn (a phase, whose name comes back every turn) is that one of this turn."""
        turn = engine.state.vars.get("turn")
        if per == "turn" or per not in engine.state.vars:
            return (per, turn)
        return (per, turn, engine.state.vars.get(per))

    # -- timing --------------------------------------------------------------------------
    def order_pending(self, engine: "Engine", pending: list["Pending"]) -> list[tuple[str, list["Pending"]]]:
        """Group simultaneous triggered abilities: [(player who orders, items)], in resolution
        order. Default: the active player's first, then the others'."""
        return [(p, [t for t in pending if t.controller == p]) for p in engine.turn_order()]

    def observe(self, engine: "Engine", events: list[dict]) -> None:
        """Called after each batch of simultaneous events is performed (e.g. to note that a
        triggered Action's trigger condition was met)."""

    def can_target(self, engine: "Engine", spec: dict, obj: "Obj", bindings: dict) -> bool:
        """False when game rules forbid ``obj`` as a target of the ability whose bindings (``this``:
        its source) are given, whatever the target's description says (e.g. "cannot be the target
        of plot twist effects")."""
        return True

    def text_blank(self, engine: "Engine", obj: "Obj") -> bool:
        """True while a card's text box is treated as blank: none of its printed abilities
        function (constant, triggered, replacement)."""
        return False

    def replacement_candidates(self, engine: "Engine", candidates: list, events: list[dict]) -> list:
        """The replacement effects that may apply to a batch of simultaneous events (default: every
        one of the cards in play and every replacement modifier)."""
        return candidates

    def keep_pending(self, engine: "Engine", pending: "Pending") -> bool:
        """False drops a triggered ability from the pool before it resolves (e.g. a card that
        left play can't trigger a non-self-referential ability)."""
        return True

    def triggers_held(self, engine: "Engine") -> bool:
        """True while a game rule holds the waiting triggered abilities: settle() leaves them waiting
        (default: nothing holds them)."""
        return False

    def order_simultaneous_modifiers(self, engine: "Engine", mods: list[dict], matters) -> list[dict] | None:
        """Continuous modifiers with the same timestamp (they started to apply simultaneously):
        return them in the order they apply, or None to keep the default order. ``matters(sub)``
        tells whether the order of a sub-list changes any card's characteristics."""
        return None

    def state_checks(self, engine: "Engine") -> bool:
        """Game-specific state-based checks; return True if anything changed."""
        return False

    def resolve_played_card(self, engine: "Engine", item: "ChainItem", obj: "Obj") -> None:
        """Where a played card goes once its play resolves."""
        if obj.card.type in self.permanent_types:  # printed: a card on the chain, out of play
            engine.enter_play(obj, item.controller, item.bindings.get("zone"))
        else:
            engine.move(obj, self.discard_zone, cause="resolved")

    # -- taking over a core step (return the "no answer" value to leave it to the core) ---------
    def use_action(self, engine: "Engine", player: str, obj: "Obj", action: dict) -> "ChainItem | None":
        """Handle a ``{use: CARD}`` action entirely (None: the core's rules for using apply)."""
        return None

    def damage_batch(self, engine: "Engine", source: Any, assigned: dict, combat: bool, cancellable: bool) -> Any:
        """Deal (or defer) a batch of assigned damage yourself: return {oid: dealt}; NOT_MINE
        lets the core deal it."""
        return NOT_MINE

    def costs_paid(self, engine: "Engine", thing: Any) -> None:
        """A triggered ability paid its cost; its effect follows."""

    def sentence_break(self, engine: "Engine", bindings: dict, done: int) -> None:
        """An effect written in sentences applied its sentence number ``done``; another follows."""

    def before_resolve(self, engine: "Engine", thing: Any) -> None:
        """A chain item (ChainItem) or triggered ability (Pending) starts to resolve."""

    def after_resolve(self, engine: "Engine", thing: Any) -> None:
        """It finished resolving (called also when resolving raised)."""


@lru_cache(maxsize=None)
def _game_modules() -> tuple[str, ...]:
    import judge.games as pkg

    # a game is a package or (during the move to packages) a one-file module
    return tuple(sorted({m.name.replace("_", "-") for m in pkgutil.iter_modules(pkg.__path__)
                         if not m.name.startswith("_")}))


def known_games() -> list[str]:
    return list(_game_modules())


@lru_cache(maxsize=None)
def get_game(game_id: str) -> GameModule:
    if game_id not in _game_modules():
        raise UnknownGameError(game_id, known_games())
    module = importlib.import_module("judge.games." + game_id.replace("-", "_"))
    return module.GAME()


def mechanics_report(game_id: str, rule_id: str) -> list[dict]:
    """The mechanics bound to ``rule_id`` in ``game_id``, each with what it does, what "off"
    means, where it is bound and the module and function that implement it (``judge rule``)."""
    if game_id not in known_games():
        return []
    game = get_game(game_id)
    out = []
    reg = game.registry
    # the core mechanics this rule leaves out of the game (rules.yaml absent:) come last, marked left_out
    left_out = [m for m in reg.absent.values() if rule_id in m.ids]
    for m in [*reg.mechanics_for(rule_id), *left_out]:
        sites = bindings.implementations(game, m.key)
        first = sites[0] if sites else None
        bound = reg.sources.get(m.key)
        out.append({"key": m.key, "does": m.does, "off": m.off, "left_out": m in left_out,
                    "module": first.path if first else None, "function": first.function if first else None,
                    "line": first.line if first else None,
                    "bound_in": f"{bound[0]}:{bound[1]}" if bound else None,
                    "sites": [{"module": s.path, "function": s.function, "line": s.line, "call": s.call}
                              for s in sites]})
    return out
