"""Warhammer: Invasion LCG: zones, capital sections and burning, combat damage assignment,
indirect damage, resources, corruption; rules bound to the FAQ / clarification ids."""
from __future__ import annotations

from typing import Any

from judge.engine.cards import CardDef
from judge.engine.game import NOT_MINE, GameModule
from judge.engine.rules import Registry
from judge.games import _whi_faq as F
from judge.games import _whi_rules as W
from judge.games import _whi_ext
from judge.games._whi_rules import CAPITAL_HP, G, SECTIONS, rid

#: Further mechanics modules, each self-contained (see judge/games/_whi_ext.py for the hooks a
#: module may define). Listed here in the order their hooks run.
EXTENSIONS = _whi_ext.load((
    "_whi_damage", "_whi_terms", "_whi_develop", "_whi_timing", "_whi_cards",
    "_whi_errata_a", "_whi_errata_b",
    "_whi_legends",  # last: its attack / defend / assign wrappers see legend and fulcrum attacks first
))

CAPITAL = CardDef("Capital", "capital", "capital", (), (), {"hp": CAPITAL_HP}, None, "", ())


class WarhammerInvasion(GameModule):
    id = G
    name = "Warhammer: Invasion LCG"
    zones = ("deck", "hand", "discard", "kingdom", "quest", "battlefield", "capital", "legend", "common", "stack",
             "held")  # held: out of play, attached to a card in play (The Unending Horde): _whi_errata_b
    play_zones = SECTIONS + ("legend", "common")  # a legend's area; the common play area (fulcrums): _whi_legends
    permanent_types = ("unit", "support", "quest", "legend")
    damageable_types = ("unit", "legend")
    leave_verbs = {"destroy": ("discard", "destroy"), "sacrifice": ("discard", "sacrifice")}
    object_flags = ("corrupted", "attacking", "defending", "development", "questing")
    player_fields = ("resources", "capital", "limited_played")
    state_vars = {"active": "A", "phase": "capital", "turn": 1}
    played_event_timing = "announce"
    floor_zero = True
    paid_cost_verbs = ("exhaust", "corrupt")  # a corrupt cost is a paid cost (no_refund_on_cancel)

    def bind_rules(self, reg: Registry) -> None:
        reg.bind("target_recheck", rid("clarification:illegal-target"), rid("clarification:resolving-a-card-effect"),
                 rid("ruling:3-resolve-the-action-chain-3"))
        reg.bind("condition_recheck", rid("clarification:resolving-a-card-effect"),
                 rid("ruling:3-resolve-the-action-chain-3"))
        reg.bind("target_legal_on_play", rid("clarification:triggering-a-card-effect"), rid("clarification:target"),
                 rid("faq:play-tactic-targets-attachment-card-even-no-attachment"))
        reg.bind("distinct_targets", rid("faq:three-valid-targets-plague-bomb-order-play-card"))
        reg.bind("remaining_hit_points", rid("clarification:hit-points-vs-remaining-hit-points"))
        reg.bind("chain_lifo", rid("faq:take-action-while-action-chain-resolving"),
                 rid("ruling:3-resolve-the-action-chain-1"))
        reg.bind("triggers_interrupt_chain", rid("ruling:3-resolve-the-action-chain-4"),
                 rid("faq:take-action-while-action-chain-resolving"))
        reg.bind("effect_independent_of_source", rid("clarification:card-effects"),
                 rid("ruling:3-resolve-the-action-chain-2"))
        reg.bind("new_object_on_zone_change", rid("clarification:out-of-play"))
        reg.bind("then_needs_success", rid("clarification:multiple-effects"),
                 rid("faq:trigger-action-capital-center-no-tokens-card"),
                 rid("faq:target-opponent-effect-make-him-discard-hand-like"))
        reg.bind("or_needs_full", rid("clarification:the-word-or"))
        reg.bind("as_much_as_possible", rid("faq:play-card-snotling-ambush-discard-card-more-loyalty"))
        reg.bind("damage_net_effect", rid("faq:bloodletter-work"), rid("clarification:simultaneous-effects"))
        reg.bind("pending_order_policy", rid("clarification:simultaneous-effects"),
                 rid("faq:unit-sent-discard-pile-play-leaves-play-effects"),
                 rid("ruling:detailedtiming-structure-1"), rid("ruling:detailedtiming-structure-2"),
                 rid("ruling:detailedtiming-structure-4"))
        reg.bind("definite_not_locked", rid("faq:play-card-like-waaagh-use-action-like-grudge"))
        reg.bind("indefinite_current_state", rid("faq:unit-destroyed-damage"))
        reg.bind("damage_redirect", rid("clarification:redirecting-damage"))
        reg.bind("shields_not_cumulative", rid("faq:redirecting-damage-cumulative-like-counterstrike-toughness"))
        reg.bind("damage_cancel", rid("clarification:cancelling-damage"))
        reg.bind("lethal_damage_check", rid("faq:unit-0-hit-points-no-damage-tokens-destroyed"))
        reg.bind("replacement", rid("faq:volkmar-grims-ability-interact-sacrificed-destroyed-units"))
        reg.bind("replacement_every_instance", rid("faq:altar-khaine-3-units-play-opponent-plays-troll"))
        reg.bind("lethal_before_capital", rid("errata:core-set-rulebook-errata"),
                 rid("faq:assigning-combat-damage-defending-units-work"),
                 rid("faq:arkayne-vampire-defending-much-damage-need-assign-before"),
                 rid("faq:unit-more-1-hp-branded-khorne-attached-defending"),
                 does="combat damage reaches the capital only after each defender is assigned lethal damage "
                      "(remaining hit points and known cancellation)",
                 off="the attacker may assign combat damage anywhere")
        reg.bind("burning_zone_no_assign", rid("faq:use-abilities-draw-cards-get-resources-relevant-zone"),
                 rid("clarification:indirect-damage"),
                 does="a burning zone cannot be assigned (indirect) damage",
                 off="damage may be assigned to a burning zone")
        reg.bind("indirect_cap", rid("clarification:indirect-damage"),
                 rid("faq:much-indirect-damage-single-effect-assign-arkayne-vampire"),
                 does="no more indirect damage may be assigned to a unit than it takes to destroy it",
                 off="any amount of indirect damage may be assigned to a unit")
        reg.bind("zone_burns", rid("faq:attack-already-burning-zone"),
                 does="a capital section with damage equal to its hit points burns; extra damage has no effect",
                 off="capital sections never burn")
        reg.bind("limited_one_per_turn", rid("faq:cannon-crew-put-limited-card-into-play-play"),
                 does="a player plays (or puts into play) at most one Limited card each turn",
                 off="any number of Limited cards may be played in a turn")
        reg.bind("unique_one_in_play", rid("clarification:put-into-play"),
                 rid("faq:play-end-times-reveal-multiple-copies-same-unique"),
                 does="a player cannot play a unique card while he controls a copy of it in play",
                 off="any number of copies of a unique card may be in play")
        reg.bind("beginning_action_window", rid("errata:core-rulebook-page-14"),
                 does="phase 0 (beginning of the turn) has an action window in which either player may take actions",
                 off="the non-active player takes no actions before the kingdom phase")
        reg.bind("x_is_zero", rid("clarification:the-letter-x"), rid("ruling:twin-tailed-comet"),
                 rid("ruling:slaaneshs-domination"),
                 does="X is 0 unless a card, effect or granted choice defines it (a copied or freely played "
                      "tactic with cost X resolves with X = 0)",
                 off="the player resolving a copied or freely played X tactic names X")
        # -- Frequently Asked Questions mechanics --
        reg.bind("trigger_every_instance", rid("faq:glittering-tower-play-multiple-units-healed-same-effect"),
                 rid("faq:grimgors-spike-unit-defending-alone-attacking-units-destroyed"))
        reg.bind("continuous_timestamp_order", rid("faq:unit-already-soulstealer-play-2nd-soulstealer-onto-unit"))
        reg.bind("excess_zone_damage_dealt", rid("faq:happens-attack-zone-crone-hellebron-assign-20-damage"),
                 does="all damage assigned to a capital section is dealt, even beyond what burns it (the excess has no "
                      "other effect)",
                 off="only the damage the section can still take is dealt")
        reg.bind("draw_all_at_once", rid("faq:lord-change-out-opponent-draws-three-cards-get"),
                 rid("faq:lord-change-play-player-draws-more-card-during"),
                 does="several cards drawn by one action (or the quest phase) are drawn at the same time: one draw event",
                 off="cards are drawn one at a time, one draw event each")
        reg.bind("beginning_before_kingdom", rid("faq:effects-occur-beginning-turn-occur-before-kingdom-phase"),
                 does="'at the beginning of the turn' effects happen in phase 0, before the kingdom phase (restore, resources)",
                 off="'at the beginning of the turn' effects wait for the kingdom phase, after its restore and resources")
        reg.bind("move_damage_cap", rid("faq:move-more-damage-onto-unit-takes-destroy-unit"),
                 does="no more damage can be moved onto a unit than it takes to destroy it (its remaining hit points)",
                 off="any amount of damage may be moved onto a unit")
        reg.bind("declare_all_at_once", rid("faq:declare-multiple-attackers-defenders-declare-once"),
                 does="attackers (defenders) are declared all at once; the effects this triggers follow",
                 off="attackers (defenders) are declared one by one, each one's effects resolving before the next")
        reg.bind("reveal_empty_hand", rid("faq:reveal-hand-no-cards"),
                 does="a player with no cards in hand can still reveal his (empty) hand to a card effect",
                 off="revealing an empty hand fails")
        reg.bind("move_to_other_zone", rid("faq:move-card-zone-same-zone"), rid("clarification:moving-cards"),
                 does="a moved card must end the move in a different zone than it began",
                 off="a card may be 'moved' to the zone it is already in")
        reg.bind("no_move_to_opponent_zone", rid("faq:use-sigmars-brilliance-move-units-into-opponents-quest"),
                 rid("clarification:moving-cards"),
                 does="a player may not move units into his opponent's zones",
                 off="a unit may be moved into an opponent's zone")
        reg.bind("control_by_constant_effect", rid("faq:soul-stealer-destroyed-unit-attached-return-original-owner"),
                 does="control given by a constant effect lasts only while that effect is in play; then control returns",
                 off="control given by a constant effect stays after its source leaves play")
        reg.bind("enters_in_state", rid("faq:control-fellblade-opponent-plays-unit-into-zone-containing"),
                 does="a unit that enters play in a state (corrupted) has not changed state: no 'corrupted' event",
                 off="a unit entering play corrupted counts as being corrupted")
        reg.bind("loyalty_in_play_only", rid("faq:loyalty-icons-tactics-reduce-cost-other-tactics-played"),
                 rid("faq:cards-control"),
                 does="only loyalty icons on cards in play reduce a card's loyalty cost",
                 off="loyalty icons on cards a player controls out of play (hand, chain) count too")
        reg.bind("phase_effects_expire", rid("faq:master-rune-valaya-cancel-damage-battlefield-phases-turn"),
                 does="an effect lasting 'this phase' ends when the phase ends",
                 off="'this phase' effects last until the end of the turn")
        reg.bind("takes_damage_is_dealt", rid("faq:unit-source-damage-dealt-text-says-takes-damage"),
                 does="damage a unit 'takes' is damage dealt to it (the unit is its source)",
                 off="damage a unit takes is put on it without being dealt")
        reg.bind("sacrifice_own_only", rid("faq:play-opponents-unit-sacrificed"), rid("clarification:sacrifice"),
                 does="a player can only sacrifice cards he controls",
                 off="a player may sacrifice any card")
        reg.bind("counterstrike", rid("keyword:counterstrike"),
                 does="a defender with Counterstrike X deals X uncancellable damage to an attacker when declared",
                 off="Counterstrike does nothing")
        W.bind(reg)  # rules / terminology clarifications (judge/games/_whi_rules.py)
        _whi_ext.each(EXTENSIONS, "bind", reg)

    def register_handlers(self) -> None:
        self.actions.update({"attack": _attack, "defend": _defend, "assign": _assign, "begin": _begin})
        self.steps.update({"indirect": _indirect, "corrupt": _corrupt, "can:corrupt": _can_corrupt,
                           "restore": _restore, "resolve_tactic": _resolve_tactic})
        self.functions.update({"capital": lambda eng, player, zone: eng.obj(f"{player} capital {zone}")})
        W.register(self)
        F.register(self)  # Frequently Asked Questions mechanics (judge/games/_whi_faq.py)
        _whi_ext.each(EXTENSIONS, "register", self)

    def extra_labels(self) -> dict[str, str]:
        return {f"{p} capital {z}": "Capital" for p in self.players for z in SECTIONS}

    def setup(self, engine, spec: dict) -> None:
        for p in self.players:
            given = (spec.get(p) or {}).get("capital") or {}
            engine.state.player_data[p].pop("capital", None)
            for z in SECTIONS:
                obj = engine.create(CAPITAL, f"{p} capital {z}", owner=p, side=p, zone="capital")
                obj.memory["section"] = z
                obj.memory["race"] = given.get("race")  # the capital's race (fixture: capital: {race: orc})
                val = given.get(z, 0)
                if val == "burning":
                    obj.damage = CAPITAL_HP
                    obj.flags.add("burning")
                else:
                    obj.damage = int(val or 0)

    def obj_attr(self, engine, obj, name: str) -> Any:
        if name == "burning":
            return "burning" in obj.flags
        if name == "section":
            return obj.memory.get("section")
        if name == "loyalty":
            return obj.card.extra.get("loyalty", 0)
        if name == "faction":
            return obj.card.extra.get("faction")
        got = _whi_ext.first(EXTENSIONS, "obj_attr", NOT_MINE, engine, obj, name)
        return got if got is not NOT_MINE else W.obj_attr(engine, obj, name)

    def adjust_attr(self, engine, obj, name: str, value: Any) -> Any:
        value = W.adjust_attr(engine, obj, name, value)
        for fn in _whi_ext.hooks(EXTENSIONS, "adjust_attr"):
            value = fn(engine, obj, name, value)
        return value

    def observe(self, engine, events: list[dict]) -> None:
        W.observe(engine, events)
        _whi_ext.each(EXTENSIONS, "observe", engine, events)

    def text_blank(self, engine, obj) -> bool:
        return any(fn(engine, obj) for fn in _whi_ext.hooks(EXTENSIONS, "text_blank"))

    def replacement_candidates(self, engine, candidates: list, events: list[dict]) -> list:
        for fn in _whi_ext.hooks(EXTENSIONS, "replacement_candidates"):
            candidates = fn(engine, candidates, events)
        return candidates

    def can_target(self, engine, spec: dict, obj, bindings: dict) -> bool:
        return all(fn(engine, spec, obj, bindings) for fn in _whi_ext.hooks(EXTENSIONS, "can_target"))

    def keep_pending(self, engine, pending) -> bool:
        keep = W.keep_pending(engine, pending)
        for fn in _whi_ext.hooks(EXTENSIONS, "keep_pending"):
            keep = keep and fn(engine, pending)
        return keep

    def use_costs(self, engine, player, obj, ability, action) -> list[dict]:
        return (W.trigger_use_costs(engine, player, obj, ability, action)
                + W.target_taxes(engine, player, obj, ability, action)
                + _whi_ext.collect(EXTENSIONS, "use_costs", engine, player, obj, ability, action))

    def play_costs(self, engine, player, obj, action) -> list[dict]:
        ab = next((a for a in obj.card.abilities if a.kind == "play"), None)
        lower = sum(_whi_ext.collect(EXTENSIONS, "cost_reductions", engine, player, obj, action))
        cost = max(0, W.printed_cost(obj, action) - lower) + F.loyalty_shortfall(engine, player, obj)
        return (([{"pay": cost}] if cost else []) + W.target_taxes(engine, player, obj, ab, action)
                + _whi_ext.collect(EXTENSIONS, "play_costs", engine, player, obj, action))

    def can_play(self, engine, player, obj, action) -> str | None:
        if obj.card.type in ("unit", "support", "quest") and engine.on("non_tactic_timing"):
            if engine.state.chain:
                engine.fire("non_tactic_timing")
                return "units, supports and quests cannot be played in response (playing non-tactic cards)"
            if engine.state.vars.get("phase") != "capital" or engine.state.vars.get("active") != player:
                engine.fire("non_tactic_timing")
                return "units, supports and quests are played in their owner's capital phase"
        if (engine.state.vars.get("phase") == "beginning" and engine.state.vars.get("active") != player):
            if not engine.on("beginning_action_window"):
                return "there is no action window for the non-active player at the beginning of the turn"
            engine.fire("beginning_action_window")
        if obj.card.extra.get("unique") and engine.on("unique_one_in_play"):
            if any(o.card.name == obj.card.name and o.controller == player for o in engine.in_play()):
                engine.fire("unique_one_in_play")
                return f"{obj.card.name} is unique and {player} already controls a copy in play"
        if "limited" in obj.card.keywords and engine.on("limited_one_per_turn"):
            data = engine.state.player_data[player]
            if data.get("limited_played"):
                engine.fire("limited_one_per_turn")
                return "a player may play only one Limited card each turn"
            data["limited_played"] = 1  # cleared by {begin: turn}
        return (_whi_ext.first(EXTENSIONS, "can_play", None, engine, player, obj, action)
                or W.can_play(engine, player, obj, action))

    def can_use(self, engine, player, obj, ability, action) -> str | None:
        timing = ability.get("timing")
        if timing == "beginning_of_turn":
            if engine.state.vars.get("phase") != "beginning" or engine.state.vars.get("active") != player:
                return "this Action is triggered at the beginning of its controller's turn"
        if "corrupted" in obj.flags and any("corrupt" in c for c in ability.get("cost") or []):
            return "it is already corrupted"
        return (_whi_ext.first(EXTENSIONS, "can_use", None, engine, player, obj, ability, action)
                or W.can_use(engine, player, obj, ability, action))

    def resolve_played_card(self, engine, item, obj) -> None:
        super().resolve_played_card(engine, item, obj)
        F.attach_played(engine, item, obj)
        _whi_ext.each(EXTENSIONS, "resolve_played_card", engine, item, obj)

    def state_checks(self, engine) -> bool:
        changed = F.control_sync(engine)
        if engine.on("zone_burns"):
            for o in engine.zone_objs("A", "capital") + engine.zone_objs("B", "capital"):
                if o.damage > CAPITAL_HP:  # damage beyond a burned zone has no effect
                    o.damage = CAPITAL_HP
                    engine.touch()
                    engine.fire("zone_burns")
                if o.damage >= CAPITAL_HP and "burning" not in o.flags:
                    o.flags.add("burning")
                    engine.touch()
                    engine.fire("zone_burns")
                    engine.log("zone_burned", card=o.label)
                    changed = True
        for fn in _whi_ext.hooks(EXTENSIONS, "state_checks"):
            changed = fn(engine) or changed
        return W.state_checks(engine) or changed


# -- steps ----------------------------------------------------------------------------------

def _corrupt(eng, st, b) -> bool:
    objs = eng.resolve_ref(st["corrupt"], b)
    ok = bool(objs)
    for o in objs:
        if "corrupted" in o.flags:
            ok = False
            continue
        if st.get("entering") and eng.eval(st["entering"], b) and eng.on("enters_in_state"):
            eng.fire("enters_in_state")  # enters play corrupted: no change of state (Fellblade FAQ)
            o.flags.add("corrupted")
            eng.touch()
            eng.log("entered_corrupted", card=o.label)
            continue
        o.flags.add("corrupted")
        eng.touch()
        eng.emit([{"type": "corrupted", "obj": o}])
    return ok


def _can_corrupt(eng, st, b) -> bool:
    objs = eng.resolve_ref(st["corrupt"], b)
    return bool(objs) and all("corrupted" not in o.flags for o in objs)


def _resolve_tactic(eng, st, b) -> bool:
    """{resolve_tactic: REF}: resolve the play effect of a tactic card (copied, or played by an
    effect without paying its cost) for the resolving player; its targets are chosen now."""
    objs = eng.resolve_ref(st["resolve_tactic"], b)
    player = b["you"]
    done = False
    for o in objs:
        ab = next((a for a in o.card.abilities if a.kind == "play"), None)
        if ab is None:
            continue
        x = 0
        if o.card.cost == "X":
            if eng.on("x_is_zero"):
                eng.fire("x_is_zero")
            else:
                x = int(eng.decide(player, "number", [], f"X for {o.label}"))
        cb = eng.bindings_for(b.get("this"), player, {"x": x})
        for spec in ab.get("targets") or []:
            legal = eng.legal_targets(spec, cb)
            if not legal:
                eng.log("effect_cancelled", source=o.label, reason="no_legal_target")
                return done
            cb[spec["name"]] = eng.obj(eng.decide(player, "pick", [t.label for t in legal], f"a target for {o.label}"))
        eng.log("resolving", source=o.label, ability=ab.name, x=x)
        eng.run_steps(ab.get("steps") or [], cb)
        done = True
    return done


def _restore(eng, st, b) -> bool:
    objs = eng.resolve_ref(st["restore"], b)
    for o in objs:
        o.flags.discard("corrupted")
        eng.touch()
    return bool(objs)


def _max_damage(eng, obj) -> int:
    """What it takes to destroy a unit (or burn a section): remaining hit points plus known
    cancellation shields."""
    shield = sum(e.remaining or 0 for e in eng.state.effects
                 if e.kind == "shield" and e.data.get("mode") == "cancel" and e.data.get("on") == obj.oid)
    return eng.obj_attr(obj, "remaining_hp") + shield


def _indirect(eng, st, b) -> bool:
    """Indirect damage: the damaged player assigns it among his units and capital sections."""
    player = eng.eval(st["indirect"], b)
    amount = eng.eval(st.get("amount", 1), b)
    if amount <= 0:
        return False
    units = [o for o in eng.in_play() if o.controller == player and o.card.type in ("unit", "legend")]
    sections = eng.zone_objs(player, "capital")
    options = [o.label for o in units + sections]

    def check(assign: dict) -> str | None:
        if sum(assign.values()) != amount:
            return f"must assign exactly {amount} damage, got {sum(assign.values())}"
        for label, n in assign.items():
            o = eng.obj(label)
            if o is None or label not in options:
                return f"{label} cannot be assigned {player}'s indirect damage"
            if "burning" in o.flags and eng.on("burning_zone_no_assign"):
                eng.fire("burning_zone_no_assign")
                return f"{label} is burning and cannot be assigned damage"
            if o.card.type in ("unit", "legend") and eng.on("indirect_cap") and n > _max_damage(eng, o):
                eng.fire("indirect_cap")
                return f"{label} cannot be assigned more damage than it takes to destroy it"
            extra = _whi_ext.first(EXTENSIONS, "indirect_check", None, eng, o, n)  # e.g. _whi_damage
            if extra:
                return extra
        return None

    assign = eng.decide_checked(player, "assign", options, f"where {player}'s {amount} indirect damage goes", check)
    eng.deal_damage(b.get("this"), {eng.obj(k).oid: v for k, v in assign.items()},
                    cancellable=st.get("cancellable", True))
    return True


# -- actions (fixture verbs) ------------------------------------------------------------------

def _begin(eng, player, act) -> None:
    """{begin: turn} -- the beginning of the active player's turn (phase 0)."""
    what = act["begin"]
    F.phase_ends(eng)
    if what == "turn":
        eng.state.vars["phase"] = "beginning"
        if player:
            eng.state.vars["active"] = player
        for data in eng.state.player_data.values():
            data["limited_played"] = 0  # Limited: one per turn
        _whi_ext.each(EXTENSIONS, "begin_phase", eng, "turn")
        if F.turn_begins_now(eng):
            eng.emit([{"type": "turn_begins", "player": eng.state.vars["active"]}])
    else:
        eng.state.vars["phase"] = what
        W.begin_phase(eng, what)
        F.after_phase_start(eng, what)
        _whi_ext.each(EXTENSIONS, "begin_phase", eng, what)
        eng.emit([{"type": "phase_begins", "phase": what, "player": eng.state.vars["active"]}])


def _attack(eng, player, act) -> None:
    """{player: A, attack: kingdom, attackers: [..]} -- declare the attacked zone and attackers."""
    zone = act["attack"]
    opp = eng.state.opponent(player)
    if zone not in SECTIONS:
        eng.fail(f"cannot attack {zone!r}: zones are {', '.join(SECTIONS)}")
    if W.skipped(eng, "battlefield"):
        eng.fail("the battlefield phase has been skipped this turn")
    attackers = []
    for label in act.get("with") or act.get("targets") or []:
        o = eng.obj(label)
        if o is None or o.where != f"{player}.battlefield":
            eng.fail(f"{label} cannot attack: only units in {player}'s battlefield attack")
        if "corrupted" in o.flags:
            eng.fail(f"{label} is corrupted and cannot be declared as an attacker")
        attackers.append(o)
    eng.state.vars["combat"] = {"attacker": player, "defender": opp, "zone": zone, "assign": {}}
    F.declare(eng, attackers, "attacking", "declared_attacker", player)


def _defend(eng, player, act) -> None:
    combat = eng.state.vars.get("combat")
    if not combat or combat["defender"] != player:
        eng.fail(f"{player} is not defending")
    defenders = []
    for label in act["defend"] or []:
        o = eng.obj(label)
        if o is None or o.where != f"{player}.{combat['zone']}":
            eng.fail(f"{label} cannot defend: it is not in the attacked zone")
        if "corrupted" in o.flags:
            eng.fail(f"{label} is corrupted and cannot be declared as a defender")
        if "cannot defend" in (eng.obj_attr(o, "keywords") or []):
            eng.fail(f"{label} cannot defend this turn")
        defenders.append(o)
    F.declare(eng, defenders, "defending", "declared_defender", player)
    if not eng.on("counterstrike"):
        return
    # Counterstrike triggers as the defender is declared; the effect then exists independently
    # of its source (clarification: card effects), even if state checks destroy the defender.
    strikes = [(o, W.keyword_value(eng, o, "counterstrike")) for o in defenders]
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
        tgt = eng.decide(player, "pick", [a.label for a in attackers], f"the attacker {o.label} counterstrikes")
        eng.deal_damage(o, {eng.obj(tgt).oid: x}, combat=True, cancellable=False)
    eng.settle_state()


def _combat_power(eng, obj, combat) -> int:
    """The combat damage a unit adds to its side's pool: its power (an extension may say otherwise,
    e.g. a legend's icons in the zone: _whi_legends.combat_power)."""
    got = _whi_ext.first(EXTENSIONS, "combat_power", None, eng, obj, combat)
    return got if got is not None else (eng.obj_attr(obj, "power") or 0)


def _assign(eng, player, act) -> None:
    """{player: A, assign: {Unit: 2, capital: 3}} -- combat damage assignment; applied together
    once both sides have assigned."""
    combat = eng.state.vars.get("combat")
    if not combat:
        eng.fail("there is no combat to assign damage in")
    side_units = [o for o in eng.in_play() if o.controller == player
                  and ("attacking" if player == combat["attacker"] else "defending") in o.flags
                  and "corrupted" not in o.flags]
    pool = sum(_combat_power(eng, o, combat) for o in side_units)
    assign = dict(act["assign"] or {})
    if sum(assign.values()) != pool:
        eng.fail(f"{player} must assign exactly {pool} combat damage, assigned {sum(assign.values())}")
    opp = eng.state.opponent(player)
    resolved: dict[int, int] = {}
    foes = [o for o in eng.in_play() if o.controller == opp and
            ("defending" if player == combat["attacker"] else "attacking") in o.flags]
    foes += [o for o in _whi_ext.collect(EXTENSIONS, "combat_foes", eng, combat, player) if o not in foes]
    for label, n in assign.items():
        if label == "capital":
            if player != combat["attacker"]:
                eng.fail("only the attacker assigns damage to the capital")
            obj = eng.obj(f"{opp} capital {combat['zone']}")
        else:
            obj = eng.obj(label)
            if obj is None or obj not in foes:
                eng.fail(f"{label} is not an opposing unit in this combat")
        resolved[obj.oid] = resolved.get(obj.oid, 0) + n
    if player == combat["attacker"] and eng.on("lethal_before_capital"):
        cap = eng.obj(f"{opp} capital {combat['zone']}")
        if resolved.get(cap.oid):
            eng.fire("lethal_before_capital")
            for d in foes:
                need = _max_damage(eng, d)
                if resolved.get(d.oid, 0) < need:
                    eng.fail(f"{d.label} must be assigned {need} damage (enough to destroy it) before any damage "
                             f"goes to the capital")
    if player in combat["assign"]:
        eng.fail(f"{player} has already assigned combat damage")
    combat["assign"][player] = resolved
    eng.log("combat_damage_assigned", player=player,
            assignment={eng.state.objects[k].label: v for k, v in resolved.items()})
    defenders = [o for o in eng.in_play() if "defending" in o.flags and "corrupted" not in o.flags]
    needed = {combat["attacker"]} | ({combat["defender"]} if defenders else set())
    if needed <= set(combat["assign"]):
        total: dict[int, int] = {}
        for part in combat["assign"].values():
            for k, v in part.items():
                total[k] = total.get(k, 0) + v
        units = {combat["attacker"]: [o for o in eng.in_play() if "attacking" in o.flags and "corrupted" not in o.flags],
                 combat["defender"]: defenders}
        F.excess_to_zone(eng, total)
        applied = eng.deal_damage(None, total, combat=True)
        W.combat_damage_dealt(eng, combat, applied, units)
        eng.settle()
        if eng.on("combat_ends"):
            eng.fire("combat_ends")
            for o in eng.in_play():
                o.flags -= {"attacking", "defending"}
        eng.state.vars["combat"] = None
        eng.touch()
        eng.log("combat_ended")


GAME = WarhammerInvasion
