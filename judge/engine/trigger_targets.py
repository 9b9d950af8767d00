"""Targets of triggered abilities: chosen by their controller as they trigger (or as a created triggered
modifier was created), from the legal ones, a target whose additional cost cannot be paid left out, a
target with no legal choice cancelling the effect (trigger_needs_target). Split from triggers.py.

Part of the Engine (judge/engine/engine.py composes it); methods use the engine's state via ``self``."""
from __future__ import annotations

from typing import Any

from judge.engine.context import Gone
from judge.engine.state import Pending, TextReason


class TriggerTargetsMixin:
    def _choose_trigger_targets(self, p: Pending, b: dict) -> dict | None:
        """The triggered ability's targets, chosen by its controller (bound into ``b``): {name: [oid]};
        None when one has no legal choice and the effect is cancelled (trigger_needs_target). A created
        triggered modifier's are chosen now, as it triggers (created_trigger_targets_on_trigger); off,
        they were chosen as it was created (``fixed_created_trigger_targets``) and are taken as they are."""
        specs = p.ability.get("targets") or []
        fixed = p.effect.data.get("_fixed_targets") if p.effect is not None and specs else None
        if specs and p.effect is None and isinstance(p.ability.index, tuple) and p.ability.index[0] == "granted":
            # a triggered power a modifier gave the card: its targets are chosen as it is used, like a
            # given action power's (granted_power_targets_on_use); off, they were fixed as it was given
            given = p.ability.get("_fixed_targets")
            if given is None:
                self.fire("granted_power_targets_on_use")
            else:
                fixed = {spec["name"]: [o.oid] if (o := self.obj(label)) is not None else []
                         for spec, label in zip(specs, given)}
        if fixed is not None:
            targets = {}
            for spec in specs:
                if not fixed.get(spec["name"]) and not self._no_trigger_target(p.source_label):
                    return None  # none was legal as it was created
                objs = [self._target_of(o) for o in fixed.get(spec["name"], [])]
                targets[spec["name"]] = list(fixed.get(spec["name"], []))
                b[spec["name"]] = objs if spec.get("count", 1) > 1 else (objs[0] if objs else None)
            return targets
        if p.effect is not None and specs and self.on("created_trigger_targets_on_trigger"):
            self.fire("created_trigger_targets_on_trigger")  # chosen now, from what is legal as it triggers
        return self._pick_targets(specs, p.controller, p.source_label, b, p=p)

    def fixed_created_trigger_targets(self, ab, controller: str, label: str, b: dict) -> dict | None:
        """The targets of a triggered modifier being created, when created_trigger_targets_on_trigger is
        off: chosen now, from what is legal now, {name: [oid]} ([] for one with no legal choice, which
        counts as such each time it triggers); None when the mechanic is on (chosen as it triggers)."""
        if not ab.get("targets") or self.on("created_trigger_targets_on_trigger"):
            return None
        return self._pick_targets(ab.get("targets"), controller, label, b, cancel=False)

    def _pick_targets(self, specs: list, controller: str, label: str, b: dict, cancel: bool = True,
                      p: Pending | None = None) -> dict | None:
        """Targets picked by ``controller`` from the legal ones (bound into ``b``): {name: [oid]}; None
        when one has no legal choice and the effect is cancelled (``cancel``: trigger_needs_target). For a
        triggered ability ``p``, a target whose additional cost (hook trigger_costs: a target tax) cannot be
        paid is no choice, where the ability's own costs could be paid without it."""
        targets = {}
        taken: list[str] = []  # chosen for an earlier target of this ability (distinct_targets: no choice now)
        for spec in specs:
            legal = self.legal_targets(spec, b)
            if taken and not spec.get("player") and self.on("distinct_targets"):
                again = [o for o in legal if not isinstance(o, str) and o.label in taken]
                legal = [o for o in legal if o not in again]
                if again:
                    self._refuse_taken_target(controller, label, [o.label for o in again])
            if not legal:
                if cancel and not self._no_trigger_target(label):
                    return None
                targets[spec["name"]] = []
                b[spec["name"]] = [] if spec.get("count", 1) > 1 else None
                continue
            n = spec.get("count", 1)
            picks = []
            for _ in range(n):
                # a player target ('target opponent': player: true) is named as the scenario names him
                opts = [o if isinstance(o, str) else o.label for o in legal]
                opts = [o for o in opts if o not in picks]
                # a scripted target that is not among the legal ones is refused by the targeting rule
                self.begin_check()
                ok = self._affordable_targets(p, spec, opts, picks, b) if p is not None else opts
                if not ok:  # none can be paid for: no valid target
                    if picks:
                        break
                    if cancel and not self._no_trigger_target(label):
                        return None
                    break
                # one outside its own target description is refused by its card's text, as a played card's is
                text = lambda v, spec=spec: self.trigger_target_text(p, label, spec, v, b)  # noqa: E731
                if len(ok) == len(opts):
                    picks.append(self.decide(controller, "pick", opts, f"a target for {label}",
                                             refusing="target_legal_on_play", refusing_text=text))
                else:
                    picks.append(self.decide_checked(
                        controller, "pick", opts, f"a target for {label}",
                        lambda v, ok=ok, sofar=list(picks), spec=spec: None if v in ok else self._unaffordable(p, spec, v, sofar, b),
                        fallbacks=ok, refusing="target_legal_on_play", refusing_text=text))
            taken += picks
            # a chosen player is kept by name (players never leave the game), a card by its object id
            refs = [lbl if spec.get("player") else self.obj(lbl).oid for lbl in picks]
            targets[spec["name"]] = refs
            objs = [self._target_of(r) for r in refs]
            b[spec["name"]] = objs if n > 1 else objs[0]
        return targets

    def _refuse_taken_target(self, controller: str, label: str, again: list[str]) -> None:
        """One object is not two targets of one ability (distinct_targets, as for a card played: chain.py):
        a scripted pick of a card already chosen for an earlier target of this triggered ability is refused
        naming that rule -- logged when tried (``{try: X}``), else a bad choice at its line."""
        nxt = self.next_choice(controller)
        if nxt is None or nxt[0] not in again:
            return
        value, tentative = nxt
        self.choices[controller].pop(0)
        self.begin_check()
        self.fire("distinct_targets")
        reason = f"{label}: {value} cannot be chosen as two targets of one ability"
        if not tentative:
            self.fail(reason, kind="bad_choice", rule="distinct_targets")
        self._choice_rejected(controller, value, reason, self.refusing_rules("distinct_targets"), None)

    def _with_picks(self, spec: dict, b: dict, picks: list) -> dict:
        """``b`` with ``picks`` (labels) bound as the targets of ``spec``."""
        objs = [lbl if spec.get("player") else self.obj(lbl) for lbl in picks]
        return {**b, spec["name"]: objs if spec.get("count", 1) > 1 else (objs[0] if objs else None)}

    def _trigger_costs_payable(self, p: Pending, b: dict) -> bool:
        """Could ``p``'s controller pay its own costs and those the game adds for the targets bound in ``b``
        (hook trigger_costs, asked without tracing)?"""
        costs = list(p.ability.get("cost") or []) + list(self.hooks.trigger_costs(self, p, b, True) or [])
        return self.costs_payable(p.controller, costs, b)

    def _affordable_targets(self, p: Pending, spec: dict, opts: list, picks: list, b: dict) -> list:
        """The options whose additional costs (a target tax) ``p``'s controller can pay with its own; all of
        them when the costs cannot be paid whatever he chooses (C-2 then cancels it, trigger_cost_or_cancel)."""
        if not self._trigger_costs_payable(p, self._with_picks(spec, b, picks)):
            return opts
        return [o for o in opts if self._trigger_costs_payable(p, self._with_picks(spec, b, picks + [o]))]

    def _unaffordable(self, p: Pending, spec: dict, value: str, picks: list, b: dict) -> str:
        """The refusal of a target whose additional cost cannot be paid: asked again with tracing, so the
        game's rule that adds the cost is the one refusing it; the card whose effect added it (a target tax)
        is named beside it (hook cost_refused_by)."""
        bb = self._with_picks(spec, b, picks + [value])
        costs = list(p.ability.get("cost") or []) + list(self.hooks.trigger_costs(self, p, bb, False) or [])
        text = self.hooks.cost_refused_by(self, p.controller, self.state.objects.get(p.source),
                                          [c for c in costs if not self.can_do(c, bb)])
        return TextReason(f"cannot pay the additional cost of targeting {value}", text)

    def _target_of(self, ref: int | str) -> Any:
        """A chosen target as a step reads it: a player's name, or the object (Gone once it no longer exists)."""
        return ref if isinstance(ref, str) else (self.state.objects.get(ref) or Gone("target"))

    def _target_label(self, ref: int | str) -> str:
        if isinstance(ref, str):
            return ref
        return self.state.objects[ref].label if ref in self.state.objects else "(object no longer exists)"

    def _no_trigger_target(self, label: str) -> bool:
        """A target of a triggered effect has no legal choice: False when the effect is cancelled
        (trigger_needs_target); off, True: it goes on without it (a step naming it affects nothing)."""
        if self.on("trigger_needs_target"):
            self.fire("trigger_needs_target")
            self.log("effect_cancelled", source=label, reason="no_legal_target")
            return False
        # where the game's rules leave the cancellation out, they decided this
        if self.left_out("trigger_needs_target"):
            self.fire_left_out("trigger_needs_target")
        return True
