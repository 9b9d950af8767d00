"""Rule registry: which corpus entry each engine mechanic implements, and ablation.

The core names its mechanics with short keys (``target_recheck``, ``replacement_order`` ...).
A game module binds each key it uses to the ids of the rule or clarification entries that
define it in that game's documents (``Mechanic``). Switching an id off ("ablation") switches
off every mechanic bound to it, each in the documented way (``off``).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from judge.errors import JudgeError


class UnboundMechanicError(JudgeError):
    """Code asked for a mechanic key that the game does not bind and the core does not know."""


@dataclass(frozen=True)
class Mechanic:
    """One engine mechanic as a game binds it: the key, the entry ids, and what "off" means."""

    key: str
    ids: tuple[str, ...]
    does: str
    off: str


#: Mechanics the core knows, with the default description of what switching them off does.
#: A game binds the ones its rules define; an unbound mechanic is always on and never traced.
CORE_MECHANICS: dict[str, tuple[str, str]] = {
    "new_object_on_zone_change": (
        "a card that changes zones becomes a new object: targets, modifiers and memory of the old one no longer apply",
        "the card keeps its identity across zones (targets and flagged modifiers still follow it)"),
    "target_legal_on_play": (
        "targets must meet their description when the ability is played or used",
        "any object may be chosen as a target"),
    "distinct_targets": (
        "one object can't be chosen as two targets of one ability",
        "the same object may fill several targets"),
    "target_recheck": (
        "targets are re-checked on resolution: all illegal -> cancelled, some illegal -> the rest resolve",
        "targets are not re-checked: the effect resolves on whatever was chosen"),
    "conditions_to_trigger": (
        "an ability whose condition is not met can't be played or used",
        "an ability may be played or used whatever its condition says; the condition counts only as it resolves"),
    "condition_recheck": (
        "(only where a game binds it) an ability's condition is checked again on resolution; if false the effect "
        "is cancelled",
        "conditions are checked only when the ability is played"),
    "chain_lifo": (
        "responses go on a chain that resolves last in, first out",
        "the chain resolves first in, first out"),
    "triggers_interrupt_chain": (
        "triggered abilities whose condition is met while a chain resolves resolve at once, before the next chain item",
        "triggered abilities wait until the whole chain has resolved"),
    "triggers_on_chain": (
        "(games with triggers_on_chain) a triggered ability goes on the chain as it triggers, its targets chosen "
        "then, and resolves when all players pass (before the next game action, at the latest at the end): the "
        "players may respond to it",
        "a triggered ability resolves as soon as it triggers: nobody can respond to it"),
    "triggers_resolve_before_chain": (
        "(games with triggers_resolve_before_chain) a triggered ability that triggers as a card is played or a "
        "power used (its costs paid) resolves as soon as that action is made, while the action waits on the chain",
        "it waits until the chain resolves (the players pass)"),
    "triggers_resolve_between_steps": (
        "(games with triggers_resolve_between_steps) a triggered ability that triggers during a step of a resolving "
        "effect (a card, a power, another triggered ability) resolves at once, before the effect's next step",
        "it waits until the whole effect has resolved"),
    "passes_consecutive": (
        "the chain resolves only when all players have passed in succession: an action after a pass gives the "
        "player who passed another chance",
        "a player who has passed stays passed for the rest of the chain, even if others add to it"),
    "effect_independent_of_source": (
        "once played, an effect resolves even if its source has left play",
        "an effect whose source left play is cancelled"),
    "cancel_stops_play": (
        "a cancelled play never happens: it does not resolve or trigger 'when played' powers",
        "'when played' powers trigger as soon as the play is announced, even if it is later cancelled"),
    "no_refund_on_cancel": (
        "costs paid for a cancelled action stay paid",
        "costs paid for a cancelled action are refunded (an exhausted card readies)"),
    "use_limit_per_object": (
        "'once per X' limits count per object and per ability",
        "'once per X' limits count per card name and power name"),
    "trigger_if_condition": (
        "a triggered ability with an if-condition triggers only if the condition is true",
        "if-conditions are ignored"),
    "trigger_every_instance": (
        "a trigger fires once for every instance of its event, simultaneous ones included",
        "a trigger fires once per batch of simultaneous events"),
    "pending_order_policy": (
        "simultaneous triggered abilities resolve in the order the game's policy gives",
        "simultaneous triggered abilities resolve in timestamp order, ignoring the policy"),
    "pending_pool_reordered": (
        "(games with pending_pool_reordered) an ability that triggers while a batch of waiting triggered abilities "
        "takes effect joins those still waiting, and the order policy applies to the whole pool again",
        "abilities that trigger while a batch takes effect wait until the whole batch has taken effect"),
    "enters_with_modifiers": (
        "'comes into play exhausted / with counters / with N damage' modifiers apply as the card enters (its "
        "damage tokens are placed, not dealt)",
        "the card enters play in its default state and is modified afterwards (its damage is dealt to it by "
        "the modifier's source)"),
    "continuous_timestamp_order": (
        "continuous modifiers apply in timestamp order",
        "continuous modifiers apply in reverse timestamp order"),
    "dependency_order": (
        "a modifier that depends on another applies after it",
        "modifiers apply in plain timestamp order"),
    "indefinite_current_state": (
        "an always-on modifier uses the current game state",
        "an always-on modifier uses the state from when its source entered play"),
    "definite_independent_of_source": (
        "a definite modifier from an action lasts its duration even if its source leaves",
        "a definite modifier ends when its source leaves play"),
    "definite_not_locked": (
        "a definite modifier affecting a group re-checks which cards it affects",
        "a definite modifier locks in the cards it affected when it was created"),
    "zone_modifier": (
        "a modifier that affects a zone affects the cards in that zone as they are now: one that enters the "
        "zone is affected, one that leaves it no longer is",
        "a modifier that affects a zone affects only the cards that were in it as it was created"),
    "while_condition": (
        "a modifier with a 'while' condition applies only while the condition is true",
        "the 'while' condition is ignored"),
    "replacement": (
        "'would ... instead' modifiers replace the event",
        "replacement modifiers do nothing"),
    "replacement_every_instance": (
        "a replacement modifier replaces every instance of its event, simultaneous ones included",
        "a replacement modifier replaces only the first of simultaneous events"),
    "replacement_even_if_impossible": (
        "a replacement replaces its event even if the modified events can't be done",
        "a replacement whose modified events can't be done does not apply"),
    "replacement_order": (
        "the affected player chooses the order of competing replacement modifiers",
        "competing replacements apply in timestamp order without a choice"),
    "replacement_active_player_first": (
        "of competing replacement modifiers of different players, the active player's apply first (he "
        "orders his own); only where a game binds it",
        "the affected player chooses among all the competing ones"),
    "replacement_simultaneous": (
        "the events that replace some of a batch of simultaneous events happen together with the rest of the "
        "batch, as one batch: triggers look at the state just before (or after) all of them; a card two of "
        "them would change (move, exhaust, flag) changes once",
        "each replacing event happens at once, as its own batch, while the rest of the batch waits"),
    "replacement_once": (
        "each replacement modifier applies at most once to an event (and what it became)",
        "a replacement may apply again to the event it produced"),
    "then_needs_success": (
        "a 'then' step happens only if the step before it succeeded",
        "'then' steps always happen"),
    "parts_independent": (
        "the parts of an effect joined by 'and' resolve independently: a part that fails or has no effect "
        "does not stop the others",
        "the parts after a part that had no effect are not applied (the effect stops there)"),
    "trigger_cost_or_cancel": (
        "a triggered ability with a cost pays it as it resolves, after its targets are chosen and before its effect; "
        "if the cost cannot be paid in full the effect is cancelled",
        "what can be paid is paid and the effect applies anyway"),
    "may_needs_full": (
        "a 'may' option can be chosen only if it can be done in full",
        "a 'may' option can be chosen even if only part of it can be done"),
    "or_needs_full": (
        "an 'or' option must be one that can be done in full",
        "any 'or' option may be chosen"),
    "as_much_as_possible": (
        "a step that can be done only in part is done as far as possible",
        "a step that cannot be done in full is not done at all"),
    "damage_net_effect": (
        "constant damage modifiers without trigger apply as a net effect on the base amount",
        "each damage modifier applies in turn on the running amount"),
    "damage_redirect": (
        "redirection shields move damage after assignment, before it is applied",
        "redirection shields are ignored"),
    "damage_cancel": (
        "cancellation shields remove damage after assignment, before it is applied",
        "cancellation shields are ignored"),
    "shields_not_cumulative": (
        "opt-in (only where a game binds it): shields that redirect/cancel 'the next X damage' to one object are not "
        "cumulative, they all watch the same next damage",
        "each shield takes its own share of the damage, one after another (cumulative)"),
    "lethal_damage_check": (
        "a unit with damage equal to or above its hit points is destroyed",
        "damage never destroys"),
    "remaining_hit_points": (
        "remaining hit points = hit points minus damage",
        "remaining hit points are read as hit points"),
    "floor_zero": (
        "a modifier can't reduce a number below zero (in games with floor_zero)",
        "modifiers may take a number below zero"),
    "floor_on_net": (
        "(games with floor_net) the floor at zero applies to the net effect of the always-on modifiers on a "
        "number: one that takes it below zero and one that raises it again add up first",
        "each modifier is floored in turn: a number one modifier took to zero is raised by the next"),
    "attachment_leaves_with_host": (
        "an attachment whose host left play is discarded",
        "an attachment stays in play when its host leaves"),
    "granted_powers": (
        "a modifier can give a card a quoted power (granted powers function like printed ones: action powers "
        "are used, triggered powers trigger, replacement powers replace)",
        "quoted powers given by modifiers are ignored"),
    "granted_power_targets_on_use": (
        "the targets of a granted power are chosen as that power is used, not when it is given",
        "the targets of a granted power are chosen (and fixed) as the power is given"),
    "simultaneous_modifier_order": (
        "continuous modifiers that start to apply simultaneously are ordered by the game's policy (players choose)",
        "simultaneous modifiers keep an arbitrary order (the order their cards were listed)"),
    "dependency_loop": (
        "modifiers that all depend on each other: for each card, start with the earliest one that applies to it, then each once in timestamp order",
        "a dependency loop has no starting point rule: its modifiers apply latest timestamp first, to all cards at once"),
    "next_trigger_simultaneous": (
        "a 'next time' triggered modifier triggers once for each of the simultaneous events that happen next, then ends",
        "a 'next time' triggered modifier triggers only once, even for simultaneous events"),
    "trigger_on_appear_disappear": (
        "a triggered power that appears or disappears at the same time as its trigger event still triggers",
        "a triggered power that appears or disappears together with its event does not trigger"),
    "played_card_in_no_zone": (
        "the card being played is in no zone while its costs are judged and paid: a cost cannot pick it from "
        "where it was played from (a 'discard a card from your hand' cost cannot discard it)",
        "the card being played is still in its zone while its costs are paid: a cost may take it"),
    "trigger_event_state": (
        "a trigger checks the state just before the event; for entering play, the state just after",
        "the timing is swapped: events are checked after they happen, entering play before"),
    "becomes_change_only": (
        "'becomes X' happens only when a card that was not X becomes X",
        "making an X card X again counts as it becoming X"),
    "flag_affected_cards": (
        "a modifier about the cards an earlier part affected flags them and applies only to them",
        "such a modifier re-checks its description and can affect other cards"),
    "next_trigger_used_up": (
        "a triggered modifier that triggers the 'next' time its event happens is used up once it has triggered "
        "(for every one of the simultaneous events that were next): it does not trigger again",
        "a 'next time' triggered modifier is not used up: it triggers again each time its event happens within "
        "its duration (until the game ends if it has none)"),
    "next_replacement_used_up": (
        "a replacement modifier that replaces the 'next' time its event would happen is used up once it has "
        "replaced one (it is gone: a second such event is not replaced), still within its duration",
        "a 'next time' replacement modifier is not used up: it replaces each such event within its duration "
        "(until the game ends if it has none)"),
    "next_replacement_simultaneous": (
        "a 'next time' replacement modifier replaces every one of the simultaneous events that would happen "
        "next (one batch), then is used up",
        "a 'next time' replacement modifier is used up by the first event of the batch it replaces: the other "
        "simultaneous events are not replaced"),
    "triggered_modifier_duration": (
        "a triggered modifier triggers only within its duration (it ends with it)",
        "a triggered modifier outlasts its duration"),
    "created_trigger_targets_on_trigger": (
        "no choice is made for a triggered modifier before it triggers: its targets are chosen each time it "
        "triggers, from what is legal then (a card that appeared after it was created can be chosen)",
        "a triggered modifier's targets are chosen as it is created, from what is legal then, and the same "
        "ones are used (and re-checked) each time it triggers; one with no legal choice then has none"),
    "extra_turn_limit": (
        "only one extra turn per turn however many 'go again' modifiers were created",
        "every 'go again' modifier gives an extra turn"),
    "moving_within_play": (
        "in a game whose play zones are parts of one play area, a card moved between them stays in play: it does "
        "not leave or enter play and stays the same card",
        "a card moved between play zones leaves play and enters it again as a new card"),
    "bonuses_cumulative": (
        "bonuses (and penalties) to the same characteristic from several effects add up (+10 speed twice is "
        "+20 speed, -1 power twice is -2)",
        "of several bonuses to the same characteristic of a card only the highest counts, of several penalties "
        "only the largest"),
    "separate_durations": (
        "the parts of one power with different durations are separate modifiers, each lasting its own duration",
        "a power's continuous parts are one modifier: each takes the duration of the power's first one"),
    "modifier_controller_at_creation": (
        "the controller of a definite modifier is the player who controlled the card that created it",
        "a definite modifier's controller is its source's current controller"),
    "trigger_needs_target": (
        "a triggered effect that targets is cancelled when one of its targets has no legal choice: none of it applies",
        "it resolves without that target: the parts that need it do nothing, the others still apply"),
    "controller_uses_powers": (
        "only a card's controller (its owner, for a card outside play, which no player controls) can use its powers",
        "any player may use any card's action powers, as that power's controller"),
    "powers_function_in_play": (
        "a card's powers function only while it is in play, unless a power says it functions in another area",
        "a card's powers function in every area (hand, deck, discard pile)"),
    "modifiers_affect_play_only": (
        "a modifier affects only cards in play, unless it says it affects cards in another area",
        "modifiers affect cards in every area (a card in hand or in the discard pile too)"),
    "restrictions_function_where_playable": (
        "a card's restriction on being played (its play condition) functions in the areas it is played from",
        "restrictions function only in play: a card is played from hand whatever its restriction says"),
    "dealt_after_cancellation": (
        "an object has been dealt damage only if at least one damage is applied to it after cancellation",
        "an object assigned damage counts as dealt damage even when cancellation removed all of it"),
    "costs_paid_in_full": (
        "a card is played, an ability used, only if all its costs can be paid (an optional replacement whose "
        "cost cannot be paid is not applied, nor offered among competing replacements; an optional triggered "
        "ability whose cost cannot be paid is not asked)",
        "costs that cannot be paid are skipped: the card is played, the ability used, the optional replacement "
        "offered and applied, the optional triggered ability asked, anyway"),
}


def rule_id(game: str, rid: str) -> str:
    """A rule id qualified with its game: ``rule_id("huntik", "701.4a")`` -> ``"huntik:701.4a"``
    (an id that already starts with the game id is returned as it is)."""
    return rid if not game or rid.startswith(game + ":") else f"{game}:{rid}"


@dataclass
class Registry:
    """Bindings of one game (mechanic key -> Mechanic)."""

    game: str
    mechanics: dict[str, Mechanic] = field(default_factory=dict)
    #: key -> (rules file, line of the key, line of each id) for keys bound from a rules.yaml
    sources: dict[str, tuple] = field(default_factory=dict)
    #: core mechanics this game's rules leave out (``absent:`` in its rules.yaml): key -> Mechanic whose
    #: ids are the rules whose text leaves the core default out ("does": why). Off while those rules are
    #: on; switching one of them off brings the core default back (Engine.on)
    absent: dict[str, Mechanic] = field(default_factory=dict)

    def bind(self, key: str, *ids: str, does: str | None = None, off: str | None = None) -> None:
        """Bind ``key`` to rule ids (short ids get the game id in front: ``rule_id``). Binding a
        key again adds ids (the first description stays unless a new one is given)."""
        ids = tuple(rule_id(self.game, i) for i in ids)
        if key not in CORE_MECHANICS and key not in self.mechanics and (does is None or off is None):
            raise KeyError(f"{self.game}: mechanic {key!r} is not a core mechanic; give does= and off=")
        d_does, d_off = CORE_MECHANICS.get(key, ("", ""))
        prev = self.mechanics.get(key)
        if prev is not None:  # bound again (another mechanics module): the rule ids add up
            ids = prev.ids + tuple(i for i in ids if i not in prev.ids)
            d_does, d_off = prev.does, prev.off
        self.mechanics[key] = Mechanic(key, tuple(ids), does or d_does, off or d_off)

    def mark_absent(self, key: str, *ids: str, why: str) -> None:
        """The core mechanic ``key`` is not a rule of this game: the rules ``ids`` leave it out (``why``)."""
        if key not in CORE_MECHANICS:
            raise KeyError(f"{self.game}: only a core mechanic can be absent, not {key!r}")
        self.absent[key] = Mechanic(key, tuple(rule_id(self.game, i) for i in ids), why,
                                    f"the core default applies: {CORE_MECHANICS[key][0]}")

    def ids(self) -> set[str]:
        """Every rule id switching off changes something: those bound to mechanics, and those leaving a core
        mechanic out (switched off, its default comes back)."""
        return {i for m in [*self.mechanics.values(), *self.absent.values()] for i in m.ids}

    def mechanics_for(self, rule_id: str) -> list[Mechanic]:
        return [m for m in self.mechanics.values() if rule_id in m.ids]

    def describe(self) -> list[dict]:
        return [{"mechanic": m.key, "ids": list(m.ids), "does": m.does, "off": m.off}
                for m in self.mechanics.values()]
