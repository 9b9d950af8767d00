"""Huntik counters that increase a card's ATK or DEF ('+1 ATK', '+2 DEF' counters: the unnamed
counters of 711.2e; cards put them on with the core's ``counter`` step or come into play with them,
705.1b). Each counter on a card in play is a continuous modifier of that card, timestamped when the
counter was put on it (711.2e), so it takes its place among the other continuous modifiers (711.1):
a later 'has 4 DEF' overrides it, an earlier one doesn't. Counters already on a card when the scenario
starts count as put on at its start, after the cards entered play.

The modifiers are kept in step with the cards' counters after every batch of events and at each state
check: a counter added makes one, a counter removed or a card leaving play takes its modifier away."""
from __future__ import annotations

import re

from judge.engine.state import Effect

_BONUS = re.compile(r"^\s*\+(\d+)\s+(atk|def)\s*$", re.IGNORECASE)
_FIRST = -10 ** 9  # switched off: before every other modifier (each one still its own timestamp)


def bonus(kind: str) -> tuple[str, int] | None:
    """('atk' | 'def', N) for a counter kind '+N ATK' / '+N DEF', else None."""
    m = _BONUS.match(str(kind))
    return (m.group(2).lower(), int(m.group(1))) if m else None


def is_counter_modifier(effect) -> bool:
    return effect.kind == "modifier" and "counter" in effect.data


def _represented(engine) -> dict[tuple[int, str], list]:
    out: dict[tuple[int, str], list] = {}
    for e in engine.state.effects:
        if is_counter_modifier(e):
            out.setdefault((e.source, e.data["counter"]), []).append(e)
    return out


def _sync(engine) -> bool:
    """Make the counter modifiers match the counters on the cards in play; True if anything changed."""
    have = _represented(engine)
    changed = False
    wanted = {}
    for o in engine.in_play():
        for kind, n in o.counters.items():
            if n > 0 and bonus(kind):
                wanted[(o.oid, kind)] = (o, n)
    for key, effects in have.items():  # removed counters, cards gone from play: latest first
        n = wanted[key][1] if key in wanted else 0
        count = sum(e.data["count"] for e in effects)
        for e in sorted(effects, key=lambda e: e.timestamp, reverse=True):
            if count <= n:
                break
            take = min(e.data["count"], count - n)
            count -= take
            if take == e.data["count"]:
                engine.state.effects.remove(e)
            else:
                _set_count(e, e.data["count"] - take)
            changed = True
    for key, (o, n) in wanted.items():
        count = sum(e.data["count"] for e in have.get(key, ()))
        if n > count:
            _add(engine, o, key[1], n - count)
            changed = True
    if changed:
        engine.touch()
    return changed


def _set_count(effect, count: int) -> None:
    stat, amount = bonus(effect.data["counter"])
    effect.data = {**effect.data, "count": count, "modify": {stat: amount * count}}


def _add(engine, obj, kind: str, count: int) -> None:
    """711.2e: the counters' modifier is timestamped now, as they are put on. Switched off, counters
    raise the card's ATK / DEF before every other continuous modifier, as if printed."""
    ts = engine.state.tick()
    if not engine.applies("counter_timestamp"):
        ts += _FIRST
    effect = Effect("modifier", obj.oid, obj.label, obj.controller, ts, {"counter": kind}, None,
                    frozenset({obj.oid}))
    _set_count(effect, count)
    engine.state.effects.append(effect)


def observe(engine, events) -> None:
    if any(ev.get("type") in ("counter_added", "zone_change") for ev in events):
        _sync(engine)


def setup(engine, spec) -> None:
    _sync(engine)


def state_checks(engine) -> bool:
    return _sync(engine)


def entering_play(engine, events) -> None:
    """Counters a card came into play with (705.1b, entering.py) are modifiers as it enters: the powers
    that trigger on its entering play read its ATK / DEF with them (705.1d, 702.4)."""
    _sync(engine)
