"""Vs. System (Marvel Knights FAQ): visible and hidden areas of the in-play zone, rows, concealed,
attacking (proposed defenders, direct attacks, team attacks, "becomes a defender"), stunning,
equipment (attaching, falling off when its character changes area, transfers), moving
characters (within an area, to a named area, to another player's row and control), endurance,
resources, and the detection of a mandatory infinite loop (the game is a draw).

Every mechanic is bound to the rule, note or rule-stating ruling of vs-system/marvel-knights-faq.txt
that states it; see ``rules.yaml``. What the corpus says only in a ruling about one card is the
meaning of the card's words (effect vocabulary, below) or game structure, with no off switch.
Nothing here looks at a card's name: cards are data (rules_corpus/vs-system/cards.yaml).

Step verbs (general vocabulary of Vs. System card text, whatever card uses them): ``ko``, ``ko_one``
('KO a character / resource you control'), ``stun``, ``recover``, ``move_char`` ('move', with its
restrictions), ``transfer`` (equipment), ``attach_recruited`` (a recruited equipment resolving),
``become_defender``, ``discard_card``, ``reveal``, ``search``, ``replace_resource``, ``put`` ('put N /
any number of cards from your ZONE into / on ZONE', or a card into play), ``lose_endurance`` / ``pay_endurance`` /
``gain_endurance``, ``cannot_gain`` ('cannot gain K this turn'), ``may_for_each`` ('you may do X for
each Y': none or exactly one per Y), ``choose_any`` ('any number of'), ``each_chooses`` ('each player
chooses a character'), ``win_game`` ('you win the game'). No card script.

Events a power may watch besides the core's: ``equipped`` (an equipment becomes attached to a character:
recruited onto it, or transferred, whose ``transferred`` event is also an ``equipped`` one) and
``unequipped`` (removed from its character and attached to none: only with 512.4's simultaneity off).

Architecture: ``VsSystem`` (below) holds the configuration and the hooks that belong to the whole
game (attributes, where a played card goes, 'cannot be the target of K effects', the order of state checks); each
mechanic is a module that takes part in the engine's hooks (judge/engine/hooks.py) by defining
functions of the hooks' names, in ``MODULES`` order, and adds its verbs, steps and expression
functions in ``register(game)``:

    rules.yaml     mechanic key -> entry id of the Marvel Knights FAQ
    terms.py       areas, rows, flags, a card's names and keywords
    recruiting.py  the recruit verb (concealed, from the KO'd pile; equipment on the chain)
    equipment.py   attaching and transferring equipment
    moving.py      formation, move effects, relocating (control follows the row)
    attacking.py   attack and strike verbs, defenders, this turn's attacks
    stun.py        simultaneous stuns, 'cannot be stunned', recovering
    endurance.py   losing, paying and gaining endurance, breakthrough
    zones.py       hand / deck / KO'd pile / resource row effects
    choices.py     'for each', 'any number', each player chooses
    modifiers.py   'cannot gain'
    phases.py      the begin verb: turns, the normal draw, wrap-up triggers held
    triggers.py    state-triggered powers (one waiting on the chain does not trigger again)
    game_end.py    infinite loop draw, alternate victory
"""
from __future__ import annotations

from typing import Any

from judge.engine.game import NOT_MINE, GameModule

from .attacking import attack_restrictions, note_attackers
from .card_scripts import SCRIPTS
from .game_end import loop_check
from .moving import position_text
from .phases import hold_wrapup_triggers
from .terms import AREAS, card_names, target_restriction
from .triggers import state_triggers

G = "vs-system"
MODULES = ("terms", "recruiting", "equipment", "moving", "attacking", "stun", "endurance", "zones",
           "choices", "modifiers", "phases", "game_end")


class VsSystem(GameModule):
    id = G
    name = "Vs. System"
    zones = ("deck", "hand", "kod", "resource", "visible", "hidden", "stack")
    play_zones = AREAS
    hidden_zones = ("deck", "hand")
    permanent_types = ("character", "equipment", "location")
    leave_verbs = {"ko": ("kod", "ko")}
    discard_zone = "kod"  # Vs. System has no discard pile: a negated plot twist goes to the KO'd pile
    object_flags = ("stunned", "attacking", "defending", "support")
    action_fields = {  # phases.py
        "active": "{begin: turn, active: B} -- the turn begun is B's",
        "no_draw": "{begin: draw, no_draw: true} -- the draw phase begins without its draws"}
    action_forms = {"attack": {"with": "cards"}}  # {player: A, attack: DEFENDER | B, with: [attackers]}
    action_values = {"strike": ("attack",)}  # {strike: attack}, the attack under way (attacking.py)
    player_fields = ("endurance",)
    state_vars = {"active": "A", "phase": "build", "turn": 1, "initiative": "A"}
    card_scripts = SCRIPTS  # Witching Hour (card_scripts.py)
    # the phases, and "start": the turn has begun and its draw phase not yet ({begin: draw} starts it)
    state_phases = ("start", "draw", "build", "combat", "formation", "recovery", "wrapup")
    #: a loss of endurance is an event so that an effect can say what happens 'instead' (endurance.py); the
    #: powers that trigger on it read the endurance it left ('if you then have 10 or less endurance')
    after_kinds = ("player_counter", "endurance_lost", "endurance_gained")
    durations = ("attack", "phase", "turn")  # this attack / phase / turn (attacking.py, phases.py)
    played_event_timing = "resolve"
    # 212.5a: the visible and hidden areas are parts of the in-play zone; moving between them is not
    # leaving or coming into play (relocate places the same object; the core's moving_within_play,
    # bound to 212.5a too, says what an engine move between them means, and switched off makes it a
    # leave-play and come-into-play)
    same_object_within_play = True
    # a triggered power goes on the chain, where the players may respond to it (the Gravesite answer's
    # general rule: core mechanic triggers_on_chain, bound in rules.yaml; off, it resolves as it triggers)
    triggers_on_chain = True

    # -- attributes ----------------------------------------------------------------------------
    def obj_attr(self, engine, obj, name: str) -> Any:
        if name == "hidden":
            return obj.zone == "hidden"
        if name == "visible":
            return obj.zone == "visible"
        if name == "row":
            return "support" if "support" in obj.flags else "front"
        if name == "names":
            return card_names(obj)
        if name == "position":
            return position_text(engine, obj)
        return NOT_MINE

    def player_attr(self, engine, player: str, name: str) -> Any:
        if name == "resources":
            return len(engine.state.zones.get(f"{player}.resource", []))
        return NOT_MINE

    # -- playing --------------------------------------------------------------------------------
    def resolve_played_card(self, engine, item, obj) -> None:
        if "ongoing" in obj.card.keywords:  # an Ongoing plot twist stays face up in the resource row
            engine.move(obj, "resource", cause="ongoing")
            return
        engine.move(obj, "kod", cause="resolved")

    def can_target(self, engine, spec, obj, bindings) -> bool:
        """A character that 'cannot be the target of K effects' (printed, or given by a card such as
        Untouchable for a turn) is no target of an effect of those kinds (terms.effect_kinds)."""
        return target_restriction(engine, obj, bindings) is None

    def target_barred_by(self, engine, spec, obj, bindings) -> str | None:
        """The card whose text keeps ``obj`` from being targeted (its own, or the card that gave it the
        restriction)."""
        kw = target_restriction(engine, obj, bindings)
        return engine.text_granting(obj, kw) if kw else None

    def state_checks(self, engine) -> bool:
        changed = loop_check(engine)
        if engine.game_over:
            return changed
        note_attackers(engine)
        changed = attack_restrictions(engine) or changed
        changed = state_triggers(engine) or changed
        hold_wrapup_triggers(engine)
        return changed


GAME = VsSystem
