"""Modifiers: 'cannot gain' a keyword this turn; '+N ATK / +M DEF' counters."""
from __future__ import annotations

import re

from judge.engine.whiles import live

# A counter named for what it does ("put a +1 ATK / +1 DEF counter": kind "+1/+1") changes the
# character's ATK and DEF by those amounts for as long as it is on the character.
_STAT_COUNTER = re.compile(r"^([+-]\d+)/([+-]\d+)$")


def _grants(data: dict, kw: str) -> bool:
    """Does a modifier's or ability's data grant keyword ``kw``?"""
    return any((g if isinstance(g, str) else g.get("keyword")) == kw for g in data.get("grant") or ())


#: (engine, object) pairs whose keyword sources are being worked out (a modifier's reach may read their
#: keywords): a re-entrancy guard, keyed by the engine too so that replays running side by side (the
#: web server's threads) never see each other's objects (object ids restart at 1 in every replay)
_BUSY: set = set()


def _sources(eng, obj, kw: str) -> set:
    """Where ``obj`` gets keyword ``kw`` from now (besides its printed text): each definite modifier in
    force that grants it to ``obj`` (``("e", timestamp)``) and each always-on ability, of a card where
    it functions, that does (``("c", oid, index)``)."""
    out: set = set()
    for eff in eng.state.effects:
        if eff.kind != "modifier" or not _grants(eff.data, kw):
            continue
        src = eng.state.objects.get(eff.source)
        b = {**eng.bindings_for(src, eff.controller, live(eng, eff)), "it": obj}  # its kept cards as they are now
        reached = obj.oid in eff.locked if eff.locked is not None else eng.eval(eff.data.get("applies_to", "false"), b)
        if reached and eng.eval(eff.data.get("while", True), b):
            out.add(("e", eff.timestamp))
    play = eng.game.play_zones
    for src in list(eng.state.objects.values()):
        for ab in src.card.continuous:
            if not _grants(ab.data, kw) or src.zone not in (ab.get("functions_in") or play):
                continue
            b = {**eng.bindings_for(src, src.controller), "it": obj}
            if eng.eval(ab.get("applies_to", "it == this"), b) and eng.eval(ab.get("while", True), b):
                out.add(("c", src.oid, ab.index))
    return out


def cannot_gain(eng, st: dict, b: dict) -> bool:
    """{cannot_gain: REF, keyword: K} -- 'cannot gain K this turn' (general vocabulary): K cannot be
    gained afterwards this turn. A character that already has K keeps it (what 'gain' means) for as
    long as it keeps it from where it had it: printed on the card, or a modifier or always-on ability
    that gives it now (written down). Once that one ends (reinforcement 'this attack'), getting K again
    this turn from another would be gaining it, so it is not gained."""
    kw = st["keyword"]
    objs = eng.resolve_ref(st["cannot_gain"], b)
    for o in objs:
        o.memory.setdefault("cannot_gain", {})[kw] = {
            "turn": eng.state.vars.get("turn"), "printed": kw in o.card.keywords,
            "sources": sorted(_sources(eng, o, kw))}
        eng.touch()
        eng.log("cannot_gain", card=o.label, keyword=kw)
    return bool(objs)


def adjust_attr(engine, obj, name: str, value):
    """'+N ATK / +M DEF' counters add to ATK and DEF; 'cannot gain K this turn': K is taken out of
    the keywords it gained this turn."""
    if name in ("atk", "def") and obj.counters and isinstance(value, int):
        return value + counter_bonus(obj, name)
    if name != "keywords" or not obj.memory.get("cannot_gain") or not isinstance(value, list):
        return value
    turn = engine.state.vars.get("turn")
    out = list(value)
    for kw, spec in obj.memory["cannot_gain"].items():
        if spec["turn"] != turn or kw not in out or spec["printed"] or (id(engine), obj.oid) in _BUSY:
            continue
        if spec["sources"]:
            busy = (id(engine), obj.oid)
            _BUSY.add(busy)
            try:
                kept = bool(_sources(engine, obj, kw) & {tuple(x) for x in spec["sources"]})
            finally:
                _BUSY.discard(busy)
            if kept:
                continue  # it still has K from where it had it: it has not gained it
        out.remove(kw)
    return out


def counter_bonus(obj, name: str) -> int:
    """What the character's '+N ATK / +M DEF' counters add to its ATK (name 'atk') or DEF ('def')."""
    total = 0
    for kind, n in obj.counters.items():
        m = _STAT_COUNTER.match(kind.replace(" ", ""))
        if m and n:
            total += n * int(m.group(1 if name == "atk" else 2))
    return total


def register(game) -> None:
    game.steps["cannot_gain"] = cannot_gain
