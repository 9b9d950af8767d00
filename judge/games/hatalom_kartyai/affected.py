"""8.4.3's first condition: which galetki a source on the chain affects in one of the ways the rule lists
(targeting, damage, leaving play or its owner's control, passivizing, a token) -- read as the source waits
for reactions, from what its steps would do."""
from __future__ import annotations

from judge.engine import whiles
from judge.engine.expr import ExprError, names_in
from judge.engine.state import Effect

from .card_types import SPELLS_ONE_SHOT, ChosenType, type_of


#: the step verbs of the effects 8.4.3 names besides targeting: damaging, removing from play (the game's own
#: 'áldozz fel egy ...', sacrifice_one, too), taking from its owner's control, passivizing, putting a token on
AFFECTING_VERBS = ("damage", "destroy", "sacrifice", "sacrifice_one", "return_to_hand", "move", "gain_control",
                   "exhaust", "counter")

#: steps that are none of those, but can make a galetki leave play ("aminek hatására ... kikerül a
#: játékból"): losing an ability (an 'Ép +1'), taking an erősödés token (8.2.1: +1 Ép each). They count for
#: a galetki only when, their result applied, it would leave play (_dies_with); a modify step is read so too
#: (_killed_by)
LETHAL_VERBS = ("flag", "remove_counter")

#: what reading an expression now may raise (a name not bound yet, a value of another kind)
UNREADABLE = (ExprError, TypeError, ValueError, KeyError, AttributeError)


def _steps(steps):
    """Every step of an effect, with the steps nested in if / may / then / each_player, in or's options and
    in the parts of and / sentences (lists of step lists: 'X, és Y', an effect in several sentences), the
    conditional ones too (the names the effect binds are read from all of them; _walk gives the steps that
    would happen, with their bindings)."""
    for st in steps or []:
        if isinstance(st, list):  # one part of an and / sentences step
            yield from _steps(st)
            continue
        if not isinstance(st, dict):
            continue
        yield st
        for value in st.values():
            for v in value if isinstance(value, list) else []:
                if isinstance(v, list):
                    yield from _steps(v)
                elif isinstance(v, dict):
                    yield from _steps(v["do"] if isinstance(v.get("do"), list) else [v])


def _walk(engine, steps, b: dict, later: set):
    """(step, bindings) for the steps of an effect that would happen, nested ones too, as the engine runs
    them: an `each_player` step's steps once for each player (`you` that player, as step_each_player binds
    them), the steps of a `may` / `unless` done by another player (`player:`) with `you` that player, an
    `if` whose condition is false now left out (_holds)."""
    for st in steps or []:
        if isinstance(st, list):  # one part of an and / sentences step
            yield from _walk(engine, st, b, later)
            continue
        if not isinstance(st, dict):
            continue
        yield st, b
        if "if" in st and not _holds(engine, st, b, later):
            continue
        if isinstance(st.get("each_player"), list):
            for p in engine.turn_order():
                yield from _walk(engine, st["each_player"], _as_player(engine, b, p), later)
            continue
        for key in ("may", "unless"):
            if isinstance(st.get(key), list) and st.get("player"):
                yield from _walk(engine, st[key], _as_player(engine, b, engine.eval(st["player"], b)), later)
        for key, value in st.items():
            if key in ("may", "unless") and st.get("player"):
                continue
            for v in value if isinstance(value, list) else []:
                if isinstance(v, list):
                    yield from _walk(engine, v, b, later)
                elif isinstance(v, dict):
                    yield from _walk(engine, v["do"] if isinstance(v.get("do"), list) else [v], b, later)


def _as_player(engine, b: dict, player: str) -> dict:
    return {**b, "you": player, "opponent": engine.state.opponent(player)}


def _holds(engine, st: dict, b: dict, later: set) -> bool:
    """Would an ``if`` step's ``do:`` happen? Its condition read now, as the source waits for reactions
    (8.4.3: a source "ami ... megsebez" -- one whose condition is false damages nothing). A condition that
    reads a name bound only as the effect resolves (a choice), or that can't be read now, is not known:
    its steps count (whether they happen is read as the source resolves)."""
    cond = st["if"]
    if not isinstance(cond, str):
        return bool(cond)
    try:
        if names_in(cond) & later:
            return True
        return bool(engine.eval(cond, b))
    except (ExprError, TypeError, ValueError, KeyError, AttributeError):
        return True


def _leaving_owner(engine, objs: list, step: dict, b: dict) -> list:
    """8.4.3 names a change of control as "kikerül ... a tulajdonosa irányítása alól": a galetki leaving its
    OWNER's (tulajdonos) control -- one its owner controls, taken by another player. One given back to its
    owner, or passing between two players neither of whom owns it, does not leave its owner's control (the
    sentence tells the owner from the gazda who reacts)."""
    gainer = engine.eval(step.get("player", "you"), b)
    return [o for o in objs if o.controller == o.owner and gainer != o.owner]


def affected_galetki(engine, item) -> list:
    """The galetki a source on the chain affects in one of the ways 8.4.3 lists: it targets them, or a step
    of its effect would damage them, remove them from play or from their owner's control, passivize them
    or put a token on them -- a modifier it would create counts when it would make a galetki leave play
    (_killed_by). A name the effect binds only as it resolves (a choice) is not known yet."""
    st = engine.state
    waiting = item.bindings.get("_pending")
    if waiting is not None:  # a triggered ability waiting on the chain (keep_pending): its own effect
        # with the names it takes effect with (a created one's include those bound as it was created)
        return _affected(engine, st.objects.get(waiting.source), waiting.ability,
                         engine.trigger_bindings(waiting), item.bindings.get("_chosen") or {})
    card = st.objects.get(item.card_obj) if item.card_obj else st.objects.get(item.source)
    return _affected(engine, card, item.ability, item.bindings, item.targets, played=item.card_obj is not None)


def _always_on(card) -> list:
    """The modifiers a card being played brings into play with it: the always-on abilities (functioning in
    play) of a card that stays there once its play resolves -- an enchantment, a creature, a building ...,
    not an instant or general spell (8.5.3). Playing it is the source (8.4.2 sets apart only level-ups and
    body parts), and what it does once in play is its effect: 'Az ellenfeled galetkijeinek Ép-je -2' takes
    a galetki out of play as surely as an instant's 'Ép-je -2 a kör végéig' (_killed_by reads both).
    Read as printed: the card is on the chain, not in play."""
    if card is None or card.card.type in SPELLS_ONE_SHOT:
        return []
    return [ab.data for ab in card.card.continuous if not ab.get("functions_in")]


def _affected(engine, card, ability, bindings: dict, targets: dict, played: bool = False) -> list:
    st = engine.state
    b = dict(bindings)
    if card is not None:
        b["this"] = b["me"] = card
    hit = set()
    for name, oids in targets.items():
        hit.update(oids)
        b[name] = [st.objects[o] for o in oids if o in st.objects]
    # names a step binds only as the effect resolves ('as:' of a choice, a chosen type ...), and the targets
    # a triggered ability chooses as it resolves: a group whose filter reads one of them is not known before
    # it resolves (and can't be evaluated now). Read from every step, the conditional ones too.
    later = ({st["as"] for st in _steps(ability.get("steps")) if isinstance(st.get("as"), str)}
             | {t["name"] for t in ability.get("targets") or [] if t.get("name")}) - set(b)
    # the steps that would happen, each with the bindings it runs with (_walk: 'each player' steps once per
    # player, a 'may' / 'unless' another player does with `you` bound to him); an `if` whose condition is
    # false now leaves its steps out (_holds)
    modifiers = []
    for step, sb in _walk(engine, ability.get("steps"), b, later):
        verb = engine.verb_of(step)
        if verb == "modify":  # what its modifier would do to a galetki: read by applying it (_killed_by)
            modifiers.append(step["modify"])
            continue
        if verb not in AFFECTING_VERBS and verb not in LETHAL_VERBS:
            continue
        reached = _reached(engine, ability, verb, step, sb, later)
        if verb in LETHAL_VERBS:
            hit.update(o.oid for o in reached if _dies_with(engine, verb, step, o, sb, later))
        else:
            hit.update(o.oid for o in _would_change(engine, verb, step, reached, sb, later))
    if played:  # the card played comes into play with its always-on abilities: the source's effect too
        modifiers += _always_on(card)
    hit.update(_killed_by(engine, card, modifiers, b, later))
    return [o for o in engine.in_play() if o.oid in hit and type_of(engine, o) == "galetki"]


def _galetki(engine, objs) -> list:
    return [o for o in objs if engine.is_in_play(o) and type_of(engine, o) == "galetki"]


def _matching(engine, expr, b: dict, later: set) -> list:
    """The cards in play a filter describes now; one reading a name bound only as the effect resolves, or
    unreadable now, is not known: every card in play (whichever it picks then, the step counts for it)."""
    try:
        if not isinstance(expr, str) or not (names_in(expr) & later):
            return [o for o in engine.in_play() if engine.eval(expr if expr is not None else "true", {**b, "it": o})]
    except UNREADABLE:
        pass
    return list(engine.in_play())


def _reached(engine, ability, verb: str, step: dict, b: dict, later: set) -> list:
    """The galetki a step acts on, as far as it is known before the source resolves. A name bound only as
    the effect resolves (a `choose ... as:`, a `choose_type`, a triggered ability's target) reaches what
    may be chosen for it (_choices): a group (`all:`) reading such a name, whatever it holds with each
    value the choice may take; the game's sacrifice_one (the player picks as it resolves), every card its
    filter describes. Not readable now: every card in play. GUIDE: 'a reach that reads a name the effect
    binds only as it resolves is not known then: the step counts' -- for each galetki it could reach."""
    ref = step.get(verb)
    if verb == "sacrifice_one":
        return _galetki(engine, _matching(engine, (ref or {}).get("filter") if isinstance(ref, dict) else None,
                                          b, later))
    if isinstance(ref, str) and ref in later:
        values = _choices(engine, ability, ref, b, later)
        if values is None:
            return _galetki(engine, engine.in_play())
        return _galetki(engine, [o for v in values for o in (v if isinstance(v, list) else [v])])
    if isinstance(ref, dict) and "all" in ref and names_in(str(ref["all"])) & later:
        return _galetki(engine, _group_with_choices(engine, ability, str(ref["all"]), b, later))
    if isinstance(ref, dict) and "all" in ref or isinstance(ref, str) and (ref in b or ref in engine.labels):
        return _galetki(engine, engine.resolve_ref(ref, b))
    return []


def _choices(engine, ability, name: str, b: dict, later: set):
    """The values a name bound as the effect resolves may take: the cards a target spec or a `choose:
    {filter:}` of that name may pick (its filter read now), the options a `choose_type` offers. None: not
    known (another kind of choice, a filter reading another name bound later)."""
    for spec in ability.get("targets") or []:
        if spec.get("name") == name:
            return [[o] for o in _matching(engine, spec.get("filter"), b, later)] if spec.get("filter") else None
    for st in _steps(ability.get("steps")):
        if st.get("as") != name:
            continue
        if isinstance(st.get("choose"), dict) and st["choose"].get("filter"):
            return _matching(engine, st["choose"]["filter"], b, later)
        if isinstance(st.get("choose_type"), list):  # bound as card_types.choose_type binds it
            return [ChosenType(v, st["choose_type"]) for v in st["choose_type"]]
        return None
    return None


def _group_with_choices(engine, ability, expr: str, b: dict, later: set) -> list:
    """The cards in play an `all:` group reading names bound later may hold: the union over the values
    those choices may take (_choices); every card in play when one is not known or it can't be read."""
    combos = [{}]
    for name in sorted(names_in(expr) & later):
        values = _choices(engine, ability, name, b, later)
        if values is None or len(combos) * len(values) > 200:
            return list(engine.in_play())
        combos = [{**c, name: v} for c in combos for v in values]
    out = []
    try:
        for o in engine.in_play():
            if any(engine.eval(expr, {**b, **c, "it": o}) for c in combos):
                out.append(o)
    except UNREADABLE:
        return list(engine.in_play())
    return out


def _dies_with(engine, verb: str, step: dict, obj, b: dict, later: set) -> bool:
    """Would the galetki leave play with the step's result applied (8.4.3 "aminek hatására ... kikerül a
    játékból")? Applied for a moment and undone: the flag it would be given (losing its abilities, an
    'Ép +1' among them), the tokens it would lose (an amount not known now: every one of that kind). The
    lethal damage check reads it: its damage reaches its Ép then, and does not now."""
    if _dying(engine, obj):
        return False  # it would leave play anyway: this step is not what takes it out
    if verb == "flag":
        name = step.get("as")
        if not isinstance(name, str) or name in obj.flags:
            return False
        obj.flags.add(name)
        engine.touch()
        try:
            return _dying(engine, obj)
        finally:
            obj.flags.discard(name)
            engine.touch()
    kind = step.get("counter", "resource")
    have = obj.counters.get(kind, 0)
    if not have:
        return False
    amount = step.get("amount", 1)
    try:
        take = have if isinstance(amount, str) and names_in(amount) & later else int(engine.eval(amount, b))
    except UNREADABLE:
        take = have
    if take <= 0:
        return False
    obj.counters[kind] = max(0, have - take)
    engine.touch()
    try:
        return _dying(engine, obj)
    finally:
        obj.counters[kind] = have
        engine.touch()


def _dying(engine, obj) -> bool:
    """Would the lethal damage check take it out of play: its damage reaches its Ép."""
    hp = engine.obj_attr(obj, "hp")
    return hp is not None and obj.damage >= hp


def _would_change(engine, verb: str, step: dict, objs: list, b: dict, later: set) -> list:
    """Of the galetki a step of ``verb`` reaches, the ones 8.4.3's effect would actually happen to -- the
    rule speaks of what the source would do ("passzivizálna", "jelzőt tenne", "aminek hatására ...
    kikerül"): a step that would leave a galetki as it is does not affect it. Taking control: only from
    its owner (_leaving_owner). A move: only out of play (a move between the play zones keeps it in
    play). Every step: only what the verb could do to that galetki alone (the engine's own "could it be
    done" check, ``can_do``: passivizing needs an active card). Damage and tokens: only a positive
    amount (no damage dealt, no token put); an amount that reads a name bound only as the effect
    resolves is not known, and counts."""
    if verb == "gain_control":
        return _leaving_owner(engine, objs, step, b)
    if verb == "move" and step.get("to") in engine.game.play_zones:
        return []
    if verb == "sacrifice_one":  # its options are what its filter describes (_reached): each one may be taken
        return objs
    out = []
    for o in objs:
        if not engine.can_do({**step, verb: [o]}, b):
            continue
        if verb in ("damage", "counter") and not _positive(engine, step.get("amount", 1), {**b, "it": o}, later):
            continue
        out.append(o)
    return out


def _positive(engine, amount, b: dict, later: set) -> bool:
    """Is a step's amount above 0? Not known (a name bound later, unreadable now): yes."""
    if isinstance(amount, str):
        try:
            if names_in(amount) & later:
                return True
            amount = engine.eval(amount, b)
        except (ExprError, TypeError, ValueError, KeyError, AttributeError):
            return True
    try:
        return int(amount or 0) > 0
    except (TypeError, ValueError):
        return True


def _expressions(value):
    """The expressions (strings) a modify step's parts hold: its reach and its amounts."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _expressions(v)
    elif isinstance(value, list):
        for v in value:
            yield from _expressions(v)


def _killed_by(engine, card, specs: list, b: dict, later: set) -> set:
    """8.4.3 "aminek hatására egy vagy több galetki kikerül a játékból": the continuous effects the source
    would create (its modify steps) take a galetki out of play when, with them applying, the lethal damage
    check would remove it -- its damage reaches its Ép lowered (or a value set). Read by applying the
    modifiers, as the steps would create them, for a moment: the galetki that would leave play then and
    would not now. A modifier whose reach or amounts read a name bound only as the effect resolves is not
    known yet. A modifier that leaves it in play (the galetki survives the lowered Ép) does not count."""
    st = engine.state
    made = []
    for spec in specs:
        if not isinstance(spec, dict) or not (spec.get("modify") or spec.get("set")) \
                or any(names_in(e) & later for e in _expressions(spec)):
            continue
        data = {k: spec[k] for k in ("modify", "set", "applies_to", "while") if k in spec}
        if "target" in spec:
            ref = spec["target"]
            if not (isinstance(ref, str) and (ref in b or ref in engine.labels) or isinstance(ref, dict)):
                continue
            locked = frozenset(o.oid for o in engine.resolve_ref(ref, b))
        elif "applies_to" in spec:
            locked = frozenset(o.oid for o in engine.in_play() if engine.eval(spec["applies_to"], {**b, "it": o}))
        else:
            continue
        kept, _cards = whiles.kept(b)
        made.append(Effect("modifier", card.oid if card is not None else -1, getattr(card, "label", "?"),
                           b.get("you"), st.clock + 1, data, None, locked, kept))
    if not made:
        return set()

    def dying() -> set:
        return {o.oid for o in engine.in_play() if type_of(engine, o) == "galetki"
                and (hp := engine.obj_attr(o, "hp")) is not None and o.damage >= hp}

    before = dying()
    st.effects.extend(made)
    engine.touch()
    try:
        after = dying()
    finally:
        for eff in made:
            st.effects.remove(eff)
        engine.touch()
    return after - before
