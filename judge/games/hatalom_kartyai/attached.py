"""Attached cards (8.11): what they may go on, the card they affect, control of a creature
with attached cards."""
from __future__ import annotations

from .card_types import (ATTACH_TYPES, CREATURES, enchant_host_type, is_a, is_attached_type, is_kf_item,
                         keeps_type_rules, type_of)


def attachments(engine, obj) -> list:
    return [o for o in engine.state.objects.values() if o.attached_to == obj.oid and engine.is_in_play(o)]


def can_host(engine, host, card) -> bool:
    """Can ``card`` (an attached card) be put on ``host``? 8.4.1, 8.5.5, 8.7.1. Each rule is traced
    only where it decides (``_decided``): not for a host that would be allowed without it too."""
    if host is None or not hasattr(host, "card") or not engine.is_in_play(host):
        return False
    # the attached card: as printed while it is played; in play (a # item its carrier's foe takes, 8.7.2)
    # with its computed type and icons, as the host
    t = type_of(engine, card)
    ht = type_of(engine, host)  # the host's type as effects make it (an enchantment may set it)
    if t in ATTACH_TYPES:
        named = "kalandozó" if t == "szintlépés" else "galetki"
        ok = _decided(engine, "attach_host_type", ht in CREATURES, lambda: ht == named)
        # That level-ups go on adventurers and body parts on galetki is the host type's own rule
        # (8.3.1, 8.2.3 "a ... laptípushoz tartozó játékszabály"): a host of that type that lost its
        # special abilities keeps it only because type rules are not special abilities (8.0.1).
        if ok and ht == named:
            return keeps_type_rules(engine, host)
        return ok
    want = enchant_host_type(t)
    if want is not None:
        return _decided(engine, "enchant_needs_target", True, lambda: is_a(engine, host, want))
    if is_kf_item(card, engine):
        ok = _decided(engine, "kf_item_carrier", ht in CREATURES,
                      lambda: ht in CREATURES and "kf" in (engine.obj_attr(host, "keywords") or []))
        # The # icon is printed in the frame between the illustration and the text box (8.7.1), the type's
        # frame (8.0.0), not in the text: carrying a KF item is the item type's rule, which a creature that
        # lost its special abilities keeps only because type rules are not special abilities (8.0.1)
        if ok and "kf" in (engine.obj_attr(host, "keywords") or []):
            return keeps_type_rules(engine, host)
        return ok
    return False


def _decided(engine, key: str, without: bool, with_rule) -> bool:
    """The answer with the mechanic ``key`` on (``with_rule()``), or ``without`` it when it is switched
    off. It is recorded in the trace when it refuses the host (a refusal names its rule) or allows one
    its absence would refuse; not for a host both readings allow."""
    if not engine.on(key):
        return without
    got = with_rule()
    if not (got and without):
        engine.fire(key)
    return got


def can_play(engine, player, obj, action) -> str | None:
    """An attached card is put on a fitting card as it is played (8.4.1, 8.5.5, 8.7.1): when no card
    in play fits, it can't be played at all (8.5.5: "Ha nincs megfelelő célpont, az ilyen típusú lap
    nem játszható ki"), rather than waiting for a target nobody can name. can_host fires the mechanic
    of the card's type where it excludes a host, so the refusal names that rule. The card is in its
    player's hand: its printed type and icons (no effect on cards in play reaches it)."""
    if not is_attached_type(obj):
        return None
    if any(can_host(engine, o, obj) for o in engine.in_play() if o is not obj):
        return None
    # the refusal is that rule's even when no card at all is in play (can_host then fired nothing, and
    # an earlier rule that allowed the play, e.g. 8.5.1.1's timing, would be named instead)
    engine.applies(host_rule(obj))
    return f"no card in play can take {obj.label} ({obj.card.type})"


def host_rule(obj) -> str:
    """The rule saying what an attached card goes on: 8.4.1 (level-up, body part), 8.5.5 ('enchant
    something'), 8.7.1 (a # item). Of a card being played: as printed."""
    t = obj.card.type
    if t in ATTACH_TYPES:
        return "attach_host_type"
    return "enchant_needs_target" if enchant_host_type(t) is not None else "kf_item_carrier"


def host_of(engine, obj):
    """host_of(this): the card an attached card affects -- the card it is on (8.11.1)."""
    if obj is None or not hasattr(obj, "attached_to") or obj.attached_to is None:
        return None
    host = engine.state.objects.get(obj.attached_to)
    first = obj.memory.get("played_on")
    if first is not None and first != obj.attached_to:
        if not engine.on("attached_affects_host"):
            return engine.state.objects.get(first)
        engine.fire("attached_affects_host")
    return host


def on_table(engine, obj) -> bool:
    """on_table(it): "az asztalon" of a card text -- a card on a table. The engine keeps every permanent
    but the creatures (the reserve) in the ``table`` zone, the cards put on another card too; a # (KF)
    item is not on the table: 8.7.1 "Ezeket a tárgyakat nem az asztalra kell kitenni, hanem egy olyan
    lényre kell rátenni" -- it is on its carrier (a creature, in the reserve). The other cards put on a
    card stay on the table, as chapter 8 says nothing to the contrary of level-ups and body parts (8.4.1:
    put on an adventurer / a galetki) and says an enchantment of any kind stays on the table (8.5.4 with
    8.5.6). Switched off, a KF item on a creature is on the table as the other cards put on one are. The
    item's type and icons as it has them in play (is_kf_item); traced only where the rule leaves one out."""
    if getattr(obj, "zone", None) != "table":
        return False
    if not is_kf_item(obj, engine) or obj.attached_to is None or not engine.on("kf_item_off_table"):
        return True
    engine.fire("kf_item_off_table")
    return False


def setup(engine, spec: dict) -> None:
    """A card the scenario lists on a host (``attached_to``) was played onto that host: 8.11.1's
    "the card it was played onto" for a card the scenario starts attached. Listed on another player's
    side than its host's (an opponent played it onto that permanent), its gazda is the player who played
    it only by 8.11.2; without that rule it belongs with the permanent it is on, as entering.py has it for
    a card played in the replay: the host's gazda controls it, and it goes where the host's cards go."""
    for obj in list(engine.state.objects.values()):
        if obj.attached_to is not None and "played_on" not in obj.memory:
            obj.memory["played_on"] = obj.attached_to
        host = engine.state.objects.get(obj.attached_to) if obj.attached_to is not None else None
        # on a side that is its host's gazda's or owner's, it may have been played onto a permanent of its
        # own player's that changed gazda since (8.11.3's case, not 8.11.2's): nothing to decide then
        if host is None or not engine.is_in_play(obj) or obj.controller in (host.controller, host.owner):
            continue
        if not engine.applies("attached_owner_is_player"):
            engine.place(obj, side=host.controller, controller=host.controller)
            obj.owner = host.owner


def gain_control(engine, st, b) -> bool:
    named = [o for o in engine.resolve_ref(st["gain_control"], b) if engine.is_in_play(o)]
    # control going back as its duration ends is no new effect on the card (engine end_control_leases)
    objs = named if st.get("_lease_ended") else engine.affectable("gain_control", named)
    # a permanent its new gazda has already changes no gazda (8.11.3 "gazdát cserél"), nor do its attached cards
    player = engine.eval(st.get("player", "you"), b)
    changing = [o for o in objs if o.controller != player]
    if not st.get("duration") and not st.get("_lease_ended") and len(changing) < len(objs):
        # a card its player has for a while (control taken 'until the end of the turn') taken again with no
        # duration changes no gazda, but it is the newest word: the core step drops the lease, so the card no
        # longer goes back as the turn ends (GUIDE, gain_control); it emits nothing for these cards. Without
        # 8.11.3 its attached cards took the lease with it (below), so they drop theirs with it too
        kept = [o for o in objs if o not in changing]
        with_it = [a for o in kept for a in attachments(engine, o) if a.controller == player]
        if with_it and not engine.applies("attached_owner_kept"):
            kept += with_it
        engine.step_gain_control({**st, "gain_control": kept}, b)
    objs = changing
    if not objs:
        return False
    attached = [a for o in objs for a in attachments(engine, o)]
    engine.step_gain_control({**st, "gain_control": objs}, b)
    if attached:
        if not engine.applies("attached_owner_kept"):
            # without 8.11.3 the attached cards' gazda changes with the permanent's: 8.11.2's gazda is the
            # player who controls the card and whose discard pile it goes to, so both change
            engine.step_gain_control({**st, "gain_control": attached}, b)
            for a in attached:
                if engine.is_in_play(a):
                    a.owner = a.controller
    return True


def register(game) -> None:
    game.steps["gain_control"] = gain_control
    game.functions.update({"can_host": can_host, "host_of": host_of, "on_table": on_table})
