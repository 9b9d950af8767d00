"""Choices in effects: 'you may do X for each Y', 'any number of', each player chooses ('X unless a
player does Y' is the core `unless` step)."""
from __future__ import annotations

from judge.engine.state import TextReason


def may_for_each(eng, st: dict, b: dict) -> bool:
    """{may_for_each: count, do: [steps]} -- 'you may do X for each Y' (general vocabulary): the
    choice is whether to do it, so X is done not at all or exactly once for each Y."""
    n = int(eng.eval(st["may_for_each"], b))
    steps = st.get("do") or []
    # exactly one for each or none (the phrase's meaning, which Gin Genie's FAQ spells out: 'no resources
    # or exactly three resources'): N is no choice when the N repetitions cannot all be done (a step's
    # can-check reads ``_times``: how many times in a row it is to be done), so none is done, unasked
    if n and not all(eng.can_do(s, {**b, "_times": n}) for s in steps):
        eng.log("may_not_possible", player=b["you"], times=n)
        return False
    options = sorted({0, n})
    text = eng.card_name(b.get("this"))

    def check(value):
        # the card's text ('you may ... for each') refuses any other number
        return None if value in options else TextReason(f"choose either 0 or exactly {n}", text)

    # the options offered (and listed by a refusal or a missing-choice error) are the two the text allows; a
    # number between is refused by the card's text, as one outside is
    value = eng.decide_checked(b["you"], "number", options, f"how many times (0 or {n})", check,
                               refusing_text=text)
    eng.log("chosen_times", player=b["you"], times=value)
    ok = True
    for _ in range(value):
        ok = eng.run_steps(steps, b) and ok
    return value > 0 and ok


def text_of(eng, b: dict) -> str | None:
    """The card whose text a step is (Engine.step_text): a pick outside the options its words describe
    ('discard a card', 'KO a character you control', 'any number of Underworld character cards in your KO'd
    pile') is refused by that text."""
    return eng.step_text(b)


def any_number(eng, who: str, options: list, what: str, text: str | None = None) -> list:
    """A scripted list of labels (possibly empty) for 'any number of ...'. With nothing to choose from,
    none is chosen and nothing is asked (a decision with one possible answer is not asked). ``text``:
    the card whose words make the options what they are: a list naming a card outside them is refused
    by that text (a list that is malformed -- not a list, a card named twice -- by nothing)."""
    if not options:
        return []
    def check(value):
        if not isinstance(value, list) or len(set(map(str, value))) != len(value):
            return f"choose a list of distinct cards among {', '.join(options) or 'none'}"
        if any(v not in options for v in value):
            return TextReason(f"choose a list of distinct cards among {', '.join(options) or 'none'}", text)
        if not value:
            if not eng.on("any_number_zero"):
                return "'any number' must be at least one"
            eng.fire("any_number_zero")
        return None

    return eng.decide_checked(who, "any", options, what, check)


def choose_any(eng, st: dict, b: dict) -> bool:
    """{choose_any: {filter, by, zones}, as: name} -- choose any number of cards (in play, or in zones)."""
    spec = st["choose_any"]
    who = eng.eval(spec.get("by", "you"), b)
    zones = spec.get("zones")
    pool = [o for o in (eng.in_play() if not zones else
                        [o for o in eng.state.objects.values() if o.zone in zones])
            if eng.eval(spec.get("filter", "true"), {**b, "it": o})]
    picks = any_number(eng, who, [o.label for o in pool], spec.get("what", "any number of cards"), text_of(eng, b))
    b[st["as"]] = [eng.obj(x) for x in picks]
    eng.log("chosen", player=who, cards=list(picks))
    return True


def each_chooses(eng, st: dict, b: dict) -> bool:
    """{each_chooses: FILTER, as: name} -- each player, the active one first, chooses a character matching
    FILTER (general vocabulary; 'you control' is part of the filter when the text says it); the chosen
    characters are bound to ``name`` (default ``chosen``) for the steps after it ('the chosen characters ...')."""
    chosen = []
    for p in eng.turn_order():
        pool = [o for o in eng.in_play() if o.card.type == "character"
                and eng.eval(st["each_chooses"], {**b, "it": o, "you": p})]
        if not pool:
            continue
        pick = eng.decide(p, "pick", [o.label for o in pool], "a character")
        chosen.append(eng.obj(pick))
        eng.log("chosen", player=p, cards=[pick])
    eng.touch()
    b[st.get("as", "chosen")] = chosen
    return bool(chosen)


def register(game) -> None:
    game.steps.update({"may_for_each": may_for_each, "choose_any": choose_any,
                       "each_chooses": each_chooses})
