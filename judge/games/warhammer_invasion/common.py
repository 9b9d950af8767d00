"""What every Warhammer: Invasion mechanic module shares: the game id, the capital's zones,
keyword values, printed costs and which quest a unit quests on. (A mechanic keeps its replay memory in ``eng.memory("whi.<module>")``.)"""
from __future__ import annotations

G = "warhammer-invasion"
SECTIONS = ("kingdom", "quest", "battlefield")  # the three zones of a capital
CAPITAL_HP = 8  # hit points of each capital section


def narrowed(eng, st: dict, verb: str, objs: list, spared: list, rule: str, event: str, reason: str):
    """A step ``st`` whose cards ``objs`` include some a rule says it does not reach (``spared``): when the
    rule applies, each spared card is logged (``event``, ``reason``) and the step is returned narrowed to the
    rest, or None when nothing is left (the step then does nothing). Unchanged when none is spared."""
    if not spared or not eng.applies(rule):
        return st
    for o in spared:
        eng.log(event, card=o.label, reason=reason)
    rest = [o for o in objs if o not in spared]
    return {**st, verb: rest} if rest else None


def keyword_values(eng, obj, name: str) -> list[int]:
    """The value of each copy of keyword ``name`` on ``obj`` (a keyword without a number counts 1).
    A card whose text box is treated as blank (Feared, 'considered to have a blank text box') has none
    of its printed keywords: keywords are card effects of its text box (clarification: card effects);
    keywords other cards' effects grant it stay. The computed keywords already say so for every reader
    (GameModule.keywords_in_text_box: the core leaves them out of the view)."""
    out = []
    for kw in eng.obj_attr(obj, "keywords") or []:
        parts = str(kw).split()
        if parts and parts[0] == name:
            out.append(int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 1)
    return out


def keyword_value(eng, obj, name: str) -> int:
    """The total value of keyword ``name`` on ``obj`` ("raider 2" + "raider 1" = 3; 0 means the card
    lacks it)."""
    return sum(keyword_values(eng, obj, name))


def race_name(value) -> str | None:
    """One spelling of a race (a card's faction, a capital's racial affiliation): the corpus writes the
    races 'High Elf', 'Dark Elf', and data or a scenario may write 'high-elf' or 'high_elf' -- they are one race,
    so every comparison of races reads them lower case, with hyphens and underscores as spaces."""
    if value is None:
        return None
    return " ".join(str(value).replace("-", " ").replace("_", " ").lower().split())


def faction_of(obj) -> str | None:
    """The card's printed faction (race), in the one spelling ``race_name`` gives."""
    return race_name(obj.card.extra.get("faction"))


def printed_cost(obj, action: dict) -> int:
    """The printed cost of a card being played (X: the X chosen for this play)."""
    return int(action.get("x", 0) if obj.card.cost == "X" else obj.card.cost or 0)


def play_ability(obj):
    """The card's play ability (what it does when its play resolves), or None."""
    return obj.card.play_ability


def quests_on(unit, quest, zone: str | None = None) -> bool:
    """Whether ``unit`` is questing on ``quest``: the quest it was sent questing on or moved onto
    (``quest_on``); a unit a scenario lists as questing without naming its quest, on a quest of its zone
    (``zone``: the quest's zone, when the quest has just left it)."""
    if "questing" not in unit.flags:
        return False
    if "quest_on" in unit.memory:
        return unit.memory["quest_on"] == quest.oid
    return unit.side == quest.side and unit.zone == (zone or quest.zone)


def stop_questing(unit) -> None:
    """The unit is no longer questing (on any quest)."""
    unit.flags.discard("questing")
    unit.memory.pop("quest_on", None)


def taking_control(eng, obj, player: str) -> str:
    """Who controls ``obj`` when an effect puts it into play under ``player``'s control: ``player`` --
    a card effect may change who controls a card (faq:cards-control, control_changed_by_effect) -- but
    with that rule off every player controls exactly the cards he owns, so the card stays its owner's."""
    if player == obj.owner or eng.on("control_changed_by_effect"):
        return player  # traced as the card enters play (movement.note_control_changed)
    return obj.owner


def is_a(eng, obj, kind) -> bool:
    """is_a(it, 'support'): the card's type, or a type an effect treats it as also having (``also_types``,
    e.g. War Boar: quests are also support cards; Kairos Fateweaver: developments are also units)."""
    if obj is None or not hasattr(obj, "card"):
        return False
    return eng.obj_attr(obj, "type") == kind or kind in (eng.obj_attr(obj, "also_types") or [])
