"""Durations: the periods created effects last, and their ends -- a turn, phase, round, combat, attack or
battle the game ends (``GameModule.durations``, engine.expire), and two periods every game with turns has:
'until your next turn' (``next_turn``: it ends as the next turn of the effect's controller begins) and 'until
the end of your next turn' (``end_of_next_turn``: as that turn begins it becomes an effect lasting the turn,
so it ends with that turn's end, however the game ends its turns). Control taken for a duration (a lease on
the card, memory["control_leases"]) goes back as that duration ends."""
from __future__ import annotations

from typing import Callable

from judge.engine.state import Obj

#: 'until your next turn': ends as its controller's next turn begins
NEXT_TURN = "next_turn"
#: 'until the end of your next turn': lasts through its controller's next turn
END_OF_NEXT_TURN = "end_of_next_turn"
#: the periods every game ends through next_turn_begins, besides its own ``durations``
TURN_RELATIVE = (NEXT_TURN, END_OF_NEXT_TURN)


class DurationsMixin:
    def expire(self, duration: str) -> None:
        """End of a turn / round / phase / combat: definite effects with that duration end."""
        before = len(self.state.effects)
        keep_triggers = not self.on("triggered_modifier_duration")
        if any(e.kind == "trigger" and e.duration == duration for e in self.state.effects) and not keep_triggers:
            self.fire("triggered_modifier_duration")
        self.state.effects = [e for e in self.state.effects
                              if e.duration != duration or (keep_triggers and e.kind == "trigger")]
        if len(self.state.effects) != before:
            self.touch()
            self.log("effects_expired", duration=duration, count=before - len(self.state.effects))
        self.end_control_leases(duration)  # control taken 'until the end of the turn' goes back


    def note_control_lease(self, obj: Obj, ev: dict) -> None:
        """What a performed control_changed leaves to end: control for a duration is a lease on the card
        (``memory["control_leases"]``, in the order taken, over ``control_base``, who had it before the
        first); a control change with no duration is the newest word on who controls it, so the leases
        before it no longer give it back. Read by end_control_leases."""
        if ev.get("_lease_ended"):
            return
        if not ev.get("_duration"):
            obj.memory.pop("control_leases", None)
            obj.memory.pop("control_base", None)
            return
        leases = obj.memory.setdefault("control_leases", [])
        if not leases:
            obj.memory["control_base"] = ev["from"]
        leases.append({"duration": ev["_duration"], "to": ev["to"], "by": ev.get("_by")})

    def control_leased_for(self, duration: str) -> bool:
        """Is control of a card in play taken for ``duration`` (a lease end_control_leases ends)?"""
        return any(lease["duration"] == duration for o in self.in_play()
                   for lease in o.memory.get("control_leases") or ())

    def end_control_leases(self, duration: str) -> None:
        """The duration ends: control taken for it goes back -- to the player the newest lease still running
        gives it to, else to the one who had it before the first. A card that left play meanwhile is a new
        card (no lease): it does not come back. Logged control_changed, and the game's moves done as for any
        control change (Hatalom's reserve: events.py _perform_change -> place)."""
        back_to: dict[str, list[Obj]] = {}
        for o in self.in_play():
            leases = o.memory.get("control_leases")
            if not leases or not any(lease["duration"] == duration for lease in leases):
                continue
            leases[:] = [lease for lease in leases if lease["duration"] != duration]
            back = leases[-1]["to"] if leases else o.memory["control_base"]
            if not leases:
                o.memory.pop("control_leases", None)
                o.memory.pop("control_base", None)
            if back != o.controller:
                back_to.setdefault(back, []).append(o)
        for back, objs in back_to.items():
            # the game's own gain_control step (Hatalom's moves the cards attached to it as its rules say),
            # one per player the cards go back to; a card an earlier one moved with it is not moved again
            objs = [o for o in objs if self.is_in_play(o) and o.controller != back]
            if objs:
                self.run_step({"gain_control": objs, "player": "back", "_lease_ended": duration},
                              {"back": back, "you": back})

    def _whose(self, e) -> str:
        """Whose next turn ends effect ``e``: its controller -- the player who controlled the card that made
        it (modifier_controller_at_creation, Huntik 706.7); off, a modifier's source's current controller."""
        src = self.state.objects.get(e.source)
        if e.kind != "modifier" or src is None or not self.is_in_play(src) or src.controller == e.controller:
            return e.controller
        if self.on("modifier_controller_at_creation"):
            self.fire("modifier_controller_at_creation")
            return e.controller
        return src.controller

    def next_turn_begins(self, player: str, ends: Callable[[str], None] | None = None) -> None:
        """A turn of ``player`` begins (call it once the turn's player is set, before its 'at the start of
        your turn' event): their effects and control 'until your next turn' end -- through ``ends``, the
        game's own end of a period (Huntik's returns lost powers, 700.3), the core's expire by default --
        and those 'until the end of your next turn' now last this turn. Called again for the same turn (a
        game whose fixture verbs can start one turn twice) it does nothing."""
        turn = (player, self.state.vars.get("turn"))
        seen = self.memory("engine.next_turn", {"begun": None})
        if seen["begun"] == turn:
            return
        seen["begun"] = turn
        # a key of this moment: only this player's effects end, whatever the game's end of a period reads
        key = f"{NEXT_TURN}:{player}"
        ending = False
        for e in self.state.effects:
            if e.duration in TURN_RELATIVE and self._whose(e) == player:
                ending = ending or e.duration == NEXT_TURN
                e.duration = key if e.duration == NEXT_TURN else "turn"
        for o in self.in_play():
            for lease in o.memory.get("control_leases") or ():
                if lease.get("by") == player and lease["duration"] in TURN_RELATIVE:
                    ending = ending or lease["duration"] == NEXT_TURN
                    lease["duration"] = key if lease["duration"] == NEXT_TURN else "turn"
        if ending:
            (ends or self.expire)(key)
