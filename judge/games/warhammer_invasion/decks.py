"""Deck, hand and discard pile: drawing (several cards drawn by one effect at once), discarding (from
the top of a deck, from hand, at random), revealing a hand (an empty one too), search and look at
(search modifiers; a Limited card searched into play counts), the owner ordering cards entering his
discard pile together, cards returned from a discard pile, the mulligan (``{player: A, mulligan: true}``)."""
from __future__ import annotations

from judge.engine.state import Obj, TextReason

from .playing import card_entry_blocked, entry_blocked
from .putting import entry_zone

#: this mechanic's replay memory (engine.memory "whi.decks"), as it starts
_MEMORY = {"discarded": {}}


def register(game) -> None:
    game.actions["mulligan"] = _mulligan
    game.steps.update({
        "draw": _draw, "discard_top": _discard_top, "discard_hand": _discard_hand, "can:discard_hand": _can_discard_hand,
        "reveal_hand": _reveal_hand, "search": _search, "look_at": _look_at, "shuffle": _shuffle,
        "return_from_discard": _return_from_discard,
    })


def _discarded(eng) -> dict:
    """label -> the turn the card last entered a discard pile."""
    return eng.memory("whi.decks", _MEMORY)["discarded"]


def note_discarded(eng, events: list[dict]) -> None:
    """Note the turn each card entered a discard pile (for 'entered ... discard pile this turn')."""
    for e in events:
        if e["type"] == "zone_change" and e.get("to") == "discard" and e.get("new") is not None:
            _discarded(eng)[e["new"].label] = eng.state.vars.get("turn")


def entered_discard_this_turn(eng, obj) -> bool:
    return _discarded(eng).get(obj.label) == eng.state.vars.get("turn")


def drew_cards(eng, player: str, drawn: int) -> bool:
    """A player who drew no card (nothing to draw, or 0 to draw) has not drawn cards: 'when ... draws cards'
    trigger conditions have not happened (clarification:trigger-conditions -- a trigger condition must
    happen before its ability can be triggered). Off: a draw of nothing still counts as drawing."""
    if drawn:
        return True
    if eng.on("no_cards_no_draw"):
        if _draw_watched(eng):
            eng.fire("no_cards_no_draw")  # traced only where a card in play waits for a draw
        return False
    return True


def _draw_watched(eng) -> bool:
    """Does a card in play have an ability that a player drawing cards triggers?"""
    for o in eng.in_play():
        for ab in o.card.abilities:
            spec = ab.get("on") or ab.get("timing")
            if isinstance(spec, dict) and spec.get("event") in ("cards_drawn", "quest_draw"):
                return True
    return False


def draw_cards(eng, player: str, n: int) -> bool:
    """Draw n cards (as many as the deck holds), all at once. True when all n were drawn, and n is one or more: a
    draw of 0 cards is no draw (as no_cards_no_draw says of trigger conditions), so no 'then' follows it."""
    cards = list(reversed(eng.zone_objs(player, "deck")))[:n]
    if not cards and drew_cards(eng, player, 0):  # ablated: a draw of nothing is still a draw
        eng.emit([{"type": "cards_drawn", "player": player, "count": 0, "first": None}])
    if eng.on("draw_all_at_once"):
        if len(cards) > 1:
            eng.fire("draw_all_at_once")
        batches = [cards] if cards else []
    else:
        batches = [[c] for c in cards]
    for batch in batches:
        done = eng.emit([{"type": "zone_change", "obj": o, "from": "deck", "to": "hand", "side": None, "cause": "draw",
                          "position": "top", "controller": None, "source": None} for o in batch])
        if done:
            eng.emit([{"type": "cards_drawn", "player": player, "count": len(done), "first": done[0].get("new")}])
    return n > 0 and len(cards) >= n


def _draw(eng, st, b) -> bool:
    return draw_cards(eng, eng.eval(st.get("player", "you"), b), eng.eval(st["draw"], b))


def _discard_top(eng, st, b) -> bool:
    """{discard_top: N, player: P, as: NAME}: the top N cards of P's deck go to his discard pile (one
    batch); NAME (optional) is bound to the discarded card (N = 1) or cards, in the discard pile, so
    later steps can read them."""
    player = eng.eval(st.get("player", "you"), b)
    n = eng.eval(st["discard_top"], b)
    cards = list(reversed(eng.zone_objs(player, "deck")))[:n]
    done = eng.emit([{"type": "zone_change", "obj": o, "from": "deck", "to": "discard", "side": None,
                      "cause": "discard", "position": "top", "controller": None, "source": b.get("this")}
                     for o in cards])
    if st.get("as"):
        new = [ev["new"] for ev in done if ev.get("new") is not None]
        b[st["as"]] = (new[0] if new else None) if n == 1 else new
    return len(cards) >= n


def _discard_hand(eng, st, b) -> bool:
    """{discard_hand: N, player: P, filter: EXPR, pick: random}: P discards N cards of his choice from his
    hand (only cards matching the filter, e.g. 'a quest'), or with ``pick: random`` N cards at random
    (scripted dice: a roll r picks the r-th card of the hand in listing order, Engine.random_index);
    succeeds only if he actually discarded them (a player with no such card in hand discards nothing)."""
    player = eng.eval(st.get("player", "you"), b)
    n = eng.eval(st["discard_hand"], b)
    done = 0
    for _ in range(n):
        hand = _discardable(eng, st, b, player)
        if not hand:
            break
        if st.get("pick") == "random":
            eng.move(hand[eng.random_index(len(hand))], "discard", cause="discard")
            done += 1
            continue
        what = "a card to discard from hand" if "filter" not in st else f"a card to discard from hand ({st['filter']})"
        pick = eng.decide(player, "pick", [o.label for o in hand], what)
        eng.move(eng.obj(pick), "discard", cause="discard")
        done += 1
    if not done:
        eng.log("nothing_discarded", player=player)
    return done == n


def _discardable(eng, st, b, player) -> list:
    return [o for o in eng.zone_objs(player, "hand") if eng.eval(st.get("filter", "true"), {**b, "it": o})]


def _can_discard_hand(eng, st, b) -> bool:
    """Could P discard N such cards (for a cost, 'may' or 'or')?"""
    player = eng.eval(st.get("player", "you"), b)
    return len(_discardable(eng, st, b, player)) >= eng.eval(st["discard_hand"], b)


def _reveal_hand(eng, st, b) -> bool:
    player = eng.eval(st["reveal_hand"], b)
    hand = eng.zone_objs(player, "hand")
    eng.log("hand_revealed", player=player, cards=len(hand))
    if not hand:
        if not eng.on("reveal_empty_hand"):
            return False
        eng.fire("reveal_empty_hand")
    return True


# -- search and look at --

def _look(eng, st, b, verb: str) -> bool:
    player = eng.eval(st.get("player", "you"), b)
    n = eng.eval(st[verb], b)
    if verb == "search":
        extra = sum(eng.obj_attr(o, "search_extra") or 0 for o in eng.in_play() if o.controller == player)
        if extra and eng.applies("search_extra"):
            n += extra
    deck = eng.zone_objs(player, "deck")
    top = list(reversed(deck))[:n]
    # the event kind spelled at its log call, as every kind is (the scenario schema reads them there)
    eng.log("search" if verb == "search" else "look_at", player=player, cards=len(top))
    if not top:
        return False
    flt = st.get("filter", "true")
    many = st.get("count") == "any"
    to = st.get("to", "hand")
    # the zone a card put into play enters: 'into this zone', the zone the text names, or (none named) a zone
    # the player chooses once the card is picked (putting.entry_zone)
    zone = b["this"].zone if to == "this_zone" else st.get("zone")

    def picked(value) -> list:
        return value if isinstance(value, list) else ([] if value == "none" else [value])

    def check(value):
        picks = picked(value)
        if not many and len(picks) > 1:
            return "only one card may be taken"
        for lbl in picks:
            o = eng.obj(lbl)
            # how many cards and what kind of card: the searching card's own text
            if o is None or o not in top:
                return TextReason(f"{lbl} is not among the top {n} cards of {player}'s deck", eng.card_name(b.get("this")))
            if not eng.eval(flt, {**b, "it": o}):
                return TextReason(f"{lbl} does not match ({flt})", eng.card_name(b.get("this")))
            if to != "hand":  # put into play: a card its restrictions keep out cannot be chosen
                reason = (entry_blocked(eng, player, o, zone, put=True) if zone
                          else card_entry_blocked(eng, player, o, put=True))
                if reason:
                    return reason
        limited = [lbl for lbl in picks if "limited" in (eng.obj(lbl).card.keywords or ())]
        if to != "hand" and len(limited) > 1 and eng.on("put_into_play_text_restrictions"):
            if eng.applies("limited_one_per_turn"):  # put into play together: still one Limited card a turn
                eng.fire("put_into_play_text_restrictions")
                return "a player may put into play only one Limited card each turn"
        return None

    options = [o.label for o in deck] + ["none"]
    if not any(eng.eval(flt, {**b, "it": o}) for o in top):
        picks = []
    else:
        # a lenient replay (ablation) with no usable scripted choice takes what matches (one card, or all)
        found = [o.label for o in top if eng.eval(flt, {**b, "it": o})]
        picks = picked(eng.decide_checked(player, "cards", options, f"cards found by {verb} ({flt})", check,
                                          fallbacks=[found if many else found[0], "none"]))
    for lbl in picks:
        o = eng.obj(lbl)
        if to == "hand":
            eng.move(o, "hand", cause=verb)
        else:
            where = zone or entry_zone(eng, st, player, player, o)
            if where is None:
                continue
            reason = entry_blocked(eng, player, o, where, put=True)
            if reason:
                eng.log("put_into_play_blocked", card=lbl, reason=reason)
                continue
            eng.enter_play(o, player, where)
    if st.get("as"):
        b[st["as"]] = [eng.obj(x) for x in picks]
    return True


def _search(eng, st, b) -> bool:
    """Search (``_look``); a Limited card it puts into play uses up the player's Limited card for the turn
    (limited.note_limited_played: cards put into play follow the restrictions of cards played)."""
    return _look(eng, st, b, "search")


def _look_at(eng, st, b) -> bool:
    return _look(eng, st, b, "look_at")


def _shuffle(eng, st, b) -> bool:
    player = eng.eval(st.get("shuffle") or "you", b)
    eng.log("shuffled", player=player)
    return True


# -- the discard pile --

def discard_order(eng, events) -> None:
    """Cards entering a discard pile together: the owner may order them. Only a scripted order (a list of
    exactly those cards) is taken; otherwise they keep the engine's order. The order is applied in the
    pile each card actually went to: the slots his cards took there are refilled in his order, so a card
    of his that went to another player's pile (leaving.owners_out_of_play_zone switched off) stays in
    that pile rather than being listed in his own as well."""
    by_owner: dict[str, list] = {}
    for e in events:
        if e["type"] == "zone_change" and e.get("to") == "discard" and e.get("new") is not None:
            by_owner.setdefault(e["new"].owner, []).append(e["new"])
    for owner, objs in by_owner.items():
        objs = [o for o in objs if o.oid in eng.state.objects and o.zone == "discard"]
        if len(objs) < 2 or not eng.on("discard_order_owner"):
            continue
        nxt = eng.next_choice(owner)
        labels = [o.label for o in objs]
        if not (nxt and not nxt[1] and isinstance(nxt[0], list) and sorted(nxt[0]) == sorted(labels)):
            continue
        order = eng.decide(owner, "order", labels, "the order these cards enter the discard pile")
        eng.fire("discard_order_owner")
        rank = {lbl: i for i, lbl in enumerate(order)}
        for key in dict.fromkeys(o.where for o in objs):  # each pile his cards went to, once
            mine = {o.oid for o in objs if o.where == key}
            pile = eng.state.zones[key]
            slots = [i for i, oid in enumerate(pile) if oid in mine]
            for i, oid in zip(slots, sorted((pile[i] for i in slots), key=lambda oid: rank[eng.state.objects[oid].label])):
                pile[i] = oid
        eng.touch()
        eng.log("discard_ordered", player=owner, order=order)


def _return_from_discard(eng, st, b) -> bool:
    """{return_from_discard: REF, player: P}: the card (the copy it became as it reached the discard pile; a label: the card where it is now) goes from its
    owner's discard pile to his hand -- only if it is in that discard pile now, and with ``player`` only if
    that is P's pile ('from your discard pile': Voice of Command).
    {return_from_discard: PLAYER, topmost: EXPR}: the topmost card of PLAYER's discard pile that matches
    goes to its owner's hand (the pile is listed bottom to top; Illustrative Grave Robber)."""
    if "topmost" in st:
        player = eng.eval(st["return_from_discard"], b)
        o = eng.topmost(player, "discard", lambda o: eng.eval(st["topmost"], {**b, "it": o}))
        if o is None:
            return False
        eng.move(o, "hand", cause="return")
        return True
    ref = b.get(st["return_from_discard"]) if isinstance(st["return_from_discard"], str) else None
    label = getattr(ref, "label", None) or st["return_from_discard"]
    # a card named as it was (the tactic as it was played): the copy it became as it reached the discard pile,
    # while that copy is there -- one that left the pile and came back is a new copy with no memory (the
    # Gathering the Winds answer); a label names the card where it is now
    o = eng.became(ref, "discard") if isinstance(ref, Obj) else eng.obj(label)
    if o is None or o.zone != "discard":
        eng.log("not_in_discard", card=label)
        return False
    if "player" in st and all(o is not d for d in eng.zone_objs(eng.eval(st["player"], b), "discard")):
        # 'from YOUR discard pile': a card in another player's pile (an opponent's tactic played through
        # Slaanesh's Domination went to its owner's) is not there
        eng.log("not_in_discard", card=label, player=eng.eval(st["player"], b))
        return False
    return eng.move(o, "hand", cause="return") is not None


def _mulligan(eng, player, act) -> None:
    """{player: A, mulligan: true}: the player shuffles his hand into his deck and draws that many
    cards again. Cards his capital board discarded or placed as developments at setup stay where
    they are (Undead and Wood Elf capital boards ruling). The engine has no random order: the
    shuffled cards go to the bottom of the deck, so the cards drawn are the deck's top ones."""
    back = eng.zone_objs(player, "hand")
    n = len(back)
    setup = eng.zone_objs(player, "discard") + [o for o in eng.in_play()
                                                if o.owner == player and "development" in o.flags]
    if not eng.on("mulligan_hand_only"):
        back += setup
    elif setup:
        eng.fire("mulligan_hand_only")
    for o in back:
        eng.move(o, "deck", cause="mulligan", position="bottom")
    eng.log("shuffled", player=player)
    eng.log("mulligan", player=player, returned=len(back))
    draw_cards(eng, player, n)
