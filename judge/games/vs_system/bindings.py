"""Vs. System rule bindings: each mechanic key the engine and this package use, bound to the rule,
note or ruling entry of rules_corpus/vs-system/marvel-knights-faq.txt that states it."""
from __future__ import annotations

from judge.engine.rules import Registry

G = "vs-system"


def rid(local: str) -> str:
    return f"{G}:{local}"


def bind(reg: Registry) -> None:
    reg.bind("concealed", rid("707.9"), rid("212.5e"),
             does="a character with concealed comes into play in its controller's hidden area; "
                  "every other character in the visible area",
             off="concealed is ignored: every character comes into play in the visible area")
    reg.bind("areas_same_zone", rid("212.5a"),
             does="moving a character between its controller's visible and hidden areas does not change "
                  "its zone: it stays the same object (modifiers and counters stay)",
             off="moving between areas puts the character into play anew as a new object")
    reg.bind("hidden_not_defender", rid("601.3e"), rid("701.17"), rid("601.3e:note-1"), rid("701.17:note-1"),
             does="a hidden character cannot be proposed as a defender (cannot be attacked) unless "
                  "every attacker can attack hidden characters",
             off="hidden characters can be attacked like visible ones")
    reg.bind("can_attack_hidden", rid("ruling:can-attack-hidden-characters"),
             does="a character that 'can attack hidden characters' may propose a hidden defender",
             off="'can attack hidden characters' grants nothing")
    reg.bind("direct_attack", rid("ruling:can-attack-hidden-characters"),
             does="a player can be attacked directly if he controls no unstunned visible character; an "
                  "attacker that can attack hidden characters only if he controls no unstunned character at all",
             off="a player can be attacked directly only if he controls no unstunned character, "
                 "hidden or visible, whatever the attacker")
    reg.bind("equip_visible_only", rid("302.3a"), rid("302.3a:note-1"),
             does="equipment can only be attached to an unstunned visible character its player controls",
             off="equipment may also be attached to a hidden character")
    reg.bind("equipment_falls_off", rid("302.9"), rid("302.9:note-1"),
             does="an equipped character that moves between hidden and visible areas loses its equipment "
                  "(put into its owner's KO'd pile)",
             off="the equipment stays attached when its character changes area")
    reg.bind("no_cross_area_transfer", rid("512.4"), rid("512.4:note-1"),
             does="equipment cannot be transferred between a visible and a hidden character; it stays where it is",
             off="equipment may be transferred across areas")
    reg.bind("move_same_area", rid("512.3"), rid("405.5"), rid("405.5:note-1"), rid("512.3:example-1"),
             does="a move that names no area keeps the character in the same kind of area (visible or hidden) "
                  "of the moving player",
             off="a move that names no area may put the character in either area")
    reg.bind("move_same_position_legal", rid("512.3"), rid("ruling:blackout-master-of-darkness"),
             rid("ruling:death-stalker-phillip-sterling"),
             does="moving a character to the position it already occupies is legal",
             off="a move must put the character in a different position")
    reg.bind("move_from_area", rid("ruling:mr-code-masked-malcontent"), rid("ruling:the-rose-shadowy-lieutenant"),
             does="'move X from your hidden area to your visible area' can be done only if X is hidden "
                  "(a character already visible cannot pay such a cost)",
             off="a visible character pays it by moving within the visible area")
    reg.bind("control_follows_row", rid("ruling:lilith-daughter-of-dracula"), rid("ruling:owl-leland-owlsley"),
             rid("ruling:professor-x-mental-master"), rid("ruling:dracula-vlad-dracula"),
             does="a character moved into a player's front or support row comes under that player's control",
             off="the moved character keeps its controller")
    reg.bind("becomes_defender_once", rid("ruling:becomes-a-defender"),
             does="a character becomes a defender once per attack, even when several characters team attack it",
             off="the defender 'becomes a defender' once for each attacker")
    reg.bind("while_once", rid("ruling:shang-chi-master-of-kung-fu"),
             does="a 'while attacking / defending against' bonus applies once or not at all, however many "
                  "opposing characters meet the condition",
             off="the bonus applies once for each opposing character that meets the condition")
    reg.bind("for_each_all_or_none", rid("ruling:gin-genie-beckah-parker"),
             does="'you may do X for each Y' is done either not at all or exactly once for each Y",
             off="any number from zero to the number of Y may be chosen")
    reg.bind("self_is_yours", rid("ruling:reaper-vampire-armageddon"),
             does="'a character you control' includes the source itself (a lone Reaper KOs himself)",
             off="the source is not counted among 'a character you control'")
    reg.bind("loop_draw", rid("errata:stilt-man-wilbur-day"),
             does="a loop of mandatory triggered powers that can never end is detected: the game is a draw",
             off="loops are not detected (the replay never settles)")
    reg.bind("trigger_if_condition", rid("errata:stilt-man-wilbur-day"), rid("errata:daredevil-guardian-devil"))
    reg.bind("move_to_named_area", rid("512.3:example-2"), rid("ruling:daredevil-matt-murdock"),
             rid("ruling:valeria-richards-daughter-of-doom"), rid("ruling:dr-strange-stephen-strange"),
             does="a move 'to your hidden (or visible) area' applies whichever area the character is in: one "
                  "already there moves within it",
             off="a character already in the named area cannot be moved by it (the move fails)")
    reg.bind("new_defender_no_recheck", rid("ruling:changing-defenders"), rid("ruling:changing-defenders:example-1"),
             does="when a card removes the defenders and makes a character the defender, the legality of the "
                  "attack is not checked again (a hidden character can become the defender)",
             off="the new defender must be one the attackers could legally attack, else it does not become "
                 "the defender")
    reg.bind("attack_restriction_at_declaration", rid("ruling:cannot-attack-this-turn"),
             does="'cannot attack' stops characters from being declared as attackers; an attack in progress "
                  "concludes as normal with its current attackers",
             off="a current attacker that can no longer attack is removed from the attack in progress")
    reg.bind("unless_optional", rid("ruling:geraci-family-estate"),
             does="'X unless a player does Y': that player may choose not to do Y even if he could; X then happens",
             off="a player who can do Y must do it (X happens only when Y is impossible)")
    reg.bind("lose_not_pay", rid("ruling:bring-the-pain"),
             does="'lose N endurance' in an effect is not a payment: it needs no endurance (a player at 0 or "
                  "below can play the card) and it happens only when the effect resolves (a negated card "
                  "loses nothing); paying endurance needs that much endurance",
             off="'lose N endurance' of a played card is paid as a cost when it is played: it needs N endurance "
                 "and stays paid if the card is negated")
    reg.bind("any_number_zero", rid("ruling:brother-voodoo-jericho-drumm"), rid("ruling:dr-strange-stephen-strange-2"),
             does="'any number' of cards or characters may be zero",
             off="'any number' means at least one")
    reg.bind("that_many_effect_only", rid("ruling:brother-voodoo-jericho-drumm"),
             does="'then draw that many' counts only the cards the effect itself put away, not a card "
                  "discarded to pay the power's cost",
             off="the cards discarded for the cost are counted too")
    reg.bind("draw_after_triggers", rid("ruling:gravesite"),
             does="the draw phase's normal two-card draw goes on the chain before the powers that trigger at "
                  "the start of the draw phase, so they resolve (draws, discards) before it",
             off="the normal two-card draw happens before the start-of-draw-phase powers resolve")
    reg.bind("wrapup_delay", rid("ruling:suicide-chris-daniels"),
             does="a power that triggers during the wrap-up of the recovery phase goes onto the chain at the "
                  "start of the next turn's draw phase (before the normal draw)",
             off="it resolves at once during the wrap-up")
    reg.bind("cannot_gain_keeps", rid("ruling:good-night-sweet-prince"),
             does="'cannot gain K' stops a character from gaining K later; it keeps K if it already has it",
             off="'cannot gain K' also takes away K the character already has")
    reg.bind("simultaneous_stun_lookback", rid("ruling:dracula-lord-of-the-damned"),
             does="powers triggered by a batch of simultaneous stuns look back at the moment before it: a "
                  "character stunned in the same batch still gets its 'whenever it stuns' power (a stunned "
                  "character's powers do not otherwise trigger)",
             off="a character stunned in the same batch is already stunned when its power would trigger: "
                 "it does not trigger")
    reg.bind("new_object_on_zone_change", rid("ruling:witching-hour-2"))
    reg.bind("recruit_from_kod", rid("ruling:witching-hour"),
             does="a card chosen to be recruited 'as though it were in your hand' can be recruited from the "
                  "KO'd pile (paying 2 endurance rather than its recruit cost) during that turn",
             off="characters are recruited only from the hand")
    reg.bind("state_trigger", rid("errata:daredevil-guardian-devil"),
             does="a state-triggered power ('When you have 10 or less endurance, if ...') triggers whenever "
                  "its condition is true and it is not already waiting to resolve",
             off="state-triggered powers never trigger")
    reg.bind("cannot_be_stunned", rid("errata:blackheart-son-of-mephisto"),
             does="a character that 'cannot be stunned' is not stunned (by combat or by an effect)",
             off="'cannot be stunned' is ignored")
    reg.bind("alternate_victory", rid("errata:mephisto-father-of-lies"),
             does="an alternate victory condition ('you win the game') ends the game with that player's win, "
                  "unless a character his opponent controls says his opponents cannot win the game",
             off="alternate victory conditions are ignored")
    reg.bind("restriction_not_scope", rid("ruling:honor-among-thieves"),
             does="a 'Play X only if you control ...' restriction only limits when the card can be played: its "
                  "Ongoing effects apply to whatever they name, whether or not the restriction still holds",
             off="the Ongoing effects of a card with a play restriction apply only while that restriction holds")
    reg.bind("any_character_chosen", rid("ruling:untouchable"),
             does="'each player chooses a character' (no 'you control') lets a player choose any player's "
                  "character",
             off="a player may only choose a character he controls")
