"""Keywords: Savage X (deals X damage when dealt damage; several add up), Counterstrike X (strikes an
attacker as the unit is declared as a defender), Feared X (the units it targets as it is declared as an
attacker have blank text boxes while it attacks), Experience ('attach X experience': facedown attached
cards, textless supports) and the ``keyword(obj, name)`` expression function (a keyword granted with a
value: the core ``modify`` grant). Raider and Scout
resolve after combat (combat_damage.py); Limited and Necromancy where cards are played (timing.py,
playing.py). Necromancy's return: a unit played from the discard pile with it (or through its ability)
that is still in play at the end of the turn goes to the bottom of its owner's deck (``necromancy_*``)."""
from __future__ import annotations

from .common import is_a, keyword_value, keyword_values
from .targeting import target_taxes

_MEMORY = {"feared": {}, "necromancy": []}  # Feared: attacker oid -> the oids of the units it targeted;
# Necromancy: the oids of the cards played this turn from the discard pile with the keyword
OUT_OF_PLAY = ("deck", "hand", "discard")  # clarification:out-of-play


def _mem(eng) -> dict:
    return eng.memory("whi.keywords", _MEMORY)


def register(game) -> None:
    game.functions["keyword"] = lambda eng, obj, name: keyword_value(eng, obj, name) > 0
    game.steps["attach_experience"] = _attach_experience


# -- Experience ----------------------------------------------------------------------------------------

#: what an experience card is: a support with no cost, loyalty, traits or text (and no power or hit points)
EXPERIENCE = {"type": "support", "cost": 0, "loyalty": 0, "icons": 0, "traits": [], "keywords": [], "power": 0,
              "hp": None, "remaining_hp": None}


def _attach_experience(eng, st, b) -> bool:
    """{attach_experience: REF, amount: N}: the player takes the downmost N cards of his discard pile
    or the top N cards of his deck (his choice) and attaches them facedown to the card: experience."""
    if not eng.on("experience"):
        return False
    hosts = [o for o in eng.resolve_ref(st["attach_experience"], b) if eng.is_in_play(o)]
    n = eng.eval(st.get("amount", 1), b)
    player = b["you"]
    if not hosts or n <= 0:
        return False
    sources = {"discard": eng.zone_objs(player, "discard")[:n],  # the discard pile, bottom first
               "deck": eng.deck_top(player, n)}
    options = [k for k, cards in sources.items() if len(cards) >= n] or [k for k, c in sources.items() if c]
    if not options:
        return False
    where = eng.decide(player, "option", options, f"where the {n} experience attached to {hosts[0].label} come from")
    host = hosts[0]
    for o in sources[where]:
        eng.place(o, zone=host.zone, side=host.side, controller=host.controller)
        o.attached_to = host.oid
        o.flags.add("experience")
        eng.log("experience_attached", card=o.label, to=host.label, source=where)
    eng.fire("experience")
    eng.touch()
    return len(sources[where]) == n


def experience_view(eng, obj, name: str, value):
    """A facedown card attached to a unit or legend is experience: a support with no cost, loyalty,
    traits or text."""
    if "experience" in obj.flags and name in EXPERIENCE and eng.on("experience"):
        return EXPERIENCE[name]
    return value


def counterstrike(eng, player, defenders: list) -> None:
    """Counterstrike triggers as the defender is declared; the effect then exists independently of its
    source (clarification: card effects), even if state checks destroy the defender."""
    if not eng.on("counterstrike"):
        return
    strikes = [(o, keyword_value(eng, o, "counterstrike")) for o in defenders]
    strikes = [(o, x) for o, x in strikes if x]
    eng.settle_state()
    attackers = [o for o in eng.in_play() if "attacking" in o.flags]
    for o, x in strikes:
        if not attackers:
            break
        eng.fire("counterstrike")
        if o.oid not in eng.state.objects:
            if not eng.on("effect_independent_of_source"):
                eng.log("effect_cancelled", source=o.label, reason="source_left_play")
                continue
            eng.fire("effect_independent_of_source")
        # one attacking unit or legend takes all of it ('cannot be split among attackers'): a split, or a
        # unit that is not attacking, is refused by the keyword
        tgt = eng.decide(player, "pick", [a.label for a in attackers], f"the attacker {o.label} counterstrikes",
                         refusing="counterstrike")
        eng.deal_damage(o, {eng.obj(tgt).oid: x}, combat=True, cancellable=False)
    eng.settle_state()


def savage(eng, events) -> None:
    """Savage X: a unit dealt damage deals X damage to one target unit in any corresponding zone. The
    damage's own consequences come first: a unit with lethal damage is destroyed immediately
    (faq:unit-0-hit-points-no-damage-tokens-destroyed), so the Savage unit itself may be gone ('it doesn't
    have to survive': its keyword's effect exists independently of it, clarification:card-effects) and a
    unit destroyed by the same damage is no longer a target."""
    strikes = []
    for e in events:
        if e["type"] != "damage_applied" or e.get("amount", 0) <= 0:
            continue
        o = e["obj"]
        vals = keyword_values(eng, o, "savage")
        if not vals or not eng.on("savage"):
            continue
        eng.fire("savage")
        if len(vals) > 1:
            if eng.applies("savage_stacks"):
                x = sum(vals)
            else:
                x = max(vals)
        else:
            x = vals[0]
        strikes.append((o, x, o.zone))
    for o, x, zone in _simultaneous_order(eng, strikes):
        # Each strike's damage (and the Savage it set off, resolved at once) may leave a unit with
        # lethal damage: it is destroyed before the next strike picks its target, never a target then.
        eng.settle_state()
        if o.oid not in eng.state.objects:
            if not eng.on("effect_independent_of_source"):
                eng.log("effect_cancelled", source=o.label, reason="source_left_play")
                continue
            eng.fire("effect_independent_of_source")
        opts = [u.label for u in eng.in_play() if _is_unit(eng, u) and u.zone == zone and u.oid != o.oid]
        payable = [lbl for lbl in opts if _can_pay(eng, o.controller, o, keyword_target_taxes(eng, o.controller, o, [lbl]))]
        if not payable:
            eng.log("effect_cancelled", source=o.label, reason="no_legal_target")
            continue
        eng.begin_check()
        eng.fire("savage")  # the keyword's 'any corresponding zone' is what limits the options offered

        prompt = f"the target of {o.label}'s Savage {x}"
        if payable == opts:
            tgt = eng.decide(o.controller, "pick", opts, prompt, refusing="savage")
        else:  # a unit whose target tax he cannot pay is no target he may choose
            tgt = eng.decide_checked(o.controller, "pick", opts, prompt, lambda v, ok=payable: None if v in ok else
                                     _untaxable(eng, v), fallbacks=payable)
        for tax in keyword_target_taxes(eng, o.controller, o, [tgt]):
            eng.run_step(tax, eng.bindings_for(o, o.controller))
        eng.log("savage", source=o.label, target=tgt, amount=x)
        eng.deal_damage(o, {eng.obj(tgt).oid: x})


def _untaxable(eng, label) -> str:
    """The refusal of a Savage target whose tax its player cannot pay: the rule that makes the keyword's
    choice a target, and so taxed, refuses it (keyword_choice_targets: 'cannot choose one whose tax he
    cannot pay')."""
    eng.fire("keyword_choice_targets")
    return f"cannot pay the additional cost of targeting {label}"


def _simultaneous_order(eng, strikes: list) -> list:
    """Savage keywords set off by one damage event trigger at the same time; keywords count as Constant
    Effects, so (clarification:simultaneous-effects) the active player resolves his in the order he
    chooses, then the opponent his. Off: in the order the damage was dealt."""
    controllers = {o.controller for o, _, _ in strikes}
    if len(strikes) <= 1 or not eng.on("pending_order_policy"):
        return strikes
    groups = [(player, [s for s in strikes if s[0].controller == player]) for player in eng.turn_order()]
    out = eng.ordered_by_players(groups, lambda s: s[0].label, "Savage keywords", refusing="pending_order_policy")
    if out != strikes or len(controllers) > 1:
        eng.fire("pending_order_policy")
    return out


def feared(eng, events) -> None:
    """Feared X: when a unit with Feared X is declared as an attacker, the attacking player chooses up
    to X target units in any zones; while that unit attacks, their text boxes are blank (``text_blank``)."""
    for e in events:
        if e.get("type") != "declared_attacker":
            continue
        o = e["obj"]
        # the targets belong to the declaration that chose them ("When a unit with Feared is declared as an
        # attacker ... While this unit with Feared is attacking"): a new declaration starts with none
        if _mem(eng)["feared"].pop(o.oid, None):
            eng.touch()
        x = keyword_value(eng, o, "feared")
        if not x or not eng.on("feared"):
            continue
        opts = [u.label for u in eng.in_play() if _is_unit(eng, u)]

        player = e.get("player") or o.controller

        def check(value, x=x, opts=opts, player=player, o=o):
            if not isinstance(value, list) or any(v not in opts for v in value) or len(set(value)) != len(value):
                return f"choose a list of different units among {', '.join(opts)}"
            if len(value) > x:
                eng.fire("feared")
                return f"Feared {x} targets up to {x} unit(s)"
            taxes = keyword_target_taxes(eng, player, o, value)
            if taxes and not _can_pay(eng, player, o, taxes):
                return "cannot pay the additional cost of targeting " + ", ".join(value)
            return None
        chosen = eng.decide_checked(player, "any", opts, f"up to {x} target unit(s) for {o.label}'s Feared {x}", check)
        for tax in keyword_target_taxes(eng, player, o, chosen):
            eng.run_step(tax, eng.bindings_for(o, player))
        _mem(eng)["feared"][o.oid] = [eng.obj(lbl).oid for lbl in chosen]
        eng.touch()  # their text boxes are blank now: the computed keywords lose their printed ones
        if chosen:  # 'up to X': with no unit chosen Feared changes nothing
            eng.fire("feared")
        eng.log("feared_targets", source=o.label, targets=list(chosen))


def _is_unit(eng, obj) -> bool:
    """Is ``obj`` a unit now: a unit card turned into a development is not (clarification:developments:
    its type is development while in play), a development an effect makes a unit is (Kairos Fateweaver)."""
    return is_a(eng, obj, "unit")


def keyword_target_taxes(eng, player, obj, labels: list) -> list[dict]:
    """A keyword whose text chooses 'target' units (Feared: 'up to X target units'; Savage: 'one target
    unit') targets them -- a card effect targets when it says 'target' (clarification:target, mechanic
    keyword_choice_targets): its controller pays the target taxes of the units chosen ('unless they pay N
    per effect'); one he cannot pay for he cannot choose. Off: the choice is free. (Counterstrike does not
    say 'target': it pays nothing.)"""
    if not labels or not eng.on("keyword_choice_targets"):
        return []
    taxes = target_taxes(eng, player, {}, {"targets": list(labels)})
    if taxes:
        eng.fire("keyword_choice_targets")
    return taxes


def _can_pay(eng, player, obj, taxes: list) -> bool:
    return all(eng.can_do(t, eng.bindings_for(obj, player)) for t in taxes)


def text_blank(eng, obj) -> bool:
    """A unit a Feared attacker targeted has a blank text box (traits stay) while that attacker attacks;
    experience has no text."""
    if "experience" in obj.flags:
        return True
    for src, targets in _mem(eng)["feared"].items():
        if obj.oid not in targets:
            continue
        attacker = eng.state.objects.get(src)
        if attacker is not None and "attacking" in attacker.flags and eng.is_in_play(attacker):
            if obj.card.abilities or obj.card.keywords:  # it changes something only for a card with a text
                eng.fire("feared")
            return True
    return False


# -- Necromancy: back to the deck at the end of the turn ----------------------------------------------

def printed_keyword(obj, name: str) -> bool:
    """Does the card's printed text carry keyword ``name`` (with any value: 'Necromancy', 'Ambush 2')?"""
    return any(str(k).split()[0] == name for k in obj.card.keywords)


def necromancy_note(eng, events: list[dict]) -> None:
    """Remember the cards played from the discard pile with Necromancy (they move to the chain from
    there), and follow each remembered card as it resolves into play and moves within play. A card
    that then leaves play for an out-of-play zone is a new card (clarification:out-of-play, core
    ``new_object_on_zone_change``): the Necromancy return no longer affects it, so a copy replayed from
    the hand stays; off, the card keeps its identity and the return follows it wherever it goes."""
    mem = _mem(eng)["necromancy"]
    for ev in events:
        o, new = ev.get("obj"), ev.get("new")
        if ev.get("type") != "zone_change" or o is None or new is None:
            continue
        if (ev.get("from") == "discard" and ev.get("to") == "stack" and ev.get("cause") == "play"
                and printed_keyword(o, "necromancy")):
            necromancy_used(eng, new)
            continue
        if o.oid not in mem:
            continue
        mem.remove(o.oid)
        if ev.get("leaves_play") and ev.get("to") in OUT_OF_PLAY and eng.on("new_object_on_zone_change"):
            eng.fire("new_object_on_zone_change")
            continue
        mem.append(new.oid)


def necromancy_used(eng, obj) -> None:
    """A card that enters play through the Necromancy ability (played with it, or 'use the Necromancy
    ability on a card in your discard pile'): remembered as that object."""
    mem = _mem(eng)["necromancy"]
    if obj.oid not in mem:
        mem.append(obj.oid)


def necromancy_end_of_turn(eng) -> None:
    """The end of the turn: each unit that entered play through Necromancy this turn and is still in play
    is put on the bottom of its owner's deck (mechanic necromancy_returns; off: it stays in play)."""
    mem = _mem(eng)
    oids, mem["necromancy"] = mem["necromancy"], []
    for oid in oids:
        o = eng.state.objects.get(oid)
        if o is None or not eng.is_in_play(o):
            continue  # no longer in play (destroyed ...): nothing to return
        if eng.applies("necromancy_returns"):
            eng.move(o, "deck", side=o.owner, cause="necromancy", position="bottom")
