"""Warhammer: Invasion: mechanics behind card errata (FAQ 'Card Clarification and Errata', second
slice): zone-only cards ("Quest only."), racial affiliation of a capital, discarding the top card
of a deck and reading it, keywords granted with a value (Savage X), moving a unit onto a quest.
Loaded through ``warhammer_invasion.EXTENSIONS`` (hooks: see _whi_ext.py)."""
from __future__ import annotations

G = "warhammer-invasion"
SECTIONS = ("kingdom", "quest", "battlefield")
#: traits whose cards share the racial affiliation of their capital (clarification: racial affiliation)
SHARED_RACE_TRAITS = ("Skaven", "Undead", "Lizardmen", "Wood Elf")


def rid(local: str) -> str:
    return f"{G}:{local}"


def bind(reg) -> None:
    reg.bind("zone_only_card", rid("errata:valley-of-many-eyes"),
             does="a card with '<Zone> only.' can only be played into that zone of its owner",
             off="a '<Zone> only.' card may be played into any zone")
    reg.bind("racial_affiliation_traits", rid("clarification:racial-affilation"),
             does="a card with the trait Skaven, Undead, Lizardmen or Wood Elf shares the racial affiliation of "
                  "its controller's capital (other cards share it when their race is the capital's race)",
             off="only a card's own race is compared with the capital's race")


def register(game) -> None:
    game.steps.update({"discard_top_as": _discard_top_as, "grant_valued": _grant_valued,
                       "move_onto_quest": _move_onto_quest})
    game.functions.update({"shares_capital_race": _shares_capital_race, "odd": _odd})


# -- hooks ----------------------------------------------------------------------------------------

def can_play(eng, player, obj, action) -> str | None:
    only = [str(k).split()[0] for k in obj.card.keywords if str(k).endswith(" only")
            and str(k).split()[0] in SECTIONS]
    if not only:
        return None
    zone = action.get("zone") or obj.card.extra.get("zone") or "kingdom"
    if zone not in only and eng.on("zone_only_card"):
        eng.fire("zone_only_card")
        return f"{obj.card.name} can only be played into the {only[0]} zone ({only[0].capitalize()} only)"
    return None


# -- expression functions -------------------------------------------------------------------------

def _shares_capital_race(eng, obj) -> bool:
    """Does this card share the racial affiliation of its controller's capital?"""
    if obj is None or not hasattr(obj, "controller"):
        return False
    cap = eng.obj(f"{obj.controller} capital kingdom")
    race = cap.memory.get("race") if cap is not None else None
    if race is None:
        return False
    if obj.card.extra.get("faction") == race:
        return True
    traits = eng.obj_attr(obj, "traits") or []
    if any(t in traits for t in SHARED_RACE_TRAITS):
        if eng.on("racial_affiliation_traits"):
            eng.fire("racial_affiliation_traits")
            return True
    return False


def _odd(eng, value) -> bool:
    """'odd' for a printed cost: only an odd number is odd (X, none or 0 is not odd)."""
    return isinstance(value, int) and value % 2 == 1


# -- steps ----------------------------------------------------------------------------------------

def _discard_top_as(eng, st, b) -> bool:
    """{discard_top_as: PLAYER, as: NAME}: the top card of PLAYER's deck goes to his discard pile;
    NAME is bound to it (in the discard pile) so later steps can read it."""
    player = eng.eval(st["discard_top_as"], b)
    deck = eng.zone_objs(player, "deck")
    if not deck:
        b[st["as"]] = None
        return False
    top = deck[-1]
    eng.move(top, "discard", cause="discard")
    new = eng.obj(top.label)
    b[st["as"]] = new
    eng.log("discarded_top", player=player, card=new.label if new else top.label, cost=top.card.cost)
    return True


def _grant_valued(eng, st, b) -> bool:
    """{grant_valued: REF, keyword: savage, value: EXPR, duration: turn}: the card gains 'keyword N'
    (N evaluated now), as a definite continuous modifier on that card."""
    value = eng.eval(st.get("value", 1), b)
    spec = {"target": st["grant_valued"], "grant": [f"{st['keyword']} {value}"]}
    if st.get("duration"):
        spec["duration"] = st["duration"]
    return eng.run_step({"modify": spec}, b)


def _move_onto_quest(eng, st, b) -> bool:
    """{move_onto_quest: REF, quest: REF}: the unit moves to the quest's zone and quests on it."""
    units = [o for o in eng.resolve_ref(st["move_onto_quest"], b) if eng.is_in_play(o)]
    quests = [q for q in eng.resolve_ref(st["quest"], b) if eng.is_in_play(q)]
    if not units or not quests:
        return False
    o, q = units[0], quests[0]
    if o.zone != q.zone or o.side != q.side:
        from judge.games import _whi_rules as W
        W.leaves_combat(eng, o, q.zone)
        eng.emit([{"type": "moved", "obj": o, "to": q.zone}])
    o = eng.obj(o.label)
    if o is None:
        return False
    o.flags.add("questing")
    eng.touch()
    eng.log("questing", card=o.label, quest=q.label)
    return True
