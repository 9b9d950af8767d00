"""Damage: assignment modifiers, redirection and cancellation shields, application as one batch of events.

Part of the Engine (judge/engine/engine.py composes it); methods use the engine's state via ``self``."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

from judge.engine.context import Gone
from judge.engine.hooks import NOT_MINE
from judge.engine.state import Obj
from judge.engine.steps import verb


class DamageMixin:
    @verb("damage")
    def step_damage(self, st: dict, b: dict) -> bool:
        objs = self.resolve_ref(st["damage"], b)
        if not objs:
            return False
        amounts = {o.oid: self.eval(st.get("amount", 1), {**b, "it": o}) or 0 for o in objs}
        dealt = self.deal_damage(b.get("this"), amounts, combat=bool(st.get("combat")),
                                 cancellable=st.get("cancellable", True))
        # it succeeded (for a 'then') when it dealt damage to one card at least: an amount of 0, or damage
        # all cancelled (with dealt_after_cancellation on), deals none. Off, fully cancelled damage counts as
        # dealt (0 applied): apply_damage then reports those cards with 0
        return any(n > 0 for n in dealt.values()) or bool(dealt) and not self.on("dealt_after_cancellation")

    # -- damage -------------------------------------------------------------------------------------

    @contextmanager
    def damage_together(self) -> Iterator[None]:
        """The damage dealt inside is applied as one batch of simultaneous events when the block ends
        (one effect dealing damage from several sources at once: 'each unit takes 1 damage', each unit
        the source of its own). Each batch is still assigned, redirected and cancelled as it is dealt."""
        if self._damage_held is not None:  # inside another such block: its batch takes this damage too
            yield
            return
        self._damage_held = held = []
        try:
            yield
        finally:  # an error inside applies nothing
            self._damage_held = None
        if held:
            self.emit(held)

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
                    cancellable: bool = True, modified: bool = False) -> dict[int, int]:
        """Deal a batch of assigned damage: a game's ``damage_batch`` hook may take it over (defer
        it ...); else the core applies it (``apply_damage``). Returns {oid: damage dealt}.
        ``modified``: the amounts already carry the assignment modifiers (a game that assigns damage some
        time before applying it worked them out as it was assigned): they are not applied again."""
        if not modified:  # (a batch already assigned is being applied: no hook defers it again)
            got = self.hooks.damage_batch(self, source, assigned, combat, cancellable)
            if got is not NOT_MINE:
                return got
        return self.apply_damage(source, assigned, combat=combat, cancellable=cancellable, modified=modified)

    def apply_damage(self, source: Any, assigned: dict[int, int], *, combat: bool = False,
                     cancellable: bool = True, modified: bool = False) -> dict[int, int]:
        """Assign -> (assignment modifiers) -> redirect -> cancel -> apply, as one batch (the core's
        dealing, without asking the ``damage_batch`` hook). ``modified``: see ``deal_damage`` (the game
        logged ``damage_assigned`` when it assigned the damage)."""
        # a source that has left play (Gone) is still named by its last label (the log, "dealt by")
        src_label = source.label if isinstance(source, (Obj, Gone)) else None
        amounts: dict[int, int] = {}
        for oid, base in assigned.items():
            obj = self.state.objects.get(oid)
            if obj is None or base <= 0:
                continue
            if modified:
                amounts[oid] = amounts.get(oid, 0) + base
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
        # an event carries whether its damage may be cancelled: a game's own cancelling (a replacement
        # of the damage being applied, e.g. War Hydra's tokens) must not cancel uncancellable damage
        evs = [{"type": "damage_applied", "obj": self.state.objects[oid], "amount": n, "source": source,
                "source_label": src_label, "combat": combat, "cancellable": cancellable}
               for oid, n in amounts.items() if n > 0 and oid in self.state.objects]
        gone = [oid for oid, n in amounts.items() if n <= 0 < original.get(oid, 0) and oid in self.state.objects]
        if gone and self.on("dealt_after_cancellation"):
            self.fire("dealt_after_cancellation")
        elif gone:  # off: fully cancelled damage still counts as dealt (0 applied)
            evs += [{"type": "damage_applied", "obj": self.state.objects[oid], "amount": 0, "source": source,
                     "source_label": src_label, "combat": combat} for oid in gone]
        if self._damage_held is not None:  # inside damage_together: applied with the rest of the batch
            self._damage_held.extend(evs)
            return {e["obj"].oid: e["amount"] for e in evs}
        if not evs:
            return {}
        # what this batch applied: its events as performed, and the events a replacement made of them
        # (a cancellation's or redirection's copy of the event, emitted in its place, keeps the tag)
        tag = self._damage_tag = self._damage_tag + 1
        self._damage_sinks[tag] = sink = []
        for e in evs:
            e["_batch"] = tag
        try:
            self.emit(evs)
        finally:
            del self._damage_sinks[tag]
        out: dict[int, int] = {}
        for e in sink:
            out[e["obj"].oid] = out.get(e["obj"].oid, 0) + e["amount"]
        return out

    def assignment_modifiers(self, obj: Obj, base: int, source: Any, combat: bool) -> int:
        mods, blanked = [], []
        for o in self.in_play():
            dmods = [ab for ab in o.card.abilities if ab.kind == "damage_modifier"]
            if dmods:
                keys = self.blank_rules(o)  # a blank text box modifies no damage
                if keys is None:
                    mods.extend((o, ab) for ab in dmods)
                else:
                    blanked.extend((o, ab, keys) for ab in dmods)
        for o, ab, keys in blanked:  # its rules decided something where a modifier would have applied
            b = self.bindings_for(o, o.controller, {"it": obj, "base": base, "combat": combat})
            if not ab.get("applies_to") or self.eval(ab.get("applies_to"), b):
                for key in keys:
                    self.fire(key)
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
