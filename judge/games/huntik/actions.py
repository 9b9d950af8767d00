"""When Huntik actions may be played or used, and what doing so costs (701.2, 701.4): exhaust
actions exhaust a ready hero, free actions on your own turn, combat actions during combat; a card
that lost its powers uses none of its action powers (700.3)."""
from __future__ import annotations

from judge.engine.game import NOT_MINE

from . import powers

HEROES = ("major hero", "minor hero")
USERS = HEROES + ("obstacle",)  # 701.2: the cards that can use (and be exhausted for) an exhaust action power
# (a card in play is read by its printed type below: no Huntik effect sets a card's type)


def no_controller(engine, obj):
    """The player a card outside play (in a hand, deck or discard pile: no player controls it) with a
    power that functions there (700.2) is read as controlling: 701.2, "only a card's controller, or its
    owner if it has no controller, can use its powers" makes its powers its owner's, so its owner is the
    player its text speaks for and his heroes are the ones friendly to it (Fallen Guardian: "While I'm in
    your discard pile, friendly heroes have 3 DEF": the owner's heroes, whoever controlled it last). The
    core keeps an out-of-play card's owner as its controller (zones.py): on, that is the answer. Switched
    off, the card has no controller and no owner stands in: no player's heroes are friendly to it. Asked
    only for such a card (a card without such a power has no power there whose player matters)."""
    if engine.on("no_controller_owner"):
        engine.fire("no_controller_owner")
        return NOT_MINE
    return None


def can_play(engine, player, obj, action) -> str | None:
    t = obj.card.type
    your_turn = engine.state.vars.get("active") == player
    cancels = any(s.get("chain") for a in obj.card.abilities for s in a.get("targets") or [])
    if t == "combat action":
        if engine.state.vars.get("in_combat"):
            return None
        return _timing_refused(engine, "combat actions are played only during combat")
    if t in ("exhaust action", "free action"):
        if your_turn:
            return None  # 701.2: any time it's his or her turn (also while another action waits)
        if cancels and engine.state.chain and engine.on("cancel_when_not_your_turn"):
            # 701.4: a card that cancels actions may be played when it is not your turn, as your
            # opponent attempts to play an action it can cancel (its target says which it can)
            engine.fire("cancel_when_not_your_turn")
            return None
        return _timing_refused(engine, "exhaust and free actions are played on your own turn")
    if not your_turn or engine.state.chain:
        return "cards are put into play on your own turn"
    if t in HEROES:
        return _hero_zone(engine, obj, action)
    return None


def _hero_zone(engine, obj, action) -> str | None:
    """705.1b: 'Heroes enter play in their controller's zone 1 unless otherwise specified' (a card that
    names its own zone enters that one). A play naming another zone is refused; one naming none enters
    the default zone, which the rule then does not decide."""
    own = obj.card.extra.get("zone") or "zone1"
    wanted = action.get("zone")
    if wanted is None or wanted == own or not engine.on("heroes_enter_zone_one"):
        return None
    engine.fire("heroes_enter_zone_one")
    return f"heroes enter play in their controller's {own.replace('zone', 'zone ')}, not {wanted.replace('zone', 'zone ')}"


def _timing_refused(engine, reason: str) -> str | None:
    """701.2's timing clauses (exhaust and free actions on your turn, combat actions during
    combat): the reason when the rule is on, None when it is switched off."""
    if not engine.on("action_timing"):
        return None
    engine.fire("action_timing")
    return reason


def can_use(engine, player, obj, ability, action) -> str | None:
    # 700.3: a card that lost its powers has a blank text box -- no printed action power to use; quoted
    # text a modifier added to it (700.1) is among its computed powers only if that modifier is later than
    # the loss (711.1; one lost is refused by powers.use_action)
    if not powers.is_given(ability) and powers.text_blank(engine, obj):
        return "it has lost its powers (a blank text box): it has no action power to use"
    timing = ability.get("timing")
    if timing == "combat" and not engine.state.vars.get("in_combat"):
        reason = _timing_refused(engine, "combat action powers can be used only during combat")
        if reason:
            return reason
    if timing in ("exhaust", "free") and engine.state.vars.get("active") != player:
        reason = _timing_refused(engine, "exhaust and free action powers are used on your own turn")
        if reason:
            return reason
    if timing == "exhaust" and (obj.exhausted or obj.card.type not in USERS) and engine.on("exhaust_power_needs_ready"):
        # 701.2: a ready hero or obstacle -- an exhausted one, or a card of another type (a feature's
        # 'Exhaust Action:'), cannot use it
        engine.fire("exhaust_power_needs_ready")
        return "only a ready hero or obstacle can use an exhaust action power"
    return None


def use_costs(engine, player, obj, ability, action) -> list[dict]:
    if ability.get("timing") != "exhaust" or (obj.exhausted and not engine.on("exhaust_power_needs_ready")):
        return []
    return [{"exhaust": obj.label}]


def play_costs(engine, player, obj, action) -> list[dict]:
    if obj.card.type == "exhaust action":
        hero = action.get("exhaust") or _exhausted_for(engine, player, obj)
        h = engine.obj(hero)
        if h is None or not engine.is_in_play(h):
            engine.fail(f"{hero} is not a card in play")
        if h.controller != player and engine.on("controller_uses_powers"):
            # 701.2: the hero exhausted uses the exhaust action power (701.1), and only a card's
            # controller can use its powers: the opponent's hero can't be exhausted to pay for it.
            # Switched off, any player may use any card as its controller (the core's meaning)
            engine.fire("controller_uses_powers")
            engine.fail(f"{hero} is not a card {player} controls: only a card's controller can use its powers",
                        rule="controller_uses_powers")
        if h.card.type not in USERS and engine.applies("exhaust_power_needs_ready"):
            # 701.2: an action card's power is an action power (701.1), used by a ready hero or obstacle;
            # switched off, another card (a feature) may be exhausted for it too
            engine.fail(f"{hero} is a {h.card.type}: only a ready hero or obstacle can be exhausted to play an "
                        f"exhaust action", rule="exhaust_power_needs_ready")
        if h.exhausted:  # 701.2: only a ready hero or obstacle can use an exhaust action power
            if engine.applies("exhaust_power_needs_ready"):
                engine.fail(f"{hero} is exhausted: only a ready hero or obstacle can be exhausted to play an "
                            f"exhaust action", rule="exhaust_power_needs_ready")
            return []  # switched off: an exhausted hero may use it too (as for an exhaust action power)
        return [{"exhaust": hero}]
    return []


def _exhausted_for(engine, player, obj) -> str:
    """The card exhausted to play exhaust action card ``obj`` when the script names none (``exhaust:``):
    701.1, an action card's power is an action power; 701.2, "only a ready hero or obstacle can use an
    exhaust action power, and doing so exhausts it", and only a card's controller uses its powers. So the
    player's ready heroes and obstacles in play are the ones that can pay: none -- the play is refused by
    701.2 (exhaust_power_needs_ready); one -- it is taken without asking; several -- the player decides
    (his next scripted choice). A scripted pick of another card in play ({try: X}) is refused by the rule
    that leaves it out, as `exhaust: X` is: exhaust_power_needs_ready or controller_uses_powers (with one
    card that can pay, there, and that one taken). Switched off, exhausted cards and cards of other types
    (controller_uses_powers off: any player's cards) may pay too."""
    needs_ready = engine.on("exhaust_power_needs_ready")
    own = engine.on("controller_uses_powers")
    can = [o for o in engine.in_play()
           if (o.controller == player or not own)
           and (not needs_ready or (o.card.type in USERS and not o.exhausted))]
    if not can:
        if needs_ready:
            engine.fire("exhaust_power_needs_ready")
            engine.fail(f"{player} has no ready hero or obstacle to exhaust for {obj.label}: only a ready hero or "
                        f"obstacle can use an exhaust action power", rule="exhaust_power_needs_ready")
        engine.fail(f"{player} has no card in play to exhaust for {obj.label}")
    what = f"the card exhausted to play {obj.label}"

    def refused(label):
        # a scripted payer outside ``can`` is refused by what left it out, as `exhaust: HERO` is (play_costs)
        h = engine.obj(label)
        if h.controller != player and own:
            engine.fire("controller_uses_powers")
            return f"{label} is not a card {player} controls: only a card's controller can use its powers"
        if needs_ready and (h.card.type not in USERS or h.exhausted):
            engine.fire("exhaust_power_needs_ready")
            return f"{label} is not a ready hero or obstacle: only one can be exhausted to play an exhaust action"
        return None

    labels = [o.label for o in engine.in_play()]
    if len(can) == 1:  # taken without asking; a scripted try of another card in play is refused there (GUIDE)
        return engine.decide_only_pick(player, can[0].label, labels, refused)
    return engine.decide_checked(player, "pick", labels, what, refused)
