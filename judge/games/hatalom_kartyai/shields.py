"""Sources that have no effect on an object: a galetki whose body part was sacrificed against a source
(8.4.3) is not affected by it while it resolves. The steps that the engine performs without a
replaceable event (taking control, passivizing, tokens, a modifier on a target, losing abilities) leave
it out through the hook ``may_affect``; damage and leaving play are replaced by nothing
(galetki.sacrifice_part). The card played leaves it out of its always-on abilities while it stays in play
(``entering_play``)."""
from __future__ import annotations

from judge.engine.state import SPARED


def _memory(engine) -> dict:
    return engine.memory("hatalom-kartyai.shields", {"shielded": [], "resolving": [], "sources": [], "clocks": [],
                                                     "created": {}})


def before_resolve(engine, thing) -> None:
    """Note which source is resolving: the chain item itself (its ``cid``) -- each play of a card and each
    use of an ability is a source of its own, even the same card's ability used again (a triggered
    ability is another source, which no body part was sacrificed against: None in ``resolving``).
    ``sources`` keeps the card each of them comes from, the triggered ability's too (what its text
    says: 8.9.5)."""
    card = getattr(thing, "card_obj", None)
    mem = _memory(engine)
    # a triggered ability that waited on the chain for reactions (galetki.keep_pending) is the source its
    # chain item stood for: a body part sacrificed against that item shields from it
    key = source_key(thing) if hasattr(thing, "cid") else (getattr(thing, "bindings", None) or {}).get(WAITED)
    if key is None and getattr(thing, "effect", None) is not None:
        # a triggered effect a source created ('a harci fázis elején 2 sebzést kap'): what that source's text
        # does, later -- "ennek a forrásnak ... semmilyen hatása nem lesz" reaches it (after_resolve noted it)
        key = mem["created"].get(str(thing.effect.timestamp))
    mem["resolving"].append(key)
    mem["sources"].append(card or getattr(thing, "source", None))
    mem["clocks"].append(engine.state.clock)


#: the binding a triggered ability that waited on the chain carries: the ``cid`` of the chain item it waited as
WAITED = "_hk_waited_as"


def source_key(item) -> int:
    """The source a body part is sacrificed against (8.4.3): that chain item, not the card it comes from."""
    return item.cid


def after_resolve(engine, thing) -> None:
    """The triggered effects the source created as it resolved (``create``: their timestamps are later
    than its start) stay that source's: a galetki shielded from it is shielded from them when they
    trigger. One a nested resolution created is that one's (noted first)."""
    mem = _memory(engine)
    key, since = mem["resolving"].pop(), mem["clocks"].pop()
    mem["sources"].pop()
    if key is None:
        return
    for eff in engine.state.effects:
        if eff.kind == "trigger" and eff.timestamp > since:
            mem["created"].setdefault(str(eff.timestamp), key)


def resolving_card(engine):
    """The card whose effect (a played card's, or an ability's of a card) is resolving now, or None."""
    sources = _memory(engine)["sources"]
    return engine.state.objects.get(sources[-1]) if sources and sources[-1] is not None else None


def _shielded_now(engine) -> set:
    """The galetki the resolving source can no longer affect (8.4.3: a body part was sacrificed against it)."""
    mem = _memory(engine)
    src = mem["resolving"][-1] if mem["resolving"] else None
    return {host for source, host in mem["shielded"] if src is not None and source == src}


def shielded(engine, obj) -> bool:
    """shielded(event.obj): the object is a galetki the resolving source has no effect on (8.4.3)."""
    if obj is None or getattr(obj, "oid", None) not in _shielded_now(engine):
        return False
    engine.fire("body_part_sacrifice")  # the trace names 8.4.3 where it makes the difference
    return True


#: the steps without a replaceable event that a shielded galetki is left out of: "semmilyen hatása nem
#: lesz" -- a targeting source's modifier on it and its loss of abilities too, not only the effects 8.4.3 lists;
#: "attach": an 'enchant galetki' card is not put on it (entering.place_played_card asks before attaching);
#: readying it and taking its tokens too (no effect 8.4.3 lists, but "semmilyen hatása": none at all)
SHIELDED_FROM = ("exhaust", "ready", "counter", "remove_counter", "gain_control", "flag", "modify", "attach")


def may_affect(engine, verb: str, obj) -> bool:
    """Hook ``may_affect``: the resolving source has no effect on a galetki shielded from it (8.4.3)."""
    if verb not in SHIELDED_FROM or obj.oid not in _shielded_now(engine):
        return True
    engine.fire("body_part_sacrifice")
    engine.log("protected", card=obj.label)
    return False


def entering_play(engine, events) -> None:
    """Hook ``entering_play``: the card whose play is resolving enters play with its always-on abilities --
    what that source does from then on. A galetki shielded from the play (8.4.3 "ennek a forrásnak erre az
    érintett galetkire semmilyen hatása nem lesz") is left out of them for as long as the card stays in
    play (``SPARED``, read by the core as it works out the modifiers). Only the card played: a triggered
    ability of it is another source (before_resolve)."""
    mem = _memory(engine)
    if not mem["sources"] or mem["sources"][-1] is None:
        return
    hosts = _shielded_now(engine)
    if not hosts:
        return
    for ev in events:
        new = ev.get("new")
        if ev["obj"].oid != mem["sources"][-1] or new is None or not new.card.continuous:
            continue
        spared = frozenset(o.oid for o in engine.in_play() if o.oid in hosts)
        if spared:
            engine.fire("body_part_sacrifice")
            new.memory[SPARED] = spared
            engine.touch()


def shielded_from(engine, source: int, obj) -> bool:
    """Has a body part already been sacrificed on ``obj`` against that source (8.4.3, ``source_key``)?"""
    return [source, obj.oid] in _memory(engine)["shielded"]


def shield(engine, source: int, obj) -> None:
    """From now on the source (a chain item, ``source_key``) has no effect on ``obj``."""
    _memory(engine)["shielded"].append([source, obj.oid])


def register(game) -> None:
    game.functions["shielded"] = shielded
    