"""The game-agnostic rules engine.

One Engine replays one scenario: it builds the state from a fixture's ``state``, performs the
scripted actions one by one, and records a trace (events + rule ids whose mechanics fired).
Every mechanic that implements a numbered rule is asked for through ``self.on(key)`` and
reported through ``self.fire(key)``; the game module binds keys to rule ids (rules.py).
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Iterable

from judge.engine import expr
from judge.engine.cards import Ability, CardDef, CardPool
from judge.engine.game import NOT_MINE, GameModule
from judge.engine.rules import CORE_MECHANICS, UnboundMechanicError
from judge.engine.state import ChainItem, Effect, Obj, ReplayError, State


@dataclass
class Step:
    index: int
    action: str
    events: list[dict] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)


@dataclass
class Pending:
    """A triggered ability waiting in the pool."""

    source: int
    source_label: str
    controller: str
    ability: Ability
    event: dict
    timestamp: int
    effect: Effect | None = None
    bindings: dict = field(default_factory=dict)
    source_type: str | None = None  # the source's card type (a game may order by it)


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
        raise expr.ExprError(f"unknown name {name!r}")

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
                    "type": card.card.type if card else (value.ability.get("timing") or value.ability.kind),
                    "name": card.card.name if card else value.source_label,
                    "card": card}.get(name)
        if value is None or isinstance(value, _Gone):
            return None  # a source or target that no longer exists has no characteristics
        raise expr.ExprError(f"{value!r} has no attribute {name!r}")

    def call(self, name: str, args: tuple) -> Any:
        eng = self.engine
        if name == "count":
            return sum(1 for o in eng.in_play() if self._with_it(o, args[0]))
        if name == "any":
            return any(self._with_it(o, args[0]) for o in eng.in_play())
        if name == "min" or name == "max":
            vals = [expr.evaluate(a, self) for a in args]
            return (min if name == "min" else max)(vals)
        if name == "has":
            obj = expr.evaluate(args[0], self)
            kw = expr.evaluate(args[1], self)
            return isinstance(obj, Obj) and kw in eng.obj_attr(obj, "keywords", self.view)
        fn = eng.game.functions.get(name)
        if fn is not None:
            return fn(eng, *[expr.evaluate(a, self) for a in args])
        raise expr.ExprError(f"unknown function {name!r}")

    def _with_it(self, obj: Obj, node) -> bool:
        return bool(expr.evaluate(node, Ctx(self.engine, {**self.b, "it": obj}, self.view)))


class Engine:
    def __init__(self, game: GameModule, pool: CardPool, ablate: Iterable[str] = ()):
        self.game = game
        self.hooks = game.hooks  # the game's combined hooks (judge/engine/hooks.py)
        self.pool = pool
        self.ablated = set(ablate)
        self._mechanics = game.registry.mechanics
        #: mechanics switched off (one of their ids ablated)
        self._off = {k for k, m in self._mechanics.items() if self.ablated.intersection(m.ids)}
        self.state = State(players=list(game.players), vars=dict(game.state_vars))
        self.trace: list[Step] = []
        self.events: list[dict] = []
        self.step = Step(0, "setup")
        self.trace.append(self.step)
        self.choices: dict[str, list] = {p: [] for p in game.players}
        self.action_index: int | None = None
        self.pending: list[Pending] = []
        self.labels: dict[str, int] = {}  # label -> current oid
        self._chars: tuple[int, dict] | None = None
        self._repl_applied: list[frozenset] = [frozenset()]
        self._last_success = True
        self.passes: set[str] = set()
        self._frozen: dict[tuple, Any] = {}
        self._first_values: dict[tuple, Any] = {}
        self._provisional = False  # characteristics computed before choices can be asked: don't cache

    # -- game memory (kept in the State, so a snapshot is whole) -----------------------------------
    def memory(self, namespace: str, defaults: dict | None = None) -> dict:
        """The game's memory dict ``namespace`` (e.g. "whi.combat"), created on first use as a copy
        of ``defaults``. Lives in ``state.memory``: copied with a state snapshot."""
        mem = self.state.memory.get(namespace)
        if mem is None:
            mem = self.state.memory[namespace] = copy.deepcopy(defaults) if defaults else {}
        return mem

    @property
    def memo(self) -> dict:
        """Decisions a game remembers (e.g. the order of simultaneous modifiers): ``memory("memo")``."""
        return self.memory("memo")

    def mark_provisional(self) -> None:
        """The characteristics being computed rest on a choice that can't be asked yet (before the
        first action): don't cache them. Call from ``order_simultaneous_modifiers``."""
        self._provisional = True

    # -- rule registry -------------------------------------------------------------------
    def on(self, key: str) -> bool:
        """Is the mechanic ``key`` on (none of its rule ids ablated)? A core mechanic the game
        does not bind is on (and never traced); any other unbound key is an error."""
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
        rules = self.step.rules
        for rid in mech.ids:
            if rid not in rules:
                rules.append(rid)

    def applies(self, key: str) -> bool:
        """``on(key)``, recording the mechanic in the trace when it is on: for code where the
        mechanic being on is itself the decision (``if engine.applies(k): ...``)."""
        if self.on(key):
            self.fire(key)
            return True
        return False

    # -- logging ---------------------------------------------------------------------------
    def log(self, kind: str, /, **data: Any) -> dict:
        rec = {"event": kind}
        for k, v in data.items():
            rec[k] = v.label if isinstance(v, Obj) else v
        self.step.events.append(rec)
        self.events.append(rec)
        return rec

    def fail(self, message: str, kind: str = "illegal_action") -> None:
        raise ReplayError(message, action=self.action_index, kind=kind)

    # -- objects and zones -------------------------------------------------------------------
    def zone_key(self, side: str, zone: str) -> str:
        return f"{side}.{zone}"

    def create(self, card: CardDef, label: str, owner: str, side: str, zone: str,
               controller: str | None = None, timestamp: int = 0) -> Obj:
        st = self.state
        obj = Obj(st.next_oid, card, label, owner, controller or owner, side, zone, timestamp)
        st.next_oid += 1
        st.objects[obj.oid] = obj
        st.zones.setdefault(self.zone_key(side, zone), []).append(obj.oid)
        self.labels[label] = obj.oid
        self.touch()
        return obj

    def touch(self) -> None:
        self.state.version += 1

    def obj(self, ref: Any) -> Obj | None:
        if isinstance(ref, Obj):
            return self.state.objects.get(ref.oid)
        if isinstance(ref, int):
            return self.state.objects.get(ref)
        if isinstance(ref, str):
            oid = self.labels.get(ref)
            return self.state.objects.get(oid) if oid else None
        return None

    def is_in_play(self, obj: Obj) -> bool:
        return obj.oid in self.state.objects and obj.zone in self.game.play_zones

    def in_play(self) -> list[Obj]:
        return [o for o in self.state.objects.values() if o.zone in self.game.play_zones]

    def zone_objs(self, side: str, zone: str) -> list[Obj]:
        return [self.state.objects[i] for i in self.state.zones.get(self.zone_key(side, zone), [])]

    def _remove(self, obj: Obj) -> None:
        self.state.zones[obj.where].remove(obj.oid)
        del self.state.objects[obj.oid]

    def move(self, obj: Obj, zone: str, *, side: str | None = None, cause: str = "move",
             position: str = "top", controller: str | None = None, source: Obj | None = None) -> Obj | None:
        """Zone change as an event (replacements and triggers apply). Returns the new object."""
        if obj.oid not in self.state.objects:
            return None
        ev = {"type": "zone_change", "obj": obj, "from": obj.zone, "to": zone, "side": side,
              "cause": cause, "position": position, "controller": controller, "source": source}
        done = self.emit([ev])
        return done[0].get("new") if done else None

    def _do_zone_change(self, ev: dict) -> None:
        obj: Obj = ev["obj"]
        if obj.oid not in self.state.objects:
            ev["failed"] = True
            return
        to = ev["to"]
        leaving_play = obj.zone in self.game.play_zones and to not in self.game.play_zones
        entering_play = to in self.game.play_zones and obj.zone not in self.game.play_zones
        if to in self.game.play_zones:
            side = ev.get("side") or ev.get("controller") or obj.controller
            controller = ev.get("controller") or side
        else:
            side, controller = obj.owner, obj.owner  # out-of-play zones are the owner's
        self._remove(obj)
        ts = self.state.tick()
        if self.on("new_object_on_zone_change") or to == "stack":
            oid = self.state.next_oid
            self.state.next_oid += 1
            if to != "stack" and obj.zone != "stack":
                self.fire("new_object_on_zone_change")
            new = Obj(oid, obj.card, obj.label, obj.owner, controller, side, to, ts)
        else:
            new = obj
            new.side, new.zone, new.controller = side, to, controller
        self.state.objects[new.oid] = new
        key = self.zone_key(side, to)
        lst = self.state.zones.setdefault(key, [])
        if ev.get("position") == "bottom":
            lst.insert(0, new.oid)
        else:
            lst.append(new.oid)
        self.labels[obj.label] = new.oid
        ev["new"] = new
        ev["leaves_play"] = leaving_play
        ev["enters_play"] = entering_play
        self.touch()
        self.log("zone_change", card=obj.label, **{"from": obj.where, "to": new.where}, cause=ev["cause"])
        if leaving_play:
            self.log("leaves_play", card=obj.label, cause=ev["cause"])
        if entering_play:
            self.log("enters_play", card=obj.label, zone=new.where)

    def enter_play(self, obj: Obj, controller: str, zone: str | None = None) -> Obj | None:
        zone = zone or self._default_zone(obj)
        ents = [ab.get("enters") for ab in obj.card.abilities if ab.kind == "continuous" and ab.get("enters")]
        on = self.on("enters_with_modifiers")
        if ents and on:
            self.fire("enters_with_modifiers")
        new = self.move(obj, zone, side=controller, controller=controller, cause="enter")
        if new is None or not ents:
            return new
        if on:
            exhausted = any(ent.get("exhausted") for ent in ents)
            counters: dict[str, int] = {}
            for ent in ents:
                for k, v in (ent.get("counters") or {}).items():
                    counters[k] = counters.get(k, 0) + v
            if exhausted or counters:
                new.exhausted = exhausted
                new.counters.update(counters)
                self.touch()
        else:  # off: it enters in its default state and is exhausted afterwards (an event)
            for ent in ents:
                if ent.get("exhausted"):
                    self.set_exhausted(new, True)
        return new

    def _default_zone(self, obj: Obj) -> str:
        return obj.card.extra.get("zone") or self.game.play_zones[0]

    def set_exhausted(self, obj: Obj, value: bool) -> bool:
        if obj.exhausted == value:
            if not self.on("becomes_change_only"):  # off: it "becomes" what it already was
                self.emit([{"type": "exhausted" if value else "readied", "obj": obj}])
            return False
        obj.exhausted = value
        self.touch()
        self.emit([{"type": "exhausted" if value else "readied", "obj": obj}])
        return True

    # -- characteristics -------------------------------------------------------------------
    def obj_attr(self, obj: Obj, name: str, view: dict | None = None) -> Any:
        value = self._obj_attr(obj, name, view)
        return self.hooks.adjust_attr(self, obj, name, value) if self.hooks.adjusts else value

    def _obj_attr(self, obj: Obj, name: str, view: dict | None = None) -> Any:
        if view is not None and obj.oid in view and name in view[obj.oid]:
            return view[obj.oid][name]
        if obj.oid in self.state.objects and obj.zone in self.game.play_zones and view is None:
            chars = self.characteristics()
            if obj.oid in chars and name in chars[obj.oid]:
                return chars[obj.oid][name]
        got = self.hooks.obj_attr(self, obj, name)
        if got is not NOT_MINE:
            return got
        if name in obj.card.stats:
            return obj.card.stats[name]
        if name == "name":
            return obj.card.name
        if name == "type":
            return obj.card.type
        if name == "traits":
            return list(obj.card.traits)
        if name == "keywords":
            return list(obj.card.keywords)
        if name == "cost":
            return obj.card.cost
        if name in ("controller", "owner", "zone", "side", "damage", "exhausted", "label", "timestamp"):
            return getattr(obj, name)
        if name == "ready":
            return not obj.exhausted
        if name == "in_play":
            return self.is_in_play(obj)
        if name == "where":
            return obj.where
        if name == "remaining_hp":
            hp = self.obj_attr(obj, "hp", view) or 0
            if not self.on("remaining_hit_points"):
                return hp
            self.fire("remaining_hit_points")
            return max(0, hp - obj.damage)
        if name in obj.flags or name in self.game.object_flags:
            return name in obj.flags
        if name in obj.counters:
            return obj.counters[name]
        if name == "attached_to":
            return self.state.objects.get(obj.attached_to) if obj.attached_to else None
        if name == "attachments":
            return [o for o in self.state.objects.values() if o.attached_to == obj.oid]
        return obj.memory.get(name)

    def player_attr(self, player: str, name: str) -> Any:
        got = self.hooks.player_attr(self, player, name)
        if got is not NOT_MINE:
            return got
        data = self.state.player_data.get(player, {})
        bonus, has_mod = 0, False
        for eff in self.state.effects:
            pm = eff.data.get("player_modify") if eff.kind == "modifier" else None
            if pm and name in pm and eff.bindings.get("you") == player:
                src = self.state.objects.get(eff.source)
                if src is None or not self.is_in_play(src):
                    if not self.on("definite_independent_of_source"):
                        continue
                    self.fire("definite_independent_of_source")
                bonus += pm[name]
                has_mod = True
        if name in data or has_mod:
            return data.get(name, 0) + bonus
        if name == "opponent":
            return self.state.opponent(player)
        if name.startswith("count_"):
            return len(self.state.zones.get(self.zone_key(player, name[6:]), []))
        return 0

    def eval(self, text: Any, bindings: dict, view: dict | None = None) -> Any:
        if isinstance(text, (int, float, bool)) or text is None:
            return text
        return expr.evaluate(text, Ctx(self, bindings, view))

    def bindings_for(self, source: Obj | None, controller: str, extra: dict | None = None) -> dict:
        b = {"you": controller, "opponent": self.state.opponent(controller)}
        if source is not None:
            b["this"] = source
            b["me"] = source
        if extra:
            b.update(extra)
        return b

    # continuous modifiers --------------------------------------------------------------
    def _modifiers(self) -> list[dict]:
        """Every continuous modifier in force: indefinite ones from always-on abilities of cards
        in play, and definite ones created by resolved abilities."""
        mods = []
        for o in self.in_play():
            for ab in (() if self.hooks.text_blank(self, o) else o.card.abilities):
                if ab.kind == "continuous" and (ab.get("modify") or ab.get("set") or ab.get("grant")):
                    mods.append({"src": o, "controller": o.controller, "ts": o.timestamp,
                                 "data": ab.data, "locked": None, "indefinite": True, "key": (o.oid, ab.index),
                                 "bindings": {}})
        for eff in self.state.effects:
            if eff.kind != "modifier" or "player_modify" in eff.data:
                continue
            src = self.state.objects.get(eff.source)
            if not self.on("definite_independent_of_source") and (src is None or not self.is_in_play(src)):
                continue
            mods.append({"src": src, "controller": eff.controller, "ts": eff.timestamp, "data": eff.data,
                         "locked": eff.locked, "indefinite": False, "key": ("e", id(eff)),
                         "bindings": eff.bindings})
        order = sorted(mods, key=lambda m: (m["ts"], str(m["key"])))
        if not self.on("continuous_timestamp_order"):
            order.reverse()
        return order

    def characteristics(self) -> dict[int, dict]:
        if self._chars and self._chars[0] == self.state.version:
            return self._chars[1]
        objs = self.in_play()
        base = {o.oid: {**o.card.stats, "keywords": list(o.card.keywords), "traits": list(o.card.traits)}
                for o in objs}
        mods = self._modifiers()
        self._provisional = False
        if len(mods) > 1:
            mods = self._simultaneous_order(mods, objs, base)
        if len(mods) > 1 and any(not m["indefinite"] or m["data"].get("applies_to") for m in mods):
            mods = self._dependency_order(mods, objs, base)
        view = self._apply_all(mods, objs, base)
        if not self._provisional:
            self._chars = (self.state.version, view)
        return view

    def _simultaneous_order(self, mods: list[dict], objs: list[Obj], base: dict) -> list[dict]:
        """Modifiers with one timestamp started to apply simultaneously: the game orders them."""
        if not self.on("simultaneous_modifier_order"):
            return mods
        out, i = [], 0
        while i < len(mods):
            j = i
            while j < len(mods) and mods[j]["ts"] == mods[i]["ts"]:
                j += 1
            group = mods[i:j]
            if len(group) > 1:
                ordered = self.hooks.order_simultaneous_modifiers(
                    self, group, lambda sub: self._order_matters(sub, objs, base))
                if ordered is not None:
                    if [id(m) for m in ordered] != [id(m) for m in group] and self._order_matters(group, objs, base):
                        self.fire("simultaneous_modifier_order")
                    group = ordered
            out.extend(group)
            i = j
        return out

    def _order_matters(self, mods: list[dict], objs: list[Obj], base: dict) -> bool:
        """Would applying these modifiers in another order change any characteristic?"""
        import itertools
        if len(mods) < 2:
            return False
        first = None
        for perm in itertools.permutations(mods):
            view = self._apply_all(list(perm), objs, base, probe=True)
            if first is None:
                first = view
            elif view != first:
                return True
        return False

    def _apply_all(self, mods: list[dict], objs: list[Obj], base: dict, probe: bool = False) -> dict:
        view = {oid: dict(v, keywords=list(v["keywords"])) for oid, v in base.items()}
        for m in mods:
            if "loop" in m:
                self._apply_loop(m["loop"], objs, view, probe)
            else:
                self._apply_mod(m, objs, view, probe)
        return view

    def _apply_loop(self, loop: list[dict], objs: list[Obj], view: dict, probe: bool) -> None:
        """Modifiers that all depend on each other: for each card, start with the earliest one
        that applies to it, then continue through the loop in timestamp order, once each."""
        for o in objs:
            start = next((k for k, m in enumerate(loop) if self._mod_targets(m, [o], view)), None)
            if start is None:
                continue
            for m in loop[start:] + loop[:start]:
                self._apply_mod(m, [o], view, probe)

    def _mod_targets(self, m: dict, objs: list[Obj], view: dict) -> list[Obj]:
        data = m["data"]
        b = self.bindings_for(m["src"], m["controller"], m["bindings"])
        if data.get("while") is not None and self.on("while_condition"):
            if not self.eval(data["while"], b, view):
                self.fire("while_condition")
                return []
        if m["locked"] is not None:
            return [o for o in objs if o.oid in m["locked"]]
        cond = data.get("applies_to", "it == this")
        out = []
        for o in objs:
            if self.eval(cond, {**b, "it": o}, view):
                out.append(o)
        return out

    def _apply_mod(self, m: dict, objs: list[Obj], view: dict, probe: bool = False) -> list[tuple[int, str, Any]]:
        data = m["data"]
        b = self.bindings_for(m["src"], m["controller"], m["bindings"])
        results = []
        for o in self._mod_targets(m, objs, view):
            vals = view[o.oid]
            for stat, delta in (data.get("modify") or {}).items():
                if probe:
                    d = self.eval(delta, {**b, "it": o}, view)
                elif m["indefinite"] and not self.on("indefinite_current_state"):
                    frozen = self._frozen.setdefault((m["key"], o.oid, stat),
                                                     self.eval(delta, {**b, "it": o}, view))
                    d = frozen
                else:
                    d = self.eval(delta, {**b, "it": o}, view)
                    if m["indefinite"] and isinstance(delta, str) and self._frozen_seen(m, o, stat, d):
                        self.fire("indefinite_current_state")
                raw = (vals.get(stat) or 0) + d
                if self.game.floor_zero and raw < 0 and self.on("floor_zero"):
                    self.fire("floor_zero")
                    raw = 0
                vals[stat] = raw
                results.append((o.oid, stat, vals[stat]))
            for stat, value in (data.get("set") or {}).items():
                vals[stat] = self.eval(value, {**b, "it": o}, view)
                results.append((o.oid, stat, vals[stat]))
            for kw in data.get("grant") or ():
                # a valued keyword ("savage 1") granted by several modifiers is there once per
                # modifier (games sum the values); a plain keyword is simply present
                if kw not in vals["keywords"] or _valued_keyword(kw):
                    vals["keywords"].append(kw)
                results.append((o.oid, "keyword", kw))
            if data.get("grant_powers") and self.on("granted_powers"):
                granted = [Ability(("granted", str(m["key"]), i), pw.get("kind", "action"), pw)
                           for i, pw in enumerate(data["grant_powers"])]
                vals["powers"] = list(vals.get("powers") or []) + granted
                results.extend((o.oid, "power", ab.name) for ab in granted)
        return results

    def _frozen_seen(self, m: dict, o: Obj, stat: str, value: Any) -> bool:
        """True when an always-on modifier's value differs from the first value it had: the
        current game state is what it uses (rule: indefinite modifiers)."""
        key = (m["key"], o.oid, stat)
        first = self._first_values.setdefault(key, value)
        return first != value

    def _dependency_order(self, mods: list[dict], objs: list[Obj], base: dict) -> list[dict]:
        """Rule "dependency": a modifier depends on another if applying the other changes which
        cards it applies to or what it does; it then applies after the latest of them."""
        if not self.on("dependency_order"):
            return mods

        def outcome(m, view):
            v = {oid: dict(x, keywords=list(x["keywords"])) for oid, x in view.items()}
            return sorted(map(str, self._apply_mod(m, objs, v, probe=True)))

        deps: dict[int, list[int]] = {}
        for i, m in enumerate(mods):
            alone = outcome(m, base)
            for j, n in enumerate(mods):
                if i == j:
                    continue
                with_n = self._apply_all([n], objs, base, probe=True)
                if outcome(m, with_n) != alone:
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

        def key(unit):
            latest = max(mods[k]["ts"] for i in unit for k in [i] + deps.get(i, []))
            return (latest, 1 if any(i in deps for i in unit) else 0, mods[unit[0]]["ts"], unit[0])

        out = []
        for unit in sorted(units, key=key):
            if len(unit) == 1:
                out.append(mods[unit[0]])
            elif self.applies("dependency_loop"):
                out.append({"loop": [mods[i] for i in unit]})
            else:
                out.extend(mods[i] for i in reversed(unit))
        return out

    # -- choices --------------------------------------------------------------------------------
    def decide(self, player: str, kind: str, options: list, what: str, *, forced_single: bool = True) -> Any:
        """Take the player's next scripted choice. ``options`` are labels (or names)."""
        if forced_single and kind in ("pick", "order", "option") and len(options) == 1:
            return options[0] if kind != "order" else list(options)
        if kind == "order" and len(set(options)) <= 1:
            return list(options)
        queue = self.choices.get(player, [])
        if not queue:
            self.fail(f"missing choice: {player} must choose {what} (options: {', '.join(map(str, options))})",
                      kind="missing_choice")
        value = queue.pop(0)
        return self._interpret(player, kind, options, what, value)

    def decide_checked(self, player: str, kind: str, options: list, what: str, check) -> Any:
        """Like decide, for choices the rules may reject: ``check(value)`` returns a reason or None.
        A scripted ``{try: value}`` that is rejected is logged (choice_rejected) and the next
        scripted choice is taken; any other rejected choice is an error."""
        while True:
            queue = self.choices.get(player, [])
            if not queue:
                self.fail(f"missing choice: {player} must choose {what} (options: {', '.join(map(str, options))})",
                          kind="missing_choice")
            raw = queue.pop(0)
            tentative = isinstance(raw, dict) and set(raw) == {"try"}
            value = self._interpret(player, kind, options, what, raw["try"] if tentative else raw)
            reason = check(value)
            if reason is None:
                return value
            if tentative:
                self.log("choice_rejected", player=player, choice=str(raw["try"]), reason=reason)
                continue
            self.fail(f"illegal choice for {what}: {reason}", kind="bad_choice")

    def _interpret(self, player: str, kind: str, options: list, what: str, value: Any) -> Any:
        if kind == "yesno":
            if value in (True, "yes", "y"):
                return True
            if value in (False, "no", "n"):
                return False
            self.fail(f"choice for {what} must be yes or no, got {value!r}", kind="bad_choice")
        if kind == "option":
            if isinstance(value, int) and 1 <= value <= len(options):
                return options[value - 1]
            if value in options:
                return value
            self.fail(f"choice for {what} must be one of {options} (or 1..{len(options)}), got {value!r}",
                      kind="bad_choice")
        if kind == "pick":
            if value in options:
                return value
            self.fail(f"choice for {what}: {value!r} is not a legal option ({', '.join(map(str, options))})",
                      kind="bad_choice")
        if kind == "order":
            if isinstance(value, str):
                value = [value]
            if not isinstance(value, list) or any(v not in options for v in value):
                self.fail(f"choice for {what}: {value!r} is not an order of {options}", kind="bad_choice")
            rest = list(options)
            for v in value:
                rest.remove(v)
            return list(value) + rest
        if kind == "number":
            if isinstance(value, int) and value in options:
                return value
            self.fail(f"choice for {what} must be one of {options}, got {value!r}", kind="bad_choice")
        if kind == "assign":
            if not isinstance(value, dict):
                self.fail(f"choice for {what} must be a mapping target: amount", kind="bad_choice")
            return value
        return value

    def roll(self) -> int:
        if not self.state.dice:
            self.fail("missing dice result: the scenario must script every roll (state.dice)", kind="missing_choice")
        value = self.state.dice.pop(0)
        self.log("die_rolled", value=value)
        return value

    # -- events, replacements, triggers ---------------------------------------------------------
    def emit(self, events: list[dict]) -> list[dict]:
        """Replace, perform and collect triggers for a batch of simultaneous events."""
        batch = []
        used_once: dict[int, int] = {}
        candidates = self.hooks.replacement_candidates(self, self._replacement_candidates(), events)
        for ev in events:
            ev.setdefault("applied", self._repl_applied[-1])
            out = self._replace(ev, candidates, used_once)
            if out is not None:
                batch.append(out)
        if not batch:
            return []
        # a trigger checks the state just before its event; entering play: just after
        swap = not self.on("trigger_event_state")
        before = [e for e in batch if self._after_event(e) == swap]
        matched = self._match_triggers(before) if before else []
        for ev in batch:
            self._perform(ev)
        after = [e for e in batch if self._after_event(e) != swap and not e.get("failed")]
        if after:
            matched += self._match_triggers(after)
        if matched:
            self.fire("trigger_event_state")
        self.pending.extend(matched)
        if any(e.kind == "trigger" and e.data.get("_spent") for e in self.state.effects):
            self.state.effects = [e for e in self.state.effects if not (e.kind == "trigger" and e.data.get("_spent"))]
        self.hooks.observe(self, [e for e in batch if not e.get("failed")])
        return [e for e in batch if not e.get("failed")]

    def _after_event(self, ev: dict) -> bool:
        return ev["type"] == "zone_change" and ev.get("to") in self.game.play_zones

    def _perform(self, ev: dict) -> None:
        t = ev["type"]
        if t == "zone_change":
            self._do_zone_change(ev)
        elif t in ("exhausted", "readied"):
            self.log(t, card=ev["obj"].label)
        elif t == "damage_applied":
            obj = ev["obj"]
            if obj.oid not in self.state.objects:
                ev["failed"] = True
                return
            obj.damage += ev["amount"]
            self.touch()
            self.log("damage_dealt", card=obj.label, amount=ev["amount"], source=ev.get("source_label"),
                     combat=ev.get("combat", False))
        else:
            handler = self.game.steps.get("perform:" + t)
            if handler:
                handler(self, ev)
            else:
                data = {("card" if k == "obj" else k): v for k, v in ev.items()
                        if k not in ("type", "applied", "card") and not k.startswith("_")}
                self.log(t, **data)

    def _replacement_candidates(self) -> list[tuple]:
        out = []
        for o in self.in_play():
            for ab in (() if self.hooks.text_blank(self, o) else o.card.abilities):
                if ab.kind == "replacement":
                    out.append((("a", o.oid, ab.index), o, o.controller, ab.data, o.timestamp, {}))
        for eff in self.state.effects:
            if eff.kind == "replacement":
                out.append((("e", id(eff)), self.state.objects.get(eff.source), eff.controller, eff.data,
                            eff.timestamp, eff.bindings))
        return out

    def _replace(self, ev: dict, candidates: list[tuple], used_once: dict) -> dict | None:
        if not self.on("replacement"):
            return ev
        while True:
            options = []
            for key, src, ctrl, data, ts, binds in candidates:
                if key in ev["applied"] and self.on("replacement_once"):
                    continue
                rep = data.get("replaces") or {}
                if rep.get("event") != ev["type"]:
                    continue
                if not self.on("replacement_every_instance") and used_once.get(key):
                    continue
                b = self.bindings_for(src, ctrl, {**binds, "event": ev})
                if rep.get("filter") and not self.eval(rep["filter"], b):
                    continue
                options.append((key, src, ctrl, data, ts, b))
            if not options:
                return ev
            if len(options) > 1:
                affected = self._affected_player(ev)
                labels = [self._rep_label(o) for o in options]
                if self.applies("replacement_order"):
                    pick = self.decide(affected, "pick", labels, "which replacement applies first")
                    chosen = options[labels.index(pick)]
                else:
                    chosen = sorted(options, key=lambda o: o[4])[0]
            else:
                chosen = options[0]
            key, src, ctrl, data, ts, b = chosen
            if not self.on("replacement_even_if_impossible"):
                steps = [st for st in data.get("instead") or [] if "proceed" not in st]
                if not all(self.can_do(st, {**b, "it": ev.get("obj")}) for st in steps):
                    ev["applied"] = ev["applied"] | {key}
                    continue
            if data.get("optional"):
                can = all(self.can_do(s, b) for s in data.get("cost") or [])
                if not can or not self.decide(ctrl, "yesno", ["yes", "no"],
                                              f"whether to apply {self._rep_label(chosen)}"):
                    ev["applied"] = ev["applied"] | {key}
                    continue
            self.fire("replacement")
            used_once[key] = used_once.get(key, 0) + 1
            if used_once[key] > 1:
                self.fire("replacement_every_instance")
            applied = ev["applied"] | {key}
            ev["applied"] = applied
            self.log("replaced", what=ev["type"], card=self._ev_label(ev), by=self._rep_label(chosen))
            steps = [st for st in data.get("instead") or [] if "proceed" not in st]
            if steps and not all(self.can_do(st, {**b, "it": ev.get("obj")}) for st in steps):
                self.fire("replacement_even_if_impossible")
            for cost in data.get("cost") or []:
                self.run_step(cost, b)
            if ev.get("applied") and len(applied) > 1:
                self.fire("replacement_once")
            proceed = None
            if len(self._repl_applied) > 40:
                self.fail("replacement loop: replacement modifiers keep replacing the events they produce",
                          kind="loop")
            self._repl_applied.append(applied)
            try:
                for st in data.get("instead") or []:
                    if "proceed" in st:
                        proceed = dict(st["proceed"] or {})
                    else:
                        self.run_step(st, {**b, "it": ev.get("obj")})
            finally:
                self._repl_applied.pop()
            if proceed is None:
                return None
            ev.update(proceed)

    def _affected_player(self, ev: dict) -> str:
        obj = ev.get("obj")
        if isinstance(obj, Obj):
            return obj.controller
        return ev.get("player") or self.state.vars.get("active") or self.state.players[0]

    def _rep_label(self, option: tuple) -> str:
        src = option[1]
        return src.label if isinstance(src, Obj) else str(option[0])

    @staticmethod
    def _ev_label(ev: dict) -> str | None:
        obj = ev.get("obj")
        return obj.label if isinstance(obj, Obj) else None

    def _trigger_sources(self) -> list[tuple]:
        out = []
        for o in list(self.state.objects.values()):
            for ab in (() if self.hooks.text_blank(self, o) else o.card.abilities):
                if ab.kind != "trigger":
                    continue
                zones = ab.get("functions_in") or list(self.game.play_zones)
                if o.zone in zones:
                    out.append((o, ab, None))
        for eff in self.state.effects:
            if eff.kind == "trigger":
                out.append((self.state.objects.get(eff.source), eff.source_ability, eff))
        return out

    def _match_triggers(self, events: list[dict]) -> list[Pending]:
        found = []
        sources = self._trigger_sources()
        for o, ab, eff in sources:
            spec = ab.get("on") or {}
            matched_here = 0
            if eff and eff.data.get("_spent"):
                continue  # a 'next time' modifier already triggered on an earlier batch
            if o is not None and eff is None and self._appears_or_disappears(o, events):
                if not self.on("trigger_on_appear_disappear"):
                    continue
                appearing_or_disappearing = True
            else:
                appearing_or_disappearing = False
            for ev in events:
                etype = spec.get("event")
                if etype != ev["type"] and not (etype in ("leaves_play", "enters_play") and ev.get(etype)):
                    continue
                ctrl = eff.controller if eff else o.controller
                b = self.bindings_for(o, ctrl, {**(eff.bindings if eff else {}), "event": ev})
                if spec.get("filter") and not self.eval(spec["filter"], b):
                    continue
                if ab.get("if") is not None:
                    if self.on("trigger_if_condition"):
                        if not self.eval(ab.get("if"), b):
                            self.fire("trigger_if_condition")
                            continue
                if eff and spec.get("next") and matched_here:
                    if not self.on("next_trigger_simultaneous"):
                        continue
                    self.fire("next_trigger_simultaneous")
                if matched_here and not self.on("trigger_every_instance"):
                    continue
                if matched_here:
                    self.fire("trigger_every_instance")
                if appearing_or_disappearing:
                    self.fire("trigger_on_appear_disappear")
                matched_here += 1
                found.append(Pending(o.oid if o else -1, o.label if o else (eff.source_label if eff else "?"), ctrl, ab, ev,
                                     eff.timestamp if eff else (o.timestamp if o else 0), eff,
                                     {"event": ev, "that": ev.get("new") or ev.get("obj")},
                                     source_type=o.card.type if o else None))
                if eff and spec.get("next"):
                    eff.data["_spent"] = True
        return found

    def _appears_or_disappears(self, o: Obj, events: list[dict]) -> bool:
        """Is this card entering or leaving play in this batch of simultaneous events?"""
        for ev in events:
            if ev["type"] != "zone_change":
                continue
            if ev.get("obj") is o and o.zone in self.game.play_zones and ev.get("to") not in self.game.play_zones:
                return True
            if ev.get("new") is o and ev.get("enters_play"):
                return True
        return False

    def settle(self) -> None:
        """State checks, then the pending pool, until nothing more happens."""
        for _ in range(200):
            changed = self.state_checks()
            if changed:
                continue
            if not self.pending:
                return
            batch, self.pending = self.pending, []
            batch = [p for p in batch if self.hooks.keep_pending(self, p)]
            for p in self.order_triggers(batch):
                self.resolve_trigger(p)
        self.fail("the scenario does not settle (loop of triggers or state checks)")

    def order_triggers(self, batch: list[Pending]) -> list[Pending]:
        if len(batch) == 1:
            return batch
        if not self.on("pending_order_policy"):
            return sorted(batch, key=lambda p: p.timestamp)
        groups = self.hooks.order_pending(self, batch)
        self.fire("pending_order_policy")
        out = []
        for player, items in groups:
            if len(items) <= 1:
                out.extend(items)
                continue
            labels = [p.source_label for p in items]
            if len(set(labels)) < len(labels):
                out.extend(items)  # identical sources: order makes no difference to choose by label
                continue
            order = self.decide(player, "order", labels, "the order of simultaneous triggered abilities")
            out.extend(sorted(items, key=lambda p: order.index(p.source_label)))
        return out

    def resolve_trigger(self, p: Pending) -> None:
        self.hooks.before_resolve(self, p)
        try:
            self._resolve_trigger(p)
        finally:
            self.hooks.after_resolve(self, p)

    def _resolve_trigger(self, p: Pending) -> None:
        src = self.state.objects.get(p.source)
        # a triggered modifier keeps the names bound when it was created (its targets ...)
        created = {k: v for k, v in (p.effect.bindings if p.effect else {}).items() if k not in ("this", "me")}
        b = self.bindings_for(src, p.controller, {**created, **p.bindings})
        if src is None:
            b["this"] = b["me"] = _Gone(p.source_label)
        ab = p.ability
        self.log("triggered", source=p.source_label, ability=ab.name)
        if ab.get("optional"):
            if not self.decide(p.controller, "yesno", ["yes", "no"], f"whether to use {p.source_label}'s {ab.name}"):
                return
        targets = {}
        for spec in ab.get("targets") or []:
            legal = self.legal_targets(spec, b)
            if not legal:
                self.log("effect_cancelled", source=p.source_label, reason="no_legal_target")
                return
            n = spec.get("count", 1)
            picks = []
            for _ in range(n):
                opts = [o.label for o in legal if o.label not in picks]
                picks.append(self.decide(p.controller, "pick", opts, f"a target for {p.source_label}"))
            targets[spec["name"]] = [self.obj(lbl).oid for lbl in picks]
            b[spec["name"]] = [self.obj(lbl) for lbl in picks] if n > 1 else self.obj(picks[0])
        self.run_steps(ab.get("steps") or [], b)
        self.log("resolved", source=p.source_label, ability=ab.name)

    def state_checks(self) -> bool:
        changed = False
        if self.on("lethal_damage_check"):
            doomed = [o for o in self.in_play() if o.card.type in self.game.damageable_types
                      and (hp := self.obj_attr(o, "hp")) is not None and o.damage >= hp]
            if doomed:
                self.fire("lethal_damage_check")
                verb = next(iter(self.game.leave_verbs))
                zone, cause = self.game.leave_verbs[verb]
                self.emit([{"type": "zone_change", "obj": o, "from": o.zone, "to": zone, "side": None,
                            "cause": cause, "position": "top", "controller": None, "source": None} for o in doomed])
                changed = True
        for o in list(self.state.objects.values()):  # attachments whose host left play
            if (o.attached_to and (o.attached_to not in self.state.objects) and o.zone in self.game.play_zones
                    and self.on("attachment_leaves_with_host")):
                self.fire("attachment_leaves_with_host")
                o.attached_to = None
                self.move(o, "discard", cause="host_left")
                changed = True
        changed = self.hooks.state_checks(self) or changed
        return changed

    # -- targets --------------------------------------------------------------------------------
    def legal_targets(self, spec: dict, b: dict) -> list[Obj]:
        if spec.get("chain"):
            return []
        pool = self.in_play() if not spec.get("zones") else [
            o for o in self.state.objects.values() if o.zone in spec["zones"]]
        flt = spec.get("filter", "true")
        if not self.on("target_legal_on_play") and not b.get("_resolving"):
            return pool
        return [o for o in pool if self.eval(flt, {**b, "it": o}) and self.hooks.can_target(self, spec, o, b)]

    def is_legal_target(self, spec: dict, obj: Obj | None, b: dict) -> bool:
        if obj is None or obj.oid not in self.state.objects:
            return False
        zones = spec.get("zones") or self.game.play_zones
        if obj.zone not in zones:
            return False
        return bool(self.eval(spec.get("filter", "true"), {**b, "it": obj})) and self.hooks.can_target(self, spec, obj, b)

    # -- steps ------------------------------------------------------------------------------------
    def resolve_ref(self, ref: Any, b: dict) -> list[Obj]:
        """A step's object reference: a bound name, 'this', a label, or {all: filter}."""
        if isinstance(ref, dict) and "all" in ref:
            return [o for o in self.in_play() if self.eval(ref["all"], {**b, "it": o})]
        if isinstance(ref, str):
            if ref in b:
                v = b[ref]
            elif ref in self.labels:
                v = self.obj(ref)
            else:
                v = self.eval(ref, b)
        else:
            v = ref
        if isinstance(v, _Gone):
            return []
        if isinstance(v, list):
            return [self.obj(x) for x in v if self.obj(x) is not None]
        o = self.obj(v) if isinstance(v, Obj) else None
        return [o] if o is not None else []

    def run_steps(self, steps: list[dict], b: dict) -> bool:
        ok = True
        self._last_success = True
        for st in steps:
            if "then" in st:
                if not self._last_success and self.on("then_needs_success"):
                    self.fire("then_needs_success")
                    self.log("then_skipped", reason="previous_step_failed")
                    self._last_success = False
                    ok = False
                    continue
                res = self.run_steps(st["then"], b)
            else:
                res = self.run_step(st, b)
            self._last_success = res
            ok = ok and res
            self.settle_state()
        return ok

    def settle_state(self) -> None:
        for _ in range(50):
            if not self.state_checks():
                return

    def _amount(self, value, b: dict) -> int:
        """A cost amount, or 0 when it refers to something not chosen yet."""
        try:
            return int(self.eval(value, b) or 0)
        except (expr.ExprError, TypeError, ValueError):
            return 0

    def can_do(self, st: dict, b: dict) -> bool:
        """Could this step be done in full right now? (no side effects). A step that refers to
        something an earlier step will choose counts as doable."""
        try:
            return self._can_do(st, b)
        except expr.ExprError:
            return True

    def _can_do(self, st: dict, b: dict) -> bool:
        verb = self._verb(st)
        if verb in ("may", "or", "if", "then"):
            return True
        if verb == "pay":
            return self.player_attr(b["you"], "resources") >= self.eval(st["pay"], b)
        if verb in ("exhaust", "ready", "corrupt"):
            objs = self.resolve_ref(st[verb], b)
            flag = {"exhaust": ("exhausted", False), "ready": ("exhausted", True), "corrupt": ("corrupted", False)}[verb]
            return bool(objs) and all(self.obj_attr(o, flag[0]) == flag[1] for o in objs)
        if verb in ("remove_counter",):
            objs = self.resolve_ref(st[verb], b)
            need = self.eval(st.get("amount", 1), b)
            return bool(objs) and all(o.counters.get(st.get("counter", "resource"), 0) >= need for o in objs)
        if verb in self.game.leave_verbs or verb in ("move", "sacrifice", "return_to_hand"):
            return bool(self.resolve_ref(st[verb], b))
        if verb == "choose":
            return bool(self._choice_pool(st, b))
        handler = self.game.steps.get("can:" + verb)
        if handler:
            return handler(self, st, b)
        return True

    def _verb(self, st: dict) -> str:
        for k in st:
            if (k in self.game.steps or k in self.game.leave_verbs or k in ("then", "proceed")
                    or hasattr(self, "step_" + k)):
                return k
        for k in st:
            if k not in ("amount", "to", "counter", "as", "duration", "while", "lock", "by", "filter", "position",
                         "zone", "player", "options", "combat", "source", "mode", "next", "kind", "changes",
                         "cancellable", "do", "text"):
                return k
        raise ValueError(f"step without a verb: {dict(st)!r}")

    def run_step(self, st: dict, b: dict) -> bool:
        verb = self._verb(st)
        handler = self.game.steps.get(verb)
        if handler:
            return bool(handler(self, st, b))
        method = getattr(self, "step_" + verb, None)
        if method is None:
            if verb in self.game.leave_verbs:
                return self.step_leave(verb, st, b)
            self.fail(f"unknown step verb {verb!r}")
        return bool(method(st, b))

    def step_leave(self, verb: str, st: dict, b: dict) -> bool:
        objs = [o for o in self.resolve_ref(st[verb], b) if self.is_in_play(o)]
        if not objs:
            return False
        zone, cause = self.game.leave_verbs[verb]
        done = self.emit([{"type": "zone_change", "obj": o, "from": o.zone, "to": zone, "side": None,
                           "cause": cause, "position": st.get("position", "top"), "controller": None,
                           "source": b.get("this")} for o in objs])
        return len(done) == len(objs)

    def step_move(self, st: dict, b: dict) -> bool:
        objs = self.resolve_ref(st["move"], b)
        ok = bool(objs)
        for o in objs:
            zone = st.get("to")
            if o.zone == zone and zone in self.game.play_zones:
                ok = False  # moving needs a different zone
                continue
            ok = self.move(o, zone, side=o.controller if zone in self.game.play_zones else None,
                           controller=o.controller, cause=st.get("cause", "move"),
                           position=st.get("position", "top")) is not None and ok
        return ok

    def step_return_to_hand(self, st: dict, b: dict) -> bool:
        objs = self.resolve_ref(st["return_to_hand"], b)
        return bool(objs) and all(self.move(o, "hand", cause="return") is not None for o in objs)

    def step_exhaust(self, st: dict, b: dict) -> bool:
        objs = self.resolve_ref(st["exhaust"], b)
        return bool(objs) and all([self.set_exhausted(o, True) for o in objs])

    def step_ready(self, st: dict, b: dict) -> bool:
        objs = self.resolve_ref(st["ready"], b)
        return bool(objs) and all([self.set_exhausted(o, False) for o in objs])

    def step_flag(self, st: dict, b: dict) -> bool:
        objs = self.resolve_ref(st["flag"], b)
        name = st["as"]
        ok = bool(objs)
        for o in objs:
            if name in o.flags:
                ok = False
                # it was already that: it doesn't "become" it (unless the mechanic is off)
                if not self.applies("becomes_change_only"):
                    self.emit([{"type": "flagged", "obj": o, "flag": name}])
                continue
            o.flags.add(name)
            self.touch()
            self.emit([{"type": "flagged", "obj": o, "flag": name}])
        return ok

    def step_pay(self, st: dict, b: dict) -> bool:
        player = b.get("payer") or b["you"]
        amount = self.eval(st["pay"], b)
        have = self.player_attr(player, "resources")
        if have < amount:
            self.fail(f"{player} cannot pay {amount} resources (has {have})")
        self.state.player_data[player]["resources"] = have - amount
        self.log("paid", player=player, amount=amount)
        return True

    def step_spend(self, st: dict, b: dict) -> bool:
        """As much as possible: a player loses up to N resources."""
        player = self.eval(st.get("player", "you"), b)
        amount = self.eval(st["spend"], b)
        have = self.player_attr(player, "resources")
        if have < amount and not self.on("as_much_as_possible"):
            return False
        take = min(have, amount)
        if take < amount:
            self.fire("as_much_as_possible")
        self.state.player_data[player]["resources"] = have - take
        self.log("resources_lost", player=player, amount=take)
        return take == amount

    def step_counter(self, st: dict, b: dict) -> bool:
        objs = self.resolve_ref(st["counter"], b)
        kind = st.get("kind", "resource")
        amount = self.eval(st.get("amount", 1), b)
        for o in objs:
            o.counters[kind] = o.counters.get(kind, 0) + amount
            self.touch()
            self.emit([{"type": "counter_added", "obj": o, "kind": kind, "amount": amount,
                        "player": b.get("you")}])  # the player whose effect puts the tokens
        return bool(objs)

    def step_remove_counter(self, st: dict, b: dict) -> bool:
        objs = self.resolve_ref(st["remove_counter"], b)
        kind = st.get("counter", "resource")
        amount = self.eval(st.get("amount", 1), b)
        ok = bool(objs)
        for o in objs:
            have = o.counters.get(kind, 0)
            if have < amount:
                ok = False
            o.counters[kind] = max(0, have - amount)
            self.touch()
            if have:
                self.log("counter_removed", card=o.label, kind=kind, amount=min(have, amount))
        return ok

    def step_player_counter(self, st: dict, b: dict) -> bool:
        player = self.eval(st.get("player", "you"), b)
        name = st["player_counter"]
        amount = self.eval(st.get("amount", 1), b)
        data = self.state.player_data.setdefault(player, {})
        data[name] = data.get(name, 0) + amount
        self.log("player_counter", player=player, counter=name, amount=amount)
        return True

    def step_draw(self, st: dict, b: dict) -> bool:
        player = self.eval(st.get("player", "you"), b)
        n = self.eval(st["draw"], b)
        deck = self.zone_objs(player, "deck")
        ok = len(deck) >= n
        for o in list(reversed(deck))[:n]:
            self.move(o, "hand", cause="draw")
        return ok

    def step_gain_control(self, st: dict, b: dict) -> bool:
        objs = [o for o in self.resolve_ref(st["gain_control"], b) if self.is_in_play(o)]
        player = self.eval(st.get("player", "you"), b)
        for o in objs:
            old = o.controller
            self.state.zones[o.where].remove(o.oid)
            o.controller = o.side = player
            self.state.zones.setdefault(o.where, []).append(o.oid)
            self.touch()
            self.emit([{"type": "control_changed", "obj": o, "from": old, "to": player}])
        return bool(objs)

    def _choice_pool(self, st: dict, b: dict) -> list[Obj]:
        spec = st["choose"]
        return [o for o in self.in_play() if self.eval(spec.get("filter", "true"), {**b, "it": o})]

    def step_choose(self, st: dict, b: dict) -> bool:
        """A non-target choice made on resolution: {choose: {filter, by}, as: name}."""
        spec = st["choose"]
        by = self.eval(spec.get("by", "you"), b)
        pool = self._choice_pool(st, b)
        if not pool:
            b[st["as"]] = _Gone("nothing")
            return False
        label = self.decide(by, "pick", [o.label for o in pool], spec.get("what", "a card"))
        b[st["as"]] = self.obj(label)
        return True

    def step_if(self, st: dict, b: dict) -> bool:
        if self.eval(st["if"], b):
            return self.run_steps(st.get("do") or [], b)
        return False

    def step_may(self, st: dict, b: dict) -> bool:
        steps = st["may"]
        who = self.eval(st.get("player", "you"), b)
        if self.on("may_needs_full") and not all(self.can_do(s, b) for s in steps):
            self.fire("may_needs_full")
            self.log("may_not_possible", player=who)
            return False
        if not self.decide(who, "yesno", ["yes", "no"], st.get("text") or "whether to do the optional part"):
            return False
        return self.run_steps(steps, b)

    def step_or(self, st: dict, b: dict) -> bool:
        options = st["or"]
        who = self.eval(st.get("player", "you"), b)
        names = [o.get("name", f"option {i + 1}") for i, o in enumerate(options)]
        doable = names
        if self.on("or_needs_full"):
            doable = [n for n, o in zip(names, options) if all(self.can_do(s, b) for s in o["do"])]
            if len(doable) < len(names):
                self.fire("or_needs_full")
            if not doable:
                doable = names
        pick = self.decide(who, "option", doable, st.get("text") or f"one of {names}")
        self.log("option_chosen", player=who, option=pick)
        return self.run_steps(options[names.index(pick)]["do"], b)

    def step_each_player(self, st: dict, b: dict) -> bool:
        order = [self.state.vars.get("active")] + [p for p in self.state.players if p != self.state.vars.get("active")]
        ok = True
        for p in order:
            ok = self.run_steps(st["each_player"], {**b, "you": p, "opponent": self.state.opponent(p)}) and ok
        return ok

    def step_modify(self, st: dict, b: dict) -> bool:
        """Create a definite continuous modifier (duration, 'while', locked or not)."""
        spec = st["modify"]
        data = {k: spec[k] for k in ("modify", "set", "grant", "while", "applies_to", "player_modify",
                                     "grant_powers") if k in spec}
        locked = None
        if data.get("grant_powers") and not self.on("granted_power_targets_on_use"):
            data["grant_powers"] = [self._fix_granted_targets(pw, spec, b) for pw in data["grant_powers"]]
        if "player_modify" in spec:
            pass
        elif "affected" in spec:
            # the cards an earlier part of the power affected (rule: flagged cards)
            ref = spec["affected"]
            if self.on("flag_affected_cards") or not (isinstance(ref, dict) and "all" in ref):
                locked = frozenset(o.oid for o in self.resolve_ref(ref, b))
                self.fire("flag_affected_cards")
            else:
                data["applies_to"] = ref["all"]
        elif "target" in spec:
            locked = frozenset(o.oid for o in self.resolve_ref(spec["target"], b))
            if not locked:
                return False
        elif spec.get("lock") or not self.on("definite_not_locked"):
            locked = frozenset(o.oid for o in self.in_play()
                               if self.eval(data.get("applies_to", "false"), {**b, "it": o}))
            if not spec.get("lock"):
                self.fire("definite_not_locked")
        src = b.get("this")
        eff = Effect("modifier", src.oid if isinstance(src, Obj) else -1, getattr(src, "label", "?"), b["you"],
                     self.state.tick(), data, spec.get("duration"), locked,
                     {k: v for k, v in b.items() if k in ("you", "opponent", "x")})
        self.state.effects.append(eff)
        self.touch()
        self.log("modifier_created", source=eff.source_label, duration=eff.duration)
        return True

    def _fix_granted_targets(self, power: dict, spec: dict, b: dict) -> dict:
        """Mechanic off: a granted power's targets are chosen as it is given, and stay fixed."""
        if not power.get("targets"):
            return power
        holders = self.resolve_ref(spec.get("target"), b) if spec.get("target") else []
        hb = self.bindings_for(holders[0] if holders else b.get("this"), b["you"])
        fixed = []
        for tspec in power["targets"]:
            opts = [o.label for o in self.legal_targets(tspec, hb)]
            if not opts:
                self.fail(f"no legal target for the granted power {power.get('name')!r} as it is given")
            fixed.append(self.decide(b["you"], "pick", opts, f"a target for the granted power {power.get('name')!r}"))
        return {**power, "_fixed_targets": fixed}

    def step_create(self, st: dict, b: dict) -> bool:
        """Create a triggered or replacement modifier / damage shield from an ability."""
        spec = dict(st["create"])
        kind = spec.pop("kind")
        src = b.get("this")
        binds = {k: v for k, v in b.items() if not k.startswith("_") and k not in ("event",)}
        ab = Ability(-1, "trigger", spec) if kind == "trigger" else None
        eff = Effect(kind, src.oid if isinstance(src, Obj) else -1, getattr(src, "label", "?"), b["you"],
                     self.state.tick(), spec, spec.get("duration"), None, binds, spec.get("amount"), ab)
        if kind == "shield":
            eff.data = {**spec, "on": self.resolve_ref(spec["on"], b)[0].oid if self.resolve_ref(spec["on"], b) else None}
            if spec.get("to"):
                to = self.resolve_ref(spec["to"], b)
                eff.data["to"] = to[0].oid if to else None
            eff.remaining = self.eval(spec.get("amount", 1), b)
        self.state.effects.append(eff)
        self.log("effect_created", source=eff.source_label, kind=kind)
        return True

    def step_cancel(self, st: dict, b: dict) -> bool:
        items = b.get(st["cancel"])
        items = items if isinstance(items, list) else [items]
        ok = False
        for item in items:
            if isinstance(item, ChainItem) and item in self.state.chain and not item.cancelled:
                self.cancel_item(item, "cancelled")
                ok = True
        return ok

    def cancel_item(self, item: ChainItem, reason: str) -> None:
        item.cancelled = True
        self.fire("cancel_stops_play")
        self.log("effect_cancelled", source=item.source_label, reason=reason)
        if not self.on("no_refund_on_cancel"):
            for what, oid in item.paid:
                o = self.state.objects.get(oid)
                if what == "exhaust" and o is not None:
                    self.set_exhausted(o, False)
        elif item.paid:
            self.fire("no_refund_on_cancel")

    def step_damage(self, st: dict, b: dict) -> bool:
        objs = self.resolve_ref(st["damage"], b)
        if not objs:
            return False
        amounts = {o.oid: self.eval(st.get("amount", 1), {**b, "it": o}) or 0 for o in objs}
        self.deal_damage(b.get("this"), amounts, combat=bool(st.get("combat")),
                         cancellable=st.get("cancellable", True))
        return True

    # -- damage -------------------------------------------------------------------------------------

    def _overlapping_shield(self, eff: Any, key: tuple, amount: int, original: int, covered: dict) -> int:
        """Shields watching "the next X damage" to one object share it instead of adding up:
        this shield covers only what earlier shields of the same mode did not; returns how much
        of `amount` it takes now (its `remaining` is left ready for the caller to subtract that)."""
        cover = min(eff.remaining, original)
        done = covered.get(key, 0)
        covered[key] = max(done, cover)
        eff.remaining -= cover
        share = max(0, min(cover - done, amount))
        if done:
            self.fire("shields_not_cumulative")
        eff.remaining += share
        return share
    def deal_damage(self, source: Any, assigned: dict[int, int], *, combat: bool = False,
                    cancellable: bool = True) -> dict[int, int]:
        """Deal a batch of assigned damage: a game's ``damage_batch`` hook may take it over (defer
        it ...); else the core applies it (``apply_damage``). Returns {oid: damage dealt}."""
        got = self.hooks.damage_batch(self, source, assigned, combat, cancellable)
        if got is not NOT_MINE:
            return got
        return self.apply_damage(source, assigned, combat=combat, cancellable=cancellable)

    def apply_damage(self, source: Any, assigned: dict[int, int], *, combat: bool = False,
                     cancellable: bool = True) -> dict[int, int]:
        """Assign -> (assignment modifiers) -> redirect -> cancel -> apply, as one batch (the core's
        dealing, without asking the ``damage_batch`` hook)."""
        src_label = source.label if isinstance(source, Obj) else None
        amounts: dict[int, int] = {}
        for oid, base in assigned.items():
            obj = self.state.objects.get(oid)
            if obj is None or base <= 0:
                continue
            amounts[oid] = amounts.get(oid, 0) + self.assignment_modifiers(obj, base, source, combat)
            self.log("damage_assigned", card=obj.label, amount=amounts[oid], source=src_label)
        # opt-in: shields on one object watch the same "next X damage" (not cumulative)
        overlap = "shields_not_cumulative" in self.game.registry.mechanics and self.on("shields_not_cumulative")
        original = dict(amounts)
        covered: dict[tuple, int] = {}
        if self.on("damage_redirect"):
            for eff in [e for e in self.state.effects if e.kind == "shield" and e.data.get("mode") == "redirect"]:
                oid = eff.data.get("on")
                if oid in amounts and eff.remaining and eff.data.get("to") in self.state.objects:
                    moved = min(eff.remaining, amounts[oid])
                    if overlap:
                        moved = self._overlapping_shield(eff, ("redirect", oid), amounts[oid], original[oid], covered)
                        if not moved:
                            continue
                    amounts[oid] -= moved
                    eff.remaining -= moved
                    to = eff.data["to"]
                    amounts[to] = amounts.get(to, 0) + moved
                    self.fire("damage_redirect")
                    self.log("damage_redirected", card=self.state.objects[oid].label,
                             to=self.state.objects[to].label, amount=moved)
        original = dict(amounts)
        if cancellable and self.on("damage_cancel"):
            for eff in [e for e in self.state.effects if e.kind == "shield" and e.data.get("mode") == "cancel"]:
                oid = eff.data.get("on")
                if oid in amounts and eff.remaining and amounts[oid]:
                    gone = min(eff.remaining, amounts[oid])
                    if overlap:
                        gone = self._overlapping_shield(eff, ("cancel", oid), amounts[oid], original[oid], covered)
                        if not gone:
                            continue
                    amounts[oid] -= gone
                    eff.remaining -= gone
                    self.fire("damage_cancel")
                    self.log("damage_cancelled", card=self.state.objects[oid].label, amount=gone)
        self.state.effects = [e for e in self.state.effects if not (e.kind == "shield" and e.remaining == 0)]
        evs = [{"type": "damage_applied", "obj": self.state.objects[oid], "amount": n, "source": source,
                "source_label": src_label, "combat": combat}
               for oid, n in amounts.items() if n > 0 and oid in self.state.objects]
        gone = [oid for oid, n in amounts.items() if n <= 0 < original.get(oid, 0) and oid in self.state.objects]
        if gone and self.on("dealt_after_cancellation"):
            self.fire("dealt_after_cancellation")
        elif gone:  # off: fully cancelled damage still counts as dealt (0 applied)
            evs += [{"type": "damage_applied", "obj": self.state.objects[oid], "amount": 0, "source": source,
                     "source_label": src_label, "combat": combat} for oid in gone]
        done = self.emit(evs) if evs else []
        return {e["obj"].oid: e["amount"] for e in done}

    def assignment_modifiers(self, obj: Obj, base: int, source: Any, combat: bool) -> int:
        mods = []
        for o in self.in_play():
            for ab in o.card.abilities:
                if ab.kind == "damage_modifier":
                    mods.append((o, ab))
        total = base
        net = self.on("damage_net_effect")
        for o, ab in mods:
            b = self.bindings_for(o, o.controller, {"it": obj, "base": base if net else total,
                                                    "combat": combat})
            if ab.get("applies_to") and not self.eval(ab.get("applies_to"), b):
                continue
            total += self.eval(ab.get("add", 0), b)
        if len(mods) > 1 and net:
            self.fire("damage_net_effect")
        return max(0, total)

    # -- actions ---------------------------------------------------------------------------------------
    def begin_step(self, index: int, text: str) -> None:
        self.step = Step(index, text)
        self.trace.append(self.step)
        self.action_index = index

    def play(self, player: str, label: str, action: dict) -> ChainItem:
        obj = self.obj(label)
        if obj is None:
            self.fail(f"{label!r} is not in the game")
        if obj.zone != action.get("from", "hand") or obj.owner != player:
            self.fail(f"{player} cannot play {label}: it is in {obj.where}, not in {player}.{action.get('from', 'hand')}")
        reason = self.hooks.can_play(self, player, obj, action)
        if reason:
            self.fail(f"{player} cannot play {label}: {reason}")
        ab = next((a for a in obj.card.abilities if a.kind == "play"), None) or Ability(-1, "play", {})
        return self.announce(player, obj, ab, action, card=True)

    def use(self, player: str, label: str, action: dict) -> ChainItem:
        obj = self.obj(label)
        if obj is None:
            self.fail(f"{label!r} is not in the game")
        handled = self.hooks.use_action(self, player, obj, action)
        if handled is not None:
            return handled
        wanted = action.get("ability")
        abilities = [a for a in obj.card.abilities if a.kind == "action"]
        granted = [a for a in (self.obj_attr(obj, "powers") or []) if a.kind == "action"] if self.is_in_play(obj) else []
        abilities += granted
        if wanted is not None:
            abilities = [a for a in abilities if a.name == wanted or a.index == wanted]
        if not abilities:
            self.fail(f"{label} has no usable action{f' named {wanted!r}' if wanted else ''}")
        ab = abilities[0]
        if obj.controller != player:
            self.fail(f"{player} cannot use {label}: only its controller ({obj.controller}) can")
        if not self.is_in_play(obj) and obj.zone not in (ab.get("functions_in") or ()):
            self.fail(f"{player} cannot use {label}: it is not in play")
        reason = self.hooks.can_use(self, player, obj, ab, action)
        if reason:
            self.fail(f"{player} cannot use {label}: {reason}")
        limit = ab.get("limit")
        if limit:
            per = self.hooks.limit_period(self, limit.get("per", "turn"))
            if self.on("use_limit_per_object"):
                key, store = (ab.index, per), obj.uses
            else:
                key, store = (obj.card.name, ab.index, per), self.state.name_uses
            if store.get(key, 0) >= limit.get("count", 1):
                self.fail(f"{player} cannot use {label}'s {ab.name} again: limit {limit.get('count', 1)} per {limit.get('per', 'turn')}")
            store[key] = store.get(key, 0) + 1
            self.applies("use_limit_per_object")  # counted per object: traced
        if ab in granted and ab.get("targets"):
            if ab.get("_fixed_targets") is not None:
                if action.get("targets"):
                    self.fail(f"{label}'s {ab.name}: its targets were chosen as the power was given")
                action = {**action, "targets": list(ab.get("_fixed_targets"))}
            else:
                self.fire("granted_power_targets_on_use")
        try:
            return self.announce(player, obj, ab, action, card=False)
        except ReplayError:
            if limit:  # an illegal use (bad target, unpaid cost) did not happen: it uses up nothing
                store[key] -= 1
            raise

    def announce(self, player: str, obj: Obj, ab: Ability, action: dict, card: bool) -> ChainItem:
        b = self.bindings_for(obj, player, {"x": action.get("x", 0)})
        # targets are declared first, then costs are paid
        targets: dict[str, list[int]] = {}
        given = list(action.get("targets") or [])
        chosen_all: list[int] = []
        for spec in ab.get("targets") or []:
            n = spec.get("count", 1)
            picks = []
            for _ in range(n):
                if not given:
                    self.fail(f"{obj.label}: missing target {spec['name']!r} ({spec.get('filter', 'any')})",
                              kind="missing_choice")
                label = given.pop(0)
                if spec.get("chain"):
                    item = self._chain_target(label, spec, b)
                    picks.append(item)
                    continue
                tgt = self.obj(label)
                if tgt is None:
                    self.fail(f"{obj.label}: target {label!r} is not in the game")
                if self.on("distinct_targets") and tgt.oid in chosen_all:
                    self.fire("distinct_targets")
                    self.fail(f"{obj.label}: {label} cannot be chosen as two targets of one ability")
                if self.on("target_legal_on_play"):
                    if not self.is_legal_target(spec, tgt, b):
                        self.fire("target_legal_on_play")
                        self.fail(f"{obj.label}: {label} is not a legal target ({spec.get('filter', 'in play')})")
                    self.fire("target_legal_on_play")
                picks.append(tgt)
                chosen_all.append(tgt.oid)
            targets[spec["name"]] = [] if spec.get("chain") else [t.oid for t in picks]
            b[spec["name"]] = picks if n > 1 else picks[0]
        if given:
            self.fail(f"{obj.label}: scripted target(s) never used: {', '.join(map(str, given))}", kind="unused")
        if ab.get("condition") is not None and not self.eval(ab.get("condition"), b):
            self.fail(f"{obj.label}: condition not met ({ab.get('condition')})")
        item = ChainItem(len(self.state.chain) + 1 + self.state.clock, player, obj.oid, obj.label, ab,
                         None, targets, action.get("x", 0), bindings={k: v for k, v in b.items()})
        if action.get("zone"):
            item.bindings["zone"] = action["zone"]
        costs = (self.hooks.play_costs(self, player, obj, action) if card
                 else self.hooks.use_costs(self, player, obj, ab, action)) + list(ab.get("cost") or [])
        for cost in costs:
            if not self.can_do(cost, b):
                self.fail(f"{player} cannot pay the cost of {obj.label}: {dict(cost)}")
        need = sum(self._amount(c["pay"], b) for c in costs if self._verb(c) == "pay")
        if need > (self.player_attr(player, "resources") or 0):
            # all costs are checked before any is paid: nothing is spent on a play that can't be made
            self.fail(f"{player} cannot pay the cost of {obj.label}: {need} resources in all")
        for cost in costs:
            verb = self._verb(cost)
            for o in (self.resolve_ref(cost[verb], b) if verb in ("exhaust", "corrupt") else []):
                item.paid.append((verb, o.oid))
            self.run_step(cost, b)
        # names bound while the costs were paid (a card chosen or noted as it was triggered) are known
        # when the effect resolves
        item.bindings.update({k: v for k, v in b.items() if k not in item.bindings})
        if card:
            new = self.move(obj, "stack", side=player, cause="play")
            item.card_obj = new.oid if new else None
        self.state.chain.append(item)
        self.log("played" if card else "used", player=player, card=obj.label, ability=ab.name,
                 targets=[self.state.objects[t].label for ts in targets.values() for t in ts])
        if card and self.game.played_event_timing == "announce" or (
                card and not self.on("cancel_stops_play")):
            self.emit_played(item)
        if self.passes and self.on("passes_consecutive"):  # ablated: earlier passes still count
            self.fire("passes_consecutive")
            self.passes.clear()
        return item

    def emit_played(self, item: ChainItem) -> None:
        obj = self.state.objects.get(item.card_obj) if item.card_obj else None
        self.emit([{"type": "card_played", "obj": obj, "card": obj, "player": item.controller,
                    "name": item.source_label}])
        item.bindings["_played_emitted"] = True

    def _chain_target(self, label: str, spec: dict, b: dict) -> ChainItem:
        for item in reversed(self.state.chain):
            if item.source_label == label and not item.cancelled:
                cb = {**b, "it": item, "item_card": self.state.objects.get(item.card_obj)}
                if self.eval(spec.get("filter", "true"), cb) or not self.on("target_legal_on_play"):
                    return item
                self.fire("target_legal_on_play")
                self.fail(f"{label} on the chain is not a legal target ({spec.get('filter')})")
        self.fail(f"{label!r} is not on the chain")

    def resolve_chain(self) -> None:
        while self.state.chain:
            if self.on("chain_lifo"):
                item = self.state.chain.pop()
                if self.state.chain:
                    self.fire("chain_lifo")
            else:
                item = self.state.chain.pop(0)
            self.resolve_item(item)
            if self.state.chain:
                self.settle_state()  # state checks happen either way (lethal damage ...)
                if not self.on("triggers_interrupt_chain"):
                    continue  # triggered abilities wait for the end of the chain
                if self.pending:
                    self.fire("triggers_interrupt_chain")
            self.settle()
            if self.state.chain and self.state.chain[-1].window:
                self.state.chain[-1].window = False  # an action window opens before it resolves
                break
        self.passes.clear()

    def resolve_item(self, item: ChainItem) -> None:
        self.hooks.before_resolve(self, item)
        try:
            self._resolve_item(item)
        finally:
            self.hooks.after_resolve(self, item)

    def _resolve_item(self, item: ChainItem) -> None:
        card_obj = self.state.objects.get(item.card_obj) if item.card_obj else None
        if item.cancelled:
            if card_obj is not None:
                self.move(card_obj, "discard", cause="cancelled")
            return
        b = dict(item.bindings)
        b["_resolving"] = True
        src = self.state.objects.get(item.source)
        if src is None:
            if card_obj is None and not self.on("effect_independent_of_source"):
                self.log("effect_cancelled", source=item.source_label, reason="source_left_play")
                return
            if card_obj is None:
                self.fire("effect_independent_of_source")
                b["this"] = b["me"] = _Gone(item.source_label)
        if card_obj is not None:
            b["this"] = b["me"] = card_obj
        if card_obj is not None and not item.bindings.get("_played_emitted"):
            self.emit_played(item)
            self.settle()
        ab = item.ability
        if ab.get("condition") is not None and self.on("condition_recheck"):
            if not self.eval(ab.get("condition"), b):
                self.fire("condition_recheck")
                self.log("effect_cancelled", source=item.source_label, reason="condition_failed")
                if card_obj is not None:
                    self.move(card_obj, "discard", cause="cancelled")
                return
        specs = [s for s in ab.get("targets") or [] if not s.get("chain")]
        if specs and self.on("target_recheck"):
            any_legal = False
            for spec in specs:
                legal = []
                for oid in item.targets.get(spec["name"], []):
                    tgt = self.state.objects.get(oid)
                    if tgt is not None and self.is_legal_target(spec, tgt, b):
                        legal.append(tgt)
                    else:
                        self.log("target_illegal", source=item.source_label,
                                 target=tgt.label if tgt else "(object no longer exists)")
                n = spec.get("count", 1)
                b[spec["name"]] = legal if n > 1 else (legal[0] if legal else _Gone("illegal target"))
                any_legal = any_legal or bool(legal)
            self.fire("target_recheck")
            if not any_legal:
                self.log("effect_cancelled", source=item.source_label, reason="illegal_target")
                if card_obj is not None:
                    self.move(card_obj, "discard", cause="cancelled")
                return
        self.log("resolving", source=item.source_label, ability=ab.name)
        self.run_steps(ab.get("steps") or [], b)
        card_obj = self.state.objects.get(item.card_obj) if item.card_obj else None
        if card_obj is not None:
            self.hooks.resolve_played_card(self, item, card_obj)

    def pass_priority(self, who: str) -> None:
        players = self.state.players if who == "all" else [who]
        for p in players:
            self.passes.add(p)
            self.log("passed", player=p)
        if self.passes >= set(self.state.players):
            self.resolve_chain()

    def expire(self, duration: str) -> None:
        """End of a turn / round / phase / combat: definite effects with that duration end."""
        before = len(self.state.effects)
        keep_triggers = not self.on("triggered_modifier_duration")
        if any(e.kind == "trigger" and e.duration == duration for e in self.state.effects) and not keep_triggers:
            self.fire("triggered_modifier_duration")
        self.state.effects = [e for e in self.state.effects
                              if e.duration != duration or (keep_triggers and e.kind == "trigger")]
        if len(self.state.effects) != before:
            self.touch()
            self.log("effects_expired", duration=duration, count=before - len(self.state.effects))

    # old private names games still call: thin aliases until the game packages use the public ones
    _order_pending = order_triggers
    _announce = announce
    _emit_played = emit_played
    _assignment_modifiers = assignment_modifiers


class _Gone:
    """Stands for an object that no longer exists (a source that left play, an illegal target)."""

    def __init__(self, label: str):
        self.label = label

    def __repr__(self) -> str:
        return f"<gone {self.label}>"


def _valued_keyword(kw: Any) -> bool:
    parts = str(kw).split()
    return len(parts) > 1 and parts[-1].lstrip("+-").isdigit()
