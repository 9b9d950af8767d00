"""When cards may be played: own main phase by card type, instants, 'in the opponent's turn'."""
from __future__ import annotations

import re

from judge.engine.state import RulesReason, TextReason

from .card_types import CREATURES, NO_ABILITIES, is_a, is_enchantment
from .costs import applying
from .locations import no_response, searched_location
from .on_play import played_now


PHASES = ("preparation", "draw", "main", "combat", "healing", "end")
#: rule keys for "only in its player's own main phase", by card type (others: main_phase_other)
MAIN_PHASE_KEYS = {
    **{t: "main_phase_creature" for t in CREATURES},
    "általános": "main_phase_spell", "szintlépés": "attach_host_type", "testrész": "attach_host_type",
    "tárgy": "main_phase_item", "szakértelem": "main_phase_skill", "helyszín": "main_phase_location",
    "építmény": "main_phase_building",
}
# the permission 8.5.1.1 speaks of, as a card's text says it (a keyword carrying that sentence)
OPPONENT_TURN_KEYWORD = "ez a lap az ellenfél körében is kijátszható"
# the same permission given by another card's text ("A tárgyaidat az ellenfél körében is kijátszhatod"):
# 8.5.1.1 names "egy szabály vagy egy lap szövege", any card's text, not only the played card's own. A
# continuous ability of that name on a card in play (its text not switched off); ``applies_to`` says
# which cards it lets be played (``it``: the card being played)
OPPONENT_TURN_PERMISSION = "playable in the opponent's turn"
# the same permission naming the phase or phases of the opponent's turn ("... az ellenfél harci fázisában
# is kijátszható", "... harci vagy gyógyulási fázisában", "fő-, harci-, vagy gyógyulási", the rulebook's own
# way of listing phases in 8.5.1): the text says exactly when, so 8.5.1.1 does not apply; the named ones do
OPPONENT_PHASE_KEYWORD = re.compile(r"ez a lap az ellenfél (.+?) fázisában is kijátszható")
#: the words joining the phases of such a list
LIST_WORDS = {"vagy", "és", "illetve"}
#: the phase words of the rulebook's text (8.5.1 "fő-, harci-, vagy gyógyulási fázisában", 8.9.6 ...)
PHASE_WORDS = {"előkészítő": "preparation", "húzás": "draw", "fő": "main", "harci": "combat",
               "gyógyulási": "healing", "vége": "end"}


def named_opponent_phases(card) -> set:
    """The phases of the opponent's turn a card's own text lets it be played in, by name: one phase or a
    list of them. A list with a word that names no phase is not such a permission. Its printed keywords: the
    card is being played from its player's hand, where no effect on cards in play reaches it."""
    named = set()
    for m in (OPPONENT_PHASE_KEYWORD.fullmatch(k) for k in card.keywords):
        words = [w.strip("-") for w in re.split(r"[,\s]+", m.group(1))] if m else []
        words = [w for w in words if w and w not in LIST_WORDS]
        if words and all(w in PHASE_WORDS for w in words):
            named.update(PHASE_WORDS[w] for w in words)
    return named


def begin(engine, player, act) -> None:
    """{begin: combat} / {player: B, begin: main} -- move to a phase (of player's turn)."""
    phase = act["begin"]
    if phase not in PHASES:
        engine.fail(f"unknown phase {phase!r} (phases: {', '.join(PHASES)})")
    engine.refuse_moving_on_with_chain()  # 8.5.3: what was played takes effect in its phase
    new_turn = _new_turn(engine, player, phase)
    if new_turn:
        _end_turn(engine)
    if player:
        engine.state.vars["active"] = player
    engine.state.vars["phase"] = phase
    engine.vars_changed()  # conditions that read the phase ('while' ...) are read again
    engine.memory("hatalom-kartyai.phase", {"serial": 0})["serial"] += 1
    engine.expire("phase")
    active = engine.state.vars["active"]
    # events, not only log lines: a card's "a köröd elején" / "a harci fázis elején" (at the start of your
    # turn / of a phase) is a trigger on them (event_names.py refuses a trigger on a word only logged).
    # The turn begins (its player known), then its phase
    if new_turn:
        engine.next_turn_begins(active)  # 'a következő körödig' (until your next turn) ends as it begins
        engine.emit([{"type": "turn_begins", "turn": engine.state.vars["turn"], "player": active}])
    engine.emit([{"type": "phase_begins", "phase": phase, "player": active}])
    if phase == "draw":
        turn = engine.state.vars.get("turn")
        if searched_location(engine).get(active) == turn:
            engine.fire("location_search")
            engine.log("draw_replaced", player=active, by="location_search")
        elif engine.zone_objs(active, "deck"):
            engine.step_draw({"draw": 1}, {"you": active})


def _new_turn(engine, player, phase: str) -> bool:
    """Does this phase begin another turn? A phase of another player's turn, or a preparation phase (the
    first phase of every turn) entered from a later phase. Moving on to a later phase of the same
    player's turn does not."""
    vars_ = engine.state.vars
    if player and player != vars_.get("active"):
        return True
    return phase == "preparation" and vars_.get("phase") != "preparation"


def _end_turn(engine) -> None:
    """The turn in progress ends: effects lasting 'a kör végéig' (until the end of the turn) end with it,
    and the turn counter moves on -- what is tied to the turn a card was played in (an on-play ability,
    8.6.1) or to a turn's draw (the location search, 8.9.6) belongs to the turn that ended."""
    engine.expire("turn")
    engine.state.vars["turn"] = int(engine.state.vars.get("turn") or 1) + 1


def phase_serial(engine) -> int:
    """How many phases have begun (a phase's own number: the turn counter does not tell two combat
    phases of one scenario apart)."""
    return engine.memory("hatalom-kartyai.phase", {"serial": 0})["serial"]


def others_card_playable(engine, player, obj, action) -> bool:
    """A card another player owns that is in ``player``'s hand (a creature bounced 'a gazdája kezébe', to its
    gazda's hand: 8.11.3 'gazdát cserél') is his to play: 8.1.1 has the players play cards "a kezükből",
    from their hands, and no rule of chapter 8 asks who owns a card to play it (off: only its owner may)."""
    if obj.zone != "hand" or obj.side != player or not engine.on("plays_from_own_hand"):
        return False
    engine.fire("plays_from_own_hand")
    return True


def can_play(engine, player, obj, action) -> str | None:
    st = engine.state
    reason = no_response(engine)
    if reason:
        return reason
    t = obj.card.type  # a card being played (from the hand): its printed type
    if t in CREATURES and obj.zone != "hand" and engine.on("main_phase_creature"):
        # 8.1.1: "A lényeket a játékosok a kezükből ... játszhatják ki" -- creatures are played from the hand
        engine.fire("main_phase_creature")
        return f"a {t} card is played from its player's hand"
    active, phase = st.vars.get("active"), st.vars.get("phase")
    # 8.1.1, 8.4.1, 8.5.1, 8.5.2, 8.6 ... name a phase ("a saját körük fő fázisában"), not an empty chain: a card
    # played in response to what waits there in that phase is played in it (8.9.1 and 8.9.5.1 say which
    # plays may not be responded to; no rule keeps a card of these types from being a response)
    own_main = active == player and phase == "main"
    if t == "azonnali" and engine.on("instant_timing"):
        allowed = phase in ("main", "combat", "healing")
        if not (allowed and own_main):  # traced where 8.5.1 decides: not in the own main phase, which
            engine.fire("instant_timing")  # allows the instant without the rule too
        return None if allowed else "instants are played in a main, combat or healing phase"
    if own_main:
        return None
    if active != player and phase in named_opponent_phases(obj.card):
        return None  # the card's text names this phase of the opponent's turn: no rule is needed
    if active != player and _opponent_turn_permission(engine, obj):
        if engine.applies("opponent_turn_means_main"):
            if phase == "main":
                return None
            return "a card playable in the opponent's turn is played in the opponent's main phase"
        return None
    # 8.5.2 names "bűbáj": an 'enchant something' card falls under it through 8.5.6 ('bűbáj' means
    # every enchantment); without 8.5.6 the catch-all of 8.5.1 keeps it to the own main phase
    key = MAIN_PHASE_KEYS.get(t) or ("main_phase_spell" if is_enchantment(t) and is_a(engine, t, "bűbáj")
                                     else "main_phase_other")
    if t == "azonnali":  # 8.5.1 switched off: instants follow the main-phase rule
        return "instants too are played only in the player's own main phase"
    # 8.5.1's catch-all, "Valamennyi egyéb laptípus csak a játékos saját fő fázisában játszható ki", names every
    # card type but the instant: a type whose own rule says the same (8.1.1's creatures, 8.6's items ...) is
    # refused by both texts, and switching off one of them leaves the other refusing (NEWUSER44: a creature's
    # refusal named 8.1.1 only, and a scenario citing 8.5.1's sentence for it failed)
    keys = [k for k in dict.fromkeys((key, "main_phase_other")) if engine.on(k)]
    for k in keys:
        engine.fire(k)
    if keys:
        return RulesReason(f"a {t} card is played only in its player's own main phase", tuple(keys))
    return None


def _opponent_turn_permission(engine, obj) -> bool:
    """Does the card's own text (as printed: it is being played), or the text of a card in play, let it be
    played in the opponent's turn?"""
    return OPPONENT_TURN_KEYWORD in obj.card.keywords or \
        next(applying(engine, obj, OPPONENT_TURN_PERMISSION), None) is not None


def can_use(engine, player, obj, ab, action) -> str | None:
    reason = no_response(engine)
    if reason:
        return reason
    if engine.hooks.text_blank(engine, obj):  # its special abilities are switched off (by a card's effect): none to use
        # the card whose effect took them: a one-off flag's giver, else the always-on text granting the keyword
        by = engine.flag_source(obj, NO_ABILITIES) if NO_ABILITIES in obj.flags else engine.text_granting(obj, NO_ABILITIES)
        return TextReason(f"{obj.label} has lost its special abilities", by)
    if ab.get("timing") == "on_play" and not played_now(engine, obj):  # its own text: 'on play' (kijátszáskor)
        return TextReason("an on-play ability is used when the card is played", engine.card_name(obj))
    return None


def register(game) -> None:
    game.actions["begin"] = begin
