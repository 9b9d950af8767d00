"""Warhammer: Invasion: mechanics behind card errata of FAQ 3.1 'Card Clarification and Errata'
(slice errata_a): facedown developments and "non-[faction]" cards, spending "all" resources,
units put into play attacking (declared or not), random reveal, mutual simultaneous damage, losing
Actions and Forced Effects, "cannot be declared as an attacker or defender", "one or more"
triggers, zone-restricted ("Battlefield.") Actions, whole-damage replacement, moving onto a quest.

Hooks are called by warhammer_invasion.py through _whi_ext (see that module for the list)."""
from __future__ import annotations

from typing import Any

from judge.engine.game import NOT_MINE
from judge.games import _whi_rules as W
from judge.games._whi_rules import SECTIONS, rid


def bind(reg) -> None:
    # The corpus has no rule text on a facedown development's faction; the General errata implies it:
    # "If you control a non-[faction] card" had to be narrowed to "a faceup non-[faction] unit or support
    # card" because a facedown development (no faction) counted as a non-[faction] card.
    reg.bind("development_no_faction", rid("errata:all-instances-of-if-you-control-a-non-faction"),
             does="a card in play as a facedown development shows no faction: it is a non-[faction] card "
                  "whatever card it is (what the General errata's added 'faceup' guards against)",
             off="a development keeps the faction of the card it is")
    reg.bind("spend_all_zero", rid("errata:asuryans-cleansing"),
             does="a player with no resources left can 'spend all resources in his pool' by spending 0",
             off="a player with an empty pool cannot spend 'all' his resources")
    reg.bind("enter_declared_attacker", rid("errata:banna-bearer"),
             does="a unit put into play 'declared as an attacker' is declared as an attacker: 'declared as an "
                  "attacker' effects see it",
             off="it only enters play attacking (nothing sees a declaration)")
    reg.bind("mutual_damage_simultaneous", rid("errata:duregan-thorgrimson"),
             does="two units that 'deal damage to each other' deal it simultaneously (one batch)",
             off="this unit deals its damage first; the other deals damage only if still in play afterwards")
    reg.bind("lose_actions_forced", rid("errata:eataine-harbour"),
             does="a card that loses its Actions and Forced Effects cannot trigger its Actions and its Forced "
                  "Effects do not trigger",
             off="losing Actions and Forced Effects has no effect")
    reg.bind("declaration_only", rid("errata:franzs-decree"),
             does="'cannot be declared as an attacker or defender' only stops a declaration: a unit already "
                  "attacking or defending keeps its status",
             off="such a unit also stops attacking or defending")
    reg.bind("one_or_more_once", rid("errata:garden-of-morr"),
             does="a 'when one or more ... are' trigger triggers once for all the cards of one simultaneous event",
             off="it triggers once per card")
    reg.bind("replace_whole_damage", rid("errata:protective-spites"),
             does="a replacement of 'would be dealt damage' replaces the whole dealing: all that damage is prevented",
             off="each use prevents 1 damage; the rest is dealt")


def register(game) -> None:
    game.steps.update({
        "unless_spend_all": _unless_spend_all, "enter_attacking": _enter_attacking,
        "reveal_random_unit": _reveal_random_unit, "deal_each_other": _deal_each_other,
        "prevent_damage": _prevent_damage, "onto_quest": _onto_quest,
    })
    attack = game.actions["attack"]

    def _attack(eng, player, act) -> None:
        refuse_undeclarable(eng, act.get("with") or act.get("targets") or [])
        attack(eng, player, act)

    game.actions["attack"] = _attack
    game.functions.update({
        "keyword": lambda eng, obj, name: W.keyword_value(eng, obj, name) > 0,
        "developments": lambda eng, side, zone: sum(
            1 for o in eng.zone_objs(side, zone) if "development" in o.flags),
    })


def refuse_undeclarable(eng, labels) -> None:
    """'Cannot be declared as an attacker' (a granted 'cannot attack', Franz's Decree): refused at
    declaration. Also called by _whi_legends for the legend and fulcrum attacks it declares itself."""
    for label in labels:
        o = eng.obj(label)
        if o is not None and "cannot attack" in (eng.obj_attr(o, "keywords") or []):
            eng.fail(f"{label} cannot be declared as an attacker")


# -- attributes ---------------------------------------------------------------------------------

def obj_attr(eng, obj, name: str) -> Any:
    if name == "faceup":
        return "development" not in obj.flags
    return NOT_MINE


def adjust_attr(eng, obj, name: str, value: Any) -> Any:
    if name == "faction" and "development" in obj.flags and eng.is_in_play(obj):
        if eng.on("development_no_faction"):
            if value is not None:
                eng.fire("development_no_faction")
            return None
    return value


# -- losing Actions and Forced Effects (Eataine Harbour) ---------------------------------------

def _lost(eng, obj) -> bool:
    return eng.is_in_play(obj) and "loses actions and forced effects" in (eng.obj_attr(obj, "keywords") or [])


def _is_forced(ab) -> bool:
    """A Forced Effect: a triggered ability named 'Forced' (cards.yaml convention of this module)."""
    return ab.kind == "trigger" and str(ab.get("name") or "").lower().startswith("forced")


def can_use(eng, player, obj, ab, action) -> str | None:
    if _lost(eng, obj) and eng.on("lose_actions_forced"):
        eng.fire("lose_actions_forced")
        return "it has lost all Actions"
    return None


def keep_pending(eng, p) -> bool:
    src = eng.state.objects.get(p.source)
    if src is not None and _is_forced(p.ability) and _lost(eng, src) and eng.on("lose_actions_forced"):
        eng.fire("lose_actions_forced")
        eng.log("trigger_lost", source=p.source_label, reason="lost its Forced Effects")
        return False
    return True


# -- observe: 'one or more' triggers -----------------------------------------------------------------

def observe(eng, events: list[dict]) -> None:
    _one_or_more(eng, events)


def _one_or_more(eng, events: list[dict]) -> None:
    ids = {id(e) for e in events}
    seen: set = set()
    keep = []
    for p in eng.pending:
        spec = p.ability.get("on") or {}
        if spec.get("one_or_more") and id(p.event) in ids:
            key = (p.source, p.ability.index, id(p.effect))
            if key in seen:
                if eng.on("one_or_more_once"):
                    eng.fire("one_or_more_once")
                    continue
            seen.add(key)
        keep.append(p)
    eng.pending[:] = keep


# -- 'cannot be declared as an attacker or defender' (Franz's Decree) ----------------------------

def state_checks(eng) -> bool:
    changed = False
    for o in eng.in_play():
        kws = eng.obj_attr(o, "keywords") or []
        for flag, kw in (("attacking", "cannot attack"), ("defending", "cannot defend")):
            if flag in o.flags and kw in kws:
                if eng.on("declaration_only"):
                    if (o.oid, flag) not in eng.memo.setdefault("declaration_only_seen", set()):
                        eng.memo["declaration_only_seen"].add((o.oid, flag))
                        eng.fire("declaration_only")
                        eng.log("status_kept", card=o.label, status=flag)
                else:
                    o.flags.discard(flag)
                    eng.touch()
                    eng.log("no_longer_in_combat", card=o.label)
                    changed = True
    return changed


# -- steps --------------------------------------------------------------------------------------

def _unless_spend_all(eng, st, b) -> bool:
    """{unless_spend_all: PLAYER, do: [steps]}: the steps happen unless PLAYER spends all the
    resources in his pool (his choice)."""
    player = eng.eval(st["unless_spend_all"], b)
    data = eng.state.player_data[player]
    have = int(data.get("resources") or 0)
    able = have > 0
    if have == 0:
        if eng.on("spend_all_zero"):
            eng.fire("spend_all_zero")
            able = True
    if able and eng.decide(player, "yesno", ["yes", "no"], f"whether {player} spends all {have} resources"):
        data["resources"] = 0
        eng.touch()
        eng.log("spent_all", player=player, amount=have)
        return False
    return eng.run_steps(st.get("do") or [], b)


def _enter_attacking(eng, st, b) -> bool:
    """{enter_attacking: REF, zone: battlefield, declared: BOOL}: put a card into play in its
    controller's battlefield as an attacker (declared as an attacker when ``declared``)."""
    objs = eng.resolve_ref(st["enter_attacking"], b)
    combat = eng.state.vars.get("combat")
    player = b["you"]
    ok = bool(objs)
    for o in objs:
        reason = W.entry_blocked(eng, player, o, "battlefield")
        if reason:
            eng.log("put_into_play_blocked", card=o.label, reason=reason)
            ok = False
            continue
        new = eng.enter_play(o, player, "battlefield")
        if new is None:
            ok = False
            continue
        if not combat or combat.get("attacker") != player:
            continue
        new.flags.add("attacking")
        eng.touch()
        if st.get("declared") and eng.on("enter_declared_attacker"):
            eng.fire("enter_declared_attacker")
            eng.emit([{"type": "declared_attacker", "obj": new, "player": player}])
        else:
            eng.log("entered_attacking", card=new.label)
        if st.get("as"):
            b[st["as"]] = new
    return ok


def _reveal_random_unit(eng, st, b) -> bool:
    """{reveal_random_unit: N}: reveal the top N cards of your deck; choose a unit among them at
    random (scripted die: position r modulo their number, top first) and put it into play in a
    zone of your choice; shuffle the rest into the deck."""
    player = b["you"]
    n = eng.eval(st["reveal_random_unit"], b)
    top = list(reversed(eng.zone_objs(player, "deck")))[:n]
    eng.log("revealed", player=player, cards=[o.label for o in top])
    if not top:
        return False
    units = [o for o in top if o.card.type == "unit"]
    if units:
        pick = units[eng.roll() % len(units)]
        zone = eng.decide(player, "option", list(SECTIONS), f"the zone {pick.label} enters")
        reason = W.entry_blocked(eng, player, pick, zone)
        if reason:
            eng.log("put_into_play_blocked", card=pick.label, reason=reason)
        else:
            eng.enter_play(pick, player, zone)
    eng.log("shuffled", player=player)
    return True


def _deal_each_other(eng, st, b) -> bool:
    """{deal_each_other: [REF, REF]}: the two units deal damage to each other equal to their power."""
    a_ref, b_ref = st["deal_each_other"]
    first = [o for o in eng.resolve_ref(a_ref, b) if eng.is_in_play(o)]
    second = [o for o in eng.resolve_ref(b_ref, b) if eng.is_in_play(o)]
    if not first or not second:
        return False
    x, y = first[0], second[0]
    px, py = eng.obj_attr(x, "power") or 0, eng.obj_attr(y, "power") or 0
    if eng.on("mutual_damage_simultaneous"):
        eng.fire("mutual_damage_simultaneous")
        _deal_pair(eng, [(x, y, px), (y, x, py)])
        return True
    eng.deal_damage(x, {y.oid: px})
    eng.settle_state()
    if eng.is_in_play(y):
        eng.deal_damage(y, {x.oid: eng.obj_attr(y, "power") or 0})
    return True


def _deal_pair(eng, parts) -> None:
    """Damage from two sources applied as one batch (each part keeps its own source)."""
    evs = []
    for src, dst, n in parts:
        if n <= 0:
            continue
        amount = eng._assignment_modifiers(dst, n, src, False)
        eng.log("damage_assigned", card=dst.label, amount=amount, source=src.label)
        evs.append({"type": "damage_applied", "obj": dst, "amount": amount, "source": src,
                    "source_label": src.label, "combat": False})
    if evs:
        eng.emit(evs)


def _prevent_damage(eng, st, b) -> bool:
    """Inside a damage replacement: {prevent_damage: event} prevents the damage of that dealing."""
    ev = b.get("event") or {}
    amount = int(ev.get("amount") or 0)
    if eng.on("replace_whole_damage"):
        eng.fire("replace_whole_damage")
        eng.log("damage_prevented", card=ev["obj"].label, amount=amount)
        return True
    eng.log("damage_prevented", card=ev["obj"].label, amount=min(1, amount))
    if amount > 1:
        eng.deal_damage(ev.get("source"), {ev["obj"].oid: amount - 1})
    return True


def _onto_quest(eng, st, b) -> bool:
    """{onto_quest: REF}: the unit may move onto a quest its controller controls in its zone, if able
    (it is then questing there)."""
    objs = [o for o in eng.resolve_ref(st["onto_quest"], b) if eng.is_in_play(o)]
    if not objs:
        return False
    o = objs[0]
    quests = [q for q in eng.in_play() if q.card.type == "quest" and q.side == o.side and q.zone == o.zone
              and q.controller == o.controller]
    if not quests:
        eng.log("onto_quest_unable", card=o.label)
        return False
    if not eng.decide(o.controller, "yesno", ["yes", "no"], f"whether {o.label} moves onto a quest"):
        return False
    o.flags.add("questing")
    eng.touch()
    eng.log("questing", card=o.label, quest=quests[0].label)
    return True
