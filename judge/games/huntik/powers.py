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

from judge.engine import whiles
from judge.engine.state import Effect, Obj, effect_key

from . import counters


def lose_powers(eng, st, b) -> bool:
    """{lose_powers: REF, duration: turn|round|combat}: the cards lose their powers for the
    duration (a definite modifier; without a duration, until the game ends). REF ``{all: EXPR}`` ('all enemy
    heroes lose their powers this round') is a group modifier: it flags no card as it is created and keeps
    re-checking which cards it applies to (708.3d: a hero played later that round loses its powers too; one
    that leaves the group gets its powers back); any other REF names the cards it flags."""
    ref = st["lose_powers"]
    objs = [o for o in eng.resolve_ref(ref, b) if eng.is_in_play(o)]
    group = isinstance(ref, dict) and "all" in ref
    if not objs and not group:
        return False
    if not eng.on("lost_powers"):
        # 700.3 off: a card keeps its powers whatever a modifier says, so nothing is lost -- and nothing
        # 'returns' when the duration ends (no new timestamp, 711.2d; no use counts started again)
        return bool(objs)
    src = b.get("this")
    data, locked = {"lose_powers": True}, frozenset(o.oid for o in objs)
    kept, cards = {}, ()
    if group and eng.on("definite_not_locked"):  # off: a group one flags the cards it finds (as modify does)
        data["applies_to"], locked = ref["all"], None
        kept, cards = whiles.kept(b)  # the names its description reads (players, targets): whiles.live
    # a continuous modifier (700.3) like any other: the core applies it in timestamp order (711.1, its
    # timestamp the time its power was played, 711.2c: modifiers.after_resolve), emptying the keywords and
    # the powers modifiers gave the card so far -- one given by a later modifier is the card's (700.1)
    eff = Effect("modifier", src.oid if isinstance(src, Obj) else -1, getattr(src, "label", "?"), b["you"],
                 eng.state.tick(), data, st.get("duration"), locked, kept)
    if cards:
        eff.started["cards"] = cards
    if locked is None:
        # the cards it affects as it is created: the core traces 708.3d where its reach differs
        # (characteristics._trace_reach); those whose powers come back as they leave it (state_checks)
        eff.started["affected"] = eff.started["blanked"] = frozenset(o.oid for o in objs)
    eng.state.effects.append(eff)
    eng.touch()
    for o in objs:
        eng.log("powers_lost", card=o.label, duration=st.get("duration"))
    _definite_modifiers_unaffected(eng, objs)
    return bool(objs) or group


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
    if not any(reaches(eng, e, obj) for e in _losses(eng)):
        return False
    if not eng.is_in_play(obj) or not eng.on("lost_powers"):
        return False
    eng.fire("lost_powers")
    return True


#: the view a group's description is read in: empty, so that every attribute is the card's own (printed,
#: or the object's: its controller, its zone) -- never written
_OWN: dict = {}
_reading: set[int] = set()  # the engines (ids) reading a group's reach now: no second read inside it


def reaches(eng, effect, obj) -> bool:
    """Does this created modifier apply to ``obj`` now: one of the cards it flagged, or (a group one, 708.3d)
    a card in play its description fits, its source and kept names bound as the core binds them. The
    description is read in the cards' own characteristics, as the core reads text boxes before any modifier
    applies (blanking.py): whether a card's text is blank never waits for the characteristics it decides
    (no loop through them); one that reads what this answers (a keyword) is read once: inside, no group
    reaches."""
    if effect.locked is not None:
        return obj.oid in effect.locked
    cond = effect.data.get("applies_to")
    if cond is None or not eng.is_in_play(obj) or id(eng) in _reading:
        return False
    src = eng.state.objects.get(effect.source)
    b = eng.bindings_for(src, effect.controller, whiles.live(eng, effect))
    _reading.add(id(eng))
    try:
        return bool(eng.eval(cond, {**b, "it": obj}, _OWN))
    finally:
        _reading.discard(id(eng))


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
    still = [e for e in losses if e.duration != duration]
    reached = {o.oid: o for e in ending for o in eng.in_play() if reaches(eng, e, o)}
    _returns(eng, [o for o in reached.values() if not any(reaches(eng, e, o) for e in still)])


def _returns(eng, returning) -> None:
    """The lost powers of ``returning`` (cards in play) return now (700.3, 711.2d)."""
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


def _left_groups(eng) -> bool:
    """708.3d, 700.3: a card that leaves the group a 'lose their powers' modifier applies to (it is no
    longer an enemy hero) gets its powers back while the modifier lasts: they return as at its end."""
    out, returning = False, []
    losses = [e for e in _losses(eng) if e.locked is None]
    for e in losses:
        now = frozenset(o.oid for o in eng.in_play() if reaches(eng, e, o))
        was = e.started.get("blanked", frozenset())
        if now == was:
            continue
        e.started["blanked"] = now
        out = True
        for oid in was - now:
            o = eng.state.objects.get(oid)
            if o is not None and eng.is_in_play(o) and not any(reaches(eng, x, o) for x in _losses(eng)):
                returning.append(o)
    if returning:
        _returns(eng, returning)
    return out


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
        if e.kind != "modifier" or not e.data.get("grant_powers") or not reaches(eng, e, obj):
            continue  # a modifier that gave the power to this card (its flagged cards, or its group, 708.3d)
        if any(pw.get("kind", "action") == "action" and (wanted is None or pw.get("name") == wanted)
               for pw in e.data.get("grant_powers") or ()) and text_blank(eng, obj):
            eng.fail(f"{obj.label} has lost its powers (a blank text box): the action power given to it "
                     f"({wanted or 'its given action'}) is gone", rule="lost_powers")


def is_granted_modifier(effect) -> bool:
    return "_granted_from" in effect.data


def _gives_always_on(data: dict) -> bool:
    """Does this modifier or always-on ability give an always-on power? (Most give none.)"""
    return any(pw.get("kind") == "continuous" for pw in data.get("grant_powers") or ())


def _given_always_on(eng) -> dict:
    """{(the giving modifier's key, card, power index): (card, power)} for each always-on power a modifier
    gives a card in play that has it (700.1: quoted text added by modifiers is the card's power, among its
    computed ``powers``), whatever gives it: a definite modifier on its target, a group one on the cards it
    applies to now (708.3d), or another card's always-on power ('Other friendly heroes have "..."', 703.1);
    700.3: a 'loses its powers' modifier later in timestamp order (711.1) takes it away, one earlier does
    not. Read from the computed powers, as given_powers.py reads the triggered ones: nothing is computed
    when no modifier gives one (most replays). The modifiers it generates give no power (no loop)."""
    out = {}
    if not eng.on("granted_powers"):
        return out
    givers = [e for e in eng.state.effects if e.kind == "modifier" and _gives_always_on(e.data)]
    if not givers and not any(_gives_always_on(ab.data) for o in eng.objects_with("gives_powers")
                              for ab in o.card.gives_powers):
        return out
    for o in eng.in_play():
        for ab in eng.obj_attr(o, "powers") or ():
            if ab.kind == "continuous" and is_given(ab):
                out[(ab.index[1], o.oid, ab.index[2])] = (o, ab.data)
    if _losses(eng):  # 700.3 traced where a created modifier's power is lost (a blank text box)
        for e in givers:
            for o in eng.in_play():
                if reaches(eng, e, o) and not any((_key(e), o.oid, i) in out for i, pw in enumerate(
                        e.data["grant_powers"]) if pw.get("kind") == "continuous"):
                    text_blank(eng, o)
    return out


def _key(effect) -> str:
    """The key the core gives the powers a created modifier grants (their index: ("granted", key, i))."""
    return str(effect_key(effect))


def _given_at(eng, key) -> int:
    """When the power of ``key`` was given to its card: the time its giving modifier was created when
    that modifier flagged the card (a target), else the time the card first had it (a group's, an always-on
    power's: 711.2d, "the time that power was added to that card"), as state_checks recorded it."""
    for e in eng.state.effects:
        if e.kind == "modifier" and e.locked is not None and _key(e) == key[0]:
            return e.timestamp
    return eng.memory(_GIVEN).get(key, 0)


_GIVEN = "huntik.given_at"  # memory: {given power's key: the time it was added to its card}


def state_checks(eng) -> bool:
    """Keep the modifiers of given always-on powers in step with the powers the cards have: one
    appears when the power is given, ends when the giving modifier ends or the card leaves play or
    loses its powers. 711.2d: timestamped when the power was added to the card; switched off, with the
    card's own timestamp (as if the power were printed on it). First, the powers of a card that left the
    group a 'lose their powers' modifier applies to return (708.3d, 700.3)."""
    left = _left_groups(eng)
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
            ts = returned_at if eng.applies("returned_power_new_timestamp") else _given_at(eng, key)
        else:
            ts = eng.state.tick()
            if not eng.applies("granted_power_timestamp"):
                added += 1
                ts = o.timestamp + added / 1000  # the card's timestamp, after its printed powers' modifiers
            eng.memory(_GIVEN).setdefault(key, ts)
        data = {k: power[k] for k in ("applies_to", "modify", "set", "grant", "grant_traits", "while") if k in power}
        data["_granted_from"] = key
        eng.state.effects.append(Effect("modifier", o.oid, o.label, o.controller, ts, data, None, None, {}))
    if gone or want.keys() - have.keys():
        eng.touch()
        return True
    return left


def register(game) -> None:
    game.steps.update({"lose_powers": lose_powers})
