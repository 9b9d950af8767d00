"""Timestamps of Huntik modifiers: cards that started the game in play (711.2a), cards in a
non-play area (711.2b), modifiers that start to apply simultaneously (711.3), a power's modifiers
timestamped when the card was played or the action power used (711.2c); the source of a modifier a
triggered modifier creates (706.6)."""
from __future__ import annotations

import re

from judge.engine.state import ChainItem, Pending

_NAMES_SOURCE = re.compile(r"\b(this|me)\b")


def setup(engine, spec) -> None:
    """The cards there at the start of the game (no ``entered:`` in the scenario): a card that started
    the game in play (711.2a) and one that has been in a non-play area the entire game (711.2b) both
    have the start of the game as their timestamp, so the always-on modifiers of all such cards whose
    powers function where they are start to apply simultaneously and 711.3 orders them. Traced where
    two or more such cards are there, for each area that has one of them.

    A rule switched off leaves the card only the first sentence of its clause: the time it entered that
    area, which for a card there from the start is as the game was set up, before the game started. The
    set-up places the scenario's cards one after another in the order it lists them (every area), so
    those cards are timestamped so, all before the cards still timestamped at the start of the game."""
    play = engine.game.play_zones
    started = sorted((o for o in engine.state.objects.values() if o.timestamp == 0 and o.zone != "stack"),
                     key=lambda o: o.oid)
    powered = [o for o in started if _functions_where_it_is(o, play)]
    if len(powered) < 2:
        return
    changed = False
    for key, in_play in (("start_of_game_timestamp", True), ("non_play_timestamp", False)):
        if not any((o.zone in play) == in_play for o in powered):
            continue
        if engine.on(key):
            engine.fire(key)
            continue
        for i, obj in enumerate(started):
            if (obj.zone in play) == in_play:
                obj.timestamp = i - len(started)
                changed = True
    if changed:
        engine.touch()


def _functions_where_it_is(obj, play) -> bool:
    """Has ``obj`` an always-on power that functions in the area it is in (700.2: in play unless the power
    names another area)?"""
    return any(obj.zone in (ab.get("functions_in") or play) for ab in obj.card.continuous)


def observe(engine, events) -> None:
    """711.2b: a card in a non-play area has as its timestamp the time it entered that area (the
    engine stamps a card as it moves; one there the entire game has the start of the game); it decides
    the order of the modifiers of an always-on power that functions there (700.2, 711.2d). Switched
    off, such a card keeps the timestamp it had before it moved. Traced only for a card that enters an
    area where one of its always-on powers functions."""
    play = engine.game.play_zones
    for ev in events:
        new, old = ev.get("new"), ev.get("obj")
        if ev.get("type") != "zone_change" or new is None or old is None or new.zone in play:
            continue
        if not any(new.zone in (ab.get("functions_in") or ()) for ab in new.card.continuous):
            continue
        if not engine.applies("non_play_timestamp"):
            new.timestamp = old.timestamp
            engine.touch()


_TOGETHER = "huntik.started_together"  # memory: {timestamp: {"lead", "whose": {key: player}, "order": {player: [keys]}}}


def order_simultaneous_modifiers(engine, mods, matters):
    """711.3: modifiers that start to apply simultaneously: the lead player orders the
    timestamps of those he or she controls, all before the defending player's, who then
    orders his or hers. A player is asked only when the order changes something.

    The order is fixed as they start to apply (the text: "the lead player first chooses an order for
    the timestamps of those modifiers that he or she controls"), so who led and who controlled each
    modifier are read then -- the first time these tied modifiers are worked out, which for cards in
    play or in a pile since the start of the game (711.2a, 711.2b) is the scenario's starting state --
    and kept with the choices made: a change of control later neither moves a modifier into the other
    player's group nor asks anyone again (711.2a: a card in play keeps the time it entered play;
    nothing in 711 gives a new timestamp or a new choice when control changes)."""
    rec = _started_together(engine, mods)
    lead = rec["lead"]
    out = []
    for player in (lead, engine.state.opponent(lead)):
        own = [m for m in mods if rec["whose"][_mod_id(m)] == player]
        if len(own) > 1 and matters(own):
            own = _own_order(engine, rec, player, own)
        out.extend(own)
    out.extend(m for m in mods if m not in out)
    return out


def _started_together(engine, mods) -> dict:
    """What 711.3 reads as the tied modifiers (one timestamp: they started to apply together) started to
    apply: the lead player and each modifier's controller then. A modifier first seen later with that
    timestamp (one a power that returned with them gives, powers.state_checks) is read when first seen."""
    groups = engine.memory(_TOGETHER)
    ts = mods[0]["ts"]
    rec = groups.get(ts)
    if rec is None:
        rec = groups[ts] = {"lead": engine.hooks.lead_player(engine), "whose": {}, "order": {}}
    whose, named = rec["whose"], rec.setdefault("labels", {})
    labels = _labels(mods)
    for m in mods:
        whose.setdefault(_mod_id(m), m["controller"])
        named.setdefault(_mod_id(m), labels[_mod_id(m)])
    return rec


def _label(m) -> str:
    """A modifier's source card's label (an action card's modifiers outlast its object on the stack:
    the card its power bound as "this" then names it)."""
    return (getattr(m["src"], "label", None) or getattr((m.get("bindings") or {}).get("this"), "label", None)
            or str(m["key"]))


def _labels(mods) -> dict[str, str]:
    """How a player names each modifier of the group in his order: its source card's label; the several
    modifiers one power of a card created (one timestamp, 711.2c) are ``Card (modifier N)``, N counting
    them in the order the power's text creates them (as ``Card (created N)`` names a card's triggered
    modifiers, 702.6). Several always-on powers of one card (the card's timestamp, 711.2d) are ``Card
    (power)``, the power's name (``ability N`` for an unnamed one), as a card's triggered powers are."""
    by_card: dict[str, list] = {}
    for m in mods:
        by_card.setdefault(_label(m), []).append(m)
    out = {}
    for label, group in by_card.items():
        # one power's modifiers: keyed with their creation tick (after_resolve, state.effect_key); a
        # printed always-on power: (its card's oid, its index)
        created = sorted((m for m in group if len(m["key"]) == 3 and m["key"][0] == "e"), key=lambda m: m["key"][2])
        powers = [m for m in group if m.get("indefinite") and isinstance(m["key"][-1], int)]
        rank = {id(m): i for i, m in enumerate(created, 1)}
        printed = {id(m) for m in powers}
        for m in group:
            if id(m) in rank and len(created) > 1:
                out[_mod_id(m)] = f"{label} (modifier {rank[id(m)]})"
            elif id(m) in printed and len(powers) > 1:
                out[_mod_id(m)] = f"{label} ({m['data'].get('name') or 'ability %d' % (m['key'][-1] + 1)})"
            else:
                out[_mod_id(m)] = label
    return out


def _mod_id(m) -> str:
    """A modifier of the group: its key with its source card (the modifiers of given powers that return
    together share the key of their one timestamp, powers.state_checks)."""
    return f"{m['key']}@{getattr(m['src'], 'oid', '-')}"


def _own_order(engine, rec: dict, player: str, own: list) -> list:
    """``player``'s modifiers of the group in the order he or she chose: asked once (when the order
    first matters), then kept. Before the first action no choice can be scripted: the order is the
    listing order for now and nothing is kept (``mark_provisional``); the player is asked at his first
    scripted choice (a bare one included: replay.run_actions), at the first action that works the
    characteristics out, or as the script ends (``Engine.can_defer``)."""
    keys = [_mod_id(m) for m in own]
    chosen = rec["order"].get(player)
    if chosen is not None and set(keys) <= set(chosen):
        return sorted(own, key=lambda m: chosen.index(_mod_id(m)))
    labels = [rec["labels"][k] for k in keys]
    if len(set(labels)) < len(labels):  # one card's powers: no label tells them apart, they keep the card's order
        return own
    if engine.can_defer(player):
        engine.mark_provisional()
        return own
    # 711.3: each player orders "those modifiers that he or she controls": an order naming another
    # player's modifier is refused by it
    others = [lbl for mid, lbl in rec["labels"].items() if rec["whose"].get(mid) != player]
    order = engine.decide(player, "order", labels, "the order of the timestamps of your simultaneous modifiers",
                          refusing="simultaneous_modifier_order", left_out=others)
    engine.fire("simultaneous_modifier_order")
    ranked = sorted(zip(labels, own, keys), key=lambda lmk: order.index(lmk[0]))
    rec["order"][player] = [k for _, _, k in ranked]
    return [m for _, m, _ in ranked]


def state_checks(engine) -> bool:
    _note_powers_used(engine)
    # continuous modifiers are in force at all times: evaluating them now makes players take
    # the decisions they need (711.3 timestamp order) as the game goes, not when read later
    engine.characteristics()
    return False


_USED_AT = "_huntik_used_at"  # ChainItem binding: the clock when an action power was used (711.2c)


def _note_powers_used(engine) -> None:
    """711.2c: an action power is played as it is used. A played card carries that time (it moved to
    the stack then); a power's chain item is noted here, at the state check that follows its use
    (nothing happens in between), so that its modifiers can be timestamped as played."""
    for item in engine.state.chain:
        if not item.card_obj and _USED_AT not in item.bindings:  # Huntik's triggered powers never go on the chain
            item.bindings[_USED_AT] = engine.state.clock


def _resolving(engine) -> list:
    """(the clock as each chain item being resolved started to resolve, the time it was played, the item's id,
    the card whose modifiers it creates): a stack, as one item's resolution may resolve another."""
    return engine.memory("huntik.resolving", {"cards": []})["cards"]


def _played(engine, item: ChainItem) -> tuple[int, int] | None:
    """(the time ``item`` was played, the card that is the source of its modifiers): a played card's
    object on the stack, timestamped as it moved there; an action power's card, with the time the power
    was used (``_note_powers_used``). None when there is nothing to note (the card is gone)."""
    if item.card_obj:
        card = engine.state.objects.get(item.card_obj)
        return (card.timestamp, card.oid) if card is not None else None
    if item.bindings.get(_USED_AT) is None:
        return None
    return item.bindings[_USED_AT], item.source


def after_resolve(engine, thing) -> None:
    """711.2c: a continuous modifier from a power has the time that power was played as its timestamp,
    not the time it resolved: an action card or an action power ('Free Action: Target hero gets +1 DEF
    this turn') played before another one but resolved after it (the other was played while it waited,
    701.2) has the earlier timestamp. The several modifiers of one power (708.3b: one per part with its own
    duration) all have that one time, so they start to apply simultaneously and 711.3 orders them
    (``order_simultaneous_modifiers``); each keeps the tick it was created at (``started["tick"]``,
    state.effect_key) to stay apart, and in text order where nobody orders them. Switched off, each has
    the time it was created (resolved). Traced only when a modifier or a card's entering came between the
    play and the resolution, or the power created several modifiers."""
    if not isinstance(thing, ChainItem):
        return
    stack = _resolving(engine)
    if not stack or stack[-1][2] != thing.cid:  # before_resolve found nothing to note (the card was gone)
        return
    started, played, _item, oid = stack.pop()
    created = [e for e in engine.state.effects if e.kind == "modifier" and e.source == oid and e.timestamp > started]
    if not created:
        return
    # a modifier or card timestamped at ``started`` came before this resolution (the clock ticks as a
    # timestamp is given): an action power resolved just before leaves the clock where it stamped its modifier
    between = any(played < e.timestamp <= started for e in engine.state.effects if e.kind == "modifier") or any(
        played < o.timestamp <= started for o in engine.in_play())
    if not (between or len(created) > 1) or not engine.applies("played_timestamp"):
        return
    # just after the time it was played when something came between; else where the first was stamped
    stamp = played + 1 / 1000 if between else min(e.timestamp for e in created)
    for e in created:
        e.started.setdefault("tick", e.timestamp)
        e.timestamp = stamp
    engine.touch()


def before_resolve(engine, thing) -> None:
    if isinstance(thing, ChainItem):
        played = _played(engine, thing)
        if played is not None:
            _resolving(engine).append((engine.state.clock, played[0], thing.cid, played[1]))
        return
    _modifier_source(engine, thing)


def _modifier_source(engine, thing) -> None:
    """706.6: the source of a modifier created by another modifier is the source of the original: what
    a triggered modifier (709.1) does as it triggers has the card whose power created it as its source,
    so "I" / "me" in its text is that card. Switched off, it has no source card: those words name no
    card. Traced only for a triggered modifier whose text names its source."""
    if not isinstance(thing, Pending) or thing.effect is None or thing.effect.kind != "trigger":
        return
    if not _NAMES_SOURCE.search(repr(thing.ability.get("steps"))):
        return
    if not engine.applies("modifier_source_inherited"):
        thing.source = -1
