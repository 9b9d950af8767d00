"""Expression context: how names, attributes and functions in a card's expressions are read
(bindings first, then state variables, then game attributes), and the one registry of expression
functions (core ones here; a game adds its own in ``game.functions``)."""
from __future__ import annotations

import difflib
from typing import TYPE_CHECKING, Any, Callable

from judge.engine import expr
from judge.engine.keywords import parse_keyword, split_cost
from judge.engine.state import ChainItem, Obj

if TYPE_CHECKING:
    from judge.engine.engine import Engine


class UnknownName(expr.ExprError):
    """'unknown name' with the names that ARE bound where it was read: a misspelt target name in a card's
    step is found only as the step runs, so the message says what the step could have named. The message
    is built only when shown: cost checks raise this on every name not chosen yet, and catch it."""

    def __init__(self, name: str, bindings: dict, state_vars: dict):
        super().__init__(name)
        self.name, self._bound, self._vars = name, bindings, state_vars

    def __str__(self) -> str:
        bound = sorted(k for k in self._bound if isinstance(k, str) and not k.startswith("_"))
        near = difflib.get_close_matches(self.name, bound + sorted(self._vars), n=1, cutoff=0.6)
        hint = f"did you mean {near[0]!r}?" if near else ""
        where = f" (bound here: {', '.join(bound)}{'; ' + hint if hint else ''})" if bound else \
            (f" ({hint})" if hint else "")
        return f"unknown name {self.name!r}{where}"


class Ctx:
    """Expression context: bindings first, then state variables, then game attributes."""

    __slots__ = ("engine", "b", "view")

    def __init__(self, engine: "Engine", bindings: dict, view: dict | None = None):
        self.engine = engine
        self.b = bindings
        self.view = view

    def name(self, name: str) -> Any:
        if name in self.b:
            return self.b[name]
        st = self.engine.state
        if name in st.vars:
            return st.vars[name]
        if name in st.players:
            return name
        if name in ("me",) and "this" in self.b:
            return self.b["this"]
        raise UnknownName(name, self.b, self.engine.state.vars)

    def attr(self, value: Any, name: str) -> Any:
        if isinstance(value, Obj):
            return self.engine.obj_attr(value, name, self.view)
        if isinstance(value, dict):
            return value.get(name)
        if isinstance(value, str) and value in self.engine.state.players:
            return self.engine.player_attr(value, name)
        if isinstance(value, ChainItem):
            card = self.engine.state.objects.get(value.card_obj) if value.card_obj else None
            return {"controller": value.controller, "source": self.engine.state.objects.get(value.source),
                    "type": (self.engine.obj_attr(card, "type", self.view) if card  # as the game sees it being played
                             else (value.ability.get("timing") or value.ability.kind)),
                    "name": card.card.name if card else value.source_label,
                    "card": card}.get(name)
        if value is None or isinstance(value, Gone):
            return None  # a source or target that no longer exists has no characteristics
        raise expr.ExprError(f"{value!r} has no attribute {name!r}")

    def call(self, name: str, args: tuple) -> Any:
        core = CORE_FUNCTIONS.get(name)
        if core is not None:
            return core(self, args)
        fn = self.engine.game.functions.get(name)
        if fn is not None:
            values = [expr.evaluate(a, self) for a in args]
            eng, view = self.engine, self.view
            if view is None or view is eng._reading:
                return fn(eng, *values)
            # a game function reads attributes without a view: it reads this one (being worked out)
            # rather than the state's characteristics, which would compute them again from inside
            return eng.in_view(view, fn, eng, *values)
        raise expr.ExprError(f"unknown function {name!r}")

    def _with_it(self, obj: Obj, node) -> bool:
        return bool(expr.evaluate(node, Ctx(self.engine, {**self.b, "it": obj}, self.view)))



# -- the core expression functions: name -> fn(ctx, unevaluated argument nodes) ----------------------
# (a game's functions, ``game.functions[name] = fn(engine, *values)``, are looked up after these)

def _objects(ctx: Ctx, args: tuple) -> list[Obj]:
    """The objects ``count`` / ``any`` look at: those in play, or with a second argument those in the
    zone(s) it names (``count(it.type == 'unit' and it.owner == you, 'discard')``: every player's pile
    of that name; the filter says whose)."""
    if len(args) < 2:
        return _counted(ctx, args)
    zones = expr.evaluate(args[1], ctx)
    zones = {zones} if isinstance(zones, str) else set(zones or ())
    return [o for o in ctx.engine.state.objects.values() if o.zone in zones]


def _count(ctx: Ctx, args: tuple) -> int:
    return sum(1 for o in _objects(ctx, args) if ctx._with_it(o, args[0]))


def _any(ctx: Ctx, args: tuple) -> bool:
    return any(ctx._with_it(o, args[0]) for o in _objects(ctx, args))


def _counted(ctx: Ctx, args: tuple) -> list[Obj]:
    """The cards in play count() / any() look at: the game may leave some out (Hatalom's locations, 8.9.3),
    told which ones the expression would count (so that its rule is traced only where it decides)."""
    eng = ctx.engine
    # asked in the view the expression reads (an always-on amount or condition being worked out): the
    # game's hook reads the cards' types there, not the characteristics being computed (a loop)
    view = ctx.view if ctx.view is not None else eng._reading
    return eng.in_view(view, eng.hooks.counted_in_play, eng, eng.in_play(), lambda o: ctx._with_it(o, args[0]))


def _min(ctx: Ctx, args: tuple) -> Any:
    return min([expr.evaluate(a, ctx) for a in args])


def _max(ctx: Ctx, args: tuple) -> Any:
    return max([expr.evaluate(a, ctx) for a in args])


def _has(ctx: Ctx, args: tuple) -> bool:
    obj = expr.evaluate(args[0], ctx)
    kw = expr.evaluate(args[1], ctx)
    if not isinstance(obj, Obj):
        return False
    kws = ctx.engine.obj_attr(obj, "keywords", ctx.view) or []
    if kw in kws or any(split_cost(k)[1] == kw for k in kws):  # "Pay 1 Force -> evade 2" has 'evade 2'
        return True
    # a keyword named without a value is had at any value ('savage' matches "Savage 1"), in any case
    name, values = parse_keyword(kw)
    return not values and any(parse_keyword(k)[0] == name for k in kws)


def _size(ctx: Ctx, args: tuple) -> int:
    """size(NAME): how many cards a bound list holds ('for each unit destroyed this way': {destroy: .., as:
    gone}, then size(gone)); a single card is 1, nothing 0."""
    v = expr.evaluate(args[0], ctx)
    return len(v) if isinstance(v, (list, tuple, set, frozenset)) else 0 if v is None or isinstance(v, Gone) else 1


def _topmost(ctx: Ctx, args: tuple) -> Obj | None:
    """topmost(EXPR, ZONE, PLAYER): the topmost card of PLAYER's ZONE (a pile, a deck) for which EXPR holds,
    or None ('the topmost unit in your discard pile'). A pile is kept bottom to top; a card out of play is
    read as printed, no constant effect applying to it there."""
    zone, player = expr.evaluate(args[1], ctx), expr.evaluate(args[2], ctx)
    return ctx.engine.topmost(player, zone, lambda o: ctx._with_it(o, args[0]))


CORE_FUNCTIONS: dict[str, Callable[[Ctx, tuple], Any]] = {
    "count": _count,  # count(EXPR[, ZONES]): objects in play (or in those zones) for which EXPR holds (``it`` bound to each)
    "any": _any,      # any(EXPR[, ZONES]): some object in play (or in those zones)
    "topmost": _topmost,  # topmost(EXPR, ZONE, PLAYER): the topmost matching card of a player's pile, or None
    "size": _size,    # size(NAME): how many cards a bound list holds
    "min": _min,
    "max": _max,
    "has": _has,      # has(obj, 'keyword')
}


class Gone:
    """Stands for an object that no longer exists (a source that left play, an illegal target)."""

    def __init__(self, label: str):
        self.label = label

    def __repr__(self) -> str:
        return f"<gone {self.label}>"


