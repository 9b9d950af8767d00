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
        reg.bind("use_limit_per_object", rid("701.3"))
        reg.bind("cancel_stops_play", rid("701.4"))
        reg.bind("no_refund_on_cancel", rid("701.4a"))
        reg.bind("trigger_every_instance", rid("702.1"))
        reg.bind("trigger_if_condition", rid("702.2"))
        reg.bind("pending_order_policy", rid("702.6"))
        reg.bind("target_legal_on_play", rid("704.1"))
        reg.bind("distinct_targets", rid("704.1b"))
        reg.bind("enters_with_modifiers", rid("705.1b"))
        reg.bind("as_much_as_possible", rid("706.3"))
        reg.bind("may_needs_full", rid("706.8"))
        reg.bind("extra_turn_limit", rid("707.2"))
        reg.bind("indefinite_current_state", rid("708.2"))
        reg.bind("while_condition", rid("708.3a"))
        reg.bind("definite_independent_of_source", rid("708.3c"))
        reg.bind("definite_not_locked", rid("708.3d"))
        reg.bind("replacement", rid("710.1"))
        reg.bind("replacement_order", rid("710.1a"))
        reg.bind("replacement_every_instance", rid("710.1b"))
        reg.bind("replacement_even_if_impossible", rid("710.1c"))
        reg.bind("replacement_once", rid("710.1d"))
        reg.bind("continuous_timestamp_order", rid("711.1"))
        reg.bind("dependency_order", rid("712.2"))

    def register_handlers(self) -> None:
        self.actions.update({"start": _start, "pass_turn": _pass_turn})
        self.steps.update({"go_again": _go_again, "discard_from_hand": _discard_from_hand,
                           "can:discard_from_hand": _can_discard_from_hand})

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
        if timing == "exhaust" and obj.exhausted:
            return "only a ready hero or obstacle can use an exhaust action power"
        return None

    def use_costs(self, engine, player, obj, ability, action) -> list[dict]:
        return [{"exhaust": obj.label}] if ability.get("timing") == "exhaust" else []

    def limit_period(self, engine, per: str) -> Any:
        return (per, engine.state.vars.get(per if per != "turn" else "turn"))

    def order_pending(self, engine, pending):
        """702.6: triggered powers on features first (lead player orders), then the lead
        player's, then the defending player's."""
        lead = self.lead_player(engine)
        other = engine.state.opponent(lead)
        features = [p for p in pending if p.is_feature]
        rest = [p for p in pending if not p.is_feature]
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


def _hand_choice(eng, st, b):
    player = eng.eval(st.get("player", "you"), b)
    return player, eng.zone_objs(player, "hand")


def _can_discard_from_hand(eng, st, b) -> bool:
    player, hand = _hand_choice(eng, st, b)
    return len(hand) >= eng.eval(st["discard_from_hand"], b)


def _discard_from_hand(eng, st, b) -> bool:
    player, hand = _hand_choice(eng, st, b)
    n = eng.eval(st["discard_from_hand"], b)
    done = 0
    for _ in range(min(n, len(hand))):
        hand = eng.zone_objs(player, "hand")
        label = eng.decide(player, "pick", [o.label for o in hand], "a card to discard")
        eng.move(eng.obj(label), "discard", cause="discard")
        done += 1
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
        eng.emit([{"type": "round_start", "round": eng.state.vars["round"]}])
    elif what == "combat":
        eng.state.vars["in_combat"] = True
        eng.state.vars["combat"] = (eng.state.vars.get("combat") or 0) + 1
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
    nxt = eng.state.opponent(player)
    if data.get("extra_turns"):
        data["extra_turns"] -= 1
        nxt = player
        eng.log("extra_turn", player=player)
    eng.state.vars["active"] = nxt
    eng.state.vars["turn"] = (eng.state.vars.get("turn") or 0) + 1


GAME = Huntik
