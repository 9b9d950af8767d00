"""Keywords with values ("Lucky 2", "Overload 2 1", "Evade 1"), parsed by judge.engine.keywords:
the value of a keyword with stacked instances adding up (keyword_values_stack), and ``it.lucky``
... in expressions."""
from __future__ import annotations

from judge.engine.game import NOT_MINE
from judge.engine.keywords import keyword_costs, keyword_values, parse_keyword

#: the keywords this package carries out (their definitions in the rulings blog, and the restrictions
#: "can't attack" / "can't be attacked"); "<kind> pilot" marks a Pilot (pilots.py). Any other keyword
#: on a card is an error, never a keyword silently doing nothing.
KNOWN_KEYWORDS = ("lucky", "accuracy", "critical hit", "stun", "deflect", "evade", "retaliate", "intercept",
                  "overload", "overkill", "bounty", "upkeep", "can't attack", "can't be attacked")


def keyword_value(eng, obj, name: str) -> int:
    """X of "Keyword X": instances add up (effects are cumulative) unless that is switched off."""
    vals = [v[0] if v else 1 for v in keyword_values(eng, obj, name)]
    if not vals:
        return 0
    if len(vals) > 1:
        if eng.applies("keyword_values_stack"):
            return sum(vals)
        return max(vals)
    return vals[0]


def keyword_instances(eng, obj, name: str) -> list[tuple[int, str | None]]:
    """Each instance of an activated keyword with the cost before its arrow (Evade 1 twice = two
    abilities, each usable once): ``[(1, "pay 1 force"), (1, None)]``."""
    inst = [(v[0] if v else 1, cost) for v, cost in keyword_costs(eng, obj, name)]
    if len(inst) > 1 and not eng.on("keyword_values_stack"):
        return [max(inst, key=lambda i: i[0])]
    return inst


def has_keyword(eng, obj, name: str) -> bool:
    return bool(keyword_values(eng, obj, name))


STAT_KEYWORDS = ("lucky", "accuracy", "stun", "deflect", "evade", "retaliate", "critical hit")


def obj_attr(engine, obj, name: str):
    """``it.lucky``, ``it.evade`` ...: the keyword's value (0 without it)."""
    if name in STAT_KEYWORDS:
        return keyword_value(engine, obj, name)
    return NOT_MINE


def known_keyword(kw) -> bool:
    name = parse_keyword(kw)[0]
    return name in KNOWN_KEYWORDS or name.endswith(" pilot") or name.startswith(_BARRED_BY)


#: 'Starfighters can't attack this unit': "can't be attacked by starfighters" (the attackers' kind: a trait or
#: type, singular or plural), beside a plain "can't be attacked" (by any unit)
_BARRED = "can't be attacked"
_BARRED_BY = _BARRED + " by "


def attack_barred_by(engine, attacker, unit) -> str | None:
    """The keyword of ``unit`` that keeps ``attacker`` from attacking it, if any (the declaration, an ability
    that attacks and Intercept's shift all ask it: keyword:intercept 'If the attacking unit can't attack the
    unit with Intercept ...')."""
    kinds = None
    for kw in engine.obj_attr(unit, "keywords") or ():
        if kw == _BARRED:
            return kw
        if isinstance(kw, str) and kw.startswith(_BARRED_BY):
            if kinds is None:
                kinds = {str(t).lower() for t in (engine.obj_attr(attacker, "traits") or ())}
                kinds.add(str(engine.obj_attr(attacker, "type")).lower())
            kind = kw[len(_BARRED_BY):].strip().lower()
            if kind in kinds or (kind.endswith("s") and kind[:-1] in kinds):
                return kw
    return None


def card_keywords(card) -> list[str]:
    """The keywords a card prints and those its abilities give (``grant`` lists, at any depth)."""
    out = list(card.keywords)

    def walk(x):
        if isinstance(x, dict):
            for k, v in x.items():
                if k == "grant" and isinstance(v, list):
                    out.extend(g for g in v if isinstance(g, str))
                else:
                    walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    for ab in card.abilities:
        walk(ab.data)
    return out


def setup(eng, spec) -> None:
    """A keyword no mechanic carries out stops the replay, naming the card and the keyword."""
    seen = set()
    for o in eng.state.objects.values():
        if o.card.name in seen:
            continue
        seen.add(o.card.name)
        for kw in card_keywords(o.card):
            if not known_keyword(kw):
                eng.fail(f"{o.card.name}: keyword {kw!r} is not carried out by the Star Wars module "
                         f"(known: {', '.join(KNOWN_KEYWORDS)}, '<kind> pilot')", kind="unsupported")


def register(game) -> None:
    game.functions["keyword"] = lambda eng, obj, name: keyword_value(eng, obj, name) if hasattr(obj, "oid") else 0
