"""Limited cards: a player has one Limited card each turn, whether he plays it from his hand, a card effect has
him play it (Slaanesh's Domination, a card played from hand during the chain), or a card effect puts it into
play (Dwarf Cannon Crew's search): "Cards put into play follow the same restrictions as cards played"
(faq:cannon-crew-put-limited-card-into-play-play, mechanic limited_one_per_turn). Each of those paths asks
``limited_blocked`` before the card is played or put in, and the card counts once it is played (its play
announced) or has entered play (``note_limited_played``). Cleared as a turn ends (turn.py)."""
from __future__ import annotations


def limited_blocked(eng, player, obj, how: str = "play") -> str | None:
    """Why ``player`` cannot have ``obj`` (a Limited card) played or put into play (``how``) now: he has had
    his Limited card this turn. None otherwise (or with the mechanic off)."""
    if "limited" in (obj.card.keywords or ()) and eng.on("limited_one_per_turn"):
        if (eng.state.player_data.get(player) or {}).get("limited_played"):
            eng.fire("limited_one_per_turn")
            return f"a player may {how} only one Limited card each turn"
    return None


def limited_spent(eng, player, obj) -> bool:
    """``limited_blocked`` asked without tracing: would the Limited rule keep ``obj`` out now?"""
    return ("limited" in (obj.card.keywords or ()) and eng.on("limited_one_per_turn")
            and bool((eng.state.player_data.get(player) or {}).get("limited_played")))


def effect_play_refused(eng, player, obj) -> str | None:
    """A card a card effect has its player play (Slaanesh's Domination, a card played from hand or through
    Necromancy during the chain) is played: "'Play' means to play ... following all restrictions"
    (clarification:play, mechanic effect_play_follows_restrictions), so it is refused as a second Limited
    card of the turn -- only what the effect waives (its cost) is not asked. Off: a card played by an effect
    ignores the restrictions on playing cards."""
    if not eng.on("effect_play_follows_restrictions"):
        return None
    reason = limited_blocked(eng, player, obj)
    if reason:
        eng.fire("effect_play_follows_restrictions")
    return reason


def note_limited_played(eng, events: list[dict]) -> None:
    """(observe) A Limited card counts as the player's one Limited card of the turn once it is played (its
    play announced, its costs paid: ``card_played``) -- not when a play is only attempted and refused -- or
    once a card effect has put it into play (a zone_change entering play not from the chain, under the
    player who put it in)."""
    for ev in events:
        if ev.get("type") == "card_played":
            o, player = ev.get("obj"), ev.get("player")
        elif (ev.get("type") == "zone_change" and ev.get("enters_play") and ev.get("cause") == "enter"
              and ev.get("from") != "stack" and ev.get("new") is not None and not ev.get("failed")):
            o = ev["new"]
            player = o.controller
        else:
            continue
        if o is not None and "limited" in (o.card.keywords or ()) and eng.on("limited_one_per_turn"):
            if ev.get("type") == "zone_change":
                eng.fire("limited_one_per_turn")  # traced: putting it into play used up the turn's Limited card
            mark_limited_played(eng, player)


def mark_limited_played(eng, player: str) -> None:
    """The player has had his one Limited card of the turn (checked by limited_blocked)."""
    eng.state.player_data.setdefault(player, {})["limited_played"] = 1
