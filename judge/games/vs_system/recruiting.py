"""Recruiting (the ``recruit`` fixture verb): characters into the visible or, concealed, the
hidden area; equipment attached as it is recruited; recruiting from the KO'd pile (a permission flag a
card gives, within the terms its data sets -- Witching Hour's "your recruit step this turn" is until: turn,
during: build -- and paid the ways it offers; a flag the scenario's state gives has no terms; a card that
left the pile and came back lost it as a new object, 212.5e). A card given the permission again (a second
card choosing it in a later turn) holds the newer grant (a ``flag_renewed`` event)."""
from __future__ import annotations

from judge.engine.cards import Ability
from judge.engine.context import Gone
from judge.engine.zones import zone_change_event

from .equipment import attach_problem
from .terms import RECRUIT_FROM_KOD, flag_turn, note_flag_turn


def enter_area(eng, obj) -> str:
    if obj.card.type != "character":
        return "visible"
    if "concealed" in obj.card.keywords:  # functions in any zone (707.9): read from the card itself
        if eng.applies("concealed"):
            return "hidden"
        return "visible"
    return "visible"  # a character without concealed: the concealed rules change nothing, so no trace


def recruit(eng, player: str, act: dict) -> None:
    """{player: A, recruit: Card, with: [boost], targets: [host]} -- put a character (concealed: into the
    hidden area) or an equipment (attached to a character) into play from the hand."""
    label = act["recruit"]
    obj = eng.obj(label)
    from_kod = obj is not None and obj.where == f"{player}.kod" and RECRUIT_FROM_KOD in obj.flags
    # the card whose effect gave the permission: its own words limit it ("During your recruit step this
    # turn") and offer the endurance it may be paid with, so a refusal by either names that card
    giver = eng.flag_source(obj, RECRUIT_FROM_KOD) if from_kod else None
    if from_kod and not kod_permission_current(eng, obj):
        terms = eng.flag_terms(obj, RECRUIT_FROM_KOD)
        when = " and ".join(w for w in (f"during the {terms['during']} phase" if terms.get("during") else "",
                                        "in the turn the permission was given" if terms.get("until") == "turn" else "") if w)
        eng.fail(f"{player} cannot recruit {label}: it could be recruited from the KO'd pile only {when}", text=giver)
    if from_kod:  # a card lets him recruit it "as though it were in your hand" (the flag it gave)
        pass
    elif obj is not None and obj.where == f"{player}.kod" and obj.label in eng.memory(DROPPED):
        refuse_dropped_permission(eng, player, obj)
    elif obj is None or obj.where != f"{player}.hand":
        eng.fail(f"{player} cannot recruit {label}: it is not in {player}'s hand")
    check_recruit_restriction(eng, player, obj)
    # another way of paying that the permission's card offers ("you may pay 2 endurance rather than pay its
    # recruit cost": its flag step's `offers`), named as the action's `with:` word
    offers = (eng.flag_terms(obj, RECRUIT_FROM_KOD).get("offers") or {}) if from_kod else {}
    words = act.get("with") or []
    words = [words] if isinstance(words, str) else words
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        # a scenario's malformed field, refused by no rule (not a Python error at replay time)
        eng.fail(f"{label}: 'with' must be a word or a list of words, e.g. with: [boost], not {act.get('with')!r}",
                 kind="bad_choice")
    for word in [w for w in words if w != "boost"]:
        if word not in offers and word not in _offered_words(eng):  # offered by no card: a misspelling
            eng.fail(f"{label}: with: {word!r} is no way of paying any card offers (boost"
                     f"{''.join(', ' + w for w in sorted(_offered_words(eng)))})", kind="bad_choice")
        if word not in offers:
            eng.fail(f"{label}: nothing lets {player} pay with {word} rather than its recruit cost"
                     + (f" ({giver} offers: {', '.join(offers)})" if offers else ""))
        b = {"you": player, "this": obj}
        if not eng.can_do_all(offers[word], b):
            eng.fail(f"{player} cannot pay {word} as {giver} offers", text=giver)  # the cost the card's text offers
        eng.run_steps(offers[word], b)
    boosted = "boost" in words
    if obj.card.type == "equipment":
        hosts = act.get("targets") or []
        if len(hosts) != 1:
            eng.fail(f"{label}: name the character to attach it to (targets: [character])", kind="missing_choice")
        host = eng.obj(hosts[0])
        reason = attach_problem(eng, obj, host, player)
        if reason:
            eng.fail(f"{player} cannot attach {label} to {hosts[0]}: {reason}")
        if eng.applies("equipment_recruit_on_chain"):
            # 302.3: recruited by the steps for playing effects: it goes on the chain targeting the
            # character, the players may respond, and it is attached when it resolves
            eng.announce(player, obj, RECRUIT_EQUIPMENT, {**act, "targets": hosts}, card=True)
            return
        attach_from(eng, obj, host, player)
        return
    if act.get("targets"):
        # recruiting a character targets nothing: a power's target as it comes into play (a boost) is
        # chosen when that power is put on the chain (choose:)
        eng.unused_targets(label, act["targets"],
                           f"{label}: recruiting a character takes no targets ({', '.join(map(str, act['targets']))}); "
                           f"a boost's target is chosen with choose: when its power triggers")
    area = enter_area(eng, obj)
    ents = eng.entering_modifiers(obj)  # 'comes into play with counters / exhausted' (the core's, 705-like)
    for ev in eng.emit([zone_change_event(obj, area, side=player, cause="recruit", controller=player,
                                          boosted=boosted, _enters=ents)]):
        eng.after_entering(ev.get("new"), ents)


#: what recruiting an equipment does as an effect on the chain (302.3): its target is the character
#: (any object in play: which objects may have equipment attached is 302.3a's, attach_problem)
RECRUIT_EQUIPMENT = Ability(-1, "play", {"name": "recruit", "targets": [
    {"name": "host", "filter": "true"}], "steps": [{"attach_recruited": "host"}]})


def check_recruit_restriction(eng, player: str, obj) -> None:
    """A card's own 'Recruit NAME only if ...' (Mephisto) is the condition of its play ability, as 'Play
    NAME only if ...' is a plot twist's: recruiting is how a character or an equipment is played. Unmet
    when it is recruited, the card's own text refuses it (no numbered rule: no off switch)."""
    ab = obj.card.play_ability
    cond = ab.get("condition") if ab is not None else None
    if cond is not None and not eng.eval(cond, eng.bindings_for(obj, player)):
        eng.fail(f"{player} cannot recruit {obj.label}: its recruit condition is not met ({cond})",
                 text=eng.pool.full_name(obj.card))


def attach_from(eng, obj, host, player: str):
    """Put the equipment ``obj`` into play attached to ``host`` (the recruit's last step)."""
    new = eng.move(obj, host.zone, side=player, controller=player, cause="recruit")
    if new is not None:  # an ``equipped`` event (equipment.py performs it), the event a transfer also is
        eng.emit([{"type": "equipped", "obj": new, "to": host, "from": None}])
    return new


def attach_recruited(eng, st: dict, b: dict) -> bool:
    """{attach_recruited: host} -- a recruited equipment resolving: attached to its character if that
    is still legal (302.3a); otherwise it is not attached (and goes where a resolved card goes)."""
    this, you = b.get("this"), b["you"]
    hosts = eng.resolve_ref(st["attach_recruited"], b)
    host = hosts[0] if hosts else None
    if this is None or isinstance(this, Gone):  # the equipment left the chain before it resolved
        eng.log("attach_failed", card=getattr(this, "label", None), reason="the equipment is no longer there")
        return False
    reason = attach_problem(eng, this, host, you)
    if reason:
        eng.log("attach_failed", card=this.label, reason=reason)
        return False
    return attach_from(eng, this, host, you) is not None


#: pool id -> (the pool, its offered words): the pool is kept so that its id names it (vocabulary.py's way)
_OFFERED: dict[int, tuple] = {}


def _offered_words(eng) -> frozenset:
    """The ways of paying the cards of the replay's pool offer (their flag steps' ``offers`` keys)."""
    got = _OFFERED.get(id(eng.pool))
    if got is None or got[0] is not eng.pool:
        found: set[str] = set()

        def walk(node):
            if isinstance(node, dict):
                if isinstance(node.get("offers"), dict):
                    found.update(map(str, node["offers"]))
                for v in node.values():
                    walk(v)
            elif isinstance(node, list):
                for v in node:
                    walk(v)
        for versions in eng.pool.versions.values():
            for card in versions.values():
                for ab in card.abilities:
                    walk(ab.data)
        got = _OFFERED[id(eng.pool)] = (eng.pool, frozenset(found))
    return got[1]


def kod_permission_current(eng, obj) -> bool:
    """The permission to recruit a card from the KO'd pile "as though it were in your hand" holds within
    the terms its card's data sets (Witching Hour: "During your recruit step this turn" -- `until: turn`,
    `during: build`, the phase of the recruit step). A flag the scenario's state gives sets none."""
    return _within(eng, flag_turn(obj, RECRUIT_FROM_KOD), eng.flag_terms(obj, RECRUIT_FROM_KOD))


def _within(eng, given_turn, terms: dict) -> bool:
    """Is a permission given in ``given_turn`` with ``terms`` usable now?"""
    this_turn = terms.get("until") != "turn" or given_turn is None or given_turn == eng.state.vars.get("turn")
    return this_turn and terms.get("during") in (None, eng.state.vars.get("phase"))


def refuse_dropped_permission(eng, player: str, obj) -> None:
    """A card in the KO'd pile whose earlier object had the permission and left the pile: the card that
    came back is a new object (212.5e, new_object_on_zone_change), which the permission does not name --
    that rule refuses it (off, the card keeps the flag and is recruited). Had the permission also run out
    (an earlier turn, another phase), the giver's own words refuse it too."""
    was = eng.memory(DROPPED)[obj.label]
    expired = not _within(eng, was["turn"], was.get("terms") or {})
    eng.fire("new_object_on_zone_change")
    eng.fail(f"{player} cannot recruit {obj.label}: it left the KO'd pile since it was given the permission "
             f"to be recruited from there, and came back as a new card the permission does not name"
             + (" (the permission's time has also passed)" if expired else ""),
             rule="new_object_on_zone_change", text=was["source"] if expired else None)


#: game memory (Engine.memory): label -> {turn, source} of the permission to be recruited from the KO'd pile
#: an earlier object of that card had when it left the pile as another object came out of it (212.5e)
DROPPED = "vs-system.kod_permission_dropped"


def observe(eng, events) -> None:
    """Write down the turn in which a card was given the permission to be recruited from the KO'd pile
    (the flag stays with the card only while it stays there: leaving the pile makes another object), and
    the permission a card had when it left as a new object (what refuses its recruit if it comes back)."""
    for e in events:
        if e.get("type") in ("flagged", "flag_renewed") and e.get("flag") == RECRUIT_FROM_KOD \
                and e.get("obj") is not None:
            note_flag_turn(eng, e["obj"], RECRUIT_FROM_KOD)
        elif e.get("type") == "zone_change" and e.get("new") is not None and e["new"] is not e["obj"] \
                and RECRUIT_FROM_KOD in e["obj"].flags:
            eng.memory(DROPPED)[e["obj"].label] = {"turn": flag_turn(e["obj"], RECRUIT_FROM_KOD),
                                                   "source": eng.flag_source(e["obj"], RECRUIT_FROM_KOD),
                                                   "terms": eng.flag_terms(e["obj"], RECRUIT_FROM_KOD)}


def can_play(engine, player, obj, action) -> str | None:
    if obj.card.type in ("character", "equipment"):
        return "characters and equipment are recruited (use the 'recruit' action)"
    return None


def register(game) -> None:
    game.actions["recruit"] = recruit
    game.steps["attach_recruited"] = attach_recruited
