"""Effects on the hand, deck, KO'd pile and resource row: discard, reveal, search, mill,
replace a resource, KO one, put cards from hand / KO'd pile / into play."""
from __future__ import annotations

from judge.engine.zones import zone_change_event

from .choices import any_number
from .recruiting import enter_area


def _hand_matching(eng, player: str, flt: str, b: dict) -> list:
    return [o for o in eng.zone_objs(player, "hand") if eng.eval(flt, {**b, "it": o})]


def _discarder(eng, st: dict, b: dict) -> str:
    """Who discards: you, or the player the text names ('target opponent discards a card')."""
    return eng.eval(st.get("player", "you"), b)


def discard_card(eng, st: dict, b: dict) -> bool:
    """{discard_card: N, filter: EXPR, player: EXPR, as: NAME} -- the player (default you) discards N
    cards of his choice (matching the filter) from his hand into his KO'd pile."""
    n = eng.eval(st["discard_card"], b)
    who = _discarder(eng, st, b)
    done = []
    for _ in range(n):
        hand = [o for o in _hand_matching(eng, who, st.get("filter", "true"), b) if o.label not in done]
        if not hand:
            return False
        pick = eng.decide(who, "pick", [o.label for o in hand], "a card to discard")
        eng.move(eng.obj(pick), "kod", cause="discard")
        done.append(pick)
        eng.log("discarded", player=who, card=pick)
    if st.get("as"):
        b[st["as"]] = eng.obj(done[0]) if n == 1 else [eng.obj(x) for x in done]
    this = b.get("this")
    if not b.get("_resolving") and hasattr(this, "memory"):  # paid as a cost: the source remembers it
        this.memory["cost_discards"] = this.memory.get("cost_discards", 0) + len(done)
    return True


def can_discard(eng, st: dict, b: dict) -> bool:
    return len(_hand_matching(eng, _discarder(eng, st, b), st.get("filter", "true"), b)) >= eng.eval(st["discard_card"], b)


def reveal(eng, st: dict, b: dict) -> bool:
    hand = _hand_matching(eng, b["you"], st["reveal"], b)
    if not hand:
        return False
    pick = eng.decide(b["you"], "pick", [o.label for o in hand], "a card to reveal")
    eng.log("revealed", player=b["you"], card=pick)
    return True


def can_reveal(eng, st: dict, b: dict) -> bool:
    return bool(_hand_matching(eng, b["you"], st["reveal"], b))


def search(eng, st: dict, b: dict) -> bool:
    """{search: deck, filter: ...} -- find a matching card in your deck, reveal it, put it into your hand."""
    found = [o for o in eng.zone_objs(b["you"], "deck") if eng.eval(st.get("filter", "true"), {**b, "it": o})]
    if not found:
        eng.log("search_failed", player=b["you"])
        eng.log("deck_shuffled", player=b["you"])
        return False
    pick = eng.decide(b["you"], "pick", [o.label for o in found], "a card")
    eng.log("revealed", player=b["you"], card=pick)
    eng.move(eng.obj(pick), st.get("to", "hand"), cause="search")
    eng.log("deck_shuffled", player=b["you"])
    return True


def replace_resource(eng, st: dict, b: dict) -> bool:
    """Replace a resource: put it on the bottom of its owner's deck, then put the top card of that deck
    face down into the resource row."""
    player = eng.eval(st["replace_resource"], b)
    done = b.setdefault("_replaced", [])
    left = [o for o in eng.zone_objs(player, "resource") if o.label not in done]
    if st.get("card"):
        wanted = {o.oid for o in eng.resolve_ref(st["card"], b)}
        left = [o for o in left if o.oid in wanted]
    if not left:
        return False
    res = left[0]
    eng.move(res, "deck", cause="replace", position="bottom")
    top = next(iter(eng.deck_top(player)), None)
    new = eng.move(top, "resource", cause="replace") if top is not None and top.label != res.label else None
    done.append(res.label)
    if new is not None:
        done.append(new.label)
    eng.log("resource_replaced", player=player, card=res.label, by=new.label if new else None)
    return True


def ko_one(eng, st: dict, b: dict) -> bool:
    """{ko_one: filter} -- 'KO a character you control': the controller picks one; the source is a
    character he controls like any other (a lone Reaper KOs himself)."""
    if st.get("zone"):  # 'KO a resource you control': from the resource row
        pool = [o for o in eng.zone_objs(b["you"], st["zone"]) if eng.eval(st["ko_one"], {**b, "it": o})]
        if not pool:
            return False
        pick = eng.decide(b["you"], "pick", [o.label for o in pool], "a card to KO")
        return eng.move(eng.obj(pick), "kod", cause="ko") is not None
    pool = [o for o in eng.in_play() if eng.eval(st["ko_one"], {**b, "it": o})]
    if not pool:
        eng.log("nothing_to_ko", player=b["you"])
        return False
    pick = eng.decide(b["you"], "pick", [o.label for o in pool], "a character to KO")
    return eng.run_step({"ko": pick}, b)


def put_from_hand(eng, st: dict, b: dict) -> bool:
    """{put_from_hand: any, to: deck_bottom | kod, as: n} -- put any number of cards from your hand
    on the bottom of your deck / into your KO'd pile (discard); n = how many."""
    hand = [o.label for o in eng.zone_objs(b["you"], "hand")]
    picks = any_number(eng, b["you"], hand, "any number of cards from your hand")
    for lbl in picks:
        o = eng.obj(lbl)
        if st.get("to") == "deck_bottom":
            eng.move(o, "deck", cause="put", position="bottom")
        else:
            eng.move(o, "kod", cause="discard")
            eng.log("discarded", player=b["you"], card=lbl)
    n = len(picks)
    this = b.get("this")
    paid = this.memory.pop("cost_discards", 0) if hasattr(this, "memory") else 0
    if paid:
        if not eng.applies("that_many_effect_only"):
            n += paid
    b[st.get("as", "n")] = n
    eng.log("put_from_hand", player=b["you"], count=len(picks))
    return True


def put_into_play(eng, st: dict, b: dict) -> bool:
    """{put_into_play: REF, row: front} -- put a card from a zone into its owner's row (its area)."""
    objs = [o for o in eng.resolve_ref(st["put_into_play"], b) if not eng.is_in_play(o)]
    ok = bool(objs)
    for o in objs:
        to = enter_area(eng, o)
        new = eng.emit([zone_change_event(o, to, side=b["you"], cause="put_into_play", controller=b["you"])])
        if new and new[0].get("new") is not None:
            if st.get("row") == "support":
                new[0]["new"].flags.add("support")
            if st.get("as"):
                b[st["as"]] = new[0]["new"]
        ok = ok and bool(new)
    return ok


def mill(eng, st: dict, b: dict) -> bool:
    """{mill: N} -- put the top N cards of your deck into your KO'd pile."""
    deck = eng.zone_objs(b["you"], "deck")
    n = eng.eval(st["mill"], b)
    for o in eng.deck_top(b["you"], n):
        eng.move(o, "kod", cause="mill")
    return len(deck) >= n


def put_from_kod(eng, st: dict, b: dict) -> bool:
    """{put_from_kod: FILTER} -- put a matching card from your KO'd pile on the bottom of your deck."""
    pool = [o for o in eng.zone_objs(b["you"], "kod") if eng.eval(st["put_from_kod"], {**b, "it": o})]
    if not pool:
        return False
    pick = eng.decide(b["you"], "pick", [o.label for o in pool], "a card")
    return eng.move(eng.obj(pick), "deck", cause="put", position="bottom") is not None


def _can_put_from_kod(eng, st: dict, b: dict) -> bool:
    return any(eng.eval(st["put_from_kod"], {**b, "it": o}) for o in eng.zone_objs(b["you"], "kod"))


def register(game) -> None:
    game.steps.update({"discard_card": discard_card, "can:discard_card": can_discard, "reveal": reveal,
                       "can:reveal": can_reveal, "search": search, "replace_resource": replace_resource,
                       "ko_one": ko_one, "put_from_hand": put_from_hand, "put_into_play": put_into_play,
                       "mill": mill, "put_from_kod": put_from_kod, "can:put_from_kod": _can_put_from_kod})
