"""The chain: playing cards and using abilities (targets, costs, limits), resolving chain items last in first out, passing, and the end of durations.

Part of the Engine (judge/engine/engine.py composes it); methods use the engine's state via ``self``."""
from __future__ import annotations

from judge.engine.cards import Ability
from judge.engine.context import Gone
from judge.engine.expr import ExprError, names_in
from judge.engine.state import ChainItem, Obj, ReplayError, effect_key, flow_text


#: id of an ability's data -> (the data, whether it reads x): the data is kept so that its id is not reused
_READS_X: dict[int, tuple] = {}


def _reads_x(obj: Obj, data, card: bool) -> bool:
    """Does playing the card (its printed cost X) or its ability's data (cost, targets, steps) read the name
    ``x`` -- an X its player chooses? Not where the ability binds a name ``x`` itself (``as: x``)."""
    if card and str(obj.card.cost).strip().upper() == "X" and not any(
            "x" in (ab.get("set") or {}) for ab in obj.card.continuous):
        return True  # a printed cost X the player chooses (not one the card's text defines: an always-on `set: {x}`)
    if not data:  # (an empty ability made for a card with none: nothing to keep)
        return False
    got = _READS_X.get(id(data))
    if got is None or got[0] is not data:
        got = _READS_X[id(data)] = (data, _any_x(data) and not _binds_x(data))
    return got[1]


def _binds_x(node) -> bool:
    if isinstance(node, dict):
        return node.get("as") == "x" or any(_binds_x(v) for v in node.values())
    if isinstance(node, list):
        return any(_binds_x(v) for v in node)
    return False


def _any_x(node) -> bool:
    if isinstance(node, dict):
        return any(_any_x(v) for v in node.values())
    if isinstance(node, list):
        return any(_any_x(v) for v in node)
    if isinstance(node, str) and "x" in node:
        try:
            return "x" in names_in(node)
        except ExprError:
            return False
    return False


class ChainMixin:
    def refuse_moving_on_with_chain(self) -> None:
        """A phase (step, turn) ends only once the chain is empty: what was played or triggered takes effect
        in the phase it was played in, when the players let it (Hatalom 8.5.3 'a kijátszásuk után azonnal';
        a script that moves on without `{pass: all}` would carry it into the next phase or turn). Asked by the
        `begin` / `end` of the games whose game actions may answer the chain (Hatalom, Warhammer); in the others
        the replay resolves the chain before any game action (``resolve_chain_before_game_actions``)."""
        if self.state.chain:
            waiting = ", ".join(dict.fromkeys(item.source_label for item in self.state.chain))
            self.fail(f"the phase cannot end while {waiting} waits on the chain (write {{pass: all}} first)")

    def play(self, player: str, label: str, action: dict) -> ChainItem:
        self.hooks.taking_action(self, player, "play")
        obj = self.obj(label)
        if obj is None:
            self.fail(f"{label!r} is not in the game")
        if obj.zone != action.get("from", "hand"):
            self.fail(f"{player} cannot play {label}: it is in {obj.where}, not in {player}.{action.get('from', 'hand')}")
        if obj.owner != player and not self.hooks.others_card_playable(self, player, obj, action):
            whose = f"{obj.owner} owns it" if obj.side == player else \
                f"it is in {obj.where}, not in {player}.{action.get('from', 'hand')}"
            self.fail(f"{player} cannot play {label}: {whose}", rule=self.hooks.others_card_rule(self, player, obj, action))
        self.begin_check()
        reason = self.hooks.can_play(self, player, obj, action)
        if reason:
            self.fail(f"{player} cannot play {label}: {reason}", rule=getattr(reason, "keys", None), text=getattr(reason, "text", None))
        ab = obj.card.play_ability or Ability(-1, "play", {})
        return self.announce(player, obj, ab, action, card=True)

    def use(self, player: str, label: str, action: dict) -> ChainItem:
        self.hooks.taking_action(self, player, "use")
        self.begin_check()  # what the game did before the use (a pass it counted) does not refuse it
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
            # by name, or by number as the trace names an unnamed one: `ability: 2` is "ability 2", the second
            # (a 0-based index made `ability: 1` use the second action while the trace called it "ability 2")
            abilities = [a for a in abilities if a.name == wanted or isinstance(a.index, int) and a.index + 1 == wanted]
        if not abilities:
            self.fail(f"{label} has no usable action{f' named {wanted!r}' if wanted else ''}")
        ab = abilities[0]
        if len(abilities) > 1:
            ab = self._power_to_use(obj, [a for a in abilities if a.name == ab.name])
        # a card outside play is its owner's (zones.py): "its owner if it has no controller"
        if obj.controller != player and self.on("controller_uses_powers"):
            self.fire("controller_uses_powers")
            # a card outside play has no controller: the player who may use it is its owner
            who = f"its controller ({obj.controller})" if self.is_in_play(obj) else f"its owner ({obj.owner})"
            self.fail(f"{player} cannot use {label}: only {who} can", rule="controller_uses_powers")
        areas = ab.get("functions_in")
        if obj.zone not in (areas or self.game.play_zones) and self.on("powers_function_in_play"):
            # a power functions in play, or only in the areas its text names ('While I'm in your discard
            # pile, ...'): not on the card in play then
            self.fire("powers_function_in_play")
            where = f"its power functions only in {', '.join(areas)}" if areas and self.is_in_play(obj) \
                else "it is not in play"
            self.fail(f"{player} cannot use {label}: {where}", rule="powers_function_in_play")
        self.begin_check()
        reason = self.hooks.can_use(self, player, obj, ab, action)
        if reason:
            self.fail(f"{player} cannot use {label}: {reason}", text=getattr(reason, "text", None))
        limit = ab.get("limit")
        if limit:
            self.begin_check()
            per = self.hooks.limit_period(self, limit.get("per", "turn"))
            count = limit.get("count", 1)
            # uses are counted both per object and per card name: the per-object rule is traced only
            # where the two counts differ (another copy's uses would have stopped this one)
            name_key = (obj.card.name, ab.name, per)
            key, store = self._limit_count(obj, ab, per)
            if store.get(key, 0) >= count:
                if store is obj.uses:
                    self.fire("use_limit_per_object")  # the rule that counts the restriction refuses
                self.fail(f"{player} cannot use {label}'s {ab.name} again: limit {count} per {limit.get('per', 'turn')}",
                          text=self.power_text(obj, ab))
            if store is obj.uses and self.state.name_uses.get(name_key, 0) >= count:
                self.fire("use_limit_per_object")  # allowed only because the count is per object
            store[key] = store.get(key, 0) + 1
            if store is obj.uses:
                self.state.name_uses[name_key] = self.state.name_uses.get(name_key, 0) + 1
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

    def _power_to_use(self, obj: Obj, same: list[Ability]) -> Ability:
        """Of several powers of ``obj`` with the name the action gives (two given by two modifiers), the one
        used: the first whose 'once per X' restriction still allows it. Each is its own power with its own
        restriction, counted per object and per power (use_limit_per_object); switched off, the count is
        per card name and power name, so one spent restriction stops them all. Refused later (the limit
        check) when none is left."""
        for ab in same:
            limit = ab.get("limit")
            if not limit:
                return ab
            key, store = self._limit_count(obj, ab, self.hooks.limit_period(self, limit.get("per", "turn")))
            if store.get(key, 0) < limit.get("count", 1):
                return ab
        return same[0]

    def power_text(self, obj: Obj, ab: Ability) -> str | None:
        """The card whose text ``ab`` is (a refusal by its use limit, condition or target description names
        it, refused_by_text): ``obj``'s own, or, for a power a modifier gave ``obj`` (grant_powers: quoted
        text added by a modifier), the card whose effect created that modifier -- remembered by label after
        it has left play. None when that modifier is no longer found."""
        if not (isinstance(ab.index, tuple) and ab.index and ab.index[0] == "granted"):
            return self.pool.full_name(obj.card)
        key = ab.index[1]  # str(the modifier's key): state.effect_key for an effect, (oid, index) for an always-on one
        eff = next((e for e in self.state.effects if str(effect_key(e)) == key), None)
        if eff is not None:
            return self.card_name(eff.source_label)
        src = next((o for o in self.objects_with("gives_powers")
                    if any(str((o.oid, a.index)) == key for a in o.card.gives_powers)), None)
        return self.pool.full_name(src.card) if src is not None else None

    def _distinct_refused_by_text(self, obj: Obj, ab: Ability, spec: dict, tgt, b: dict) -> str | None:
        """The card whose own text refuses one object as two targets of ``ab`` (refused_by_text): where the
        game binds no rule for it (distinct_targets unbound: Star Wars' blog states none), the card's own
        target description says so when it excludes the earlier target (Twin Strike's 'another target unit',
        written ``filter: "is_unit(it) and it != first"``). Where a rule of the game states it, that rule
        refuses (the bound mechanic fired), not the card; a card whose description does not exclude it is
        refused by the core's default, naming nothing."""
        if "distinct_targets" in self._mechanics:
            return None
        return self.refused_target_text(spec, tgt, b, self.power_text(obj, ab))

    def trigger_target_text(self, p, label: str, spec: dict, value, b: dict) -> str | None:
        """The card a triggered ability's refused target ``value`` names (refused_target_text): its
        own card -- followed by its label once it has left play (a self-referential leave-play effect) -- or,
        for a triggered modifier (``p`` None: one being created, ``label`` its creator), the card whose
        effect created it."""
        if not isinstance(value, str):
            return None
        tgt = (value if value in self.state.players else None) if spec.get("player") else self.obj(value)
        if tgt is None:
            return None
        if p is None or p.effect is not None:
            own = self.card_name(p.effect.source_label if p is not None else label)
        else:
            card = self.state.objects.get(p.source) or self.obj(p.source_label)
            own = self.power_text(card, p.ability) if card is not None else None
        return self.refused_target_text(spec, tgt, b, own)

    def _own_cost_refuses(self, own: list, costs: list, b: dict, player: str) -> bool:
        """Is the cost the power's own text states (``own``: 'discard a card to ...') what cannot be paid, so
        that the refusal names that text (power_text)? A step of it that cannot be done as the text writes it
        (not as a game rule narrowed it: a rule that made it unpayable is the one refusing), or the resources
        it adds where the other costs alone could be paid. Costs a game rule or another card added (an
        exhaust, a tax, a printed play cost) are not the text's."""
        if not own:
            return False
        if self.undoable_steps(own, b):
            return True
        have = self.spendable_resources(player)
        others = [c for c in costs if not any(c is s for s in own)]
        return self.resources_needed(costs, b) > have >= self.resources_needed(others, b)

    def _limit_count(self, obj: Obj, ab: Ability, per: str) -> tuple[tuple, dict]:
        """Where the uses of ``ab``'s 'once per X' restriction are counted, (key, store): per object and
        power (use_limit_per_object), or, switched off, per card name and power name."""
        if self.on("use_limit_per_object"):
            return (ab.index, per), obj.uses
        return (obj.card.name, ab.name, per), self.state.name_uses

    def unused_targets(self, source: str, given: list, problem: str | None = None) -> None:
        """Scripted targets the play never asked for: an error (``problem``, or a plain one), except under
        ablation, where a target the rules no longer ask for is logged and ignored, like a choice."""
        if self.lenient:
            self.log("targets_ignored", source=source, targets=[str(t) for t in given])
        else:
            self.fail(problem or f"{source}: scripted target(s) never used: {', '.join(map(str, given))}",
                      kind="unused")

    def _pay_costs(self, player: str, obj: Obj, ab: Ability, action: dict, card: bool, b: dict,
                   item: ChainItem) -> None:
        """The play's or the ability's costs (the game's, then its text's), all judged before any is paid;
        what is paid with a card is noted on the chain item (``paid``)."""
        own = list(ab.get("cost") or [])  # the cost the card's (or the giver's) text states
        costs = (self.hooks.play_costs(self, player, obj, action) if card
                 else self.hooks.use_costs(self, player, obj, ab, action)) + own
        costs = self.cost_choices(self.hooks.cost_steps(self, player, obj, None if card else ab, action, costs))
        unpaid = self.undoable_steps(costs, b)  # identical steps together: two 'sacrifice one' need two cards
        need = self.resources_needed(costs, b)
        short = need > self.spendable_resources(player)
        if unpaid or short:
            if self.on("costs_paid_in_full"):
                # all costs are checked before any is paid: nothing is spent on a play that can't be made
                what = flow_text(unpaid[0]) if unpaid else f"{need} resources in all"
                # a rule that added to the costs (a target tax ...) refuses first; else the costs rule; a card
                # whose effect raised them is named beside it
                text = self.hooks.cost_refused_by(self, player, obj, unpaid)  # may fire the rule that decided
                decided = self.decided()
                if text is None and not decided and self._own_cost_refuses(own, costs, b, player):
                    # no game rule made it unpayable: the cost the power's text states refuses (the giver's
                    # text for a given power), beside the general costs rule where a game binds one
                    text = self.power_text(obj, ab)
                self.fail(f"{player} cannot pay the cost of {obj.label}: {what}",
                          rule=None if decided else "costs_paid_in_full", text=text)
            costs = [c for c in costs if c not in unpaid and not (short and self.verb_of(c) == "pay")]
        for cost in costs:
            verb = self.verb_of(cost)
            for o in (self.resolve_ref(cost[verb], b) if verb in self.game.paid_cost_verbs else []):
                item.paid.append((verb, o.oid))
            self.run_step(cost, b)

    def announce(self, player: str, obj: Obj, ab: Ability, action: dict, card: bool) -> ChainItem:
        if "x" not in action and not self.lenient and _reads_x(obj, ab.data, card):
            # X is the player's to choose: a script that leaves it out would play X = 0 without a word
            self.fail(f"{obj.label}'s {'play' if card else 'ability'} has an X: write x: N on the action (the X "
                      f"{player} chooses; x: 0 for none)", kind="bad_choice")
        # ``_power``: the kind of the power doing this (play, action, trigger ...), for a game whose restrictions
        # name kinds of effect (Vs. System's 'cannot be the target of payment or triggered effects')
        b = self.bindings_for(obj, player, {"x": action.get("x", 0), "_power": ab.kind})
        # targets are declared first, then costs are paid
        targets: dict[str, list[int]] = {}
        given = list(action.get("targets") or [])
        chosen_by: dict = {}  # each power's targets so far (the objects' oids, the players' names)
        named: list[str] = []  # the targets' labels / players, in the order chosen
        for spec in ab.get("targets") or []:
            n, chosen_all = spec.get("count", 1), chosen_by.setdefault(spec.get("power"), [])
            picks = []
            for _ in range(n):
                if not given and spec.get("up_to"):  # 'up to N targets': the player chose no more
                    break
                if not given:
                    self.begin_check()
                    # nothing to choose from: the play is refused by the targeting rule (a scenario that
                    # scripted no target is not at fault); otherwise the scenario must say which
                    checked = self.on("target_legal_on_play")
                    if not spec.get("chain") and (checked or self.lenient):
                        legal = self.legal_targets(spec, b)
                        # a target already chosen for this ability is no choice left only by distinct_targets
                        left = ([o for o in legal if _key(o) not in chosen_all] if self.on("distinct_targets")
                                else legal)
                        if checked and not left:
                            self.fire("target_legal_on_play")
                            if legal:
                                self.fire("distinct_targets")
                            self.fail(f"{obj.label}: no legal target for {spec['name']!r} "
                                      f"({spec.get('filter', 'in play')})")
                        if self.lenient:  # ablation: the first legal target
                            given = [o if isinstance(o, str) else o.label for o in left[:1]]
                    if not given:
                        self.fail(f"{obj.label}: missing target {spec['name']!r} ({spec.get('filter', 'any')})",
                                  kind="missing_choice")
                label = given.pop(0)
                self.begin_check()
                if spec.get("chain"):
                    item = self._chain_target(label, spec, b, self.power_text(obj, ab))
                    picks.append(item)
                    named.append(item.source_label)
                    continue
                # 704.1 (Huntik) and like rules: a target is a card, or a player where its description says
                # 'target player' (``player: true``); a player is named as the scenario names him
                tgt = (label if label in self.state.players else None) if spec.get("player") else self.obj(label)
                if tgt is None:
                    self.fail(f"{obj.label}: target {label!r} is not "
                              f"{'a player' if spec.get('player') else 'in the game'}")
                if self.on("distinct_targets") and _key(tgt) in chosen_all:
                    self.fire("distinct_targets")
                    self.fail(f"{obj.label}: {label} cannot be chosen as two targets of one ability",
                              text=self._distinct_refused_by_text(obj, ab, spec, tgt, b))
                if self.on("target_legal_on_play") and not self.is_legal_target(spec, tgt, b):
                    # the card's text refuses only where its target description is what the target fails
                    # (a game rule -- can_target -- or the target's area may refuse a card that fits it);
                    # read before the targeting rule fires, which stays the last rule to decide
                    # (or, where the game's rule refuses a target that fits, the card whose effect made it so)
                    text = self.refused_target_text(spec, tgt, b, self.power_text(obj, ab))
                    self.fire("target_legal_on_play")  # traced where it refuses: a legal target changes nothing
                    zones = spec.get("zones") or self.game.play_zones
                    where = "" if spec.get("player") or tgt.zone in zones else (
                        f": it is in {tgt.where}, not in " + (", ".join(spec["zones"]) if spec.get("zones") else "play"))
                    self.fail(f"{obj.label}: {label} is not a legal target ({spec.get('filter', 'in play')}){where}",
                              text=text)
                picks.append(tgt)
                chosen_all.append(_key(tgt))
                named.append(tgt if spec.get("player") else tgt.label)
            # a chosen player stays bound by name (players never leave the game: nothing to re-check)
            targets[spec["name"]] = [] if spec.get("chain") or spec.get("player") else [t.oid for t in picks]
            b[spec["name"]] = picks if n > 1 or spec.get("up_to") else picks[0]
        if given:
            self.unused_targets(obj.label, given)
        self.begin_check()
        if ab.get("condition") is not None and not self.eval(ab.get("condition"), b):
            # the card's condition refuses; a game whose rules say that an unmet condition keeps an
            # ability from being triggered (conditions_to_trigger), or that a restriction on playing a
            # card functions where it is played from, names that rule as the one refusing
            refused = f"{obj.label}: condition not met ({ab.get('condition')})"
            if not card or self.on("restrictions_function_where_playable"):
                if card and "restrictions_function_where_playable" in self._mechanics:
                    self.fire("restrictions_function_where_playable")
                    self.fail(refused, rule="restrictions_function_where_playable",
                              text=self.pool.full_name(obj.card))
                if self.on("conditions_to_trigger"):
                    self.fire("conditions_to_trigger")
                    self.fail(refused, rule="conditions_to_trigger" if "conditions_to_trigger" in self._mechanics
                              else None, text=self.power_text(obj, ab))
        item = ChainItem(len(self.state.chain) + 1 + self.state.clock, player, obj.oid, obj.label, ab,
                         None, targets, action.get("x", 0), bindings={k: v for k, v in b.items()})
        if action.get("zone"):
            item.bindings["zone"] = action["zone"]
        self.begin_check()
        # the card being played is no longer where it was played from while its costs are judged and paid: a
        # cost that discards a card from the hand cannot discard it (Warhammer: a card being played 'is
        # considered to be neither out of play nor in play'); ZonesMixin.zone_objs leaves it out
        self.being_played = obj if card and self.on("played_card_in_no_zone") else None
        try:
            self._pay_costs(player, obj, ab, action, card, b, item)
        finally:
            self.being_played = None
        # names bound while the costs were paid (a card chosen or noted as it was triggered) are known
        # when the effect resolves
        item.bindings.update({k: v for k, v in b.items() if k not in item.bindings})
        if card:
            new = self.move(obj, "stack", side=player, cause="play")
            item.card_obj = new.oid if new else None
        self.state.chain.append(item)
        if any(i.pending is not None for i in self.state.chain[:-1]):
            self.fire("triggers_on_chain")  # a response to a triggered ability waiting on the chain
        self.log("played" if card else "used", player=player, card=obj.label, ability=ab.name,
                 targets=named,
                 **({"x": item.x} if item.x else {}))
        if card and self.game.played_event_timing == "announce" or (
                card and not self.on("cancel_stops_play")):
            self.emit_played(item)
        if self.passes and self.on("passes_consecutive"):  # ablated: earlier passes still count
            self.fire("passes_consecutive")
            self.passes.clear()
        return item

    def emit_played(self, item: ChainItem) -> None:
        obj = self.state.objects.get(item.card_obj) if item.card_obj else None
        # the card an exhaust cost of the play exhausted (a Huntik hero that "plays" an exhaust action card)
        exhausted = next((self.state.objects.get(oid) for verb, oid in item.paid if verb == "exhaust"), None)
        self.emit_card_played(obj, item.controller, item.source_label, exhausted)
        item.bindings["_played_emitted"] = True

    def emit_card_played(self, obj, player: str, label: str | None = None, exhausted=None) -> None:
        """Announce that ``player`` played ``obj`` (event card_played). "name": the card's name (a card
        text's filter reads it), not its label: a second copy is labelled "Hyperstride#2" and is still a
        Hyperstride. "exhausted_card": the card exhausted to pay for the play, or None -- who played it,
        where a card's text says "whenever I play ..." of a card exhausted to play it (Huntik 701.2)."""
        self.emit([{"type": "card_played", "obj": obj, "card": obj, "player": player,
                    "name": obj.card.name if obj is not None else label, "exhausted_card": exhausted}])

    def _chain_target(self, label: str, spec: dict, b: dict, text: str | None = None) -> ChainItem:
        """The item on the chain ``label`` names, a target of the ability being played; one that fails the
        ability's own target description is refused by that card's text (``text``), as a target in play is."""
        for item in reversed(self.state.chain):
            if item.source_label == label and not item.cancelled:
                cb = {**b, "it": item, "item_card": self.state.objects.get(item.card_obj)}
                if self.eval(spec.get("filter", "true"), cb) or not self.on("target_legal_on_play"):
                    return item
                self.fire("target_legal_on_play")
                self.fail(f"{label} on the chain is not a legal target ({spec.get('filter')})", text=text)
        self.fail(f"{label!r} is not on the chain")

    def resolve_chain(self) -> None:
        # a triggered ability going on the chain now gets an action window; a chain resolved inside a
        # resolution (a card script) leaves the outer one resolving
        outer, self._chain_resolving = self._chain_resolving, True
        try:
            self._resolve_chain()
        finally:
            self._chain_resolving = outer

    def _resolve_chain(self) -> None:
        # once the game has ended (engine.end_game) what still waits on the chain does not resolve
        while self.state.chain and not self.game_over:
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
        if item.pending is not None and not item.cancelled:  # a triggered ability on the chain
            self.resolve_trigger(item.pending, item.targets)
            return
        self.hooks.before_resolve(self, item)
        try:
            self._resolve_item(item)
        finally:
            self.hooks.after_resolve(self, item)

    def _resolve_item(self, item: ChainItem) -> None:
        card_obj = self.state.objects.get(item.card_obj) if item.card_obj else None
        if item.cancelled:
            if card_obj is not None:
                self.move(card_obj, self.game.discard_zone, cause="cancelled")
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
                b["this"] = b["me"] = Gone(item.source_label)
        if card_obj is not None:
            b["this"] = b["me"] = card_obj
        if card_obj is not None and not item.bindings.get("_played_emitted"):
            self.emit_played(item)
            self.settle()
        ab = item.ability
        # 'Play / Use this only if ...' restricts playing or using it; it is looked at again as the effect
        # resolves only where a game's rules say so and bind it (Warhammer: 'conditional requirements ... must
        # be checked a second time') or name a rule that leaves it out (absent:). Elsewhere a card legally
        # played resolves (Vs. System's Good Night, Sweet Prince after its Crime Lords character changed sides)
        if ab.get("condition") is not None and ("condition_recheck" in self._mechanics
                                                or "condition_recheck" in self._absent) \
                and self.on("condition_recheck"):
            if not self.eval(ab.get("condition"), b):
                self.fire("condition_recheck")
                self.log("effect_cancelled", source=item.source_label, reason="condition_failed")
                if card_obj is not None:
                    self.move(card_obj, self.game.discard_zone, cause="cancelled")
                return
        elif ab.get("condition") is not None and self.left_out("condition_recheck") \
                and not self.eval(ab.get("condition"), b):
            self.fire_left_out("condition_recheck")  # the game's rules decide: it resolves all the same
        if not self.recheck_targets(item.source_label, ab.get("targets") or [], item.targets, b):
            if card_obj is not None:
                self.move(card_obj, self.game.discard_zone, cause="cancelled")
            return
        if not self.done_in_full_or_not_at_all(item.source_label, ab.get("steps") or [], b):
            if card_obj is not None:
                self.move(card_obj, self.game.discard_zone, cause="cancelled")
            return
        self.log("resolving", source=item.source_label, ability=ab.name)
        self.run_steps(ab.get("steps") or [], b)
        card_obj = self.state.objects.get(item.card_obj) if item.card_obj else None
        if card_obj is not None:
            self.hooks.resolve_played_card(self, item, card_obj)

    def recheck_targets(self, source: str, specs: list, chosen: dict, b: dict) -> bool:
        """Re-check the targets ``chosen`` ({name: [oid]}) as the effect resolves (target_recheck): the
        legal ones are bound into ``b``; False (logged cancelled) when none is legal any more."""
        # a player stays a legal target (players do not leave the game): an effect that also targets one
        # is not cancelled when all its card targets are gone, it affects the legal ones only
        player_target = any(s.get("player") for s in specs)
        specs = [s for s in specs if not s.get("chain") and not s.get("player")]
        if not specs or not self.on("target_recheck"):
            if specs and self.left_out("target_recheck") and not all(
                    (t := self.state.objects.get(oid)) is not None and self.is_legal_target(spec, t, b)
                    for spec in specs for oid in chosen.get(spec["name"], [])):
                self.fire_left_out("target_recheck")  # the game's rules decide: it resolves all the same
            return True
        any_legal, all_legal = False, True
        for spec in specs:
            legal = []
            for oid in chosen.get(spec["name"], []):
                tgt = self.state.objects.get(oid)
                if tgt is not None and self.is_legal_target(spec, tgt, b):
                    legal.append(tgt)
                else:
                    all_legal = False
                    self.log("target_illegal", source=source,
                             target=tgt.label if tgt else "(object no longer exists)")
            n = spec.get("count", 1)
            b[spec["name"]] = legal if n > 1 or spec.get("up_to") else (legal[0] if legal else Gone("illegal target"))
            any_legal = any_legal or bool(legal)
        if not all_legal:  # the recheck changed something only when a target became illegal
            self.fire("target_recheck")
        if not any_legal and not all_legal and not player_target:  # (none chosen, 'up to N': nothing became illegal)
            self.log("effect_cancelled", source=source, reason="illegal_target")
            return False
        if not all_legal and "as_much_as_possible" in self._mechanics:
            # some targets are gone: the effect can be done only in part -- as far as possible, or (the
            # rule off) not at all
            if not self.on("as_much_as_possible"):
                self.log("effect_cancelled", source=source, reason="not_in_full")
                return False
            self.fire("as_much_as_possible")
        return True

    def pass_until_empty(self) -> None:
        """All players keep passing until the chain is empty and nothing waits to go on it: the end of a
        script; in a game whose triggered abilities use the chain, also before a game action. Not once the
        game has ended: nothing more resolves then."""
        while self.state.chain and not self.game_over:
            self.resolve_chain()
            self.settle()

    def pass_priority(self, who: str) -> None:
        players = self.state.players if who == "all" else [who]
        empty = not self.state.chain
        for p in players:
            if who != "all":  # all players passing: whoever's turn it was, everyone has passed
                self.hooks.taking_action(self, p, "pass")
            self.passes.add(p)
            self.log("passed", player=p)
        if self.passes >= set(self.state.players):
            self.resolve_chain()
            if empty:  # all passed with nothing to resolve: the action window closes
                self.hooks.action_window_closes(self, "passed")


def _key(target: Obj | str) -> int | str:
    """What tells two chosen targets apart: an object's oid, a player's name."""
    return target if isinstance(target, str) else target.oid
