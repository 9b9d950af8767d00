"""Vs. System (Marvel Knights FAQ): visible and hidden areas of the in-play zone, rows, concealed,
attacking (proposed defenders, direct attacks, team attacks, "becomes a defender"), stunning,
equipment (attaching, falling off when its character changes area, transfers), moving
characters (within an area, to a named area, to another player's row and control), endurance,
resources, and the detection of a mandatory infinite loop (the game is a draw).

Every mechanic is bound to the rule, note or ruling entry of vs-system/marvel-knights-faq.txt
that states it; see ``bindings.py``. Nothing here looks at a card's name: cards are data
(rules_corpus/vs-system/cards.yaml).

Architecture: ``VsSystem`` (below) holds the configuration and answers the engine's hooks; each
mechanic is a module of this package:

    bindings.py    mechanic key -> entry id of the Marvel Knights FAQ
    terms.py       areas, rows, flags, a card's names and keywords
    recruiting.py  the recruit verb (concealed, from the KO'd pile)
    equipment.py   attaching and transferring equipment
    moving.py      formation, move effects, relocating (control follows the row)
    attacking.py   attack and strike verbs, defenders, this turn's attacks
    stun.py        simultaneous stuns, 'cannot be stunned', recovering
    endurance.py   losing, paying and gaining endurance, breakthrough
    zones.py       hand / deck / KO'd pile / resource row effects
    choices.py     'for each', 'unless', 'any number', each player chooses
    modifiers.py   'while' once, 'cannot gain', Ongoing plot twists
    phases.py      the begin verb: turns, the normal draw, wrap-up triggers held
    triggers.py    state-triggered powers
    game_end.py    infinite loop draw, alternate victory
"""
from __future__ import annotations

from typing import Any

from judge.engine.game import NOT_MINE, GameModule
from judge.engine.rules import Registry

from . import bindings
from .attacking import (attack, attack_restrictions, become_defender, controls_attacker, fighting,
                        first_attack, first_attack_with_attacker, note_attackers, strike)
from .choices import choose_any, each_chooses, may_for_each, unless
from .endurance import can_pay_endurance, gain_endurance, lose_endurance, perform_breakthrough
from .equipment import transfer
from .game_end import loop_check, win_game
from .modifiers import cannot_gain, modify, once
from .moving import can_move_char, formation, move_char
from .phases import begin, hold_wrapup_triggers
from .recruiting import recruit
from .stun import perform_stunned, recover, stun
from .terms import AREAS, UNTARGETABLE, card_names, named
from .triggers import state_triggers
from .zones import (can_discard, can_reveal, discard_card, ko_one, mill, put_from_hand, put_from_kod,
                    put_into_play, replace_resource, reveal, search)


G = "vs-system"


class VsSystem(GameModule):
    id = G
    name = "Vs. System"
    zones = ("deck", "hand", "kod", "resource", "visible", "hidden", "stack")
    play_zones = AREAS
    hidden_zones = ("deck", "hand")
    permanent_types = ("character", "equipment", "location")
    leave_verbs = {"ko": ("kod", "ko")}
    object_flags = ("stunned", "attacking", "defending", "support")
    player_fields = ("endurance",)
    state_vars = {"active": "A", "phase": "build", "turn": 1, "initiative": "A"}
    played_event_timing = "resolve"

    def bind_rules(self, reg: Registry) -> None:
        bindings.bind(reg)

    def register_handlers(self) -> None:
        self.actions.update({"recruit": recruit, "attack": attack, "strike": strike, "begin": begin,
                             "formation": formation})
        self.steps.update({
            "move_char": move_char, "transfer": transfer, "stun": stun,
            "lose_endurance": lose_endurance, "gain_endurance": gain_endurance,
            "pay_endurance": lose_endurance, "can:pay_endurance": can_pay_endurance,
            "discard_card": discard_card, "can:discard_card": can_discard,
            "reveal": reveal, "can:reveal": can_reveal, "search": search,
            "may_for_each": may_for_each, "replace_resource": replace_resource,
            "ko_one": ko_one, "can:move_char": can_move_char,
            "unless": unless, "recover": recover, "choose_any": choose_any, "put_from_hand": put_from_hand,
            "put_into_play": put_into_play, "become_defender": become_defender, "cannot_gain": cannot_gain,
            "modify": modify, "win_game": win_game, "each_chooses": each_chooses, "mill": mill, "put_from_kod": put_from_kod,
            "can:put_from_kod": lambda eng, st, b: any(eng.eval(st["put_from_kod"], {**b, "it": o})
                                                       for o in eng.zone_objs(b["you"], "kod")),
            "perform:breakthrough": perform_breakthrough, "perform:stunned": perform_stunned,
        })
        self.functions.update({"fighting": fighting, "once": once, "can_pay": lambda eng, *a: True,
                               "first_attack": first_attack, "controls_attacker": controls_attacker,
                               "first_attack_with_attacker": first_attack_with_attacker, "named": named})

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
        return NOT_MINE


    def adjust_attr(self, engine, obj, name: str, value: Any) -> Any:
        if name != "keywords" or not obj.memory.get("cannot_gain") or not isinstance(value, list):
            return value
        turn = engine.state.vars.get("turn")
        out = list(value)
        for kw, (had, when) in obj.memory["cannot_gain"].items():
            if when != turn or kw not in out:
                continue
            if had and engine.on("cannot_gain_keeps"):
                engine.fire("cannot_gain_keeps")
                continue
            out.remove(kw)
        return out

    def player_attr(self, engine, player: str, name: str) -> Any:
        if name == "resources":
            return len(engine.state.zones.get(f"{player}.resource", []))
        return NOT_MINE

    # -- playing --------------------------------------------------------------------------------
    def can_play(self, engine, player, obj, action) -> str | None:
        if obj.card.type in ("character", "equipment"):
            return "characters and equipment are recruited (use the 'recruit' action)"
        return None

    def play_costs(self, engine, player, obj, action) -> list[dict]:
        """Ablated 'lose_not_pay': a played card's 'lose N endurance' is paid as a cost on play."""
        if engine.on("lose_not_pay"):
            return []
        ab = next((a for a in obj.card.abilities if a.kind == "play"), None)
        return [{"pay_endurance": st["lose_endurance"]} for st in (ab.get("steps") if ab else None) or []
                if "lose_endurance" in st and st.get("player", "you") == "you"]

    def resolve_played_card(self, engine, item, obj) -> None:
        if "ongoing" in obj.card.keywords:  # an Ongoing plot twist stays face up in the resource row
            engine.move(obj, "resource", cause="ongoing")
            return
        engine.move(obj, "kod", cause="resolved")

    def can_target(self, engine, spec, obj, bindings) -> bool:
        """A character chosen with Untouchable cannot be the target of plot twist, payment or triggered
        effects (every targeting effect of Vs. System) for the rest of that turn."""
        when = (obj.memory.get("flag_turn") or {}).get(UNTARGETABLE)
        return not (UNTARGETABLE in obj.flags and when == engine.state.vars.get("turn"))

    def keep_pending(self, engine, pending) -> bool:
        """A stunned character's triggered powers do not trigger -- except on the batch of simultaneous
        stuns that stunned it (look back: Dracula, Lord of the Damned)."""
        src = engine.state.objects.get(pending.source)
        if src is None or "stunned" not in src.flags or pending.ability.get("on", {}).get("event") == "state":
            return True
        batch = pending.event.get("batch") if isinstance(pending.event, dict) else None
        if batch is not None and src.memory.get("stunned_batch") == batch:
            if engine.on("simultaneous_stun_lookback"):
                engine.fire("simultaneous_stun_lookback")
                return True
        engine.log("trigger_ignored", source=src.label, reason="stunned")
        return False

    def state_checks(self, engine) -> bool:
        changed = loop_check(engine)
        if engine.state.vars.get("game_over"):
            return changed
        note_attackers(engine)
        changed = attack_restrictions(engine) or changed
        changed = state_triggers(engine) or changed
        hold_wrapup_triggers(engine)
        return changed


GAME = VsSystem
