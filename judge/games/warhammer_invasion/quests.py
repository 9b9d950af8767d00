"""Quests and questing: the ``quest`` fixture verb (``{player: A, quest: UNIT, to: QUEST}`` sends a
unit questing), units moving onto a quest (``onto_quest`` -- may, onto a quest in its zone; with
``quest:`` onto that quest, moving to its zone: one step), a quest whose questing
unit is gone losing its resource tokens (per quest: the unit questing on THAT quest), a quest moved to
another zone leaving its questing unit where it is, not questing (Temple of Ulric's switch and Jealous
Eyes' moving tokens are card scripts). A scenario's unit listed ``questing: true`` quests on the quest
listed before it in its zone (``assign_listed_questers``); one listed ``questing: QUEST-LABEL`` on that quest
(the replay sets its ``quest_on``: ``object_flag_cards``). The quest
phase's draw is in turn.py."""
from __future__ import annotations

from judge.engine.state import Obj

from .common import quests_on, stop_questing
from .movement import leaves_combat


def register(game) -> None:
    game.actions["quest"] = _quest
    game.steps["onto_quest"] = _onto_quest
    # quests_on(unit, quest): 'a unit is questing here' / 'the unit questing on this card' -- on THAT
    # quest, not on another quest of its zone
    game.functions["quests_on"] = lambda eng, unit, quest: (
        isinstance(unit, Obj) and isinstance(quest, Obj) and quests_on(unit, quest))


def questing(obj) -> bool:
    return "questing" in obj.flags


def assign_listed_questers(eng) -> None:
    """Setup: a unit a scenario lists as questing (``questing: true``) quests on the quest listed before it
    in its zone that has no unit questing on it yet (else on the first such quest of the zone): two quests of
    one zone each keep their own questing unit, whose resource tokens are theirs alone. A unit listed with its
    quest's label already has its ``quest_on``: that quest is taken."""
    for key, oids in eng.state.zones.items():
        objs = [eng.state.objects[i] for i in oids]
        if not any(o.card.type == "quest" for o in objs):
            continue
        taken = {o.memory["quest_on"] for o in objs if "quest_on" in o.memory}
        for i, o in enumerate(objs):
            if "questing" not in o.flags or "quest_on" in o.memory:
                continue
            free = [q for q in objs if q.card.type == "quest" and q.oid not in taken]
            before = [q for q in objs[:i] if q in free]
            pick = before[-1] if before else (free[0] if free else None)
            if pick is not None:
                o.memory["quest_on"] = pick.oid
                taken.add(pick.oid)


def tokens_need_quester(eng) -> bool:
    """State check: resource tokens on a quest that has no unit questing on it are removed -- per quest
    (clarification:quests): a unit questing on another quest of the same zone does not keep them."""
    changed = False
    for o in list(eng.in_play()):
        if o.card.type == "quest" and o.counters.get("resource") and eng.on("quest_tokens_need_quester"):
            if not any(quests_on(u, o) for u in eng.in_play()):
                eng.fire("quest_tokens_need_quester")
                n = o.counters.pop("resource")
                eng.touch()
                eng.log("counter_removed", card=o.label, kind="resource", amount=n, reason="no unit questing")
                changed = True
    return changed


def _quest(eng, player, act) -> None:
    """{player: A, quest: UNIT, to: QUEST}: send a unit questing on a quest (the unit must be in the
    quest's zone, both controlled by the player; only the active player, with no chain)."""
    unit, quest = eng.obj(act["quest"]), eng.obj(act.get("to"))
    if unit is None or quest is None or not eng.is_in_play(unit) or not eng.is_in_play(quest):
        eng.fail("both the unit and the quest must be in play")
    if eng.state.vars.get("active") != player or eng.state.chain:
        eng.fail("units are sent questing by the active player, with no action chain")
    if eng.obj_attr(quest, "type") != "quest" or quest.controller != player:
        eng.fail(f"{quest.label} is not a quest {player} controls")
    if eng.obj_attr(unit, "type") != "unit" or unit.controller != player:
        eng.fail(f"{unit.label} is not a unit {player} controls")
    if "questing" in unit.flags:
        eng.fail(f"{unit.label} is already questing")
    if any(u.memory.get("quest_on") == quest.oid and questing(u) for u in eng.in_play()):
        eng.fail(f"a unit is already questing on {quest.label}")
    if quest.zone != "quest":
        if not eng.on("quest_in_any_zone"):
            eng.fail("units are sent questing only on quests in the quest zone")
        eng.fire("quest_in_any_zone")
    if unit.side != quest.side or unit.zone != quest.zone:
        eng.fail(f"{unit.label} is not in {quest.label}'s zone")
    unit.flags.add("questing")
    unit.memory["quest_on"] = quest.oid
    eng.touch()
    eng.emit([{"type": "sent_questing", "obj": unit, "quest": quest}])


def quest_moved(eng, ev) -> None:
    """A quest moved to another zone moves alone (quest_moves_alone): the unit questing on it stays where
    it is and is no longer questing (clarification:moving-cards, moved_unit_leaves_combat); the quest's
    tokens then go (tokens_need_quester)."""
    quest = ev["obj"]
    questers = [u for u in eng.in_play() if quests_on(u, quest, zone=ev.get("from"))]
    questers = [u for u in questers if u.zone != quest.zone]
    if not questers:
        return
    if eng.applies("quest_moves_alone"):
        for u in questers:
            eng.log("quester_stays", card=u.label, quest=quest.label, zone=u.where)
            if "questing" in u.flags and eng.applies("moved_unit_leaves_combat"):
                stop_questing(u)
                eng.touch()
                eng.log("no_longer_in_combat", card=u.label)
        return
    eng.emit([{"type": "moved", "obj": u, "to": quest.zone} for u in questers])


def _onto_quest(eng, st, b) -> bool:
    """{onto_quest: REF}: the unit may move onto a quest its controller controls in its zone, if able (its
    controller chooses). {onto_quest: REF, quest: REF}: the unit moves onto that quest, to the quest's zone
    first if it is elsewhere. Either way it is then questing there."""
    units = [o for o in eng.resolve_ref(st["onto_quest"], b) if eng.is_in_play(o)]
    if "quest" in st:
        quests = [q for q in eng.resolve_ref(st["quest"], b) if eng.is_in_play(q)]
        if not units or not quests:
            return False
        o, quest = units[0], quests[0]
        if o.zone != quest.zone or o.side != quest.side:
            leaves_combat(eng, o, quest.zone)
            eng.emit([{"type": "moved", "obj": o, "to": quest.zone}])
        o = eng.obj(o.label)
        if o is None:
            return False
    else:
        if not units:
            return False
        o = units[0]
        # a quest as it is in play: a quest card face down as a development is none (its type is development)
        quests = [q for q in eng.in_play() if q.side == o.side and q.zone == o.zone and q.controller == o.controller
                  and eng.obj_attr(q, "type") == "quest"]
        if not quests:
            eng.log("onto_quest_unable", card=o.label)
            return False
        if not eng.decide(o.controller, "yesno", ["yes", "no"], f"whether {o.label} moves onto a quest"):
            return False
        quest = quests[0]
    o.flags.add("questing")
    o.memory["quest_on"] = quest.oid
    eng.touch()
    eng.log("questing", card=o.label, quest=quest.label)
    return True


def quests_moved(eng, events: list[dict]) -> None:
    """A quest moved to another zone: the unit questing on it stays where it is."""
    for ev in events:
        if ev["type"] == "moved" and ev["obj"].card.type == "quest":
            quest_moved(eng, ev)


def control_moved(eng, events: list[dict]) -> None:
    """A questing unit whose control changes goes to its new controller's corresponding zone (Soul Stealer's
    FAQ: 'moving it to their corresponding zone'): a unit moved to another zone is no longer questing
    (clarification:moving-cards); its quest, with no unit questing on it, then loses its tokens
    (tokens_need_quester)."""
    for ev in events:
        o = ev.get("obj") if ev["type"] == "control_changed" else None
        if o is not None and questing(o) and ev.get("from") != ev.get("to") \
                and eng.applies("control_change_stops_questing"):
            stop_questing(o)
            eng.touch()
            eng.log("no_longer_questing", card=o.label, reason="control changed")


# -- a quest's effects with no unit questing on it ------------------------------------------------

def _unquested(eng, quest) -> bool:
    """A quest in play with no unit questing on it."""
    return (quest is not None and eng.is_in_play(quest) and eng.obj_attr(quest, "type") == "quest"
            and not any(quests_on(u, quest) for u in eng.in_play()))


def _without_quester(eng, quest) -> bool:
    """clarification:quests: an effect on a quest card is triggered even when no unit quests on it, its
    other requirements met. True when the rule lets it (traced: it decided), False when switched off (a
    quest's effects would then need a unit questing on it)."""
    return eng.applies("quest_effects_without_quester")


def why_no_quester(eng, obj, ability) -> str | None:
    """Why a quest's Action can't be triggered (only when the rule is off: no unit questing on it), or None."""
    if ability.kind != "action" or not _unquested(eng, obj) or _without_quester(eng, obj):
        return None
    return f"no unit is questing on {obj.label}"


def keep_quest_trigger(eng, p) -> bool:
    """A quest's triggered effect (Forced, Constant) with no unit questing on it: it triggers (rule off: it
    is dropped)."""
    quest = eng.state.objects.get(p.source)
    if not _unquested(eng, quest) or _without_quester(eng, quest):
        return True
    eng.log("trigger_lost", source=p.source_label, reason="no unit questing on the quest")
    return False
