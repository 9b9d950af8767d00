"""Warhammer: Invasion: developments and quests.

Developments: a card played face down under a zone is a development from the moment it enters
play (an effect that makes developments units applies only once it is in play); a development
(face down, or face up and only a development) has no text box, power, cost, loyalty, traits or
hit points; a card that becomes a face-up development loses its damage and resource tokens but
keeps its title, its corruption and its place in play; a card turned face down (or face up)
changes type in place -- it neither leaves nor enters play; a card turned into a development is
controlled by the player whose zone it occupies (an attachment occupies its host's zone); cards
enter the discard pile as their printed type.

Quests: a quest moved to another zone leaves the unit questing on it where it is; a unit can be
sent questing on a quest its controller controls in any zone; a unit that becomes a development
stops questing.

The ``develop`` action of _whi_rules.py is extended (not duplicated): the card is a development
while it enters play.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any

from judge.games import _whi_faq as F
from judge.games import _whi_rules as W

G = "warhammer-invasion"
SECTIONS = ("kingdom", "quest", "battlefield")
BLANK = {"power": 0, "cost": 0, "loyalty": 0, "traits": [], "keywords": [], "hp": None, "remaining_hp": None}


def rid(local: str) -> str:
    return f"{G}:{local}"


def bind(reg) -> None:
    ex1 = rid("clarification:developments:example-1")
    ex2 = rid("clarification:developments:example-2")
    ex3 = rid("clarification:developments:example-3")
    reg.bind("development_owner_only", ex1)  # bound again: adds the id, keeps the description
    reg.bind("development_zone_control", ex1,
             does="a card turned face down into a development is controlled by the player whose zone it occupies "
                  "(an attachment occupies the zone of the unit it is attached to)",
             off="a card turned into a development keeps its controller")
    reg.bind("type_change_in_place", ex1, ex2, rid("faq:turn-grimgor-ironhide-face-up-rip-dere-eads"),
             does="a card that changes from a development to another card type was already in play: it does not "
                  "enter play ('enters play' effects do not trigger)",
             off="a development turned face up into a unit counts as that unit entering play")
    reg.bind("development_no_text", ex2,
             does="a development (face down, or face up and only a development) has no text box: its abilities "
                  "neither trigger nor can be used",
             off="a development's printed abilities still work")
    reg.bind("faceup_development_blank", ex2, rid("faq:happens-play-judgement-loec-unit"),
             does="a face-up development has no power, cost, loyalty, traits or hit points (it keeps its title "
                  "and stays in play)",
             off="a face-up development keeps its printed characteristics")
    reg.bind("faceup_development_clears_tokens", ex2, ex3,
             does="a card that becomes a face-up development loses all its damage and resource tokens",
             off="its tokens stay on it")
    reg.bind("development_keeps_corruption", rid("faq:happens-play-judgement-loec-corrupted-unit"),
             does="a corrupted unit that becomes a development is a corrupted development, and reverts to a "
                  "corrupted unit",
             off="becoming a development restores the card (it is no longer corrupted)")
    reg.bind("development_stops_questing", rid("faq:happens-play-judgement-loec-unit"),
             does="a questing unit that becomes a development is removed from its quest (it stays in that zone)",
             off="it keeps questing")
    reg.bind("enters_as_development", rid("faq:kairos-fateweaver-play-play-development-into-zone-warpstone"),
             does="a card played as a development enters play as a development; an effect that makes "
                  "developments units applies to it only once it is in play",
             off="such an effect applies as the card enters play (it enters play as a unit)")
    reg.bind("discard_printed_type", rid("faq:developments-destroyed-while-kairos-fateweaver-play-trigger-quest"),
             rid("faq:development-played-hand-destroyed-card-effect-dwarf-unit"),
             does="cards enter the discard pile as their printed card type, whatever type they had in play",
             off="a card enters the discard pile as the type it had in play (a development as a development)")
    reg.bind("quest_moves_alone", rid("faq:quest-moved-quest-zone-different-zone-unit-questing"),
             does="a quest moved to another zone moves alone: the unit questing on it remains in its zone",
             off="the unit questing on a quest moves with it")
    reg.bind("corrupted_cannot_attack", rid("faq:corrupted-unit-questing-wolves-north-use-quests-ability"),
             does="a corrupted unit cannot be declared as an attacker, even when an effect lets it attack from "
                  "outside the battlefield (Wolves of the North overrides only where and when it may attack)",
             off="an effect that lets a questing unit attack also overrides the corrupted restriction")
    reg.bind("attack_not_in_battlefield", rid("faq:savage-gors-quest-sack-tor-aendris-quest-zone"),
             does="a unit attacking as though it were in the battlefield stays in its zone: its Battlefield "
                  "abilities stay inactive",
             off="while it attacks, it counts as being in the battlefield")
    reg.bind("quest_in_any_zone", rid("faq:quest-control-moved-into-kingdom-battlefield-zone-send"),
             does="a unit may be sent questing on a quest its controller controls in any zone",
             off="units are sent questing only on quests in the quest zone")
    reg.bind("all_in_play_includes_own", rid("faq:ability-war-boar-affect-controllers-quests-well"),
             does="an ability that affects all cards of a kind 'in play' affects every player's cards of that kind, "
                  "its controller's included",
             off="such an ability affects only the cards its controller's opponents control")
    tf = rid("faq:opponent-master-rune-dismay-play-sacrifice-three-developments")
    reg.bind("cost_lowering_printed_only", tf,
             does="a card's own ability that lowers its cost lowers only its printed cost (to no less than 0); "
                  "additional costs other cards impose are added afterwards and paid in full",
             off="the lowering applies to the whole cost to play the card (printed cost plus additional costs): "
                 "lowering it by more than its printed cost absorbs the additional costs")
    reg.bind("additional_cost_each_source", tf,
             does="each card in play that makes a card cost more to play adds its amount (one additional resource "
                  "for each Master Rune of Dismay)",
             off="several copies of the same card impose their additional cost only once")


def register(game) -> None:
    game.actions.update({"develop": _develop, "quest": _quest})
    base_attack = game.actions.get("attack")

    def attack(eng, player, act) -> None:
        _attack_from_quest(eng, player, act, base_attack)

    game.actions["attack"] = attack
    game.steps.update({"turn_facedown": _turn_facedown, "turn_faceup": _turn_faceup,
                       "perform:turned_faceup": _perform_turned_faceup})
    game.functions.update({"discard_type": _discard_type, "all_in_play": _all_in_play, "is_a": _is_a})
    performed = game.steps.get("perform:moved")

    def perform_moved(eng, ev) -> None:  # remember where a moved card came from
        ev.setdefault("from", ev["obj"].zone)
        performed(eng, ev)

    if performed is not None:
        game.steps["perform:moved"] = perform_moved


# -- bookkeeping --------------------------------------------------------------------------------

def _mem(eng) -> dict:
    m = getattr(eng, "_whi_dev", None)
    if m is None:
        m = {"entering": None, "busy": False}
        eng._whi_dev = m
    return m


def _entering(eng, obj) -> bool:
    """The card being played face down, while its entering-play event happens."""
    return _mem(eng)["entering"] == obj.label and obj.zone in SECTIONS and "development" not in obj.flags


def _faceup(eng, obj) -> bool:
    return bool(_guarded(eng, obj, "faceup_development")) and "development" not in obj.flags


def _guarded(eng, obj, name: str) -> Any:
    """An attribute read from inside adjust_attr: not again while continuous effects are being
    computed (their conditions read attributes too)."""
    m = _mem(eng)
    if m.get("busy"):
        return None
    m["busy"] = True
    try:
        return eng.obj_attr(obj, name)
    finally:
        m["busy"] = False


def is_development(eng, obj) -> bool:
    return eng.is_in_play(obj) and ("development" in obj.flags or _entering(eng, obj) or _faceup(eng, obj))


def _kairos(eng, player) -> bool:
    """A card in play says its controller's developments are also units."""
    return any(o.controller == player and _guarded(eng, o, "developments_are_units")
               for o in eng.in_play() if "development" not in o.flags)


def obj_attr(eng, obj, name: str) -> Any:
    from judge.engine.game import NOT_MINE
    if name == "zone" and "attacking" in obj.flags and obj.zone != "battlefield" and eng.is_in_play(obj):
        if not eng.on("attack_not_in_battlefield"):
            return "battlefield"
        eng.fire("attack_not_in_battlefield")
    return NOT_MINE


# -- hooks --------------------------------------------------------------------------------------

def adjust_attr(eng, obj, name: str, value: Any) -> Any:
    if name in ("faceup_development", "developments_are_units", "label", "name", "zone", "controller", "owner", "side"):
        return value
    if not eng.is_in_play(obj):
        if name == "type" and "type_in_play" in obj.memory and obj.zone == "discard":
            if eng.on("discard_printed_type"):
                if obj.memory["type_in_play"] != value:
                    eng.fire("discard_printed_type")
            else:
                return obj.memory["type_in_play"]
        return value
    entering = _entering(eng, obj)
    faceup = not entering and "development" not in obj.flags and _faceup(eng, obj)
    if name == "development":
        return value or entering or faceup
    if entering and name in BLANK:
        return BLANK[name]
    if faceup and name in BLANK:
        if eng.on("faceup_development_blank"):
            eng.fire("faceup_development_blank")
            return BLANK[name]
        return value
    if name == "type" and (entering or faceup or "development" in obj.flags):
        if _kairos(eng, obj.controller):
            if entering and eng.on("enters_as_development"):
                eng.fire("enters_as_development")
                return "development"
            return "unit"
        return "development"
    return value


def keep_pending(eng, p) -> bool:
    src = eng.state.objects.get(p.source)
    if src is not None and is_development(eng, src) and eng.on("development_no_text"):
        eng.fire("development_no_text")
        eng.log("trigger_lost", source=p.source_label, reason="a development has no text box")
        return False
    return True


def can_use(eng, player, obj, ab, action) -> str | None:
    if is_development(eng, obj) and eng.on("development_no_text"):
        eng.fire("development_no_text")
        return "a development has no text box"
    return None


def observe(eng, events: list[dict]) -> None:
    for ev in events:
        if ev["type"] == "zone_change" and ev.get("to") == "discard" and ev.get("new") is not None:
            new, old = ev["new"], ev["obj"]
            if "development" in old.flags or old.memory.get("faceup_seen"):
                new.memory["type_in_play"] = "unit" if _kairos(eng, old.controller) else "development"
        if ev["type"] == "moved" and ev["obj"].card.type == "quest":
            _quest_moved(eng, ev)


def _quest_moved(eng, ev) -> None:
    quest = ev["obj"]
    questers = [u for u in eng.in_play() if u.memory.get("quest_on") == quest.oid or (
        "questing" in u.flags and "quest_on" not in u.memory and u.side == quest.side and u.zone == ev.get("from"))]
    questers = [u for u in questers if u.zone != quest.zone]
    if not questers:
        return
    if eng.on("quest_moves_alone"):
        eng.fire("quest_moves_alone")
        for u in questers:
            eng.log("quester_stays", card=u.label, quest=quest.label, zone=u.where)
        return
    eng.emit([{"type": "moved", "obj": u, "to": quest.zone} for u in questers])


def state_checks(eng) -> bool:
    changed = False
    for o in list(eng.in_play()):
        dev = "development" in o.flags or _faceup(eng, o)
        if not dev:
            if o.memory.pop("faceup_seen", None):
                eng.log("no_longer_development", card=o.label, corrupted="corrupted" in o.flags)
            continue
        if "questing" in o.flags and eng.on("development_stops_questing"):
            eng.fire("development_stops_questing")
            o.flags.discard("questing")
            o.memory.pop("quest_on", None)
            eng.touch()
            eng.log("removed_from_quest", card=o.label, zone=o.where)
            changed = True
        if "development" in o.flags or o.memory.get("faceup_seen"):
            continue
        o.memory["faceup_seen"] = True
        eng.touch()
        changed = True
        eng.log("became_faceup_development", card=o.label)
        if (o.damage or o.counters.get("resource")) and eng.on("faceup_development_clears_tokens"):
            eng.fire("faceup_development_clears_tokens")
            eng.log("tokens_removed", card=o.label, damage=o.damage, resource=o.counters.get("resource", 0))
            o.damage = 0
            o.counters.pop("resource", None)
        if "corrupted" in o.flags:
            if eng.on("development_keeps_corruption"):
                eng.fire("development_keeps_corruption")
            else:
                o.flags.discard("corrupted")
                eng.log("restored", card=o.label)
    return changed


# -- functions ----------------------------------------------------------------------------------

def _all_in_play(eng, src, obj) -> bool:
    """all_in_play(this, it): is ``it`` among 'all ... in play' for an ability of ``this``? Every player's
    cards in play are, its controller's included (mechanic all_in_play_includes_own)."""
    if src is None or obj is None or not hasattr(obj, "controller") or not eng.is_in_play(obj):
        return False
    if obj.controller == src.controller:
        if not eng.on("all_in_play_includes_own"):
            return False
        eng.fire("all_in_play_includes_own")
    return True


def _is_a(eng, obj, kind) -> bool:
    """is_a(it, 'support'): the card's type, or a type an effect treats it as also having (``also_types``,
    e.g. War Boar: quests are also support cards)."""
    if obj is None or not hasattr(obj, "card"):
        return False
    return eng.obj_attr(obj, "type") == kind or kind in (eng.obj_attr(obj, "also_types") or [])


def _discard_type(eng, event) -> Any:
    """The card type a card has as it enters the discard pile (for triggers checked just before)."""
    obj = event.get("obj") if isinstance(event, dict) else None
    if obj is None:
        return None
    now = eng.obj_attr(obj, "type")
    if eng.on("discard_printed_type"):
        if now != obj.card.type:
            eng.fire("discard_printed_type")
        return obj.card.type
    return now


# -- combat -------------------------------------------------------------------------------------

def combat_power(eng, obj, combat):
    """A unit that 'deals N additional damage' in combat (stat ``combat_damage_bonus``, e.g. Savage Gors)
    adds it to its power in its side's combat damage; other units: the game's default."""
    bonus = eng.obj_attr(obj, "combat_damage_bonus")
    if not bonus or eng.obj_attr(obj, "type") != "unit":
        return None
    return (eng.obj_attr(obj, "power") or 0) + int(bonus)


# -- costs --------------------------------------------------------------------------------------

def _increases(eng, player, obj) -> list[tuple[Any, int]]:
    """The additional resources to play ``obj`` as (source card, amount): continuous abilities named
    'play cost increase' of cards in play (``applies_to`` the card being played, ``while``, ``add``),
    e.g. Master Rune of Dismay; a second card of the same name counts only while
    additional_cost_each_source is on. A query: it logs nothing and cites no rule of its own."""
    out, seen = [], set()
    for o in eng.in_play():
        if is_development(eng, o):
            continue
        for ab in o.card.abilities:
            if ab.kind != "continuous" or ab.name != "play cost increase":
                continue
            b = eng.bindings_for(o, o.controller)
            if ab.get("while") is not None and not eng.eval(ab.get("while"), b):
                continue
            if not eng.eval(ab.get("applies_to") or "true", {**b, "it": obj}):
                continue
            if o.card.name in seen and not eng.on("additional_cost_each_source"):
                continue
            seen.add(o.card.name)
            out.append((o, int(eng.eval(str(ab.get("add", 1)), b) or 0)))
    return out


def additional_cost(eng, player, obj) -> int:
    """The resources other cards add to the cost of playing ``obj``, as a query (nothing logged or cited)."""
    return sum(n for _, n in _increases(eng, player, obj))


def _cost_increases(eng, player, obj) -> int:
    """The additional resources to play ``obj``, each logged as it is added to the cost."""
    names = set()
    total = 0
    for o, amount in _increases(eng, player, obj):
        if o.card.name in names:
            eng.fire("additional_cost_each_source")
        names.add(o.card.name)
        total += amount
        eng.log("cost_increased", card=obj.label, by=amount, source=o.label)
    return total


def cost_reductions(eng, player, obj, action) -> list[int]:
    """Mechanic cost_lowering_printed_only ablated: the additional costs join the cost a lowering applies
    to (a negative reduction, netted against the card's own lowering before the floor of 0)."""
    if eng.on("cost_lowering_printed_only"):
        return []
    more = _cost_increases(eng, player, obj)
    return [-more] if more else []


def play_costs(eng, player, obj, action) -> list[dict]:
    """Additional costs to play a card are paid on top of its (possibly lowered) printed cost."""
    if not eng.on("cost_lowering_printed_only"):
        return []
    more = _cost_increases(eng, player, obj)
    if more:
        eng.fire("cost_lowering_printed_only")
    return [{"pay": more}] if more else []


# -- steps --------------------------------------------------------------------------------------

def _turn_facedown(eng, st, b) -> bool:
    """{turn_facedown: REF}: the card becomes a face-down development where it is."""
    objs = [o for o in eng.resolve_ref(st["turn_facedown"], b) if eng.is_in_play(o)]
    for o in objs:
        host = eng.state.objects.get(o.attached_to) if o.attached_to else None
        side = host.side if host is not None else o.side
        o.flags.add("development")
        o.flags -= {"attacking", "defending", "questing"}
        o.attached_to = None
        eng.touch()
        eng.log("turned_facedown", card=o.label, zone=f"{side}.{o.zone if host is None else host.zone}")
        if side != o.controller:
            if eng.on("development_zone_control"):
                eng.fire("development_zone_control")
                eng.log("development_in_zone_of", card=o.label, player=side)
                o.controller = side
    return bool(objs)


def _turn_faceup(eng, st, b) -> bool:
    """{turn_faceup: REF}: a face-down development is turned face up: it is its printed card type
    again, in place."""
    objs = [o for o in eng.resolve_ref(st["turn_faceup"], b) if eng.is_in_play(o) and "development" in o.flags]
    if not objs:
        return False
    evs = []
    for o in objs:
        ev = {"type": "turned_faceup", "obj": o}
        if o.card.type != "development":
            if eng.on("type_change_in_place"):
                eng.fire("type_change_in_place")
            else:
                ev.update({"new": o, "enters_play": True})
        evs.append(ev)
    eng.emit(evs)
    return True


def _perform_turned_faceup(eng, ev) -> None:
    o = ev["obj"]
    if o.oid not in eng.state.objects:
        ev["failed"] = True
        return
    o.flags.discard("development")
    eng.touch()
    eng.log("turned_faceup", card=o.label, type=o.card.type, zone=o.where, enters_play=bool(ev.get("enters_play")))


# -- actions ------------------------------------------------------------------------------------

@contextmanager
def entering(eng, label: str):
    """While the card ``label`` is played face down and enters play, it is a development."""
    m = _mem(eng)
    m["entering"] = label
    try:
        yield
    finally:
        m["entering"] = None


def _develop(eng, player, act) -> None:
    """{player: A, develop: CARD, zone: kingdom}: the development action of _whi_rules.py; the card is
    a development while it enters play."""
    with entering(eng, act.get("develop")):
        W._develop(eng, player, act)


def _attack_from_quest(eng, player, act, base) -> None:
    """An attack with units a card lets attack from outside the battlefield (attribute
    ``attacks_from_quest``: Wolves of the North, Sack Tor Aendris) is declared here; a corrupted unit
    still cannot be declared as an attacker. Other attacks: the game's own attack action."""
    labels = act.get("with") or act.get("targets") or []
    objs = [eng.obj(lbl) for lbl in labels]
    zone = act["attack"]
    if not any(attacks_from_elsewhere(eng, player, o) for o in objs) or zone not in SECTIONS:
        return base(eng, player, act)
    for lbl, o in zip(labels, objs):
        if o is None or not eng.is_in_play(o) or o.controller != player:
            eng.fail(f"{lbl} is not a unit {player} controls in play")
        check_attacker(eng, player, lbl, o)
    eng.state.vars["combat"] = {"attacker": player, "defender": eng.state.opponent(player), "zone": zone,
                                "assign": {}, "phase": eng.state.vars.get("phase")}
    eng.touch()
    F.declare(eng, objs, "attacking", "declared_attacker", player)


def attacks_from_elsewhere(eng, player, o) -> bool:
    """A unit of ``player``'s in play outside the battlefield that a card effect lets attack from where
    it is (attribute ``attacks_from_quest``: Wolves of the North, Sack Tor Aendris)."""
    return (o is not None and eng.is_in_play(o) and o.controller == player and o.zone in SECTIONS
            and o.zone != "battlefield" and bool(eng.obj_attr(o, "attacks_from_quest")))


def check_attacker(eng, player, label, o) -> None:
    """May unit ``o`` be declared as one of ``player``'s attackers? Only units in his battlefield, or
    one a card lets attack from elsewhere; a corrupted unit never (corrupted_cannot_attack: off, an
    effect that lets a unit attack from the quest zone overrides that too). Also used by _whi_legends
    for the legend and fulcrum attacks it declares itself."""
    away = attacks_from_elsewhere(eng, player, o)
    if o is None or (o.where != f"{player}.battlefield" and not away):
        eng.fail(f"{label} cannot attack: only units in {player}'s battlefield attack")
    if "corrupted" in o.flags:
        if not away or eng.on("corrupted_cannot_attack"):
            if away:
                eng.fire("corrupted_cannot_attack")
            eng.fail(f"{label} is corrupted and cannot be declared as an attacker")


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
    if any(u.memory.get("quest_on") == quest.oid for u in eng.in_play()):
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


def begin_phase(eng, phase: str) -> None:
    eng.touch()  # continuous effects that last only during a phase ('during your quest phase') re-check
