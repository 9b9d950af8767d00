"""The fields each kind of ability reads, checked as a card loads (cards.py): a field the kind never reads
would be ignored -- a trigger's ``condition:`` (triggers read ``if:``), a play ability's ``if:`` or
``optional:``, a trigger's ``limit:`` -- so it is refused at its line (review 43L: one set of fields was
accepted on every kind). Also the abilities and shields a step creates ({create: {kind: ...}})."""
from __future__ import annotations

from difflib import get_close_matches
from typing import Any

from judge.engine.yamlload import line_of
from judge.errors import BadInputError

#: what every kind may say: its kind, a name (an action's, a power a modifier gives), the quoted text
_COMMON = frozenset({"kind", "name", "text"})
#: kind -> the fields the engine and the games read of such an ability (GUIDE, "Ability kinds and fields").
#: ``timing`` is the games' (Huntik's exhaust / free, Warhammer's forced or beginning_of_turn, Hatalom's
#: on_play, Star Wars' attack; on a replacement, Warhammer's forced: a 'Forced:' effect written as a
#: replacement, which 'lose all Forced Effects' strips); ``self_referential`` Warhammer's look back on leaving play; ``sacrifice`` /
#: ``lower_to`` Warhammer's cost-lowering 'as played' action; ``attacks`` Star Wars'
KIND_FIELDS: dict[str, frozenset[str]] = {
    "play": _COMMON | {"timing", "targets", "condition", "cost", "steps"},
    "action": _COMMON | {"timing", "cost", "limit", "targets", "condition", "steps", "functions_in", "attacks",
                         "self_referential", "sacrifice", "lower_to"},
    "trigger": _COMMON | {"timing", "on", "if", "optional", "targets", "cost", "steps", "functions_in",
                          "self_referential"},
    "continuous": _COMMON | {"applies_to", "modify", "set", "grant", "grant_traits", "grant_powers", "while",
                             "enters", "cannot_reduce", "functions_in", "cost", "add"},
    "replacement": _COMMON | {"timing", "replaces", "optional", "cost", "instead", "functions_in"},
    "damage_modifier": _COMMON | {"applies_to", "add"},
}
ABILITY_KINDS = frozenset(KIND_FIELDS)
#: every field some kind reads (a field no kind reads is 'unknown', one another kind reads is 'not read by ...')
ABILITY_KEYS = frozenset().union(*KIND_FIELDS.values())
#: what a ``limit:`` says ('once per turn': ``{count: 1, per: turn}``); the periods are the game's
LIMIT_FIELDS = frozenset({"count", "per"})


def check_kind_fields(raw: dict, path: str, card: str) -> None:
    """Each field of the ability ``raw`` is one its kind reads: an unknown one, or one only another kind reads,
    is refused at its line, naming the kinds that read it."""
    kind = raw.get("kind")
    allowed = KIND_FIELDS[kind]
    for field in raw:
        if field in allowed:
            continue
        readers = sorted(k for k, fields in KIND_FIELDS.items() if field in fields)
        if not readers:
            close = get_close_matches(str(field), sorted(allowed), n=1)
            raise BadInputError(f"card {card!r}: unknown ability field {field!r}"
                                + (f"; did you mean {close[0]!r}?" if close else "")
                                + f" -- the fields of a {kind} ability: {', '.join(sorted(allowed - {'kind'}))}",
                                path=path, line=line_of(raw, field) or line_of(raw))
        hint = " (a trigger's condition is its 'if:')" if kind == "trigger" and field == "condition" else (
            " (a play or action ability's condition is its 'condition:')" if field == "if" else "")
        raise BadInputError(f"card {card!r}: a {kind} ability takes no field {field!r} (it would be ignored: only "
                            f"{', '.join(readers)} abilities read it){hint} -- the fields of a {kind} ability: "
                            f"{', '.join(sorted(allowed - {'kind'}))}", path=path, line=line_of(raw, field) or line_of(raw))
    limit = raw.get("limit")
    if isinstance(limit, dict):
        unknown = sorted(map(str, set(limit) - LIMIT_FIELDS))
        if unknown:
            raise BadInputError(f"card {card!r}: a limit takes no field {unknown[0]!r} (it would be ignored) -- "
                                "a limit is {count: N, per: PERIOD}", path=path, line=line_of(limit) or line_of(raw))
        count = limit.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise BadInputError(f"card {card!r}: a limit's 'count' must be a whole number (1 or more), not "
                                f"{count!r}", path=path, line=line_of(limit) or line_of(raw))
        if "per" in limit and not isinstance(limit["per"], str):
            raise BadInputError(f"card {card!r}: a limit's 'per' must name a period (turn, phase ...), not "
                                f"{limit['per']!r}", path=path, line=line_of(limit) or line_of(raw))


def limits(node: Any):
    """(limit mapping, its ability) of every ability inside ``node`` (a card's abilities, the powers its
    modifiers give), for the check of its period against the game's (step_fields.check_limit_periods)."""
    if isinstance(node, dict):
        if isinstance(node.get("limit"), dict) and node.get("kind") in ABILITY_KINDS:
            yield node["limit"], node
        for v in node.values():
            yield from limits(v)
    elif isinstance(node, list):
        for v in node:
            yield from limits(v)


#: what a created step may make ({create: {kind: ...}}: effects.step_create): another kind made an effect nothing
#: reads
CREATED_KINDS = ("trigger", "replacement", "enters", "shield")
#: a damage shield ('cancel the next N damage to X', 'the next N damage to X is dealt to Y instead'): what
#: effects.step_create and the damage step (damage.py) read of it
SHIELD_FIELDS = frozenset({"kind", "mode", "on", "to", "amount", "duration"})
SHIELD_MODES = ("cancel", "redirect")


def check_shield(spec: dict, path: str, card: str) -> None:
    """A created shield names its mode (cancel or redirect), the card it is on, for a redirect the card the
    damage goes to, and nothing the damage step does not read: a misspelt ``amonut:`` or a ``mode: prevent``
    made a shield that cancelled nothing, silently (review 43L)."""
    at = line_of(spec)
    for field in spec:
        if field not in SHIELD_FIELDS:
            close = get_close_matches(str(field), sorted(SHIELD_FIELDS - {"kind"}), n=1)
            raise BadInputError(f"card {card!r}: a created shield takes no field {field!r} (it would be ignored)"
                                + (f"; did you mean {close[0]!r}?" if close else "")
                                + f" -- a shield: {{kind: shield, mode: cancel|redirect, on: REF, to: REF, amount: N, "
                                  f"duration: D}}", path=path, line=line_of(spec, field) or at)
    mode = spec.get("mode")
    if mode not in SHIELD_MODES:
        raise BadInputError(f"card {card!r}: a created shield's 'mode' must be cancel or redirect, not {mode!r} "
                            f"(another would do nothing)", path=path, line=line_of(spec, "mode") or at)
    if spec.get("on") in (None, "", []):
        raise BadInputError(f"card {card!r}: a created shield needs 'on', the card whose damage it takes", path=path,
                            line=at)
    if mode == "redirect" and spec.get("to") in (None, "", []):
        raise BadInputError(f"card {card!r}: a redirect shield needs 'to', the card the damage is dealt to instead",
                            path=path, line=at)
    if mode == "cancel" and "to" in spec:
        raise BadInputError(f"card {card!r}: a cancel shield takes no 'to' (it would be ignored: only a redirect "
                            f"deals the damage elsewhere)", path=path, line=line_of(spec, "to") or at)
