"""Dependency order of continuous modifiers (Huntik 712.1 and the games that bind it): a modifier depends
on another when the other's presence changes which cards it applies to or what it applies to them; it then
applies after it. Split from characteristics.py, which calls ``_dependency_order`` as it works out the
characteristics of a state.

Part of the Engine (judge/engine/engine.py composes it); methods use the engine's state via ``self``."""
from __future__ import annotations

from typing import Any

from judge.engine import expr
from judge.engine.state import Obj


def is_number(value: Any) -> bool:
    """A number a modifier adds or sets (not a bool)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _written(mods: list[dict]) -> set[str] | None:
    """The attributes these modifiers change (keys they modify or set, keywords and traits they
    grant), with remaining_hp for hp; None when one sets an attribute that is not a number, keyword
    or trait (a game may derive other attributes from it)."""
    out: set[str] = set()
    for m in mods:
        data = m["data"]
        out.update(data.get("modify") or {})
        for name, value in (data.get("set") or {}).items():
            if not is_number(value):
                return None
            out.add(name)
        if data.get("grant"):
            out.add("keywords")
        if data.get("grant_traits"):
            out.add("traits")
        if data.get("grant_powers"):
            out.add("powers")
        if data.get("lose_powers"):
            out.update(("keywords", "powers"))
    if "hp" in out:
        out.add("remaining_hp")
    return out


def _read(m: dict) -> set[str] | None:
    """The attributes a modifier's condition, reach and amounts read; None if one calls a function."""
    data = m["data"]
    texts = [data.get("applies_to"), data.get("while"), *(data.get("modify") or {}).values(),
             *(data.get("set") or {}).values()]
    out: set[str] = set()
    for t in texts:
        if isinstance(t, str):
            got = expr.attrs_read(t)
            if got is None:
                return None
            out |= got
    return out


class DependencyMixin:
    def _mod_does(self, m: dict, objs: list[Obj], view: dict) -> dict:
        """What a modifier would apply, card by card, in ``view``: the cards it applies to and,
        for each, the amounts it adds and the values it sets (expressions evaluated in ``view``).
        What it grants (keywords, traits, powers) is fixed by its text, so only the cards it
        reaches can change that. Compared with and without another modifier for rule 712.1."""
        data = m["data"]
        b = self.bindings_for(m["src"], m["controller"], m["bindings"])
        out = {}
        for o in self._mod_targets(m, objs, view):
            it = {**b, "it": o}
            out[o.oid] = ({s: self.eval(d, it, view) for s, d in (data.get("modify") or {}).items()},
                          {s: self.eval(v, it, view) for s, v in (data.get("set") or {}).items()})
        return out

    def _depends_among_others(self, mods: list[dict], i: int, j: int, objs: list[Obj], base: dict) -> bool:
        """712.1 with the other modifiers present: the second may change what the first applies to
        only once a third has applied (an always-on +2 ATK makes a -1 ATK decide whether a card
        still has 4 ATK). Compared in the view all modifiers but these two make of ``base``."""
        others = [k for k in range(len(mods)) if k not in (i, j)]
        if not others:
            return False
        ctx = self._apply_all([mods[k] for k in others], objs, base, probe=True)
        with_j = self._apply_all([mods[j]], objs, ctx, probe=True)
        return self._mod_does(mods[i], objs, with_j) != self._mod_does(mods[i], objs, ctx)

    def _dependency_order(self, mods: list[dict], objs: list[Obj], base: dict) -> list[dict]:
        """Rule "dependency" (Huntik 712.1): a modifier depends on another when the other's presence
        changes which cards it applies to (a 'while' condition made false leaves it none) or what
        it applies to them (the amount it adds, the value it sets, what it grants); it then
        applies after the latest of them (712.2). Not the value a characteristic ends with: a
        "+1 DEF" adds 1 whether or not a "has 4 DEF" applied before it, so the two stay in
        timestamp order (711.1), whichever came first. Replacement modifiers are never in
        ``mods`` (712.1: nothing depends on them)."""
        if not self.on("dependency_order"):
            return mods
        # A modifier can depend only on one that writes an attribute its expressions read: the view
        # another makes differs from the base only there. So a pair is compared only then, and the
        # check among all the others (it applies them all, for each pair) only for a modifier that
        # reads something some modifier writes. Twenty "each other unit you control gets +1 power"
        # (they read type and controller, write power) compare no pair. Unknown reads or writes
        # (a function call, a set of something that is not a number) compare every pair, as before.
        # The check among the others is made only for a pair already "near" too: with the others
        # applied, the second modifier still changes only the attributes it writes, so one that
        # reads none of them applies the same with it as without it.
        reads = [_read(m) for m in mods]
        writes = [_written([m]) for m in mods]
        written = _written(mods)
        among = [written is None or r is None or bool(r & written) for r in reads]
        nears = [{i for i in range(len(mods))
                  if i != j and (writes[j] is None or reads[i] is None or reads[i] & writes[j])}
                 for j in range(len(mods))]
        # what each modifier applies alone: needed only for one that some other may change
        compared = set().union(*nears)
        alone = [self._mod_does(m, objs, base) if i in compared else None for i, m in enumerate(mods)]
        deps: dict[int, list[int]] = {}
        for j, n in enumerate(mods):
            near = nears[j]
            with_n = self._apply_all([n], objs, base, probe=True) if near else None
            for i, m in enumerate(mods):
                if i in near and (self._mod_does(m, objs, with_n) != alone[i]
                                  or among[i] and self._depends_among_others(mods, i, j, objs, base)):
                    deps.setdefault(i, []).append(j)
        if not deps:
            return mods
        self.fire("dependency_order")
        # loops: modifiers that (through others) all depend on each other
        reach: dict[int, set[int]] = {}
        for i in range(len(mods)):
            seen, todo = set(), list(deps.get(i, []))
            while todo:
                j = todo.pop()
                if j not in seen:
                    seen.add(j)
                    todo.extend(deps.get(j, []))
            reach[i] = seen
        units, placed = [], set()
        for i in range(len(mods)):
            if i in placed:
                continue
            members = sorted({i} | {j for j in reach[i] if i in reach[j]}, key=lambda k: (mods[k]["ts"], k))
            placed.update(members)
            units.append(members)

        unit_of = {i: n for n, unit in enumerate(units) for i in unit}
        depth: dict[int, int] = {}

        def chain_depth(n: int) -> int:
            """How many units lie below unit n in its longest chain of dependencies (0: independent)."""
            if n not in depth:  # units are the loops of mutual dependency: among them there is no cycle
                below = {unit_of[j] for i in units[n] for j in deps.get(i, ()) if unit_of[j] != n}
                if below:
                    depth[n] = 1 + max(chain_depth(m) for m in below)
                else:  # independent, or depending only within its own loop
                    depth[n] = 1 if any(i in deps for i in units[n]) else 0
            return depth[n]

        def key(unit):
            # after the latest timestamp among itself and what it depends on (712.2), through the
            # whole chain: one that depends on a modifier which is itself moved after a later one goes
            # after that one too, and at the same point the one lower in the chain applies first
            latest = max(mods[k]["ts"] for i in unit for k in [i, *reach[i]])
            return (latest, chain_depth(unit_of[unit[0]]), mods[unit[0]]["ts"], unit[0])

        out = []
        for unit in sorted(units, key=key):
            if len(unit) == 1:
                out.append(mods[unit[0]])
            elif self.applies("dependency_loop"):
                out.append({"loop": [mods[i] for i in unit]})
            else:
                out.extend(mods[i] for i in reversed(unit))
        return out
