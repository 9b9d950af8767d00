"""Huntik: Secrets & Seekers TCG: rounds and turns, lead and defending player, four zones per
player, exhaust / free / combat actions, go again, powers and modifiers (rules 700-712)."""
from __future__ import annotations

from typing import Any

from judge.engine.game import NOT_MINE, GameModule
from judge.engine.rules import Registry

G = "huntik"
HEROES = ("major hero", "minor hero")


def rid(local: str) -> str:
    return f"{G}:{local}"


class Huntik(GameModule):
    id = G
    name = "Huntik: Secrets & Seekers TCG"
    zones = ("deck", "hand", "discard", "zone1", "zone2", "zone3", "zone4", "features", "stack")
    play_zones = ("zone1", "zone2", "zone3", "zone4", "features")
    permanent_types = ("major hero", "minor hero", "feature", "obstacle", "item")
    leave_verbs = {"ko": ("discard", "ko"), "eliminate": ("discard", "eliminate"), "discard": ("discard", "discard")}
    played_event_timing = "resolve"  # 701.4: a cancelled action triggers nothing
    state_vars = {"active": "A", "lead": "A", "round": 1, "turn": 1, "in_combat": False, "combat": 0}
    player_fields = ("attacks",)
    object_flags = ("stunned",)

    def bind_rules(self, reg: Registry) -> None:
        reg.bind("granted_powers", rid("700.1"))
        reg.bind("exhaust_power_needs_ready", rid("701.2"),
                 does="only a ready hero or obstacle can use an exhaust action power, and doing so exhausts it",
                 off="an exhausted hero may use an exhaust action power too")
        reg.bind("use_limit_per_object", rid("701.3"))
        reg.bind("cancel_stops_play", rid("701.4"))
        reg.bind("no_refund_on_cancel", rid("701.4a"))
        reg.bind("trigger_every_instance", rid("702.1"))
        reg.bind("next_trigger_simultaneous", rid("702.1a"))
        reg.bind("trigger_if_condition", rid("702.2"))
        reg.bind("trigger_on_appear_disappear", rid("702.3"))
        reg.bind("trigger_event_state", rid("702.4"))
        reg.bind("becomes_change_only", rid("702.5"))
        reg.bind("pending_order_policy", rid("702.6"))
        reg.bind("target_legal_on_play", rid("704.1"))
        reg.bind("distinct_targets", rid("704.1b"))
        reg.bind("granted_power_targets_on_use", rid("704.1c"))
        reg.bind("enters_with_modifiers", rid("705.1b"))
        reg.bind("as_much_as_possible", rid("706.3"))
        reg.bind("may_needs_full", rid("706.8"))
        reg.bind("one_shot_no_duration", rid("707.1"),
                 does="a one-shot modifier has no duration: what it did (readying a hero) is not undone when the turn ends",
                 off="one-shot modifiers are undone at the end of the turn (a hero readied by one exhausts again)")
        reg.bind("extra_turn_limit", rid("707.2"))
        reg.bind("indefinite_current_state", rid("708.2"))
        reg.bind("while_condition", rid("708.3a"),
                 does="a definite modifier with a 'while' condition applies only while it is true; the condition "
                      "is not a duration: the modifier applies again whenever it is true again within its duration",
                 off="the 'while' condition is ignored")
        reg.bind("definite_independent_of_source", rid("708.3c"))
        reg.bind("definite_not_locked", rid("708.3d"))
        reg.bind("flag_affected_cards", rid("708.3e"))
        reg.bind("triggered_modifier_duration", rid("709.1"))
        reg.bind("replacement", rid("710.1"))
        reg.bind("replacement_order", rid("710.1a"))
        reg.bind("replacement_every_instance", rid("710.1b"))
        reg.bind("replacement_even_if_impossible", rid("710.1c"))
        reg.bind("replacement_once", rid("710.1d"))
        reg.bind("continuous_timestamp_order", rid("711.1"))
        reg.bind("simultaneous_modifier_order", rid("711.3"))
        reg.bind("dependency_order", rid("712.2"))
        reg.bind("dependency_loop", rid("712.3"))

    def register_handlers(self) -> None:
        self.actions.update({"start": _start, "pass_turn": _pass_turn})
        self.steps.update({"go_again": _go_again, "discard_from_hand": _discard_from_hand,
                           "can:discard_from_hand": _can_discard_from_hand, "choose_zone": _choose_zone,
                           "ready": _ready})

    def lead_player(self, engine) -> str:
        return engine.state.vars.get("lead") or "A"

    def obj_attr(self, engine, obj, name: str) -> Any:
        if name == "is_hero":
            return obj.card.type in HEROES
        return NOT_MINE

    # 701.2 and 701.4: when actions may be played / used
    def play_costs(self, engine, player, obj, action) -> list[dict]:
        if obj.card.type == "exhaust action":
            hero = action.get("exhaust")
            if not hero:
                engine.fail(f"{obj.label} is an exhaust action: name the ready hero to exhaust (exhaust: HERO)")
            h = engine.obj(hero)
            if h is None or h.controller != player or not engine.is_in_play(h) or h.card.type not in HEROES + ("obstacle",):
                engine.fail(f"{hero} is not a hero {player} controls in play")
            return [{"exhaust": hero}]
        return []

    def can_play(self, engine, player, obj, action) -> str | None:
        t = obj.card.type
        your_turn = engine.state.vars.get("active") == player
        cancels = any(s.get("chain") for a in obj.card.abilities for s in a.get("targets") or [])
        if t == "combat action":
            return None if engine.state.vars.get("in_combat") else "combat actions are played only during combat"
        if t in ("exhaust action", "free action"):
            if your_turn and not engine.state.chain:
                return None
            if cancels and engine.state.chain:
                return None  # 701.4: a cancel may be played as the opponent attempts an action
            return "exhaust and free actions are played on your own turn"
        if not your_turn or engine.state.chain:
            return "cards are put into play on your own turn"
        return None

    def can_use(self, engine, player, obj, ability, action) -> str | None:
        timing = ability.get("timing")
        if timing == "combat" and not engine.state.vars.get("in_combat"):
            return "combat action powers can be used only during combat"
        if timing in ("exhaust", "free") and engine.state.vars.get("active") != player:
            return "exhaust and free action powers are used on your own turn"
        if timing == "exhaust" and obj.exhausted and engine.on("exhaust_power_needs_ready"):
            engine.fire("exhaust_power_needs_ready")
            return "only a ready hero or obstacle can use an exhaust action power"
        return None

    def use_costs(self, engine, player, obj, ability, action) -> list[dict]:
        if ability.get("timing") != "exhaust" or (obj.exhausted and not engine.on("exhaust_power_needs_ready")):
            return []
        return [{"exhaust": obj.label}]

    def limit_period(self, engine, per: str) -> Any:
        return (per, engine.state.vars.get(per))

    def order_simultaneous_modifiers(self, engine, mods, matters):
        """711.3: modifiers that start to apply simultaneously: the lead player orders the
        timestamps of those he or she controls, all before the defending player's, who then
        orders his or hers. A player is asked only when the order changes something."""
        lead = self.lead_player(engine)
        out = []
        for player in (lead, engine.state.opponent(lead)):
            own = [m for m in mods if m["controller"] == player]
            if len(own) > 1 and matters(own):
                labels = [getattr(m["src"], "label", None) or str(m["key"]) for m in own]
                memo_key = ("711.3", player, tuple(sorted(str(m["key"]) for m in own)))
                if memo_key in engine.memo:
                    order = engine.memo[memo_key]
                elif engine.action_index is None or len(set(labels)) < len(labels):
                    engine._provisional = engine.action_index is None  # asked once the game is under way
                    order = labels
                else:
                    order = engine.decide(player, "order", labels,
                                          "the order of the timestamps of your simultaneous modifiers")
                    engine.memo[memo_key] = order
                    engine.fire("simultaneous_modifier_order")
                own = [m for _, m in sorted(zip(labels, own), key=lambda lm: order.index(lm[0]))]
            out.extend(own)
        out.extend(m for m in mods if m not in out)
        return out

    def state_checks(self, engine) -> bool:
        # continuous modifiers are in force at all times: evaluating them now makes players take
        # the decisions they need (711.3 timestamp order) as the game goes, not when read later
        engine.characteristics()
        return False

    def order_pending(self, engine, pending):
        """702.6: triggered powers on features first (lead player orders), then the lead
        player's, then the defending player's."""
        lead = self.lead_player(engine)
        other = engine.state.opponent(lead)
        features = [p for p in pending if p.source_type == "feature"]
        rest = [p for p in pending if p.source_type != "feature"]
        return [(lead, features), (lead, [p for p in rest if p.controller == lead]),
                (other, [p for p in rest if p.controller == other])]


# -- steps -------------------------------------------------------------------------------------

def _go_again(eng, st, b) -> bool:
    """707.2: go again lets the turn player take one additional turn; several go agains in one
    turn still give only one."""
    player = eng.state.vars.get("active")
    data = eng.state.player_data.setdefault(player, {})
    turn = eng.state.vars.get("turn")
    granted = data.setdefault("_go_again_turns", [])
    if turn in granted and eng.on("extra_turn_limit"):
        eng.fire("extra_turn_limit")
        eng.log("go_again", player=player, extra_turn=False)
        return True
    granted.append(turn)
    data["extra_turns"] = data.get("extra_turns", 0) + 1
    eng.log("go_again", player=player, extra_turn=True)
    return True


def _ready(eng, st, b) -> bool:
    """Ready: a one-shot modifier (707.1). Readied heroes are remembered for the turn, so that the
    mechanic switched off can undo them at the end of the turn."""
    objs = eng.resolve_ref(st["ready"], b)
    ok = bool(objs) and all([eng.set_exhausted(o, False) for o in objs])
    if ok:
        data = eng.state.player_data.setdefault(eng.state.vars.get("active"), {})
        data.setdefault("_one_shot_readied", []).extend(o.label for o in objs)
    return ok


def _choose_zone(eng, st, b) -> bool:
    """{choose_zone: PLAYER, as: NAME}: a player chooses a zone (1-4) as the power resolves."""
    player = eng.eval(st.get("choose_zone") or "you", b)
    zones = [z for z in eng.game.play_zones if z.startswith("zone")]
    b[st["as"]] = eng.decide(player, "option", zones, st.get("what", "a zone"))
    eng.log("zone_chosen", player=player, zone=b[st["as"]])
    return True


def _hand_choice(eng, st, b):
    player = eng.eval(st.get("player", "you"), b)
    return player, eng.zone_objs(player, "hand")


def _can_discard_from_hand(eng, st, b) -> bool:
    player, hand = _hand_choice(eng, st, b)
    return len(hand) >= eng.eval(st["discard_from_hand"], b)


def _discard_from_hand(eng, st, b) -> bool:
    player, hand = _hand_choice(eng, st, b)
    n = eng.eval(st["discard_from_hand"], b)
    if len(hand) < n:  # 706.3: only as much as possible is performed
        if not eng.on("as_much_as_possible"):
            return False
        eng.fire("as_much_as_possible")
    done = min(n, len(hand))
    for _ in range(done):
        hand = eng.zone_objs(player, "hand")
        label = eng.decide(player, "pick", [o.label for o in hand], "a card to discard")
        eng.move(eng.obj(label), "discard", cause="discard")
    return done == n


# -- actions (fixture verbs) --------------------------------------------------------------------

def _start(eng, player, act) -> None:
    """{start: round} -- a new round begins: 'this round' modifiers end, 'at the start of each
    round' powers trigger. {start: combat} / {end: combat} are the combat markers."""
    what = act["start"]
    if what == "round":
        eng.expire("round")
        eng.state.vars["round"] = (eng.state.vars.get("round") or 0) + 1
        eng.state.vars["active"] = eng.state.vars.get("lead") or "A"
        eng.touch()
        eng.emit([{"type": "round_start", "round": eng.state.vars["round"]}])
    elif what == "combat":
        eng.state.vars["in_combat"] = True
        eng.state.vars["combat"] = (eng.state.vars.get("combat") or 0) + 1
        eng.touch()
        eng.emit([{"type": "combat_start"}])
    else:
        eng.fail(f"cannot start {what!r}: use round or combat")


def _pass_turn(eng, player, act) -> None:
    """{player: A, pass_turn: true} -- A's turn ends; the opponent (or A again, with an extra turn)
    takes the next one."""
    if eng.state.vars.get("active") != player:
        eng.fail(f"it is not {player}'s turn")
    if eng.state.chain:
        eng.fail("the turn cannot end while actions are waiting to resolve (pass first)")
    eng.expire("turn")
    data = eng.state.player_data.setdefault(player, {})
    readied = data.pop("_one_shot_readied", [])
    if readied:
        if eng.on("one_shot_no_duration"):
            eng.fire("one_shot_no_duration")
        else:
            for label in readied:
                o = eng.obj(label)
                if o is not None and eng.is_in_play(o):
                    eng.set_exhausted(o, True)
    nxt = eng.state.opponent(player)
    if data.get("extra_turns"):
        data["extra_turns"] -= 1
        nxt = player
        eng.log("extra_turn", player=player)
    eng.state.vars["active"] = nxt
    eng.state.vars["turn"] = (eng.state.vars.get("turn") or 0) + 1
    eng.touch()  # 'while it is your turn' and other conditions read the turn


GAME = Huntik
