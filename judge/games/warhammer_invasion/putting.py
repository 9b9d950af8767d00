"""Putting cards into play by a card effect (clarification:put-into-play: the card enters play through a card
effect instead of through normal costs and restrictions, but the unique restriction and the restrictions in its
text box still hold): revealing and putting the top cards of a deck into play, and putting a card into play 'in
any of your zones' -- the zone asked as a checked choice, so a zone its restrictions keep it out of is refused
and the player chooses again. (A search that puts what it finds into play: decks.py; the restrictions
themselves: playing.entry_blocked.)"""
from __future__ import annotations

from judge.engine.zones import zone_change_event

from .common import SECTIONS, taking_control
from .playing import card_entry_blocked, entry_blocked, hero_there, zone_entry_blocked, zone_only_blocked


def register(game) -> None:
    game.steps.update({"reveal_put": _reveal_put, "put_into_play": _put_into_play})


def _reveal_put(eng, st, b) -> bool:
    """{reveal_put: N, player: P, filter: EXPR, zone: Z, pick: random, rest: stay | discard | shuffle}:
    P (default you) reveals the top N cards of his deck and puts the revealed cards matching the filter
    (default: units) into play at the same time, each in zone Z (the zone the text names; without one, a zone
    P chooses for each: ``entry_zone``); ``pick: random``: only one of them, chosen at random (scripted die: a roll r picks the
    r-th of them, top first: Engine.random_index). A card a put-into-play restriction forbids (a unique card already in play
    ...) stays out of play. The other revealed cards stay on the deck, go to the discard pile or are
    shuffled into the deck (``rest``)."""
    player = eng.eval(st.get("player", "you"), b)
    n = eng.eval(st["reveal_put"], b)
    top = list(reversed(eng.zone_objs(player, "deck")))[:n]
    eng.log("revealed", player=player, cards=[o.label for o in top])
    if not top:
        return False
    chosen = [o for o in top if eng.eval(st.get("filter", "it.type == 'unit'"), {**b, "it": o})]
    if st.get("pick") == "random" and chosen:
        chosen = [chosen[eng.random_index(len(chosen))]]
    enter = []
    for o in chosen:
        # a card no zone could take (a unique copy already in play) is not asked a zone
        reason = card_entry_blocked(eng, player, o, put=True)
        zone = None if reason else entry_zone(eng, st, player, player, o)
        if zone is None and not reason:
            continue
        reason = reason or entry_blocked(eng, player, o, zone, put=True)
        if reason:
            eng.log("put_into_play_blocked", card=o.label, reason=reason)
        else:
            enter.append((o, zone))
    if enter:
        eng.enter_play_together(enter, player, source=b.get("this"))
    rest = [o for o in top if all(o is not e for e, _ in enter)]
    if rest and st.get("rest") == "discard":
        eng.emit([zone_change_event(o, "discard", cause="discard", source=b.get("this")) for o in rest])
    elif st.get("rest") == "shuffle":
        eng.log("shuffled", player=player)
    return bool(enter) or st.get("rest") in ("discard", "shuffle")


def _put_into_play(eng, st, b) -> bool:
    """{put_into_play: REF, corrupted: true, zone: Z}: put the card into play under your control, in zone Z
    when the text names one, else in one of your zones you choose (``entry_zone``; only from an out-of-play zone). A card played by an effect ('use the Necromancy ability on
    a card in your discard pile') is {play_card: ..., from: discard}, not put into play."""
    player = b["you"]
    done = False
    objs = eng.resolve_ref(st["put_into_play"], b)
    for o in objs:
        if eng.is_in_play(o) or o.zone == "stack":
            if eng.applies("put_into_play_from_out_of_play"):
                eng.log("put_into_play_blocked", card=o.label, reason="not in an out-of-play zone")
                continue
        player = taking_control(eng, o, b["you"])  # 'under your control' (faq:cards-control)
        zone = entry_zone(eng, st, b["you"], player, o)
        if zone is None:
            continue
        reason = entry_blocked(eng, player, o, zone, put=True)
        if reason:
            eng.log("put_into_play_blocked", card=o.label, reason=reason)
            continue
        if eng.is_in_play(o):  # mechanic off: taken from play
            eng.run_step({"gain_control": o, "player": player}, b)
            new = o
        else:
            new = eng.enter_play(o, player, zone)
        if new is not None and st.get("corrupted"):
            eng.run_step({"corrupt": new, "entering": "true"}, b)
        done = done or new is not None
    return done


def entry_zone(eng, st, chooser, player, obj) -> str | None:
    """The zone a card an effect puts into play enters: the zone the effect's text names (``zone: battlefield``,
    'into your battlefield'); else the zone the card's data names for it (a legend's area); else -- 'put into
    play' naming no zone -- one of ``player``'s zones ``chooser`` chooses, as a card played enters the zone its
    player chooses: put into play is entering play through a card effect instead of through normal costs
    (clarification:put-into-play), not into a zone of the rules' choosing (``zone_to_put``; ``zone: choose``
    says the same explicitly). None: no zone is open to it."""
    named = st.get("zone")
    if named and named != "choose":
        return named
    own = obj.card.extra.get("zone")
    if own and not named:
        return own
    if not eng.applies("put_into_play_zone_chosen"):
        return SECTIONS[0]  # (mechanic off: the first zone, not asked)
    return zone_to_put(eng, chooser, player, obj)


def zone_to_put(eng, chooser, player, obj) -> str | None:
    """The zone a card put into play 'in any of your zones' enters, chosen by ``chooser``: put into play does
    not bypass the restrictions in its text box (put_into_play_text_restrictions), so a zone they keep it out
    of ('<zone> only', a Hero where ``player`` has one) is refused as a choice, as a move's zone is, and he
    chooses again. With no zone open to it, it is not put into play (logged put_into_play_blocked; None)."""
    def check(value):
        if value not in SECTIONS:
            return f"{value} is not a zone"
        return zone_entry_blocked(eng, player, obj, value, put=True)

    if eng.on("put_into_play_text_restrictions") and all(
            hero_there(eng, player, obj, z) or zone_only_blocked(obj, z, "put into play") for z in SECTIONS):
        eng.log("put_into_play_blocked", card=obj.label, reason=check(SECTIONS[0]))  # named by the rule
        return None
    return eng.decide_checked(chooser, "option", list(SECTIONS), f"the zone {obj.label} enters", check)
