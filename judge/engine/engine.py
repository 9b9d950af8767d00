"""The game-agnostic rules engine: one Engine replays one scenario.

It builds the state from a scenario's ``state``, performs the scripted actions one by one, and
records a trace (events + rule ids whose mechanics fired). Every mechanic that implements a
numbered rule is asked for through ``self.on(key)`` / ``self.applies(key)`` and reported through
``self.fire(key)``; the game binds keys to rule ids (rules.py, bindings.py).

The Engine class is composed of one part per concept, each in its own module (read them in this
order): zones, characteristics (dependency, blanking), choices, events, replacement, triggers, targets, steps (+ verbs,
effects), damage, chain. This module holds what they share: the registry switches, the trace and
the game's memory.
"""
from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, Callable, Iterable

from judge.engine import step_fields
from judge.engine.blanking import BlankingMixin
from judge.engine.chain import ChainMixin
from judge.engine.characteristics import CharacteristicsMixin
from judge.engine.players import PlayersMixin
from judge.engine.dependency import DependencyMixin
from judge.engine.durations import DurationsMixin
from judge.engine.choices import ChoicesMixin
from judge.engine.context import Ctx, Gone
from judge.engine.damage import DamageMixin
from judge.engine.effects import EffectsMixin
from judge.engine.events import EventsMixin
from judge.engine.given_powers import GivenPowersMixin
from judge.engine.replacement import ReplacementMixin
from judge.engine.rules import CORE_MECHANICS, UnboundMechanicError
from judge.engine.state import Obj, Pending, ReplayError, State, Step
from judge.engine.steps import StepsMixin, verb_tables
from judge.engine.targets import TargetsMixin
from judge.engine.trigger_targets import TriggerTargetsMixin
from judge.engine.triggers import TriggersMixin
from judge.engine.verbs import VerbsMixin
from judge.engine.zones import ZonesMixin

if TYPE_CHECKING:
    from judge.engine.cards import CardPool
    from judge.engine.game import GameModule

__all__ = ["Engine", "Step", "Pending", "Ctx", "Gone", "MAX_EVENTS"]

#: events one replay may log before it is stopped as a loop (see Engine.stop_loop)
MAX_EVENTS = 5_000


_ALL_ON: dict[int, tuple[Any, tuple[int, int], dict[str, bool]]] = {}


def _all_on(registry: Any) -> dict[str, bool]:
    """Every core mechanic and every mechanic the registry binds, on: made once per registry and made
    again when it binds or leaves out more (a test's registry may grow after a first engine)."""
    got = _ALL_ON.get(id(registry))
    size = (len(registry.mechanics), len(registry.absent))
    if got is None or got[0] is not registry or got[1] != size:
        on = dict.fromkeys([*CORE_MECHANICS, *registry.mechanics], True)
        on.update(dict.fromkeys(registry.absent, False))  # core mechanics the game's rules leave out
        got = _ALL_ON[id(registry)] = (registry, size, on)
    return got[2]


#: the exact types ``_fresh`` returns as they are (immutable): looked up before any isinstance test
_ATOMS = frozenset({str, int, float, bool, type(None), frozenset})
_EMPTIED = frozenset({list, set, tuple})
#: the container types whose empty value ``_fresh`` copies as a new empty one of its type without a
#: call (what it returns for them: ``t()``, or ``{}`` for an empty dict): most memories' defaults
#: are empty containers (Warhammer's {"combats": {}, "outside": set(), ...})
_NEW_WHEN_EMPTY = frozenset({dict, list, set, tuple})


def _fresh(value: Any) -> Any:
    """A copy of a memory's defaults: plain containers copied all the way down (what deepcopy does
    for them, several times faster; a fresh engine makes a few of these for every replay)."""
    t = type(value)
    if t in _ATOMS:  # most values: one set lookup instead of the isinstance tests below
        return value
    if t is dict:  # (immutable values and empty containers made without a call, as below)
        return {k: v if type(v) in _ATOMS else type(v)() if type(v) in _NEW_WHEN_EMPTY and not v else _fresh(v)
                for k, v in value.items()}
    if t in _EMPTIED and not value:  # an empty list, set or tuple: a new empty one, as below
        return t()
    if isinstance(value, dict):
        return {k: _fresh(v) for k, v in value.items()}
    if isinstance(value, (list, set, tuple)):
        return type(value)(_fresh(v) for v in value)
    if value is None or isinstance(value, (str, int, float, bool, frozenset)):
        return value
    return copy.deepcopy(value)


class Engine(ZonesMixin, CharacteristicsMixin, PlayersMixin, GivenPowersMixin, DependencyMixin, BlankingMixin, ChoicesMixin,
             EventsMixin, ReplacementMixin, TriggersMixin, TriggerTargetsMixin, TargetsMixin, StepsMixin, VerbsMixin, EffectsMixin, DamageMixin, ChainMixin, DurationsMixin):
    #: tests set this to run skipped state checks anyway and fail when one would have changed the game
    #: (TriggersMixin.state_checks)
    recheck_settled = False

    def __init__(self, game: "GameModule", pool: "CardPool", ablate: Iterable[str] = (), *, lenient: bool = False):
        self.game = game
        #: a lenient replay (used under ablation) takes the first legal option for a missing or no
        #: longer legal scripted choice instead of failing, so a switched-off rule shows in the outcome
        self.lenient = lenient
        #: a replay that logs more events than this does not settle (the largest ruling scenario logs
        #: about 50): it stops with a "loop" error instead of growing without bound
        self.max_events = MAX_EVENTS
        self.hooks = game.hooks  # the game's combined hooks (judge/engine/hooks.py)
        self.pool = pool
        self.ablated = set(ablate)
        self._mechanics = game.registry.mechanics
        #: mechanics switched off (one of their ids ablated)
        self._off = {k for k, m in self._mechanics.items() if self.ablated.intersection(m.ids)} if self.ablated \
            else set()
        #: ``on``'s answers for the bound mechanics: one lookup for the question a replay asks most
        #: (shared by every engine of the game when nothing is switched off)
        self._on_map = _all_on(game.registry)
        if self._off:
            self._on_map = {**self._on_map, **dict.fromkeys(self._off, False)}
        #: core mechanics the game's rules leave out (rules.yaml ``absent:``), and those brought back because
        #: a rule that leaves one out is switched off
        self._absent = game.registry.absent
        restored = [k for k, m in self._absent.items() if self.ablated.intersection(m.ids)] if self.ablated else []
        if restored:
            self._on_map = {**self._on_map, **dict.fromkeys(restored, True)}
        self.state = State(players=list(game.players), vars=dict(game.state_vars))
        self.trace: list[Step] = []
        self.events: list[dict] = []
        self.step = Step(0, "setup")
        self.trace.append(self.step)
        self.choices: dict[str, list] = {p: [] for p in game.players}
        self.action_index: int | None = None
        self.pending: list[Pending] = []
        #: the triggered abilities of the batch being resolved (settle) that have not resolved yet: a game
        #: whose rules resolve what one of them triggered before the others reads it (Warhammer's C-3)
        self.batch_waiting: list[Pending] = []
        self.labels: dict[str, int] = {}  # label -> current oid
        #: CharacteristicsMixin.characteristics: (state version, view, the version less the players' changes
        #: when the view read no player's number -- valid across those changes -- else None)
        self._chars: tuple[int, dict, int | None] | None = None
        #: the characteristics in ``_chars`` were worked out with no modifier in force (vars_changed keeps them)
        self._chars_plain = False
        #: kind -> (state version and number of effects, whether a modifier in force gives powers of that kind):
        #: given_powers' question, asked at every batch of events
        self._gives_any: dict[str, tuple] = {}
        self._player_reads = 0  # player_attr calls, to tell whether a view read a player's number
        #: CharacteristicsMixin._plain_view: (objects, their cards, the view they make with no modifier)
        self._plain: tuple[list, list, dict] | None = None
        #: BlankingMixin._without_printed_keywords: (the view, {oid: rules blanking that card's printed keywords})
        self._kw_blank: tuple[dict, dict] | None = None
        #: areas.py: the cards outside play the last view included (in an area a modifier names), and the
        #: areas the modifiers that may be in force name, for a state version
        self._outside: frozenset[int] = frozenset()
        self._areas_named: tuple[int, frozenset] | None = None
        self._in_play: list[Obj] | None = None  # ZonesMixin.in_play between zone changes
        #: ZonesMixin.objects_with: ability kind -> the objects whose card has one, in the order of
        #: ``state.objects``; kept in step as objects are created and removed (ZonesMixin._kept_with)
        self._with: dict[str, list[Obj]] = {}
        self._damage_held: list[dict] | None = None  # DamageMixin.damage_together's batch
        #: DamageMixin.apply_damage: batch tag -> the damage events of that batch performed so far
        self._damage_sinks: dict[int, list[dict]] = {}
        self._damage_tag = 0
        self._repl_applied: list[frozenset] = [frozenset()]
        #: EventsMixin.emit: the events replacing some of a batch, gathered to be performed with it
        self._gathering: list[dict] | None = None
        self._last_success = True
        self.passes: set[str] = set()
        self._frozen: dict[tuple, Any] = {}
        self._first_values: dict[tuple, Any] = {}
        self._provisional = False  # characteristics computed before choices can be asked: don't cache
        self._soft_deferral = False  # a deferred start-of-game decision may still wait (can_defer)
        #: the view the expression being evaluated reads (CharacteristicsMixin.obj_attr), None outside one:
        #: a game's hook or function reading an attribute from inside it reads that view, not the state's
        self._reading: dict | None = None
        self._verbs, self._can = verb_tables(game)  # the one verb registry (steps.py)
        #: bound mechanics in the order they fired (``fire``), and where the check now running began:
        #: a refusal is reported as the rule of the last mechanic that fired since (``refusing_rules``)
        self._fired: list[str] = []
        self._check_from = 0
        self._settled: tuple | None = None  # TriggersMixin.state_checks found nothing to do at this point

    # -- the end of the game ----------------------------------------------------------------------
    @property
    def game_over(self) -> str | None:
        """How the game ended: the winner, or ``"draw"``; None while it goes on (state var ``game_over``)."""
        return self.state.vars.get("game_over") or None

    def end_game(self, result: str) -> bool:
        """The game ends now with ``result`` (the winning player, or ``"draw"``). A game ends once: when it
        has already ended this does nothing and returns False -- its first result stands, whatever card or
        rule wins, loses or draws it afterwards; the caller logs its game_won / game_lost / game_drawn only
        on True. Nothing more happens in an ended game: what waits to trigger is dropped here, what waits
        on the chain does not resolve (ChainMixin), the pending pool is not resolved (settle), the steps
        left of the effect resolving are not done (run_steps) and the replay refuses later scripted
        actions (judge/scenarios/replay.py). That an ended game stays ended is game structure, not a
        mechanic with an off switch: no game's corpus states it as a rule (the ways a game ends are the
        games' own: Warhammer's capital.victory / deck_out, Vs. System's loop draw and 'you win the game')."""
        if self.game_over:
            return False
        self.state.vars["game_over"] = result
        self.pending.clear()
        self.touch()
        return True

    def game_over_reason(self) -> str:
        """Why an action is refused once the game has ended (action_rejected's reason)."""
        result = self.game_over
        return "the game is over: " + ("it was drawn" if result == "draw" else f"{result} has won it")

    # -- game memory (kept in the State, so a snapshot is whole) -----------------------------------
    def memory(self, namespace: str, defaults: dict | None = None) -> dict:
        """The game's memory dict ``namespace`` (e.g. "whi.combat"), created on first use as a copy
        of ``defaults``. Lives in ``state.memory``: copied with a state snapshot."""
        try:
            return self.state.memory[namespace]
        except KeyError:  # first use in this replay (rare: a try costs nothing when it succeeds)
            mem = self.state.memory[namespace] = _fresh(defaults) if defaults else {}
            return mem

    def turn_order(self) -> list[str]:
        """The players, the active player first, then the others in seating order: the order in which
        players act or choose when they do so one after another."""
        active = self.state.vars.get("active") or self.game.players[0]
        return [active] + [p for p in self.game.players if p != active]

    @property
    def memo(self) -> dict:
        """Decisions a game remembers (e.g. the order of simultaneous modifiers): ``memory("memo")``."""
        return self.memory("memo")

    def mark_provisional(self) -> None:
        """The characteristics being computed rest on a choice that can't be asked yet (before the
        first action): don't cache them. Call from ``order_simultaneous_modifiers``."""
        self._provisional = True

    def decide_deferred(self, final: bool = False) -> bool:
        """Take now the decisions the characteristics last worked out deferred (``mark_provisional``:
        before the first action, when no choice could be scripted yet), so that no outcome rests on the
        order a scenario happens to list its cards in. The replay calls it after a bare scripted choice
        (queued for the next decision: this one) -- a player with no choice scripted yet is asked later
        (``can_defer``) -- and, ``final``, as the script ends. True if one was deferred."""
        if not self.decisions_deferred:
            return False
        self._deferring(not final, self.characteristics)
        return True

    def settle_start(self) -> None:
        """The starting position's state checks (and what they trigger), run before the first action: a
        decision deferred from the start of the game may still wait there for a player with no choice
        scripted yet (``can_defer``), as at a bare scripted choice."""
        self._deferring(True, self.settle)

    def _deferring(self, soft: bool, fn: Callable[[], Any]) -> None:
        """``fn()`` with deferred decisions allowed to wait (``soft``) for a player's scripted choice."""
        self._soft_deferral = soft
        try:
            fn()
        finally:
            self._soft_deferral = False

    def can_defer(self, player: str) -> bool:
        """May a decision deferred from the start of the game wait for ``player``'s scripted choice: before
        the first action, or while a bare scripted choice of another player takes them (decide_deferred)
        and ``player`` has none queued yet."""
        return self.action_index is None or (self._soft_deferral and self.next_choice(player) is None)

    @property
    def decisions_deferred(self) -> bool:
        """The characteristics last worked out rest on a decision deferred (``mark_provisional``)."""
        return self._provisional

    # -- rule registry -------------------------------------------------------------------
    def on(self, key: str) -> bool:
        """Is the mechanic ``key`` on (none of its rule ids ablated)? A core mechanic the game
        does not bind is on (and never traced); any other unbound key is an error."""
        try:
            return self._on_map[key]
        except KeyError:
            return self._on_unmapped(key)

    def _on_unmapped(self, key: str) -> bool:
        mech = self._mechanics.get(key)
        if mech is None:
            if key not in CORE_MECHANICS:
                raise UnboundMechanicError(f"mechanic {key!r} is neither bound by {self.game.id} nor a core mechanic")
            return True
        return key not in self._off

    def fire(self, key: str) -> None:
        """Record the rule ids of ``key`` in the current trace step (the mechanic decided something)."""
        mech = self._mechanics.get(key)
        if mech is None:
            if key not in CORE_MECHANICS:
                raise UnboundMechanicError(f"mechanic {key!r} is neither bound by {self.game.id} nor a core mechanic")
            return
        self._fired.append(key)
        self._record(mech.ids)

    def in_view(self, view: dict | None, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` with ``view`` as the view being read (``_reading``): the game's hooks and functions
        it calls read their attributes there, not from the state's characteristics, which would be
        worked out again from inside their own computation."""
        reading, self._reading = self._reading, view
        try:
            return fn(*args)
        finally:
            self._reading = reading

    def _record(self, ids: tuple) -> None:
        """Write rule ids into the current trace step, each once."""
        rules = self.step.rules
        for rid in ids:
            if rid not in rules:
                rules.append(rid)

    def left_out(self, key: str) -> bool:
        """Is the core mechanic ``key`` off because this game's rules leave it out (rules.yaml ``absent:``)?"""
        return key in self._absent and not self._on_map[key]

    def fire_left_out(self, key: str) -> None:
        """Record the rules that leave the core mechanic ``key`` out: its absence decided something here."""
        self._record(self._absent[key].ids)

    @property
    def fired_mechanics(self) -> list[str]:
        """The bound mechanics that decided something in this replay, each once, in the order they first
        fired: finer than the rule ids of the trace, which several mechanics of one entry share."""
        return list(dict.fromkeys(self._fired))

    def applies(self, key: str) -> bool:
        """``on(key)``, recording the mechanic in the trace when it is on: for code where the
        mechanic being on is itself the decision (``if engine.applies(k): ...``)."""
        if self.on(key):
            self.fire(key)
            return True
        return False

    # -- logging ---------------------------------------------------------------------------
    def log(self, kind: str, /, **data: Any) -> dict:
        rec = {"event": kind, **data}
        for k, v in data.items():  # an object is logged by its label (most values are not objects)
            if isinstance(v, Obj):
                rec[k] = v.label
        self.step.events.append(rec)
        self.events.append(rec)
        if len(self.events) > self.max_events:
            self.stop_loop(f"more than {self.max_events} events")
        return rec

    def stop_loop(self, why: str) -> None:
        """End a replay that does not settle (triggered abilities feeding each other, a replacement
        loop): a ReplayError of kind "loop" that names what keeps happening and the rules involved.
        A game whose rules decide what a loop means (Vs. System: a mandatory loop is a draw) does so
        long before this bound."""
        recent = self.events[-400:]
        counts: dict[str, int] = {}
        for ev in recent:
            if ev["event"] in ("triggered", "replaced"):
                who = ev.get("source") or ev.get("by") or "?"
                what = f"{who} ({'triggers' if ev['event'] == 'triggered' else 'replaces'})"
                counts[what] = counts.get(what, 0) + 1
        repeating = ", ".join(f"{k} x{n}" for k, n in sorted(counts.items(), key=lambda kv: -kv[1])[:4])
        rules = ", ".join(self.step.rules) or "none recorded"
        self.pending.clear()
        self.fail(f"the scenario does not settle ({why}); in the last {len(recent)} events: "
                  f"{repeating or 'no triggered or replacement effects'}; rules involved: {rules}", kind="loop")

    # -- refusals ------------------------------------------------------------------------------
    def begin_check(self) -> None:
        """A new legality check starts (of an action, a target, a cost, a choice): only mechanics
        that fire from here on can be the rule that refuses what is checked."""
        self._check_from = len(self._fired)

    def decided(self) -> bool:
        """Has a bound mechanic fired since the current check began? A general check that refuses after
        it names its own rule only when none has (the earlier, more particular rule decided)."""
        return len(self._fired) > self._check_from

    def refusing_rules(self, key: str | tuple[str, ...] | None = None) -> list[str]:
        """The rule ids that refuse what is being checked: those of mechanic ``key`` when the code
        names it (several keys: two rules that each state the restriction), else of the last bound
        mechanic that fired since the check began (the one whose decision ended it). Empty when no
        bound mechanic took part (e.g. a card that is not there)."""
        if key is None and len(self._fired) > self._check_from:
            key = self._fired[-1]
        keys = key if isinstance(key, tuple) else (key,) if key else ()
        return list(dict.fromkeys(i for k in keys if k in self._mechanics for i in self._mechanics[k].ids))

    def card_of(self, ref: Any) -> Obj | None:
        """The object ``ref`` stands for: an object, a label, or a source that is gone (the card its label
        follows now, wherever it went). None when there is none."""
        if isinstance(ref, Gone):
            ref = ref.label
        if isinstance(ref, str):
            ref = self.obj(ref)
        return ref if isinstance(ref, Obj) else None

    def card_name(self, ref: Any) -> str | None:
        """The full name of the card ``ref`` stands for (``card_of``). None when there is none."""
        obj = self.card_of(ref)
        return self.pool.full_name(obj.card) if obj is not None else None

    def step_text(self, b: dict) -> str | None:
        """The card whose text a step is (a pick outside the options its words describe is refused by it,
        ``refused_by_text``): the source bound as ``this``, by its last known label if it has left play
        ('Sacrifice this unit to ...' paid as its own cost). None for a step no card's text holds."""
        src = b.get("this")
        return self.card_name(src) if isinstance(src, (Obj, Gone)) else None

    def note_flag_source(self, obj: Obj, flag: str, source: Any) -> None:
        """Remember the card whose effect gave ``obj`` ``flag`` (a refusal by the flag names it)."""
        name = self.card_name(source)
        if name:
            obj.memory.setdefault("flag_source", {})[flag] = name

    @staticmethod
    def flag_source(obj: Obj, flag: str) -> str | None:
        """The card whose effect gave ``obj`` ``flag`` (None: not written down, e.g. a scenario's own state,
        or the flag is gone: a card that no longer has it was not refused by the effect that once gave it)."""
        if flag not in obj.flags:
            return None
        return (obj.memory.get("flag_source") or {}).get(flag)

    @staticmethod
    def flag_terms(obj: Obj, flag: str) -> dict:
        """The terms of the permission ``flag`` that an effect gave ``obj`` (the flag step's ``until``,
        ``during``, ``offers``: its card's data); {} when it set none or the card no longer has the flag."""
        if flag not in obj.flags:
            return {}
        return (obj.memory.get("flag_terms") or {}).get(flag) or {}

    def fail(self, message: str, kind: str = "illegal_action", *, rule: str | tuple[str, ...] | None = None,
             text: str | None = None) -> None:
        """Stop the action: the rules do not allow it. An illegal action or choice carries the rule
        ids that refuse it (``refusing_rules``; ``rule`` names the mechanic when the code knows it) and
        ``text``, the card whose own text refuses it (a restriction a card states is no numbered rule)."""
        rules = self.refusing_rules(rule) if kind in ("illegal_action", "bad_choice") else []
        raise ReplayError(message, action=self.action_index, kind=kind, rules=rules, text=text)

    def begin_step(self, index: int, text: str | Callable[[], str]) -> None:
        self.step = Step(index, text)
        self.trace.append(self.step)
        self.action_index = index
        self.begin_check()


def _game_module(game_id: str):
    """The game's module (None: no such game), for the card loader's checks (step_fields.py)."""
    from judge.engine.game import get_game
    from judge.errors import UnknownGameError
    try:
        return get_game(game_id)
    except UnknownGameError:
        return None


def _game_verbs(game_id: str) -> dict[str, Callable] | None:
    """The step verbs of a game (None: no such game), for the card loader's step checks (step_fields.py)."""
    module = _game_module(game_id)
    return verb_tables(module)[0] if module is not None else None


step_fields.use_engine(Engine, _game_verbs, _game_module)
