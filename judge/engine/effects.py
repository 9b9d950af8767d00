"""Step verbs that create lasting effects: definite modifiers (modify), triggered / replacement modifiers and damage shields (create), cancelling a chain item (cancel).

Part of the Engine (judge/engine/engine.py composes it); methods use the engine's state via ``self``."""
from __future__ import annotations

from judge.engine import areas, whiles
from judge.engine.context import UnknownName
from judge.engine.cards import Ability
from judge.engine.state import ChainItem, Effect, Obj
from judge.engine.steps import verb


class EffectsMixin:
    @verb("modify")
    def step_modify(self, st: dict, b: dict) -> bool:
        """Create a definite continuous modifier (duration, 'while', locked or not). A modifier on a
        target leaves out what the game's rules keep it from affecting (hook ``may_affect``)."""
        spec = st["modify"]
        if "target" in spec:
            named = self.resolve_ref(spec["target"], b)
            objs = self.affectable("modify", named)
            if not objs:
                return False
            if len(objs) < len(named):
                spec = {**spec, "target": objs}
        data = {k: spec[k] for k in ("modify", "set", "grant", "grant_traits", "while", "applies_to",
                                     "player_modify", "grant_powers") if k in spec}
        zone = spec.get("zone")
        if zone is not None:
            # a modifier that affects a zone ('friendly heroes in that zone get +1 DEF'): it affects the
            # cards its applies_to describes that are in that zone, as they are now (zone_modifier)
            data["applies_to"] = f"({data.get('applies_to', 'true')}) and it.zone == ({zone})"
            data["zone"] = zone
        locked = None
        if any(isinstance(g, dict) for g in data.get("grant") or []):
            # a valued keyword whose value the effect computes ('gains Savage X'): fixed as it is granted
            data["grant"] = [f"{g['keyword']} {self.eval(g.get('value', 1), b)}" if isinstance(g, dict) else g
                             for g in data["grant"]]
        if data.get("grant_powers") and not self.on("granted_power_targets_on_use"):
            data["grant_powers"] = [self._fix_granted_targets(pw, spec, b) for pw in data["grant_powers"]]
        if "player_modify" in spec:
            pass
        elif "affected" in spec:
            # the cards an earlier part of the power affected (rule: flagged cards)
            ref = spec["affected"]
            if self.on("flag_affected_cards") or not (isinstance(ref, dict) and "all" in ref):
                by = ref.get("by") if isinstance(ref, dict) else None
                if by is not None:  # the cards the earlier part bound as `by` acted on, whatever fits `all` now
                    if by not in b:  # a misspelt name would flag nothing, silently
                        raise UnknownName(by, b, self.state.vars)
                    got = b.get(by)
                    locked = frozenset(o.oid for o in (got if isinstance(got, list) else [got]) if isinstance(o, Obj))
                else:
                    locked = frozenset(o.oid for o in self.resolve_ref(ref, b))
                self.fire("flag_affected_cards")
            else:
                data["applies_to"] = ref["all"]
        elif "target" in spec:
            locked = frozenset(o.oid for o in self.resolve_ref(spec["target"], b))
            if not locked:
                return False
        elif spec.get("lock") or not self.on("definite_not_locked") or zone is not None and not self.on("zone_modifier"):
            # the cards it fits now: in play, or in an area its description names (706.4: areas.py)
            locked = frozenset(o.oid for o in areas.reachable(self, data)
                               if self.eval(data.get("applies_to", "false"), {**b, "it": o}))
        duration = spec.get("duration")
        first = b.setdefault("_modifier_duration", duration)  # the power's first continuous part
        if duration != first:
            if self.on("separate_durations"):
                self.fire("separate_durations")
            else:  # off: the power's continuous parts are one modifier with one duration
                duration = first
        src = b.get("this")
        # it keeps the names its power bound (players, X, zones, numbers, its targets and remembered cards)
        # for its 'while' condition, reach and amounts: whiles.py
        kept, cards = whiles.kept(b)
        eff = Effect("modifier", src.oid if isinstance(src, Obj) else -1, getattr(src, "label", "?"), b["you"],
                     self.state.tick(), data, duration, locked, kept)
        if cards:
            eff.started["cards"] = cards  # read as they are now (whiles.live)
        if locked is None and data.get("applies_to") and "applies_to" in spec:
            # the cards a group modifier affects as it is created (traced when that changes)
            # (in play, or in an area its description names: areas.py)
            reach = areas.reachable(self, data)
            eff.started["affected"] = frozenset(o.oid for o in reach if self.eval(data["applies_to"], {**b, "it": o}))
            # and leaves out for good those of them the game's rules keep its source from affecting (hook
            # may_affect, as for a modifier on a target): "semmilyen hatása nem lesz" (Hatalom 8.4.3)
            spared = frozenset(o.oid for o in reach if o.oid in eff.started["affected"]
                               and not self.hooks.may_affect(self, "modify", o))
            if spared:
                eff.started["spared"] = spared
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

    @verb("create")
    def step_create(self, st: dict, b: dict) -> bool:
        """Create a triggered or replacement modifier / damage shield from an ability."""
        spec = dict(st["create"])
        kind = spec.pop("kind")
        src = b.get("this")
        binds = {k: v for k, v in b.items() if not k.startswith("_") and k not in ("event",)}
        ab = Ability(-1, "trigger", spec) if kind == "trigger" else None
        eff = Effect(kind, src.oid if isinstance(src, Obj) else -1, getattr(src, "label", "?"), b["you"],
                     self.state.tick(), spec, spec.get("duration"), None, binds, spec.get("amount"), ab)
        if ab is not None and ab.get("targets"):
            # created_trigger_targets_on_trigger off: its targets are chosen now and kept for each time it triggers
            fresh = self.bindings_for(src if isinstance(src, Obj) else None, b["you"],
                                      {k: v for k, v in binds.items() if k not in ("this", "me")})
            fixed = self.fixed_created_trigger_targets(ab, b["you"], eff.source_label, fresh)
            if fixed is not None:
                eff.data = {**spec, "_fixed_targets": fixed}
        if kind == "shield":
            eff.data = {**spec, "on": self.resolve_ref(spec["on"], b)[0].oid if self.resolve_ref(spec["on"], b) else None}
            if spec.get("to"):
                to = self.resolve_ref(spec["to"], b)
                eff.data["to"] = to[0].oid if to else None
            eff.remaining = self.eval(spec.get("amount", 1), b)
        self.state.effects.append(eff)
        self.log("effect_created", source=eff.source_label, kind=kind)
        return True

    @verb("cancel")
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
