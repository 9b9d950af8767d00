"""One-shot steps: running a list of steps ('then' needs success), and the ONE verb registry.

A step is a mapping whose first key that names a verb is its verb (``{damage: victim, amount: 2}``);
the other keys are its arguments. The verbs of one game, looked up in this order (later wins):

1. the game's leave verbs (``leave_verbs``: ``destroy``, ``ko`` ... -> ``step_leave``),
2. the core verbs, registered with ``@verb(name, can=...)`` on the Engine methods that perform them
   (verbs.py, effects.py, damage.py),
3. the game's own steps (``game.steps[verb] = fn(engine, st, b) -> bool``).

"Could it be done in full" (``can_do``, for costs, ``may`` and ``or``): the core verb's ``can``
check, else the game's ``game.steps["can:VERB"]``, else (a leave verb) "it names something", else
yes. ``then`` is not a verb: ``run_steps`` runs it when the step before it succeeded.
"""
from __future__ import annotations

import json
import weakref
from functools import partial
from typing import Any, Callable

from judge.engine import expr

#: binding set while a triggered ability's steps run (TriggersMixin._resolve_trigger), as chain.py sets
#: ``_resolving`` for a chain item's: a step run with either is a step of a resolving effect (not a cost)
RESOLVING_POWER = "_resolving_power"

#: core step verbs: verb -> fn(engine, step, bindings) -> bool (an Engine method, unbound)
CORE_VERBS: dict[str, Callable[..., Any]] = {}
#: core "could it be done in full" checks: verb -> fn(engine, step, bindings) -> bool
CORE_CAN: dict[str, Callable[..., bool]] = {}
#: core verbs whose step itself takes a ``duration:`` ({gain_control: X, duration: turn}); on another core
#: verb's step the field would be ignored, so the card loader refuses it (cards.py)
DURATION_VERBS: set[str] = set()


def verb(name: str, can: Callable[..., bool] | None = None, duration: bool = False) -> Callable:
    """Register the decorated Engine method as the core step verb ``name`` (and its can-check); ``duration``:
    its step may say how long what it does lasts."""
    def register(fn: Callable) -> Callable:
        CORE_VERBS[name] = fn
        if can is not None:
            CORE_CAN[name] = can
        if duration:
            DURATION_VERBS.add(name)
        return fn
    return register


def always(eng: Any, st: dict, b: dict) -> bool:
    """Can-check of a verb that can always be attempted (its parts are checked as they run)."""
    return True


def times(b: dict) -> int:
    """How many times in a row a can-check judges its step (``_times``: identical steps judged together,
    StepsMixin.can_do_all); 1 for a step judged alone. A counted step needs its amount that many times."""
    return b.get("_times", 1)


def repeated(b: dict) -> bool:
    """Is the step judged as done more than once in a row (``times``)? A step that changes the very cards it
    names -- exhausts, corrupts, sacrifices them -- can be done to them once: the second time they are
    exhausted, corrupt or gone already, so a cost of two such steps cannot be paid in full (review 44: the
    checks ignored the repeat and the cost passed)."""
    return times(b) > 1


def names_something(eng: Any, st: dict, b: dict, verb_name: str) -> bool:
    return bool(eng.resolve_ref(st[verb_name], b))


#: each game's verb tables, made at its first engine (every engine of a replay run asks for them; a
#: game registers its steps as it is made, so they never change afterwards). Read-only for engines.
_TABLES: "weakref.WeakKeyDictionary[Any, tuple[dict, dict]]" = weakref.WeakKeyDictionary()


def verb_tables(game: Any) -> tuple[dict[str, Callable], dict[str, Callable]]:
    """(verbs, can-checks) of one game, as the module docstring orders them."""
    got = _TABLES.get(game)
    if got is None:
        got = _TABLES[game] = _make_tables(game)
    return got


def _make_tables(game: Any) -> tuple[dict[str, Callable], dict[str, Callable]]:
    verbs: dict[str, Callable] = {v: partial(_leave, v) for v in game.leave_verbs}
    verbs.update(CORE_VERBS)
    verbs.update({k: v for k, v in game.steps.items() if ":" not in k})
    # a leave verb can be done when it names something, unless the game says more (``can:VERB``: Warhammer's
    # sacrifice needs a card the player controls); a core verb's own check comes last and wins
    can: dict[str, Callable] = {v: partial(_names_something_of, v) for v in game.leave_verbs}
    can.update({k[4:]: v for k, v in game.steps.items() if k.startswith("can:")})
    can.update(CORE_CAN)
    return verbs, can


def _leave(verb_name: str, eng: Any, st: dict, b: dict) -> bool:
    return eng.step_leave(verb_name, st, b)


def _names_something_of(verb_name: str, eng: Any, st: dict, b: dict) -> bool:
    # a card leaves play once: the same step twice in a row cannot be done in full (repeated)
    return bool(eng.resolve_ref(st[verb_name], b)) and not repeated(b)


class StepsMixin:
    #: inside step_each_player's turn of one player: a `then:` there is each player's part of one sentence, and
    #: the sentence break before it was taken once for all players (then_starts_sentence)
    _each_player_step = False
    #: the step ``run_step`` is doing now (the innermost of nested ones), None between steps
    running_step: dict | None = None

    def run_steps(self, steps: list[dict], b: dict) -> bool:
        ok = True
        self._last_success = True
        if self.game.own_cards_verbs:
            steps = self.narrow_choices(steps, b)
        for st in steps:
            if self.game_over:  # a step ended the game (engine.end_game): the rest of the effect is not done
                break
            ok = self.run_in_sequence(st, b) and ok
        return ok

    def run_in_sequence(self, st: dict, b: dict) -> bool:
        """One step of a sequence: a {then: [..]} runs only if the step before it succeeded
        (``_last_success``, which this sets for the next step)."""
        if "then" in st:
            if not self._last_success and self.on("then_needs_success"):
                self.fire("then_needs_success")
                self.log("then_skipped", reason="previous_step_failed")
                self._last_success = False
                return False
            if self.game.then_starts_sentence and self.pending and not self._each_player_step:
                # 'X. Then, Y.': a sentence break (the game's hook) before Y -- X succeeded (checked above)
                self.hooks.sentence_break(self, b, 1)
            res = self.run_steps(st["then"], b)
        else:
            res = self.run_step(st, b)
        self._last_success = res
        self.settle_state()
        if self.pending and (b.get("_resolving") or b.get(RESOLVING_POWER)):
            self.resolve_between_steps()  # a step of a resolving effect triggered powers (game-bound)
        return res

    def narrow_choices(self, steps: list[dict], b: dict) -> list[dict]:
        """``steps`` with each ``{choose: .., as: N}`` whose pick a later step acts on with a verb that
        takes only its player's cards (``GameModule.own_cards_verbs``: 'your opponent sacrifices a unit'
        written as a choice, then {sacrifice: N, player: opponent}) narrowed to that player's cards, as
        the game's rule says (its mechanic on; recorded where it leaves a card out; a pick of one is
        refused by it: step_choose's ``narrowed_by``). The card's own filter is kept as ``card_filter``."""
        out = list(steps)
        for i, st in enumerate(steps):
            if not isinstance(st, dict) or "choose" not in st or not isinstance(st.get("as"), str) \
                    or "narrowed_by" in st["choose"]:  # narrowed already (a cost's, or unless's Y, run here)
                continue
            for later in steps[i + 1:]:
                verb = next((v for v in self.game.own_cards_verbs if isinstance(later, dict)
                             and later.get(v) == st["as"]), None)
                if verb is None or not self.on(self.game.own_cards_verbs[verb]):
                    continue
                key, spec = self.game.own_cards_verbs[verb], dict(st["choose"])
                flt, who = spec.get("filter", "true"), later.get("player", "you")
                spec.update(filter=f"({flt}) and it.controller == {who}", card_filter=flt, narrowed_by=key)
                if any(self.eval(flt, {**b, "it": o}) and not self.eval(spec["filter"], {**b, "it": o})
                       for o in self.in_play()):
                    self.fire(key)  # it leaves a card out
                out[i] = {**st, "choose": spec}
                break
        return out

    def cost_choices(self, costs: list) -> list:
        """``costs`` with each ``{choose: .., as: N}`` whose pick a later cost acts on (``{exhaust: N}``:
        'passivize an active card on your table as a cost') told that verb (``pays_with``): a card the game's
        rules keep that step from affecting cannot pay the cost, so it is no option (step_choose; Hatalom
        8.9.5: a location is not passivized 'még költségként sem'). A pick the later step then left untouched
        counted as paid."""
        out = list(costs)
        for i, st in enumerate(costs):
            if not isinstance(st, dict) or not isinstance(st.get("choose"), dict) or not isinstance(st.get("as"), str):
                continue
            verb = next((self.verb_of(later) for later in costs[i + 1:] if isinstance(later, dict)
                         and later.get(self.verb_of(later)) == st["as"]), None)
            if verb is not None:
                out[i] = {**st, "choose": {**st["choose"], "pays_with": verb}}
        return out

    def settle_state(self) -> None:
        if self._gathering is not None:  # the replacing events wait for their batch: nothing changed yet
            return
        for _ in range(50):
            if not self.state_checks():
                return

    def _amount(self, value, b: dict) -> int:
        """A cost amount, or 0 when it refers to something not chosen yet."""
        try:
            return int(self.eval(value, b) or 0)
        except (expr.ExprError, TypeError, ValueError):
            return 0

    def resources_needed(self, costs: list, b: dict) -> int:
        """The resources the ``pay`` steps among ``costs`` take all together (each alone may be payable
        while their sum is not)."""
        return sum(self._amount(c["pay"], b) for c in costs if self.verb_of(c) == "pay")

    def costs_payable(self, player: str, costs: list, b: dict) -> bool:
        """Can every cost step be done in full, and the resources they pay be paid all together?"""
        if not self.can_do_all(costs, b):
            return False
        need = self.resources_needed(costs, b)
        return not need or need <= self.spendable_resources(player)

    def can_do(self, st: dict, b: dict) -> bool:
        """Could this step be done in full right now? (no side effects). A step that refers to
        something an earlier step will choose counts as doable."""
        check = self._can.get(self._find_verb(st))
        try:
            return bool(check(self, st, b)) if check is not None else True
        except expr.ExprError:
            return True

    def can_do_all(self, steps: list, b: dict) -> bool:
        """Could these steps all be done in full, one after the other, right now? Each is checked on the state
        as it is, but steps that are the same ('sacrifice two table cards' written as two sacrifice_one) are
        checked together: the verb's can-check is told how many times in a row (``_times``), so two picks
        from a pool that holds one card, or two payments of 1 with 1 left, are not doable (blind round 33:
        each was checked alone and the 'may' offered)."""
        return not self.undoable_steps(steps, b)

    def undoable_steps(self, steps: list, b: dict) -> list:
        """The steps among ``steps`` that could not all be done in full, judged as ``can_do_all`` judges them
        (identical steps together, ``_times``): each step of a group that falls short, in their order. A cost
        of two identical steps that one card can pay names both, so none of them is paid alone."""
        keys = [json.dumps(st, sort_keys=True, default=repr) if isinstance(st, dict) else repr(st) for st in steps]
        groups: dict[str, list] = {}
        for key, st in zip(keys, steps):
            groups.setdefault(key, [st, 0])[1] += 1
        short = {key for key, (st, n) in groups.items() if not self.can_do(st, {**b, "_times": n} if n > 1 else b)}
        return [st for key, st in zip(keys, steps) if key in short]

    def done_in_full_or_not_at_all(self, source: str, steps: list, b: dict) -> bool:
        """With ``as_much_as_possible`` bound and switched off: an effect some step of which cannot be done
        in full is not done at all (False, logged cancelled). On, or in a game that does not bind it, an
        effect is always done as far as possible (True): the steps say themselves where they fall short."""
        if "as_much_as_possible" not in self._mechanics or self.on("as_much_as_possible"):
            return True
        if self.can_do_all(steps, b):
            return True
        self.log("effect_cancelled", source=source, reason="not_in_full")
        return False

    def verb_of(self, st: dict) -> str:
        """The step's verb: its first key that names one (``then`` included)."""
        found = self._find_verb(st)
        if found is None:
            self.fail(f"step without a known verb: {dict(st)!r} (verbs: {', '.join(sorted(self._verbs))})")
        return found

    def _find_verb(self, st: dict) -> str | None:
        for k in st:
            if k in self._verbs or k == "then":
                return k
        return None

    def run_step(self, st: dict, b: dict) -> bool:
        verb_name = self.verb_of(st)
        fn = self._verbs.get(verb_name)
        if fn is None:
            self.fail(f"unknown step verb {verb_name!r}")
        if not self.game.reads_running_step:
            return bool(fn(self, st, b))
        # the step being done, innermost first: a game rule that asks which part of a card's text does
        # something reads it (Hatalom 8.9.5: the sentence of the text that affects a location must name it)
        outer, self.running_step = self.running_step, st
        try:
            return bool(fn(self, st, b))
        finally:
            self.running_step = outer
