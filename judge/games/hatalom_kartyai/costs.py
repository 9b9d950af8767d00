"""Paying a card's cost in VP and monster components (a location's missing components with
hit points, 8.9.2; another card's with what a substitution on a card in play allows)."""
from __future__ import annotations

from judge.engine.steps import times

from .card_types import type_of
from .locations import needs_activation

#: continuous ability of a card in play that lets a monster component of a summoning cost be paid another
#: way (``applies_to``: ``it`` is the card being played; ``cost: {vp: N}``: what one component costs
#: instead): "X idézési költségében szereplő szörnykomponenst N VP-vel is kifizetheted"
SUBSTITUTION = "component substitution"


def applying(engine, obj, name: str):
    """(source, ability, bindings) of every continuous ability called ``name`` on a card in play (its text
    not switched off) whose ``applies_to`` holds for ``obj`` and whose ``while`` condition holds now ('while
    you have an active kalandozó': it was read as always true, blind round 49)."""
    for src in engine.in_play():
        if engine.hooks.text_blank(engine, src):
            continue
        for ab in src.card.continuous:
            if ab.name == name:
                b = engine.bindings_for(src, src.controller)
                if engine.eval(ab.get("applies_to") or "true", {**b, "it": obj}) \
                        and (ab.get("while") is None or engine.eval(ab.get("while"), {**b, "it": obj})):
                    yield src, ab, b


def _substitutes(engine, obj) -> list[tuple]:
    """(source, VP per component) of the substitutions that apply to ``obj``'s summoning cost."""
    return [(src, int((ab.get("cost") or {}).get("vp", 0) or 0)) for src, ab, _ in applying(engine, obj, SUBSTITUTION)]


def _cost_plan(engine, player, obj, cost: dict, summoning: bool = False, by_hp: int = 0) -> dict | None:
    """What to pay: {vp, komponens, ep, substituted: (source, components) | None}; None if it can't be paid.
    The player's own components go first; a missing one is paid with 2 HP for a location (8.9.2), or
    through a substitution on a card in play for any other card's summoning cost. ``by_hp``: components
    the player chose to pay with HP (_plan_with_hp). The location checks here are about a summoning cost:
    of a card being played, read as printed (out of play no effect changes its type)."""
    if by_hp:
        return _plan_with_hp(engine, player, obj, cost, summoning, by_hp)
    data = engine.state.player_data.get(player, {})
    vp, comp = int(cost.get("vp", 0) or 0), int(cost.get("komponens", 0) or 0)
    location = obj is not None and obj.card.type == "helyszín"
    if data.get("vp", 0) < vp:
        return None
    have = data.get("komponens", 0)
    if have >= comp:
        return {"vp": vp, "komponens": comp, "ep": 0, "substituted": None}
    missing = comp - have
    subs = _substitutes(engine, obj) if summoning and obj is not None else []
    if subs and location and engine.on("location_cost_no_substitution"):
        # 8.9.2: "A helyszínek idézési költségét egyéb módon sem részben, sem egészében nem lehet
        # helyettesíteni": the substitution is not an option for a location (traced: it removed one)
        engine.fire("location_cost_no_substitution")
        subs = []
    # 8.9.2 names "a helyszínek idézési költségében szereplő szörnykomponens": a location's summoning cost
    # only, not a component in the cost of its ability (the card's type as printed: see above). The 2 Ép are
    # paid as any cost is, with what the player has: no rule asks him to keep some (exactly 2 pay one)
    if location and summoning and engine.on("location_component_by_hp") and data.get("ep", 0) >= 2 * missing:
        return {"vp": vp, "komponens": have, "ep": 2 * missing, "substituted": None}
    for src, per in sorted(subs, key=lambda s: s[1]):
        if data.get("vp", 0) >= vp + per * missing:
            return {"vp": vp + per * missing, "komponens": have, "ep": 0, "substituted": (src, missing)}
    return None


def _plan_with_hp(engine, player, obj, cost: dict, summoning: bool, n: int) -> dict | None:
    """8.9.2 "kifizethető 2 Ép feláldozásával is": the player may pay ``n`` of a location's monster
    components with 2 HP each by his own choice (action field ``pay_ep``), even while he has components
    (kept for another card); the rest is paid as usual. Only a location's components: the refusal of
    another card's names the rule."""
    comp = int(cost.get("komponens", 0) or 0)
    location = obj is not None and obj.card.type == "helyszín"
    if not engine.on("location_component_by_hp") or not 0 < n <= comp:
        return None
    if not (location and summoning):  # another card's cost, or a location's ability's (8.9.2: its summoning cost)
        engine.fire("location_component_by_hp")
        return None
    rest = _cost_plan(engine, player, obj, {**cost, "komponens": comp - n}, summoning)
    if rest is None or engine.state.player_data[player].get("ep", 0) < rest["ep"] + 2 * n:
        return None  # as for a missing component: he has the 2 HP for each (all he has may go)
    return {**rest, "ep": rest["ep"] + 2 * n}


def _plan_with_vp(engine, player, obj, cost: dict, n: int) -> dict | None:
    """A substitution ('szörnykomponenst N VP-vel is kifizetheted') used by the player's choice for ``n`` of
    a summoning cost's components, even while he has components (kept for another card); the rest is paid
    as usual. The cheapest substitution that applies; never for a location (8.9.2)."""
    subs = _substitutes(engine, obj) if obj is not None else []
    comp = int(cost.get("komponens", 0) or 0)
    if not subs or not 0 < n <= comp or obj.card.type == "helyszín":
        return None
    src, per = min(subs, key=lambda s: s[1])
    rest = _cost_plan(engine, player, obj, {**cost, "komponens": comp - n}, True)
    if rest is None or engine.state.player_data[player].get("vp", 0) < rest["vp"] + per * n:
        return None
    done = rest["substituted"][1] if rest["substituted"] else 0
    return {**rest, "vp": rest["vp"] + per * n, "substituted": (src, n + done)}


def _chosen_plan(engine, player, obj, st: dict, plan: dict) -> dict:
    """8.9.2 "kifizethető 2 Ép feláldozásával is", a substitution's "... is kifizetheted": another way of paying
    a monster component of a summoning cost that the player may choose even while he has components. For
    each component, when both ways can be paid, he is asked: ``komponens`` (one of his components) or the
    other way -- ``ep`` (2 HP, a location's) or ``vp`` (the substitution's VP, another card's). One way
    only: nothing is asked. The field ``pay_ep`` of the play says it for a location beforehand."""
    cost = st["hk_cost"]
    comp = int(cost.get("komponens", 0) or 0)
    if not st.get("summoning") or obj is None or not comp or st.get("pay_ep"):
        return plan
    if obj.card.type == "helyszín":
        if not engine.on("location_component_by_hp"):
            return plan
        alt, with_alt = "ep", lambda n: _plan_with_hp(engine, player, obj, cost, True, n)
        what = f"how to pay a monster component of {obj.label}: komponens (one of yours) or ep (2 HP)"
    else:
        if not _substitutes(engine, obj):
            return plan
        alt, with_alt = "vp", lambda n: _plan_with_vp(engine, player, obj, cost, n)
        what = f"how to pay a monster component of {obj.label}: komponens (one of yours) or vp (the substitution)"
    have = engine.state.player_data[player].get("komponens", 0)
    n = 0
    for i in range(comp):
        options = (["komponens"] if i - n < have else []) + ([alt] if with_alt(n + 1) is not None else [])
        if len(options) < 2:
            break  # one way left: the rest is paid as the plan pays it, nothing asked
        if engine.decide(player, "option", options, what) == alt:
            n += 1
    return with_alt(n) if n else plan


def _hp_is_substitution(engine) -> bool:
    """8.9.2: paying a location's component with 2 HP "nem számít helyettesítésnek" for related effects."""
    return not engine.applies("location_hp_not_substitution")


def _plan(engine, st, b) -> dict | None:
    return _cost_plan(engine, b["you"], b.get("this"), st["hk_cost"], bool(st.get("summoning")), st.get("pay_ep", 0))


def can_pay_cost(engine, st, b) -> bool:
    n = times(b)
    if n > 1:  # identical cost steps judged together (StepsMixin.can_do_all): the VP and components of each
        st = {**st, "hk_cost": {k: int(v or 0) * n if k in ("vp", "komponens") else v
                                for k, v in st["hk_cost"].items()}}
    return _plan(engine, st, b) is not None


def pay_cost(engine, st, b) -> bool:
    player = b["you"]
    obj = b.get("this")
    plan = _plan(engine, st, b)
    if plan is None:
        engine.fail(f"{player} cannot pay {dict(st['hk_cost'])}")
    plan = _chosen_plan(engine, player, obj, st, plan)
    data = engine.state.player_data[player]
    data["vp"] = data.get("vp", 0) - plan["vp"]
    data["komponens"] = data.get("komponens", 0) - plan["komponens"]
    substituted = plan["substituted"]
    if plan["ep"]:
        engine.fire("location_component_by_hp")
        data["ep"] = data.get("ep", 0) - plan["ep"]
        if _hp_is_substitution(engine):
            substituted = (None, plan["ep"] // 2)
    engine.log("paid", player=player, vp=plan["vp"], komponens=plan["komponens"], ep=plan["ep"])
    if substituted is not None:
        src, n = substituted
        engine.emit([{"type": "cost_substituted", "player": player, "card": obj, "components": n,
                      "by": src.label if src is not None else "ep"}])
    return True


#: continuous abilities of cards in play that raise a cost by ``add`` VP (``applies_to``: ``it`` is the card
#: being played / whose ability is used): "X kijátszása N VP-vel drágább", "... használata N VP-vel drágább"
PLAY_INCREASE, ACTIVATION_INCREASE = "play cost increase", "activation cost increase"
#: a location's summoning cost can't be modified (8.9.1), its abilities needing activation can't be made
#: dearer (8.9.5.1): the rule keeping each cost of a location as printed
LOCATION_FIXED = {PLAY_INCREASE: "location_cost_fixed", ACTIVATION_INCREASE: "location_ability_cost_fixed"}


def increase(engine, obj, name: str) -> int:
    """The VP that cards in play (their text not switched off) add to a cost of ``obj`` (``name``)."""
    total = sum(int(engine.eval(str(ab.get("add", 1)), b) or 0) for _, ab, b in applying(engine, obj, name))
    # 8.9.1 keeps a location's summoning cost from any change ("módosítani"); 8.9.5.1 keeps its abilities
    # from being made dearer ("drágítani"): a decrease of those is not what it forbids
    barred = total > 0 if name == ACTIVATION_INCREASE else total != 0
    # the card played (in hand: printed) or whose ability is used (in play: its type as effects make it)
    if barred and type_of(engine, obj) == "helyszín" and engine.on(LOCATION_FIXED[name]):
        engine.fire(LOCATION_FIXED[name])
        engine.log("cost_unchanged", card=obj.label, by=total)
        return 0
    return total


def play_costs(engine, player, obj, action) -> list[dict]:
    cost = obj.card.cost
    if str(cost).strip().upper() == "X":  # a printed X: the VP its player chooses as he plays it ({play, x: N})
        cost = {"vp": int(action.get("x", 0) or 0)}
    cost = dict(cost) if isinstance(cost, dict) else {"vp": int(cost or 0)}
    # a decrease (a negative ``add``) makes a card cheaper down to nothing, never into a VP gain
    cost["vp"] = max(0, int(cost.get("vp", 0) or 0) + increase(engine, obj, PLAY_INCREASE))
    by_hp = action.get("pay_ep", 0)  # {play: LOCATION, pay_ep: N}: N components paid with 2 HP each (8.9.2)
    if not isinstance(by_hp, int) or isinstance(by_hp, bool) or by_hp < 0:
        engine.fail(f"pay_ep is the number of monster components paid with 2 HP each, not {by_hp!r}")
    if by_hp:
        return [{"hk_cost": cost, "summoning": True, "pay_ep": by_hp}]
    return [{"hk_cost": cost, "summoning": True}] if any(cost.values()) else []


def use_costs(engine, player, obj, ability, action) -> list[dict]:
    """An ability needing activation (its cost turns the card passive: ``activate``) costs what cards in
    play add to it."""
    if not needs_activation(ability):
        return []
    extra = max(0, increase(engine, obj, ACTIVATION_INCREASE))  # what it adds; a decrease pays nothing back
    # marked as the raise, a step of its own: cost_refused_by blames the raising card for this step only
    return [{"hk_cost": {"vp": extra}, "raise": ACTIVATION_INCREASE}] if extra else []


def _passive_by(engine, st, b) -> str | None:
    """An activation refused because the card is passive: what made it so -- a rule (8.1.2, 8.6: it entered
    passive; fired here, so the refusal names it), a card's text (its own 'Passzívan kerül játékba', or the
    card whose effect passivized it: returned), or its own earlier activation (None: no rule, and the core names
    the card's own text, whose activation cost cannot be paid again)."""
    for o in engine.resolve_ref(st["activate"], b):
        by = o.memory.get("exhausted_by") if o.exhausted else None
        if by and by[0] == "rule" and engine.on(by[1]):
            engine.fire(by[1])
        elif by and by[0] == "text":
            return by[1]
    return None


def cost_refused_by(engine, player, obj, unpaid) -> str | None:
    """Hook: a VP cost a card in play raised ('X kijátszása N VP-vel drágább', 'aktiválást kívánó képességeinek
    használata N VP-vel drágább') that the player could pay without the raise: the raising card's text refuses
    it (named as refused_by_text); an activation of a passive card: what made it so (_passive_by). The raise
    is named only where it made the difference: every unpaid step of the cost is payable without it (an
    unpayable 'Aktiválás' or printed cost of the same ability refuses whatever the raise), and only for a
    cost it raised (a summoning cost, or the step use_costs added to an ability needing activation)."""
    raiser = None
    for st in unpaid:
        if "activate" in st:
            # a passive card cannot pay its 'Aktiválás' with or without a raise: what made it passive
            # decides (a text named, a rule fired, or its own earlier activation: the core names the card)
            return _passive_by(engine, st, {"this": obj})
        cost = st.get("hk_cost")
        if not isinstance(cost, dict):
            return None  # a cost no raise touches cannot be paid
        if st.get("summoning"):
            name = PLAY_INCREASE
        elif st.get("raise") == ACTIVATION_INCREASE:
            name = ACTIVATION_INCREASE
        else:
            return None  # a printed '1 VP:' cost: no card raised it (use_costs adds the raise as its own step)
        raisers = [(src, int(engine.eval(str(ab.get("add", 1)), b) or 0)) for src, ab, b in applying(engine, obj, name)]
        raised = sum(n for _, n in raisers if n > 0)
        if not raised or type_of(engine, obj) == "helyszín":  # a location's costs are never raised (8.9.1, 8.9.5.1)
            return None
        # the raise refuses only where the cost could be paid in full without it (components too)
        unraised = {**cost, "vp": int(cost.get("vp", 0) or 0) - raised}
        if _cost_plan(engine, player, obj, unraised, summoning=bool(st.get("summoning"))) is None:
            return None
        raiser = raiser or engine.card_name(next(src for src, n in raisers if n > 0))
    return raiser


def register(game) -> None:
    game.steps.update({"hk_cost": pay_cost, "can:hk_cost": can_pay_cost})
