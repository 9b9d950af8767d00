"""Warhammer: Invasion LCG.

Architecture. The game plugs into the engine through the core hook contract (judge/engine/hooks.py):
``WarhammerInvasion`` (below) first, then the modules of ``MODULES`` in that order. Every module
registers its own fixture verbs, step verbs and expression functions (hook ``register``); no verb is
registered twice or wrapped. A hook only one module answers is that module's function of the hook's
name (costs: ``play_costs`` / ``use_costs``, targeting: ``can_target``, attachments:
``resolve_played_card``, damage: ``damage_batch``); ``text_blank`` is answered by keywords (Feared, experience)
and effects (a blanked text box, a development's missing one), either one blanks it.
A hook several mechanics answer, where their order is part of the behaviour (which reason is
reported, which rule is cited, the order of events), is a method of ``WarhammerInvasion`` that calls
the modules in the order written in it: ``obj_attr``, ``adjust_attr``, ``can_play``, ``can_use``,
``observe``, ``keep_pending``, ``state_checks``. Rule bindings (mechanic key -> rule ids, what it does,
what switching it off means): rules.yaml, checked at load by judge/engine/bindings.py.

=================  ====================================================================================
module             owns
=================  ====================================================================================
common             game id, capital zones, keyword values, printed cost, one spelling of a race
capital            capital sections (setup, burning, excess damage, victory; losing with an empty deck), racial affiliation
turn               ``begin`` / ``end`` verbs: phases, kingdom income, quest draw, skips, extra phases
combat             ``attack`` / ``defend`` / ``ambush`` verbs: declaring attackers and defenders, allowed attacks, Ambush X,
                   the units that attacked this phase
combat_damage      ``assign`` verb: combat damage pools, to the opposing units, lethal before capital, after combat (Raider, Scout)
legends            legends and fulcrums: their power, attacks on them, defending, fulcrum protection
defending          the defending player and the defending zone (the attacked player and the target): ``in_defending_zone``
quests             ``quest`` verb, units moving onto quests, quest tokens
developments       ``develop`` / ``play_development`` verbs, face-down cards, developments as units
costs              play and use costs: printed, lowered, raised, loyalty (card scripts: Urguck, Iron Discipline)
next_cost          'lower the cost of the next <card> you play': the lowerings waiting, the card that uses one up
targeting          target taxes ('unless they pay N'), which targets count, put into play from out of play, targets before costs
timing             when cards are played and Actions used, B-2 cost triggers, an Action's part before 'Then'
windows            the phases' action windows: either player takes Actions in them
priority           priority to start an action chain (the first player first, then the next); not acting on it is a pass
triggered          triggered Actions (once, first opportunity, after leaving play), Forced effects lost
tactic_triggers    tactics whose Action has a trigger condition: played once it is met (fed to triggered)
playing            where cards are played from, Hero / unique, X, cards played or put into play by effects
putting           put into play by a card effect (reveal and put, 'in any of your zones': a checked zone choice)
limited            one Limited card each turn, played or put into play
damage             indirect and non-combat damage, moving damage, healing, prevent / redirect
movement           moving cards between zones, leaving combat when moved, control moving a card
attachments        attachments (attached on play, requirements)
keywords           Savage, Counterstrike, Feared, Experience
decks              draw, discard, reveal, search / look at, discard pile order, mulligan
leaving            sacrifice (own cards only, not destroy), replacement of cards leaving together
corruption         corrupt and restore
effects            sentence breaks, what Forced costs and effects trigger, blank text boxes, constant effects out of play
card_scripts       the few card effects the effect language does not express, one card each (SCRIPTS)
rules.yaml         mechanic key -> rule ids, does, off
=================  ====================================================================================
"""
from __future__ import annotations

from typing import Any

from judge.engine.game import NOT_MINE, GameModule

from . import (attachments, capital, card_scripts, combat, costs, damage, decks, developments, effects, keywords,
               leaving, legends, limited, movement, playing, quests, tactic_triggers, timing, triggered, windows)
from . import turn as turn_mod
from .card_scripts import SCRIPTS
from .common import G, SECTIONS, faction_of

#: the mechanic modules, in the order they take part in hooks (each registers its own verbs and functions)
MODULES = ("capital", "turn", "combat", "combat_damage", "legends", "defending", "quests", "developments", "costs", "next_cost",
           "targeting",
           "timing", "windows", "priority", "triggered", "tactic_triggers", "playing", "putting", "limited", "damage", "toughness", "movement", "attachments", "keywords", "decks",
           "leaving", "corruption", "effects", "card_scripts")


#: the ``adjust_attr`` chain in its order, each part with the attributes it can change (it returns
#: any other one unchanged, with no side effect): a read runs only the parts of its attribute, and
#: about a quarter of the reads (``attached_to``, ``zone``, ``damage`` ...) none; ~21k reads a round
_ADJUST_CHAIN = (
    (damage.hit_points, ("hp",)),
    (developments.facedown_blank, developments.FACEDOWN_CHANGES),
    (developments.development_view, developments.VIEW_CHANGES),
    *((script, card_scripts.ATTRIBUTE_CHANGES) for script in card_scripts.POINTS["attribute"]),  # each in turn
    (movement.effect_control, ("controller",)),
    (movement.hero_control, ("controller",)),
    (keywords.experience_view, tuple(keywords.EXPERIENCE)),
    (developments.no_faction, ("faction",)),
)
_ADJUSTERS: dict[str, tuple] = {}
for _adjust, _names in _ADJUST_CHAIN:
    for _name in _names:
        _ADJUSTERS[_name] = _ADJUSTERS.get(_name, ()) + (_adjust,)


class WarhammerInvasion(GameModule):
    id = G
    name = "Warhammer: Invasion LCG"
    zones = ("deck", "hand", "discard", "kingdom", "quest", "battlefield", "capital", "legend", "common", "stack",
             "held")  # held: out of play, attached to a card in play (The Unending Horde): card_scripts.py
    play_zones = SECTIONS + ("legend", "common")  # a legend's area; the common play area (fulcrums): legends.py
    permanent_types = ("unit", "support", "quest", "legend")
    then_starts_sentence = True  # every 'Then,' of its cards begins a sentence: a sentence break (effects.py)
    damageable_types = ("unit", "legend")
    leave_verbs = {"destroy": ("discard", "destroy"), "sacrifice": ("discard", "sacrifice")}
    object_flags = ("corrupted", "attacking", "defending", "development", "questing", "experience")
    # questing: true, or the quest of its zone it quests on (a zone may hold two): quests.quests_on
    object_flag_cards = {"questing": ("quest", "quest_on")}
    entering_kinds = ("enters_zone",)  # movement.event_kinds: a moved unit entered its new zone
    trait_text = {"Hero": ("Limit one Hero per zone",)}  # playing.hero_blocked, movement.hero_control
    card_scripts = SCRIPTS
    player_fields = ("resources", "capital", "limited_played")
    state_vars = {"active": "A", "phase": "capital", "turn": 1}
    state_phases = ("beginning", "kingdom", "quest", "capital", "battlefield", "end")  # turn.TURN_SEQUENCE
    durations = ("turn", "phase")  # until the end of the turn / phase (turn.py)
    played_event_timing = "announce"
    floor_zero = True
    #: costs.free_play_costs: what a card played for 'no cost' pays besides its text's costs (playing.py
    #: asks it through the hook: costs imports playing)
    #: combat_damage.open_combat_at_phase_end: turn.phase_ends asks it (combat_damage imports turn, through combat)
    game_hooks = {"free_play_costs": "collect", "open_combat_at_phase_end": "changed"}
    #: 'you can only sacrifice units you control' (leaving.sacrifice): a choice of what to sacrifice too
    own_cards_verbs = {"sacrifice": "sacrifice_own_only"}
    floor_net = True  # "always apply the net effect of Constant Effects that do not have a trigger"
    #: an Action's lasting effect counts in that net too: "that kind of action creates a continuous effect ... a
    #: constant effect that lasts until the end of the turn" (FAQ, Combat). -2 then +2 on a 1-power unit is 1 in
    #: either order, not 0 then 2 (blind45: the order of two plays decided it)
    floor_net_all = True
    #: a card a continuous effect makes a faceup development has no text box (developments.no_text_box): the
    #: core leaves out the modifiers of its constant effects in the view where it is one
    view_blanking_attrs = ("faceup_development",)
    counter_kinds = ("resource",)  # resource tokens on cards (quests, Grudgebearer ...)
    #: keywords are card effects of the text box (clarification:card-effects): a blank one has no printed
    #: keyword for any reader (has(), has:/lacks:, the keyword mechanics through common.keyword_values)
    keywords_in_text_box = True
    #: combat.py, combat_damage.py: the attackers, the defenders, combat damage (capital: the attacked section)
    action_forms = {"attack": {"with": "cards"}, "defend": {"defend": "cards"},
                    "assign": {"assign": ("amounts", "capital")}}
    paid_cost_verbs = ("exhaust", "corrupt")  # a corrupt cost is a paid cost (no_refund_on_cancel)

    def register_handlers(self) -> None:
        legends.guarded_leave_steps(self, leaving.sacrifice)

    def limit_period(self, engine, per: str) -> Any:
        """'(Limit once per phase.)': this phase of this turn -- an additional battlefield phase (Bash 'Em!) is
        another phase (turn.phase_number), and the same phase of a later turn another one. Other periods
        (turn, ...) as the engine counts them."""
        if per == "phase":
            return turn_mod.phase_period(engine)
        return super().limit_period(engine, per)

    def extra_labels(self) -> dict[str, str]:
        return capital.section_labels(self.players)

    def setup(self, engine, spec: dict) -> None:
        capital.create_sections(engine, self.players, spec)
        quests.assign_listed_questers(engine)
        movement.control_sync(engine)  # a listed constant control effect: its card starts in its controller's zone
        attachments.place_listed(engine)
        triggered.start_in_beginning_phase(engine)

    # -- attributes ---------------------------------------------------------------------------------
    def obj_attr(self, engine, obj, name: str) -> Any:
        if name == "burning":
            return "burning" in obj.flags
        if name == "section":
            return obj.memory.get("section")
        if name == "loyalty":
            return obj.card.extra.get("loyalty", 0)
        if name == "faction":
            return faction_of(obj)
        if name == "zone":
            got = combat.attacking_zone(engine, obj)
            if got is not NOT_MINE:
                return got
        if name == "resource_tokens":
            return obj.counters.get("resource", 0)
        if name == "entered_discard_this_turn":
            return decks.entered_discard_this_turn(engine, obj)
        if name in ("cost", "x"):
            got = playing.x_attr(engine, obj, name)
            if got is not NOT_MINE:
                return got
        if name == "faceup":
            return developments.faceup_attr(obj)
        if name == "power":
            got = legends.legend_power(engine, obj)
            if got is not NOT_MINE:
                return got
        if name == "cost":
            got = costs.cost_attr(engine, obj)
            if got is not NOT_MINE:
                return got
        if name == "attacked_this_phase":
            return combat.attacked_this_phase(engine, obj)
        if name == "questing":
            return quests.questing(obj)
        return effects.constant_out_of_play(engine, obj, name)

    def adjust_attr(self, engine, obj, name: str, value: Any) -> Any:
        for adjust in _ADJUSTERS.get(name, ()):
            value = adjust(engine, obj, name, value)
        return value

    # -- playing and using ----------------------------------------------------------------------------
    def can_play(self, engine, player, obj, action) -> str | None:
        reason = timing.play_timing(engine, player, obj, action) or windows.non_active_action(engine, player, obj)
        if reason:
            return reason
        timing.forget_paying(engine)
        return (timing.own_play_timing(engine, player, obj, action)
                or tactic_triggers.why_not_play(engine, player, obj, action)
                or attachments.why_not_attach(engine, player, obj, action)
                or playing.zone_only(engine, player, obj, action)
                or playing.from_zone_and_entry(engine, player, obj, action))

    def others_card_rule(self, engine, player, obj, action) -> str | None:
        return playing.others_card_rule(engine, obj, action)

    def can_use(self, engine, player, obj, ability, action) -> str | None:
        reason = (timing.use_timing(engine, player, obj, ability)
                  or windows.non_active_action(engine, player, obj, ability)
                  or developments.why_not_use(engine, player, obj, ability, action)
                  or quests.why_no_quester(engine, obj, ability)
                  or capital.why_burning_zone(engine, obj, ability))
        if reason:
            return reason
        # the timing and window checks allowed it (a window permission may have fired): a refusal below is
        # its own rule's, not theirs
        engine.begin_check()
        timing.forget_paying(engine)
        return (triggered.first_opportunity_passed(engine, obj, ability, player)
                or playing.nothing_to_play(engine, player, obj, ability)
                or costs.lowering_used_in_play(engine, ability)
                or effects.blank_action(engine, obj, ability)
                or triggered.why_lost(engine, player, obj, ability, action)
                or triggered.why_not_use(engine, player, obj, ability, action))

    def use_action(self, engine, player, obj, action):
        return triggered.use_after_leaving(engine, player, obj, action)

    # -- timing, triggers, replacement ----------------------------------------------------------------
    def observe(self, engine, events: list[dict]) -> None:
        # Most batches are one event and most notes look at one event type: a note is taken only
        # when the batch has an event of its type (on any other batch it does nothing).
        types = {e["type"] for e in events}
        zone_change = "zone_change" in types
        if zone_change:
            leaving.owners_out_of_play_zone(engine, events)  # first: the notes below see where the card went
        if events:
            triggered.note_conditions(engine, events)
        if "moved" in types:
            movement.note_entered_zone(engine, events)
        if "damage_applied" in types:
            keywords.savage(engine, events)
        if "declared_attacker" in types:
            combat.note_attackers(engine, events)
            keywords.feared(engine, events)
        if zone_change:
            keywords.necromancy_note(engine, events)
            decks.discard_order(engine, events)
            playing.note_entered_together(engine, events)
            playing.put_in_as_played(engine, events)
            developments.note_discarded_type(engine, events)
        if "moved" in types:
            quests.quests_moved(engine, events)
        if "control_changed" in types or zone_change:
            movement.note_control_changed(engine, events)
        if "control_changed" in types:
            quests.control_moved(engine, events)
            movement.control_leaves_combat(engine, events)
            movement.control_entered_zone(engine, events)
        if "card_played" in types:
            timing.in_play_when_played(engine, events)
        if "card_played" in types or zone_change:
            limited.note_limited_played(engine, events)  # played, or put into play by an effect
        triggered.note_met_at(engine)
        combat.ambush_over(engine, events)
        timing.cost_triggers(engine)
        if not types.isdisjoint(card_scripts.AFTER_EVENTS_TYPES):
            card_scripts.notify("after_events", engine, events)  # one may resolve the chain: after the notes above
        if zone_change:
            decks.note_discarded(engine, events)
        triggered.one_or_more(engine, events)

    def keep_pending(self, engine, pending) -> bool:
        return (triggered.keep_leaving_trigger(engine, pending)
                and triggered.leaving_controller_triggers(engine, pending)
                and playing.keep_entry_trigger(engine, pending)
                and developments.keep_trigger(engine, pending)
                and triggered.keep_forced(engine, pending)
                and combat.keep_combat_trigger(engine, pending)
                and quests.keep_quest_trigger(engine, pending)
                and combat.hold_ambush_text(engine, pending))

    def state_checks(self, engine) -> bool:
        changed = movement.control_sync(engine)
        changed = capital.burn_sections(engine) or changed
        changed = capital.victory(engine) or changed
        changed = capital.deck_out(engine) or changed
        for check in (attachments.requirements, attachments.occupy_host_zone, playing.illegal_entry,
                      developments.faceup_changes, combat.declaration_only):
            changed = check(engine) or changed
        quest_tokens = quests.tokens_need_quester(engine)
        return developments.owner_only(engine) or quest_tokens or changed


GAME = WarhammerInvasion
