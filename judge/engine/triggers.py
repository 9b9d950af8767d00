"""Triggered abilities: matching events against triggers, the pending pool, ordering simultaneous triggers, resolving them; state-based checks.

Part of the Engine (judge/engine/engine.py composes it); methods use the engine's state via ``self``."""
from __future__ import annotations

import re
from typing import Any, Callable

from judge.engine.context import Gone
from judge.engine.state import ChainItem, Obj, Pending
from judge.engine.steps import RESOLVING_POWER
from judge.engine.zones import zone_change_event


class TriggersMixin:
    #: the chain is resolving (chain.resolve_chain): what triggers now goes on with an action window
    _chain_resolving = False

    def _trigger_sources(self, outside: list | None = None, blanked: list | None = None) -> list[tuple]:
        """The triggered powers that function now (``outside`` collects those of cards in an area
        where they do not function, each with the mechanic that keeps them from functioning there: the
        game's own (hook powers_barred_by), else None for powers_function_in_play; ``blanked`` those of
        cards whose text box is blank, each with a rule that blanks it: ``blank_rules``)."""
        out = []
        everywhere = not self.on("powers_function_in_play")  # off: powers function in every area
        play = self.game.play_zones
        # printed triggered powers, and those modifiers give cards (granted_powers): the same rules
        given: dict[int, list] = {}
        for o, ab in self.given_powers("trigger"):
            given.setdefault(o.oid, []).append(ab)
        cards = self.objects_with("trigger")  # most cards have nothing to trigger
        if given:
            cards = cards + [self.state.objects[oid] for oid in given
                             if not self.state.objects[oid].card.triggers]
        printed_only = self.game.blank_is_printed_text  # given powers outlast a blank text box (game.py)
        for o in cards:
            keys = self.blank_rules(o)
            powers = (*o.card.triggers, *given.get(o.oid, ()))
            if keys is not None:
                lost = o.card.triggers if printed_only else powers
                if blanked is not None:
                    blanked.extend((o, ab, key) for ab in lost for key in keys)
                if not printed_only:
                    continue
                powers = given.get(o.oid, ())
            for ab in powers:
                zones = ab.data.get("functions_in") or play
                if o.zone in zones or (everywhere and o.zone != "stack"):
                    out.append((o, ab, None))
                elif outside is not None and o.zone != "stack":
                    barred = self.hooks.powers_barred_by(self, o) if self.hooks.bars_powers else None
                    if barred is not None and not self.on(barred):
                        out.append((o, ab, None))  # the game's rule that bars them here is switched off
                    else:
                        outside.append((o, ab, barred))
        for eff in self.state.effects:
            if eff.kind == "trigger":
                out.append((self.state.objects.get(eff.source), eff.source_ability, eff))
        return out

    def watches(self, kind: str) -> bool:
        """Does a triggered power that functions now (printed, given by a modifier, or created) wait for
        events of ``kind``? (A rule whose only effect is on what such a power would see is traced by it.)"""
        return any((ab.get("on") or {}).get("event") == kind for _o, ab, _eff in self._trigger_sources())

    def _would_trigger_outside(self, outside: list, events: list[dict]) -> set:
        """The mechanics keeping a triggered power of a card outside play (or of a blank text box) from
        matching one of these events (its event and filter): each is a rule that made a difference
        (None: the core's powers_function_in_play, when the game binds it)."""
        keys = set()
        for o, ab, barred in outside:
            key = barred or "powers_function_in_play"
            if key in keys or key not in self._mechanics:
                continue
            spec = ab.get("on") or {}
            etype = spec.get("event")
            for ev in events:
                if not self.event_is(ev, etype):
                    continue
                b = self.bindings_for(o, o.controller, {"event": ev})
                if not spec.get("filter") or self.eval(spec["filter"], b):
                    keys.add(key)
                    break
        return keys

    def _trigger_controller(self, o: Obj, eff) -> tuple[str, dict]:
        """A created triggered modifier whose card has changed controller since: it stays its creator's
        (modifier_controller_at_creation, as for other definite modifiers: characteristics.py); off, the
        card's current controller's, and "you" with him."""
        if self.on("modifier_controller_at_creation"):
            self.fire("modifier_controller_at_creation")
            return eff.controller, eff.bindings
        return o.controller, {k: v for k, v in eff.bindings.items() if k not in ("you", "opponent")}

    def _match_triggers(self, events: list[dict], entering: bool | None = None) -> list[Pending]:
        """The triggered powers these events trigger. A card's move within play (marked ``_within_play``
        by emit) is matched here only by the powers that watch an entering kind (``entering`` True:
        ``enters_play`` or the game's ``entering_kinds``) or only by the others (False): 702.4, each
        reads the state its own trigger event calls for."""
        found = []
        entering_kinds = ("enters_play", *self.game.entering_kinds)
        outside: list | None = [] if ("powers_function_in_play" in self._mechanics or self.hooks.bars_powers) else None
        blanked: list = []
        sources = self._trigger_sources(outside, blanked)
        if outside or blanked:  # a rule kept a power from triggering: only one that matches decided something
            for key in sorted(self._would_trigger_outside((outside or []) + blanked, events)):
                self.fire(key)
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
                if ev.get("_within_play") and entering is not None and (etype in entering_kinds) != entering:
                    continue  # this power reads the move in the other state (emit matches it there)
                if not self.event_is(ev, etype):
                    continue
                ctrl, extra = (eff.controller, eff.bindings) if eff else (o.controller, {})
                if eff and o is not None and o.controller != ctrl and self.is_in_play(o):
                    ctrl, extra = self._trigger_controller(o, eff)
                b = self.bindings_for(o, ctrl, {**extra, "event": ev})
                if spec.get("filter") and not self.eval(spec["filter"], b):
                    continue
                if ab.get("if") is not None:
                    if self.on("trigger_if_condition"):
                        if not self.eval(ab.get("if"), b):
                            self.fire("trigger_if_condition")
                            # logged: the power met its event but not its condition, so it did not
                            # trigger (a replay can tell this from a card whose text does nothing)
                            self.log("trigger_condition_unmet", source=o.label if o else (
                                eff.source_label if eff else "?"), ability=ab.name)
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
                                     # printed: the source may have left play (a look-back); no effect
                                     # changes the one type a game orders by today (a Huntik feature)
                                     source_type=o.card.type if o else None))
                if eff and spec.get("next") and self.on("next_trigger_used_up"):
                    # it triggered its "next" time: used up, removed once this batch is done (events.py)
                    eff.data["_spent"] = True
                    self.fire("next_trigger_used_up")
        return found

    def event_is(self, ev: dict, etype) -> bool:
        """Is this event of the kind a trigger names: its type, a zone change that enters or leaves
        play (``enters_play`` / ``leaves_play``), or a kind the game's rules say it also is (hook
        ``event_kinds``, asked once per event)."""
        if etype == ev["type"]:
            return True
        if etype in ("leaves_play", "enters_play"):
            if etype in ev or ev["type"] != "zone_change" or etype == "enters_play":
                return bool(ev.get(etype))  # set as the zone change is performed
            # leaving play is matched before the event is performed (a trigger looks at the state just
            # before it): from a play zone to one that is not (or, with moving_within_play off, to another)
            play = self.game.play_zones
            return ev["obj"].zone in play and (ev["to"] not in play or (
                self.game.same_object_within_play and not self.on("moving_within_play")))
        kinds = ev.get("_kinds")
        if kinds is None:
            kinds = ev["_kinds"] = tuple(self.hooks.event_kinds(self, ev) or ())
        return etype in kinds

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
        """State checks, then the pending pool, until nothing more happens (or the game has ended: what
        triggered then is not resolved, engine.end_game; or a game rule holds the pool now -- hook
        ``triggers_held`` --: it waits for a later settle)."""
        for _ in range(200):
            changed = self.state_checks()
            if self.game_over:
                self.pending.clear()
                return
            if changed:
                continue
            if not self.pending:
                return
            if self.hooks.triggers_held(self):  # a game rule holds them: a later settle resolves them
                return
            batch, self.pending = self.pending, []
            batch = [p for p in batch if self.hooks.keep_pending(self, p)]
            ordered = self.order_triggers(batch)
            if ordered and self.triggers_use_chain():
                self.put_triggers_on_chain(ordered)
                continue
            while ordered and not self.game_over:  # one of them may end the game: the rest do not resolve
                p, ordered = ordered[0], ordered[1:]
                self.batch_waiting = ordered
                self.resolve_trigger(p)
                ordered = self.pool_joined(ordered)
            self.batch_waiting = []
        self.stop_loop("200 rounds of state checks and triggered abilities")

    #: how many resolve_between_steps are running inside one another (a power whose steps trigger one
    #: whose steps trigger ...): bounded like settle's rounds (GUIDE section 5, 'Bounded replay')
    _between_depth = 0

    def resolve_between_steps(self) -> None:
        """A step of a resolving effect (a chain item's, or a triggered ability's) has been done and
        powers triggered: in a game with ``triggers_resolve_between_steps`` (its mechanic on) they resolve
        now, as settle() resolves them (state checks, the game's order for simultaneous ones), before the
        effect's next step -- or, after its last, before the rest of the effect's resolution (its card
        going to the discard pile) and before the other abilities of the batch it belongs to. Off, or
        another game: they wait until the whole effect has resolved. The effect's own state (the success
        of its last step, its batch's waiting abilities) is kept across; a power's steps that trigger
        again nest, at most 40 deep (then a loop error)."""
        if not self.game.triggers_resolve_between_steps or self._gathering is not None or self.game_over:
            return
        if not any(self.hooks.keep_pending(self, p) for p in self.pending):
            return
        if not self.applies("triggers_resolve_between_steps"):
            return
        self.log("effect_interrupted", by=[p.source_label for p in self.pending])
        self.settle_inside_effect()

    def settle_inside_effect(self) -> None:
        """settle() in the middle of a resolving effect (between its steps, at a sentence break): what it
        resolves does not change the effect's own state -- the success of its last step (read by a `then`)
        and the abilities of its batch still waiting. Effects that trigger one another inside each other's
        steps nest at most 40 deep (then a loop error, as settle() reports one that never ends)."""
        if self._between_depth >= 40:
            self.stop_loop("40 triggered abilities resolving inside one another's steps")
        self._between_depth += 1
        try:
            self._settle_inside_effect()
        finally:
            self._between_depth -= 1

    def _settle_inside_effect(self) -> None:
        last, waiting = self._last_success, self.batch_waiting
        try:
            self.settle()
        finally:
            self._last_success, self.batch_waiting = last, waiting

    def order_triggers(self, batch: list[Pending]) -> list[Pending]:
        if len(batch) == 1:
            return batch
        if not self.on("pending_order_policy"):
            return sorted(batch, key=lambda p: p.timestamp)
        groups = self.hooks.order_pending(self, batch)
        self.fire("pending_order_policy")
        return self.ordered_by_players(groups, None, "triggered abilities", labels=self.trigger_order_labels,
                                       refusing="pending_order_policy")

    def pool_joined(self, waiting: list[Pending]) -> list[Pending]:
        """Games with ``pending_pool_reordered``: the abilities that triggered while one of a batch took
        effect join those of the batch still ``waiting`` (one pool), and the order policy is applied to
        the whole pool again: a player whose group gains abilities orders it again, the other groups
        keep the order already chosen. Off, or another game: they wait until the whole batch has taken
        effect, then are ordered among themselves (the next round of ``settle``)."""
        if not waiting or not self.pending or not self.game.pending_pool_reordered:
            return waiting
        if not self.on("pending_pool_reordered"):
            return waiting
        joined = [p for p in self.pending if self.hooks.keep_pending(self, p)]
        self.pending = []
        pool = waiting + joined
        if not self.on("pending_order_policy"):
            return sorted(pool, key=lambda p: p.timestamp)
        groups = self.hooks.order_pending(self, pool)
        before = {id(p): i for i, p in enumerate(waiting)}
        out = []
        for player, items in groups:
            if all(id(p) in before for p in items):  # nothing joined this group: the order already chosen
                out.extend(sorted(items, key=lambda p: before[id(p)]))
            else:
                out.extend(self.ordered_by_players([(player, items)], None, "triggered abilities",
                                                   labels=self.trigger_order_labels, refusing="pending_order_policy"))
        if [id(p) for p in out] != [id(p) for p in pool]:  # traced where the pool's order is not the batch's
            self.fire("pending_pool_reordered")
            self.fire("pending_order_policy")
        return out

    def ordered_by_players(self, groups: list[tuple[str, list]], label: Callable[[Any], str] | None, what: str,
                           labels: Callable[[list], list[str]] | None = None, refusing: str | None = None) -> list:
        """Simultaneous things in resolution order: ``groups`` [(player, items)] one after another, each
        player ordering his own items as he chooses, by their ``label`` (or the names ``labels`` gives a
        group). Items that share a name are instances of one thing, whose order among themselves makes no
        difference: an order list names each as often as it waits, and they keep their order; a player
        whose items all share one name is not asked. ``refusing``: the mechanic of the game's order policy
        (who orders what): an order naming another player's item is refused by it, naming its rule."""
        out = []
        for player, items in groups:
            names = labels(items) if labels is not None else [label(i) for i in items]
            if len(set(names)) <= 1:
                out.extend(items)
                continue
            others = [n for p, its in groups if p != player
                      for n in (labels(its) if labels is not None else [label(i) for i in its])]
            order = self.decide(player, "order", names, f"the order of simultaneous {what}", refusing=refusing,
                                left_out=others)
            slots: dict[str, list[int]] = {}
            for i, name in enumerate(order):
                slots.setdefault(name, []).append(i)
            # each item takes the next place its name has in the order (instances keep theirs)
            placed = [(slots[name].pop(0), n) for n, name in enumerate(names)]
            out.extend(items[n] for _, n in sorted(placed))
        return out

    def trigger_order_labels(self, items: list[Pending]) -> list[str]:
        """How a player names his simultaneous triggered abilities in an order: by their card's label.
        Several different powers of one card waiting together -- two printed ones, or a printed one and a
        triggered modifier the card's effect created ('At the start of the combat phase this turn, ...')
        -- are each one of his simultaneous powers, named ``Card (power)``: the power's name in the card's
        text (``ability N`` for an unnamed one), ``created`` for a triggered modifier (numbered when the
        card created several different ones). Instances of one power (it triggered twice) share a name."""
        def power(p: Pending) -> tuple:
            if p.effect is not None:  # a created one: the same modifier, or one created alike, is one power
                return ("created", p.effect.source_label, repr(sorted(
                    (k, v) for k, v in p.ability.data.items() if not k.startswith("_"))))
            # (a rule-made power has no place among the printed ones: its name tells it apart)
            return ("printed", p.source, p.ability.index, p.ability.name)

        powers: dict[str, list[tuple]] = {}
        for p in items:
            kinds = powers.setdefault(p.source_label, [])
            if power(p) not in kinds:
                kinds.append(power(p))
        names = []
        for p in items:
            kinds = powers[p.source_label]
            if len(kinds) == 1:
                names.append(p.source_label)
                continue
            if p.effect is None:
                names.append(f"{p.source_label} ({p.ability.name})")
                continue
            created = [k for k in kinds if k[0] == "created"]
            name = p.ability.get("name") or "created"
            if not p.ability.get("name") and len(created) > 1:
                name = f"created {created.index(power(p)) + 1}"
            names.append(f"{p.source_label} ({name})")
        return names

    def resolve_trigger(self, p: Pending, chosen: dict | None = None) -> None:
        self.hooks.before_resolve(self, p)
        try:
            self._resolve_trigger(p, chosen)
        finally:
            self.hooks.after_resolve(self, p)

    def triggers_use_chain(self) -> bool:
        """Do triggered abilities go on the chain (a game with ``triggers_on_chain`` and the mechanic
        on)? Traced where it makes a difference: a card played or a power used in response to one
        (ChainMixin.announce); one that simply resolves when the players pass reads the same off."""
        return self.game.triggers_on_chain and self.on("triggers_on_chain")

    def triggers_before_chain(self) -> bool:
        """Do the triggered abilities waiting now resolve although something waits on the chain (a game
        with ``triggers_resolve_before_chain``: they triggered as a card was played or a power used)?
        Traced where one waits: off, it would wait for the chain to resolve."""
        return bool(self.pending) and self.game.triggers_resolve_before_chain \
            and self.applies("triggers_resolve_before_chain")

    def put_triggers_on_chain(self, ordered: list[Pending]) -> None:
        """Simultaneous triggered abilities go on the chain (triggers_on_chain) so that they resolve in
        ``ordered``'s order, last in first out: the first to resolve goes on last. Each one's targets are
        chosen as it goes on (in resolution order, as the abilities are announced); one with no legal
        target is cancelled there (trigger_needs_target)."""
        items = []
        for p in ordered:
            b = self.trigger_bindings(p)
            targets = self._choose_trigger_targets(p, b)
            if targets is None:
                continue
            items.append(ChainItem(len(self.state.chain) + len(items) + 1 + self.state.clock, p.controller,
                                   p.source, p.source_label, p.ability, None, targets,
                                   trigger_event=p.event, pending=p))
        if items and self._chain_resolving:
            # triggered while the chain resolves (by what just resolved): the chain stops before it, and
            # the players may respond to it as to one triggered by a game action
            items[0].window = True
        for item in reversed(items):
            self.state.chain.append(item)
            self.log("trigger_on_chain", source=item.source_label, ability=item.ability.name,
                     # a target chosen earlier (as its triggered modifier was created) may be gone by now
                     targets=[self._target_label(t) for ts in item.targets.values() for t in ts])
        if items:
            self.passes.clear()  # something new on the chain: the players pass again

    def trigger_bindings(self, p: Pending) -> dict:
        """The names a waiting triggered ability takes effect with: its card's, the trigger's own (event,
        that), and for a created triggered modifier those it was created with."""
        src = self.state.objects.get(p.source)
        # a triggered modifier keeps the names bound when it was created (its targets ...)
        created = {k: v for k, v in (p.effect.bindings if p.effect else {}).items() if k not in ("this", "me")}
        b = self.bindings_for(src, p.controller, {**created, **p.bindings, "_power": p.ability.kind})
        if src is None:
            b["this"] = b["me"] = Gone(p.source_label)
        return b

    def _resolve_trigger(self, p: Pending, chosen: dict | None = None) -> None:
        """Resolve a triggered ability: as it triggers (its targets chosen now), or from the chain with
        the targets ``chosen`` as it went on (re-checked: target_recheck)."""
        b = self.trigger_bindings(p)
        ab = p.ability
        self.log("triggered", source=p.source_label, ability=ab.name)
        # its 'if' is a conditional requirement, looked at again as it resolves where the game's rules say
        # conditions are re-checked (Warhammer: 'When a card effect is resolved, conditional requirements ...
        # must be checked a second time'; a Forced effect is a card effect). Only a game that binds the rule:
        # elsewhere an ability that triggered takes effect as it triggered (Star Wars triggered-abilities-3)
        # (trigger_if_condition off, its 'if' is ignored altogether)
        if ab.get("if") is not None and "condition_recheck" in self._mechanics and self.on("condition_recheck") \
                and self.on("trigger_if_condition") and not self.eval(ab.get("if"), b):
            self.fire("condition_recheck")
            self.log("effect_cancelled", source=p.source_label, reason="condition_failed")
            return
        if ab.get("optional"):
            # a player who cannot pay its costs cannot attempt to trigger it (costs_paid_in_full): "yes" is no
            # option, nothing is asked (off: asked, and a "yes" left unpaid is cancelled as it resolves)
            if self.on("costs_paid_in_full") and not self._trigger_costs_payable(p, b):
                self.fire("costs_paid_in_full")
                self.log("may_not_possible", player=p.controller, source=p.source_label)
                return
            if not self._optional_doable(p, b):
                return
            if not self.decide(p.controller, "yesno", ["yes", "no"], f"whether to use {p.source_label}'s {ab.name}"):
                return
        if chosen is None and p.effect is not None and p.effect.data.get("_fixed_targets") is not None:
            # chosen as the modifier was created (created_trigger_targets_on_trigger off): re-checked below
            chosen = self._choose_trigger_targets(p, b)
            if chosen is None:
                return
        if chosen is None:
            if self._choose_trigger_targets(p, b) is None:
                return
        else:
            for spec in ab.get("targets") or []:  # as chosen; re-checked below (a target gone: Gone)
                objs = [self._target_of(o) for o in chosen.get(spec["name"], [])]
                b[spec["name"]] = objs if spec.get("count", 1) > 1 else (objs[0] if objs else None)
            # a target it went on without (trigger_needs_target off) has nothing to re-check
            if not self.recheck_targets(p.source_label, [s for s in ab.get("targets") or [] if chosen.get(s["name"])],
                                        chosen, b):
                return
        # its own costs, and those the game adds for the targets chosen (a target tax): C-2 of Warhammer
        costs = list(ab.get("cost") or []) + list(self.hooks.trigger_costs(self, p, b, False) or [])
        if costs and not self._pay_trigger_cost(p, costs, b):
            return
        if not self.done_in_full_or_not_at_all(p.source_label, ab.get("steps") or [], b):
            return
        b[RESOLVING_POWER] = True  # its steps are those of a resolving effect (resolve_between_steps)
        self.run_steps(ab.get("steps") or [], b)
        self.log("resolved", source=p.source_label, ability=ab.name)

    def _optional_doable(self, p: Pending, b: dict) -> bool:
        """'You may X': a triggered ability its controller cannot do in full is not offered
        (may_needs_full; off, it is, and he does what he can). Its targets are chosen after the
        question: a step naming one is judged as it resolves, not here."""
        targets = {t["name"] for t in p.ability.get("targets") or [] if t.get("name")}
        steps = [st for st in p.ability.get("steps") or []
                 if not any(re.search(rf"\b{re.escape(n)}\b", repr(st)) for n in targets)]
        if self.can_do_all(steps, b) or not self.on("may_needs_full"):
            return True
        self.fire("may_needs_full")
        self.log("may_not_possible", player=p.controller, source=p.source_label)
        return False

    def _pay_trigger_cost(self, p: Pending, costs: list, b: dict) -> bool:
        """A triggered ability's cost ('Forced: ... pay 1 resource to deal 1 damage'), paid as it
        resolves: cancelled when it cannot be paid in full (trigger_cost_or_cancel; off: what can be
        paid is paid and the effect applies). Then the game's ``costs_paid`` hook runs."""
        if self.on("trigger_cost_or_cancel"):
            if not self.costs_payable(p.controller, costs, b):
                self.fire("trigger_cost_or_cancel")  # traced only where it decides: a cost paid in full reads the same off
                self.log("effect_cancelled", source=p.source_label, reason="cost_unpaid")
                return False
            for c in costs:
                self.run_step(c, b)
        else:
            for c in costs:
                if self.can_do(c, b):
                    self.run_step(c, b)
        self.hooks.costs_paid(self, p)
        return True

    def state_checks(self) -> bool:
        """The state checks: lethal damage, attachments whose host left play, then the game's own.
        Not run again when nothing has happened since they last found nothing to do, in the same
        trace step (so its rules read the same): whatever they look at changes only through
        ``touch()`` or an event, the invariant the cached characteristics rest on too. A replay asks
        for them after every step and event, and about half the asks come after nothing happened.
        ``recheck_settled`` (tests) runs them anyway and fails if such a skip would have missed a change."""
        key = self._settled_key()
        if key == self._settled:
            if self.recheck_settled and self._run_state_checks():
                raise AssertionError("state checks changed the game with nothing touched since they last ran")
            return False
        changed = self._run_state_checks()
        self._settled = None if changed else self._settled_key()
        return changed

    def _settled_key(self) -> tuple:
        st = self.state
        return st.version, st.clock, len(self.events), len(st.effects), len(st.chain), len(self.trace)

    def _run_state_checks(self) -> bool:
        changed = False
        if self.on("lethal_damage_check"):
            # the type as effects and the game make it (a card an effect makes a unit dies of lethal damage,
            # one it makes a development does not): obj_attr, since a game's adjust_attr may set the type
            kinds = self.game.damageable_types
            doomed = [o for o in self._in_play_kept() if self.obj_attr(o, "type") in kinds
                      and (hp := self.obj_attr(o, "hp")) is not None and o.damage >= hp]
            if doomed:
                self.fire("lethal_damage_check")
                verb = next(iter(self.game.leave_verbs))
                zone, cause = self.game.leave_verbs[verb]
                self.emit([zone_change_event(o, zone, cause=cause) for o in doomed])
                changed = True
        for o in list(self.state.objects.values()):  # attachments whose host left play
            if (o.attached_to and (o.attached_to not in self.state.objects) and o.zone in self.game.play_zones
                    and self.on("attachment_leaves_with_host")):
                self.fire("attachment_leaves_with_host")
                o.attached_to = None
                self.move(o, self.game.discard_zone, cause="host_left")
                changed = True
        changed = self.hooks.state_checks(self) or changed
        return changed
