"""The one way a game plugs into the engine: named hooks, each with ONE rule for combining answers.

A game is its GameModule subclass plus, optionally, mechanic modules listed in ``MODULES`` (a
tuple of module names inside the game's package, e.g. ``("combat", "quests")`` for
``judge/games/<game>/combat.py`` ...). The participants of every hook are, in this order:

1. the GameModule itself (its method of the hook's name; ``bind`` is ``bind_rules`` and
   ``register`` is ``register_handlers``),
2. each listed module that defines a function of the hook's name, in ``MODULES`` order.

A listed module that does not exist is an error naming it. Modules never wrap or replace engine
methods: everything they change goes through these hooks (or steps/actions/functions they add
in ``register``). The engine calls a hook as ``engine.hooks.<name>(engine, ...)``; a game may
call its own extra hooks (declared in ``GameModule.game_hooks``) as ``game.hooks.call(name, ...)``.

Combining rules (``RULES``):

=========  ===================================================================================
rule       how the participants' answers combine
=========  ===================================================================================
notify     every participant runs, in order; no answer
collect    every participant runs; their lists are concatenated in order
merge      every participant runs; their dicts are merged in order (later keys win)
first      participants are asked in order; the first answer that is not the hook's "no answer"
           value (``NOT_MINE`` or ``None``, see the table) wins and later ones are not asked.
           The GameModule counts only if its class overrides the hook; the GameModule base
           class's method (the core default) answers last
chain      the value (the argument named in the table) is passed through each participant in
           order; each returns the new value; the last one is the answer
veto       participants are asked in order; the first False wins (later ones not asked); else True
any        participants are asked in order; the first True wins (later ones not asked); else False
changed    every participant runs, in order; True if any returned True (state checks)
=========  ===================================================================================

The hooks (``HOOKS``: name -> rule, "no answer" value or chained argument, signature, use) are
listed in judge/engine/GUIDE.md section 2 as a table generated from this dict.
"""
from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING, Any, Callable

from judge.errors import JudgeError

if TYPE_CHECKING:
    from judge.engine.game import GameModule


class _NotMine:
    __slots__ = ()

    def __repr__(self) -> str:
        return "NOT_MINE"


NOT_MINE: Any = _NotMine()  # an attribute hook's "I have no such attribute" answer

RULES: dict[str, str] = {
    "notify": "every participant runs, in order",
    "collect": "every participant runs; lists concatenated in order",
    "merge": "every participant runs; dicts merged in order (later keys win)",
    "first": "first answer that is not the 'no answer' value wins; the GameModule base default answers last",
    "chain": "the value is passed through each participant in order",
    "veto": "first False wins, else True",
    "any": "first True wins, else False",
    "changed": "every participant runs; True if any returned True",
}

#: hook -> (rule, "no answer" value for ``first`` / index of the chained argument for ``chain``,
#: signature, what it is for). Arguments start with the engine unless the signature says otherwise.
HOOKS: dict[str, tuple[str, Any, str, str]] = {
    # -- at load time (no engine) --
    "bind": ("notify", None, "bind(reg)", "legacy: bind mechanic keys in Python (prefer rules.yaml)"),
    "register": ("notify", None, "register(game)",
                 "add fixture actions, effect steps and expression functions (game.actions / steps / functions)"),
    "extra_labels": ("merge", None, "extra_labels() -> {label: kind}",
                     "labels of objects the game creates itself (capital sections ...)"),
    # -- setup and attributes --
    "setup": ("notify", None, "setup(eng, spec)", "after the fixture's objects exist"),
    "obj_attr": ("first", NOT_MINE, "obj_attr(eng, obj, name)",
                 "an object attribute's base value (after continuous modifiers, before printed values)"),
    "player_attr": ("first", NOT_MINE, "player_attr(eng, player, name)", "a player attribute"),
    "adjust_attr": ("chain", 3, "adjust_attr(eng, obj, name, value) -> value",
                    "last word on an attribute after continuous modifiers"),
    "lead_player": ("first", None, "lead_player(eng) -> player", "who leads (default: the active player)"),
    "attached_host": ("first", None, "attached_host(eng, obj) -> Obj | None",
                      "the card ``obj`` is attached to or placed on (default: its ``attached_to``; Star Wars: "
                      "the unit a Pilot is on): what a fixture's ``attached_to`` reads"),
    "text_blank": ("any", None, "text_blank(eng, obj) -> bool",
                   "the card's text box is treated as blank; while characteristics are worked out it reads the "
                   "view being worked out (before any modifier, then the computed view while a modifier sets "
                   "one of GameModule.view_blanking_attrs: blanking.py drops the blanked cards' modifiers); the rules "
                   "it fires for a blank text are recorded only where a power of that text would have applied "
                   "(Engine.blank_rules)"),
    "counted_in_play": ("chain", 1, "counted_in_play(eng, objs, counts) -> objs",
                        "the objects in play a card effect's count() / any() looks at (Hatalom 8.9.3: "
                        "locations do not count as cards in play for sources); `counts(obj)`: would the "
                        "effect count it (a rule that leaves out only objects it would not count decided nothing)"),
    # -- playing and using --
    "play_costs": ("collect", None, "play_costs(eng, player, obj, action) -> [steps]",
                   "implicit cost steps of playing a card"),
    "use_costs": ("collect", None, "use_costs(eng, player, obj, ability, action) -> [steps]",
                  "implicit cost steps of using an ability"),
    "cost_steps": ("chain", 5, "cost_steps(eng, player, obj, ability, action, costs) -> costs",
                   "every cost step of a play (ability None) or a use, the implicit ones included: a game "
                   "rule may change them (Star Wars: the cost before an activated ability's arrow)"),
    "can_play": ("first", None, "can_play(eng, player, obj, action) -> reason | None",
                 "why the card can't be played now"),
    "can_use": ("first", None, "can_use(eng, player, obj, ability, action) -> reason | None",
                "why the ability can't be used now"),
    "others_card_rule": ("first", None, "others_card_rule(eng, player, obj, action) -> mechanic | None",
                         "the mechanic whose rule keeps ``player`` from playing a card he does not own from "
                         "where it is (the refusal names its rule)"),
    "others_card_playable": ("any", None, "others_card_playable(eng, player, obj, action) -> bool",
                             "may ``player`` play ``obj``, a card he does not own, from where it is (in his own "
                             "zone): only where the game's rules say so (Hatalom: a card in his hand); a game "
                             "rule answering True fires its mechanic"),
    "taking_action": ("notify", None, "taking_action(eng, player, verb)",
                      "a scripted play, use or single pass (``verb``: \"play\", \"use\", \"pass\"; ``pass: all`` is "
                      "every player's, not asked) is about to be taken by ``player``, before any of its checks: a game "
                      "whose players take turns may first count the turn of a player who did not act as his pass "
                      "(Warhammer: priority to start an action chain)"),
    "use_action": ("first", None, "use_action(eng, player, obj, action) -> ChainItem | None",
                   "take over a {use: CARD} action entirely (e.g. a card outside play with its own rules); "
                   "call eng.fail(...) to forbid it, eng.announce(...) to put it on the chain"),
    "limit_period": ("first", None, "limit_period(eng, per) -> id",
                     "identity of the current turn/round/combat for 'once per X' limits"),
    "may_affect": ("veto", None, "may_affect(eng, verb, obj) -> bool",
                   "False when the game's rules keep a step from affecting obj (leave verbs, exhaust, "
                   "ready, return_to_hand, counter, remove_counter, gain_control leave it out: engine.affectable)"),
    "can_target": ("veto", None, "can_target(eng, spec, obj, bindings) -> bool",
                   "False when game rules forbid obj as that target"),
    "is_targeting": ("veto", None, "is_targeting(eng, spec, bindings) -> bool",
                     "False when choosing this target is no targeting by the game's rules (Hatalom 8.4.2: playing "
                     "a level-up or a body part on its host): a card's 'cannot be targeted' does not keep it off "
                     "(TargetsMixin.target_restriction asks it only of a card that carries one)"),
    "resources_elsewhere": ("collect", None, "resources_elsewhere(eng, player) -> [(card, amount, spend step)]",
                            "what ``player`` may spend now as though it were resources besides his pool (a "
                            "card's damage): the pay and spend steps count it, ask him how much of each to "
                            "use (at least what the pool cannot cover; where the pool covers it, only when "
                            "his script has a number next) and run its spend step with ``amount`` set"),
    "cost_refused_by": ("first", None, "cost_refused_by(eng, player, obj, unpaid) -> card name | None",
                        "where the costs of a play or use, or of a triggered ability's target (``obj``: its "
                        "source), cannot be paid (``unpaid``: the cost steps that cannot): "
                        "the card whose effect made them unpayable (one that raised the cost), named by the "
                        "refusal as refused_by_text; None when no card's effect did (the core then names the "
                        "power's own text where its own cost is what cannot be paid and no rule decided)"),
    "target_barred_by": ("first", None, "target_barred_by(eng, spec, obj, bindings) -> card name | None",
                         "where can_target refuses obj: the card whose effect keeps it from being targeted "
                         "(a refusal names it as refused_by_text); None when a rule, not a card, refuses"),
    "resolve_played_card": ("notify", None, "resolve_played_card(eng, item, obj)",
                            "where a played card goes once its play resolves (the GameModule's default "
                            "places it; modules run after it)"),
    # -- timing, triggers, replacement --
    "order_pending": ("first", None, "order_pending(eng, pending) -> [(player, [Pending])]",
                      "simultaneous-trigger policy"),
    "keep_pending": ("veto", None, "keep_pending(eng, pending) -> bool", "False drops a pending trigger"),
    "triggers_held": ("any", None, "triggers_held(eng) -> bool",
                      "a game rule holds the waiting triggered abilities now (Star Wars: a chance to reroll "
                      "dice or prevent damage, or an ability or Battle card taking effect, is under way): "
                      "settle() runs the state checks and leaves the pool waiting for a later settle"),
    "powers_barred_by": ("first", None, "powers_barred_by(eng, obj) -> mechanic | None",
                         "for a card outside the areas where its powers function: the game's mechanic that "
                         "keeps them from functioning where it is (a partially built card in the build zone); "
                         "switched off, its triggered and always-on powers function there"),
    "event_kinds": ("collect", None, "event_kinds(eng, event) -> [kinds]",
                    "the other kinds of event the game's rules say this event also is (a trigger "
                    "on: {event: KIND} matches it; e.g. a unit moved into a zone has entered that zone); "
                    "asked only for an event whose own type a trigger does not name"),
    "entering_play": ("notify", None, "entering_play(eng, events)",
                      "cards entered play in a performed batch (its zone_change events with enters_play): what "
                      "the game's rules do as a card enters play, before the triggers that look at the state "
                      "just after the event are matched (Huntik 705.1b: 'come into play exhausted / with "
                      "counters' modifiers other cards give)"),
    "observe": ("notify", None, "observe(eng, events)", "see every performed batch of simultaneous events"),
    "replacement_candidates": ("chain", 1, "replacement_candidates(eng, candidates, events) -> candidates",
                               "the replacement effects that may apply to a batch"),
    "order_simultaneous_modifiers": ("first", None, "order_simultaneous_modifiers(eng, mods, matters) -> mods | None",
                                     "order of continuous modifiers with one timestamp"),
    "state_checks": ("changed", None, "state_checks(eng) -> bool", "game state-based checks"),
    "trigger_costs": ("collect", None, "trigger_costs(eng, p, b, probe) -> [steps]",
                      "cost steps a triggered ability (Pending) adds to its own for the targets bound in ``b`` "
                      "(Warhammer: a target tax), paid with them as it resolves; a target whose costs cannot be "
                      "paid is no choice (where its own could be); ``probe``: asked while the options are "
                      "weighed, trace nothing"),
    "costs_paid": ("notify", None, "costs_paid(eng, thing)",
                   "a triggered ability (Pending) paid its cost; its effect follows (e.g. what paying "
                   "triggered resolves first)"),
    "sentence_break": ("notify", None, "sentence_break(eng, bindings, done)",
                       "an effect written in sentences ({sentences: [...]}) applied sentence number ``done``; "
                       "another follows (e.g. what that sentence triggered resolves first)"),
    "action_window_closes": ("changed", None, "action_window_closes(eng, why) -> bool",
                             "an action window closes with nothing on the chain -- ``why``: \"passed\" (all "
                             "players passed), \"game_action\" (a fixture action of the game's own moves the "
                             "game on), \"end_of_script\": what waits for it happens (e.g. Warhammer's "
                             "assigned combat damage is applied); True if something did"),
    "before_resolve": ("notify", None, "before_resolve(eng, thing)",
                       "a chain item (ChainItem) or a triggered ability (Pending) starts to resolve"),
    "after_resolve": ("notify", None, "after_resolve(eng, thing)",
                      "it has finished resolving (also when resolving raised)"),
    # -- damage --
    "damage_batch": ("first", NOT_MINE, "damage_batch(eng, source, assigned, combat, cancellable) -> {oid: dealt}",
                    "take over dealing a batch of assigned damage (e.g. defer it); NOT_MINE lets the core deal "
                    "it (eng.apply_damage does the core's dealing without asking this hook)"),
}

#: hooks whose GameModule base method does something (it takes part even when not overridden)
_BASE_ACTS = {"resolve_played_card"}

#: a GameModule method whose name differs from the hook's
GAME_METHOD = {"bind": "bind_rules", "register": "register_handlers"}


class HookError(JudgeError):
    """A game's hook set-up is wrong (missing module, unknown rule)."""


def load_modules(game_id: str, package: str, names: tuple[str, ...]) -> tuple:
    """Import the mechanic modules ``names`` of a game (relative to ``package``)."""
    mods = []
    for name in names:
        full = f"{package}.{name}"
        try:
            mods.append(importlib.import_module(full))
        except ModuleNotFoundError as exc:
            if exc.name != full:  # a real missing dependency inside the module
                raise
            raise HookError(f"game {game_id}: mechanic module {name!r} listed in MODULES does not exist "
                            f"({full.replace('.', '/')}.py)") from None
    return tuple(mods)


def game_package(game: "GameModule") -> str:
    """The package a game's MODULES names are relative to (its own package, or judge.games for a
    one-file game)."""
    mod = sys.modules[type(game).__module__]
    return mod.__package__ or type(game).__module__.rpartition(".")[0]


class GameHooks:
    """The combined hooks of one game: ``hooks.<name>(engine, ...)`` for every hook in HOOKS and
    in the game's ``game_hooks``. With one participant the attribute is that participant's own
    function (no dispatch cost on the hot attribute hooks)."""

    def __init__(self, game: "GameModule", modules: tuple, extra: dict[str, str] | None = None, *,
                 base: type):
        # base: the GameModule class, whose methods are the defaults (passed in by game.py, which
        # imports this module): a hook is the game's own only where its class overrides it
        GameModule = base  # noqa: N806 - read as the class it is
        self.modules = modules
        self.table: dict[str, tuple[str, Any]] = {k: (v[0], v[1]) for k, v in HOOKS.items()}
        for name, spec in (extra or {}).items():
            rule, arg = (spec, None) if isinstance(spec, str) else spec
            if rule not in RULES:
                raise HookError(f"game {game.id}: hook {name!r} has unknown rule {rule!r} (known: {', '.join(RULES)})")
            if name in self.table:
                raise HookError(f"game {game.id}: hook {name!r} is a core hook; it can't be redeclared")
            self.table[name] = (rule, arg)
        self._fns: dict[str, Callable] = {}
        for name, (rule, arg) in self.table.items():
            if name in ("bind", "register"):
                continue  # called by GameModule.__init__ with the registry / the game
            method = GAME_METHOD.get(name, name)
            own = getattr(game, method, None)
            overridden = own is not None and getattr(type(game), method, None) is not getattr(GameModule, method, None)
            fns = [getattr(m, name) for m in modules if hasattr(m, name)]
            if rule == "first":
                fns = ([own] if overridden else []) + fns
                default = own if (own is not None and not overridden) else None
                self._fns[name] = _combine_first(fns, default, arg)
            else:
                if own is not None and (overridden or name in _BASE_ACTS):
                    fns = [own] + fns
                self._fns[name] = _COMBINE[rule](fns, arg)
            setattr(self, name, self._fns[name])
        self.adjusts = (getattr(type(game), "adjust_attr") is not GameModule.adjust_attr
                        or any(hasattr(m, "adjust_attr") for m in modules))
        #: a module names the rule that bars the powers of some cards outside play (asked only then)
        self.bars_powers = any(hasattr(m, "powers_barred_by") for m in modules)
        #: a module offers something to spend as resources besides the pool (asked at every payment only then)
        self.spends_elsewhere = any(hasattr(m, "resources_elsewhere") for m in modules)

    def call(self, name: str, *args: Any) -> Any:
        fn = self._fns.get(name)
        if fn is None:
            raise HookError(f"unknown hook {name!r}: declare it in the game's game_hooks (known: {', '.join(self.table)})")
        return fn(*args)

    def defined(self, name: str) -> bool:
        """True when a module defines the hook (a game's own extra hooks)."""
        return any(hasattr(m, name) for m in self.modules)


# -- combiners ----------------------------------------------------------------------------------

def _nothing(*args: Any) -> None:
    return None


def _combine_first(fns: list, default: Callable | None, decline: Any) -> Callable:
    if not fns:
        return default or (lambda *a: decline)
    if len(fns) == 1 and default is None:
        return fns[0]
    fns_t = tuple(fns)

    def first(*args: Any) -> Any:
        for fn in fns_t:
            got = fn(*args)
            if got is not decline:
                return got
        return default(*args) if default is not None else decline
    return first


def _notify(fns: list, arg: Any) -> Callable:
    if len(fns) == 1:
        return fns[0]
    fns_t = tuple(fns)

    def notify(*args: Any) -> None:
        for fn in fns_t:
            fn(*args)
    return notify if fns_t else _nothing


def _collect(fns: list, arg: Any) -> Callable:
    if len(fns) == 1:
        return fns[0]
    fns_t = tuple(fns)

    def collect(*args: Any) -> list:
        out: list = []
        for fn in fns_t:
            out.extend(fn(*args) or [])
        return out
    return collect


def _merge(fns: list, arg: Any) -> Callable:
    if len(fns) == 1:
        return fns[0]
    fns_t = tuple(fns)

    def merge(*args: Any) -> dict:
        out: dict = {}
        for fn in fns_t:
            out.update(fn(*args) or {})
        return out
    return merge


def _chain(fns: list, arg: int) -> Callable:
    if len(fns) == 1:
        return fns[0]
    fns_t = tuple(fns)

    def chain(*args: Any) -> Any:
        args_l = list(args)
        for fn in fns_t:
            args_l[arg] = fn(*args_l)
        return args_l[arg]
    if not fns_t:
        return lambda *a: a[arg]
    return chain


def _veto(fns: list, arg: Any) -> Callable:
    if len(fns) == 1:
        return fns[0]
    fns_t = tuple(fns)

    def veto(*args: Any) -> bool:  # a plain loop: hooks run for every attribute read, all() costs more
        for fn in fns_t:
            if not fn(*args):
                return False
        return True
    return veto


def _any(fns: list, arg: Any) -> Callable:
    if len(fns) == 1:
        return fns[0]
    fns_t = tuple(fns)

    def any_of(*args: Any) -> bool:
        for fn in fns_t:
            if fn(*args):
                return True
        return False
    return any_of


def _changed(fns: list, arg: Any) -> Callable:
    if len(fns) == 1:
        return fns[0]
    fns_t = tuple(fns)

    def changed(*args: Any) -> bool:
        out = False
        for fn in fns_t:
            out = bool(fn(*args)) or out
        return out
    return changed


_COMBINE: dict[str, Callable] = {"notify": _notify, "collect": _collect, "merge": _merge, "chain": _chain,
                                 "veto": _veto, "any": _any, "changed": _changed}


def hook_table_markdown() -> str:
    """The hook table for GUIDE.md (kept in step with HOOKS by a test)."""
    rows = ["| hook | rule | use |", "|---|---|---|"]
    for name, (rule, arg, sig, use) in HOOKS.items():
        extra = f" (no answer: `{arg!r}`)" if rule == "first" else (f" (chained: argument {arg})" if rule == "chain" else "")
        rows.append(f"| `{sig}` | {rule}{extra} | {use} |")
    return "\n".join(rows)
