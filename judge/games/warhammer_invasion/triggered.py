"""Triggered Actions and Forced effects.

A triggered Action (an ``action`` ability with ``timing: {event: TYPE, filter: EXPR}``) can be used
once per copy and once per time its trigger condition is met, at the first opportunity (the chain open
or the next one; it lapses when a chain its player passed on resolves without it, when the action window
closes, at the end of the turn) -- also when its card has since left play; only self-referential
abilities trigger off their card leaving play. A card that lost its Actions and Forced effects (Eataine
Harbour) can't use or trigger them; a 'one or more' trigger fires once for simultaneous events."""
from __future__ import annotations

from judge.engine.state import TextReason

from .common import play_ability


#: this mechanic's replay memory (engine.memory "whi.triggered"), as it starts
_MEMORY = {"trig": {}, "seen": {}, "met_at": {}, "met_in": {}, "lapsed": {},  # lapsed: key -> the mechanic that lapsed it
           "left_by": {},  # left_by: key -> who controlled the card when it left play (and met the condition)
           "used_up": set(),  # keys whose met conditions earlier uses have all used up (triggered_action_once)
           "lost_leaving": set()}  # keys whose condition was met as the card left play, lost (not self-referential)


def register(game) -> None:
    game.steps["use_trigger"] = _use_trigger


def _mem(eng) -> dict:
    return eng.memory("whi.triggered", _MEMORY)


def _timed(ab) -> dict | None:
    t = ab.get("timing")
    return t if isinstance(t, dict) and t.get("event") else None


def _trig_key(eng, obj, ab):
    if eng.on("triggered_action_after_leaving"):
        return (obj.label, ab.index)
    return (obj.oid, ab.index)


def start_in_beginning_phase(eng) -> None:
    """A scenario that starts in the active player's beginning phase (phase 0) starts in a turn that has
    begun: the trigger condition 'at the beginning of your turn' of his triggered Actions is met once
    (Har Ganeth, Rat Ogres may be triggered in it, once per copy), as if `{begin: turn}` had started it.
    Nothing else is done for that beginning (what it triggers, Forced effects, happened before the scene)."""
    if eng.state.vars.get("phase") != "beginning":
        return
    if not eng.on("beginning_before_kingdom"):
        # switched off, the beginning of the turn comes after the kingdom phase's steps: it has not come yet
        eng.state.vars["turn_begins_waiting"] = True
        return
    note_conditions(eng, [{"type": "turn_begins", "player": eng.state.vars.get("active")}])
    note_met_at(eng)  # met now, at the start: the first window that closes, or the turn's end, lapses it


def note_conditions(eng, events: list[dict]) -> None:
    left = {e["new"].oid for e in events if e["type"] == "zone_change" and e.get("leaves_play") and e.get("new")}
    checked: dict = {}  # condition -> what lapsed its earlier meetings (lapse_earlier_meeting), looked at once
    # most cards have no Action (a new list if one is created); a tactic in hand whose Action has a trigger
    # condition is a triggered Action too (tactic_triggers.py)
    for o, abs_ in _with_timed_actions(eng):
        for ab in abs_:
            spec = _timed(ab)
            if spec is None:
                continue
            lost = False
            if not eng.is_in_play(o):
                if o.oid in left:
                    lost = bool(_lost_on_leaving(eng, ab))  # its condition met as it leaves is lost (noted below)
                elif ((o.zone not in (ab.get("functions_in") or ()) or o.zone == "discard")
                      and not (ab.kind == "play" and o.zone == "hand")):  # a tactic's Action: from hand
                    continue  # out of play, it triggers only where its ability says it works (Banna Bearer: hand)
            for ev in events:
                if not eng.event_is(ev, spec["event"]):
                    continue
                # the card's own entering play: once in play it may trigger its own abilities, those that
                # trigger off its entering play included (entering play clarification; core mechanic
                # trigger_on_appear_disappear, off: an Action does not see the entry it appears with)
                own_entry = bool(ev.get("enters_play") and ev.get("new") is not None and ev["new"].oid == o.oid)
                if own_entry and not eng.on("trigger_on_appear_disappear"):
                    continue
                b = eng.bindings_for(o, o.controller, {"event": ev, "self_obj": ev.get("new") or ev.get("obj")})
                if o.oid in left:
                    b["this"] = b["me"] = _old_of(events, o)
                if spec.get("filter") and not eng.eval(spec["filter"], b):
                    continue
                if lost:  # a use now is refused by the leaving-play rule (use_after_leaving)
                    _mem(eng)["lost_leaving"].add(_trig_key(eng, o, ab))
                    break
                if o.oid in left and _lost_as_it_left(eng, _old_of(events, o)):
                    # it had lost its Actions as it left play (Eataine Harbour): the Action it would use
                    # after leaving, looking back at the card as it was, is lost with them
                    _mem(eng).setdefault("lost_actions_left", {})[_trig_key(eng, o, ab)] = \
                        eng.text_granting(_old_of(events, o), LOST)
                    break
                if own_entry:
                    eng.fire("trigger_on_appear_disappear")
                if ev["type"] != spec["event"]:
                    ev["_met_as_kind"] = True  # met as a kind the game's rules say the event also is
                key = _trig_key(eng, o, ab)
                trig = _mem(eng)["trig"]
                if key not in checked:  # once per batch: met twice at once, both are new
                    checked[key] = lapse_earlier_meeting(eng, key, _mem(eng)["left_by"].get(key) or o.controller)
                trig[key] = trig.get(key, 0) + 1
                # who controlled it as it left play, for this meeting of the condition (cleared when the
                # condition is met again without the card leaving: an earlier leaving no longer decides)
                if o.oid in left:
                    _mem(eng)["left_by"][key] = _old_of(events, o).controller
                else:
                    _mem(eng)["left_by"].pop(key, None)
                _mem(eng)["lapsed"].pop(key, None)
                if checked[key]:  # earlier meetings lapsed just now: a use beyond the new ones is that rule's
                    _mem(eng)["lapsed"][key] = checked[key]
                _mem(eng)["used_up"].discard(key)
                _mem(eng)["lost_leaving"].discard(key)
                eng.log("trigger_condition_met", card=o.label, ability=ab.name)


def _with_timed_actions(eng):
    """(card, its Actions) to watch: the cards with Actions, and the tactics in hand whose Action has a
    trigger condition (their play ability, tactic_triggers.py)."""
    got = [(o, o.card.actions) for o in eng.objects_with("action")]
    return got + [(o, [timed_play(o)]) for o in hand_tactics(eng)]


def timed_play(obj):
    """The tactic's play ability when it has a trigger condition, else None."""
    if obj.card.type != "tactic":
        return None
    ab = play_ability(obj)
    return ab if ab is not None and _timed(ab) is not None else None


def hand_tactics(eng) -> list:
    """The tactics in the players' hands whose Action has a trigger condition (hands are small)."""
    return [o for side in eng.state.players for o in eng.zone_objs(side, "hand") if timed_play(o) is not None]


def _old_of(events, new_obj):
    for e in events:
        if e.get("new") is new_obj:
            return e["obj"]
    return new_obj


def _lost_on_leaving(eng, ab) -> str | None:
    """Why an ability of a card that has just left play does not trigger off its leaving (None: it
    does): only self-referential abilities look back (leaving play clarification)."""
    if ab.get("self_referential"):
        if eng.applies("self_referential_lookback"):
            return None
        return "left play"
    if eng.applies("leave_play_self_referential"):
        return "left play (not self-referential)"
    return None


def keep_leaving_trigger(eng, p) -> bool:
    """A card's ability that triggers off a card leaving play, when its own card has left play too: only a
    self-referential one looks back (_lost_on_leaving). A trigger an effect created ('the next time a unit you
    control is destroyed this turn, draw 2 cards', a tactic's) is no ability of a card in play: the effect
    'is independent of the source' (FAQ, Scion of the Everqueen) and waits for its condition (blind round 49)."""
    ev = p.event or {}
    if ev.get("type") == "zone_change" and ev.get("leaves_play") and p.effect is None \
            and p.source not in eng.state.objects:
        reason = _lost_on_leaving(eng, p.ability)
        if reason:
            eng.log("trigger_lost", source=p.source_label, reason=reason)
            return False
    return True


def why_not_use(eng, player, obj, ab, action) -> str | None:
    spec = _timed(ab)
    if spec is None:
        return None
    trig = _mem(eng)["trig"]
    key = _trig_key(eng, obj, ab)
    if not trig.get(key):
        lapsed = _lapsed_by(eng, key)
        if lapsed:
            return lapsed
        if key in _mem(eng)["used_up"]:  # met, and used as many times as it was met: that rule refuses
            eng.fire("triggered_action_once")
            return "its trigger condition was met once and that use is made (once per trigger condition)"
        if not eng.on("trigger_condition_first"):  # off: usable whether or not its condition happened
            return None
        if not eng.decided():  # a rule that kept the condition from being met (no cards drawn ...) refuses
            eng.fire("trigger_condition_first")
        return "its trigger condition has not been met since it was last used"
    if not eng.is_in_play(obj):
        eng.fire("triggered_action_after_leaving")
    return None  # the trigger condition is used up as the Action is triggered: trigger_use_costs


def use_after_leaving(eng, player, obj, action):
    """Use a triggered Action whose card has left play since its trigger condition was met (hook
    ``use_action``; None: the ordinary use, which refuses a card out of play). The triggered Actions
    clarification: a condition met during the resolution of other effects is used at the first
    opportunity once an Action window opens, "even though it will be after [the card has] left play"
    -- for every card, not only for one whose ability says it works in the discard pile."""
    wanted = action.get("ability")
    if obj.zone == "stack":
        # 'When a card is played, it is considered to be neither out of play nor in play' (entering play): the
        # ordinary refusal of its Action (a card out of play) is that rule's -- named where it is the one refusing
        if (obj.controller == player and _actions_named(obj, wanted)
                and not any(obj.zone in (ab.get("functions_in") or ()) for ab in _actions_named(obj, wanted))
                and eng.applies("play_effects_during_play")):
            eng.fail(f"{player} cannot use {obj.label}: it is being played (on the chain), neither in play nor "
                     f"out of play", rule="play_effects_during_play")
        return None
    if eng.is_in_play(obj):
        return None
    user = _user_after_leaving(eng, obj, action)
    if player != user:
        if user != obj.controller and not any(obj.zone in (ab.get("functions_in") or ())
                                              for ab in _triggered_actions(obj, wanted)):
            # 'the player who controlled it when it left play' triggers it, not its owner: that rule refuses
            eng.fail(f"{player} cannot use {obj.label}: it has left play, and only the player who controlled it "
                     f"when it left play ({user}) may trigger it", rule="left_play_controller_triggers")
        return None  # the ordinary use refuses him (not its controller)
    for ab in _triggered_actions(obj, wanted):
        if obj.zone in (ab.get("functions_in") or ()):
            return None  # it works there anyway: the ordinary use
        if not eng.on("triggered_action_after_leaving"):
            return None  # the ordinary refusal
        key = _trig_key(eng, obj, ab)
        if not _mem(eng)["trig"].get(key):
            eng.begin_check()
            lapsed = _lapsed_by(eng, key)
            if lapsed:  # its condition was met, and a rule has since lapsed it: that rule refuses
                eng.fail(f"{player} cannot use {obj.label}: {lapsed}")
            if key in _mem(eng)["lost_leaving"] and eng.on("leave_play_self_referential"):
                # met as it left play, not self-referential: 'a card cannot trigger its abilities once it has
                # left play' (clarification:leaving-play) refuses it (the ordinary refusal, named)
                eng.fire("leave_play_self_referential")
                eng.fail(f"{player} cannot use {obj.label}: it has left play, and an ability that is not "
                         f"self-referential cannot be triggered once its card has left play",
                         rule="leave_play_self_referential")
            lost_by = _mem(eng).get("lost_actions_left", {})
            if key in lost_by:
                eng.fail(f"{player} cannot use {obj.label}: it had lost all Actions as it left play",
                         text=lost_by[key])
            return None  # no condition met that it carries out of play: the ordinary refusal
        eng.fire("triggered_action_after_leaving")
        eng.begin_check()
        reason = eng.hooks.can_use(eng, player, obj, ab, action)
        if reason:
            eng.fail(f"{player} cannot use {obj.label}: {reason}")
        return eng.announce(player, obj, ab, action, card=False)
    return None


def _user_after_leaving(eng, obj, action) -> str:
    """Who may trigger the triggered Action of a card that has left play: 'the player who controlled it
    when it left play' (clarification:leaving-play; a stolen unit's, its controller then, not its owner),
    mechanic left_play_controller_triggers; off (or no condition met as it left): the card's controller
    now, out of play its owner."""
    for ab in _triggered_actions(obj, action.get("ability")):
        was = _mem(eng)["left_by"].get(_trig_key(eng, obj, ab))
        if was is not None and was != obj.controller and eng.on("left_play_controller_triggers"):
            eng.fire("left_play_controller_triggers")
            return was
    return obj.controller


def _actions_named(obj, wanted):
    """The card's Actions, only the one named ``wanted`` (its name or index) when given."""
    return [ab for ab in obj.card.abilities if ab.kind == "action" and (wanted is None or wanted in (ab.name, ab.index))]


def _triggered_actions(obj, wanted):
    """The card's triggered Actions (an Action with a trigger condition), only the one named ``wanted``
    (its name or index) when given."""
    return [ab for ab in _actions_named(obj, wanted) if _timed(ab) is not None]


def trigger_use_costs(eng, player, obj, ab, action) -> list[dict]:
    """Using a triggered Action uses up one time its trigger condition was met -- as it is triggered,
    with its costs, so a use the rules reject (an illegal target, an unpaid cost) uses up nothing."""
    if _timed(ab) is None:
        return []
    return [{"use_trigger": list(_trig_key(eng, obj, ab))}]


def _use_trigger(eng, st, b) -> bool:
    key = tuple(st["use_trigger"])
    trig = _mem(eng)["trig"]
    if eng.on("triggered_action_once") and trig.get(key):
        eng.fire("triggered_action_once")
        trig[key] -= 1
        if not trig[key]:
            _mem(eng)["used_up"].add(key)
    return True


# -- the first opportunity (Detailed Timing Structure) --

def expire(eng, key: str, why: str, earlier_only: bool = False) -> None:
    """Trigger conditions lapse (with ``earlier_only``: those met before the current fixture step)."""
    trig = _mem(eng)["trig"]
    met_in = _mem(eng)["met_in"]
    live = {k: n for k, n in trig.items() if n and not (earlier_only and met_in.get(k) is eng.step)}
    if not live:
        return
    if not eng.on(key):
        return
    eng.fire(key)
    for k in live:
        trig[k] = 0
        _mem(eng)["lapsed"][k] = (key, why)
        eng.log("triggered_action_expired", card=k[0] if isinstance(k[0], str) else str(k[0]), reason=why)
    _mem(eng)["seen"] = dict(trig)


def action_window_closes(eng, why: str) -> bool:
    """All players passed with nothing on the chain: 'Action Window closes when neither player wants to take
    any additional actions' (Detailed Timing B-4) -- a Triggered Action whose condition was met before they
    passed has had its first opportunity in that window and lapses (mechanic triggered_action_window, as when a
    new phase or step closes the window; off: it stays usable in later windows). A condition met as the window
    closes (combat damage applied, combat_damage.action_window_closes) belongs to the next one. A window the
    game moves on from (a new phase or step) is closed by its own verb (turn.py, combat.py). Nothing else
    changes: False."""
    if why == "passed":
        expire(eng, "triggered_action_window", "the action window closed (all players passed)", earlier_only=True)
    return False


def _lapsed_by(eng, key) -> str | None:
    """Why a triggered Action met earlier can no longer be used, when a rule lapsed its condition (the end of
    the turn, a closed action window): that rule's mechanic is named as the one refusing (fired here, at the
    refusal); None if its condition was never met or was used up."""
    entry = _mem(eng)["lapsed"].get(key)
    if not entry or not eng.on(entry[0]):
        return None
    eng.fire(entry[0])
    return f"its trigger condition lapsed ({entry[1]})"


def note_met_at(eng) -> None:
    """Remember when (event index, fixture step) each trigger condition was last met."""
    m = _mem(eng)
    trig = m["trig"]
    if not trig and not m["seen"]:  # no condition met yet (most batches of most replays)
        return
    for k, n in trig.items():
        if n > m["seen"].get(k, 0):
            m["met_at"][k] = len(eng.events)
            m["met_in"][k] = eng.step
    m["seen"] = dict(trig)


#: why a condition lapses when its player lets the first opportunity go (triggered_action_first_opportunity)
PASSED_ON = "its player passed on an action chain he could have added it to, and that chain resolved without it"


def first_opportunity_passed(eng, obj, ab, player: str | None = None) -> str | None:
    """Why a triggered Action whose condition was met can no longer be used: its first opportunity has passed.
    Detailed Timing B-1: 'they must do so at the first opportunity (adding it to the existing chain, or
    starting a new one)'; the triggered Actions clarification: '... or it cannot be played at all'. Its
    player (``player``, the one trying it; else the card's controller) let it go when he passed on an action
    chain after the condition was met and that chain began resolving without it (mechanic
    triggered_action_first_opportunity; off: no chain lapses it, it stays usable for the rest of the Action
    Window). A chain that resolved before he could add it -- its resolution met the condition, or a card
    ended it (Jealous Eyes) -- does not lapse it: the next chain is its first opportunity (the Jealous Eyes
    FAQ, mechanic triggered_action_next_chain, an exception to the first; off: any chain begun after the
    condition was met lapses it)."""
    spec = _timed(ab)
    if spec is None:
        return None
    key = _trig_key(eng, obj, ab)
    if not _mem(eng)["trig"].get(key):
        return None
    since = _mem(eng)["met_at"].get(key)
    if since is None:
        return None
    if not eng.on("triggered_action_first_opportunity"):
        return None  # off: no chain lapses it (the next-chain allowance below is an exception to this rule)
    if _passed_on_resolved_chain(eng, since, player or obj.controller):
        eng.fire("triggered_action_first_opportunity")
        _lapse(eng, key, "triggered_action_first_opportunity", PASSED_ON)
        return f"its first opportunity has passed ({PASSED_ON})"
    if not _chain_resolved_since(eng, since):
        return None
    if eng.applies("triggered_action_next_chain"):
        return None
    # next-chain allowance off: the chain he could not add it to was his first opportunity all the same
    eng.fire("triggered_action_first_opportunity")
    _mem(eng)["trig"][key] = 0
    return "its first opportunity has passed (an action chain resolved without it)"


def _lapse(eng, key, mechanic: str, why: str) -> None:
    """The live meetings of the condition lapse; a later refusal names ``mechanic`` (_lapsed_by)."""
    _mem(eng)["trig"][key] = 0
    _mem(eng)["seen"][key] = 0  # a meeting after this one is new (note_met_at notes when it was met)
    _mem(eng)["lapsed"][key] = (mechanic, why)


def _passed_on_resolved_chain(eng, index: int, who: str) -> bool:
    """Since event ``index`` (the condition met), ``who`` passed and an action chain then began resolving:
    a chain resolves only once every player has passed (ruling:b-action-window-3) unless a card ends it, so
    a pass followed by a resolution is an opportunity to add the Action that he let go. Passes before the
    condition was met (on the chain whose resolution meets it) do not count."""
    passed = False
    for rec in eng.events[index:]:
        kind = rec.get("event")
        if kind == "passed" and rec.get("player") == who:
            passed = True
        elif kind == "resolving" and passed:
            return True
    return False


def lapse_earlier_meeting(eng, key, who: str) -> tuple | None:
    """Before a triggered Action's condition is met again: the times it was met earlier, not used, whose first
    opportunity has passed (first_opportunity_passed) lapse -- each meeting has its own first opportunity,
    the new one does not revive them. Not fired here: the refusal of a use they would have allowed fires
    it (_lapsed_by). Returns the lapse (mechanic, why), or None."""
    m = _mem(eng)
    since = m["met_at"].get(key)
    if (not m["trig"].get(key) or since is None or not _passed_on_resolved_chain(eng, since, who)
            or not eng.on("triggered_action_first_opportunity")):
        return None
    _lapse(eng, key, "triggered_action_first_opportunity", PASSED_ON)
    return m["lapsed"][key]


def _chain_resolved_since(eng, index: int) -> bool:
    on_chain = {i.source_label for i in eng.state.chain}
    return any(rec.get("event") in ("used", "played") and rec.get("card") not in on_chain
               for rec in eng.events[index:])


# -- losing Actions and Forced Effects (Eataine Harbour), 'one or more' triggers --

LOST = "loses actions and forced effects"  # the keyword the effect grants

def _lost(eng, obj) -> bool:
    return eng.is_in_play(obj) and LOST in (eng.obj_attr(obj, "keywords") or [])


def _is_forced(ab) -> bool:
    """A Forced Effect: an ability whose card text says 'Forced:' -- ``timing: forced`` in cards.yaml (the
    convention its header states, read by timing.order_pending too), whatever kind its data is written as (a
    trigger, or a replacement: War Hydra's 'Forced: Each time this unit is assigned 1 damage, ... cancel that
    damage'); not a triggered Constant Effect nor a keyword, which 'lose all Actions and Forced Effects' leaves
    alone (clarification:card-effects names the four kinds apart). ``ab``: an Ability or its data dict."""
    return ab.get("timing") == "forced"


def why_lost(eng, player, obj, ab, action) -> str | None:
    if _lost(eng, obj):
        return TextReason("it has lost all Actions", eng.text_granting(obj, LOST))
    return None


def _lost_as_it_left(eng, old) -> bool:
    """Had a card that has just left play lost its Actions and Forced Effects there? An object that left play
    reads its keywords as it last was in play (characteristics: its last known values)."""
    return LOST in (eng.obj_attr(old, "keywords") or ())


def keep_forced(eng, p) -> bool:
    if not _is_forced(p.ability):
        return True
    card = eng.state.objects.get(p.source)
    if card is not None:
        lost = _lost(eng, card)
    else:  # its card has left play: a Forced Effect that triggers off its leaving looks back at the card as
        # it was -- one that had lost its Forced Effects there (Eataine Harbour) has none to trigger
        card = (p.event or {}).get("obj")
        lost = getattr(card, "oid", None) == p.source and _lost_as_it_left(eng, card)
    if lost:
        eng.log("trigger_lost", source=p.source_label, reason="lost its Forced Effects",
                by=eng.text_granting(card, LOST))  # the card whose text took them (Eataine Harbour)
        return False
    return True


def replacement_candidates(eng, candidates: list, events: list[dict]) -> list:
    """(hook) A Forced Effect written as a replacement is lost with the others: a card that has lost its
    Forced Effects (Eataine Harbour) has none to replace an event with (as keep_forced drops the triggered
    ones). The core's tuple: key, source, controller, data, timestamp, bindings."""
    out = []
    for cand in candidates:
        source, data = cand[1], cand[3]
        if source is not None and _is_forced(data) and _lost(eng, source):
            eng.log("replacement_lost", source=source.label, reason="lost its Forced Effects",
                    by=eng.text_granting(source, LOST))
            continue
        out.append(cand)
    return out


def one_or_more(eng, events: list[dict]) -> None:
    if not eng.pending:  # nothing waits (most batches): nothing to drop
        return
    ids = {id(e) for e in events}
    seen: set = set()
    keep = []
    for p in eng.pending:
        spec = p.ability.get("on") or {}
        if spec.get("one_or_more") and id(p.event) in ids:
            key = (p.source, p.ability.index, id(p.effect))
            if key in seen:  # 'one or more': once for all the cards of one event
                continue
            seen.add(key)
        keep.append(p)
    eng.pending[:] = keep


def leaving_controller_triggers(eng, p) -> bool:
    """clarification:leaving-play: a card's ability triggered by its leaving play (a Forced or other triggered
    effect; its triggered Actions: _user_after_leaving) is triggered by the player who controlled it when it
    left play (the core gives the pending trigger that player), not its owner -- traced when the two differ.
    Mechanic left_play_controller_triggers off: its owner triggers it (the pending's controller is changed;
    hook keep_pending, which never drops it here)."""
    ev = p.event or {}
    obj = ev.get("obj")
    if (ev.get("type") != "zone_change" or not ev.get("leaves_play") or obj is None or obj.oid != p.source
            or obj.owner == p.controller):
        return True
    if not eng.applies("left_play_controller_triggers"):
        p.controller = obj.owner
    return True
