"""Who and what is defending in an attack (clarification:battlefield-phase: "If at least 1 attacker is
declared, then the target of the attack is now considered to be attacked. The attacked player and target of
the attack are now considered to be defending").

The attacked player is the defending player: he declares the defenders ("Defending player simultaneously
declares all defenders", combat.defend) and may Ambush (keyword:ambush-x: "the defending player can pay the
Ambush X value on a development in the defending zone", combat.ambush). The target's zone (the zone attacked,
or the zone a legend or a fulcrum is attacked through) is the defending zone, which card text reads with the
expression function ``in_defending_zone(it)`` ('target unit in the defending zone': Blood Dragon Knight,
Wilhelm of the Osterknacht). An attack on a fulcrum in the common play area has no defending player
(legends.fulcrum_attack): nothing is defending there.

Mechanic ``attacked_player_defends``; off: the attacked player and the target are not considered to be
defending -- no player may declare defenders or ambush, and no zone is the defending zone."""
from __future__ import annotations

from typing import Any


def register(game) -> None:
    game.functions["in_defending_zone"] = in_defending_zone


def _attacked(combat: Any) -> str | None:
    """The attacked player of the attack in progress (None: no attack, or no player is attacked)."""
    if not combat or not combat.get("attacker"):
        return None
    return combat.get("defender")


def is_defending_player(eng, player: str) -> bool:
    """Is ``player`` the defending player of the attack in progress? (Traced when he is the attacked player:
    the rule made him the defending player.)"""
    combat = eng.state.vars.get("combat")
    if player is None or _attacked(combat) != player:
        return False
    return eng.applies("attacked_player_defends")


def why_not_defending(eng, player: str) -> str | None:
    """The mechanic that keeps the attacked player ``player`` from defending (switched off), else None."""
    combat = eng.state.vars.get("combat")
    if player is not None and _attacked(combat) == player and not eng.on("attacked_player_defends"):
        return "attacked_player_defends"
    return None


def in_defending_zone(eng, obj) -> bool:
    """Expression function ``in_defending_zone(it)``: is ``obj`` in play in the defending zone: the zone of the defending player's capital the attack is
    made on (or through)?"""
    combat = eng.state.vars.get("combat")
    player = _attacked(combat)
    if obj is None or player is None or not eng.is_in_play(obj) or obj.where != f"{player}.{combat.get('zone')}":
        return False
    return eng.applies("attacked_player_defends")


def named_once(eng, labels: list, field: str) -> None:
    """A declaration names each unit once: a unit is declared as an attacker or a defender, or not -- there is
    no declaring it twice (keyword:counterstrike strikes "whenever it is declared as a defender": a unit named
    twice would strike twice). A list naming one twice is a script error (not a refusal by a rule: ``try``
    does not cover it), naming the field."""
    seen = set()
    for label in labels:
        if label in seen:
            eng.fail(f"{field}: {label} is named twice (a unit is declared once)", kind="script")
        seen.add(label)


def barred(eng, obj, role: str) -> bool:
    """A declaration restriction: a card with the (granted) keyword 'cannot ROLE', ROLE one of combat's
    two declarations (``attack``: 'cannot be declared as an attacker'; ``defend``: '... as a defender'),
    is not declared so (Franz's Decree: both; Black Knights of Morr: defend)."""
    return f"cannot {role}" in (eng.obj_attr(obj, "keywords") or [])
