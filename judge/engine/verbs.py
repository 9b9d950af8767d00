"""The core step verbs that move, exhaust, count, choose and branch (move, exhaust, pay, draw, choose, if, may, or ...).

Part of the Engine (judge/engine/engine.py composes it); methods use the engine's state via ``self``."""
from __future__ import annotations

from judge.engine.context import Gone
from judge.engine.state import Obj
from judge.engine.steps import always, names_something, repeated, times, verb
from judge.engine.zones import zone_change_event


def _has_resources(eng, player: str, amount, b: dict) -> bool:
    """Has ``player`` ``amount`` resources to spend (his pool, and what he may spend as though it were
    resources) for each of the times in a row a step is to be done (``_times``: StepsMixin.can_do_all)?"""
    return eng.spendable_resources(player) >= eng.eval(amount, b) * b.get("_times", 1)


def _can_pay(eng, st: dict, b: dict) -> bool:
    return _has_resources(eng, b["you"], st["pay"], b)


def _can_spend(eng, st: dict, b: dict) -> bool:
    """Spending N resources can be done in full only with N in the pool (what a cost, a 'may', an 'unless'
    or an 'or' option asks; the step itself spends as much as possible). 'Spend all' is the game's to judge
    (its ``can:spend``); the core says yes."""
    if st["spend"] == "all":
        return True
    return _has_resources(eng, eng.eval(st.get("player", "you"), b), st["spend"], b)


def _bind_changed(st: dict, b: dict, objs: list, done: list) -> None:
    """``as: NAME`` on exhaust / ready ('Exhaust all X. They get ...'): the cards the step changed -- not one
    already in that state, nor one whose change a replacement took over -- for a later part's
    ``affected: {.., by: NAME}`` (Huntik 708.3e), whatever they become."""
    if st.get("as"):
        b[st["as"]] = [o for o, changed in zip(objs, done) if changed]


def _keep_bound(b: dict, pb: dict) -> None:
    """The names another player's steps (a `may` or `unless` whose `you` is P) bound with `as:` are known to the
    steps after them, as when P is `you` ('Your opponent may exhaust one of his heroes. That hero gets -1 ATK'):
    ``pb`` is the copy they ran on; `you` and `opponent` stay the card's."""
    if pb is not b:
        b.update({k: v for k, v in pb.items() if k not in ("you", "opponent") and (k not in b or b[k] is not v)})


def _can_draw(eng, st: dict, b: dict) -> bool:
    """Drawing N cards can be done in full only with N cards in the deck (what 'may ... only if it
    can be done in full' asks of a 'draw' part)."""
    player = eng.eval(st.get("player", "you"), b)
    return len(eng.zone_objs(player, "deck")) >= eng.eval(st["draw"], b)


def _can_exhaust(eng, st: dict, b: dict) -> bool:
    objs = eng.resolve_ref(st["exhaust"], b)  # a name not chosen yet raises here: doable (StepsMixin.can_do)
    return bool(objs) and not repeated(b) and all(eng.obj_attr(o, "exhausted") == False and not eng.gathered_change(o, "exhausted")  # noqa: E712 (0 counts too)
                              for o in objs)


def _can_ready(eng, st: dict, b: dict) -> bool:
    objs = eng.resolve_ref(st["ready"], b)
    return bool(objs) and not repeated(b) and all(eng.obj_attr(o, "exhausted") == True and not eng.gathered_change(o, "readied")  # noqa: E712 (1 counts too)
                              for o in objs)


def _can_remove_counter(eng, st: dict, b: dict) -> bool:
    objs = eng.resolve_ref(st["remove_counter"], b)
    need = eng.eval(st.get("amount", 1), b) * times(b)  # the tokens of every time in a row
    return bool(objs) and all(o.counters.get(st.get("counter", "resource"), 0) >= need for o in objs)


def _can_choose(eng, st: dict, b: dict) -> bool:
    """As many different cards to pick as the step picks (``count``; each time in a row: ``_times``) -- for a
    cost's pick, cards the cost's later step may affect (cost_choices)."""
    pays, need = st["choose"].get("pays_with"), eng.eval(st["choose"].get("count", 1), b) * times(b)
    pool = eng._choice_pool(st, b)
    if pays is None:
        return len(pool) >= need
    n = 0
    for o in pool:  # asked one by one, until enough: a rule asked about a card not needed is not named
        n += bool(eng.affectable(pays, [o]))
        if n >= need:
            return True
    return False


#: the terms a permission flag may carry (step_flag): when it may be used, and what it offers to pay with
FLAG_TERMS = ("until", "during", "offers")


class VerbsMixin:
    def affectable(self, verb: str, objs: list[Obj]) -> list[Obj]:
        """The objects a step of ``verb`` may affect: those no game rule keeps out of it (hook
        ``may_affect``, e.g. an immune card type, a card a source has no effect on)."""
        return [o for o in objs if self.hooks.may_affect(self, verb, o)]

    def step_leave(self, verb: str, st: dict, b: dict) -> bool:
        objs = self.affectable(verb, [o for o in self.resolve_ref(st[verb], b) if self.is_in_play(o)])
        if not objs:
            return False
        zone, cause = self.game.leave_verbs[verb]
        mine = [zone_change_event(o, zone, cause=cause, position=st.get("position", "top"), source=b.get("this"))
                for o in objs]
        done = {id(ev) for ev in self.emit(mine)}
        if st.get("as"):  # 'draw a card for each unit destroyed this way': the cards this step took out of play
            b[st["as"]] = [ev["obj"] for ev in mine if id(ev) in done]  # (an event a replacement put instead: not)
        # success: one card at least left as the step says (a step over several did what it could, as a move);
        # an event a replacement put instead (returned to hand instead of destroyed) is not the step's
        return any(id(ev) in done for ev in mine)

    @verb("move", can=lambda eng, st, b: names_something(eng, st, b, "move"))
    def step_move(self, st: dict, b: dict) -> bool:
        objs = self.resolve_ref(st["move"], b)
        zone = st.get("to")
        # whose zone out of play: the owner's (the default), or with {of: controller} the zone of the player who
        # controls the card as it moves (a text saying 'into its controller's deck'), as return_to_hand's `to`
        of = st.get("of", "owner")
        if of not in ("owner", "controller"):
            raise ValueError(f"move 'of' is owner or controller, not {of!r}")
        if "of" in st and zone in self.game.play_zones:
            raise ValueError(f"move 'of' names whose out-of-play zone, not whose {zone!r} (in play: its controller's)")
        events = []
        for o in objs:
            if o.zone == zone and zone in self.game.play_zones:
                continue  # moving needs a different zone: this one does not move
            events.append(zone_change_event(o, zone, side=o.controller if zone in self.game.play_zones else None,
                                            controller=o.controller, cause=st.get("cause", "move"),
                                            position=st.get("position", "top"),
                                            **({"into_player": o.controller} if of == "controller" else {})))
        return self._moved_together(events)

    def _moved_together(self, events: list[dict]) -> bool:
        """The cards one step moves change zones together: one batch of simultaneous events (each
        sees the others' move, triggers look at them together, those entering play have one
        timestamp). True when one of them at least moved (a step over several cards did what it could:
        'each' done as fully as possible; a single card's move replaced or gone is no success)."""
        here = [ev for ev in events if ev["obj"].oid in self.state.objects]
        done = self.emit(here) if here else []
        return any(ev.get("new") is not None for ev in done)

    @verb("return_to_hand", can=lambda eng, st, b: names_something(eng, st, b, "return_to_hand"))
    def step_return_to_hand(self, st: dict, b: dict) -> bool:
        objs = self.affectable("return_to_hand", self.resolve_ref(st["return_to_hand"], b))
        # whose hand: the owner's (the default), or with {to: controller} the hand of the player who
        # controls the card as it returns (a text saying 'to its controller's hand')
        to = st.get("to", "owner")
        if to not in ("owner", "controller"):
            raise ValueError(f"return_to_hand 'to' is owner or controller, not {to!r}")
        # every one, even when another one's return is replaced
        events = [zone_change_event(o, "hand", cause="return", **({"into_player": o.controller} if to == "controller" else {}))
                  for o in objs]
        ok = bool(objs) and self._moved_together(events)
        if st.get("as"):  # 'return it to your hand, then put it into play': the cards as they now are, in the hand
            b[st["as"]] = [ev["new"] for ev in events if ev.get("new") is not None and ev["new"].zone == "hand"]
        return ok

    @verb("exhaust", can=_can_exhaust)
    def step_exhaust(self, st: dict, b: dict) -> bool:
        objs = self.affectable("exhaust", self.resolve_ref(st["exhaust"], b))
        # together: one batch of simultaneous events; each card it changes remembers whose effect exhausted
        # it (exhausted_by), noted as the event happens (with its batch, when it replaced one of a batch)
        done = self.set_exhausted_all(objs, True, by=self.card_name(b.get("this")))
        _bind_changed(st, b, objs, done)
        # a step over several cards succeeded when it exhausted one at least (one already exhausted does not
        # make it fail; one card that was, does): what a 'then' after it reads
        return any(done)

    @verb("ready", can=_can_ready)
    def step_ready(self, st: dict, b: dict) -> bool:
        # what the game's rules keep the effect from affecting is left out, as for exhaust (a body part's
        # galetki, 8.4.3; a location, 8.9.5)
        objs = self.affectable("ready", self.resolve_ref(st["ready"], b))
        done = self.set_exhausted_all(objs, False)
        _bind_changed(st, b, objs, done)
        return any(done)  # one readied at least (as exhaust)

    @verb("flag")
    def step_flag(self, st: dict, b: dict) -> bool:
        objs = self.affectable("flag", self.resolve_ref(st["flag"], b))
        name = st["as"]
        already = [o for o in objs if name in o.flags]
        changing = [o for o in objs if name not in o.flags]
        events = []
        if already and not self.applies("becomes_change_only"):
            # it was already that: it doesn't "become" it (unless the mechanic is off)
            events += [{"type": "flagged", "obj": o, "flag": name} for o in already]
        # flagged as the events are performed, together (events.py _perform_change): a replacement can stop one
        # a flag that is a permission carries the terms its card's text sets (the card's data, read by the
        # game's rule for what it permits): when it may be used -- `until: turn` (the turn it was given),
        # `during: PHASE` -- and other ways of paying it offers ({offers: {endurance: [{pay_endurance: 2}]}}:
        # 'you may pay 2 endurance rather than pay its recruit cost')
        terms = {k: st[k] for k in FLAG_TERMS if k in st}
        if "until" in terms and terms["until"] not in self.game.durations:  # a limit that would never apply
            raise ValueError(f"flag until {terms['until']!r}: {self.game.id} ends {', '.join(self.game.durations)}")
        if "during" in terms and terms["during"] not in self.game.state_phases:
            raise ValueError(f"flag during {terms['during']!r}: {self.game.id} has phases "
                             f"{', '.join(self.game.state_phases) or 'none'}")
        events += [{"type": "flagged", "obj": o, "flag": name, "_source": b.get("this"),
                    **({"_terms": terms} if terms else {})} for o in changing]
        if terms and already and self.on("becomes_change_only"):
            # a permission given again (a second card choosing the same card in a later turn): the card does
            # not become flagged anew, but the grant is the new one -- its turn, terms and giver
            events += [{"type": "flag_renewed", "obj": o, "flag": name, "_source": b.get("this"), "_terms": terms}
                       for o in already]
        if events:
            self.emit(events)
        # one card at least became flagged (one that had the flag already does not make it fail)
        return any(name in o.flags for o in changing)

    @verb("pay", can=_can_pay)
    def step_pay(self, st: dict, b: dict) -> bool:
        player = b.get("payer") or b["you"]
        amount = self.eval(st["pay"], b)
        have = self.spendable_resources(player)
        if have < amount:
            self.fail(f"{player} cannot pay {amount} resources (has {have})")
        amount -= self.spend_elsewhere(player, amount)
        self.state.player_data[player]["resources"] = self.player_attr(player, "resources") - amount
        self.log("paid", player=player, amount=amount)
        return True

    @verb("spend", can=_can_spend)
    def step_spend(self, st: dict, b: dict) -> bool:
        """As much as possible: a player loses up to N resources. ``{spend: all}``: every resource in
        his pool (logged ``spent_all``; whether an empty pool can be spent 'all' is the game's
        ``can:spend`` check)."""
        player = self.eval(st.get("player", "you"), b)
        have = self.player_attr(player, "resources")
        if st["spend"] == "all":
            self.state.player_data[player]["resources"] = 0
            self.touch()
            self.log("spent_all", player=player, amount=have)
            return True
        amount = self.eval(st["spend"], b)
        spendable = self.spendable_resources(player)
        if spendable < amount and not self.on("as_much_as_possible"):
            return False
        amount -= self.spend_elsewhere(player, min(amount, spendable))
        have = self.player_attr(player, "resources")
        take = min(have, amount)
        if take < amount:
            self.fire("as_much_as_possible")
        self.state.player_data[player]["resources"] = have - take
        self.log("resources_lost", player=player, amount=take)
        return take == amount

    @verb("counter")
    def step_counter(self, st: dict, b: dict) -> bool:
        objs = self.affectable("counter", self.resolve_ref(st["counter"], b))
        kind = st.get("kind", "resource")
        amount = self.eval(st.get("amount", 1), b) or 0  # none read off a source that is gone: no token
        if not objs or amount <= 0:  # no token put: nothing happens, no 'counter_added' to trigger on
            return False
        # together: one batch of simultaneous events
        self.emit([{"type": "counter_added", "obj": o, "kind": kind, "amount": amount,
                    "player": b.get("you")} for o in objs])  # the player whose effect puts the tokens
        return True

    @verb("remove_counter", can=_can_remove_counter)
    def step_remove_counter(self, st: dict, b: dict) -> bool:
        objs = self.affectable("remove_counter", self.resolve_ref(st["remove_counter"], b))
        kind = st.get("counter", "resource")
        amount = self.eval(st.get("amount", 1), b)
        ok = False  # one card at least had them all (a step over several cards did what it could); 0 is none
        for o in objs:
            have = o.counters.get(kind, 0)
            ok = ok or (have >= amount and amount > 0)
            o.counters[kind] = max(0, have - amount)
            self.touch()
            if have:
                self.log("counter_removed", card=o.label, kind=kind, amount=min(have, amount))
        return ok

    @verb("player_counter")
    def step_player_counter(self, st: dict, b: dict) -> bool:
        player = self.eval(st.get("player", "you"), b)
        name = st["player_counter"]
        # an amount read off a source that no longer exists (Gone: no characteristics) is none, as for damage
        amount = self.eval(st.get("amount", 1), b) or 0
        # an event ('When an opponent gains Force, ...' triggers on it), performed as it happens (events.py)
        self.emit([{"type": "player_counter", "player": player, "counter": name, "amount": amount}])
        return amount != 0  # adding none changed nothing: no 'then' ('if you did') follows it

    @verb("draw", can=_can_draw)
    def step_draw(self, st: dict, b: dict) -> bool:
        ok = _can_draw(self, st, b)  # drawn in full: a shorter deck gives what it has, and the step fails
        player = self.eval(st.get("player", "you"), b)
        n = self.eval(st["draw"], b)
        for o in self.deck_top(player, n):
            self.move(o, "hand", cause="draw")
        return ok and n > 0  # a draw of 0 cards drew nothing: no 'then' ('if you did') follows it

    @verb("gain_control", duration=True)
    def step_gain_control(self, st: dict, b: dict) -> bool:
        named = [o for o in self.resolve_ref(st["gain_control"], b) if self.is_in_play(o)]
        # control going back as its duration ends (``_lease_ended``, end_control_leases) is no new effect on
        # the card: what keeps an effect from affecting it (a shield it got meanwhile) does not keep it
        ended = st.get("_lease_ended")
        objs = named if ended else self.affectable("gain_control", named)
        player = self.eval(st.get("player", "you"), b)
        duration = st.get("duration")  # 'until the end of the turn': control goes back as it ends
        if duration is not None and duration not in self.game.all_durations:  # a control that never went back
            raise ValueError(f"gain_control duration {duration!r}: {self.game.id} ends {', '.join(self.game.all_durations)}")
        # whose next turn ends an 'until your next turn' lease: the effect's controller's (durations.py)
        lease = {"_lease_ended": ended} if ended else {"_duration": duration, "_by": b["you"]} if duration else {}
        # a card its controller already controls does not change controller: no control_changed (nothing to
        # trigger on), and it does not count as taken for a 'then' (blind round 33)
        if not duration and not ended:
            for o in objs:
                if o.controller == player:
                    # no change, but the newest word on who controls it: control he has for a duration no
                    # longer goes back when it ends (708.3: with no duration it lasts until the game ends)
                    self.note_control_lease(o, {})
        objs = [o for o in objs if o.controller != player]
        if objs:  # the new controller takes them as the events are performed, together (events.py _perform_change)
            self.emit([{"type": "control_changed", "obj": o, "from": o.controller, "to": player, **lease}
                       for o in objs])
        return bool(objs)

    def _choice_candidates(self, spec: dict) -> list[Obj]:
        """The cards a ``choose`` step picks among before its filter: those in play, or, with ``zones``, those
        in the named zones of any player -- a card whose text chooses out of play without targeting ('discard
        a card from your hand', 'a tactic in any discard pile'), the pick made as the effect resolves."""
        zones = spec.get("zones")
        return self.in_play() if not zones else [o for o in self.state.objects.values() if o.zone in zones]

    def _choice_pool(self, st: dict, b: dict) -> list[Obj]:
        spec = st["choose"]
        return [o for o in self._choice_candidates(spec) if self.eval(spec.get("filter", "true"), {**b, "it": o})]

    @verb("choose", can=_can_choose)
    def step_choose(self, st: dict, b: dict) -> bool:
        """A non-target choice made on resolution: {choose: {filter, by, what, zones, count}, as: name}
        (``zones``: out of play, _choice_candidates; ``count: N``: N different cards, NAME bound to the list --
        'exhaust two friendly minor heroes' -- as many as there are when fewer). Nothing to choose: NAME is
        bound to nothing and the step fails."""
        spec = st["choose"]
        by = self.eval(spec.get("by", "you"), b)
        if "deck" in (spec.get("zones") or ()):
            # picking out of a deck is searching it ('Keress a paklidban ...'): an event, found or not, that
            # 'whenever your opponent searches his deck' triggers on
            self.emit([{"type": "deck_searched", "player": by}])
        pool = self._choice_pool(st, b)
        pays, refuses = spec.get("pays_with"), None
        if pays is not None:  # a cost's pick (cost_choices): a card the rules keep the cost's step from affecting
            ok = [o for o in pool if self.affectable(pays, [o])]  # cannot pay it: a pick of it is refused
            pool = pool if ok else []
            if len(ok) < len(pool):
                refuses = {o.label for o in pool} - {o.label for o in ok}
        if not pool:
            b[st["as"]] = Gone("nothing")
            return False
        # the options are what the card's own text describes: a pick outside them is refused by that text,
        # unless the card's filter allows it and a rule narrowed the filter (``narrowed_by``, the mechanic
        # key, with the card's own ``card_filter``): then that rule refuses it
        # (a source that left play -- 'Sacrifice this unit to ...' as its own cost -- is still the card whose
        # text it is: named by its last known label, card_name(Gone))
        text = self.step_text(b)
        rule = None
        nxt = self.next_choice(by) if spec.get("narrowed_by") else None
        if nxt is not None and any(o.label == nxt[0] and self.eval(spec.get("card_filter", "true"), {**b, "it": o})
                                   for o in self._choice_candidates(spec)):
            rule, text = spec["narrowed_by"], None
        picked: list[Obj] = []
        for _ in range(self.eval(spec.get("count", 1), b)):
            left = [o.label for o in pool if o not in picked]  # different cards: one picked is no option again
            if not left:
                break
            if not refuses:
                label = self.decide(by, "pick", left, spec.get("what", "a card"), refusing=rule, refusing_text=text)
            else:  # (asked again of the card picked: the refusal names the rule that keeps the step off it)
                label = self.decide_checked(
                    by, "pick", left, spec.get("what", "a card"),
                    lambda lb: None if lb not in refuses or self.affectable(pays, [self.obj(lb)])
                    else f"{lb} cannot pay the cost ({pays})", refusing=rule, refusing_text=text)
            picked.append(self.obj(label))
        b[st["as"]] = picked if "count" in spec else picked[0]
        return True

    @verb("choose_player")
    def step_choose_player(self, st: dict, b: dict) -> bool:
        """{choose_player: TEXT, as: NAME, by: EXPR}: a player (default: the resolving one) chooses a
        player ('target player' ...); NAME is bound to him."""
        by = self.eval(st.get("by", "you"), b)
        who = self.decide(by, "option", list(self.state.players), st.get("choose_player") or "a player")
        if who not in self.state.players:
            self.fail(f"{who!r} is not a player")
        b[st["as"]] = who
        self.log("player_chosen", player=by, chosen=who)
        return True

    @verb("remember")
    def step_remember(self, st: dict, b: dict) -> bool:
        """{remember: EXPR, as: NAME}: bind NAME to a value now (a card, a number), so a later step or an
        effect created later keeps it although the expression would read differently then."""
        b[st["as"]] = self.eval(st["remember"], b)
        return b[st["as"]] is not None

    @verb("if", can=always)
    def step_if(self, st: dict, b: dict) -> bool:
        if self.eval(st["if"], b):
            return self.run_steps(st.get("do") or [], b)
        return False

    @verb("may", can=always)
    def step_may(self, st: dict, b: dict) -> bool:
        """{may: [steps], player: P}: P may do them ('your opponent may discard 2 cards'): asked yes/no, done
        with `you` bound to P, as the `unless` step does; only when he can do them in full (may_needs_full)."""
        steps = st["may"]
        who = self.eval(st.get("player", "you"), b)
        pb = b if who == b.get("you") else {**b, "you": who, "opponent": self.state.opponent(who)}
        if self.on("may_needs_full") and not self.can_do_all(steps, pb):
            self.fire("may_needs_full")
            self.log("may_not_possible", player=who)
            return False
        if not self.decide(who, "yesno", ["yes", "no"], st.get("text") or "whether to do the optional part"):
            return False
        try:
            return self.run_steps(steps, pb)
        finally:
            _keep_bound(b, pb)

    @verb("or", can=always)
    def step_or(self, st: dict, b: dict) -> bool:
        options = st["or"]
        who = self.eval(st.get("player", "you"), b)
        names = [o.get("name", f"option {i + 1}") for i, o in enumerate(options)]
        doable = names
        if self.on("or_needs_full"):
            doable = [n for n, o in zip(names, options) if self.can_do_all(o["do"], b)]
            if len(doable) < len(names):
                self.fire("or_needs_full")
            if not doable:
                doable = names
        # an option the rule took out is refused by it if scripted (a `{try: X}` is logged choice_rejected),
        # also where one option is left and nothing is asked
        left_out = [n for n in names if n not in doable]
        pick = self.decide(who, "option", doable, st.get("text") or f"one of {names}",
                           refusing="or_needs_full" if left_out else None, left_out=left_out)
        self.log("option_chosen", player=who, option=pick)
        return self.run_steps(options[names.index(pick)]["do"], b)

    @verb("sentences", can=always)
    def step_sentences(self, st: dict, b: dict) -> bool:
        """{sentences: [[steps], [steps], ...]}: an effect written in several sentences, applied in turn;
        between two sentences the game's ``sentence_break`` hook runs. Succeeds as its last sentence does."""
        parts = st["sentences"] or []
        ok = True
        for i, part in enumerate(parts):
            ok = self.run_steps(part, b)
            if i < len(parts) - 1:
                self.hooks.sentence_break(self, b, i + 1)
        return ok

    @verb("and", can=always)
    def step_and(self, st: dict, b: dict) -> bool:
        """{and: [[steps], [steps]]}: an effect whose parts are joined by 'and'. Each part resolves
        independently: a part that fails or changes nothing (a modifier whose target's values stay the
        same) does not stop the others (parts_independent; off: the effect stops there).
        Succeeds when one part at least had an effect, as a step over several cards does when it did what
        it says to one of them: a 'Then,' after it ('X and Y. Then, Z') needs the effect before it to have
        resolved (Warhammer clarification:multiple-effects) -- X and Y both doing nothing is no success,
        one of them done is (the Scion of the Everqueen FAQ: the boost resolves though the -1 HP does not)."""
        src = getattr(b.get("this"), "label", "?")
        done = False
        for i, part in enumerate(st["and"] or []):
            before = self._part_values(part, b)
            if self.run_steps(part, b) and (not before or self._part_values(part, b) != before):
                done = True
                continue
            if not self.on("parts_independent"):
                self.log("effect_stopped", source=src, part=i + 1, reason="no effect")
                return False
            self.fire("parts_independent")
            self.log("effect_part_no_effect", source=src, part=i + 1)
        return done

    def _part_values(self, part: list, b: dict) -> list:
        """What a part of an effect changes: the values its modifiers name, on the cards they target (a
        part without such modifiers: its success alone says whether it had an effect)."""
        out = []
        for st in part:
            spec = st.get("modify") if isinstance(st, dict) else None
            if not isinstance(spec, dict) or "target" not in spec:
                continue
            stats = list((spec.get("modify") or {}).keys()) + list((spec.get("set") or {}).keys())
            for o in self.resolve_ref(spec["target"], b):
                out.append((o.oid, tuple((k, self.obj_attr(o, k)) for k in stats)))
        return out

    @verb("unless", can=always)
    def step_unless(self, st: dict, b: dict) -> bool:
        """{do: [steps], unless: [steps], player: P}: 'do X unless P does Y'. P is offered Y (a yes/no
        choice) only when he can do it in full (may_needs_full, the 'may' it is), and may decline; if he does it, X does not happen (the
        step fails). Y is P's doing: in its steps `you` is P ("unless its controller pays 5 endurance")."""
        who = self.eval(st.get("player", "you"), b)
        alternative = st["unless"]
        pb = {**b, "you": who, "opponent": self.state.opponent(who)}
        if self.game.own_cards_verbs:
            alternative = self.narrow_choices(alternative, pb)
        offered = self.can_do_all(alternative, pb)
        if not offered:  # a 'may' he cannot do in full is not his to take (may_needs_full; off: he does what he can)
            if self.on("may_needs_full"):
                self.fire("may_needs_full")
            else:
                offered = True
        if offered and self.decide(
                who, "yesno", ["yes", "no"], st.get("text") or f"whether {who} does {alternative!r} instead"):
            done = self.run_steps(alternative, pb)
            _keep_bound(b, pb)
            if done:
                self.log("unless_done", player=who)
                return False
            # he tried and could not do it all (a sacrifice of a card he does not control): Y was not done
            self.log("unless_not_done", player=who)
            return self.run_steps(st.get("do") or [], b)
        self.log("unless_declined", player=who)
        return self.run_steps(st.get("do") or [], b)

    @verb("each_player")
    def step_each_player(self, st: dict, b: dict) -> bool:
        """'Each player draws a card, then discards a card': the players act together, step by step --
        every player does the first step (active player first) before any does the next, and what
        they do in one step happens at once (their damage is one batch of simultaneous events).
        Each player keeps his own bindings (`as:`) and his own 'did the step before succeed?'."""
        order = self.turn_order()
        own = {p: {**b, "you": p, "opponent": self.state.opponent(p)} for p in order}
        last = dict.fromkeys(order, True)
        ok = True
        # each player's steps narrowed as any effect's are (narrow_choices: 'each player sacrifices a unit'
        # written as a choice then {sacrifice: N}: a unit he controls), with his own bindings
        steps = {p: self.narrow_choices(st["each_player"], own[p]) if self.game.own_cards_verbs else st["each_player"]
                 for p in order}
        for i, step in enumerate(st["each_player"]):
            if "then" in step and self.game.then_starts_sentence and self.pending and any(last.values()):
                self.hooks.sentence_break(self, b, 1)  # 'Then, each player ...': one break, before all of them
            with self.damage_together():
                for p in order:
                    self._last_success = last[p]
                    outer, self._each_player_step = self._each_player_step, True
                    try:
                        ok = self.run_in_sequence(steps[p][i], own[p]) and ok
                    finally:
                        self._each_player_step = outer
                    last[p] = self._last_success
        return ok
