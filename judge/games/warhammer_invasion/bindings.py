"""Rule bindings of Warhammer: Invasion: mechanic key -> the rule ids whose text defines it (with what
the mechanic does and what switching it off means). Bound in this order (binding a key again adds ids)."""
from __future__ import annotations

from .common import rid


def _bind_game(reg) -> None:
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


def _bind_clarifications(reg) -> None:
    ta = rid("clarification:triggered-actions-formerly-response-actions")
    reg.bind("triggered_action_once", ta,
             does="a Triggered Action can be used once per copy and once per time its trigger condition is met",
             off="once its trigger condition is met, a Triggered Action may be used any number of times")
    reg.bind("triggered_action_after_leaving", ta,
             does="a Triggered Action whose condition was met stays usable at the next opportunity even if its card "
                  "has since left play",
             off="a card that changed zones loses the trigger conditions it met")
    reg.bind("leave_play_self_referential", rid("clarification:leaving-play"),
             does="only self-referential abilities ('this unit') trigger after their card has left play",
             off="every ability of a card leaving play still triggers off that (look-back for all)")
    reg.bind("non_tactic_timing", rid("clarification:playing-non-tactic-cards"),
             does="units, supports and quests are played only in their owner's capital phase, never in response",
             off="they may be played at any time, in response too")
    reg.bind("self_referential_lookback", rid("clarification:leaving-play"),
             does="a self-referential ability ('this unit') that triggers on leaving play triggers after the card left",
             off="a card that has left play triggers nothing, self-referential or not")
    reg.bind("floor_zero", rid("clarification:reduction"))
    reg.bind("attachment_leaves_with_host", rid("clarification:attachments"))
    reg.bind("constant_in_play_only", rid("clarification:constant-effects"),
             does="constant effects apply only to cards in play",
             off="a card's own constant effects also apply to it out of play")
    reg.bind("cost_is_printed", rid("clarification:cost"), rid("clarification:loyalty"),
             does="'cost' in a card effect is the printed cost; loyalty is not part of it",
             off="'cost' in a card effect includes the card's loyalty")
    reg.bind("heal_needs_damage", rid("clarification:healing"),
             does="healing removes damage tokens; a unit without damage can't be healed (the heal fails)",
             off="healing an undamaged unit counts as done")
    reg.bind("sacrifice_not_destroy", rid("clarification:sacrifice"), rid("clarification:destroy"),
             does="a sacrificed card is not destroyed (destroy effects and 'if destroyed' replacements don't see it)",
             off="sacrificing is treated as destroying")
    reg.bind("one_hero_per_zone", rid("clarification:limit-one-hero-per-zone"),
             does="no second Hero can be played or put into a zone that already has a Hero",
             off="any number of Heroes per zone")
    reg.bind("search_extra", rid("clarification:search"),
             does="'search an additional card' modifiers add to every search (not to 'look at')",
             off="search modifiers are ignored")
    reg.bind("skip_phase", rid("clarification:the-word-skip"),
             does="a skipped phase is bypassed (once, however many effects skip it)",
             off="'skip' does nothing")
    reg.bind("move_in_play_only", rid("clarification:in-play"),
             does="a card effect that moves a card moves it only between in-play zones",
             off="a move may take the card to an out-of-play zone")
    reg.bind("necromancy_capital_phase", rid("clarification:play"),
             does="a card played with Necromancy (from the discard pile) only in its owner's capital phase",
             off="Necromancy cards may be played from the discard pile at any time")
    reg.bind("unique_restriction", rid("clarification:put-into-play"),
             does="put into play does not bypass the unique restriction",
             off="a second copy of a unique card may be put into play")
    reg.bind("target_tax_targeting_only", rid("clarification:target"),
             does="'cannot target ... unless they pay' costs apply only to effects that say 'target'",
             off="they apply to every opposing effect, targeting or not")
    reg.bind("dealt_damage_in_combat", rid("clarification:dealing-damage-in-combat"),
             does="every unit that added damage to the pool has dealt damage in combat if at least 1 point of the "
                  "pool was applied to an opposing unit or capital",
             off="the pool is split per unit in declaration order; a unit has dealt damage only if its own share "
                 "was applied")
    reg.bind("savage", rid("keyword:savage-x"),
             does="Savage X: when the unit is dealt damage, it deals X damage to a target unit in a corresponding zone",
             off="Savage does nothing")
    reg.bind("savage_stacks", rid("keyword:savage-x:note-1"),
             does="Savage from several sources adds up",
             off="only the largest Savage value counts")
    reg.bind("move_damage_uncancellable", rid("clarification:moving-damage"),
             does="moved damage is neither dealt nor assigned: it bypasses damage cancellation",
             off="moved damage is dealt to the new unit (cancellation applies)")
    reg.bind("quest_tokens_need_quester", rid("clarification:quests"),
             does="resource tokens on a quest with no unit questing on it are removed at once",
             off="tokens stay on an unquested quest")
    reg.bind("moved_unit_leaves_combat", rid("clarification:moving-cards"),
             does="a unit moved out of the battlefield / defended zone no longer attacks / defends; a questing "
                  "unit moved off its zone no longer quests",
             off="moved units keep attacking, defending and questing")
    reg.bind("discard_order_owner", rid("clarification:entering-the-discard-pile"),
             does="the owner orders cards entering his discard pile together",
             off="they enter in the engine's order")
    reg.bind("kingdom_income", rid("clarification:kingdom-phase"),
             does="kingdom phase: unspent resources go back; the active player may restore one corrupted card and "
                  "takes resources equal to the power in his kingdom",
             off="the kingdom phase changes nothing")
    reg.bind("quest_draw", rid("clarification:quest-phase"),
             does="quest phase: the active player draws cards equal to the power in his quest zone",
             off="the quest phase draws nothing")
    reg.bind("one_development_per_turn", rid("clarification:capital-phase"),
             does="one card per capital phase may be played face down as a development",
             off="any number of developments per turn")
    reg.bind("development_owner_only", rid("clarification:developments"),
             does="a development controlled by a player who doesn't own it is discarded; a face-up development "
                  "has no text, power, cost, traits or hit points",
             off="anyone may control a development")
    reg.bind("combat_ends", rid("clarification:battlefield-phase"),
             does="after combat damage is applied, units are no longer attacking, defending or in combat",
             off="units stay attacking / defending after combat")
    reg.bind("turn_effects_expire", rid("clarification:conditional-actions"),
             rid("clarification:1-action-window-go-to-b"),
             does="at the end of the turn, 'end of turn' forced effects resolve, then effects lasting until the end "
                  "of the turn (conditional Actions included) expire",
             off="effects never expire at the end of the turn")


def _bind_damage(reg) -> None:
    # core mechanic (engine deal_damage): fully cancelled damage is not dealt
    reg.bind("dealt_after_cancellation", rid("clarification:dealt-damage"))
    ids = rid("clarification:attachments")
    reg.bind("attachment_requirements_always", ids,
             does="an attachment's requirements other than its zone requirement must be met at all times; when one "
                  "is not, the attachment is discarded from play",
             off="an attachment's requirements are checked only when it enters play")
    reg.bind("attachment_zone_on_entry", ids,
             does="an attachment's zone requirement is met only when it enters play: its host may later change zones",
             off="the zone requirement must be met at all times too (the attachment is discarded when its host moves)")

    reg.bind("indirect_section_cap", rid("clarification:indirect-damage"),
             does="no more indirect damage may be assigned to a capital section than it takes to burn it",
             off="any amount of indirect damage may be assigned to a capital section")
    reg.bind("indirect_bonus_plain", rid("faq:card-effect-deals-uncancellable-indirect-damage-like-pigeon"),
             does="indirect damage an effect adds to another effect's indirect damage is ordinary (cancellable) "
                  "indirect damage, dealt on its own",
             off="the added indirect damage takes the kind of the damage it adds to (uncancellable stays "
                 "uncancellable)")
    reg.bind("dealt_after_attached", rid("faq:play-unit-already-damaged-unit-destroyed"),
             does="a 'when the attached unit is dealt damage' effect sees only damage dealt after the card is "
                  "attached: damage already on the unit does not count",
             off="damage already on the unit counts as dealt to it when such an attachment is attached")


    ids = (rid("clarification:non-combat-damage"), rid("errata:core-rulebook-page-17"))
    reg.bind("noncombat_damage_immediate", *ids,
             does="non-combat damage (a card effect's damage, indirect damage) is applied as soon as it is assigned, "
                  "before any other actions can be taken",
             off="assigned non-combat damage waits: an action window opens between its assignment and its "
                 "application (players may act -- cancel, redirect, move the unit -- before it is applied)")


def _bind_terms(reg) -> None:
    # "Playing a card triggers an action chain ... Once the rest of the action chain is completed, the
    # card will either resolve its effect or enter play"; example: "resolved in a last in, first out manner".
    reg.bind("chain_lifo", rid("clarification:entering-play"), rid("clarification:entering-play:example-1"))
    # Capital phase: "Active player may play character, support, and quest cards from his hand".
    reg.bind("non_tactic_timing", rid("clarification:capital-phase"))
    # Battlefield phase: "Active player simultaneously declares all attackers ... Defending player
    # simultaneously declares all defenders".
    reg.bind("declare_all_at_once", rid("clarification:battlefield-phase"))
    # Out of play example: the knight has left play, so "his power is treated as zero".
    reg.bind("new_object_on_zone_change", rid("clarification:out-of-play:example-1"))
    # In play example: Pistoliers' move "cannot cause this unit to go to an out of play zone".
    reg.bind("move_in_play_only", rid("clarification:in-play:example-1"))
    # Search example: with Scout Camp in play, "you would search the top six cards ... instead of the top five".
    reg.bind("search_extra", rid("clarification:search:example-1"))
    # Twin Tailed Comet example: "X is defined as 0 in the copied effect".
    reg.bind("x_is_zero", rid("ruling:twin-tailed-comet:example-1"))
    reg.bind("illegal_entry_sacrificed", rid("clarification:entering-play:example-2"),
             rid("faq:play-end-times-reveal-multiple-copies-same-unique"),
             does="units whose entering play together makes an illegal state (copies of one unique card, Heroes "
                  "in one zone) are sacrificed at once except the one their owner keeps; their 'enters play' "
                  "effects trigger only for the unit that stays",
             off="units that entered play together stay in play even in an illegal state, and all their "
                 "'enters play' effects trigger")
    reg.bind("skip_once_per_phase", rid("clarification:the-word-skip:example-1"),
             does="several effects skipping the same phase skip only that single phase",
             off="each further skip of an already skipped phase skips that player's next such phase too")


def _bind_developments(reg) -> None:
    ex1 = rid("clarification:developments:example-1")
    ex2 = rid("clarification:developments:example-2")
    ex3 = rid("clarification:developments:example-3")
    reg.bind("development_owner_only", ex1)  # bound again: adds the id, keeps the description
    reg.bind("development_zone_control", ex1,
             does="a card turned face down into a development is controlled by the player whose zone it occupies "
                  "(an attachment occupies the zone of the unit it is attached to)",
             off="a card turned into a development keeps its controller")
    reg.bind("type_change_in_place", ex1, ex2, rid("faq:turn-grimgor-ironhide-face-up-rip-dere-eads"),
             does="a card that changes from a development to another card type was already in play: it does not "
                  "enter play ('enters play' effects do not trigger)",
             off="a development turned face up into a unit counts as that unit entering play")
    reg.bind("development_no_text", ex2,
             does="a development (face down, or face up and only a development) has no text box: its abilities "
                  "neither trigger nor can be used",
             off="a development's printed abilities still work")
    reg.bind("faceup_development_blank", ex2, rid("faq:happens-play-judgement-loec-unit"),
             does="a face-up development has no power, cost, loyalty, traits or hit points (it keeps its title "
                  "and stays in play)",
             off="a face-up development keeps its printed characteristics")
    reg.bind("faceup_development_clears_tokens", ex2, ex3,
             does="a card that becomes a face-up development loses all its damage and resource tokens",
             off="its tokens stay on it")
    reg.bind("development_keeps_corruption", rid("faq:happens-play-judgement-loec-corrupted-unit"),
             does="a corrupted unit that becomes a development is a corrupted development, and reverts to a "
                  "corrupted unit",
             off="becoming a development restores the card (it is no longer corrupted)")
    reg.bind("development_stops_questing", rid("faq:happens-play-judgement-loec-unit"),
             does="a questing unit that becomes a development is removed from its quest (it stays in that zone)",
             off="it keeps questing")
    reg.bind("enters_as_development", rid("faq:kairos-fateweaver-play-play-development-into-zone-warpstone"),
             does="a card played as a development enters play as a development; an effect that makes "
                  "developments units applies to it only once it is in play",
             off="such an effect applies as the card enters play (it enters play as a unit)")
    reg.bind("discard_printed_type", rid("faq:developments-destroyed-while-kairos-fateweaver-play-trigger-quest"),
             rid("faq:development-played-hand-destroyed-card-effect-dwarf-unit"),
             does="cards enter the discard pile as their printed card type, whatever type they had in play",
             off="a card enters the discard pile as the type it had in play (a development as a development)")
    reg.bind("quest_moves_alone", rid("faq:quest-moved-quest-zone-different-zone-unit-questing"),
             does="a quest moved to another zone moves alone: the unit questing on it remains in its zone",
             off="the unit questing on a quest moves with it")
    reg.bind("corrupted_cannot_attack", rid("faq:corrupted-unit-questing-wolves-north-use-quests-ability"),
             does="a corrupted unit cannot be declared as an attacker, even when an effect lets it attack from "
                  "outside the battlefield (Wolves of the North overrides only where and when it may attack)",
             off="an effect that lets a questing unit attack also overrides the corrupted restriction")
    reg.bind("attack_not_in_battlefield", rid("faq:savage-gors-quest-sack-tor-aendris-quest-zone"),
             does="a unit attacking as though it were in the battlefield stays in its zone: its Battlefield "
                  "abilities stay inactive",
             off="while it attacks, it counts as being in the battlefield")
    reg.bind("quest_in_any_zone", rid("faq:quest-control-moved-into-kingdom-battlefield-zone-send"),
             does="a unit may be sent questing on a quest its controller controls in any zone",
             off="units are sent questing only on quests in the quest zone")
    reg.bind("all_in_play_includes_own", rid("faq:ability-war-boar-affect-controllers-quests-well"),
             does="an ability that affects all cards of a kind 'in play' affects every player's cards of that kind, "
                  "its controller's included",
             off="such an ability affects only the cards its controller's opponents control")
    tf = rid("faq:opponent-master-rune-dismay-play-sacrifice-three-developments")
    reg.bind("cost_lowering_printed_only", tf,
             does="a card's own ability that lowers its cost lowers only its printed cost (to no less than 0); "
                  "additional costs other cards impose are added afterwards and paid in full",
             off="the lowering applies to the whole cost to play the card (printed cost plus additional costs): "
                 "lowering it by more than its printed cost absorbs the additional costs")
    reg.bind("additional_cost_each_source", tf,
             does="each card in play that makes a card cost more to play adds its amount (one additional resource "
                  "for each Master Rune of Dismay)",
             off="several copies of the same card impose their additional cost only once")


def _bind_timing(reg) -> None:
    reg.bind("triggered_action_window", rid("ruling:b-action-window-1"),
             rid("clarification:triggered-actions-formerly-response-actions"),
             does="a Triggered Action can only be triggered in the Action Window that follows its trigger "
                  "condition; when that window closes (a new phase or step of the turn begins) it can no longer "
                  "be triggered",
             off="a Triggered Action whose condition was met stays usable in later Action Windows")
    reg.bind("triggered_action_this_turn", rid("clarification:b-action-window"),
             does="a Triggered Action must have met its trigger condition this turn: conditions met in an earlier "
                  "turn no longer allow it",
             off="a trigger condition met in an earlier turn still allows the Triggered Action")
    reg.bind("triggered_action_next_chain", rid("faq:opponent-plays-jealous-eyes-response-beginning-turn-action"),
             rid("ruling:b-action-window-1"),
             does="a Triggered Action not yet triggered when an action chain resolves may still start the next "
                  "action chain of the same Action Window (its first opportunity)",
             off="a Triggered Action that could have joined an action chain lapses once that chain has resolved")
    reg.bind("passes_consecutive", rid("ruling:b-action-window-3"))
    reg.bind("cost_triggers_resolve_first", rid("ruling:b-action-window-2"),
             does="Constant / Forced effects triggered by paying the costs of an Action resolve at once (Go to A), "
                  "before anyone can respond and before the action chain resolves",
             off="they wait until the action chain resolves (after the Action on top of the chain)")
    reg.bind("cancel_any_action", rid("faq:mage-loec-cancel-cancel-tactic-card"),
             does="an effect that cancels 'an Action' can cancel any Action: a tactic played or a card's Action "
                  "ability, from hand or not; never the playing of a unit, support card or development",
             off="only Action cards played from hand (tactics) can be cancelled as 'an Action'")
    reg.bind("attachment_play_targets", rid("faq:opponent-plays-attachment-support-card-unit-respond-iron"),
             does="playing an Attachment on a unit is an Action that targets that unit",
             off="the unit an Attachment is played on is not a target of the play")
    reg.bind("forced_cost_or_cancel", rid("clarification:c-resolving-a-constant-forced-effect"),
             does="a Constant / Forced effect pays its costs after its targets are chosen and before it applies; "
                  "if the costs cannot be paid the effect is cancelled",
             off="the effect applies even when its costs cannot be paid")
    reg.bind("effect_play_in_chain", rid("clarification:card-effects-resulting-in-playing-cards"),
             rid("faq:card-gathering-winds-work-use-play-spell-spell"),
             does="a card played by a card effect while a chain resolves resolves at once, as part of that chain "
                  "(no new action chain, no responses)",
             off="it starts a new action chain that resolves after the current one")
    sorcerer = rid("faq:trigger-action-sorcerer-tzeentch-opponent-respond-iron-discipline")
    reg.bind("then_clause_not_cost", sorcerer,
             does="a part of an Action not written as a cost (Sorcerer of Tzeentch: 'put a resource token on this "
                  "unit. Then, ...') is part of the effect: it happens when the Action resolves, so cancelling the "
                  "Action stops it too",
             off="that part happens as the Action is triggered, like a cost, and stays if the Action is cancelled")
    reg.bind("then_targets_declared", sorcerer,
             does="the targets of every part of an Action, a 'Then' clause's too, are declared when it is triggered: "
                  "while on the chain the Action targets them (effects that answer actions targeting a unit apply)",
             off="a 'Then' clause's target is only chosen when that clause resolves: while on the chain the Action "
                 "does not target it")
    reg.bind("target_tax_on_chain", rid("faq:opponent-plays-attachment-support-card-unit-respond-iron"), sorcerer,
             does="an effect 'until the end of the turn, cancel any other action that targets this unit unless its "
                  "controller pays N' (Iron Discipline) also applies to actions already on the chain when it resolves "
                  "(played in response to them): each is cancelled unless its controller pays",
             off="it applies only to actions triggered after it has resolved; those already on the chain are not taxed")
    reg.bind("end_chain_when_played", rid("faq:opponent-plays-jealous-eyes-response-beginning-turn-action"),
             does="a card that says 'When this card is played, immediately end and resolve the current action chain' "
                  "(Jealous Eyes) ends the chain as it is played: the chain resolves at once, no one can respond",
             off="it joins the action chain like any Action: players may still respond before the chain resolves")
    reg.bind("play_effects_during_play", rid("faq:difference-between-play-effects-such-spellsinger-something-enters"),
             does="a card being played is not in play while its play is on the action chain: 'when you play' effects "
                  "are triggered in that chain and cannot target it; it enters play when the play resolves, and "
                  "'enters play' effects are triggered in a later action chain (they can target the card itself)",
             off="a played card (a development from hand, a unit or support) is in play as soon as it is played: "
                 "'when you play' effects can target it and 'enters play' effects trigger during its play's chain")
    scion = rid("faq:play-charge-silver-helms-scion-everqueen")
    reg.bind("hp_cannot_be_reduced", scion,
             does="a unit whose hit points cannot be reduced may still be targeted by effects that subtract hit "
                  "points, but they have no effect on it",
             off="effects subtracting hit points lower its hit points like any unit's")
    reg.bind("and_parts_independent", scion,
             does="the parts of an effect joined by 'and' resolve independently: a part that has no effect does not "
                  "stop the others",
             off="the parts after a part that had no effect are not applied (the effect stops there)")
    reg.bind("forced_interrupts_sentence_break", rid("faq:forced-effect-hidden-sorceress-interrupt-action-snotling-invasion"),
             rid("ruling:3-resolve-the-action-chain-4"),
             does="a Constant / Forced effect triggered by one sentence of a resolving effect interrupts that effect at "
                  "the sentence break: it resolves before the next sentence is applied",
             off="effects triggered while an effect resolves wait until the whole effect (every sentence) has resolved")


SHAGGOTH = rid("faq:put-shaggoth-champion-into-play-call-brayherd")
SLAVES = rid("faq:use-seeking-new-slaves-take-control-unit-already")
CHURCH = rid("ruling:church-of-sigmar")
CANNON = rid("ruling:warp-lightning-cannon")
TUNNEL = rid("faq:triggger-tunnel-fighters-ability")
GRUDGE = rid("faq:unit-gains-resource-tokens-own-effect-like-grudgebearer")
LELANSI = rid("ruling:lelansi-rune-of-resistance")
GREATSWORDS = rid("ruling:the-greatswords")
SELLSWORDS = rid("faq:veteran-sellswords-battlefield-happens-opponent-unit-paranoia-attached")
URGUCK = rid("ruling:urguck")
ORDER = rid("ruling:order-in-chaos")
LORD_DEAD = rid("ruling:lord-of-the-dead")
WURRZAG_1 = rid("ruling:wurrzag-morks-teef-ritual-1")
WURRZAG_2 = rid("ruling:wurrzag-morks-teef-ritual-2")
KORHIL = rid("ruling:korhil")
BASH_EM = rid("ruling:bash-em")
XIRATP = rid("ruling:xiratp")


def _bind_cards(reg) -> None:
    reg.bind("x_defined_everywhere", SHAGGOTH,
             does="X that a card defines has that value both in play and out of play (so a cost X is the defined "
                  "number in the deck)",
             off="a card's definition of X applies only while it is in play; out of play X is 0")
    reg.bind("put_into_play_from_out_of_play", SLAVES,
             does="only a card in an out-of-play zone (deck, hand, discard pile) can be put into play: not a card in "
                  "play, nor one entering play on the chain",
             off="an effect that puts a card into play may take a card in play or on the chain")
    reg.bind("tax_modifies_opponent", CHURCH,
             does="'opponents cannot target your units unless they pay' modifies the opponent: it applies to your "
                  "units in play, out of play and entering play",
             off="it protects only your units in play (like a constant effect on the units)")
    reg.bind("attach_despite_failed_part", CANNON,
             does="an attachment that also corrupts its host can be played on an already corrupted unit: it attaches "
                  "and only its 'corrupt that unit' part is cancelled",
             off="it cannot be played on a unit that is already corrupted")
    reg.bind("cost_lowering_on_announce", TUNNEL,
             does="an ability lowering the cost of the card it is on is used only as that card is announced "
                  "(played); once the card is in play it can no longer be used",
             off="the cost-lowering ability may also be used once the card is in play")
    reg.bind("blank_text_box", GRUDGE,
             does="a unit whose text box is blank has none of its abilities: no constant bonus (from its tokens), "
                  "no triggered effect",
             off="blanking the text box changes nothing")
    reg.bind("tokens_kept_when_blanked", GRUDGE,
             does="a unit keeps the resource tokens it gained from its own effect when its text box is blanked",
             off="blanking its text box removes the resource tokens its own effect put on it")
    reg.bind("replacement_of_card_leaving_together", LELANSI,
             does="a card destroyed at the same time as the cards its replacement effect protects still applies "
                  "that effect",
             off="a card leaving play in the same batch of events no longer applies its replacement effects")
    reg.bind("forced_move_impossible_sacrifice", SELLSWORDS,
             does="a unit that must move to a zone it is unable to move to creates an illegal game state and is "
                  "sacrificed",
             off="a unit that cannot make its forced move simply stays where it is")
    reg.bind("trigger_on_appear_disappear", GREATSWORDS)
    # -- slice cards-2 --
    reg.bind("damage_as_resources", URGUCK,
             does="damage a card lets its controller 'spend as though it were resources' pays costs: each damage token "
                  "removed from it counts as 1 resource spent (only while the card's condition holds, e.g. during "
                  "your capital phase)",
             off="damage on a card is never a resource: only resources in the pool pay costs")
    reg.bind("discard_to_deck_one_at_a_time", ORDER,
             does="'put the top N cards of a discard pile on top of the deck' moves them one at a time: the top card "
                  "first, then the next one onto it (their order is reversed)",
             off="the N cards are put on the deck together, keeping their order (the discard pile's top card ends on "
                 "top of the deck)")
    reg.bind("necromancy_needs_keyword", LORD_DEAD,
             does="'use the Necromancy ability on a card in your discard pile' can only pick a card that has the "
                  "Necromancy keyword",
             off="any unit in the discard pile may be picked (the effect grants Necromancy)")
    reg.bind("trigger_with_nothing_to_do", WURRZAG_1,
             does="an Action whose effect plays a card from your hand may be triggered even when you have no card "
                  "it could play (it then does nothing)",
             off="such an Action cannot be triggered unless you hold a card its effect could play")
    reg.bind("play_from_hand_mandatory", WURRZAG_2,
             does="an effect that plays a card from your hand must play one if you hold an eligible card: the "
                  "player cannot decline",
             off="the player may decline to play a card even when he holds an eligible one")
    reg.bind("enter_declared_attacker", KORHIL,  # also bound (same description) by _whi_errata_a, loaded later
             does="a unit put into play 'declared as an attacker' is declared as an attacker: 'declared as an "
                  "attacker' effects see it",
             off="it only enters play attacking (nothing sees a declaration)")
    # -- slice cards-3 --
    reg.bind("additional_phase_every_grant", BASH_EM,
             does="each effect granting an additional battlefield phase adds one more battlefield phase to the turn, "
                  "also after an additional one was already granted or taken (a third, a fourth ... battlefield phase)",
             off="only one additional battlefield phase per turn: a later grant in the same turn has no effect")
    reg.bind("permission_keeps_own_timing", XIRATP,
             does="a card played through another card's permission (e.g. from the discard pile) keeps its own timing "
                  "restriction: 'Play at the beginning of your turn' is still played only in the beginning-of-turn phase",
             off="playing a card through another card's permission lifts the card's own timing restriction")


def _bind_errata_a(reg) -> None:
    # The corpus has no rule text on a facedown development's faction; the General errata implies it:
    # "If you control a non-[faction] card" had to be narrowed to "a faceup non-[faction] unit or support
    # card" because a facedown development (no faction) counted as a non-[faction] card.
    reg.bind("development_no_faction", rid("errata:all-instances-of-if-you-control-a-non-faction"),
             does="a card in play as a facedown development shows no faction: it is a non-[faction] card "
                  "whatever card it is (what the General errata's added 'faceup' guards against)",
             off="a development keeps the faction of the card it is")
    reg.bind("spend_all_zero", rid("errata:asuryans-cleansing"),
             does="a player with no resources left can 'spend all resources in his pool' by spending 0",
             off="a player with an empty pool cannot spend 'all' his resources")
    reg.bind("enter_declared_attacker", rid("errata:banna-bearer"),
             does="a unit put into play 'declared as an attacker' is declared as an attacker: 'declared as an "
                  "attacker' effects see it",
             off="it only enters play attacking (nothing sees a declaration)")
    reg.bind("mutual_damage_simultaneous", rid("errata:duregan-thorgrimson"),
             does="two units that 'deal damage to each other' deal it simultaneously (one batch)",
             off="this unit deals its damage first; the other deals damage only if still in play afterwards")
    reg.bind("lose_actions_forced", rid("errata:eataine-harbour"),
             does="a card that loses its Actions and Forced Effects cannot trigger its Actions and its Forced "
                  "Effects do not trigger",
             off="losing Actions and Forced Effects has no effect")
    reg.bind("declaration_only", rid("errata:franzs-decree"),
             does="'cannot be declared as an attacker or defender' only stops a declaration: a unit already "
                  "attacking or defending keeps its status",
             off="such a unit also stops attacking or defending")
    reg.bind("one_or_more_once", rid("errata:garden-of-morr"),
             does="a 'when one or more ... are' trigger triggers once for all the cards of one simultaneous event",
             off="it triggers once per card")
    reg.bind("replace_whole_damage", rid("errata:protective-spites"),
             does="a replacement of 'would be dealt damage' replaces the whole dealing: all that damage is prevented",
             off="each use prevents 1 damage; the rest is dealt")


def _bind_errata_b(reg) -> None:
    reg.bind("zone_only_card", rid("errata:valley-of-many-eyes"),
             does="a card with '<Zone> only.' can only be played into that zone of its owner",
             off="a '<Zone> only.' card may be played into any zone")
    reg.bind("noted_at_trigger", rid("errata:the-unending-horde"),
             does="'the cards attached to this card when this Action was triggered': the cards held by the card "
                  "are noted as the Action is triggered (its costs paid); only those still held are put into play",
             off="every card held by the card when the Action resolves is put into play (also cards attached in "
                 "response, which were not paid for)")
    reg.bind("racial_affiliation_traits", rid("clarification:racial-affilation"),
             does="a card with the trait Skaven, Undead, Lizardmen or Wood Elf shares the racial affiliation of "
                  "its controller's capital (other cards share it when their race is the capital's race)",
             off="only a card's own race is compared with the capital's race")


LEGENDS = rid("clarification:legends")
LEGENDS_EX = rid("clarification:legends:example-1")
OUTSIDE = rid("clarification:attacks-made-outside-of-the-battlefield-phase")
FAQ_EXCESS = rid("faq:assign-excess-damage-capital-attacking-legend")
FAQ_FULCRUM_CAPITAL = rid("faq:attack-fulcrum-attack-battlefield-attack-players-capital-such")
FAQ_FULCRUM_OUTSIDE = rid("faq:attack-fulcrum-attack-made-outside-battlefield-phase-like")
FAQ_CORRUPTED = rid("faq:exact-consequences-legend-being-corrupted-relation-combat")
FAQ_FULCRUM_EFFECTS = rid("faq:fulcrums-affected-card-effects-like-beastman-incursion-cac")
FAQ_LEGEND_ATTACKS_FULCRUM = rid("faq:legends-attack-fulcrums")
FAQ_LEGEND_DEFENDS_FULCRUM = rid("faq:legends-defend-fulcrums-descendant-gods-attached")
FAQ_SCOUT_RAIDER = rid("faq:scout-raider-trigger-after-attack-fulcrum")
FAQ_TWO_ATTACKS = rid("faq:effects-based-attacking-defending-participating-surviving-combat-triggered")


def _bind_legends(reg) -> None:
    reg.bind("legend_power_weakest", LEGENDS, LEGENDS_EX,
             does="for card effects a legend's power is the number of power icons in its weakest zone",
             off="a legend's power is the total of its power icons in all zones")
    reg.bind("legend_zone_icons_in_combat", LEGENDS_EX,
             does="a legend attacked through a zone deals combat damage equal to its power icons in that zone",
             off="a legend deals combat damage equal to its power (the icons of its weakest zone)")
    reg.bind("legend_auto_defends", LEGENDS,
             does="when the defending player declares defenders, an attacked legend that is not corrupted is "
                  "declared as a defender automatically",
             off="an attacked legend defends only if its controller declares it")
    reg.bind("legend_no_zone_defense", LEGENDS, FAQ_LEGEND_DEFENDS_FULCRUM,
             does="a legend cannot defend a capital zone or a fulcrum unless a card effect lets it "
                  "(Descendant of Gods: keyword 'defends zones')",
             off="a legend may be declared as a defender of any attacked zone or fulcrum of its controller")
    reg.bind("legend_corrupted_no_combat", LEGENDS, FAQ_CORRUPTED,
             does="a corrupted legend cannot be declared as an attacker or defender, nor is it declared "
                  "automatically; attacked, it can be dealt combat damage but deals none and is not "
                  "participating in combat",
             off="a corrupted legend may attack and defend (and is declared automatically when attacked)")
    reg.bind("legend_can_attack", LEGENDS, FAQ_LEGEND_ATTACKS_FULCRUM,
             does="a legend may be declared as an attacker (in a zone, legend or fulcrum attack)",
             off="only units in the battlefield may be declared as attackers")
    reg.bind("legend_excess_ignored", FAQ_EXCESS,
             does="when a legend is attacked, all combat damage is assigned to the legend or defending units; "
                  "none can go to the zone (damage left over from destroying the legend is ignored)",
             off="damage beyond what destroys the legend may be assigned to the zone it is attacked through")
    reg.bind("fulcrum_attack_in_battlefield_phase", FAQ_FULCRUM_OUTSIDE,
             does="a fulcrum can only be attacked by the fulcrum attack of the battlefield phase (Cataclysm "
                  "rules), not by an attack a card effect allows outside the battlefield phase",
             off="any attack, also one made outside the battlefield phase, may target a fulcrum")
    reg.bind("fulcrum_attack_is_zone_attack", FAQ_FULCRUM_CAPITAL,
             does="an attack on a fulcrum controlled by a player is also an attack on the zone of his capital "
                  "that contains the fulcrum",
             off="an attack on a fulcrum is not an attack on the player's capital")
    reg.bind("fulcrum_leaves_only_targeted", FAQ_FULCRUM_EFFECTS,
             does="a fulcrum is not affected by card effects that do not target it: it leaves play only by an "
                  "effect that specifically targets it",
             off="a fulcrum leaves play like any other card (group effects too)")
    reg.bind("after_combat_needs_defending_player", FAQ_SCOUT_RAIDER,
             does="Scout and Raider have no effect after an attack on a fulcrum in the common play area (no "
                  "defending player); after an attack on a fulcrum a player controls they resolve as normal",
             off="Scout and Raider resolve after every attack")
    reg.bind("every_attack_is_a_combat", FAQ_TWO_ATTACKS,
             does="every attack follows all steps of combat (the fulcrum attack of a Cataclysm battlefield phase, "
                  "an attack made outside the battlefield phase): effects based on attacking, defending, "
                  "participating in or surviving combat happen in each",
             off="such effects happen only in the first combat of a phase")
    reg.bind("outside_attack_all_steps", OUTSIDE,
             does="an attack a card effect allows outside the battlefield phase follows all steps of the battlefield "
                  "phase: the defending player declares defenders, damage is assigned and applied as in combat",
             off="an attack outside the battlefield phase has no declare-defenders step")
    reg.bind("mulligan_hand_only", rid("ruling:undead-and-wood-elf-capital-boards"),
             does="a mulligan shuffles only the hand back into the deck; cards the capital board discarded or "
                  "placed as developments at setup stay",
             off="a mulligan also shuffles those discarded cards and developments back into the deck")
    # "Undead player decides the order of the discarded cards": the owner orders cards entering his
    # discard pile together (mechanic bound in _whi_rules to the entering-the-discard-pile clarification).
    reg.bind("discard_order_owner", rid("ruling:undead-and-wood-elf-capital-boards"))
    reg.bind("raider", rid("keyword:raider-x"),
             does="after combat damage is applied, the attacking player gains resources equal to the combined "
                  "Raider X of his attacking units that survived combat (instances add up)",
             off="Raider does nothing")
    reg.bind("scout_without_damage", rid("keyword:scout"),
             does="Scout triggers after combat when its unit participated and survived, even if no damage was "
                  "dealt in combat",
             off="Scout triggers only if damage was dealt in combat")


def bind_rules(reg) -> None:
    for bind in (_bind_game, _bind_clarifications, _bind_damage, _bind_terms, _bind_developments, _bind_timing,
                 _bind_cards, _bind_errata_a, _bind_errata_b, _bind_legends):
        bind(reg)
