"""Events: a batch of simultaneous events is replaced (replacement.py), performed, observed by the game and matched against triggers (triggers.py).

Part of the Engine (judge/engine/engine.py composes it); methods use the engine's state via ``self``."""
from __future__ import annotations




class EventsMixin:
    # -- events, replacements, triggers ---------------------------------------------------------
    def emit(self, events: list[dict]) -> list[dict]:
        """Replace, perform and collect triggers for a batch of simultaneous events. The events that
        replace some of them (a replacement's ``instead`` steps) join the batch, in the place of the
        event each replaces (replacement_simultaneous); an emit made while they are gathered
        (``_gathering``) is only replaced, and returned unperformed."""
        batch: list[dict] = []
        used_once: dict[int, int] = {}
        blanked: list = []
        candidates = self.hooks.replacement_candidates(self, self._replacement_candidates(blanked), events)
        gathering = self._gathering
        if gathering is not None:  # inside the instead steps of an outer batch: performed with it
            for ev in events:
                out = self._replaced(ev, candidates, used_once, blanked)
                if out is not None:
                    gathering.append(out)
                    batch.append(out)
            return batch
        gathered: list[dict] | None = [] if candidates and self.on("replacement_simultaneous") else None
        for ev in events:
            if gathered is None:
                out = self._replaced(ev, candidates, used_once, blanked)
            else:
                start = len(gathered)
                self._gathering = gathered
                try:
                    out = self._replaced(ev, candidates, used_once, blanked)
                finally:
                    self._gathering = None
                batch.extend(gathered[start:])
            if out is not None:
                batch.append(out)
        if gathered:
            batch = self._joined(batch, gathered)
        if not batch:
            return []
        for ev in batch:
            if ev["type"] == "zone_change" and "leaves_play" not in ev:
                # a filter reading event.leaves_play before the change is performed (a trigger that
                # looks just before its event) sees what event_is sees, not a missing field read as false
                ev["leaves_play"] = self.event_is(ev, "leaves_play")
        # a trigger checks the state just before its event; entering play: just after. A card moved
        # from one play zone to another enters a zone but not play: which state a trigger on that move
        # reads follows the power (what it triggers off), not the event -- one watching an entering
        # kind (``entering_kinds``: moving into a zone) reads after, one watching the move itself (out
        # of a zone) before; with the rule off, the other way round. Such a move is matched twice,
        # each time by its own triggers only (_match_triggers' ``entering``).
        swap = not self.on("trigger_event_state")
        if self.game.same_object_within_play:  # (the other games keep no card in play across a move)
            for e in batch:
                if self._moved_within_play(e):
                    e["_within_play"] = True
        before = [e for e in batch if e.get("_within_play") or self._after_event(e) == swap]
        matched = self._match_triggers(before, entering=swap) if before else []
        if len(batch) > 1:
            moving = [e for e in batch if e["type"] == "zone_change"]
            if len(moving) > 1:  # simultaneous: cards that change zones together get one timestamp
                ts = self.state.tick()
                for ev in moving:
                    ev["_ts"] = ts
        for ev in batch:
            self._perform(ev)
            if "_performed" in ev and not ev.get("failed"):
                # what the step that emitted it does with the card once it has moved (a card attached as
                # it goes out of play): done here, where the event happens -- with its batch, when it
                # replaced one of a batch (replacement_simultaneous)
                ev["_performed"](ev)
        entering = [e for e in batch if e.get("enters_play") and not e.get("failed")]
        if entering:  # what the game does as cards enter play comes before the triggers that look just after
            self.hooks.entering_play(self, entering)
        after = [e for e in batch if (e.get("_within_play") or self._after_event(e) != swap) and not e.get("failed")]
        if after:
            if swap:  # the rule off: an event checked after it happened sees the card as it is now
                after = [self._as_now(e) for e in after]
            matched += self._match_triggers(after, entering=not swap)
        if matched:
            self.fire("trigger_event_state")
        self.pending.extend(matched)
        if len(self.pending) > self.max_events:  # triggers multiplying faster than they resolve
            self.stop_loop(f"more than {self.max_events} triggered abilities waiting")
        for eff in self.state.effects:  # a loop, not any(): most replays have few effects, or none
            if eff.kind == "trigger" and eff.data.get("_spent"):
                self.state.effects = [e for e in self.state.effects if not (e.kind == "trigger" and e.data.get("_spent"))]
                break
        self.hooks.observe(self, [e for e in batch if not e.get("failed")])
        return [e for e in batch if not e.get("failed")]

    def _replaced(self, ev: dict, candidates, used_once: dict, blanked: list) -> dict | None:
        """One event of a batch after the replacements (None: replaced by nothing that happens)."""
        ev.setdefault("applied", self._repl_applied[-1])
        if blanked:
            self._trace_blanked_replacements(blanked, ev)
        return self._replace(ev, candidates, used_once)

    @property
    def gathering(self) -> bool:
        """Are the events emitted now replacing some of a batch, to be performed with it when the
        batch is (replacement_simultaneous)? Then ``emit`` returns them unperformed."""
        return self._gathering is not None

    def gathered_change(self, obj, kind: str) -> bool:
        """Is an event of ``kind`` ("exhausted", "readied") for ``obj`` already gathered to replace one of
        the batch (replacement_simultaneous)? Then the card is being changed so: a second such change
        can't be done (710.1c-style 'can't be done'), and is not made again."""
        for e in self._gathering or ():
            if e["type"] == kind and e.get("obj") is obj:
                return True
        return False

    def _joined(self, batch: list[dict], replacing: list[dict]) -> list[dict]:
        """A batch the events of replacements (``replacing``) joined (replacement_simultaneous): one change
        of a card counts once -- a card that two replacing events would each move, exhaust or flag (Mucalin
        taking two KOs: eliminated once) changes by the first; one that a replacing event changes is not
        changed by its own event of the batch as well (the Rune of Resistance destroyed with its unit is
        sacrificed instead: as when the replacing event was performed first). Traced where the batch has
        more than one event: each is matched against triggers on the state before all of them."""
        instead = {id(e) for e in replacing}
        taken = {_change_key(e) for e in replacing} - {None}
        seen = set()
        out = []
        for ev in batch:
            key = _change_key(ev)
            if key is not None:
                if key in seen or (key in taken and id(ev) not in instead):
                    continue
                seen.add(key)
            out.append(ev)
        if len(out) > 1:
            self.fire("replacement_simultaneous")
        return out

    @staticmethod
    def _as_now(ev: dict) -> dict:
        """A zone change seen after it happened (trigger_event_state off): its card is the object it
        became (in its new area, under its new controller), not the one that was there before."""
        if ev["type"] == "zone_change" and ev.get("new") is not None:
            return {**ev, "obj": ev["new"]}
        return ev

    def _after_event(self, ev: dict) -> bool:
        """Is this an entering event, whose triggers look just after it: entering play, or a kind the
        game says enters something (``entering_kinds``)?"""
        if ev["type"] == "zone_change" and ev.get("to") in self.game.play_zones:
            return True
        for kind in self.game.entering_kinds:  # a loop, not any(): asked twice for every event
            if self.event_is(ev, kind):
                return True
        return ev["type"] in self.game.after_kinds

    def _moved_within_play(self, ev: dict) -> bool:
        """Is this (not yet performed) zone change a card moving from one play zone to another while
        staying in play (asked in a game with ``same_object_within_play``; moving_within_play on): it enters a zone, not
        play? Read before it is performed; the rule is traced where the move is done (zones.py)."""
        play = self.game.play_zones
        return (ev["type"] == "zone_change" and ev.get("to") in play and ev["obj"].zone in play
                and self.on("moving_within_play"))

    def _perform(self, ev: dict) -> None:
        t = ev["type"]
        if t == "zone_change":
            self._do_zone_change(ev)
        elif t in ("exhausted", "readied", "flagged", "counter_added", "control_changed"):
            self._perform_change(ev)
        elif t == "flag_renewed":  # a permission flag given again: the newer grant's giver and terms
            obj = ev["obj"]
            if obj.oid in self.state.objects and ev["flag"] in obj.flags:
                self._note_grant(obj, ev)
                self.log("flag_renewed", card=obj.label, flag=ev["flag"])
        elif t == "player_counter":  # a player's number changes (step_player_counter)
            data = self.state.player_data.setdefault(ev["player"], {})
            data[ev["counter"]] = data.get(ev["counter"], 0) + ev["amount"]
            self.log("player_counter", player=ev["player"], counter=ev["counter"], amount=ev["amount"])
        elif t == "damage_applied":
            obj = ev["obj"]
            if obj.oid not in self.state.objects:
                ev["failed"] = True
                return
            obj.damage += ev["amount"]
            self.touch()
            sink = self._damage_sinks.get(ev.get("_batch"))  # the batch apply_damage is applying
            if sink is not None:
                sink.append(ev)
            self.log("damage_dealt", card=obj.label, amount=ev["amount"], source=ev.get("source_label"),
                     combat=ev.get("combat", False))
        else:
            handler = self.game.steps.get("perform:" + t)
            if handler:
                handler(self, ev)
            else:
                self.log(t, **_logged(ev))

    def _note_grant(self, obj, ev: dict) -> None:
        """Who gave ``obj`` the flag of a flagged / flag_renewed event, and a permission's terms (the flag
        step's until, during, offers): what Engine.flag_source and flag_terms read."""
        self.note_flag_source(obj, ev["flag"], ev.get("_source"))
        if ev.get("_terms"):
            obj.memory.setdefault("flag_terms", {})[ev["flag"]] = ev["_terms"]

    def _perform_change(self, ev: dict) -> None:
        """A change to a card that stays where it is (exhausted, readied, flagged, a counter added, a new
        controller), made here -- after replacement and after the triggers that look just before the event
        were matched -- like a zone change: a replaced change never happens, and a trigger reading the card
        sees it as it was (a card that left play in between: the change fails)."""
        t, obj = ev["type"], ev["obj"]
        if obj.oid not in self.state.objects or (t == "control_changed" and not self.is_in_play(obj)):
            ev["failed"] = True
            return
        if t in ("exhausted", "readied"):
            if obj.exhausted != (t == "exhausted"):
                obj.exhausted = t == "exhausted"
                obj.memory.pop("exhausted_by", None)  # what exhausted it before no longer does (exhausted_by)
                if ev.get("_by"):
                    obj.memory["exhausted_by"] = ("text", ev["_by"])
                self.touch()
            self.log(t, card=obj.label)
            return
        if t == "flagged":
            if ev["flag"] not in obj.flags:
                obj.flags.add(ev["flag"])
                self._note_grant(obj, ev)
                self.touch()
        elif t == "counter_added":
            obj.counters[ev["kind"]] = obj.counters.get(ev["kind"], 0) + ev["amount"]
            self.touch()
        else:
            self.place(obj, side=ev["to"], controller=ev["to"])
            self.note_control_lease(obj, ev)  # control for a duration goes back as it ends (verbs.py)
            self.touch()
        self.log(t, **_logged(ev))


#: the kinds of event that change a card in one way only: simultaneous ones for the same card are one change
_ONE_CHANGE = frozenset({"zone_change", "exhausted", "readied", "control_changed"})


def _change_key(ev: dict) -> tuple | None:
    """What tells two simultaneous changes of a card apart (None: events that add up, such as damage)."""
    t = ev["type"]
    if t in _ONE_CHANGE:
        return (t, id(ev.get("obj")))
    if t == "flagged":
        return (t, id(ev.get("obj")), ev.get("flag"))
    return None


def _logged(ev: dict) -> dict:
    """What the log records of a performed event: its data, the object under ``card``, without the
    bookkeeping (its type, the replacements applied, names starting with "_")."""
    return {("card" if k == "obj" else k): v for k, v in ev.items()
            if k not in ("type", "applied", "card") and not k.startswith("_")}
