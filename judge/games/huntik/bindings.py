"""Huntik's rule bindings: each mechanic key the engine and this package use, bound to the rule
(700-712) that states it."""
from __future__ import annotations

from judge.engine.rules import Registry

G = "huntik"


def rid(local: str) -> str:
    return f"{G}:{local}"


def bind(reg: Registry) -> None:
    reg.bind("granted_powers", rid("700.1"))
    reg.bind("exhaust_power_needs_ready", rid("701.2"),
             does="only a ready hero or obstacle can use an exhaust action power, and doing so exhausts it",
             off="an exhausted hero may use an exhaust action power too")
    reg.bind("use_limit_per_object", rid("701.3"))
    reg.bind("cancel_stops_play", rid("701.4"))
    reg.bind("no_refund_on_cancel", rid("701.4a"))
    reg.bind("trigger_every_instance", rid("702.1"))
    reg.bind("next_trigger_simultaneous", rid("702.1a"))
    reg.bind("trigger_if_condition", rid("702.2"))
    reg.bind("trigger_on_appear_disappear", rid("702.3"))
    reg.bind("trigger_event_state", rid("702.4"))
    reg.bind("becomes_change_only", rid("702.5"))
    reg.bind("pending_order_policy", rid("702.6"))
    reg.bind("target_legal_on_play", rid("704.1"))
    reg.bind("distinct_targets", rid("704.1b"))
    reg.bind("granted_power_targets_on_use", rid("704.1c"))
    reg.bind("enters_with_modifiers", rid("705.1b"))
    reg.bind("as_much_as_possible", rid("706.3"))
    reg.bind("may_needs_full", rid("706.8"))
    reg.bind("one_shot_no_duration", rid("707.1"),
             does="a one-shot modifier has no duration: what it did (readying a hero) is not undone when the turn ends",
             off="one-shot modifiers are undone at the end of the turn (a hero readied by one exhausts again)")
    reg.bind("extra_turn_limit", rid("707.2"))
    reg.bind("indefinite_current_state", rid("708.2"))
    reg.bind("while_condition", rid("708.3a"),
             does="a definite modifier with a 'while' condition applies only while it is true; the condition "
                  "is not a duration: the modifier applies again whenever it is true again within its duration",
             off="the 'while' condition is ignored")
    reg.bind("definite_independent_of_source", rid("708.3c"))
    reg.bind("definite_not_locked", rid("708.3d"))
    reg.bind("flag_affected_cards", rid("708.3e"))
    reg.bind("triggered_modifier_duration", rid("709.1"))
    reg.bind("replacement", rid("710.1"))
    reg.bind("replacement_order", rid("710.1a"))
    reg.bind("replacement_every_instance", rid("710.1b"))
    reg.bind("replacement_even_if_impossible", rid("710.1c"))
    reg.bind("replacement_once", rid("710.1d"))
    reg.bind("continuous_timestamp_order", rid("711.1"))
    reg.bind("simultaneous_modifier_order", rid("711.3"))
    reg.bind("dependency_order", rid("712.2"))
    reg.bind("dependency_loop", rid("712.3"))
