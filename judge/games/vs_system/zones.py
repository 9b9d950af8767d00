"""Effects on the hand, deck, KO'd pile and resource row: discard, reveal, search, replace a
resource, KO one, put cards from one zone into another or into play (one verb, ``put``)."""
from __future__ import annotations

from judge.engine.zones import zone_change_event

from .choices import any_number, text_of
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
            break
        pick = eng.decide(who, "pick", [o.label for o in hand], "a card to discard", refusing_text=text_of(eng, b))
        eng.move(eng.obj(pick), "kod", cause="discard")
        done.append(pick)
        eng.log("discarded", player=who, card=pick)
    if st.get("as"):  # what was discarded: nothing (None) when the hand had none, so later steps read nothing
        b[st["as"]] = (eng.obj(done[0]) if done else None) if n == 1 else [eng.obj(x) for x in done]
    if len(done) < n:
        return False
    this = b.get("this")
    if not b.get("_resolving") and hasattr(this, "memory"):  # paid as a cost: the source remembers it
        this.memory["cost_discards"] = this.memory.get("cost_discards", 0) + len(done)
    return True


def can_discard(eng, st: dict, b: dict) -> bool:
    return len(_hand_matching(eng, _discarder(eng, st, b), st.get("filter", "true"), b)) \
        >= eng.eval(st["discard_card"], b) * b.get("_times", 1)


def reveal(eng, st: dict, b: dict) -> bool:
    hand = _hand_matching(eng, b["you"], st["reveal"], b)
    if not hand:
        return False
    pick = eng.decide(b["you"], "pick", [o.label for o in hand], "a card to reveal", refusing_text=text_of(eng, b))
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
    pick = eng.decide(b["you"], "pick", [o.label for o in found], "a card", refusing_text=text_of(eng, b))
    eng.log("revealed", player=b["you"], card=pick)
    eng.move(eng.obj(pick), st.get("to", "hand"), cause="search")
    eng.log("deck_shuffled", player=b["you"])
    return True


def _replaceable(eng, st: dict, b: dict) -> list:
    """The resources a replace step may still replace: not one this effect replaced or put there."""
    player = eng.eval(st["replace_resource"], b)
    done = b.get("_replaced") or ()
    left = [o for o in eng.zone_objs(player, "resource") if o.label not in done]
    if st.get("card"):
        wanted = {o.oid for o in eng.resolve_ref(st["card"], b)}
        left = [o for o in left if o.oid in wanted]
    return left


def can_replace_resource(eng, st: dict, b: dict) -> bool:
    """As many resources left to replace as the times it is to be done (``_times``: may_for_each)."""
    return len(_replaceable(eng, st, b)) >= b.get("_times", 1)


def replace_resource(eng, st: dict, b: dict) -> bool:
    """Replace a resource: put it on the bottom of its owner's deck, then put the top card of that deck
    face down into the resource row."""
    player = eng.eval(st["replace_resource"], b)
    done = b.setdefault("_replaced", [])
    left = _replaceable(eng, st, b)
    if not left:
        return False
    # 'replace a resource you control': any one of them, its controller's pick (each repetition of a
    # 'for each' among those not replaced yet); a card the text names (Geraci's 'replace Geraci') is the one
    pick = eng.decide(player, "pick", [o.label for o in left], "a resource to replace",
                      refusing_text=text_of(eng, b)) if len(left) > 1 else left[0].label
    res = eng.obj(pick)
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
        pick = eng.decide(b["you"], "pick", [o.label for o in pool], "a card to KO", refusing_text=text_of(eng, b))
        new = eng.move(eng.obj(pick), "kod", cause="ko")
        # KO'd only where it went to the KO'd pile: one a replacement sent elsewhere ('return it to its owner's
        # hand instead') was not, and an 'If you do' after it does not follow
        return new is not None and new.zone == "kod"
    pool = [o for o in eng.in_play() if eng.eval(st["ko_one"], {**b, "it": o})]
    if not pool:
        eng.log("nothing_to_ko", player=b["you"])
        return False
    pick = eng.decide(b["you"], "pick", [o.label for o in pool], "a character to KO", refusing_text=text_of(eng, b))
    return eng.run_step({"ko": pick}, b)


#: where a card put from one zone into another goes, and the cause its zone change records
_PUT_CAUSE = {("hand", "kod"): "discard", ("deck", "kod"): "mill"}


def _put_pool(eng, st: dict, b: dict) -> list:
    """The cards of your ``from`` zone a 'put' may take: matching its filter; from a deck, its top
    cards in order (a deck is not looked through)."""
    zone = st["from"]
    if zone == "deck":
        return eng.deck_top(b["you"], len(eng.zone_objs(b["you"], "deck")))
    return [o for o in eng.zone_objs(b["you"], zone) if eng.eval(st.get("filter", "true"), {**b, "it": o})]


def put(eng, st: dict, b: dict) -> bool:
    """{put: WHAT, from: ZONE, filter: EXPR, to: ZONE, position: bottom, row: front, as: NAME} --
    'put ... from your ZONE into / on ZONE', general vocabulary of Vs. System card text:

    * with ``from:``, WHAT is a number N -- N cards of that zone matching the filter, the player's
      choice (from the deck: its top N cards; done in full only if there were N) -- or ``any`` --
      any number of them (the player's choice, possibly none: 'any_number_zero'); ``as`` binds how
      many were put, which 'then draw that many' reads (only those the effect put: the cards
      discarded for the power's cost are not counted, 'that_many_effect_only');
    * without ``from:``, WHAT is a reference to the cards ('put Suicide into your front row');
      ``as`` binds the card put into play.

    ``to``: ``deck`` (``position: bottom``), ``kod``, ``hand``, or ``play`` -- into the player's area
    (hidden if concealed, 707.9) and ``row``. Putting a card from the hand into the KO'd pile is
    discarding it."""
    what, to, you = st["put"], st["to"], b["you"]
    if "from" not in st:
        return _put_into_play(eng, st, b) if to == "play" else _put_refs(eng, st, b)
    frm = st["from"]
    pool = _put_pool(eng, st, b)
    if what == "any":
        picks = any_number(eng, you, [o.label for o in pool], f"any number of cards from your {frm}", text_of(eng, b))
    elif frm == "deck":
        picks = [o.label for o in pool[:eng.eval(what, b)]]
    else:
        picks = []
        for _ in range(eng.eval(what, b)):
            left = [o.label for o in pool if o.label not in picks]
            if not left:
                break
            picks.append(eng.decide(you, "pick", left, "a card", refusing_text=text_of(eng, b)))
    done = _move_cards(eng, [eng.obj(x) for x in picks], frm, to, st.get("position", "top"), you)
    if what == "any":
        n = done
        this = b.get("this")
        paid = this.memory.pop("cost_discards", 0) if hasattr(this, "memory") else 0
        if paid and not eng.applies("that_many_effect_only"):
            n += paid
        b[st.get("as", "n")] = n
        eng.log("cards_put", player=you, count=done, to=to)
        return True
    return bool(picks) and done == len(picks) == eng.eval(what, b)


def _move_cards(eng, objs: list, frm: str, to: str, position: str, you: str) -> int:
    cause = _PUT_CAUSE.get((frm, to), "put")
    n = 0
    for o in objs:
        if eng.move(o, to, cause=cause, position=position) is not None:
            n += 1
            if cause == "discard":
                eng.log("discarded", player=you, card=o.label)
    return n


def _put_refs(eng, st: dict, b: dict) -> bool:
    objs = eng.resolve_ref(st["put"], b)
    return bool(objs) and all(eng.move(o, st["to"], cause="put", position=st.get("position", "top")) is not None
                              for o in objs)


def _put_into_play(eng, st: dict, b: dict) -> bool:
    """The cards named (out of play) come into play under the player's control, in his area and row."""
    objs = [o for o in eng.resolve_ref(st["put"], b) if not eng.is_in_play(o)]
    ok = bool(objs)
    if st.get("as"):
        b[st["as"]] = None  # put nothing (the card is gone from where it was): the name affects nothing
    # the row is the new object's as it comes into play, before the game writes down its position
    # (moving.observe): set afterwards, it kept the front-row number it was given there, which may be
    # another support character's (405.3: "each ... must have a unique position")
    extra = {"_performed": _into_support_row} if st.get("row") == "support" else {}
    for o in objs:
        to = enter_area(eng, o)
        ents = eng.entering_modifiers(o)
        new = eng.emit([zone_change_event(o, to, side=b["you"], cause="put_into_play", controller=b["you"],
                                          _enters=ents, **extra)])
        if new:
            eng.after_entering(new[0].get("new"), ents)
        if new and new[0].get("new") is not None:
            if st.get("as"):
                b[st["as"]] = new[0]["new"]
        ok = ok and bool(new)
    return ok


def _into_support_row(ev: dict) -> None:
    """A card put 'into your support row' is in that row as it comes into play."""
    if ev.get("new") is not None:
        ev["new"].flags.add("support")


def can_put(eng, st: dict, b: dict) -> bool:
    """Can the 'put' be done in full: N cards there to put ('any' always can; a reference: a card)."""
    if "from" not in st:
        return bool(eng.resolve_ref(st["put"], b))
    if st["put"] == "any":
        return True
    return len(_put_pool(eng, st, b)) >= eng.eval(st["put"], b)


def register(game) -> None:
    game.steps.update({"discard_card": discard_card, "can:discard_card": can_discard, "reveal": reveal,
                       "can:reveal": can_reveal, "search": search, "replace_resource": replace_resource,
                       "can:replace_resource": can_replace_resource,
                       "ko_one": ko_one, "put": put, "can:put": can_put})
