"""Huntik rounds and turns: starting a round or combat, ending a combat, passing the turn, go again
(707.2: one extra turn however many), readying as a one-shot modifier (707.1), and the end of the
definite modifiers whose specified duration (this turn / round / combat) ends (708.3)."""
from __future__ import annotations

from . import counters, powers


def _memory(eng) -> dict:
    """Per player: the turns in which go again gave an extra turn, and the heroes readied this
    turn by one-shot modifiers."""
    return eng.memory("huntik.turns", {"go_again_turns": {}, "one_shot_readied": {}})


def go_again(eng, st, b) -> bool:
    """707.2: go again lets the turn player take one additional turn; several go agains in one
    turn still give only one. The additional turn itself is the mechanic ``go_again_extra_turn``
    (it makes a difference, and is traced, when the turn passes: ``pass_turn``)."""
    player = eng.state.vars.get("active")
    data = eng.state.player_data.setdefault(player, {})
    if not eng.on("go_again_extra_turn"):
        eng.log("go_again", player=player, extra_turn=False)
        return True
    turn = eng.state.vars.get("turn")
    granted = _memory(eng)["go_again_turns"].setdefault(player, [])
    if turn in granted and eng.on("extra_turn_limit"):
        eng.fire("extra_turn_limit")
        eng.log("go_again", player=player, extra_turn=False)
        return True
    granted.append(turn)
    data["extra_turns"] = data.get("extra_turns", 0) + 1
    eng.log("go_again", player=player, extra_turn=True)
    return True


def ready(eng, st, b) -> bool:
    """Ready: a one-shot modifier (707.1). Readied heroes are remembered for the turn, so that the
    mechanic switched off can undo them at the end of the turn. As the core's ready (GUIDE, then:): the
    cards together, one batch; it succeeded when one card at least became ready -- one that already was
    does not count, nor make it fail --; ``as: NAME`` binds the cards it readied ('Ready all X. They ...'):
    the core step does all that, and names what it readied for the memory here."""
    own = dict(b)
    eng.step_ready({**st, "as": "_readied"}, own)
    readied = own["_readied"]
    if st.get("as"):
        b[st["as"]] = readied
    if readied:
        _memory(eng)["one_shot_readied"].setdefault(eng.state.vars.get("active"), []).extend(o.label for o in readied)
    return bool(readied)


def _end_modifiers(eng, duration: str) -> None:
    """A turn or round ends: its modifiers end (``_duration_ends``). 708.3 also: a definite modifier
    with no duration lasts until the game ends; switched off, it ends with the turn. Triggered and
    replacement modifiers created by a power are definite modifiers too (709.1, 710.1), so one with no
    duration is this rule's as well -- except a "next time" one, which lasts until it triggers (709.1)."""
    _duration_ends(eng, duration)
    lasting = [e for e in eng.state.effects if e.duration is None and _until_game_end(e)]
    if lasting and not eng.applies("definite_until_game_end"):
        ending = {id(e) for e in lasting}
        eng.state.effects[:] = [e for e in eng.state.effects if id(e) not in ending]
        eng.touch()


def _until_game_end(e) -> bool:
    """A created modifier that 708.3 keeps until the game ends when it has no duration: not a counter's
    or a granted power's modifier (those last as long as their card), not a 'next time' trigger."""
    if e.kind in ("modifier", "lose_powers"):
        return not counters.is_counter_modifier(e) and not powers.is_granted_modifier(e)
    if e.kind in ("trigger", "replacement"):
        return not ((e.data or {}).get("on") or {}).get("next")
    return False


def _duration_ends(eng, duration: str) -> None:
    """The period ``duration`` (turn / round / combat) ends: the definite modifiers whose specified
    duration it is end with it (708.3), lost powers return (700.3), and triggered modifiers stop
    watching (709.1, the core's expiry). Switched off (708.3), a modifier's specified duration is not
    honoured: such modifiers (lost powers included) last on."""
    ending = [e for e in eng.state.effects if e.duration == duration and e.kind != "trigger"]
    if not ending or eng.applies("definite_duration"):
        had = powers.given_actions(eng) if ending else {}
        powers.powers_return(eng, duration)
        eng.expire(duration)
        if had:
            powers.note_actions_ended(eng, had)
        return
    # off: the modifiers with this duration stay, in their place; the core still ends the
    # triggered modifiers (709.1 decides those)
    before, kept = list(eng.state.effects), {id(e) for e in ending}
    eng.state.effects[:] = [e for e in before if id(e) not in kept]
    eng.expire(duration)
    after = {id(e) for e in eng.state.effects}
    eng.state.effects[:] = [e for e in before if id(e) in kept or id(e) in after]


# -- actions (fixture verbs) --------------------------------------------------------------------

def start(eng, player, act) -> None:
    """{start: round} -- the round ends and a new one begins: 'this turn' and 'this round'
    modifiers end (708.3), 'at the start of each round' powers trigger. {start: combat} /
    {end: combat} are the combat markers (a new combat ends the one in progress)."""
    what = act["start"]
    if what == "round":
        # a round is made of turns: as it ends, the turn in progress ends with it ('this turn'
        # modifiers too), then 'this round' ones; the lead player takes the new round's first turn
        if eng.state.chain:
            eng.fail("the round cannot end while actions are waiting to resolve (pass first)")
        active = eng.state.vars.get("active")
        if eng.state.player_data.get(active, {}).get("extra_turns"):
            # 707.2: the additional turn comes right after this one; the round is not over before it
            eng.fail(f"{active} still has an additional turn to take after this one (707.2): pass the turn first")
        # a combat still in progress ends with its round ('this combat' modifiers and attacks do not carry
        # into the new round; a turn change inside a round -- 'It's now your turn' -- leaves it going)
        _end_combat(eng)
        _end_turn(eng, active)
        _end_modifiers(eng, "round")
        eng.state.vars["round"] = (eng.state.vars.get("round") or 0) + 1
        _begin_turn(eng, eng.state.vars.get("lead") or "A", announce=False)
        eng.emit([{"type": "round_start", "round": eng.state.vars["round"]}])
        _turn_begins(eng)  # the round starts, then its first turn
    elif what == "combat":
        _end_combat(eng)  # a new combat: the one in progress, if any, is over
        eng.state.vars["in_combat"] = True
        eng.state.vars["combat"] = (eng.state.vars.get("combat") or 0) + 1
        eng.touch()
        eng.emit([{"type": "combat_start"}])
    else:
        eng.fail(f"cannot start {what!r}: use round or combat")


def end(eng, player, act) -> None:
    """{end: combat} -- the combat in progress ends: combat actions can no longer be used (701.2)
    and 'this combat' modifiers end (708.3)."""
    if act["end"] != "combat":
        eng.fail(f"cannot end {act['end']!r}: use end: combat (a round ends as the next one starts)")
    if not eng.state.vars.get("in_combat"):
        eng.fail("there is no combat to end")
    if eng.state.chain:
        eng.fail("the combat cannot end while actions are waiting to resolve (pass first)")
    _end_combat(eng)


def _end_combat(eng) -> None:
    if eng.state.vars.get("in_combat"):
        # 'At the end of this combat, ...' (702.1: 'at' names a trigger event): the combat ends, then its
        # 'this combat' modifiers (708.3)
        eng.emit([{"type": "combat_ends", "combat": eng.state.vars.get("combat")}])
        _duration_ends(eng, "combat")
        eng.state.vars["in_combat"] = False
        # attacks are added to a combat and removed from 'this combat' (701.3's example, Colossal Blast and
        # Honorguard): a player's attacks belong to the combat that ends, the next combat starts with none
        if eng.on("attacks_belong_to_combat"):
            if any(data.get("attacks") for data in eng.state.player_data.values()):
                eng.fire("attacks_belong_to_combat")
            for data in eng.state.player_data.values():
                data["attacks"] = 0
        eng.touch()


def pass_turn(eng, player, act) -> None:
    """{player: A, pass_turn: true} -- A's turn ends; the opponent (or A again, with an extra turn)
    takes the next one."""
    if eng.state.vars.get("active") != player:
        eng.fail(f"it is not {player}'s turn")
    if eng.state.chain:
        eng.fail("the turn cannot end while actions are waiting to resolve (pass first)")
    data = eng.state.player_data.setdefault(player, {})
    nxt = eng.state.opponent(player)
    _end_turn(eng, player)
    if data.get("extra_turns"):
        eng.fire("go_again_extra_turn")
        data["extra_turns"] -= 1
        nxt = player
        eng.log("extra_turn", player=player)
    _begin_turn(eng, nxt)


def _end_turn(eng, player: str) -> None:
    """The turn of ``player`` ends: 'this turn' modifiers end (a one-shot ready is not undone, 707.1)."""
    _end_modifiers(eng, "turn")
    readied = _memory(eng)["one_shot_readied"].pop(player, [])
    if readied:
        if not eng.applies("one_shot_no_duration"):
            for label in readied:
                o = eng.obj(label)
                if o is not None and eng.is_in_play(o):
                    eng.set_exhausted(o, True)


def _begin_turn(eng, player: str, announce: bool = True) -> None:
    eng.state.vars["active"] = player
    eng.state.vars["turn"] = (eng.state.vars.get("turn") or 0) + 1
    eng.vars_changed()  # 'while it is your turn' and other conditions read the turn
    # 'until your next turn' ends as it begins, as any period ends here (708.3, lost powers return: 700.3)
    eng.next_turn_begins(player, ends=lambda key: _duration_ends(eng, key))
    if announce:
        _turn_begins(eng)


def _turn_begins(eng) -> None:
    """A turn begins (a pass, an additional turn of go again, 'It's now your turn', a round's first):
    'At the start of your turn' powers watch for it (702.1: 'when' or 'at' names a trigger event)."""
    eng.emit([{"type": "turn_begins", "player": eng.state.vars["active"]}])


def take_turn(eng, st, b) -> bool:
    """{take_turn: PLAYER} -- "It's now your turn": the current turn ends and PLAYER takes the
    next one (a card's effect, not the turn player passing)."""
    player = eng.eval(st["take_turn"], b)
    current = eng.state.vars.get("active")
    if current == player:
        return True
    _end_turn(eng, current)
    _begin_turn(eng, player)
    eng.log("turn_taken", player=player)
    return True


def register(game) -> None:
    game.actions.update({"start": start, "end": end, "pass_turn": pass_turn})
    game.steps.update({"go_again": go_again, "ready": ready, "take_turn": take_turn})
