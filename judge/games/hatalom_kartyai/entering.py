"""Cards entering play: passive or active by type (8.1.2, 8.6, 8.7, 8.8.0, 8.9.0), creatures put
into play by a source."""
from __future__ import annotations

from .attached import can_host, host_rule
from .card_types import CREATURES, SPELLS_ONE_SHOT, is_attached_type, is_enchantment, type_of
from .locations import replace_location
from .on_play import mark_played


#: card types that enter play active, and the rule saying so (8.7, 8.8.0, 8.9.0)
ENTERS_ACTIVE_KEYS = {"tárgy": "item_enters_active", "szakértelem": "skill_enters_active",
                      "helyszín": "location_enters_active"}


def _entering(engine, new) -> list[tuple]:
    """The 'comes into play active / passive' modifiers of ``new``: its own text's (``enters`` of an
    always-on ability about itself) and those the always-on abilities of other cards in play give it
    (``enters`` with an ``applies_to`` naming it: 'A lényeid aktívan kerülnek játékba'), a card whose
    text is blank giving none. Card text says how the card comes into play, overriding its type's rule,
    whichever card's text it is."""
    out = [(new, e) for e in new.card.own_enters]
    # an effect made for the next card to enter ('A következő lény, amit ebben a körben kijátszol, aktívan
    # kerül játékba'), which the core applied and used up as this card entered (blind round 49)
    out += [(engine.state.objects.get(e.get("_source")) or e.get("_source_label"), e)
            for e in new.memory.get("created_enters", ())]
    for src in engine.in_play():
        if src is new or engine.hooks.text_blank(engine, src):
            continue
        for ab in src.card.continuous:
            if ab.get("enters") and not ab.about_itself and \
                    engine.eval(ab.get("applies_to"), engine.bindings_for(src, src.controller, {"it": new})):
                out.append((src, ab.get("enters")))
    return out


def says_active(engine, new) -> bool:
    """A card's text says ``new`` comes into play active (``enters: {exhausted: false}``, its own or another
    card's for it): it overrides the passive entry of its type, and is how it 'would come from hand' for
    8.1.2.1."""
    return any(e.get("exhausted") is False for _, e in _entering(engine, new))


def says_passive(engine, new):
    """A card's text says ``new`` comes into play passive (``enters: {exhausted: true}``, 'Passzívan kerül
    játékba'): it overrides the active entry of its type (8.7, 8.8.0, 8.9.0) as says_active overrides the
    passive one -- the type's rule is what holds when no card's text says anything. The card whose text
    says it, or None."""
    return next((src for src, e in _entering(engine, new) if e.get("exhausted") is True), None)


def enters_passive(engine, new, key: str) -> None:
    """8.1.2, 8.6: creatures and buildings enter play passive (the rule ``key`` says so), unless the
    card's own text (or another card's, for it) says it comes into play active."""
    if says_active(engine, new):
        return
    if engine.on(key):
        engine.fire(key)
        new.exhausted = True
        new.memory["exhausted_by"] = ("rule", key)  # an activation refused while it stays so names the rule
        engine.touch()


def enters_active(engine, new) -> None:
    """8.7, 8.8.0, 8.9.0: items, skills and locations enter play active, unless a card's text (its own, or
    another's for it) says it comes into play passive. The type is the one it has in play (an effect on the
    cards in play may set it)."""
    t = type_of(engine, new)
    key = ENTERS_ACTIVE_KEYS.get(t)
    # a location's own text can't keep it passive: no way of passivizing one exists (8.9.5)
    by_text = None if key is None or t == "helyszín" else says_passive(engine, new)
    if key is None or by_text is not None:
        if by_text is not None:  # 'Passzívan kerül játékba': a card's text keeps it passive
            if not new.exhausted:  # another card's text (the core applied the card's own as it entered)
                new.exhausted = True
                engine.touch()
            new.memory["exhausted_by"] = ("text", engine.card_name(by_text))
        return
    if engine.on(key):
        engine.fire(key)
        if new.exhausted:
            new.exhausted = False
            engine.touch()
    elif not new.exhausted:
        new.exhausted = True
        engine.touch()


def put_into_play(engine, st, b) -> bool:
    """{put_into_play: {from: hand, filter: EXPR, active: true|false}} -- a source brings a card into
    play; ``active`` is what the source's text says (a creature's default, 8.1.2.1: as if played from hand).
    An attached card (8.11.0) goes on a host its player chooses as it enters (_hosts); one that no card in
    play can take is not put into play."""
    spec = st["put_into_play"]
    player = b["you"]
    pool = [o for o in engine.zone_objs(player, spec.get("from", "hand"))
            if engine.eval(spec.get("filter", "true"), {**b, "it": o})]
    hosts = {o.oid: _hosts(engine, o) for o in pool if _goes_on_host(engine, o)}
    left_out = [o for o in pool if hosts.get(o.oid) == []]
    for o in left_out:  # the rule saying what it goes on keeps it out of play: nothing can take it
        engine.fire(host_rule(o))
        engine.log("no_host", card=o.label, reason=f"no card in play can take {o.label} ({o.card.type})")
    pool = [o for o in pool if o not in left_out]
    if not pool:
        return False
    label = engine.decide(player, "pick", [o.label for o in pool], "a card to put into play",
                          refusing=host_rule(left_out[0]) if left_out else None)
    obj = engine.obj(label)
    # where it goes is decided by its type before it is in play: as printed (hand, deck or discard pile)
    if obj.card.type in CREATURES and engine.on("creature_into_play_reserve"):
        engine.fire("creature_into_play_reserve")
        new = engine.enter_play(obj, player, "reserve")
        if new is not None and "active" in spec:  # the source says how it comes into play
            new.exhausted = not spec["active"]
            engine.touch()
        elif new is not None:  # not said: as if played from hand
            enters_passive(engine, new, "creature_enters_passive")
    else:
        host = None
        if obj.oid in hosts:
            key = host_rule(obj)
            host = engine.obj(engine.decide(player, "pick", [h.label for h in hosts[obj.oid]],
                                            f"a card to put {obj.label} on", refusing=key))
            engine.fire(key)  # the rule puts it on a card, not loose on the table
        if obj.card.type == "helyszín":
            replace_location(engine, obj)
        new = engine.enter_play(obj, player, "table")
        if new is not None:
            new.memory["put_into_play"] = True
            enters_active(engine, new)
            if host is not None:
                attach(engine, new, host)
    return True


def _goes_on_host(engine, obj) -> bool:
    """Does ``obj`` go on a card as it enters play by an effect? An attached card whose type's rule says what
    it goes on (8.4.1 'csak galetkire / kalandozóra rakható', 8.5.5, 8.7.1 'nem az asztalra kell kitenni,
    hanem egy ... lényre kell rátenni'): a statement about the card wherever it enters from, not only when
    played. With that rule switched off nothing keeps it off the table: it enters loose, as any table card."""
    return is_attached_type(obj) and engine.on(host_rule(obj))


def _hosts(engine, obj) -> list:
    """The cards in play ``obj`` may be put on: the host checks of a play (attached.can_host), and not a
    galetki the resolving source has no effect on (8.4.3, as place_played_card asks)."""
    return [o for o in engine.in_play() if o is not obj and can_host(engine, o, obj) and engine.affectable("attach", [o])]


def attach(engine, new, host) -> None:
    """``new`` (just entered play) is put on ``host``: the card it affects (8.11.1)."""
    new.attached_to = host.oid
    new.memory["played_on"] = host.oid
    engine.touch()
    engine.log("attached", card=new.label, to=host.label, controller=new.controller)


def keep_pending(engine, pending) -> bool:
    """Triggers on a card play do not see a location's (8.9.1), nor triggers on a card entering or
    leaving play a location doing so (8.9.3). On-play triggers (``on: enters_play``
    of the card itself): 8.6.1 (a building entering passive) and 8.9.7 (a location brought into play
    by an effect)."""
    ab, ev = pending.ability, pending.event or {}
    played = ev.get("obj") if ev.get("type") == "card_played" else None
    # a card being played is not in play: its printed type
    if played is not None and played.card.type == "helyszín" and played.label != pending.source_label:
        # 8.9.1: bringing a location into play is not playing a card for the effects tied to card plays
        if engine.on("location_play_not_card_play"):
            engine.fire("location_play_not_card_play")
            return False
    new = ev.get("new")
    moving = (new if ev.get("enters_play") else ev.get("obj") if ev.get("leaves_play") else None) \
        if ev.get("type") == "zone_change" else None
    # a card that entered play: its type there; one that left: its object is gone with the effects on it,
    # so type_of reads the printed type
    if moving is not None and type_of(engine, moving) == "helyszín" and moving.label != pending.source_label:
        # 8.9.3: for other cards' effects a location is not a card in play: it does not "enter" or "leave
        # play" for them (its own on-play ability happens: 8.9.7)
        if engine.on("location_not_in_play_for_triggers"):
            engine.fire("location_not_in_play_for_triggers")
            return False
    if ab.kind != "trigger" or (ab.get("on") or {}).get("event") != "enters_play" or new is None \
            or new.label != pending.source_label:
        return True
    t = type_of(engine, new)
    if t == "építmény" and new.exhausted:
        if not engine.on("building_on_play_passive"):
            return False
        engine.fire("building_on_play_passive")
    if t == "helyszín" and new.memory.get("put_into_play"):
        if not engine.on("location_on_play_by_effect"):
            return False
        engine.fire("location_on_play_by_effect")
    return True


def place_played_card(engine, item, obj) -> None:
    """Where a played card goes once its play resolves (the game's resolve_played_card hook): by its type
    on the chain, as printed (not yet in play); once in play, its entry reads the type it has there."""
    t = obj.card.type
    player = item.controller
    if t in SPELLS_ONE_SHOT:
        if engine.applies("spell_to_discard"):
            engine.move(obj, "discard", cause="resolved")
        else:
            engine.enter_play(obj, player, "table")
        return
    if is_enchantment(t) and not engine.on("enchantment_stays"):
        engine.move(obj, "discard", cause="resolved")
        return
    if is_enchantment(t):
        engine.fire("enchantment_stays")
    if t == "helyszín":
        replace_location(engine, obj)
    if t in CREATURES:
        new = engine.enter_play(obj, player, "reserve")
        if new is not None:
            mark_played(engine, new)
            enters_passive(engine, new, "creature_enters_passive")
        return
    host = None
    if is_attached_type(obj):
        hosts = [engine.state.objects.get(o) for ts in item.targets.values() for o in ts]
        # a host the card, as a source, may not affect (8.4.3: a body part was sacrificed against it) does
        # not take it: the card then has no host, as when its target left play
        host = next((h for h in hosts if h is not None and engine.is_in_play(h) and engine.affectable("attach", [h])),
                    None)
        if host is None:
            engine.move(obj, "discard", cause="no_host")
            return
    owner = None
    # another player's permanent, or one he took (it goes to its owner's discard pile): 8.11.2 decides
    if host is not None and (host.controller != player or host.owner != player):
        if not engine.applies("attached_owner_is_player"):
            # without 8.11.2 the card belongs with the permanent it is on: the host's gazda controls it,
            # and it goes to the discard pile the host goes to (as 8.11.3's off-reading keeps it with a
            # host whose gazda changes)
            player, owner = host.controller, host.owner
    new = engine.enter_play(obj, player, "table")
    if new is None:
        return
    if owner is not None:
        new.owner = owner
    mark_played(engine, new)
    if type_of(engine, new) == "építmény":
        enters_passive(engine, new, "building_enters_passive")
    enters_active(engine, new)
    if host is not None:
        attach(engine, new, host)


def register(game) -> None:
    game.steps["put_into_play"] = put_into_play
