"""Warhammer: Invasion: mechanics behind the card-specific FAQ answers and card rulings (X defined
in and out of play, putting cards into play only from out-of-play zones, target taxes that modify
the opponent, attachments whose other part fails, cost-lowering abilities used as the card is
announced, blank text boxes and the tokens they leave, replacement effects of cards leaving play
together with what they protect, forced moves that cannot happen, a card's own entering play
triggering it). Every mechanic is bound to the FAQ / ruling id whose text defines it (``bind``);
the game module calls the hooks below (see judge/games/_whi_ext.py)."""
from __future__ import annotations

from typing import Any

from judge.engine.game import NOT_MINE
from judge.games import _whi_develop as D
from judge.games import _whi_rules as W

G = "warhammer-invasion"
SECTIONS = ("kingdom", "quest", "battlefield")


def rid(local: str) -> str:
    return f"{G}:{local}"


SHAGGOTH = rid("faq:put-shaggoth-champion-into-play-call-brayherd")
SLAVES = rid("faq:use-seeking-new-slaves-take-control-unit-already")
CHURCH = rid("ruling:church-of-sigmar")
CANNON = rid("ruling:warp-lightning-cannon")
TUNNEL = rid("faq:triggger-tunnel-fighters-ability")
GRUDGE = rid("faq:unit-gains-resource-tokens-own-effect-like-grudgebearer")
LELANSI = rid("ruling:lelansi-rune-of-resistance")
GREATSWORDS = rid("ruling:the-greatswords")
SELLSWORDS = rid("faq:veteran-sellswords-battlefield-happens-opponent-unit-paranoia-attached")
URGUCK = rid("ruling:urguck")
ORDER = rid("ruling:order-in-chaos")
LORD_DEAD = rid("ruling:lord-of-the-dead")
WURRZAG_1 = rid("ruling:wurrzag-morks-teef-ritual-1")
WURRZAG_2 = rid("ruling:wurrzag-morks-teef-ritual-2")
KORHIL = rid("ruling:korhil")
BASH_EM = rid("ruling:bash-em")
XIRATP = rid("ruling:xiratp")


def bind(reg) -> None:
    reg.bind("x_defined_everywhere", SHAGGOTH,
             does="X that a card defines has that value both in play and out of play (so a cost X is the defined "
                  "number in the deck)",
             off="a card's definition of X applies only while it is in play; out of play X is 0")
    reg.bind("put_into_play_from_out_of_play", SLAVES,
             does="only a card in an out-of-play zone (deck, hand, discard pile) can be put into play: not a card in "
                  "play, nor one entering play on the chain",
             off="an effect that puts a card into play may take a card in play or on the chain")
    reg.bind("tax_modifies_opponent", CHURCH,
             does="'opponents cannot target your units unless they pay' modifies the opponent: it applies to your "
                  "units in play, out of play and entering play",
             off="it protects only your units in play (like a constant effect on the units)")
    reg.bind("attach_despite_failed_part", CANNON,
             does="an attachment that also corrupts its host can be played on an already corrupted unit: it attaches "
                  "and only its 'corrupt that unit' part is cancelled",
             off="it cannot be played on a unit that is already corrupted")
    reg.bind("cost_lowering_on_announce", TUNNEL,
             does="an ability lowering the cost of the card it is on is used only as that card is announced "
                  "(played); once the card is in play it can no longer be used",
             off="the cost-lowering ability may also be used once the card is in play")
    reg.bind("blank_text_box", GRUDGE,
             does="a unit whose text box is blank has none of its abilities: no constant bonus (from its tokens), "
                  "no triggered effect",
             off="blanking the text box changes nothing")
    reg.bind("tokens_kept_when_blanked", GRUDGE,
             does="a unit keeps the resource tokens it gained from its own effect when its text box is blanked",
             off="blanking its text box removes the resource tokens its own effect put on it")
    reg.bind("replacement_of_card_leaving_together", LELANSI,
             does="a card destroyed at the same time as the cards its replacement effect protects still applies "
                  "that effect",
             off="a card leaving play in the same batch of events no longer applies its replacement effects")
    reg.bind("forced_move_impossible_sacrifice", SELLSWORDS,
             does="a unit that must move to a zone it is unable to move to creates an illegal game state and is "
                  "sacrificed",
             off="a unit that cannot make its forced move simply stays where it is")
    reg.bind("trigger_on_appear_disappear", GREATSWORDS)
    # -- slice cards-2 --
    reg.bind("damage_as_resources", URGUCK,
             does="damage a card lets its controller 'spend as though it were resources' pays costs: each damage token "
                  "removed from it counts as 1 resource spent (only while the card's condition holds, e.g. during "
                  "your capital phase)",
             off="damage on a card is never a resource: only resources in the pool pay costs")
    reg.bind("discard_to_deck_one_at_a_time", ORDER,
             does="'put the top N cards of a discard pile on top of the deck' moves them one at a time: the top card "
                  "first, then the next one onto it (their order is reversed)",
             off="the N cards are put on the deck together, keeping their order (the discard pile's top card ends on "
                 "top of the deck)")
    reg.bind("necromancy_needs_keyword", LORD_DEAD,
             does="'use the Necromancy ability on a card in your discard pile' can only pick a card that has the "
                  "Necromancy keyword",
             off="any unit in the discard pile may be picked (the effect grants Necromancy)")
    reg.bind("trigger_with_nothing_to_do", WURRZAG_1,
             does="an Action whose effect plays a card from your hand may be triggered even when you have no card "
                  "it could play (it then does nothing)",
             off="such an Action cannot be triggered unless you hold a card its effect could play")
    reg.bind("play_from_hand_mandatory", WURRZAG_2,
             does="an effect that plays a card from your hand must play one if you hold an eligible card: the "
                  "player cannot decline",
             off="the player may decline to play a card even when he holds an eligible one")
    reg.bind("enter_declared_attacker", KORHIL,  # also bound (same description) by _whi_errata_a, loaded later
             does="a unit put into play 'declared as an attacker' is declared as an attacker: 'declared as an "
                  "attacker' effects see it",
             off="it only enters play attacking (nothing sees a declaration)")
    # -- slice cards-3 --
    reg.bind("additional_phase_every_grant", BASH_EM,
             does="each effect granting an additional battlefield phase adds one more battlefield phase to the turn, "
                  "also after an additional one was already granted or taken (a third, a fourth ... battlefield phase)",
             off="only one additional battlefield phase per turn: a later grant in the same turn has no effect")
    reg.bind("permission_keeps_own_timing", XIRATP,
             does="a card played through another card's permission (e.g. from the discard pile) keeps its own timing "
                  "restriction: 'Play at the beginning of your turn' is still played only in the beginning-of-turn phase",
             off="playing a card through another card's permission lifts the card's own timing restriction")


def register(game) -> None:
    game.steps.update({
        "reveal_put": _reveal_put, "put_into_play": _put_into_play, "blank_text": _blank_text,
        "forced_move": _forced_move,
        "choose_player": _choose_player, "discard_to_deck": _discard_to_deck,
        "spend_damage": _spend_damage, "can:spend_damage": _can_spend_damage,
        "necromancy_free": _necromancy_free, "play_from_hand_must": _play_from_hand_must,
        "additional_phase": _additional_phase,
    })
    _wrap_phase_actions(game)  # slice cards-3: additional battlefield phases


# -- memory on the engine ---------------------------------------------------------------------

def _mem(eng) -> dict:
    m = getattr(eng, "_whi_cards", None)
    if m is None:
        m = {"discarded": {}, "lowered": {}}
        eng._whi_cards = m
    return m


def observe(eng, events: list[dict]) -> None:
    """Note the turn each card entered a discard pile (for 'entered ... discard pile this turn')."""
    for e in events:
        if e["type"] == "zone_change" and e.get("to") == "discard" and e.get("new") is not None:
            _mem(eng)["discarded"][e["new"].label] = eng.state.vars.get("turn")


# -- X, cost, attributes ------------------------------------------------------------------------

def _x_definition(obj):
    for ab in obj.card.abilities:
        if ab.kind == "continuous" and "x" in (ab.get("set") or {}):
            return ab.get("set")["x"]
    return None


def obj_attr(eng, obj, name: str) -> Any:
    if name == "resource_tokens":
        return obj.counters.get("resource", 0)
    if name == "entered_discard_this_turn":
        return _mem(eng)["discarded"].get(obj.label) == eng.state.vars.get("turn")
    if name in ("cost", "x") and (name == "x" or obj.card.cost == "X"):
        expr = _x_definition(obj)
        if expr is None:
            return NOT_MINE
        if not eng.is_in_play(obj):
            if not eng.on("x_defined_everywhere"):
                return 0  # X is 0 unless defined (the letter X)
            eng.fire("x_defined_everywhere")
        return eng.eval(expr, eng.bindings_for(obj, obj.controller, {"it": obj}))
    return NOT_MINE


# -- targeting and costs ---------------------------------------------------------------------------

def can_target(eng, spec: dict, obj, bindings: dict) -> bool:
    if spec.get("puts_into_play") and (eng.is_in_play(obj) or obj.zone == "stack"):
        if eng.on("put_into_play_from_out_of_play"):
            eng.fire("put_into_play_from_out_of_play")
            return False
    return True


def _targeted(eng, action: dict) -> list:
    out = []
    for label in action.get("targets") or []:
        o = eng.obj(label) if isinstance(label, str) else None
        if o is not None:
            out.append(o)
    return out


def _opponent_taxes(eng, player, ab, action) -> list[dict]:
    """'Opponents cannot target your units with card effects unless they pay an additional N resources per
    effect' (a continuous ability named 'player target tax', ``applies_to`` the protected cards): paid once per
    effect that targets any of them."""
    if ab is None or not ab.get("targets"):
        return []
    targets = _targeted(eng, action)
    out = []
    for o in eng.in_play():
        if o.controller == player:
            continue
        for tab in o.card.abilities:
            if tab.kind != "continuous" or tab.name != "player target tax":
                continue
            b = eng.bindings_for(o, o.controller)
            for t in targets:
                if t.controller != o.controller or not eng.eval(tab.get("applies_to") or "true", {**b, "it": t}):
                    continue
                if not eng.is_in_play(t):
                    if not eng.on("tax_modifies_opponent"):
                        continue
                    eng.fire("tax_modifies_opponent")
                out.extend(tab.get("cost") or [])
                break
    return out


def _lowering_abilities(obj):
    return [ab for ab in obj.card.abilities if ab.kind == "action" and ab.get("timing") == "as_played"]


def cost_reductions(eng, player, obj, action) -> list[int]:
    return _own_cost_lowering(eng, player, obj, action) + _damage_payment(eng, player, obj, action)


def _own_cost_lowering(eng, player, obj, action) -> list[int]:
    """A card's own 'You may sacrifice N developments to lower this unit's cost to M' ability (ability data
    ``sacrifice: N``, ``lower_to: M``), used as the card is announced: the player chooses exactly N
    developments he controls, or none (any other number is refused); with N sacrificed the printed
    cost is lowered to M (never raised). Costs other cards add are paid on top (_whi_develop,
    mechanic cost_lowering_printed_only); with that mechanic off the lowering applies to the whole
    cost, additional costs included, so they are lowered to M as well."""
    abilities = _lowering_abilities(obj)
    if not abilities:
        return []
    ab = abilities[0]
    need = int(ab.get("sacrifice") or 0)
    devs = [o for o in eng.in_play() if "development" in o.flags and o.controller == player]
    if need <= 0 or len(devs) < need:
        return []  # the cost can't be paid: nothing to choose

    def picked(value):
        return value if isinstance(value, list) else ([] if value in ("none", None) else [value])

    def check(value):
        picks = picked(value)
        for lbl in picks:
            o = eng.obj(lbl)
            if o is None or o not in devs:
                return f"{lbl} is not a development {player} controls"
        if len(set(picks)) != len(picks):
            return "the same development is chosen twice"
        if picks and len(picks) != need:
            return f"the ability sacrifices exactly {need} developments, not {len(picks)}"
        return None

    value = eng.decide_checked(player, "cards", [o.label for o in devs] + ["none"],
                               f"{need} developments to sacrifice to lower the cost of {obj.label} (or none)", check)
    picks = picked(value)
    if not picks:
        return []
    _mem(eng)["lowered"][id(action)] = [eng.obj(lbl) for lbl in picks]
    printed = W.printed_cost(obj, action)
    to = int(ab.get("lower_to") or 0)
    lower = max(0, printed - to)
    eng.log("cost_lowered", card=obj.label, to=to, by=lower, sacrificed=len(picks), ability=ab.name)
    if not eng.on("cost_lowering_printed_only"):
        lower += D.additional_cost(eng, player, obj)
    return [lower]


def play_costs(eng, player, obj, action) -> list[dict]:
    ab = next((a for a in obj.card.abilities if a.kind == "play"), None)
    out = _opponent_taxes(eng, player, ab, action)
    sacrificed = _mem(eng)["lowered"].pop(id(action), None)
    if sacrificed:
        out.append({"sacrifice": sacrificed})
    for src, n in _mem(eng).setdefault("damage_paid", {}).pop(id(action), []):
        out.append({"spend_damage": src, "amount": n})
    return out


def use_costs(eng, player, obj, ab, action) -> list[dict]:
    return _opponent_taxes(eng, player, ab, action)


def can_play(eng, player, obj, action) -> str | None:
    """An attachment that corrupts its host, played on a unit already corrupted (mechanic off: refused);
    a card's own play timing ('Play at the beginning of your turn')."""
    reason = _own_play_timing(eng, player, obj, action)
    if reason:
        return reason
    if "Attachment" not in obj.card.traits:
        return None
    ab = next((a for a in obj.card.abilities if a.kind == "play"), None)
    specs = [s for s in (ab.get("targets") if ab else None) or [] if not s.get("chain")]
    if not specs:
        return None
    corrupts = any(st.get("corrupt") == specs[0]["name"] for st in ab.get("steps") or [])
    given = _targeted(eng, action)
    if corrupts and given and "corrupted" in given[0].flags:
        if not eng.on("attach_despite_failed_part"):
            return f"{given[0].label} is already corrupted"
        eng.fire("attach_despite_failed_part")
    return None


def can_use(eng, player, obj, ab, action) -> str | None:
    must = next((st for st in ab.get("steps") or [] if isinstance(st, dict) and "play_from_hand_must" in st), None)
    if must is not None:
        b = eng.bindings_for(obj, player)
        if not _eligible_in_hand(eng, player, must["play_from_hand_must"], b):
            if not eng.on("trigger_with_nothing_to_do"):
                return "you hold no card its effect could play"
            eng.fire("trigger_with_nothing_to_do")
    if ab.get("timing") == "as_played":
        if eng.on("cost_lowering_on_announce"):
            eng.fire("cost_lowering_on_announce")
            return "this ability lowers the cost of the card as it is played; it can't be used once it is in play"
    if text_blank(eng, obj) and ab.kind == "action" and ab in obj.card.abilities:
        return "its text box is blank"
    return None


# -- blank text boxes -----------------------------------------------------------------------------

def text_blank(eng, obj) -> bool:
    if "blank" not in obj.flags or not eng.is_in_play(obj):
        return False
    if not eng.on("blank_text_box"):
        return False
    eng.fire("blank_text_box")
    return True


def _blank_text(eng, st, b) -> bool:
    """{blank_text: REF}: treat the cards' text boxes as blank (traits stay)."""
    objs = [o for o in eng.resolve_ref(st["blank_text"], b) if eng.is_in_play(o)]
    for o in objs:
        o.flags.add("blank")
        eng.touch()
        eng.log("text_blanked", card=o.label)
        if o.counters.get("resource"):
            if eng.on("tokens_kept_when_blanked"):
                eng.fire("tokens_kept_when_blanked")
            else:
                n = o.counters.pop("resource")
                eng.log("counter_removed", card=o.label, kind="resource", amount=n, reason="text blanked")
    return bool(objs)


# -- replacement effects of cards leaving play together ----------------------------------------------

def replacement_candidates(eng, candidates: list, events: list[dict]) -> list:
    leaving = {e["obj"].oid for e in events if e.get("type") == "zone_change" and e.get("obj") is not None
               and eng.is_in_play(e["obj"]) and e.get("to") not in SECTIONS}
    if not leaving:
        return candidates
    out = []
    for cand in candidates:
        src = cand[1]
        if src is not None and getattr(src, "oid", None) in leaving:
            if not eng.on("replacement_of_card_leaving_together"):
                continue
            eng.fire("replacement_of_card_leaving_together")
        out.append(cand)
    return out


# -- steps ------------------------------------------------------------------------------------

def _reveal_put(eng, st, b) -> bool:
    """{reveal_put: N, filter: EXPR, zone: Z}: reveal the top N cards of your deck; put every revealed card
    matching the filter into play in zone Z (the rest stay)."""
    player = b["you"]
    n = eng.eval(st["reveal_put"], b)
    top = list(reversed(eng.zone_objs(player, "deck")))[:n]
    eng.log("revealed", player=player, cards=[o.label for o in top])
    zone = st.get("zone") or "kingdom"
    put = False
    for o in top:
        if not eng.eval(st.get("filter", "true"), {**b, "it": o}):
            continue
        reason = W.entry_blocked(eng, player, o, zone)
        if reason:
            eng.log("put_into_play_blocked", card=o.label, reason=reason)
            continue
        eng.enter_play(o, player, zone)
        put = True
    return put


def _put_into_play(eng, st, b) -> bool:
    """{put_into_play: REF, corrupted: true}: put the card into play under your control, in one of your zones
    you choose (only from an out-of-play zone)."""
    player = b["you"]
    done = False
    for o in eng.resolve_ref(st["put_into_play"], b):
        if eng.is_in_play(o) or o.zone == "stack":
            if eng.on("put_into_play_from_out_of_play"):
                eng.fire("put_into_play_from_out_of_play")
                eng.log("put_into_play_blocked", card=o.label, reason="not in an out-of-play zone")
                continue
        zone = eng.decide(player, "option", list(SECTIONS), f"the zone {o.label} enters")
        reason = W.entry_blocked(eng, player, o, zone)
        if reason:
            eng.log("put_into_play_blocked", card=o.label, reason=reason)
            continue
        if eng.is_in_play(o):  # mechanic off: taken from play
            eng.run_step({"gain_control": o, "player": player}, b)
            new = o
        else:
            new = eng.enter_play(o, player, zone)
        if new is not None and st.get("corrupted"):
            eng.run_step({"corrupt": new, "entering": "true"}, b)
        done = done or new is not None
    return done


def _forced_move(eng, st, b) -> bool:
    """{forced_move: REF, to: ZONE, side: PLAYER}: the unit must move to that player's zone; if it is unable
    to (a card forbids units to move there), the game state is illegal and the unit is sacrificed."""
    side = eng.eval(st.get("side", "you"), b)
    zone = st.get("to")
    ok = True
    for o in [o for o in eng.resolve_ref(st["forced_move"], b) if eng.is_in_play(o)]:
        zone_here = o.zone if zone == "same" else zone
        blockers = [c for c in eng.in_play() if any(
            ab.kind == "continuous" and ab.name == "no moving in" for ab in c.card.abilities)
            and _blocks(eng, c, side, zone_here)]
        if blockers:
            eng.log("move_impossible", card=o.label, to=f"{side}.{zone_here}", because=blockers[0].label)
            if eng.on("forced_move_impossible_sacrifice"):
                eng.fire("forced_move_impossible_sacrifice")
                eng.emit([{"type": "zone_change", "obj": o, "from": o.zone, "to": "discard", "side": None,
                           "cause": "sacrifice", "position": "top", "controller": None, "source": b.get("this")}])
            ok = False
            continue
        if o.controller != side:
            eng.run_step({"gain_control": o, "player": side}, b)
        if o.zone != zone_here:
            W.leaves_combat(eng, o, zone_here)
            eng.emit([{"type": "moved", "obj": o, "to": zone_here}])
    return ok


def _blocks(eng, card, side, zone) -> bool:
    """Does this 'units cannot move into ...' card forbid moving into side.zone?"""
    ab = next(a for a in card.card.abilities if a.kind == "continuous" and a.name == "no moving in")
    host = eng.state.objects.get(card.attached_to) if card.attached_to else card
    if host is None:
        return False
    b = eng.bindings_for(card, card.controller, {"host": host})
    return bool(eng.eval(ab.get("applies_to") or "true", {**b, "it": {"side": side, "zone": zone}}))


# -- slice cards-2: damage spent as resources (Urguck) ---------------------------------------------

def _damage_sources(eng, player) -> list:
    """Cards of ``player`` in play with damage whose 'spend damage as resources' ability applies now
    (a continuous ability named 'damage as resources'; its ``while`` is the card's condition)."""
    out = []
    for o in eng.in_play():
        if o.controller != player or not o.damage:
            continue
        for ab in o.card.abilities:
            if ab.kind == "continuous" and ab.name == "damage as resources" and not text_blank(eng, o):
                if eng.eval(ab.get("while") or "true", eng.bindings_for(o, o.controller, {"it": o})):
                    out.append(o)
                    break
    return out


def _damage_payment(eng, player, obj, action) -> list[int]:
    """The player chooses how much of the cost of the card he plays to pay with damage from such a card:
    that damage is removed (a cost step) and counts as resources spent."""
    sources = _damage_sources(eng, player)
    if not sources:
        return []
    if not eng.on("damage_as_resources"):
        return []
    cost = W.printed_cost(obj, action)
    paid = []
    for src in sources:
        left = cost - sum(k for _, k in paid)
        n = eng.decide(player, "number", list(range(0, min(src.damage, left) + 1)),
                       f"damage on {src.label} to spend as resources for {obj.label}")
        if n:
            paid.append((src, n))
    if paid:
        eng.fire("damage_as_resources")
        _mem(eng).setdefault("damage_paid", {})[id(action)] = paid
    return [sum(n for _, n in paid)]


def _spend_damage(eng, st, b) -> bool:
    """{spend_damage: REF, amount: N}: remove N damage from the card, spent as N resources."""
    n = eng.eval(st.get("amount", 1), b)
    objs = eng.resolve_ref(st["spend_damage"], b)
    for o in objs:
        if o.damage < n:
            eng.fail(f"{o.label} has only {o.damage} damage to spend")
        o.damage -= n
        eng.touch()
        eng.log("damage_spent", card=o.label, amount=n, player=b.get("you"))
    return bool(objs)


def _can_spend_damage(eng, st, b) -> bool:
    n = eng.eval(st.get("amount", 1), b)
    return all(o.damage >= n for o in eng.resolve_ref(st["spend_damage"], b))


# -- slice cards-2: target player, discard pile to deck (Order in Chaos) ----------------------------

def _choose_player(eng, st, b) -> bool:
    """{choose_player: TEXT, as: NAME}: the resolving player chooses a player (a 'target player')."""
    who = eng.decide(b["you"], "option", list(eng.game.players), st.get("choose_player") or "a player")
    if who not in eng.game.players:
        eng.fail(f"{who!r} is not a player")
    b[st["as"]] = who
    eng.log("player_chosen", player=b["you"], chosen=who)
    return True


def _discard_to_deck(eng, st, b) -> bool:
    """{discard_to_deck: N, player: EXPR}: put the top N cards of that player's discard pile on top of his deck."""
    player = eng.eval(st.get("player", "you"), b)
    n = eng.eval(st["discard_to_deck"], b)
    pile = eng.zone_objs(player, "discard")  # bottom .. top
    top = pile[len(pile) - n:] if n else []
    if not top:
        return False
    if eng.on("discard_to_deck_one_at_a_time"):
        if len(top) > 1:
            eng.fire("discard_to_deck_one_at_a_time")
        order = list(reversed(top))  # the top card first, then the next one onto it
    else:
        order = list(top)  # as a block: the pile's top card stays on top
    for o in order:
        eng.move(o, "deck", side=player, position="top")
    return len(top) == n


# -- slice cards-2: Necromancy used by another card's effect (Lord of the Dead) ------------------

def _necromancy_free(eng, st, b) -> bool:
    """{necromancy_free: true}: use the Necromancy ability on a card in your discard pile without paying
    its cost: the chosen card is put into play (in a zone you choose) from your discard pile."""
    player = b["you"]
    units = [o for o in eng.zone_objs(player, "discard") if o.card.type == "unit"]
    if not units:
        eng.log("nothing_to_play", player=player)
        return False

    def check(value):
        o = eng.obj(value) if isinstance(value, str) else None
        if o is None or o not in units:
            return f"{value} is not a unit in {player}'s discard pile"
        if not any(str(k).split()[0] == "necromancy" for k in o.card.keywords):
            if eng.on("necromancy_needs_keyword"):
                eng.fire("necromancy_needs_keyword")
                return f"{o.label} has no Necromancy keyword"
        return None

    pick = eng.obj(eng.decide_checked(player, "pick", [o.label for o in units], "a card to use Necromancy on", check))
    zone = eng.decide(player, "option", list(SECTIONS), f"the zone {pick.label} enters")
    reason = W.entry_blocked(eng, player, pick, zone)
    if reason:
        eng.log("put_into_play_blocked", card=pick.label, reason=reason)
        return False
    eng.log("necromancy_used", player=player, card=pick.label, free=True)
    return eng.enter_play(pick, player, zone) is not None


# -- slice cards-2: effects that play a card from your hand (Wurrzag) ------------------------------

def _eligible_in_hand(eng, player, flt, b) -> list:
    return [o for o in eng.zone_objs(player, "hand") if eng.eval(flt, {**b, "it": o})]


def _play_from_hand_must(eng, st, b) -> bool:
    """{play_from_hand_must: FILTER}: play (for free) a card from your hand matching the filter; if you hold
    one, you must play one (a scripted 'none' is refused)."""
    from judge.games import _whi_timing as T
    player = b["you"]
    flt = st["play_from_hand_must"]
    cards = _eligible_in_hand(eng, player, flt, b)
    if not cards:
        eng.log("nothing_to_play", player=player)
        return False

    def check(value):
        if value in ("none", None):
            if eng.on("play_from_hand_mandatory"):
                eng.fire("play_from_hand_mandatory")
                return "you hold an eligible card: you must play one"
            return None
        o = eng.obj(value) if isinstance(value, str) else None
        return None if o in cards else f"{value} is not an eligible card in {player}'s hand"

    value = eng.decide_checked(player, "pick", [o.label for o in cards] + ["none"], f"a card to play ({flt})", check)
    if value in ("none", None):
        eng.log("declined_to_play", player=player)
        return False
    return T._play_from_hand(eng, {"play_from_hand": "it == chosen_card"}, {**b, "chosen_card": eng.obj(value)})


# -- slice cards-3: a card's own play timing, kept when another card permits the play (Xirat'p) ------

def _own_play_timing(eng, player, obj, action) -> str | None:
    """'Play at the beginning of your turn' (``timing: beginning_of_turn`` on the card's play ability): the
    card is played only in its player's beginning-of-turn phase. Played through another card's permission
    (from a zone other than the hand), it keeps that restriction (mechanic off: the permission lifts it)."""
    ab = next((a for a in obj.card.abilities if a.kind == "play"), None)
    if ab is None or ab.get("timing") != "beginning_of_turn":
        return None
    if eng.state.vars.get("phase") == "beginning" and eng.state.vars.get("active") == player:
        return None
    zone = action.get("from", "hand")
    if zone != "hand" and W.play_permission(eng, player, obj, zone) is not None:
        if not eng.on("permission_keeps_own_timing"):
            return None
        eng.fire("permission_keeps_own_timing")
    return f"{obj.card.name} is played at the beginning of your turn (phase 0)"


# -- slice cards-3: additional battlefield phases (Bash 'Em!) -----------------------------------------

def _phases(eng) -> dict:
    """This turn's battlefield phases: ``taken`` (begun, the first included), ``extra`` (additional ones
    begun), ``pending`` (granted, not yet begun)."""
    m = _mem(eng).setdefault("bf_phases", {})
    turn = eng.state.vars.get("turn")
    if turn not in m:
        m.clear()
        m[turn] = {"taken": 1 if eng.state.vars.get("phase") == "battlefield" else 0, "extra": 0, "pending": 0}
    return m[turn]


def _additional_phase(eng, st, b) -> bool:
    """{additional_phase: battlefield}: after this battlefield phase, take an additional battlefield phase."""
    if st["additional_phase"] != "battlefield":
        eng.fail("only additional battlefield phases are modelled")
    ph = _phases(eng)
    if ph["extra"] + ph["pending"] >= 1:  # an additional battlefield phase was already granted this turn
        if not eng.on("additional_phase_every_grant"):
            eng.log("additional_phase_refused", phase="battlefield", player=b.get("you"),
                    reason="only one additional battlefield phase per turn")
            return False
        eng.fire("additional_phase_every_grant")
    ph["pending"] += 1
    eng.log("additional_phase_granted", phase="battlefield", player=b.get("you"), pending=ph["pending"])
    return True


def _wrap_phase_actions(game) -> None:
    """A granted additional battlefield phase follows the battlefield phase: the next phase begun is that
    battlefield phase (the turn cannot move on, nor end, before it is taken)."""
    base_begin, base_end = game.actions.get("begin"), game.actions.get("end")

    def _begin(eng, player, act, _base=base_begin):
        ph = _phases(eng)
        if act.get("begin") == "battlefield":
            additional = ph["taken"] >= 1 and ph["pending"] > 0
            _base(eng, player, act)
            ph["taken"] += 1
            if additional:
                ph["pending"] -= 1
                ph["extra"] += 1
                eng.log("additional_phase_taken", phase="battlefield", number=ph["taken"])
            return
        if ph["pending"]:
            eng.fail(f"an additional battlefield phase was granted: it follows this battlefield phase, "
                     f"before the {act.get('begin')} phase")
        _base(eng, player, act)
        if act.get("begin") == "turn":  # a new turn: no battlefield phase taken yet
            ph.update(taken=0, extra=0, pending=0)

    def _end(eng, player, act, _base=base_end):
        if _phases(eng)["pending"]:
            eng.fail("the turn cannot end: an additional battlefield phase was granted and has not been taken")
        _base(eng, player, act)

    if base_begin is not None:
        game.actions["begin"] = _begin
    if base_end is not None:
        game.actions["end"] = _end
