"""'Lower the cost of the next <card> you play this turn' (Runefang of Solland, We'z Bigga!): the effects
waiting for that card, and the card that uses one up -- played from hand by the player (costs.py), or by an
effect, or put into play while put_into_play_not_played is off (playing.py). Its own module so that both
read it without importing each other."""
from __future__ import annotations


def register(game) -> None:
    game.steps["lower_next_cost"] = lower_next_cost
    game.steps["use_next_cost"] = use_next_cost
    game.functions["lowered"] = lowered


def _mem(eng) -> list:
    """The 'next card' lowerings still waiting (engine.memory "whi.next_cost")."""
    return eng.memory("whi.next_cost", {"waiting": []})["waiting"]


def next_card_lowerings(eng, player, obj, use_up: bool = True) -> list[dict]:
    """The 'lower the cost of the next <card> you play this turn' effects ``obj`` meets when ``player`` plays
    it: every one still lasting whose card it matches -- each waits for 'the next <card>', so one card meets
    them all (two We'z Bigga! lower the same next unit by 2) -- used up as they are met; with ``use_up``
    False only looked at (the play's costs: a cost step, use_next_cost, uses them up once they are paid, so
    a play the rules refuse leaves them waiting)."""
    pending = _mem(eng)
    met = []
    for entry in list(pending):
        if entry["player"] != player or not eng.eval(entry["filter"], {**entry["bindings"], "it": obj}):
            continue
        if entry["period"] != eng.game.limit_period(eng, entry["per"]):
            # a conditional action ('the next ... this turn') lasts until its condition is met or the
            # turn ends, whichever is first
            if entry["per"] != "turn" or eng.on("turn_effects_expire"):
                if entry["per"] == "turn":
                    eng.fire("turn_effects_expire")
                continue
        # a conditional action lasts until its condition is met (clarification:conditional-actions): the card
        # that meets it uses the lowering up; off, it lasts to the end of the turn and lowers every such card
        if use_up:
            entry["cards"].append(obj)  # 'that card' (lowered): the card as it met the lowering
            if eng.on("conditional_action_ends_when_met"):
                eng.fire("conditional_action_ends_when_met")
                pending.remove(entry)
        met.append(entry)
    return met


def use_up_steps(met: list[dict]) -> list[dict]:
    """The cost step that uses up the lowerings ``met`` (next_card_lowerings, looked at) as the play is paid."""
    return [{"use_next_cost": [e["n"] for e in met]}] if met else []


def use_next_cost(eng, st, b) -> bool:
    """{use_next_cost: [N ...]}: the lowerings numbered N were met by the card being played: used up
    (clarification:conditional-actions: they last until their condition is met)."""
    pending = _mem(eng)
    met = [e for e in pending if e["n"] in st["use_next_cost"]]
    for entry in met:  # the card paying is the card being played (``this`` of its costs): 'that card'
        entry["cards"].append(b["this"])
    if met and eng.on("conditional_action_ends_when_met"):
        eng.fire("conditional_action_ends_when_met")
        pending[:] = [e for e in pending if e not in met]
    return True


def next_card_lowering(eng, player, obj) -> dict | None:
    """next_card_lowerings, the first of them (None if ``obj`` meets none): for callers that only use
    them up or ask whether one was waiting."""
    met = next_card_lowerings(eng, player, obj)
    return met[0] if met else None


def lower_next_cost(eng, st, b) -> bool:
    """{lower_next_cost: PLAYER, to: N | by: N, filter: EXPR, per: turn, as: NAME}: the cost of the next card
    matching ``filter`` that PLAYER plays this ``per`` is lowered to N (Runefang of Solland) or by N (We'z
    Bigga!). With ``as``, NAME is bound to the lowering, so that a later step or an effect created after it
    can speak of 'that card', the card whose cost it lowers (expression ``lowered(NAME, event)``)."""
    per = st.get("per", "turn")
    mem = eng.memory("whi.next_cost", {"waiting": []})
    mem["made"] = mem.get("made", 0) + 1
    entry = {"n": mem["made"], "cards": [],
        "player": eng.eval(st["lower_next_cost"], b), "to": eng.eval(st.get("to", 0), b),
        "by": eng.eval(st["by"], b) if "by" in st else None,
        "filter": st.get("filter", "true"), "per": per, "period": eng.game.limit_period(eng, per),
        "bindings": {k: v for k, v in b.items() if k in ("you", "opponent")},
        "source": getattr(b.get("this"), "label", "?")}
    _mem(eng).append(entry)
    if "as" in st:
        if not isinstance(st["as"], str):
            eng.fail(f"lower_next_cost: 'as' must be a name, not {st['as']!r}")
        b[st["as"]] = entry
    eng.log("effect_created", source=getattr(b.get("this"), "label", "?"), kind="lower_next_cost")
    return True


def lowered(eng, entry, ev) -> bool:
    """Expression ``lowered(NAME, event)``: does this ``zone_change`` bring into play 'that card' -- the card
    whose cost the lowering bound as NAME (``lower_next_cost ... as: NAME``) lowered (We'z Bigga!'s 'That unit
    comes into play with 1 damage on it')? Only the play the lowering was used on puts that card into play:
    the object entering is the one the lowered card became on the chain. A card whose lowered play was
    cancelled never enters as it (the card another play brings back is a new card), and a later card that
    did not meet the lowering is not it. A card put into play that counts as played (put_into_play_not_played
    off) meets a lowering still waiting for it as it enters: it is that card too."""
    if not isinstance(entry, dict) or "cards" not in entry:
        eng.fail(f"lowered(): its first argument must name a 'lower the cost of the next card' effect "
                 f"(lower_next_cost ... as: NAME), not {entry!r}")
    if not isinstance(ev, dict) or ev.get("type") != "zone_change" or not ev.get("enters_play"):
        return False
    came = ev["obj"]
    # (new_object_on_zone_change off, the card on the chain is still the object that met the lowering)
    if any(card.memory.get("became") == came.oid or card.oid == came.oid for card in entry["cards"]):
        return True
    new = ev.get("new")
    if ev.get("from") != "stack" and new is not None and not eng.on("put_into_play_not_played"):
        return any(e is entry for e in next_card_lowerings(eng, new.controller, new, use_up=False))
    return False
