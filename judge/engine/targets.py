"""Targets and references: legal targets of a target description, and what a step's REF names.

Part of the Engine (judge/engine/engine.py composes it); methods use the engine's state via ``self``."""
from __future__ import annotations

from typing import Any

from judge.engine.context import Gone
from judge.engine.expr import calls_in
from judge.engine.state import Obj


#: the restrictions on being targeted that any card may carry, printed or granted (`grant: [..]`): no effect may
#: target it; no effect of a player other than its controller may ('Opponents cannot target this unit', Huntik's
#: 'I can't be targeted by enemy powers')
UNTARGETABLE = "cannot be targeted"
UNTARGETABLE_BY_OPPONENTS = "cannot be targeted by opponents"


class TargetsMixin:
    # -- targets --------------------------------------------------------------------------------
    def target_restriction(self, obj: Obj, b: dict, spec: dict | None = None) -> str | None:
        """The restriction ``obj`` carries (UNTARGETABLE ...) that keeps the effect of these bindings from
        targeting it, if any."""
        kws = self.obj_attr(obj, "keywords") or ()
        kw = UNTARGETABLE if UNTARGETABLE in kws else UNTARGETABLE_BY_OPPONENTS if (
            UNTARGETABLE_BY_OPPONENTS in kws and b.get("you") != self.obj_attr(obj, "controller")) else None
        # what the game's rules say is no targeting (a Hatalom level-up played on its host) it does not keep off
        return kw if kw is not None and self.hooks.is_targeting(self, spec or {}, b) else None

    def refused_target_text(self, spec: dict, tgt, b: dict, own: str | None) -> str | None:
        """The card a target that is not a legal one is refused by (refused_by_text), for a card played, an
        Action used and a triggered ability alike: ``own``, the card whose text the ability is, where its own
        target description (``spec``'s filter) is what the target fails; else, for a card a game rule keeps
        from being targeted, the card whose effect made it so (hook target_barred_by); else none."""
        if spec.get("filter"):
            fired = len(self._fired)
            if not self.eval(spec["filter"], {**b, "it": tgt}):
                # only the card's own words are its text: not a card with no text at all (what it may target
                # is a rule's alone), nor where a function of the game's that states a rule (rule_functions)
                # is in the filter and a bound mechanic fired as it was evaluated (that rule refused)
                this = b.get("this")
                textless = (getattr(this, "card", None) is not None and own == self.pool.full_name(this.card)
                            and not (this.card.text or "").strip())
                by_rule = len(self._fired) > fired and not calls_in(spec["filter"]).isdisjoint(self.game.rule_functions)
                return None if textless or by_rule else own
        return None if spec.get("player") else self.target_barred_by(spec, tgt, b)

    def can_be_targeted(self, spec: dict, obj: Obj, b: dict) -> bool:
        """No restriction the card carries, and no rule of the game (hook can_target), keeps it from being
        a target of this effect."""
        return self.target_restriction(obj, b, spec) is None and self.hooks.can_target(self, spec, obj, b)

    def target_barred_by(self, spec: dict, obj: Obj, b: dict) -> str | None:
        """The card whose text keeps ``obj`` from being this effect's target: the card that carries or gave it
        its restriction, else the one a game rule names (hook target_barred_by)."""
        kw = self.target_restriction(obj, b, spec)
        return self.text_granting(obj, kw) if kw else self.hooks.target_barred_by(self, spec, obj, b)

    def legal_targets(self, spec: dict, b: dict) -> list[Obj] | list[str]:
        if spec.get("chain"):
            return []
        if spec.get("player"):  # 'target player': the players meeting the description (no game's can_target)
            if not self.on("target_legal_on_play") and not b.get("_resolving"):
                return list(self.state.players)
            return [p for p in self.state.players if self.eval(spec.get("filter", "true"), {**b, "it": p})]
        pool = self.in_play() if not spec.get("zones") else [
            o for o in self.state.objects.values() if o.zone in spec["zones"]]
        flt = spec.get("filter", "true")
        if not self.on("target_legal_on_play") and not b.get("_resolving"):
            return pool
        return [o for o in pool if self.eval(flt, {**b, "it": o}) and self.can_be_targeted(spec, o, b)]

    def is_legal_target(self, spec: dict, obj: Obj | str | None, b: dict) -> bool:
        if spec.get("player"):
            return obj in self.state.players and bool(self.eval(spec.get("filter", "true"), {**b, "it": obj}))
        if obj is None or obj.oid not in self.state.objects:
            return False
        zones = spec.get("zones") or self.game.play_zones
        if obj.zone not in zones:
            return False
        return bool(self.eval(spec.get("filter", "true"), {**b, "it": obj})) and self.can_be_targeted(spec, obj, b)

    # -- steps ------------------------------------------------------------------------------------
    def resolve_ref(self, ref: Any, b: dict) -> list[Obj]:
        """A step's object reference: a bound name, 'this', a label, or {all: filter}."""
        if self._gathering:  # events gathered to replace some of a batch: the cards they take are gone
            return self.untaken(self._resolve_ref(ref, b))
        return self._resolve_ref(ref, b)

    def _resolve_ref(self, ref: Any, b: dict) -> list[Obj]:
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
        if isinstance(v, Gone):
            return []
        if isinstance(v, list):
            # each name as a reference of its own: a bound name (a target) or a label, and a name that names
            # nothing is an error, as alone -- 'stun target hero and target hero' is one step on both,
            # [first, second], their events one batch
            return [o for x in v for o in (self._resolve_ref(x, b) if isinstance(x, str) else
                                           [self.obj(x)] if self.obj(x) is not None else [])]
        o = self.obj(v) if isinstance(v, Obj) else None
        return [o] if o is not None else []
