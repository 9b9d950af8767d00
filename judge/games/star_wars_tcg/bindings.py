"""Star Wars TCG rule bindings: each mechanic key the engine and this package use, bound to the
entry of rules_corpus/star-wars-tcg/ability-rulings-blog.txt that states it."""
from __future__ import annotations

from judge.engine.rules import Registry

G = "star-wars-tcg"


def rid(local: str) -> str:
    return f"{G}:{local}"


def bind(reg: Registry) -> None:
    # -- triggered abilities ----------------------------------------------------------
    reg.bind("pending_order_policy", rid("ruling:triggered-abilities-4"),
             does="waiting triggered abilities: all the Dark Side's first (in the Dark Side player's "
                  "order), then the Light Side's",
             off="waiting triggered abilities take effect in timestamp order, whatever their side")
    reg.bind("trigger_if_condition", rid("ruling:triggered-abilities-2"))
    reg.bind("pool_certain", rid("ruling:triggered-abilities-3"),
             does="a triggered ability in the pool takes effect even if its conditions stopped being true",
             off="a waiting triggered ability whose 'if' condition is no longer true does nothing")
    reg.bind("held_during_effects", rid("clarification:held-triggered-abilities"),
             rid("ruling:held-triggered-abilities-4"),
             rid("ruling:abilities-and-battle-cards-with-multiple-3"),
             does="abilities that trigger while an ability or Battle card takes effect wait until it "
                  "has finished",
             off="a triggered ability takes effect as soon as it triggers, in the middle of the effect")
    reg.bind("no_other_triggers_in_chance", rid("ruling:held-triggered-abilities-3"),
             rid("ruling:held-triggered-abilities-5"), rid("ruling:held-triggered-abilities-6"),
             does="during a chance to reroll dice or prevent damage, other waiting triggered abilities "
                  "(and those that trigger during it) are held until the chance is over, then take "
                  "effect normally",
             off="other triggered abilities take effect during those chances as soon as they trigger")
    reg.bind("reroll_trigger_timing", rid("ruling:held-triggered-abilities-1"),
             rid("ruling:held-triggered-abilities-7"),
             does="a triggered ability that allows rerolls takes effect only during a chance to reroll "
                  "dice: held outside it, not held during it",
             off="triggered reroll abilities are held and released like any other triggered ability")
    reg.bind("prevent_trigger_timing", rid("ruling:held-triggered-abilities-2"),
             rid("ruling:held-triggered-abilities-8"),
             rid("ruling:abilities-and-battle-cards-with-multiple-3"),
             does="a triggered ability that prevents damage takes effect only during a chance to "
                  "prevent damage: held outside it (until the next one), not held during it",
             off="triggered prevention abilities are held and released like any other triggered ability")
    reg.bind("chances_mid_effect", rid("ruling:abilities-and-battle-cards-with-multiple-1"),
             rid("ruling:abilities-and-battle-cards-with-multiple-2"),
             does="an ability or Battle card's parts are followed in order; the chances to reroll dice "
                  "and prevent damage happen in the middle, at the part that rolls or does damage",
             off="all the instructions are followed first; the chance to prevent comes too late")
    reg.bind("prevention_any_damage", rid("ruling:overload-2"),
             does="any damage (an ability's, Overload's self-damage ...) can be prevented, evaded and "
                  "deflected like attack damage",
             off="only attack damage gets a chance to prevent damage")
    # -- Lucky and rerolls ------------------------------------------------------------
    reg.bind("keyword_values_stack", rid("faq:lucky-stack-example-anakin-skywalker-j-gives-unit"),
             rid("ruling:abilities-2"),
             does="effects are cumulative: several instances of a keyword add up (Lucky 1 + Lucky 2 = "
                  "Lucky 3), and two granted 'Evade 1' abilities are two abilities, each usable once",
             off="only the highest instance counts")
    reg.bind("lucky_capped_by_power", rid("faq:lucky-stack-example-anakin-skywalker-j-gives-unit"),
             does="Lucky higher than the attacker's power rerolls dice equal to that power",
             off="Lucky X needs X attack dice to reroll: it can't be used when X exceeds the dice rolled")
    reg.bind("lucky_reroll_exact", rid("faq:suppose-power-2-unit-lucky-2-roll-hit"),
             does="Lucky X rerolls exactly X attack dice (hits and misses alike)",
             off="Lucky X rerolls only dice the user dislikes (misses for the attacker, hits for the defender)")
    reg.bind("reroll_dark_first", rid("faq:reroll-dice"),
             rid("faq:light-side-unit-power-3-lucky-3-attacks"),
             does="in the reroll 'play or pass' chance the Dark Side player chooses first; it ends when "
                  "both players pass in a row",
             off="the Light Side player chooses first")
    reg.bind("triggered_rerolls_first", rid("faq:dice-reroll-ability-jar-jar-binks-resolve-like"),
             rid("faq:reroll-dice"), rid("faq:reroll-dice:example-1"),
             does="triggered reroll abilities resolve before the chance to play reroll abilities and "
                  "Battle cards (Lucky)",
             off="triggered reroll abilities wait until the play-or-pass reroll chance is over")
    # -- keywords -----------------------------------------------------------------------
    reg.bind("accuracy", rid("keyword:accuracy"),
             does="Accuracy X adds X to each attack die",
             off="Accuracy does nothing")
    reg.bind("natural_six", rid("keyword:accuracy"),
             does="Critical Hit counts natural sixes only (the die itself shows 6)",
             off="a die whose total after bonuses is 6 or more counts as a six")
    reg.bind("stun", rid("keyword:stun"),
             does="a unit damaged by a unit with Stun X gets -X power until end of battle",
             off="Stun does nothing")
    reg.bind("stun_needs_damage", rid("ruling:stun-1"),
             does="if all the damage is prevented, Stun doesn't kick in",
             off="Stun applies to a unit the Stun unit tried to damage, even if all of it was prevented")
    reg.bind("stun_any_damage", rid("ruling:stun-2"),
             does="Stun works whenever the unit damages another unit, not only with attack damage",
             off="Stun works only with attack damage")
    reg.bind("deflect_source", rid("ruling:stun-3"), rid("ruling:stun-4"),
             does="deflected damage is done by the deflecting unit",
             off="deflected damage is still done by the unit (or card) that did the original damage")
    reg.bind("intercept", rid("keyword:intercept"),
             does="Intercept: the attack on another of your units in the same arena now attacks this unit",
             off="Intercept does not change the defending unit")
    reg.bind("retaliate", rid("keyword:retaliate"),
             does="Retaliate X: when the attack ends, the attacked unit does X dice of damage to its attacker",
             off="Retaliate does nothing")
    reg.bind("retaliate_when_destroyed", rid("keyword:retaliate:example-1"),
             does="Retaliate may be used even if the attack destroyed the unit",
             off="a unit discarded during the attack can't Retaliate")
    reg.bind("retaliate_during_attack",
             rid("faq:according-rules-activated-abilities-two-units-intercept-retaliate"),
             does="Intercept doesn't make a new attack: a unit that used Retaliate while attacked still "
                  "does its damage when the attack ends, wherever the attack has moved",
             off="only the unit attacked when the attack ends retaliates")
    reg.bind("once_per_attack",
             rid("faq:according-rules-activated-abilities-two-units-intercept-retaliate:example-1"),
             does="one attack is one opportunity: each unit's Intercept and Retaliate can be used once",
             off="Intercept and Retaliate can be used again in the same attack")
    reg.bind("overload_at_end", rid("ruling:overload-1"), rid("ruling:triggered-abilities-1"),
             rid("keyword:overload"),
             does="Overload's self-damage is set up to happen later: it waits until the attack ends",
             off="Overload's self-damage is done at once, when the power bonus is taken")
    reg.bind("overload_bonus_attack", rid("ruling:overload-3"),
             does="Overload's power bonus lasts only until the attack ends",
             off="Overload's power bonus lasts until the end of the battle phase")
    reg.bind("overload_every_attack", rid("ruling:overload-4"),
             does="each time the unit attacks, Overload can be used again (bonus and self-damage again)",
             off="Overload can be used once per turn")
    reg.bind("overkill_remaining_health", rid("clarification:overkill"),
             does="Overkill's excess hits are those above the defending unit's remaining health",
             off="excess hits are those above the defending unit's health, ignoring its damage")
    reg.bind("overkill_divides_hits", rid("faq:happens-apply-overkill-hoth-battle-plains-battle-droid"),
             does="Overkill divides the hits; damage-doubling applies only when the damage resolves",
             off="the doubled damage is divided (doubling first, then Overkill)")
    reg.bind("activated_not_attack", rid("ruling:activated-abilities-1"), rid("ruling:activated-abilities-2"),
             does="an activated ability used when the unit would attack is not an attack: no 'attacks' "
                  "triggers, and 'can't attack' / 'can't be attacked' don't stop it",
             off="using such an ability counts as attacking")
    reg.bind("no_abilities_partially_built", rid("ruling:abilities-1"),
             does="a partially built card's abilities can't be used (or pay Upkeep) until it is deployed",
             off="a partially built card's abilities work in the build zone")
    reg.bind("discard_from_hand", rid("clarification:discard"),
             does="a card that is discarded (e.g. to pay 'Discard a card') comes from your hand",
             off="any of your cards out of play (hand or build zone) may be discarded")
    reg.bind("bounty_next_build_step", rid("faq:earn-bounty"), rid("faq:try-pay-upkeep-before-earning-bounty"),
             does="a bounty earned is received at the start of the next turn's build step, as a "
                  "triggered ability (Dark Side first; with Upkeep, in the order the player chooses)",
             off="a bounty is received as soon as it is earned")
    reg.bind("upkeep_must_pay", rid("ruling:upkeep-1"),
             does="if you can pay Upkeep, you must pay it",
             off="you may choose not to pay Upkeep (and discard the unit)")
    reg.bind("upkeep_everywhere", rid("ruling:upkeep-2"),
             does="a unit's Upkeep is paid even if it retreated, is part of a stack or pilots a unit",
             off="only units in the arenas pay Upkeep")
    # -- pilots -------------------------------------------------------------------------
    reg.bind("lethal_damage_check", rid("ruling:piloting-units-5"))
    reg.bind("pilot_moves_with_unit", rid("ruling:pilots-7"),
             does="if a piloted unit moves (discarded, returned to hand, build zone), its Pilot moves with it",
             off="the Pilot stays behind in the Character arena")
    reg.bind("unit_stays_without_pilot", rid("ruling:pilots-6"),
             does="if the Pilot is moved or discarded, the unit stays where it is",
             off="the unit follows its Pilot")
    reg.bind("pilot_not_attackable", rid("ruling:piloting-units-2"),
             does="a Pilot on a unit can't be attacked; only units can",
             off="a Pilot on a unit may be attacked like a unit")
    reg.bind("pilot_not_unit", rid("ruling:piloting-units-1"), rid("ruling:piloting-units-3"),
             does="a Pilot on a unit isn't a unit (effects on units don't affect it; it can't attack) but "
                  "is still a Character with its subtypes",
             off="a Pilot on a unit still counts as a unit")
    reg.bind("pilot_stats_ignored", rid("ruling:piloting-units-4"),
             does="a Pilot's speed and power don't matter while it is on a unit",
             off="the Pilot's speed and power add to the unit's")
    reg.bind("separate_damage", rid("ruling:piloting-units-6"),
             does="damage on the Pilot doesn't count against the unit's health, and vice versa",
             off="the Pilot's and the unit's damage count together against the unit's health")
    reg.bind("pilot_unit_abilities", rid("ruling:piloting-units-7"),
             does="a Pilot on a unit can use its normal abilities that still apply, but not ones that "
                  "affect 'this unit' (it isn't a unit)",
             off="a Pilot on a unit can use its 'this unit' abilities too")
    reg.bind("pilot_onto_unit", rid("ruling:pilots-1"),
             does="Characters with the Pilot ability can move onto your Space or Ground units, giving "
                  "them their Pilot bonuses",
             off="Pilots stay in the Character arena")
    reg.bind("pilot_type_match", rid("ruling:pilots-2"), rid("ruling:pilots-2:example-1"),
             does="a Pilot goes only on a unit of the type before the word 'Pilot', and only 1 Pilot per unit",
             off="a Pilot may go on any of your Space or Ground units, however many Pilots it has")
    reg.bind("no_pilot_on_droid", rid("ruling:pilots-3"),
             does="a Pilot can't go on a unit with the Droid subtype",
             off="Droid units may be piloted")
    reg.bind("pilot_text_only_on_unit", rid("ruling:pilots-4"), rid("ruling:pilots-4:example-1"),
             does="none of the abilities after 'Pilot' work while the Pilot is in the Character arena",
             off="a Pilot in the Character arena gets its own Pilot bonuses")
    reg.bind("pilot_move_once", rid("ruling:pilots-during-the-build-step-1"),
             does="during your build step you can move each of your Pilots once",
             off="a Pilot may be moved any number of times in a build step")
    reg.bind("pilot_from_build_zone", rid("ruling:pilots-during-the-build-step-2"),
             does="a Pilot moves onto a unit from the build zone or from the Character arena",
             off="a Pilot moves onto a unit only from the Character arena")
    reg.bind("pilot_to_unit_anywhere", rid("ruling:pilots-during-the-build-step-3"),
             does="a Pilot moved from one unit to another may go to a unit of the right type in any "
                  "arena or in the build zone",
             off="the other unit must be in the Space or Ground arena")
    reg.bind("pilot_move_off", rid("ruling:pilots-during-the-build-step-4"),
             does="a Pilot may be moved off its unit to the Character arena or the build zone",
             off="a Pilot can't be moved off its unit")
    reg.bind("no_pilots_at_setup", rid("clarification:pilots-during-setup"),
             does="Pilots can't go on units during setup (they go to the Character arena)",
             off="Pilots may be put on units during setup")
    reg.bind("pilot_untaps", rid("clarification:pilots-during-the-ready-phase"),
             does="a tapped Pilot on a unit untaps normally during the ready phase",
             off="only units untap (a Pilot on a unit isn't a unit)")
    reg.bind("retreat_with_pilot", rid("clarification:pilots-during-the-retreat-step"),
             does="a unit with a Pilot retreats only if both are untapped; both tap. The Pilot may "
                  "retreat alone",
             off="only the unit needs to be untapped and it alone taps")
    reg.bind("restack_pilot_fit", rid("keyword:unique-pilots"), rid("keyword:unique-pilots:example-1"),
             does="a Pilot stack rearranged on a unit must have a top card that can go on that unit, "
                  "else the Pilot moves (another unit, the Character arena or the build zone)",
             off="the new top card stays on the unit whatever its Pilot type")
