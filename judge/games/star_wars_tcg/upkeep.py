"""Upkeep and Bounty: paid and received as triggered abilities at the start of the build step."""
from __future__ import annotations

from judge.engine.cards import Ability
from judge.engine.keywords import keyword_values, parse_keyword
from judge.engine.state import Pending

from .memory import memory
from .pilots import ARENAS, is_pilot_on_unit, pilot_of


def build_step_triggers(eng, players) -> None:
    """At the start of the build step: the Upkeep of each player whose build step it is
    (build_step.build_step_players), and every bounty earned last turn."""
    sw = memory(eng)
    active = eng.state.vars.get("active")
    events = {p: {"type": "phase_begins", "phase": "build", "player": p} for p in players}
    zones = ARENAS + ("build", "stacked")
    for o in list(eng.state.objects.values()):
        if o.controller not in players or o.zone not in zones:
            continue
        ev = events[o.controller]
        vals = keyword_values(eng, o, "upkeep") if o.zone in ARENAS else [
            v for n, v in (parse_keyword(k) for k in o.card.keywords) if n == "upkeep"] + _given_by_pilot(eng, o)
        if not vals or not eng.on("upkeep_trigger"):
            continue
        if len(vals) > 1 and not eng.on("keyword_values_stack"):
            vals = [max(vals, key=lambda v: (v or [1])[0])]
        elsewhere = o.zone in ("build", "stacked") or is_pilot_on_unit(eng, o)
        if elsewhere:
            if not eng.on("upkeep_everywhere"):
                continue
            eng.fire("upkeep_everywhere")
        if "partial" in o.flags:
            if eng.applies("no_abilities_partially_built"):
                continue
        # each Upkeep the card has (its own, one a Pilot gives it) is a triggered ability of its own:
        # effects are cumulative, "that unit gets both abilities" (ruling:abilities-2)
        if len(vals) > 1:
            eng.fire("keyword_values_stack")
        if o.controller != active:
            eng.fire("build_step_each_player")  # the opponent's build step is this player's too
        for v in vals:
            eng.fire("upkeep_trigger")
            ab = Ability(-1, "trigger", {"name": "upkeep", "steps": [{"upkeep": (v or [1])[0]}]})
            eng.pending.append(Pending(o.oid, o.label, o.controller, ab, ev, o.timestamp))
    turn = eng.state.vars.get("turn") or 1
    for bounty in [x for x in sw["bounties"] if x["turn"] < turn]:
        sw["bounties"].remove(bounty)
        eng.fire("bounty_next_build_step")
        ab = Ability(-1, "trigger", {"name": "bounty",
                                     "steps": [{"player_counter": "force", "amount": bounty["amount"]}]})
        # the bounty comes at "the next turn's build step" whoever's turn it is: its event is its
        # player's build step starting (the active player's when the build step is his only)
        ev = events.get(bounty["player"]) or events[active]
        eng.pending.append(Pending(bounty["oid"], bounty["label"], bounty["player"], ab, ev, bounty["ts"]))


def _given_by_pilot(eng, unit) -> list:
    """The Upkeep values a Pilot on ``unit`` gives it while the unit is out of the arenas (retreated
    to the build zone with its Pilot, pilots-7). Out of play no continuous ability applies, so they
    are read from the Pilot's abilities: the keywords granted to the unit it pilots."""
    pilot = pilot_of(eng, unit)  # a unit carries one Pilot at most (pilots.pilot_onto)
    if pilot is None:
        return []
    vals = []
    b = eng.bindings_for(pilot, pilot.controller, {"it": unit})
    for ab in pilot.card.abilities:
        if ab.kind == "continuous" and ab.get("grant") and eng.eval(ab.get("applies_to", "it == this"), b):
            vals += [v for n, v in (parse_keyword(k) for k in ab.get("grant") if isinstance(k, str)) if n == "upkeep"]
    return vals


def earn_bounty(eng, unit) -> None:
    for vals in keyword_values(eng, unit, "bounty"):
        amount = vals[0] if vals else 1
        eng.log("bounty_earned", player=unit.controller, card=unit.label, amount=amount)
        if eng.on("bounty_next_build_step"):
            memory(eng)["bounties"].append({"player": unit.controller, "label": unit.label, "oid": unit.oid,
                                         "amount": amount, "turn": eng.state.vars.get("turn") or 1,
                                         "ts": eng.state.tick()})
        else:
            eng.step_player_counter({"player_counter": "force", "amount": amount}, {"you": unit.controller})


def step_upkeep(eng, st, b) -> bool:
    """{upkeep: N}: pay N Force or discard this unit; if you can pay, you must."""
    unit = b.get("this")
    player = b["you"]
    n = int(eng.eval(st["upkeep"], b))
    data = eng.state.player_data.setdefault(player, {})
    if unit is None or not hasattr(unit, "oid") or unit.oid not in eng.state.objects:
        return False
    if data.get("force", 0) >= n:
        must = eng.on("upkeep_must_pay")

        def check(v):
            if must and v is False:
                eng.fire("upkeep_must_pay")  # fired before refusing: the refusal names upkeep-1
                return "you can pay Upkeep, so you must pay it"
            return None

        pay = eng.decide_checked(player, "yesno", ["yes", "no"], f"whether to pay {unit.label}'s Upkeep {n}", check)
        if must:
            eng.fire("upkeep_must_pay")
        if pay:
            data["force"] -= n
            eng.log("upkeep_paid", player=player, card=unit.label, amount=n)
            return True
    eng.log("upkeep_unpaid", player=player, card=unit.label)
    eng.move(unit, "discard", cause="upkeep")
    return False


def register(game) -> None:
    game.steps["upkeep"] = step_upkeep
