"""Replacement effects: 'would ... instead' abilities and modifiers applied to a batch of events (order chosen by the affected player, each at most once).

Part of the Engine (judge/engine/engine.py composes it); methods use the engine's state via ``self``."""
from __future__ import annotations


from judge.engine.state import Obj


class ReplacementMixin:
    def _replacement_candidates(self, blanked: list | None = None) -> list[tuple]:
        """Every replacement that may apply now; ``blanked`` collects (rules, candidate) for those of a
        blank text box (``blank_rules``): its rules are recorded where one would have replaced an event."""
        out = []

        def add(o: Obj, abilities, given: bool = False) -> None:
            cands = [(("a", o.oid, ab.index), o, o.controller, ab.data, o.timestamp, {}) for ab in abilities]
            # a power a modifier gave the card outlasts a blank text box where the game says so (game.py)
            keys = None if given and self.game.blank_is_printed_text else self.blank_rules(o)
            if keys is None:
                out.extend(cands)
            elif keys and blanked is not None:
                blanked.extend((keys, cand) for cand in cands)
        # printed ones, where they function: in play, or the areas a power names (Huntik 700.2 'Such powers
        # specify what areas they function in'; as triggered powers, triggers.py _trigger_sources); with
        # powers_function_in_play off, in every area
        everywhere = "powers_function_in_play" in self._mechanics and not self.on("powers_function_in_play")
        play = self.game.play_zones
        for o in self.objects_with("replacement"):  # most cards: nothing to replace with
            works = [ab for ab in o.card.replacements
                     if o.zone in (ab.data.get("functions_in") or play) or (everywhere and o.zone != "stack")]
            if works:
                add(o, works)
        # replacement powers modifiers give cards in play (granted_powers): as printed ones
        for o, ab in self.given_powers("replacement"):
            if self.is_in_play(o):
                add(o, [ab], given=True)
        for eff in self.state.effects:
            if eff.kind == "replacement":
                out.append((("e", eff.timestamp), self.state.objects.get(eff.source), eff.controller, eff.data,
                            eff.timestamp, eff.bindings))
        return out

    def _matches(self, cand: tuple, ev: dict) -> dict | None:
        """The bindings of replacement ``cand`` when its event and filter fit ``ev``, else None."""
        key, src, ctrl, data, ts, binds = cand
        rep = data.get("replaces") or {}
        if rep.get("event") != ev["type"]:
            return None
        if ev["type"] == "zone_change" and "leaves_play" not in ev and rep.get("filter"):
            # a filter reading event.leaves_play before the change is performed sees what event_is sees (as
            # a trigger's does, events.emit), not a missing field read as false (blind round 48)
            ev = {**ev, "leaves_play": self.event_is(ev, "leaves_play")}
        b = self.bindings_for(src, ctrl, {**binds, "event": ev})
        if rep.get("filter") and not self.eval(rep["filter"], b):
            return None
        return b

    def _trace_blanked_replacements(self, blanked: list, ev: dict) -> None:
        """Record the rules that blank a text box whose replacement would have fit ``ev``."""
        for keys, cand in blanked:
            if self._matches(cand, ev) is not None:
                for key in keys:
                    self.fire(key)

    def _replace(self, ev: dict, candidates: list[tuple], used_once: dict) -> dict | None:
        if not self.on("replacement"):
            return ev
        while True:
            options = []
            for cand in candidates:
                key = cand[0]
                if key in ev["applied"] and self.on("replacement_once"):
                    continue
                if cand[3].get("_spent"):
                    continue  # a 'next time' replacement used up on an earlier event of this batch
                if (cand[3].get("replaces") or {}).get("event") != ev["type"]:
                    continue
                if not self.on("replacement_every_instance") and used_once.get(key):
                    continue
                b = self._matches(cand, ev)
                if b is None or not self._can_apply(cand, b, ev):
                    continue
                options.append((*cand[:5], b))
            if not options:
                return ev
            if len(options) > 1 and "replacement_active_player_first" in self._mechanics:
                options = self._active_players_first(options)
            if len(options) > 1:
                affected = self._affected_player(ev)
                labels = self._rep_option_labels(options)
                if self.applies("replacement_order"):
                    # the affected player picks among the competing ones: another card (one whose modifier
                    # does not replace this event) is refused by the rule that lets him choose among them
                    pick = self.decide(affected, "pick", labels, "which replacement applies first",
                                       refusing="replacement_order")
                    chosen = options[labels.index(pick)]
                else:
                    chosen = sorted(options, key=lambda o: o[4])[0]
            else:
                chosen = options[0]
            key, src, ctrl, data, ts, b = chosen
            if data.get("optional"):
                if not self.decide(ctrl, "yesno", ["yes", "no"], f"whether to apply {self._rep_label(chosen)}"):
                    ev["applied"] = ev["applied"] | {key}
                    continue
            self.fire("replacement")
            used_once[key] = used_once.get(key, 0) + 1
            if used_once[key] > 1:
                self.fire("replacement_every_instance")
            applied = ev["applied"] | {key}
            ev["applied"] = applied
            self.log("replaced", what=ev["type"], card=self._ev_label(ev), by=self._rep_label(chosen))
            if key[0] == "e" and (data.get("replaces") or {}).get("next"):
                self._use_up(key, data, self._rep_label(chosen), again=used_once[key] > 1)
            steps = [st for st in data.get("instead") or [] if "proceed" not in st]
            if steps and not self.can_do_all(steps, {**b, "it": ev.get("obj")}):
                self.fire("replacement_even_if_impossible")
            for cost in data.get("cost") or []:
                if self.on("costs_paid_in_full") or self.can_do(cost, b):  # off: what can't be paid is skipped
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
            for k, v in proceed.items():
                if isinstance(v, str) and isinstance(ev.get(k), int) and not isinstance(ev.get(k), bool):
                    # a number of the event worked out from it ('prevent 2 of that damage':
                    # {proceed: {amount: "max(event.amount - 2, 0)"}}); other fields are the words written
                    proceed[k] = self.eval(v, {**b, "event": ev, "it": ev.get("obj")})
            of = proceed.pop("of", None)
            if of not in (None, "owner", "controller"):
                raise ValueError(f"proceed 'of' is owner or controller, not {of!r}")
            if of == "controller" and isinstance(ev.get("obj"), Obj):
                # 'on the bottom of its CONTROLLER's deck': the out-of-play zone of the player who controls the
                # card as it moves (as the move step's {of: controller}); the default stays its owner's
                proceed["into_player"] = ev["obj"].controller
            ev.update(proceed)

    def _use_up(self, key: tuple, data: dict, label: str, again: bool = False) -> None:
        """A created 'next time' replacement ({create: {kind: replacement, replaces: {..., next: true}}}) has
        replaced its event: it is gone (next_replacement_used_up; off, it lasts its whole duration). Marked
        too, for the candidates of this batch, gathered before it applied; the one the affected player did
        not choose among several stays. In a game whose replacements replace every simultaneous instance of
        their event (``GameModule.next_replacement_batch``, mechanic next_replacement_simultaneous) it is not
        marked: the other events of its batch were 'next' too, and it replaces them (``again``: one of them)."""
        if not self.on("next_replacement_used_up"):
            return
        if self.game.next_replacement_batch and self.on("next_replacement_simultaneous"):
            if again:
                self.fire("next_replacement_simultaneous")
                return
        else:
            data["_spent"] = True  # the effect's own data (step_create copies the spec), not the card's text
        self.state.effects = [e for e in self.state.effects if not (e.kind == "replacement" and e.timestamp == key[1])]
        self.touch()
        self.fire("next_replacement_used_up")
        self.log("replacement_used_up", by=label)

    def _can_apply(self, cand: tuple, b: dict, ev: dict) -> bool:
        """Is replacement ``cand`` (whose event and filter fit ``ev``) one that can apply, so that it is
        among the options the affected player orders? Left out before that question (so that a single
        one left applies without asking): one whose cost its controller cannot pay in full
        (costs_paid_in_full: a player who cannot pay a card effect's costs cannot attempt to trigger it;
        off, it is offered and what can't be paid is skipped), with replacement_even_if_impossible
        off, one whose modified events can't be done, and an optional one ('you may ... instead') whose
        steps its controller cannot do in full (may_needs_full)."""
        data = cand[3]
        steps = [st for st in data.get("instead") or [] if "proceed" not in st]
        redirect = next((st["proceed"] or {} for st in data.get("instead") or [] if "proceed" in st), {})
        obj = ev.get("obj")
        if redirect.get("to") == "hand" and isinstance(obj, Obj) and self.is_in_play(obj) \
                and not self.affectable("return_to_hand", [obj]):
            # a card put into its hand instead is returned to the hand: one no effect may return there (a
            # Hatalom location, 8.9.5 'onnan kézbe visszavenni') goes where its event sends it
            return False
        if not self.on("replacement_even_if_impossible"):
            if not self.can_do_all(steps, {**b, "it": ev.get("obj")}):
                return False
        elif data.get("optional") and not self.can_do_all(steps, {**b, "it": ev.get("obj")}):
            # 'you may X instead': a may its controller cannot do in full is not offered (may_needs_full;
            # off: offered, and he does what he can)
            if self.on("may_needs_full"):
                self.fire("may_needs_full")
                return False
        costs = data.get("cost") or []
        if costs and self.on("costs_paid_in_full") and not self.costs_payable(cand[2], costs, b):
            self.fire("costs_paid_in_full")
            return False
        return True

    def _affected_player(self, ev: dict) -> str:
        obj = ev.get("obj")
        if isinstance(obj, Obj):
            return obj.controller
        return ev.get("player") or self.state.vars.get("active") or self.state.players[0]

    def _active_players_first(self, options: list[tuple]) -> list[tuple]:
        """Competing replacements of different players where the game's rules say the active player
        resolves his effect first (Warhammer's leaving-play FAQ: 'Volkmar the Grim and Unending Horde
        trigger at the same time, active player resolves his effect first'): his apply, the others wait
        for what is left of the event (they may no longer fit it). Off: all compete, as the core does."""
        active = self.state.vars.get("active")
        mine = [o for o in options if o[2] == active]
        if not mine or len(mine) == len(options) or not self.on("replacement_active_player_first"):
            return options
        self.fire("replacement_active_player_first")
        return mine

    def _rep_option_labels(self, options: list[tuple]) -> list[str]:
        """How the affected player names competing replacements: by their card's label; two of one card
        (a printed one and one its effect created, or two printed) as ``Card (power)`` -- the power's name
        in the card's text (``ability N`` unnamed), ``created`` for a created one (numbered when several),
        as simultaneous triggered powers are named (trigger_order_labels)."""
        labels = [self._rep_label(o) for o in options]
        if len(set(labels)) == len(labels):
            return labels
        created: dict[str, list] = {}  # card label -> the keys of the created ones it names, in order
        for label, o in zip(labels, options):
            if o[0][0] == "e":
                created.setdefault(label, []).append(o[0])
        out = []
        for label, o in zip(labels, options):
            if labels.count(label) == 1:
                out.append(label)
            elif o[0][0] == "e":
                mine = created[label]
                out.append(f"{label} (created{' ' + str(mine.index(o[0]) + 1) if len(mine) > 1 else ''})")
            else:
                name = o[3].get("name") or (f"ability {o[0][2] + 1}" if isinstance(o[0][2], int) else "given ability")
                out.append(f"{label} ({name})")
        return out

    def _rep_label(self, option: tuple) -> str:
        src = option[1]
        if isinstance(src, Obj):
            return src.label
        key = option[0]
        if key[0] == "e":  # a created effect whose source has left play (a resolved plot twist): named by it
            eff = next((e for e in self.state.effects if e.timestamp == key[1]), None)
            if eff is not None:
                return eff.source_label
        return str(key)

    @staticmethod
    def _ev_label(ev: dict) -> str | None:
        obj = ev.get("obj")
        return obj.label if isinstance(obj, Obj) else ev.get("player")  # a player's event (breakthrough)
