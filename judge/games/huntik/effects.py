"""Huntik one-shot effect steps: choosing a zone, discarding from hand and removing a player's
counters such as attacks (706.3: as much as possible), and whether a draw or a removal can be done in
full (706.8: a "may" needs all of it); the kind of event a card entering a zone is (702.4)."""
from __future__ import annotations


def choose_zone(eng, st, b) -> bool:
    """{choose_zone: PLAYER, as: NAME}: a player chooses a zone (1-4) as the power resolves."""
    player = eng.eval(st.get("choose_zone") or "you", b)
    zones = [z for z in eng.game.play_zones if z.startswith("zone")]
    # the zones are what the card's own text offers ("Choose a zone"): a pick outside them is refused by it
    b[st["as"]] = eng.decide(player, "option", zones, st.get("what", "a zone"), refusing_text=eng.step_text(b))
    eng.log("zone_chosen", player=player, zone=b[st["as"]])
    return True


def _hand_choice(eng, st, b):
    player = eng.eval(st.get("player", "you"), b)
    return player, eng.zone_objs(player, "hand")


def can_discard_from_hand(eng, st, b) -> bool:
    player, hand = _hand_choice(eng, st, b)
    return len(hand) >= eng.eval(st["discard_from_hand"], b) * b.get("_times", 1)


def discard_from_hand(eng, st, b) -> bool:
    player, hand = _hand_choice(eng, st, b)
    n = eng.eval(st["discard_from_hand"], b)
    if len(hand) < n:  # 706.3: only as much as possible is performed
        if not eng.on("as_much_as_possible"):
            return False
        eng.fire("as_much_as_possible")
    done = min(n, len(hand))
    discarded = 0
    for _ in range(done):
        hand = eng.zone_objs(player, "hand")
        # "discards N cards" / "discard a card to ...": cards of the hand, as the card's own text says -- a pick
        # outside the hand is refused by that text (the card whose power resolves or is paid for)
        label = eng.decide(player, "pick", [o.label for o in hand], "a card to discard",
                           refusing_text=eng.step_text(b))
        new = eng.move(eng.obj(label), "discard", cause="discard")
        # discarded only where it reached the discard pile: a discard a replacement put another event in the
        # place of never happened (710.1), and an 'If you do' after it does not follow
        discarded += new is not None and new.zone == "discard"
    return done == n and discarded == n


def _counter_change(eng, st, b) -> tuple[int, int, bool]:
    """(the change asked for, how many of those counters the player has, can it be done in full?):
    removing N of a player's counters ("remove 2 enemy attacks") only if he has N; adding always."""
    player = eng.eval(st.get("player", "you"), b)
    have = eng.state.player_data.get(player, {}).get(st["player_counter"], 0)
    amount = eng.eval(st.get("amount", 1), b)
    return amount, have, amount >= 0 or have >= -amount


def can_player_counter(eng, st, b) -> bool:
    return _counter_change(eng, st, b)[2]


def player_counter(eng, st, b) -> bool:
    """{player_counter: NAME, player: P, amount: N}: the core step, except that a player can't have
    fewer than none: removing more than he has removes what he has (706.3: only as much as possible is
    performed; the step then reports it was not done in full); off, such a removal is not done at all."""
    _amount, have, in_full = _counter_change(eng, st, b)
    if in_full:
        return eng.step_player_counter(st, b)
    if not eng.on("as_much_as_possible"):
        return False
    eng.fire("as_much_as_possible")
    eng.step_player_counter({**st, "amount": -have}, b)
    return False


def register(game) -> None:
    game.steps.update({"discard_from_hand": discard_from_hand, "can:discard_from_hand": can_discard_from_hand,
                       "choose_zone": choose_zone,
                       "player_counter": player_counter, "can:player_counter": can_player_counter})


#: the hero zones (706.5: "Some modifiers affect a zone"); features are in their own area, no zone
HERO_ZONES = ("zone1", "zone2", "zone3", "zone4")


def event_kinds(eng, ev) -> list[str]:
    """A card put into a zone -- entering play there, or moved there from another zone -- enters that
    zone: a power that triggers off it ('Whenever a hero moves into a zone', trigger ``on: {event:
    enters_zone}``) is 702.4's exception and reads the state just after the event (``entering_kinds``);
    one watching the move as a ``zone_change`` (a hero moving out of a zone) reads the state before it."""
    if ev["type"] == "zone_change" and ev.get("to") in HERO_ZONES:
        return ["enters_zone"]
    return []
