"""Huntik one-shot effect steps: choosing a zone, discarding from hand and removing a player's
counters such as attacks (706.3: as much as possible), and whether a draw or a removal can be done in
full (706.8: a "may" needs all of it)."""
from __future__ import annotations


def choose_zone(eng, st, b) -> bool:
    """{choose_zone: PLAYER, as: NAME}: a player chooses a zone (1-4) as the power resolves."""
    player = eng.eval(st.get("choose_zone") or "you", b)
    zones = [z for z in eng.game.play_zones if z.startswith("zone")]
    b[st["as"]] = eng.decide(player, "option", zones, st.get("what", "a zone"))
    eng.log("zone_chosen", player=player, zone=b[st["as"]])
    return True


def _hand_choice(eng, st, b):
    player = eng.eval(st.get("player", "you"), b)
    return player, eng.zone_objs(player, "hand")


def can_discard_from_hand(eng, st, b) -> bool:
    player, hand = _hand_choice(eng, st, b)
    return len(hand) >= eng.eval(st["discard_from_hand"], b)


def discard_from_hand(eng, st, b) -> bool:
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


def _counter_change(eng, st, b):
    player = eng.eval(st.get("player", "you"), b)
    name = st["player_counter"]
    amount = eng.eval(st.get("amount", 1), b)
    have = eng.state.player_data.setdefault(player, {}).get(name, 0)
    return player, name, amount, have


def can_player_counter(eng, st, b) -> bool:
    """Removing N of a player's counters ("remove 2 enemy attacks") can be done in full only if he
    has N of them; adding can always be done."""
    _player, _name, amount, have = _counter_change(eng, st, b)
    return amount >= 0 or have >= -amount


def player_counter(eng, st, b) -> bool:
    """{player_counter: NAME, player: P, amount: N}: add N of a player's counters (attacks in a
    combat), or remove them when N is negative. A player can't have fewer than none: removing more
    than he has removes what he has (706.3: only as much as possible is performed); off, a removal
    that can't be done in full is not done at all."""
    player, name, amount, have = _counter_change(eng, st, b)
    if amount < 0 and have < -amount:
        if not eng.on("as_much_as_possible"):
            return False
        eng.fire("as_much_as_possible")
        amount = -have
    eng.state.player_data[player][name] = have + amount
    eng.log("player_counter", player=player, counter=name, amount=amount)
    return amount == eng.eval(st.get("amount", 1), b)


def can_draw(eng, st, b) -> bool:
    """Drawing N cards can be done in full only with N cards in the deck (what 706.8's 'may ...
    only if ... in their entirety' asks of a 'draw' part)."""
    player = eng.eval(st.get("player", "you"), b)
    return len(eng.zone_objs(player, "deck")) >= eng.eval(st["draw"], b)


def register(game) -> None:
    game.steps.update({"discard_from_hand": discard_from_hand, "can:discard_from_hand": can_discard_from_hand,
                       "choose_zone": choose_zone, "can:draw": can_draw,
                       "player_counter": player_counter, "can:player_counter": can_player_counter})
