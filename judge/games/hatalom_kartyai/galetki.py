"""Galetki and torzszülött: extracting monster components or erősödés tokens (8.2.1), growth by
sacrifice (8.2.2), body parts sacrificed to protect their galetki (8.4.3)."""
from __future__ import annotations

from judge.engine.cards import Ability
from judge.engine.state import ChainItem, Effect

from .affected import _affected, _steps, _would_change, affected_galetki  # noqa: F401 (8.4.3's test, read by tests)
from .attached import attachments
from .card_types import ATTACH_TYPES, GROWTH, is_a, keeps_type_rules, type_of
from .locations import no_response
from .shields import WAITED, shield, shielded_from, source_key


def is_targeting(engine, spec, b) -> bool:
    """Hook ``is_targeting``: playing a level-up or a body part on its host is no targeting (8.4.2 "nem számít
    ... célzásnak"): a card that cannot be targeted takes one. The card being played is on the chain: its
    printed type."""
    source = b.get("this")
    if getattr(getattr(source, "card", None), "type", None) in ATTACH_TYPES and engine.on("attach_play_not_source"):
        engine.fire("attach_play_not_source")
        return False
    return True


def extract(engine, player, act) -> None:
    """{player: A, extract: CREATURE, choose: [komponens | GALETKI, ...]} -- extract the monster
    components of a defeated opponent's creature (stat ``komponens``), one choice per component."""
    obj = engine.obj(act["extract"])
    # a monster (a torzszülött too, by 8.1.3); 8.2.1 itself speaks of components extracted "az ellenfél
    # torzszülöttjéből", so a torzszülött (printed: it is in the discard pile) has them without 8.1.3 as well
    # whose and where first: a refusal for his own card is no question of 8.1.3 (read last, it would name it)
    if obj is None or obj.owner == player or obj.zone != "discard" \
            or not (is_a(engine, obj, "szörny") or obj.card.type == "torzszülött"):
        engine.fail(f"{act['extract']} is not a defeated opponent's monster to extract components from")
    if obj.memory.get("extracted"):
        engine.fail(f"the components of {obj.label} were already extracted")
    obj.memory["extracted"] = True
    n = int(obj.card.stats.get("komponens", 0) or 0)
    galetki = [o for o in engine.in_play() if o.controller == player and type_of(engine, o) == "galetki"]
    data = engine.state.player_data[player]
    for _ in range(n):
        options = ["komponens"]
        # the defeated creature is in the discard pile: its printed type (the effects on it ended as it left play)
        if obj.card.type == "torzszülött" and galetki and engine.on("growth_from_components"):
            options += [g.label for g in galetki]
        # 8.2.1 makes the options: a component, or a token on one of the player's own galetki
        pick = engine.decide(player, "option", options, "a monster component or an erősödés token on a galetki",
                             refusing="growth_from_components")
        if pick == "komponens":
            data["komponens"] = data.get("komponens", 0) + 1
            # an event, not only a log line: 'Valahányszor szörnykomponenst nyersz ki' (whenever you extract a
            # monster component) is a trigger on it; a token put instead (8.2.1 "helyett") extracts none
            engine.emit([{"type": "component_extracted", "player": player, "source": obj}])
        else:
            engine.fire("growth_from_components")
            g = engine.obj(pick)
            # the token is put on the galetki as any token is (a counter_added event: what watches tokens
            # being put sees it); 8.2.1's choice is no source, so 8.4.3's shields do not apply to it
            engine.emit([{"type": "counter_added", "obj": g, "kind": GROWTH, "amount": 1, "player": player}])
            engine.log("growth_token", card=g.label, source=obj.label)


def grow(engine, player, act) -> None:
    """{player: A, grow: TORZSZÜLÖTT, choose: [{Galetki: n, ...}]} -- 8.2.2."""
    obj = engine.obj(act["grow"])
    if not engine.on("growth_by_sacrifice"):
        engine.fail("no rule lets a torzszülött be sacrificed for erősödés tokens")
    if obj is None or type_of(engine, obj) != "torzszülött" or not engine.is_in_play(obj):
        engine.fail(f"{act['grow']} is not a torzszülött {player} has in play")
    if obj.controller != player:  # 8.2.2 "Ha a játékosnak van ... torzszülöttje": one he is the gazda of
        engine.fail(f"{obj.label} is {obj.controller}'s torzszülött: a player sacrifices only his own",
                    rule="growth_by_sacrifice")
    if not keeps_type_rules(engine, obj):  # 8.2.2 is a rule of the galetki and torzszülött types (8.0.1)
        engine.fail(f"{obj.label} lost its special abilities and, with them, its type's rules")
    if obj.exhausted:  # one of 8.2.2's conditions ("egy aktív torzszülöttjét"): the refusal names the rule
        engine.fail(f"{obj.label} is passive: only an active torzszülött may be sacrificed", rule="growth_by_sacrifice")
    refused = no_response(engine)  # an instant action taken while a location or its ability waits (8.9.1, 8.9.5.1)
    if refused:
        engine.fail(refused)
    galetki = [o for o in engine.in_play() if o.controller == player and type_of(engine, o) == "galetki"]
    if not galetki:
        engine.fail(f"{player} has no galetki", rule="growth_by_sacrifice")
    engine.fire("growth_by_sacrifice")
    # 'amennyi szörnykomponens volt kinyerhető a torzszülöttből': what it had as it was sacrificed, with
    # the continuous effects on it then (read before it leaves: out of play they no longer apply)
    n = int(engine.obj_attr(obj, "komponens") or 0)
    engine.step_leave("sacrifice", {"sacrifice": [obj]}, {"you": player})
    labels = [g.label for g in galetki]

    def check(assign: dict) -> str | None:
        # a count that is no whole number is a malformed script, not a distribution the rule could refuse
        for label, k in assign.items():
            if not isinstance(k, int) or isinstance(k, bool):
                engine.fail(f"choose: the erősödés tokens for {label} must be a whole number (0 or more), "
                            f"e.g. {{{labels[0]!r}: {n}}}; got {k!r}", kind="bad_choice")
        # 8.2.2: 'galetkijei közt szétosszon annyi erősödés-jelzőt, amennyi szörnykomponens' -- the rule refuses
        if any(k not in labels for k in assign):
            engine.fire("growth_by_sacrifice")
            return f"tokens go only on {player}'s galetki ({', '.join(labels)})"
        # tokens are put on a galetki, never taken off it: a negative count distributes nothing (the sum
        # alone would let -1 on one pay for one more on another)
        negative = next((label for label, k in assign.items() if k < 0), None)
        if negative is not None:
            engine.fire("growth_by_sacrifice")
            return f"{negative} cannot get {assign[negative]} tokens: each galetki gets 0 or more"
        if sum(assign.values()) != n:
            engine.fire("growth_by_sacrifice")
            return f"must distribute exactly {n} token(s)"
        return None

    if len(labels) == 1:  # one galetki: every token goes on it, there is nothing to choose
        assign = {labels[0]: n}
    else:
        # a lenient replay with no scripted distribution puts them all on the first galetki
        assign = engine.decide_checked(player, "assign", labels, f"how {n} erősödés tokens are distributed", check,
                                       fallbacks=[{labels[0]: n}])
    # the tokens distributed are put together (one batch of counter_added events, as the counter verb
    # puts them): a card watching tokens being put on a galetki sees them; not a source (8.4.3)
    put = [(engine.obj(label), k) for label, k in assign.items() if k]
    if put:
        engine.emit([{"type": "counter_added", "obj": g, "kind": GROWTH, "amount": k, "player": player}
                     for g, k in put])
    for g, k in put:
        engine.log("growth_token", card=g.label, amount=k, source=obj.label)


def _reactable(engine, galetki) -> bool:
    """Could the galetki's gazda react to a source by this rule: is one of his own body parts on it? Both
    read with the types they have in play."""
    return type_of(engine, galetki) == "galetki" and any(
        a.controller == galetki.controller and type_of(engine, a) == "testrész" for a in attachments(engine, galetki))


def keep_pending(engine, pending) -> bool:
    """8.4.3 speaks of any source that comes into being ("létrejön egy forrás"): a triggered ability (an
    on-play automatic ability, 8.6.1 ...) is one too. When it would affect a galetki whose gazda has a body
    part of his own on it, that gazda may react: the ability does not resolve at once but waits on the
    chain, an action window opening before it resolves. Not in the preparation phase (8.4.3), not for a
    galetki whose gazda has no body part on it (nobody could react by this rule). An ability that targets
    ("céloz") chooses its targets as it comes into being when one it may choose is such a galetki: the
    reaction needs to know them; one with a cost waits as itself, so that the engine pays the cost as it
    resolves the ability with those targets (_wait_as_itself). An optional one ("adhatsz") is a source only
    if its controller uses it: he decides as it comes into being, before the reaction (_uses)."""
    if pending.bindings.get(WAITED) is not None or engine.state.vars.get("phase") == "preparation" \
            or not engine.on("body_part_sacrifice"):
        return True
    st = engine.state
    src = st.objects.get(pending.source)
    ab = pending.ability
    # the names it takes effect with: a created triggered effect's include those bound as it was created
    # (the target a delayed 'célpont galetki ... sebzést kap' chose), read to know which galetki it affects
    b = engine.trigger_bindings(pending)
    specs = [t for t in ab.get("targets") or [] if not t.get("chain")]
    if specs:
        if not any(_reactable(engine, o) for spec in specs for o in engine.legal_targets(spec, b)):
            return True
        if not _uses(engine, pending):
            return False
        ab = pending.ability
        targets = {}
        for spec in specs:
            legal, picks = engine.legal_targets(spec, b), []
            if not legal:  # no legal target: the engine cancels it as it resolves (trigger_needs_target)
                return True
            for _ in range(spec.get("count", 1)):
                opts = [o.label for o in legal if o.label not in picks]
                picks.append(engine.decide(pending.controller, "pick", opts, f"a target for {pending.source_label}"))
            targets[spec["name"]] = [engine.obj(label).oid for label in picks]
        hosts = [g for g in _affected(engine, src, ab, b, targets) if _reactable(engine, g)]
        if ab.get("cost"):  # a played ability's resolution pays no trigger cost: the engine's resolution does
            return _wait_as_itself(engine, pending, hosts, targets)
        # the chain item resolves as a played ability does: its targets re-checked, then its steps
        item = ChainItem(len(st.chain) + 1 + st.tick(), pending.controller, pending.source, pending.source_label,
                         ab, None, targets=targets, bindings={**pending.bindings, "you": pending.controller},
                         trigger_event=pending.event, window=bool(hosts))
    else:
        hosts = [g for g in _affected(engine, src, ab, b, {}) if _reactable(engine, g)]
        if not hosts:
            return True
        if not _uses(engine, pending):
            return False
        return _wait_as_itself(engine, pending, hosts, None)
    _put_on_chain(engine, pending, item, hosts)
    return False


def _wait_as_itself(engine, pending, hosts: list, chosen: dict | None) -> bool:
    """The triggered ability waits on the chain as itself: its chain item resolves it as the engine resolves
    any triggered ability (resolve_waiting_trigger: optional, targets -- ``chosen`` as it came into being,
    re-checked --, cost, steps). A body part sacrificed against the item shields from it (shields.WAITED)."""
    st = engine.state
    wait = Ability(-1, "trigger", {"name": pending.ability.get("name") or "triggered ability",
                                   "steps": [{"resolve_waiting_trigger": True}]})
    bindings = {"you": pending.controller, "_pending": pending}
    if chosen is not None:
        bindings["_chosen"] = chosen
    item = ChainItem(len(st.chain) + 1 + st.tick(), pending.controller, pending.source, pending.source_label,
                     wait, None, bindings=bindings, trigger_event=pending.event, window=bool(hosts))
    pending.bindings[WAITED] = item.cid
    _put_on_chain(engine, pending, item, hosts)
    return False


def _put_on_chain(engine, pending, item, hosts: list) -> None:
    if hosts:
        engine.fire("body_part_sacrifice")
        engine.log("trigger_waits", source=pending.source_label, galetki=[g.label for g in hosts])
    engine.state.chain.append(item)
    engine.touch()


def _uses(engine, pending) -> bool:
    """An optional triggered ability ('may') that could affect a galetki by 8.4.3: its controller decides
    now whether he uses it -- the source comes into being only if he does, and the galetki's gazda reacts
    to a source he knows. Declined, it is dropped (False); used, it is no longer optional (the engine would
    ask again as it resolves). A mandatory ability is simply used."""
    ab = pending.ability
    if not ab.get("optional"):
        return True
    if not engine.decide(pending.controller, "yesno", ["yes", "no"],
                         f"whether to use {pending.source_label}'s {ab.name}"):
        engine.log("triggered", source=pending.source_label, ability=ab.name)  # and declined: nothing more
        return False
    pending.ability = Ability(ab.index, ab.kind, {k: v for k, v in ab.data.items() if k != "optional"})
    return True


def resolve_waiting_trigger(engine, st, b) -> bool:
    """The chain item of a triggered ability that waited for reactions (keep_pending) resolves: the ability
    resolves as the engine resolves any triggered ability (optional, targets, cost, steps)."""
    engine.resolve_trigger(b["_pending"], b.get("_chosen"))
    return True


def sacrifice_part(engine, player, act) -> None:
    """{player: A, sacrifice_part: BODY PART} -- 8.4.3, in reaction to the source on top of the chain."""
    part = engine.obj(act["sacrifice_part"])
    st = engine.state
    if part is None or not engine.is_in_play(part) or type_of(engine, part) != "testrész":
        engine.fail(f"{act['sacrifice_part']} is not a body part in play")
    host = st.objects.get(part.attached_to) if part.attached_to else None
    # each refusal below is one of 8.4.3's conditions: it names the rule while the rule is on
    rule = "body_part_sacrifice" if engine.on("body_part_sacrifice") else None
    if host is None or type_of(engine, host) != "galetki" or host.controller != player:
        engine.fail(f"{part.label} is not on a galetki {player} controls", rule=rule)
    if part.controller != player:  # "feláldozhat egyet ... testrészei közül": one of HIS body parts on it
        engine.fail(f"{part.label} is {part.controller}'s body part: {player} sacrifices only his own", rule=rule)
    # the phase first: in the preparation phase a triggered source resolves at once, so the chain is
    # empty there, and "there is none" would hide the reason 8.4.3 gives ("az előkészítő fázison kívül")
    # ... and a condition of 8.4.3 alone: with the rule switched off the body part may be sacrificed against
    # any source (protecting nothing), in this phase too
    if st.vars.get("phase") == "preparation" and rule:
        engine.fail("the body-part sacrifice rule does not apply in the preparation phase", rule=rule)
    if not st.chain:
        engine.fail("a body part is sacrificed in reaction to a source: there is none", rule=rule)
    refused = no_response(engine)  # the sacrifice is a reaction (8.9.1, 8.9.5.1)
    if refused:
        engine.fail(refused)
    item = st.chain[-1]
    played = st.objects.get(item.card_obj) if item.card_obj else None
    # the card being played is on the chain, not in play: its printed type
    if played is not None and played.card.type in ATTACH_TYPES and engine.on("attach_play_not_source"):
        engine.fire("attach_play_not_source")
        engine.fail(f"playing {played.label} is neither a source nor targeting: there is nothing to react to")
    if engine.on("body_part_sacrifice") and host not in affected_galetki(engine, item):
        engine.fail(f"{item.source_label} does not target, damage, remove from play or from its owner's control, "
                    f"passivize or put a token on {host.label}: its body part cannot be sacrificed against it (8.4.3)",
                    rule="body_part_sacrifice")
    src = source_key(item)
    if engine.on("body_part_sacrifice") and shielded_from(engine, src, host):
        # "feláldozhat egyet": one body part against a source; this galetki is already out of its reach
        engine.fail(f"a body part on {host.label} was already sacrificed against {item.source_label}",
                    rule="body_part_sacrifice")
    engine.step_leave("sacrifice", {"sacrifice": [part]}, {"you": player})
    if not engine.on("body_part_sacrifice"):
        return
    engine.fire("body_part_sacrifice")
    host = engine.obj(host.label)
    shield(engine, src, host)
    # while this source resolves, what it would do to the galetki does not happen: the events the
    # engine performs through replacement (damage, leaving play) are replaced by nothing; taking
    # control, passivizing and tokens leave it out (shields.may_affect). The replacements ask
    # shielded(), which reads every source the galetki is shielded from: one pair per galetki, made
    # by its first body-part sacrifice (a second pair would be a second replacement of one event)
    if any(e.kind == "replacement" and e.source == host.oid and "protected" in e.bindings for e in st.effects):
        engine.log("protected", card=host.label, source=item.source_label)
        return
    for event in ("damage_applied", "zone_change"):
        st.effects.append(Effect(  # shown as "replaced ... by <the galetki>"
            "replacement", host.oid, host.label, player, st.tick(),
            {"replaces": {"event": event, "filter": "event.obj == protected and shielded(event.obj)"},
             "instead": []}, None, None, {"protected": host}))
    engine.log("protected", card=host.label, source=item.source_label)


def register(game) -> None:
    game.actions.update({"extract": extract, "grow": grow, "sacrifice_part": sacrifice_part})
    game.steps["resolve_waiting_trigger"] = resolve_waiting_trigger
