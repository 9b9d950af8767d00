"""Huntik powers that are lost and return (700.3, 711.2d), and always-on powers a modifier gives a
card (700.1, 711.2d): a modifier that makes cards lose their powers for its duration (their text box
is blank, keywords included; a continuous modifier applied in timestamp order, 711.1: the keywords and
powers modifiers gave the card before it are lost, those a later modifier gives are the card's), a
returning power that is the same power (its
use limits still count), the new timestamp of the always-on modifiers a returning power generates,
and the continuous modifier an always-on power given by a modifier ('target hero gets "Other friendly
heroes have 3 DEF"') generates, timestamped when that power was added (711.2d); the definite modifiers a
card's powers created are not impacted when it loses its powers (708.3c)."""
from __future__ import annotations

from judge.engine.state import Effect, Obj

from . import counters


def lose_powers(eng, st, b) -> bool:
    """{lose_powers: REF, duration: turn|round|combat}: the cards lose their powers for the
    duration (a definite modifier; without a duration, until the game ends)."""
    objs = [o for o in eng.resolve_ref(st["lose_powers"], b) if eng.is_in_play(o)]
    if not objs:
        return False
    if not eng.on("lost_powers"):
        # 700.3 off: a card keeps its powers whatever a modifier says, so nothing is lost -- and nothing
        # 'returns' when the duration ends (no new timestamp, 711.2d; no use counts started again)
        return True
    src = b.get("this")
    # a continuous modifier (700.3) like any other: the core applies it in timestamp order (711.1, its
    # timestamp the time its power was played, 711.2c: modifiers.after_resolve), emptying the keywords and
    # the powers modifiers gave the card so far -- one given by a later modifier is the card's (700.1)
    eng.state.effects.append(Effect("modifier", src.oid if isinstance(src, Obj) else -1,
                                    getattr(src, "label", "?"), b["you"], eng.state.tick(), {"lose_powers": True},
                                    st.get("duration"), frozenset(o.oid for o in objs)))
    eng.touch()
    for o in objs:
        eng.log("powers_lost", card=o.label, duration=st.get("duration"))
    _definite_modifiers_unaffected(eng, objs)
    return True


def _definite_modifiers_unaffected(eng, objs) -> None:
    """708.3c: a definite modifier exists independently from its source; modifying that source (its
    powers lost, 700.3) doesn't impact it: a bonus a card's power gave this round, or a triggered modifier
    its power created, goes on. Switched off, they end as their source loses its powers (as the core ends
    them when their source leaves play). Traced only when a card losing its powers is the source of one."""
    oids = {o.oid for o in objs}
    made = [e for e in eng.state.effects if e.source in oids and e.kind in ("modifier", "trigger", "replacement")
            and not counters.is_counter_modifier(e) and not is_granted_modifier(e) and not is_loss(e)]
    if not made or eng.applies("definite_independent_of_source"):
        return
    ending = {id(e) for e in made}
    eng.state.effects[:] = [e for e in eng.state.effects if id(e) not in ending]
    eng.touch()


def is_loss(effect) -> bool:
    """A 'loses its powers' modifier (lose_powers)."""
    return effect.kind == "modifier" and bool(effect.data.get("lose_powers"))


def _losses(eng) -> list:
    """The 'loses its powers' modifiers in force: all of them (708.3c: a definite modifier exists
    independently from its source); switched off, only those whose source is still in play, as the
    core keeps the other definite modifiers (characteristics._modifiers)."""
    out = [e for e in eng.state.effects if is_loss(e)]
    if out and not eng.on("definite_independent_of_source"):
        out = [e for e in out if e.source in eng.state.objects and eng.is_in_play(eng.state.objects[e.source])]
    return out


def text_blank(eng, obj) -> bool:
    """700.3: a card in play that lost its powers has a blank text box for the modifier's duration: its
    printed text (the powers modifiers give it are its computed ``powers`` and keywords, which the
    modifier empties in timestamp order: one given later survives, 711.1)."""
    if not any(obj.oid in e.locked for e in _losses(eng)):
        return False
    if not eng.is_in_play(obj) or not eng.on("lost_powers"):
        return False
    eng.fire("lost_powers")
    return True


def adjust_attr(eng, obj, name: str, value):
    """700.1: keywords are powers too (printed, or added by modifiers): the 'loses its powers' modifier
    empties them in timestamp order with the modifiers that give keywords (the core's view: one given
    later survives, 711.1). A printed keyword read while the card lost its powers records 700.3."""
    if name == "keywords" and obj.card.keywords and obj.card.keywords[0] not in (value or ()):
        text_blank(eng, obj)
    return value


def powers_return(eng, duration: str) -> None:
    """Call as modifiers of ``duration`` end: the cards whose lost powers return now. 711.2d: the
    continuous modifiers their always-on powers generate get a new timestamp (that of the card,
    which the engine uses for them). Powers that return as one duration ends return together: their
    modifiers start to apply simultaneously and share one timestamp, so 711.3 orders them (the lead
    player's first), not the order in which the cards lost their powers."""
    losses = _losses(eng)
    ending = [e for e in losses if e.duration == duration]
    if not ending:
        return
    still = {oid for e in losses if e.duration != duration
             for oid in e.locked}
    returning = [eng.state.objects[oid] for e in ending for oid in e.locked
                 if oid in eng.state.objects and oid not in still and eng.is_in_play(eng.state.objects[oid])]
    _same_power_returns(eng, returning)
    if not returning:
        return
    now = eng.state.tick()
    # always-on powers a modifier gave these cards return at this same time: state_checks gives
    # the modifiers they generate this timestamp as it brings them back (one moment for all)
    eng.memory(_RETURNED)["at"] = (now, {o.oid for o in returning})
    always_on = [o for o in returning if o.card.continuous]
    if always_on and eng.applies("returned_power_new_timestamp"):
        for o in always_on:
            o.timestamp = now
        eng.touch()


def _same_power_returns(eng, returning) -> None:
    """700.3: a lost power that returns is the same power as before when its source is the same
    card, so a restriction on how often it is used ('One per combat', 701.3) still counts its earlier
    uses. Switched off, the returning power is a new one and its use counts start again."""
    used = [o for o in returning if o.uses]
    if not used:
        return
    if eng.applies("returned_power_same"):
        return
    for o in used:
        o.uses.clear()
    eng.touch()


_RETURNED = "huntik.powers_returned"  # memory: {"at": (clock, card oids)} of the last powers_return


def _returned_now(eng) -> tuple[int, set]:
    """(the timestamp, the cards) of the powers that returned since the last state check, if any:
    read once, by the first state check after they returned."""
    return eng.memory(_RETURNED).pop("at", None) or (0, set())


def given_actions(eng) -> dict[int, set]:
    """{oid: names of the action powers a modifier gives it} for the cards in play (700.1)."""
    out = {}
    for o in eng.in_play():
        names = {a.name for a in eng.obj_attr(o, "powers") or () if a.kind == "action" and a.name}
        if names:
            out[o.oid] = names
    return out


def note_actions_ended(eng, had: dict[int, set]) -> None:
    """The action powers given by modifiers whose duration just ended (708.3) -- ``had``: given_actions
    before they ended -- are remembered on their card (``memory["actions_ended"]``), so that a later use of
    one is refused by 708.3 (use_action), not as a power the card never had."""
    now = given_actions(eng)
    for oid, names in had.items():
        gone = names - now.get(oid, set())
        obj = eng.state.objects.get(oid)
        if gone and obj is not None:
            obj.memory.setdefault("actions_ended", set()).update(gone)


def is_given(ability) -> bool:
    """Is this power one a modifier gave the card (700.1), not printed on it?"""
    return isinstance(ability.index, tuple) and ability.index[:1] == ("granted",)


def use_action(eng, player, obj, action):
    """A use of an action power a modifier gave the card for a duration that has ended (708.3: "It usually
    has a specified duration"), where the card has no such power now: refused by 708.3 (definite_duration,
    whose 'off' keeps the power); one a modifier in force gave the card before it lost its powers: refused
    by 700.3 (``_lost_action``). None otherwise: the core takes the use."""
    if not eng.is_in_play(obj):
        return None
    wanted = action.get("ability")
    actions = [a for a in obj.card.abilities if a.kind == "action"]
    actions += [a for a in eng.obj_attr(obj, "powers") or () if a.kind == "action"]
    if wanted is None and actions or wanted is not None and any(a.name == wanted for a in actions):
        return None  # the card has an action to use (can_use refuses a printed one of a blank text box)
    _lost_action(eng, obj, wanted)
    ended = obj.memory.get("actions_ended")
    if not ended or wanted is not None and wanted not in ended:
        return None  # the one named is not one that ended
    eng.fire("definite_duration")
    names = ", ".join(sorted(ended if wanted is None else {wanted}))
    eng.fail(f"{obj.label} has no usable action{f' named {wanted!r}' if wanted else ''}: the power given to it "
             f"({names}) ended with its duration", rule="definite_duration")


def _lost_action(eng, obj, wanted) -> None:
    """700.3: an action power (``wanted``, or any) that a modifier in force gave ``obj`` (700.1) and a later
    'loses its powers' modifier took away (711.1): its use is refused by 700.3."""
    for e in eng.state.effects:
        if e.kind != "modifier" or e.locked is None or obj.oid not in e.locked:
            continue  # a modifier that gave the power to this card (a group one's reach is not asked)
        if any(pw.get("kind", "action") == "action" and (wanted is None or pw.get("name") == wanted)
               for pw in e.data.get("grant_powers") or ()) and text_blank(eng, obj):
            eng.fail(f"{obj.label} has lost its powers (a blank text box): the action power given to it "
                     f"({wanted or 'its given action'}) is gone", rule="lost_powers")


def is_granted_modifier(effect) -> bool:
    return "_granted_from" in effect.data


def _given_always_on(eng) -> dict:
    """{(the giving modifier's timestamp, card, power index): (card, power)} for each always-on power a
    definite modifier gives a card in play that has it (700.1: quoted text added by modifiers is the
    card's power, among its computed ``powers``; 700.3: a 'loses its powers' modifier later in timestamp
    order (711.1) takes it away, one earlier does not)."""
    out = {}
    if not eng.on("granted_powers"):
        return out
    for e in eng.state.effects:
        if e.kind != "modifier" or not e.locked or is_granted_modifier(e):
            continue
        for i, power in enumerate(e.data.get("grant_powers") or ()):
            if power.get("kind") != "continuous":
                continue
            for oid in sorted(e.locked):
                o = eng.state.objects.get(oid)
                if o is not None and eng.is_in_play(o) and _has_power(eng, o, power):
                    out[(e.timestamp, oid, i)] = (o, power)
    return out


def _has_power(eng, obj, power: dict) -> bool:
    """Is this given power (the modifier's own text) among ``obj``'s computed powers? A card that lost
    its powers has it only if the modifier giving it is later (711.1): recorded as 700.3 when not."""
    if any(ab.data is power for ab in eng.obj_attr(obj, "powers") or ()):
        return True
    text_blank(eng, obj)  # lost (700.3) if a 'loses its powers' modifier names it
    return False


def state_checks(eng) -> bool:
    """Keep the modifiers of given always-on powers in step with the powers the cards have: one
    appears when the power is given, ends when the giving modifier ends or the card leaves play or
    loses its powers. 711.2d: timestamped when the power was added to the card; switched off, with the
    card's own timestamp (as if the power were printed on it)."""
    want = _given_always_on(eng)
    returned_at, returned = _returned_now(eng)
    have = {e.data["_granted_from"]: e for e in eng.state.effects if is_granted_modifier(e)}
    gone = [e for key, e in have.items() if key not in want]
    for e in gone:
        eng.state.effects.remove(e)
    added = 0
    for key, (o, power) in want.items():
        if key in have:
            continue
        if o.oid in returned:
            # 700.3, 711.2d: a given power that was lost returns with the card's other returning powers:
            # one new timestamp (711.3 orders them); off, its modifier keeps the time it was given
            ts = returned_at if eng.applies("returned_power_new_timestamp") else key[0]
        else:
            ts = eng.state.tick()
            if not eng.applies("granted_power_timestamp"):
                added += 1
                ts = o.timestamp + added / 1000  # the card's timestamp, after its printed powers' modifiers
        data = {k: power[k] for k in ("applies_to", "modify", "set", "grant", "grant_traits", "while") if k in power}
        data["_granted_from"] = key
        eng.state.effects.append(Effect("modifier", o.oid, o.label, o.controller, ts, data, None, None, {}))
    if gone or want.keys() - have.keys():
        eng.touch()
        return True
    return False


def register(game) -> None:
    game.steps.update({"lose_powers": lose_powers})
