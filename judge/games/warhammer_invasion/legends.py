"""Legends and fulcrums (Cataclysm).

Legends. A legend card is in play in its controller's ``legend`` area (next to the capital, in no
capital zone). Its card gives power icons per zone (stats ``kingdom_icons``, ``quest_icons``,
``battlefield_icons``) and hit points. For card effects its power is the icons of its weakest zone
(clarification: legends); attacked through a zone it deals combat damage equal to its icons in that
zone (example). A legend may be declared as an attacker (its combat damage: its battlefield icons --
the corpus does not say; the battlefield is where attacks come from). An attack on a legend:
``{player: A, attack: legend, to: LEGEND, zone: kingdom, with: [..]}``; units in the zone it is
attacked through may defend, the attacked legend is declared as a defender automatically (unless
corrupted), and no damage may go to the zone (FAQ). A legend defends a capital zone only if a card
effect grants it (keyword ``defends zones``: Descendant of Gods).

Fulcrums. A fulcrum (card type ``fulcrum``) is either in the common play area (zone ``common``,
listed under either player: no player controls it for the attack rules) or in a zone of the player
who controls it. The fulcrum attack of a battlefield phase: ``{player: A, attack: fulcrum, to:
FULCRUM, with: [..]}``. An attack on a fulcrum a player controls is an attack on the zone that
contains it (that player defends with that zone's units); an attack on a fulcrum in the common play
area has no defending player. Combat damage in a fulcrum attack is assigned to defending units or to
the fulcrum (its Cataclysm consequences -- control, dominance -- are not in the corpus and are not
modelled). A fulcrum leaves play only by an effect that targets it.

The attack and defend verbs themselves are in combat.py; this module answers their legend and
fulcrum questions."""
from __future__ import annotations

from typing import Any

from judge.engine.game import NOT_MINE

from .common import SECTIONS, narrowed

ICONS = {z: f"{z}_icons" for z in SECTIONS}


def register(game) -> None:
    game.functions["capital_attacked"] = _capital_attacked
    game.functions["section_attacked_by"] = section_attacked_by


def guarded_leave_steps(game, sacrifice) -> None:
    """Steps that take a card out of play spare a fulcrum unless the effect targets it (``sacrifice``:
    the game's sacrifice step; the other verbs are the core's)."""
    for verb, inner in (("destroy", _destroy), ("sacrifice", sacrifice), ("return_to_hand", _return_to_hand),
                        ("move", _move)):
        game.steps[verb] = _guard_fulcrum(verb, inner)


# the core handler each guarded verb runs, named here rather than chosen as the step runs: the loader's field
# check (judge/engine/step_reads.py) follows the handler a step is handed to, and a choice made on the game's
# data (``verb in eng.game.leave_verbs``) it cannot decide, so it followed every branch and let a step carry
# fields another verb reads (review 43L: ``{destroy: X, to: deck}`` loaded and the unit went to the discard pile)
def _destroy(eng, st, b) -> bool:
    return eng.step_leave("destroy", st, b)


def _return_to_hand(eng, st, b) -> bool:
    return eng.step_return_to_hand(st, b)


def _move(eng, st, b) -> bool:
    return eng.step_move(st, b)


def is_legend(obj) -> bool:
    return obj is not None and obj.card.type == "legend"


def is_fulcrum(obj) -> bool:
    return obj is not None and obj.card.type == "fulcrum"


def _icons(eng, obj, zone: str) -> int:
    return int(eng.obj_attr(obj, ICONS[zone]) or 0)


def legend_power(eng, obj) -> Any:
    """A legend's power for card effects: the icons of its weakest zone (NOT_MINE for other cards)."""
    if not is_legend(obj):
        return NOT_MINE
    icons = [_icons(eng, obj, z) for z in SECTIONS]  # as effects make them (printed out of play)
    if eng.on("legend_power_weakest"):
        if sum(icons) != min(icons):
            eng.fire("legend_power_weakest")
        return min(icons)
    return sum(icons)


def combat_power(eng, obj, combat) -> int | None:
    """The combat damage a legend adds to its side's pool: attacking, its battlefield icons; defending
    (attacked through a zone, or defending a zone), its icons in that zone. None for other cards."""
    if not is_legend(obj):
        return None
    if "defending" not in obj.flags:
        return _icons(eng, obj, "battlefield")
    power = int(eng.obj_attr(obj, "power") or 0)
    if not eng.on("legend_zone_icons_in_combat"):
        return power
    n = _icons(eng, obj, combat.get("zone") if combat.get("zone") in SECTIONS else "battlefield")
    if n != power:
        eng.fire("legend_zone_icons_in_combat")
    return n


def combat_foes(eng, combat, player) -> list:
    """Objects the attacker may assign combat damage to besides defending units: the attacked legend
    (also when corrupted: it can be dealt combat damage), the attacked fulcrum."""
    if player != combat.get("attacker") or not combat.get("target_oid"):
        return []
    o = eng.state.objects.get(combat["target_oid"])
    return [o] if o is not None and eng.is_in_play(o) else []


def _capital_attacked(eng, player) -> bool:
    """Is a zone of ``player``'s capital being attacked? (an ordinary zone attack, or an attack on a
    fulcrum he controls: the zone that contains it)"""
    combat = eng.state.vars.get("combat")
    if not combat or combat.get("defender") != player or combat.get("zone") not in SECTIONS:
        return False  # (no defending player: a fulcrum in the common play area)
    if combat.get("target") == "fulcrum":
        if not eng.on("fulcrum_attack_is_zone_attack"):
            return False
        eng.fire("fulcrum_attack_is_zone_attack")
    return combat.get("target") != "legend" and target_attacked(eng, combat)


def section_attacked_by(eng, unit):
    """Expression function ``section_attacked_by(unit)``: the capital section ``unit`` is attacking ('a capital
    section this unit is attacking': Crone Hellebron), or None -- ``unit`` is not attacking, or its attack is on
    a legend (attacked through a zone, not the zone) or on a fulcrum in the common play area. An attack on a
    fulcrum a player controls attacks the zone that contains it, as for ``capital_attacked``."""
    combat = eng.state.vars.get("combat")
    if unit is None or not hasattr(unit, "flags") or "attacking" not in unit.flags or not combat:
        return None
    player = combat.get("defender")
    if player is None or not _capital_attacked(eng, player):
        return None
    return eng.obj(f"{player} capital {combat.get('zone')}")


def target_attacked(eng, combat) -> bool:
    """clarification:battlefield-phase: once at least one attacker is declared, the target of the attack is
    considered to be attacked (for effects that ask whether a zone is being attacked). Mechanic off: the
    target of an attack is not considered attacked."""
    if not combat.get("attacker"):
        return False
    return eng.applies("attack_target_is_attacked")


# -- attacks on legends and fulcrums ---------------------------------------------------------------------

def legend_attack(eng, player, act, opp) -> dict:
    """The combat of an attack on ``act['to']``, a legend of the opponent's, through ``act['zone']``."""
    legend = eng.obj(act.get("to") or "")
    if not is_legend(legend) or legend.controller != opp or not eng.is_in_play(legend):
        eng.fail(f"{act.get('to')} is not a legend of {opp}'s in play")
    zone = act.get("zone")
    if zone not in SECTIONS:
        eng.fail(f"a legend is attacked through a zone ({', '.join(SECTIONS)}), got {zone!r}")
    return {"attacker": player, "defender": opp, "zone": zone, "assign": {}, "target": "legend",
            "target_oid": legend.oid}


def fulcrum_attack(eng, player, act) -> dict:
    """The combat of the fulcrum attack on ``act['to']`` (the active player's battlefield phase only)."""
    fulcrum = eng.obj(act.get("to") or "")
    if not is_fulcrum(fulcrum) or not eng.is_in_play(fulcrum):
        eng.fail(f"{act.get('to')} is not a fulcrum in play")
    if eng.state.vars.get("phase") != "battlefield" or eng.state.vars.get("active") != player:
        if eng.applies("fulcrum_attack_in_battlefield_phase"):
            eng.fail("a fulcrum can only be attacked by the fulcrum attack of the active player's battlefield "
                     "phase (Cataclysm rules), not by an attack made outside the battlefield phase")
    if fulcrum.zone == "common":  # no defending player; "an attack on a fulcrum is an attack on the battlefield"
        defender, zone = None, "battlefield"
    else:
        if fulcrum.controller == player:
            eng.fail(f"{fulcrum.label} is controlled by {player}")
        defender, zone = fulcrum.controller, fulcrum.zone
    return {"attacker": player, "defender": defender, "zone": zone, "assign": {}, "target": "fulcrum",
            "target_oid": fulcrum.oid}


def check_legend_attacker(eng, player, label, o) -> None:
    """May ``player``'s legend ``o`` be declared as an attacker?"""
    if not eng.on("legend_can_attack"):
        eng.fail(f"{label} cannot attack: only units in {player}'s battlefield attack")
    eng.fire("legend_can_attack")
    if "corrupted" in o.flags and eng.applies("legend_corrupted_no_combat"):
        eng.fail(f"{label} is a corrupted legend and cannot be declared as an attacker")


# -- legends defending ------------------------------------------------------------------------------------

def sort_defenders(eng, player, combat, labels) -> tuple:
    """(the attacked legend or None, the legends declared, the units declared). A legend defends only if
    uncorrupted and a card lets it defend (``defends zones``); the attacked legend is declared by itself."""
    attacked = eng.state.objects.get(combat.get("target_oid")) if combat.get("target") == "legend" else None
    legends, units = [], []
    for label in labels:
        o = eng.obj(label)
        if attacked is not None and o is attacked:
            # declared automatically (legend_defenders); naming it is refused when it cannot defend,
            # rather than the declaration being dropped without a word
            if "corrupted" in o.flags and eng.applies("legend_corrupted_no_combat"):
                eng.fail(f"{label} is a corrupted legend and cannot be declared as a defender")
            if not eng.on("legend_auto_defends"):
                legends.append(label)  # not declared by itself (rule off): its controller declares it
            continue
        (legends if is_legend(o) else units).append(label)
    for label in legends:
        o = eng.obj(label)
        if o is attacked:
            continue  # it defends the attack on itself: no card need let it defend a zone
        if o.controller != player or not eng.is_in_play(o):
            eng.fail(f"{label} is not {player}'s legend in play")
        if "corrupted" in o.flags and eng.applies("legend_corrupted_no_combat"):
            eng.fail(f"{label} is a corrupted legend and cannot be declared as a defender")
        # the rule decides only for a legend no card effect lets defend (traced only then)
        if "defends zones" not in (eng.obj_attr(o, "keywords") or []) and eng.applies("legend_no_zone_defense"):
            what = "a fulcrum" if combat.get("target") == "fulcrum" else "a capital zone"
            eng.fail(f"{label} is a legend: it cannot defend {what} unless a card effect allows it")
    return attacked, legends, units


def legend_defenders(eng, player, legend_labels, attacked) -> list:
    """The legends declared as defenders once the units are: those declared, and the attacked legend."""
    declared = [eng.obj(lbl) for lbl in legend_labels]
    if (attacked is not None and eng.is_in_play(attacked) and "defending" not in attacked.flags
            and attacked not in declared):
        if eng.on("legend_auto_defends"):
            if "corrupted" in attacked.flags and eng.applies("legend_corrupted_no_combat"):
                eng.log("not_declared", card=attacked.label, reason="a corrupted legend cannot defend")
            else:
                eng.fire("legend_auto_defends")
                declared.append(attacked)
        else:
            eng.log("not_declared", card=attacked.label, reason="not declared by its controller")
    return declared


def check_assignment(eng, player, act, combat) -> None:
    """No combat damage goes to the zone in an attack on a legend, nor in a fulcrum attack."""
    if "capital" in (act.get("assign") or {}) and player == combat.get("attacker"):
        if combat.get("target") == "legend" and eng.applies("legend_excess_ignored"):
            eng.fail("a legend is being attacked: all combat damage goes to the legend or defending units, none "
                     "to the zone")
        if combat.get("target") == "fulcrum":
            eng.fail("in a fulcrum attack combat damage is assigned to defending units or the fulcrum")


# -- fulcrums are not affected by effects that do not target them -------------------------------------

def _target_names(b: dict) -> set:
    src = b.get("this")
    card = getattr(src, "card", None)
    if card is None:
        return set()
    return {spec.get("name") for ab in card.abilities for spec in (ab.get("targets") or [])}


def _guard_fulcrum(verb: str, inner):
    def step(eng, st, b) -> bool:
        ref = st[verb]
        objs = eng.resolve_ref(ref, b)
        shielded = [o for o in objs if is_fulcrum(o) and eng.is_in_play(o)
                    and not (isinstance(ref, str) and ref in _target_names(b))]
        st = narrowed(eng, st, verb, objs, shielded, "fulcrum_leaves_only_targeted", "not_affected",
                      "a fulcrum leaves play only by an effect targeting it")
        if st is None:
            return False
        return inner(eng, st, b)
    return step
