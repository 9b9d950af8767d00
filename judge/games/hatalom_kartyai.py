"""Hatalom Kártyái (M.A.G.U.S. card game): card types (rulebook chapter 8).

Zones: ``reserve`` (tartalék: creatures), ``table`` (asztal: every other permanent, attached
cards too), ``deck``, ``hand``, ``discard`` (gyűjtő), ``stack``. "Passive" (passzív) is the
engine's ``exhausted``; "gazda" is the controller.

Creatures have printed ``sebzes`` (damage) and ``ep`` (hit points) stats; the current values are
the attributes ``dmg`` and ``hp``: printed value plus continuous modifiers plus the bonuses the
rules give (erősödés tokens 8.2.1/8.2.2, level-ups 8.3.1). Costs: ``cost: 2`` (VP) or
``cost: {vp: 1, komponens: 1}``; players have ``vp``, ``komponens`` and ``ep`` fields.

Phases (state ``phase``): preparation, draw, main, combat, healing, end. Entering the draw phase
(``{begin: draw}``) the active player draws one card, unless he searched for a location (8.9.6,
action ``search_location``) in his preparation phase. ``{activate: this}`` is the activation
(aktiválás) cost: the card turns passive. On-play triggers are ``on: {event: enters_play}`` of the
card itself; an ability with ``timing: on_play`` is used only in the turn the card was played.
Definition-only entries with no mechanic: 8.0.0, 8.0.2 (chapter front matter), 8.1.0 (lény /
nem-lény: the ``is_a(x, 'lény')`` reading), 8.5.0 (varázslat), 8.10 (pointer to chapter 42),
8.11.0 (rátett lap: ``is_attached_type``).
Every mechanic is bound to the chapter 8 rule it implements (see ``bind_rules``).
"""
from __future__ import annotations

from typing import Any

from judge.engine.game import NOT_MINE, GameModule
from judge.engine.rules import Registry
from judge.engine.state import Effect

G = "hatalom-kartyai"

CREATURES = ("szörny", "torzszülött", "kalandozó", "galetki", "avatár")
SPELLS_ONE_SHOT = ("azonnali", "általános")
ATTACH_TYPES = ("szintlépés", "testrész")
PHASES = ("preparation", "draw", "main", "combat", "healing", "end")
#: enchant-something types: the word in the type -> the type of card it goes on
ENCHANT_ON = {"szörnyre": "szörny", "kalandozóra": "kalandozó", "galetkire": "galetki",
              "lényre": "lény", "torzszülöttre": "torzszülött"}
GROWTH = "erősödés"
#: rule keys for "only in its player's own main phase", by card type (others: main_phase_other)
MAIN_PHASE_KEYS = {
    **{t: "main_phase_creature" for t in CREATURES},
    "általános": "main_phase_spell", "szintlépés": "attach_host_type", "testrész": "attach_host_type",
    "tárgy": "main_phase_item", "szakértelem": "main_phase_skill", "helyszín": "main_phase_location",
}
#: card types that enter play active, and the rule saying so (8.7, 8.8.0, 8.9.0)
ENTERS_ACTIVE_KEYS = {"tárgy": "item_enters_active", "szakértelem": "skill_enters_active",
                      "helyszín": "location_enters_active"}
#: flag of a card whose special abilities are switched off ("képességét kikapcsolni")
NO_ABILITIES = "képességtelen"
OPPONENT_TURN_KEYWORD = "ellenfél körében"


def rid(local: str) -> str:
    return f"{G}:{local}"


def is_enchantment(t: str) -> bool:
    return t == "bűbáj" or t.startswith("bűbáj ")


def enchant_host_type(t: str) -> str | None:
    """'bűbáj szörnyre' -> 'szörny'; a plain 'bűbáj' -> None."""
    if not t.startswith("bűbáj "):
        return None
    return ENCHANT_ON.get(t.split(" ", 1)[1].strip())


def is_kf_item(obj) -> bool:
    return obj.card.type == "tárgy" and "kf" in obj.card.keywords


def is_attached_type(obj) -> bool:
    t = obj.card.type
    return t in ATTACH_TYPES or enchant_host_type(t) is not None or is_kf_item(obj)


class HatalomKartyai(GameModule):
    id = G
    name = "Hatalom Kártyái (M.A.G.U.S.)"
    zones = ("deck", "hand", "discard", "reserve", "table", "stack")
    play_zones = ("reserve", "table")
    permanent_types = CREATURES + ("építmény", "tárgy", "szakértelem", "helyszín", "bűbáj") + ATTACH_TYPES
    damageable_types = CREATURES
    leave_verbs = {"destroy": ("discard", "destroy"), "sacrifice": ("discard", "sacrifice")}
    player_fields = ("vp", "komponens", "ep")
    state_vars = {"active": "A", "phase": "main", "turn": 1}
    played_event_timing = "announce"
    floor_zero = True

    # -- rule registry -----------------------------------------------------------------------
    def bind_rules(self, reg: Registry) -> None:
        reg.bind("main_phase_creature", rid("8.1.1"),
                 does="creatures are played from hand only in their player's own main phase",
                 off="creatures may be played in any phase of any turn")
        reg.bind("creature_enters_passive", rid("8.1.2"),
                 does="a creature played from hand enters the reserve passive",
                 off="a played creature enters active")
        reg.bind("creature_into_play_reserve", rid("8.1.2.1"),
                 does="a creature put into play by a source goes to the reserve, active or passive as if played "
                      "from hand",
                 off="a creature put into play by a source enters the table active")
        reg.bind("torzszulott_is_szorny", rid("8.1.3"),
                 does="'szörny' in a rule or card text also means torzszülött",
                 off="'szörny' means only cards of type szörny")
        reg.bind("type_choice_exact", rid("8.1.3.1"),
                 does="when both szörny and torzszülött may be chosen as a type, choosing szörny excludes torzszülött",
                 off="choosing szörny also covers torzszülött (8.1.3 applies to the choice)")
        reg.bind("growth_from_components", rid("8.2.1"),
                 does="a player with a galetki may take an erősödés token on a galetki instead of each monster "
                      "component extracted from an opponent's torzszülött",
                 off="monster components are always extracted as components")
        reg.bind("growth_by_sacrifice", rid("8.2.2"),
                 does="a player may sacrifice an active torzszülött at any time to distribute as many erősödés "
                      "tokens among his galetki as it had monster components",
                 off="no rule lets a torzszülött be sacrificed for erősödés tokens")
        reg.bind("growth_token_bonus", rid("8.2.1"), rid("8.2.2"),
                 does="each erősödés token gives its galetki +1 damage and +1 HP",
                 off="erősödés tokens change nothing")
        reg.bind("level_up_bonus", rid("8.3.1"),
                 does="an adventurer is level 0; each level-up gives +1 damage and +1 HP",
                 off="level-ups change neither level nor damage nor HP")
        reg.bind("attach_host_type", rid("8.4.1"), rid("8.2.3"),
                 does="a level-up goes only on an adventurer, a body part only on a galetki, both only in the "
                      "player's own main phase",
                 off="level-ups and body parts may go on any creature, at any time")
        reg.bind("body_part_sacrifice", rid("8.4.3"),
                 does="outside the preparation phase a galetki's owner may sacrifice a body part on it in "
                      "reaction to a source: that source then has no effect on that galetki",
                 off="sacrificing a body part protects nothing")
        reg.bind("instant_timing", rid("8.5.1"),
                 does="instants may be played in any player's main, combat or healing phase",
                 off="instants too may be played only in the player's own main phase")
        reg.bind("main_phase_other", rid("8.5.1"),
                 does="every non-instant card may be played only in its player's own main phase",
                 off="non-instant cards may be played in any phase")
        reg.bind("opponent_turn_means_main", rid("8.5.1.1"),
                 does="a card that may be played in the opponent's turn, without saying when, is played in the "
                      "opponent's main phase",
                 off="such a card may be played in any phase of the opponent's turn")
        reg.bind("main_phase_spell", rid("8.5.2"),
                 does="general spells and enchantments are played only in the player's own main phase",
                 off="general spells and enchantments may be played in any phase")
        reg.bind("spell_to_discard", rid("8.5.3"),
                 does="an instant or general spell takes effect and then goes to the discard pile",
                 off="an instant or general spell stays on the table after it takes effect")
        reg.bind("enchantment_stays", rid("8.5.4"),
                 does="an enchantment stays on the table, active, after it is played",
                 off="an enchantment goes to the discard pile after it is played")
        reg.bind("enchant_needs_target", rid("8.5.5"),
                 does="an 'enchant something' card must be put on a fitting target; without one it can't be played",
                 off="an 'enchant something' card may be put on any card")
        reg.bind("bubaj_means_all", rid("8.5.6"),
                 does="'bűbáj' in a rule or card text means every kind of enchantment",
                 off="'bűbáj' means only plain enchantments")
        reg.bind("building_enters_passive", rid("8.6"),
                 does="a building enters the table passive",
                 off="a building enters the table active")
        reg.bind("kf_item_carrier", rid("8.7.1"),
                 does="a # (KF) item is put on a creature that also has the # icon",
                 off="a KF item may be put on any creature")
        reg.bind("kf_item_capture", rid("8.7.2"),
                 does="when a carrier leaves play in the combat phase and the creature it fought survives, the "
                      "survivor's owner may take the item onto it and becomes its owner",
                 off="the item goes to the discard pile with its carrier")
        reg.bind("skills_add_up", rid("8.8.1"),
                 does="identical skills add up: their level is the number of such skills on the player's side",
                 off="each skill is level 1")
        reg.bind("location_no_response", rid("8.9.1"),
                 does="bringing a location into play cannot be responded to",
                 off="a location's play can be responded to like any card's")
        reg.bind("location_component_by_hp", rid("8.9.2"),
                 does="a monster component in a location's cost may be paid by sacrificing 2 HP (only for locations)",
                 off="a location's monster components must be paid as components")
        reg.bind("one_location", rid("8.9.4"),
                 does="only one location may be in play: a new one sends the previous one to its owner's discard",
                 off="several locations may be in play")
        reg.bind("location_immune", rid("8.9.5"),
                 does="locations cannot be sacrificed, passivized, returned or change owner",
                 off="locations are affected like any other card on the table")
        reg.bind("attached_owner_is_player", rid("8.11.2"),
                 does="an attached card's owner is the player who played it, even on another player's permanent",
                 off="an attached card belongs to the owner of the permanent it is on")
        reg.bind("attached_owner_kept", rid("8.11.3"),
                 does="when a permanent changes owner, the cards attached to it keep their owner",
                 off="attached cards change owner with the permanent they are on")

        # -- further chapter 8 rules ------------------------------------------------------------
        reg.bind("type_rules_not_abilities", rid("8.0.1"),
                 does="a card type and its rules are not special abilities: a card whose special abilities are "
                      "switched off keeps its type's rules (e.g. an adventurer's level-up bonus)",
                 off="type rules count as special abilities: switching off a card's abilities also switches off "
                     "its type's rules")
        reg.bind("attach_play_not_source", rid("8.4.2"),
                 does="playing a level-up or body part is neither a source nor targeting: a body part can't be "
                      "sacrificed (8.4.3) in reaction to it",
                 off="playing a level-up or body part is a source targeting its host, which the host's gazda may "
                     "react to")
        reg.bind("building_on_play_passive", rid("8.6.1"),
                 does="a building's on-play automatic abilities happen, and its on-play abilities needing "
                      "activation may be used, even if it entered play passive",
                 off="a building that entered passive has neither: its on-play trigger does nothing and a passive "
                     "card can't be activated")
        reg.bind("main_phase_item", rid("8.7"),
                 does="items are played only in their player's own main phase",
                 off="items may be played in any phase of any turn")
        reg.bind("item_enters_active", rid("8.7"),
                 does="an item enters play active",
                 off="an item enters play passive (as buildings do)")
        reg.bind("main_phase_skill", rid("8.8.0"),
                 does="skills are played only in their player's own main phase",
                 off="skills may be played in any phase of any turn")
        reg.bind("skill_enters_active", rid("8.8.0"),
                 does="a skill enters the table active",
                 off="a skill enters the table passive (as buildings do)")
        reg.bind("main_phase_location", rid("8.9.0"),
                 does="locations are played only in their player's own main phase",
                 off="locations may be played in any phase of any turn")
        reg.bind("location_enters_active", rid("8.9.0"),
                 does="a location enters the table active",
                 off="a location enters the table passive (as buildings do)")
        reg.bind("location_not_in_play_for_sources", rid("8.9.3"),
                 does="a source counting the cards in play does not count locations",
                 off="locations are counted as cards in play")
        reg.bind("location_ability_no_response", rid("8.9.5.1"),
                 does="a location's activated ability cannot be responded to",
                 off="a location's activated ability can be responded to like any other")
        reg.bind("location_search", rid("8.9.6"),
                 does="in his preparation phase a player may pay 2 VP to search his deck for a location, instead "
                      "of drawing the draw-phase card",
                 off="no rule lets a player search his deck for a location")
        reg.bind("location_on_play_by_effect", rid("8.9.7"),
                 does="a location brought into play by an effect (from the discard pile or deck) has its on-play "
                      "ability too",
                 off="a location's on-play ability happens only when it is played from hand")
        reg.bind("attached_affects_host", rid("8.11.1"),
                 does="an attached card always affects the card it is on (a new carrier too), a constant effect",
                 off="an attached card affects only the card it was played onto")

    def register_handlers(self) -> None:
        self.actions.update({"begin": _begin, "extract": _extract, "grow": _grow,
                             "sacrifice_part": _sacrifice_part, "fight": _fight,
                             "search_location": _search_location})
        self.steps.update({"hk_cost": _pay_cost, "can:hk_cost": _can_pay_cost,
                           "sacrifice": _sacrifice, "can:sacrifice": _can_sacrifice,
                           "gain_control": _gain_control, "exhaust": _exhaust,
                           "return_to_hand": _return_to_hand,
                           "put_into_play": _put_into_play, "choose_type": _choose_type,
                           "activate": _activate, "can:activate": _can_activate})
        self.functions.update({"is_a": _is_a, "can_host": _can_host, "of_chosen": _of_chosen,
                               "cards_in_play": _cards_in_play, "host_of": _host_of})

    # -- attributes --------------------------------------------------------------------------
    def obj_attr(self, engine, obj, name: str) -> Any:
        if name in ("dmg", "hp") and obj.card.type in CREATURES:
            stat = "sebzes" if name == "dmg" else "ep"
            chars = engine.characteristics().get(obj.oid) if engine.is_in_play(obj) else None
            base = (chars or obj.card.stats).get(stat, 0) or 0
            return max(0, base + _bonus(engine, obj))
        if name == "szint":
            if obj.card.type == "kalandozó":
                return _levels(engine, obj)
            if obj.card.type == "szakértelem":
                return _skill_level(engine, obj)
        if name == "passive":
            return obj.exhausted
        if name == "active":
            return not obj.exhausted
        return NOT_MINE

    # -- playing ------------------------------------------------------------------------------
    def play_costs(self, engine, player, obj, action) -> list[dict]:
        cost = obj.card.cost
        if not cost:
            return []
        return [{"hk_cost": cost if isinstance(cost, dict) else {"vp": int(cost)}}]

    def can_play(self, engine, player, obj, action) -> str | None:
        st = engine.state
        if st.chain and engine.on("location_no_response"):
            top = st.chain[-1]
            card = st.objects.get(top.card_obj) if top.card_obj else None
            if card is not None and card.card.type == "helyszín":
                engine.fire("location_no_response")
                return "bringing a location into play cannot be responded to"
        reason = _location_ability_on_top(engine)
        if reason:
            return reason
        t = obj.card.type
        active, phase = st.vars.get("active"), st.vars.get("phase")
        own_main = active == player and phase == "main" and not st.chain
        if t == "azonnali" and engine.on("instant_timing"):
            engine.fire("instant_timing")
            if phase in ("main", "combat", "healing"):
                return None
            return "instants are played in a main, combat or healing phase"
        if own_main:
            return None
        if active != player and OPPONENT_TURN_KEYWORD in obj.card.keywords:
            if engine.on("opponent_turn_means_main"):
                engine.fire("opponent_turn_means_main")
                if phase == "main" and not st.chain:
                    return None
                return "a card playable in the opponent's turn is played in the opponent's main phase"
            return None
        key = MAIN_PHASE_KEYS.get(t) or ("main_phase_spell" if is_enchantment(t) else "main_phase_other")
        if t == "azonnali":  # 8.5.1 switched off: instants follow the main-phase rule
            return "instants too are played only in the player's own main phase"
        if engine.on(key):
            engine.fire(key)
            return f"a {t} card is played only in its player's own main phase"
        return None

    def can_use(self, engine, player, obj, ab, action) -> str | None:
        reason = _location_ability_on_top(engine)
        if reason:
            return reason
        if ab.get("timing") == "on_play" and obj.memory.get("played_turn") != engine.state.vars.get("turn"):
            return "an on-play ability is used when the card is played"
        return None

    def text_blank(self, engine, obj) -> bool:
        return NO_ABILITIES in obj.flags

    def keep_pending(self, engine, pending) -> bool:
        """On-play triggers (``on: enters_play`` of the card itself): 8.6.1 (a building entering
        passive) and 8.9.7 (a location brought into play by an effect)."""
        ab, ev = pending.ability, pending.event or {}
        new = ev.get("new")
        if ab.kind != "trigger" or (ab.get("on") or {}).get("event") != "enters_play" or new is None \
                or new.label != pending.source_label:
            return True
        t = new.card.type
        if t == "építmény" and new.exhausted:
            if not engine.on("building_on_play_passive"):
                return False
            engine.fire("building_on_play_passive")
        if t == "helyszín" and new.memory.get("put_into_play"):
            if not engine.on("location_on_play_by_effect"):
                return False
            engine.fire("location_on_play_by_effect")
        return True

    def resolve_played_card(self, engine, item, obj) -> None:
        t = obj.card.type
        player = item.controller
        if t in SPELLS_ONE_SHOT:
            if engine.on("spell_to_discard"):
                engine.fire("spell_to_discard")
                engine.move(obj, "discard", cause="resolved")
            else:
                engine.enter_play(obj, player, "table")
            return
        if is_enchantment(t) and not engine.on("enchantment_stays"):
            engine.move(obj, "discard", cause="resolved")
            return
        if is_enchantment(t):
            engine.fire("enchantment_stays")
        if t == "helyszín":
            _replace_location(engine, obj)
        if t in CREATURES:
            new = engine.enter_play(obj, player, "reserve")
            if new is not None:
                new.memory["played_turn"] = engine.state.vars.get("turn")
                _enters_passive(engine, new, "creature_enters_passive")
            return
        host = None
        if is_attached_type(obj):
            hosts = [engine.state.objects.get(o) for ts in item.targets.values() for o in ts]
            host = next((h for h in hosts if h is not None and engine.is_in_play(h)), None)
            if host is None:
                engine.move(obj, "discard", cause="no_host")
                return
            if host.controller != player:
                if engine.on("attached_owner_is_player"):
                    engine.fire("attached_owner_is_player")
                else:
                    player = host.controller
        new = engine.enter_play(obj, player, "table")
        if new is None:
            return
        new.memory["played_turn"] = engine.state.vars.get("turn")
        if t == "építmény":
            _enters_passive(engine, new, "building_enters_passive")
        _enters_active(engine, new)
        if host is not None:
            new.attached_to = host.oid
            new.memory["played_on"] = host.oid
            engine.touch()
            engine.log("attached", card=new.label, to=host.label, controller=new.controller)


# -- helpers ------------------------------------------------------------------------------------

def _attachments(engine, obj) -> list:
    return [o for o in engine.state.objects.values() if o.attached_to == obj.oid and engine.is_in_play(o)]


def _levels(engine, obj) -> int:
    if not engine.on("level_up_bonus"):
        return 0
    n = sum(1 for a in _attachments(engine, obj) if a.card.type == "szintlépés") + obj.counters.get("szint", 0)
    if n:
        engine.fire("level_up_bonus")
    return n


def _bonus(engine, obj) -> int:
    if NO_ABILITIES in obj.flags:  # its special abilities are switched off: are its type's rules too?
        if not engine.on("type_rules_not_abilities"):
            return 0
        engine.fire("type_rules_not_abilities")
    bonus = 0
    if obj.card.type == "kalandozó":
        bonus += _levels(engine, obj)
    tokens = obj.counters.get(GROWTH, 0)
    if tokens and obj.card.type == "galetki" and engine.on("growth_token_bonus"):
        engine.fire("growth_token_bonus")
        bonus += tokens
    return bonus


def _skill_level(engine, obj) -> int:
    if not engine.on("skills_add_up"):
        return 1
    same = [o for o in engine.in_play() if o.card.type == "szakértelem" and o.card.name == obj.card.name
            and o.controller == obj.controller]
    if len(same) > 1:
        engine.fire("skills_add_up")
    return max(1, len(same))


def _type_of(x) -> str:
    return x if isinstance(x, str) else getattr(getattr(x, "card", None), "type", "")


def _is_a(engine, x, name: str) -> bool:
    """Does card (or type) ``x`` count as ``name``? 'lény' = creature, 'varázslat' = spell;
    'szörny' covers torzszülött (8.1.3); 'bűbáj' covers every enchantment (8.5.6)."""
    t = _type_of(x)
    if name == "lény":
        return t in CREATURES
    if name == "varázslat":
        return t in SPELLS_ONE_SHOT or is_enchantment(t)
    if name == "szörny" and t == "torzszülött":
        if engine.on("torzszulott_is_szorny"):
            engine.fire("torzszulott_is_szorny")
            return True
        return False
    if name == "bűbáj" and is_enchantment(t) and t != "bűbáj":
        if engine.on("bubaj_means_all"):
            engine.fire("bubaj_means_all")
            return True
        return False
    return t == name


def _can_host(engine, host, card) -> bool:
    """Can ``card`` (an attached card) be put on ``host``? 8.4.1, 8.5.5, 8.7.1."""
    if host is None or not hasattr(host, "card") or not engine.is_in_play(host):
        return False
    t = card.card.type
    if t in ATTACH_TYPES:
        if not engine.on("attach_host_type"):
            return host.card.type in CREATURES
        engine.fire("attach_host_type")
        return host.card.type == ("kalandozó" if t == "szintlépés" else "galetki")
    want = enchant_host_type(t)
    if want is not None:
        if not engine.on("enchant_needs_target"):
            return True
        engine.fire("enchant_needs_target")
        return _is_a(engine, host, want)
    if is_kf_item(card):
        if not engine.on("kf_item_carrier"):
            return host.card.type in CREATURES
        engine.fire("kf_item_carrier")
        return host.card.type in CREATURES and "kf" in (engine.obj_attr(host, "keywords") or [])
    return False


def _choose_type(engine, st, b) -> bool:
    """{choose_type: [szörny, torzszülött, ...], as: chosen} -- a card asks for a card type."""
    options = list(st["choose_type"])
    pick = engine.decide(b["you"], "option", options, "a card type")
    engine.log("type_chosen", player=b["you"], type=pick)
    b[st.get("as", "chosen")] = {"type": pick, "options": options}
    return True


def _of_chosen(engine, obj, chosen) -> bool:
    """Is ``obj`` of the type chosen with choose_type? 8.1.3.1: if both szörny and torzszülött
    could be chosen, szörny means only szörny."""
    t = chosen["type"]
    if t == "szörny" and "torzszülött" in chosen["options"] and engine.on("type_choice_exact"):
        engine.fire("type_choice_exact")
        return _type_of(obj) == "szörny"
    return _is_a(engine, obj, t)


def _replace_location(engine, new_loc) -> None:
    olds = [o for o in engine.in_play() if o.card.type == "helyszín"]
    if not olds or not engine.on("one_location"):
        return
    engine.fire("one_location")
    for o in olds:
        engine.move(o, "discard", cause="location_replaced")


def _not_location(engine, objs: list) -> list:
    if not engine.on("location_immune"):
        return objs
    keep = [o for o in objs if o.card.type != "helyszín"]
    if len(keep) != len(objs):
        engine.fire("location_immune")
        for o in objs:
            if o not in keep:
                engine.log("unaffected", card=o.label, reason="location")
    return keep


# -- steps -----------------------------------------------------------------------------------------

def _cost_plan(engine, player, obj, cost: dict) -> tuple[int, int, int] | None:
    """(vp, components, hp) to pay, or None if it can't be paid."""
    data = engine.state.player_data.get(player, {})
    vp, comp = int(cost.get("vp", 0) or 0), int(cost.get("komponens", 0) or 0)
    if data.get("vp", 0) < vp:
        return None
    have = data.get("komponens", 0)
    if have >= comp:
        return vp, comp, 0
    missing = comp - have
    if obj is not None and obj.card.type == "helyszín" and engine.on("location_component_by_hp"):
        if data.get("ep", 0) > 2 * missing:
            return vp, have, 2 * missing
    return None


def _can_pay_cost(engine, st, b) -> bool:
    return _cost_plan(engine, b["you"], b.get("this"), st["hk_cost"]) is not None


def _pay_cost(engine, st, b) -> bool:
    player = b["you"]
    plan = _cost_plan(engine, player, b.get("this"), st["hk_cost"])
    if plan is None:
        engine.fail(f"{player} cannot pay {dict(st['hk_cost'])}")
    vp, comp, hp = plan
    data = engine.state.player_data[player]
    data["vp"] = data.get("vp", 0) - vp
    data["komponens"] = data.get("komponens", 0) - comp
    if hp:
        engine.fire("location_component_by_hp")
        data["ep"] = data.get("ep", 0) - hp
    engine.log("paid", player=player, vp=vp, komponens=comp, ep=hp)
    return True


def _sacrifice(engine, st, b) -> bool:
    objs = _not_location(engine, engine.resolve_ref(st["sacrifice"], b))
    if not objs:
        return False
    return engine.step_leave("sacrifice", {**st, "sacrifice": objs}, b)


def _can_sacrifice(engine, st, b) -> bool:
    return bool(_not_location(engine, engine.resolve_ref(st["sacrifice"], b)))


def _exhaust(engine, st, b) -> bool:
    objs = _not_location(engine, engine.resolve_ref(st["exhaust"], b))
    return bool(objs) and all([engine.set_exhausted(o, True) for o in objs])


def _return_to_hand(engine, st, b) -> bool:
    objs = _not_location(engine, engine.resolve_ref(st["return_to_hand"], b))
    return bool(objs) and all(engine.move(o, "hand", cause="return") is not None for o in objs)


def _gain_control(engine, st, b) -> bool:
    objs = _not_location(engine, [o for o in engine.resolve_ref(st["gain_control"], b) if engine.is_in_play(o)])
    if not objs:
        return False
    attached = [a for o in objs for a in _attachments(engine, o)]
    engine.step_gain_control({**st, "gain_control": objs}, b)
    if attached:
        if engine.on("attached_owner_kept"):
            engine.fire("attached_owner_kept")
        else:
            engine.step_gain_control({**st, "gain_control": attached}, b)
    return True


def _put_into_play(engine, st, b) -> bool:
    """{put_into_play: {from: hand, filter: EXPR}} -- a source brings a card into play."""
    spec = st["put_into_play"]
    player = b["you"]
    pool = [o for o in engine.zone_objs(player, spec.get("from", "hand"))
            if engine.eval(spec.get("filter", "true"), {**b, "it": o})]
    if not pool:
        return False
    label = engine.decide(player, "pick", [o.label for o in pool], "a card to put into play")
    obj = engine.obj(label)
    if obj.card.type in CREATURES and engine.on("creature_into_play_reserve"):
        engine.fire("creature_into_play_reserve")
        new = engine.enter_play(obj, player, "reserve")
        if new is not None:  # as if played from hand
            _enters_passive(engine, new, "creature_enters_passive")
    else:
        if obj.card.type == "helyszín":
            _replace_location(engine, obj)
        new = engine.enter_play(obj, player, "table")
        if new is not None:
            new.memory["put_into_play"] = True
            _enters_active(engine, new)
    return True


# -- actions (fixture verbs) ------------------------------------------------------------------------

def _begin(engine, player, act) -> None:
    """{begin: combat} / {player: B, begin: main} -- move to a phase (of player's turn)."""
    phase = act["begin"]
    if phase not in PHASES:
        engine.fail(f"unknown phase {phase!r} (phases: {', '.join(PHASES)})")
    if player:
        engine.state.vars["active"] = player
    engine.state.vars["phase"] = phase
    engine.expire("phase")
    active = engine.state.vars["active"]
    engine.log("phase_begins", phase=phase, player=active)
    if phase == "draw":
        turn = engine.state.vars.get("turn")
        if engine.state.player_data.get(active, {}).get("_searched_location") == turn:
            engine.fire("location_search")
            engine.log("draw_replaced", player=active, by="location_search")
        elif engine.zone_objs(active, "deck"):
            engine.step_draw({"draw": 1}, {"you": active})


def _extract(engine, player, act) -> None:
    """{player: A, extract: CREATURE, choose: [komponens | GALETKI, ...]} -- extract the monster
    components of a defeated opponent's creature (stat ``komponens``), one choice per component."""
    obj = engine.obj(act["extract"])
    if obj is None or obj.owner == player or not _is_a(engine, obj, "szörny") or obj.zone != "discard":
        engine.fail(f"{act['extract']} is not a defeated opponent's monster to extract components from")
    if obj.memory.get("extracted"):
        engine.fail(f"the components of {obj.label} were already extracted")
    obj.memory["extracted"] = True
    n = int(obj.card.stats.get("komponens", 0) or 0)
    galetki = [o for o in engine.in_play() if o.controller == player and o.card.type == "galetki"]
    data = engine.state.player_data[player]
    for _ in range(n):
        options = ["komponens"]
        if obj.card.type == "torzszülött" and galetki and engine.on("growth_from_components"):
            options += [g.label for g in galetki]
        pick = engine.decide(player, "option", options, "a monster component or an erősödés token on a galetki")
        if pick == "komponens":
            data["komponens"] = data.get("komponens", 0) + 1
            engine.log("component_extracted", player=player, source=obj.label)
        else:
            engine.fire("growth_from_components")
            g = engine.obj(pick)
            g.counters[GROWTH] = g.counters.get(GROWTH, 0) + 1
            engine.touch()
            engine.log("growth_token", card=g.label, source=obj.label)


def _grow(engine, player, act) -> None:
    """{player: A, grow: TORZSZÜLÖTT, choose: [{Galetki: n, ...}]} -- 8.2.2."""
    obj = engine.obj(act["grow"])
    if not engine.on("growth_by_sacrifice"):
        engine.fail("no rule lets a torzszülött be sacrificed for erősödés tokens")
    if obj is None or obj.card.type != "torzszülött" or obj.controller != player or not engine.is_in_play(obj):
        engine.fail(f"{act['grow']} is not a torzszülött {player} has in play")
    if obj.exhausted:
        engine.fail(f"{obj.label} is passive: only an active torzszülött may be sacrificed")
    galetki = [o for o in engine.in_play() if o.controller == player and o.card.type == "galetki"]
    if not galetki:
        engine.fail(f"{player} has no galetki")
    engine.fire("growth_by_sacrifice")
    n = int(obj.card.stats.get("komponens", 0) or 0)
    engine.step_leave("sacrifice", {"sacrifice": [obj]}, {"you": player})
    labels = [g.label for g in galetki]

    def check(assign: dict) -> str | None:
        if any(k not in labels for k in assign):
            return f"tokens go only on {player}'s galetki ({', '.join(labels)})"
        if sum(assign.values()) != n:
            return f"must distribute exactly {n} token(s)"
        return None

    assign = engine.decide_checked(player, "assign", labels, f"how {n} erősödés tokens are distributed", check)
    for label, k in assign.items():
        g = engine.obj(label)
        g.counters[GROWTH] = g.counters.get(GROWTH, 0) + k
        engine.touch()
        engine.log("growth_token", card=label, amount=k, source=obj.label)


def _sacrifice_part(engine, player, act) -> None:
    """{player: A, sacrifice_part: BODY PART} -- 8.4.3, in reaction to the source on top of the chain."""
    part = engine.obj(act["sacrifice_part"])
    st = engine.state
    if part is None or part.card.type != "testrész" or not engine.is_in_play(part):
        engine.fail(f"{act['sacrifice_part']} is not a body part in play")
    host = st.objects.get(part.attached_to) if part.attached_to else None
    if host is None or host.card.type != "galetki" or host.controller != player:
        engine.fail(f"{part.label} is not on a galetki {player} controls")
    if not st.chain:
        engine.fail("a body part is sacrificed in reaction to a source: there is none")
    if st.vars.get("phase") == "preparation":
        engine.fail("the body-part sacrifice rule does not apply in the preparation phase")
    item = st.chain[-1]
    played = st.objects.get(item.card_obj) if item.card_obj else None
    if played is not None and played.card.type in ATTACH_TYPES and engine.on("attach_play_not_source"):
        engine.fire("attach_play_not_source")
        engine.fail(f"playing {played.label} is neither a source nor targeting: there is nothing to react to")
    src_oid = item.card_obj or item.source
    engine.step_leave("sacrifice", {"sacrifice": [part]}, {"you": player})
    if not engine.on("body_part_sacrifice"):
        return
    engine.fire("body_part_sacrifice")
    src = st.objects.get(src_oid)
    host = engine.obj(host.label)
    for event in ("damage_applied", "zone_change"):  # the events that name their source
        st.effects.append(Effect(  # shown as "replaced ... by <the galetki>"
            "replacement", host.oid, host.label, player, st.tick(),
            {"replaces": {"event": event, "filter": "event.obj == protected and event.source == src"},
             "instead": []}, None, None, {"protected": host, "src": src}))
    engine.log("protected", card=host.label, source=item.source_label)


def _fight(engine, player, act) -> None:
    """{player: A, fight: [MINE, THEIRS]} -- two creatures fight in the combat phase: each deals
    its damage to the other at the same time."""
    a, d = (engine.obj(x) for x in act["fight"])
    if engine.state.vars.get("phase") != "combat":
        engine.fail("creatures fight in the combat phase")
    if a is None or d is None or not engine.is_in_play(a) or not engine.is_in_play(d):
        engine.fail("both fighting creatures must be in play")
    engine.log("fight", attacker=a.label, defender=d.label)
    to_a, to_d = engine.obj_attr(d, "dmg"), engine.obj_attr(a, "dmg")
    # simultaneous: both amounts are fixed first, and no state check runs between the two
    engine.deal_damage(d, {a.oid: to_a}, combat=True)
    engine.deal_damage(a, {d.oid: to_d}, combat=True)
    for dead, other in ((a, d), (d, a)):
        dead, other = engine.obj(dead.label), engine.obj(other.label)
        if not (dead.damage >= engine.obj_attr(dead, "hp") and other.damage < engine.obj_attr(other, "hp")):
            continue
        for item in [o for o in _attachments(engine, dead) if is_kf_item(o)]:
            if not engine.on("kf_item_capture") or not _can_host(engine, other, item):
                continue
            if engine.decide(other.controller, "yesno", ["yes", "no"], f"whether to take {item.label}"):
                engine.fire("kf_item_capture")
                item.attached_to = other.oid
                item.owner = other.controller
                engine.step_gain_control({"gain_control": [item]}, {"you": other.controller})
                engine.log("item_taken", card=item.label, to=other.label, owner=other.controller)



# -- further chapter 8 rules ------------------------------------------------------------------------

def _enters_passive(engine, new, key: str) -> None:
    """8.1.2, 8.6: creatures and buildings enter play passive (the rule ``key`` says so)."""
    if engine.on(key):
        engine.fire(key)
        new.exhausted = True
        engine.touch()


def _enters_active(engine, new) -> None:
    """8.7, 8.8.0, 8.9.0: items, skills and locations enter play active."""
    key = ENTERS_ACTIVE_KEYS.get(new.card.type)
    if key is None:
        return
    if engine.on(key):
        engine.fire(key)
        if new.exhausted:
            new.exhausted = False
            engine.touch()
    elif not new.exhausted:
        new.exhausted = True
        engine.touch()


def _location_ability_on_top(engine) -> str | None:
    """8.9.5.1: nothing may be played or used in response to a location's activated ability."""
    st = engine.state
    if not st.chain or not engine.on("location_ability_no_response"):
        return None
    top = st.chain[-1]
    src = st.objects.get(top.source)
    if top.card_obj is None and top.trigger_event is None and src is not None and src.card.type == "helyszín":
        engine.fire("location_ability_no_response")
        return "a location's activated ability cannot be responded to"
    return None


def _can_activate(engine, st, b) -> bool:
    """{activate: this} (aktiválás) as a cost: the card is turned passive, so it must be active.
    ``on_play: true`` marks an on-play ability needing activation (8.6.1)."""
    objs = engine.resolve_ref(st["activate"], b)
    return bool(objs) and all(not o.exhausted or _passive_building_on_play(engine, st, o) for o in objs)


def _passive_building_on_play(engine, st, obj) -> bool:
    return (bool(st.get("on_play")) and obj.card.type == "építmény"
            and obj.memory.get("played_turn") == engine.state.vars.get("turn")
            and engine.on("building_on_play_passive"))


def _activate(engine, st, b) -> bool:
    objs = _not_location(engine, engine.resolve_ref(st["activate"], b))
    ok = bool(objs)
    for o in objs:
        if not o.exhausted:
            engine.set_exhausted(o, True)
        elif _passive_building_on_play(engine, st, o):
            engine.fire("building_on_play_passive")
            engine.log("activated_while_passive", card=o.label)
        else:
            ok = False
    return ok


def _cards_in_play(engine, player) -> int:
    """cards_in_play(you): the number of a player's cards in play for a source (8.9.3)."""
    mine = [o for o in engine.in_play() if o.controller == player]
    if engine.on("location_not_in_play_for_sources"):
        keep = [o for o in mine if o.card.type != "helyszín"]
        if len(keep) != len(mine):
            engine.fire("location_not_in_play_for_sources")
        mine = keep
    return len(mine)


def _host_of(engine, obj):
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


def _search_location(engine, player, act) -> None:
    """{player: A, search_location: LOCATION} -- 8.9.6: in his preparation phase a player pays 2 VP
    to search his deck for a location instead of drawing the draw-phase card (the search counts as
    made in the draw phase). The phase model has no stages: the preparation phase stands for its
    second stage."""
    if not engine.on("location_search"):
        engine.fail("no rule lets a player search his deck for a location")
    st = engine.state
    if st.vars.get("active") != player or st.vars.get("phase") != "preparation":
        engine.fail("a location is searched for in the player's own preparation phase")
    obj = engine.obj(act["search_location"])
    if obj is None or obj.zone != "deck" or obj.owner != player or obj.card.type != "helyszín":
        engine.fail(f"{act['search_location']} is not a location in {player}'s deck")
    data = st.player_data[player]
    turn = st.vars.get("turn")
    if data.get("_searched_location") == turn:
        engine.fail("the draw-phase card can be replaced by a location search only once")
    if data.get("vp", 0) < 2:
        engine.fail(f"searching for a location costs 2 VP; {player} has {data.get('vp', 0)}")
    engine.fire("location_search")
    data["vp"] = data.get("vp", 0) - 2
    data["_searched_location"] = turn
    engine.log("paid", player=player, vp=2, komponens=0, ep=0)
    engine.move(obj, "hand", cause="search")
    engine.log("location_searched", player=player, card=obj.label, phase="draw")


GAME = HatalomKartyai
