"""Characteristics: an object's or player's attributes as continuous modifiers make them (timestamp order, simultaneous modifiers, 'while' conditions; the dependency order is dependency.py's), expressions evaluated against them.

Part of the Engine (judge/engine/engine.py composes it); methods use the engine's state via ``self``."""
from __future__ import annotations

from typing import Any

from judge.engine import areas, current_state, expr, whiles
from judge.engine.cards import MODIFIER_FIELDS, Ability
from judge.engine.context import Ctx, Gone
from judge.engine.dependency import is_number
from judge.engine.hooks import NOT_MINE
from judge.engine.keywords import valued_keyword
from judge.engine.state import SPARED, Obj, effect_key


#: ``CharacteristicsMixin.set_attr``: the characteristics of this state are not worked out
NOT_COMPUTED = object()



#: no last known value recorded (a recorded one may be None)
_UNKNOWN = object()
#: a view entry's key for a stat of a card with ``cannot_reduce``: the stat as its increases alone make it
#: ('her hit points cannot be reduced': effects that subtract them 'will have no effect', the Scion of the
#: Everqueen FAQ -- +2 then -1 is +2, not a net +1), read in place of the stat while the ability functions
UNREDUCED = "unreduced "

class CharacteristicsMixin:
    # -- characteristics -------------------------------------------------------------------
    def obj_attr(self, obj: Obj, name: str, view: dict | None = None) -> Any:
        # _obj_attr's read of the characteristics inlined (~100k reads a round): the same steps
        reading = self._reading
        if view is not None and view is not reading:
            # an expression reads this view (one being worked out): the game's hooks that read other
            # attributes (a type another modifier changes) read it too, never the state's characteristics
            return self.in_view(view, self.obj_attr, obj, name, view)
        mine = None
        if view is None:
            view = reading
        if view is not None:
            mine = view.get(obj.oid)
        elif obj.oid in self.state.objects and (obj.zone in self.game.play_zones or areas.may_reach(self, obj)):
            cached = self._chars
            chars = cached[1] if cached is not None and cached[0] == self.state.version else self.characteristics()
            mine = chars.get(obj.oid)
            if name == "keywords" and self._kw_blank is not None and self._kw_blank[0] is chars:
                self.blank_keywords_read(obj)
        if mine is not None and name in mine:
            value = mine[name]
        else:
            known = self._last_known_value(obj, name)
            if known is not _UNKNOWN:
                return known  # as it last was in play: the game's bonuses are in it already
            value = self._unmodified_attr(obj, name, view)
        if isinstance(value, int):  # cannot be reduced: its increases alone, never below the printed number
            printed = obj.card.stats.get(name)
            if isinstance(printed, int) and name in obj.card.cannot_reduce and self._unreducible(obj, name):
                unreduced = mine.get(UNREDUCED + name) if mine is not None else None
                value = max(printed, value if unreduced is None else unreduced)
        hooks = self.hooks
        return hooks.adjust_attr(self, obj, name, value) if hooks.adjusts else value

    def modified_attr(self, obj: Obj, name: str) -> Any:
        """The attribute as the card and the continuous modifiers make it, before the game's
        ``adjust_attr`` hook and the cannot-be-reduced floor: for a game's own attribute that its
        adjust_attr never changes, read from inside that hook (cheaper than ``obj_attr``, same value)."""
        return self._obj_attr(obj, name)

    def _unreducible(self, obj: Obj, name: str) -> bool:
        """'Its hit points cannot be reduced' (``cannot_reduce: [stat]``, ``name`` among them: the caller
        asks CardDef.cannot_reduce first) functions: the card is in play and its text not blank."""
        return self.is_in_play(obj) and not self.hooks.text_blank(self, obj)

    def _obj_attr(self, obj: Obj, name: str, view: dict | None = None) -> Any:
        if view is None:
            view = self._reading  # read from inside an expression evaluated in a view: that view
        if view is None:
            st = self.state
            if obj.oid in st.objects and (obj.zone in self.game.play_zones or areas.may_reach(self, obj)):
                cached = self._chars  # characteristics() inlined for its cached case: the hottest read of a replay
                chars = cached[1] if cached is not None and cached[0] == st.version else self.characteristics()
                mine = chars.get(obj.oid)
                if mine is not None and name in mine:
                    return mine[name]
        else:
            mine = view.get(obj.oid)
            if mine is not None and name in mine:
                return mine[name]
        return self._unmodified_attr(obj, name, view)

    def _last_known_value(self, obj: Obj, name: str) -> Any:
        """The value an object that has left play last had in play (zones._last_known), or _UNKNOWN: it is in
        play, or that attribute was not recorded."""
        if obj.oid in self.state.objects:
            return _UNKNOWN
        return (obj.memory.get("last_known") or {}).get(name, _UNKNOWN)

    def _unmodified_attr(self, obj: Obj, name: str, view: dict | None) -> Any:
        """An attribute no modifier gives the object: the game's, the card's, or the object's own. An object
        that has left play (a new object stands for the card now) is read as it last was in play."""
        known = self._last_known_value(obj, name)
        if known is not _UNKNOWN:
            return known
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
        if name == "keywords":  # a card outside the view (out of play): its printed ones, unless blank
            if obj.card.keywords and self.game.keywords_in_text_box and self.hooks.text_blank(self, obj):
                return []
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
        if name in self.game.counter_kinds:  # a kind of token the card has none of: 0, not 'no such attribute'
            return 0
        if name == "counters":  # how many counters of every kind ('with one or more counters')
            return sum(obj.counters.values())
        if name == "attached_to":
            return self.state.objects.get(obj.attached_to) if obj.attached_to else None
        if name == "attachments":
            return [o for o in self.state.objects.values() if o.attached_to == obj.oid]
        return obj.memory.get(name)

    def eval(self, text: Any, bindings: dict, view: dict | None = None) -> Any:
        if isinstance(text, (int, float, bool)) or text is None:
            return text
        return expr.evaluate(text, Ctx(self, bindings, view))

    def bindings_for(self, source: Obj | None, controller: str, extra: dict | None = None) -> dict:
        players = self.state.players
        if len(players) == 2:  # State.opponent inlined for two players (every bundled game): asked for every expression
            opponent = players[1] if controller == players[0] else players[0]
        else:
            opponent = self.state.opponent(controller)
        if source is not None:  # (the same keys in the same order as adding this and me after)
            b = {"you": controller, "opponent": opponent, "this": source, "me": source}
        else:
            b = {"you": controller, "opponent": opponent}
        if extra:
            b.update(extra)
        return b

    # continuous modifiers --------------------------------------------------------------
    def _unbarred(self, o: Obj) -> bool:
        """A card outside play whose always-on powers only a game rule keeps from functioning where it is
        (hook powers_barred_by): they function when that rule is switched off. On, its modifiers are
        kept aside (``_barred``) so that the rule is traced only where one would reach a card (_trace_reach)."""
        if not self.hooks.bars_powers or o.zone == "stack":
            return False
        barred = self.hooks.powers_barred_by(self, o)
        if barred is None:
            return False
        if self.on(barred):
            self._barred.extend((barred, self._indefinite(o, ab)) for ab in o.card.continuous if ab.get("applies_to"))
            return False
        return True

    @staticmethod
    def _indefinite(o: Obj, ab) -> dict:
        """The modifier an always-on ability of ``o`` generates while it functions (not on ``SPARED`` cards)."""
        return {"src": o, "controller": o.controller, "ts": o.timestamp, "data": ab.data, "locked": None,
                "indefinite": True, "key": (o.oid, ab.index), "bindings": {}, "spared": o.memory.get(SPARED)}

    def _modifiers(self, objs: list[Obj] | None = None) -> list[dict]:
        """Every continuous modifier in force: indefinite ones from always-on abilities of cards
        in play (text boxes read before any modifier, with ``objs``: blanking.py), and definite ones
        created by resolved abilities."""
        mods = []
        self._barred: list[tuple[str, dict]] = []  # (mechanic, modifier) kept from functioning: _unbarred
        play = self.game.play_zones
        # cards in play, and cards elsewhere with an always-on ability that functions there ('functions_in')
        everywhere = not self.on("powers_function_in_play")  # off: powers function in every area
        sources = [o for o in self._in_play_kept() if o.card.continuous]  # most cards have no always-on ability
        sources += [o for o in self.objects_with("continuous") if o.zone not in play
                    and (any(everywhere or o.zone in (ab.get("functions_in") or ()) for ab in o.card.continuous)
                         or self._unbarred(o))]
        for o in self._text_boxes(sources, objs) if sources else sources:
            anywhere = everywhere or (o.zone not in play and self._unbarred(o))
            for ab in o.card.continuous:
                data = ab.data
                # an always-on ability functions in play, or only in the areas its text names ('While I'm
                # in your discard pile, ...': functions_in), as a triggered one does (triggers.py)
                zones = data.get("functions_in") or play
                if o.zone not in zones and not anywhere:
                    continue
                if any(data.get(k) for k in MODIFIER_FIELDS):
                    mods.append(self._indefinite(o, ab))
        for eff in self.state.effects:
            if eff.kind != "modifier" or "player_modify" in eff.data:
                continue
            src = self.state.objects.get(eff.source)
            if not self.on("definite_independent_of_source") and (src is None or not self.is_in_play(src)):
                continue
            controller, bindings = eff.controller, whiles.live(self, eff)  # its kept cards as they are now
            if src is not None and self.is_in_play(src) and src.controller != controller:
                if self.on("modifier_controller_at_creation"):
                    self.fire("modifier_controller_at_creation")
                else:  # off: the source's current controller, and "you" with it
                    controller = src.controller
                    bindings = {k: v for k, v in bindings.items() if k not in ("you", "opponent")}
            # an effect's key (state.effect_key: its timestamp, and its creation tick if that is shared) is
            # unique and the same in every run, so ties in the timestamp sort below never depend on memory addresses
            if src is None and "this" not in bindings:
                # the source no longer exists (a triggered ability that took effect after its card left
                # play): "this" still names it, as a card that is gone, so "another unit" reads true
                bindings = {**bindings, "this": Gone(eff.source_label), "me": Gone(eff.source_label)}
            mods.append({"src": src, "controller": controller, "ts": eff.timestamp, "data": eff.data,
                         "locked": eff.locked, "indefinite": False, "key": effect_key(eff),
                         "bindings": bindings, "initial": eff.started.get("affected"),
                         "spared": eff.started.get("spared")})
        if len(mods) < 2:  # nothing to order (most computations): on() below has no side effect
            return mods
        order = sorted(mods, key=lambda m: (m["ts"], str(m["key"])))
        if not self.on("continuous_timestamp_order"):
            order.reverse()
        return order

    def set_attr(self, obj: Obj, name: str) -> Any:
        """An attribute that only continuous modifiers give a card (e.g. Warhammer's ``faceup_development``),
        read from the characteristics already worked out for the current state: its value, None when no
        modifier sets it, or NOT_COMPUTED when those characteristics are not worked out (or leave the card
        out): then ask ``modified_attr``. Computes nothing, so it is safe while they are being computed;
        read from inside an expression evaluated in a view (one being worked out), that view's value."""
        reading = self._reading
        if reading is not None:  # inside an expression evaluated in a view (being worked out): that view
            mine = reading.get(obj.oid)
            return mine.get(name) if mine is not None else NOT_COMPUTED
        cached = self._chars  # _current_view inlined: a Warhammer replay asks this at most reads
        mine = cached[1].get(obj.oid) if cached is not None and cached[0] == self.state.version else None
        return mine.get(name) if mine is not None else NOT_COMPUTED

    def _current_view(self) -> dict[int, dict] | None:
        """The characteristics last worked out, if the state has not changed since; else None."""
        cached = self._chars
        return cached[1] if cached and cached[0] == self.state.version else None

    def characteristics(self) -> dict[int, dict]:
        cached, st = self._chars, self.state  # _current_view inlined: asked at every read of a replay
        if cached is not None and (cached[0] == st.version or cached[2] == st.version - st.player_writes):
            self._chars = (st.version, cached[1], cached[2])  # only players' numbers changed, none read
            return cached[1]
        reads = self._player_reads
        view = self._characteristics()
        if self._chars is not None and self._chars[1] is view and self._player_reads == reads:
            self._chars = (st.version, view, st.version - st.player_writes)
        return view

    def _characteristics(self) -> dict[int, dict]:
        objs = self.in_play()
        if not self.on("modifiers_affect_play_only"):  # off: cards in every area are affected
            objs += [o for o in self.state.objects.values() if o.zone not in self.game.play_zones
                     and o.zone != "stack"]
        mods = self._modifiers(objs)
        objs += areas.outside_cards(self, mods)  # those in an area a modifier names (706.4; off: all are in)
        self._provisional = False
        plain = self._plain_view(objs)
        bare = self._blank_keyword_cards(objs, plain)  # blank text boxes: no printed keyword for modifiers to read
        if not mods:
            view = self._without_keywords_of(plain, bare)
            self._kw_blank = (view, bare) if bare else None
            self._trace_reach(mods, objs, view)
            if not self._provisional:
                self._chars = (self.state.version, view, None)
                self._chars_plain = True  # no modifier: no condition read a state variable (vars_changed)
            return view
        mark = (len(self._fired), len(self.step.rules), len(self._first_values))
        ordered, view = self._view_with(mods, objs, bare)
        ordered, view = self._without_blanked(mods, ordered, objs, view, mark, bare)
        view = self._without_printed_keywords(objs, view, bare)
        self._trace_reach(ordered, objs, view)
        self._trace_bare_reach(ordered, objs, view, bare)
        if not self._provisional:
            self._chars = (self.state.version, view, None)
            self._chars_plain = False
        return view

    def _view_with(self, mods: list[dict], objs: list[Obj], bare: dict) -> tuple[list[dict], dict]:
        """(``mods`` in the order they apply, the view they make of the cards' own characteristics, the
        printed keywords of the cards in ``bare`` left out: their text box is blank)."""
        base = self._without_keywords_of({o.oid: {**o.card.stats, "keywords": list(o.card.keywords),
                                                  "traits": list(o.card.traits)} for o in objs}, bare)
        if len(mods) > 1:
            mods = self._simultaneous_order(mods, objs, base)
        if len(mods) > 1 and any(not m["indefinite"] or m["data"].get("applies_to") for m in mods):
            mods = self._dependency_order(mods, objs, base)
        return mods, self._apply_all(mods, objs, base, own_base=True)

    def _plain_view(self, objs: list[Obj]) -> dict[int, dict]:
        """The characteristics with no continuous modifier in force: each card's own, which only the
        objects and their cards decide (a card's text never changes). Such a view is kept and given
        again while the same objects with the same cards are looked at (most recomputations of a
        replay without modifiers follow a change elsewhere: damage, a counter, a resource): a new
        object, one gone, a card replaced or a modifier in force makes a new one. Nothing changes a
        view once made (readers only read it; modifiers apply to a fresh base)."""
        cards = [o.card for o in objs]
        kept = self._plain
        if kept is not None and kept[0] == objs and kept[1] == cards:  # Obj compares by identity
            return kept[2]
        view = {o.oid: {**o.card.stats, "keywords": list(o.card.keywords), "traits": list(o.card.traits)}
                for o in objs}
        self._plain = (objs, cards, view)
        return view

    def _trace_reach(self, mods: list[dict], objs: list[Obj], view: dict) -> None:
        """Record the rules that decided which cards the modifiers reached: a group modifier that
        now affects other cards than when it was created (not locked), and one whose description
        fits a card outside play that it leaves alone (modifiers affect cards in play)."""
        outside = None  # worked out for the first modifier that needs it: most computations have none
        for m in mods:
            if "loop" in m or m["locked"] is not None or not m["data"].get("applies_to"):
                continue
            if outside is None:
                outside = areas.left_out(self)
            if m.get("initial") is not None and {o.oid for o in whiles.reach_of(self, m, objs, view)} != m["initial"]:
                self.fire("definite_not_locked")
                if m["data"].get("zone") is not None:  # a zone's modifier: the cards in the zone now
                    self.fire("zone_modifier")
            if outside and self._mod_targets(m, areas.kept_from(self, m, outside), view, first=True, reach=False):
                self.fire("modifiers_affect_play_only")
        areas.trace(self, mods, view)  # one reached a card outside play in an area it names
        done = set()
        for key, m in self._barred:  # a game rule kept it from functioning: did it matter?
            if key not in done and self._mod_targets(m, objs, view, first=True):
                self.fire(key)
                done.add(key)

    def _simultaneous_order(self, mods: list[dict], objs: list[Obj], base: dict) -> list[dict]:
        """Modifiers with one timestamp started to apply simultaneously: the game orders them. That order
        is their timestamps' (Huntik 711.3), which continuous_timestamp_order off reverses like any other."""
        if not self.on("simultaneous_modifier_order"):
            return mods
        reverse = not self.on("continuous_timestamp_order")  # ``mods`` came reversed: the game sees them in order
        out, i = [], 0
        while i < len(mods):
            j = i
            while j < len(mods) and mods[j]["ts"] == mods[i]["ts"]:
                j += 1
            group = mods[i:j]
            if len(group) > 1:
                ordered = self.hooks.order_simultaneous_modifiers(
                    self, group[::-1] if reverse else group, lambda sub: self._order_matters(sub, objs, base))
                if ordered is not None:
                    ordered = ordered[::-1] if reverse else ordered
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

    def _apply_all(self, mods: list[dict], objs: list[Obj], base: dict, probe: bool = False,
                   own_base: bool = False) -> dict:
        """The view ``mods`` make of ``base``: a copy of it, or ``base`` itself when the caller hands
        it over (``own_base``: the final view, after the probes that each need their own copy). A
        copy shares each card's entry with ``base`` until a modifier changes that card (``private``:
        the cards whose entry is its own): a probe of one modifier changes few cards of many."""
        view, private = (base, None) if own_base else (dict(base), set())
        touched: dict[tuple, bool] = {}  # (oid, stat) -> set by a modifier so far
        bonuses: dict[tuple, Any] = {}  # (oid, stat) -> highest bonus so far (bonuses_cumulative)
        # (oid, stat) -> the value it would have with each modifier floored in turn, for the numbers an
        # always-on modifier took below zero (floor_on_net: floored once, after all modifiers)
        net = {} if self.game.floor_zero and self.game.floor_net and self.on("floor_on_net") else None
        for m in mods:
            if "loop" in m:
                self._apply_loop(m["loop"], objs, view, probe, private, net)
                continue
            done = self._apply_mod(m, objs, view, probe, bonuses, private, net)
            if probe:
                continue
            if m["indefinite"]:
                current_state.reach_seen(self, m, done, view)
            sets = m["data"].get("set") or {}
            if m["data"].get("lose_powers"):  # it empties the keywords and given powers: a set of both
                sets = {**sets, "keyword": None, "power": None}
            for oid, stat, _value in done:
                if (oid, stat) in touched and (stat in sets or touched[(oid, stat)]):
                    # a value set over another modifier's, or changed after a set: the order decided it
                    self.fire("continuous_timestamp_order")
            for oid, stat, _value in done:
                touched[(oid, stat)] = touched.get((oid, stat), False) or stat in sets
        if net:
            self._floor_net(net, view, probe)
        return view

    def _floor_net(self, net: dict, view: dict, probe: bool) -> None:
        """The floor at zero on the net effect of the always-on modifiers (floor_on_net): each number
        one of them took below zero is floored once, now that all have applied."""
        for (oid, stat), stepwise in net.items():
            value = view[oid].get(stat) or 0
            if value < 0:
                view[oid][stat] = value = 0
                self.fire("floor_zero")
            if value != stepwise and not probe:
                self.fire("floor_on_net")  # floored in turn, a later modifier would have raised it from zero

    def _apply_loop(self, loop: list[dict], objs: list[Obj], view: dict, probe: bool,
                    private: set | None = None, net: dict | None = None) -> None:
        """Modifiers that all depend on each other: for each card, start with the earliest one
        that applies to it, then continue through the loop in timestamp order, once each."""
        for o in objs:
            start = next((k for k, m in enumerate(loop) if self._mod_targets(m, [o], view, first=True)), None)
            if start is None:
                continue
            for m in loop[start:] + loop[:start]:
                self._apply_mod(m, [o], view, probe, private=private, net=net)

    def _mod_targets(self, m: dict, objs: list[Obj], view: dict, first: bool = False, reach: bool = True) -> list[Obj]:
        """The cards of ``objs`` that modifier ``m`` applies to in ``view`` (none while its 'while'
        condition is false; one that reads ``it`` is read for each card); with ``first``, at most the
        first of them (all a caller asking whether it reaches any needs)."""
        data = m["data"]
        if m.get("spared"):  # cards the game's rules keep its source from affecting (step_modify, SPARED)
            objs = [o for o in objs if o.oid not in m["spared"]]
        objs = areas.within_reach(self, m, objs) if self._outside and reach else objs  # outside play: areas.py
        b = self.bindings_for(m["src"], m["controller"], m["bindings"])
        if data.get("while") is not None and self.on("while_condition"):
            if whiles.reads_it(data["while"]) or not self.eval(data["while"], b, view):
                return whiles.each(self, m, objs, view, first)  # 'while it ...': card by card; else none
        if m["locked"] is not None:
            return [o for o in objs if o.oid in m["locked"]]
        cond = data.get("applies_to", "it == this")
        if cond is None or isinstance(cond, (int, float, bool)):
            return [o for o in objs if cond]
        # one context whose "it" is rebound for each card: the hottest loop of a characteristics
        # computation (an expression is evaluated at once and keeps no reference to its bindings)
        b["it"] = None
        ctx = Ctx(self, b, view)
        out = []
        same = expr.it_equals(cond)
        if same is not None:
            # 'it == X', X without "it" or a function (the same for every card): read once, at the first card
            target = None
            for k, o in enumerate(objs):
                if k == 0:
                    b["it"] = o
                    target = same(ctx)
                if o == target:
                    out.append(o)
                    if first:
                        break
            return out
        run = expr.compiled(cond)
        for o in objs:
            b["it"] = o
            if run(ctx):
                out.append(o)
                if first:
                    break
        return out

    def _cumulative(self, bonuses: dict | None, key: tuple, d: Any, probe: bool) -> Any:
        """A second bonus (or penalty) to the same characteristic of a card: it adds up
        (bonuses_cumulative, e.g. Star Wars TCG abilities-2, "Effects are cumulative ... two effects
        that each give a unit +10 speed: +20 speed"; two -1 power effects: -2); off, only the
        largest bonus and the largest penalty count, so this one adds only what it exceeds the
        earlier ones of its sign by."""
        if bonuses is None or not is_number(d) or d == 0:
            return d
        sign = 1 if d > 0 else -1
        key = (*key, sign)
        prev = bonuses.get(key)
        bonuses[key] = d if prev is None else sign * max(sign * prev, sign * d)
        if prev is None:
            return d
        if self.on("bonuses_cumulative"):
            if not probe:
                self.fire("bonuses_cumulative")
            return d
        return sign * max(0, sign * (d - prev))

    def _apply_mod(self, m: dict, objs: list[Obj], view: dict, probe: bool = False,
                   bonuses: dict | None = None, private: set | None = None,
                   net: dict | None = None) -> list[tuple[int, str, Any]]:
        """Apply ``m`` to the cards of ``objs`` it reaches in ``view``; ``private``: see ``_apply_all``
        (None: every entry of ``view`` may be changed in place); ``net``: see ``_apply_all`` (None:
        each modifier is floored as it applies)."""
        data = m["data"]
        b = self.bindings_for(m["src"], m["controller"], m["bindings"])
        results = []
        reached = self._mod_targets(m, objs, view)
        if m["indefinite"] and not self.on("indefinite_current_state"):
            reached = current_state.reach_kept(self, m, objs, view)
        for o in reached:
            vals = view[o.oid]
            if private is not None and o.oid not in private:  # copied before its first change
                vals = view[o.oid] = dict(vals, keywords=list(vals["keywords"]), traits=list(vals["traits"]))
                private.add(o.oid)
            it = {**b, "it": o}
            if data.get("lose_powers"):  # at its place in timestamp order: what earlier ones gave is gone,
                # a later one's is added after it (the printed text is the game's text_blank hook)
                vals["keywords"], vals["powers"] = [], []
                results.extend(((o.oid, "keyword", None), (o.oid, "power", None)))
            for stat, delta in (data.get("modify") or {}).items():
                if probe:
                    d = self.eval(delta, it, view)
                elif m["indefinite"] and not self.on("indefinite_current_state"):
                    frozen = self._frozen.setdefault((m["key"], o.oid, stat), self.eval(delta, it, view))
                    d = frozen
                else:
                    d = self.eval(delta, it, view)
                    if m["indefinite"] and isinstance(delta, str) and current_state.value_changed(self, m, o, stat, d):
                        self.fire("indefinite_current_state")
                d = self._cumulative(bonuses, (o.oid, stat), d, probe)
                if stat in o.card.cannot_reduce:
                    vals[UNREDUCED + stat] = vals.get(UNREDUCED + stat, vals.get(stat) or 0) + max(d, 0)
                raw = (vals.get(stat) or 0) + d
                key = (o.oid, stat)
                if net is not None and key in net:  # the number as each modifier floored in turn would leave it
                    net[key] = max(0, net[key] + d)
                if self.game.floor_zero and raw < 0 and stat not in self.game.floor_at_read and self.on("floor_zero"):
                    if net is not None and (m["indefinite"] or self.game.floor_net_all):  # floored once, on the net
                        net.setdefault(key, 0)
                    else:
                        self.fire("floor_zero")
                        raw = 0
                vals[stat] = raw
                results.append((o.oid, stat, vals[stat]))
            for stat, value in (data.get("set") or {}).items():
                vals[stat] = self.eval(value, it, view)
                vals.pop(UNREDUCED + stat, None)  # a set value is where later increases start from
                if net is not None and (o.oid, stat) in net:  # a set value replaces the net so far
                    del net[(o.oid, stat)]
                results.append((o.oid, stat, vals[stat]))
            for kw in data.get("grant") or ():
                # a valued keyword ("savage 1") granted by several modifiers is there once per
                # modifier (games sum the values); a plain keyword is simply present
                if kw not in vals["keywords"] or valued_keyword(kw):
                    vals["keywords"].append(kw)
                results.append((o.oid, "keyword", kw))
            for trait in data.get("grant_traits") or ():  # 'have the X affiliation' (traits, affiliations)
                if trait not in vals["traits"]:
                    vals["traits"].append(trait)
                results.append((o.oid, "trait", trait))
            if data.get("grant_powers") and self.on("granted_powers"):
                if not probe:
                    self.fire("granted_powers")
                granted = [Ability(("granted", str(m["key"]), i), pw.get("kind", "action"), pw)
                           for i, pw in enumerate(data["grant_powers"])]
                vals["powers"] = list(vals.get("powers") or []) + granted
                results.extend((o.oid, "power", ab.name) for ab in granted)
        return results
