"""Objects and zones: creating objects, finding them by label, zone changes (a card that changes zones becomes a new object), entering play, exhausting.

Part of the Engine (judge/engine/engine.py composes it); methods use the engine's state via ``self``."""
from __future__ import annotations

from typing import Any

from judge.engine.cards import CardDef
from judge.engine.state import Obj


def zone_change_event(obj: Obj, to: str, *, cause: str = "move", side: str | None = None, position: str = "top",
                      controller: str | None = None, source: Any = None, **extra: Any) -> dict:
    """The one shape of a ``zone_change`` event (``emit`` it): ``from`` is the object's zone now;
    ``side`` / ``controller`` None = the engine's default (in play: the controller's side; out of
    play: the owner's). ``extra`` fields are kept for the game's triggers and replacements."""
    return {"type": "zone_change", "obj": obj, "from": obj.zone, "to": to, "side": side, "cause": cause,
            "position": position, "controller": controller, "source": source, **extra}


def moved_event(obj: Obj, to: str, *, frm: str | None = None, side: str | None = None, **extra: Any) -> dict:
    """The one payload of a ``moved`` event (a card moved between zones keeping its identity, e.g.
    Warhammer's "move a unit to another zone"): ``obj``, ``from`` (default: its zone now), ``to``,
    ``side`` (None: the same side), plus the game's ``extra`` fields."""
    return {"type": "moved", "obj": obj, "from": obj.zone if frm is None else frm, "to": to, "side": side, **extra}


#: ``objects_with``: ability kind -> the CardDef property that lists the card's abilities of that kind
_ABILITIES_OF_KIND = {"trigger": "triggers", "continuous": "continuous", "action": "actions",
                      "gives_powers": "gives_powers", "replacement": "replacements"}


class ZonesMixin:
    #: the card whose costs are being judged and paid as it is played (chain.announce): in no zone meanwhile
    being_played: Obj | None = None

    # -- objects and zones -------------------------------------------------------------------
    def zone_key(self, side: str, zone: str) -> str:
        return f"{side}.{zone}"

    def create(self, card: CardDef, label: str, owner: str, side: str, zone: str,
               controller: str | None = None, timestamp: int = 0) -> Obj:
        st = self.state
        obj = Obj(st.next_oid, card, label, owner, controller or owner, side, zone, timestamp)
        st.next_oid += 1
        st.objects[obj.oid] = obj
        self._in_play = None
        if self._with:
            self._kept_with(obj, added=True)
        st.zones.setdefault(f"{side}.{zone}", []).append(obj.oid)  # zone_key, touch() inlined: a
        self.labels[label] = obj.oid  # replay creates every card of its state this way
        st.version += 1
        return obj

    def touch(self) -> None:
        self.state.version += 1

    def vars_changed(self) -> None:
        """A state variable changed (the phase, the turn or its player): the conditions that read one ('while
        it is the combat phase', 'until your next turn' written as a while) are read again -- a new state
        version -- unless the characteristics were worked out with no modifier in force: nothing of them read
        a variable, and working them out again at every phase change cost ~6% of a replay."""
        if not (self._chars_plain and self._chars is not None and self._chars[0] == self.state.version):
            self.touch()

    def obj(self, ref: Any) -> Obj | None:
        if isinstance(ref, Obj):
            return self.state.objects.get(ref.oid)
        if isinstance(ref, int):
            return self.state.objects.get(ref)
        if isinstance(ref, str):
            oid = self.labels.get(ref)
            return self.state.objects.get(oid) if oid else None
        return None

    def is_in_play(self, obj: Obj) -> bool:
        return obj.oid in self.state.objects and obj.zone in self.game.play_zones

    def in_play(self) -> list[Obj]:
        """The objects in play, in the order of ``state.objects`` (a new list each call). Kept between
        calls (it is asked for hundreds of times a replay) and dropped by every change of an object's
        zone or of the objects: ``create``, ``_remove``, ``place``, ``_do_zone_change``."""
        kept = self._in_play  # _in_play_kept inlined for the kept case (most calls)
        return list(kept if kept is not None else self._in_play_kept())

    def _in_play_kept(self) -> list[Obj]:
        """``in_play`` without the copy, for the core's own loops that neither change the list nor
        keep it past a change of zones."""
        if self._in_play is None:
            self._in_play = [o for o in self.state.objects.values() if o.zone in self.game.play_zones]
        return self._in_play

    def objects_with(self, kind: str) -> list[Obj]:
        """The objects whose card has an ability of ``kind`` ("trigger", "continuous", "action", or
        "gives_powers": always-on abilities giving powers), in the order of ``state.objects``: most cards have none, and the triggers, the modifiers in force
        and a game's triggered actions are looked for at every batch of events. Kept as objects are
        created and removed (``_kept_with``; a card's abilities never change), each change making a new
        list, so a loop over one never sees it change. Their zones are not kept: the caller asks."""
        got = self._with.get(kind)
        if got is None:
            attr = _ABILITIES_OF_KIND[kind]
            got = self._with[kind] = [o for o in self.state.objects.values() if getattr(o.card, attr)]
        return got

    def _kept_with(self, obj: Obj, added: bool) -> None:
        """``obj`` was added at the end of ``state.objects`` (``added``) or removed from it: the kept
        ``objects_with`` lists of the kinds its card has follow (new lists: see objects_with)."""
        for kind, got in self._with.items():
            if getattr(obj.card, _ABILITIES_OF_KIND[kind]):
                self._with[kind] = got + [obj] if added else [o for o in got if o is not obj]

    def zone_objs(self, side: str, zone: str) -> list[Obj]:
        objects = self.state.objects  # zone_key inlined: asked at most state checks
        objs = [objects[i] for i in self.state.zones.get(f"{side}.{zone}", ())]
        if self.being_played is not None and self.being_played in objs:  # (chain.announce: its costs are paid)
            self.fire("played_card_in_no_zone")
            objs = [o for o in objs if o is not self.being_played]
        return self.untaken(objs) if self._gathering else objs

    def untaken(self, objs: list[Obj]) -> list[Obj]:
        """``objs`` less the cards that an event gathered to replace one of a batch already takes away
        (events.py, replacement_simultaneous): not yet moved, they are no longer there for the next
        replacing event -- a second draw takes the next card, a card cannot be eliminated twice."""
        going = {id(e["obj"]) for e in self._gathering or () if e["type"] == "zone_change"}
        return [o for o in objs if id(o) not in going] if going else objs

    def _remove(self, obj: Obj) -> None:
        self.state.zones[obj.where].remove(obj.oid)
        del self.state.objects[obj.oid]
        self._in_play = None
        if self._with:
            self._kept_with(obj, added=False)

    def move(self, obj: Obj, zone: str, *, side: str | None = None, cause: str = "move",
             position: str = "top", controller: str | None = None, source: Obj | None = None,
             **extra: Any) -> Obj | None:
        """Zone change as an event (replacements and triggers apply); ``extra``: fields of the event
        (zone_change_event). Returns the new object."""
        if obj.oid not in self.state.objects:
            return None
        done = self.emit([zone_change_event(obj, zone, side=side, cause=cause, position=position,
                                            controller=controller, source=source, **extra)])
        return done[0].get("new") if done else None

    def place(self, obj: Obj, *, zone: str | None = None, side: str | None = None,
              controller: str | None = None) -> None:
        """Put the same object (no new object, no event) into another zone list: an attachment
        following its host, a change of control, a game's own "moved" that keeps identity. Only
        what is given changes; the object goes to the end (top) of its new list. The caller
        logs, emits and ``touch()``es as its rule says."""
        self.state.zones[obj.where].remove(obj.oid)
        self._in_play = None
        if zone is not None:
            obj.zone = zone
        if side is not None:
            obj.side = side
        if controller is not None:
            obj.controller = controller
        self.state.zones.setdefault(obj.where, []).append(obj.oid)

    def topmost(self, player: str, zone: str, test) -> Obj | None:
        """The topmost card of ``player``'s ``zone`` (a pile, a deck: kept bottom to top) for which ``test``
        holds, or None ('the topmost unit in your discard pile')."""
        return next((o for o in reversed(self.zone_objs(player, zone)) if test(o)), None)

    def deck_top(self, player: str, n: int = 1, zone: str = "deck") -> list[Obj]:
        """The top ``n`` cards of ``player``'s deck, top card first (the top is the end of the list)."""
        return self.zone_objs(player, zone)[::-1][:n]

    def _do_zone_change(self, ev: dict) -> None:
        obj: Obj = ev["obj"]
        if obj.oid not in self.state.objects:
            ev["failed"] = True
            return
        to = ev["to"]
        came_from = obj.where
        leaving_play = obj.zone in self.game.play_zones and to not in self.game.play_zones
        entering_play = to in self.game.play_zones and obj.zone not in self.game.play_zones
        if to in self.game.play_zones:
            side = ev.get("side") or ev.get("controller") or obj.controller
            controller = ev.get("controller") or side
        else:  # out-of-play zones are the owner's, unless the effect names another player's ('into_player':
            # Hatalom's 'visszakerül a gazdája kezébe', back to the hand of the player who controls it)
            side = controller = ev.get("into_player") or obj.owner
        if leaving_play:  # its last known characteristics (a unit destroyed by an attack still retaliates
            # with the keywords it had in play: Star Wars keyword:retaliate; ZonesMixin.last_known_view)
            obj.memory["last_known"] = self._last_known(obj)
        self._remove(obj)
        ts = ev.get("_ts") or self.state.tick()
        # in a game whose play zones are parts of one play area, moving between them is not
        # leaving play: the same object moves, with its damage, flags and exhaustion
        within_play = (self.game.same_object_within_play and obj.zone in self.game.play_zones
                       and to in self.game.play_zones)
        if within_play:
            if self.on("moving_within_play"):
                self.fire("moving_within_play")
            else:  # off: the card leaves play and enters it again, as a new card
                within_play = False
                leaving_play = entering_play = True
        # off: no card becomes a new object by changing zones -- not even by going on the chain as it is
        # played (a card returned to hand and played again is still the card the old effects name)
        if not within_play and self.on("new_object_on_zone_change"):
            oid = self.state.next_oid
            self.state.next_oid += 1
            if to != "stack" and obj.zone != "stack":
                self.fire("new_object_on_zone_change")
            new = Obj(oid, obj.card, obj.label, obj.owner, controller, side, to, ts)
            obj.memory["became"] = oid  # what an effect that named the card as it was finds next (became())
        else:
            new = obj
            new.side, new.zone, new.controller = side, to, controller
        self.state.objects[new.oid] = new  # (after _remove: at the end of the objects, even when it is obj)
        self._in_play = None
        if self._with:
            self._kept_with(new, added=True)
        key = self.zone_key(side, to)
        lst = self.state.zones.setdefault(key, [])
        if ev.get("position") == "bottom":
            lst.insert(0, new.oid)
        else:
            lst.append(new.oid)
        self.labels[obj.label] = new.oid
        ev["new"] = new
        ev["leaves_play"] = leaving_play
        ev["enters_play"] = entering_play
        if entering_play:
            created = self._created_entering(new, ev)
            if created:
                # the list enter_play passes on to after_entering, so that an ablated replay modifies the
                # card afterwards with these too (a card moved into play otherwise has none to share)
                ev.setdefault("_enters", []).extend(created)
                # what effects made for it said of its entry ('the next creature ... enters active'): a game
                # rule on how a card type enters reads it as card text for this card (Hatalom entering.py)
                new.memory["created_enters"] = created
                if self.on("enters_with_modifiers"):
                    self.fire("enters_with_modifiers")
        placed = 0
        if ev.get("_enters") and entering_play and self.on("enters_with_modifiers"):
            placed = self._enters_with(new, ev["_enters"])
        self.touch()
        self.log("zone_change", card=obj.label, **{"from": came_from, "to": new.where}, cause=ev["cause"])
        if leaving_play:
            self.log("leaves_play", card=obj.label, cause=ev["cause"])
        if entering_play:
            self.log("enters_play", card=obj.label, zone=new.where)
        if placed:  # logged after it entered, as a trace reads: it is in play with them
            self.log("enters_with_damage", card=obj.label, amount=placed)

    def _last_known(self, obj: Obj) -> dict:
        """What a card leaving play last was there: its keywords, stats (printed names: 'the damage it had'),
        type, traits and the game's ``last_known_attrs``, as effects and the game made them. The object that
        left keeps them: an effect or trigger that names it after it left (a step after {destroy: victim},
        'event.obj' of its zone change) reads them (characteristics._unmodified_attr); the card where it is
        now is a new object, read there as it is there."""
        names = ("type", "traits", *obj.card.stats, *self.game.last_known_attrs)
        known = {"keywords": list(self.obj_attr(obj, "keywords") or [])}
        for name in names:
            known[name] = self.obj_attr(obj, name)
        return known

    def became(self, obj: Obj, zone: str) -> Obj | None:
        """The object ``obj`` became when it next arrived in ``zone`` (itself if it is there), if that object
        is still there: a tactic remembered as it was played is the card that resolved into the discard pile,
        and not a later copy of it (a card that leaves the pile and comes back is a new copy with no memory).
        None when it went elsewhere or has moved on since."""
        for _ in range(1000):
            if obj.oid in self.state.objects and obj.zone == zone:
                return obj
            nxt = obj.memory.get("became")
            obj = self.state.objects.get(nxt) if nxt is not None else None
            if obj is None:
                return None
        return None

    def last_known_view(self, obj: Obj) -> dict | None:
        """For a card that has left play: a view holding what it last had in play (its keywords, printed
        and given), to read it with (``in_view``) where a rule speaks of the card as it was -- None while it
        is in play or when it never was. Out of play a card is otherwise read as printed."""
        if self.is_in_play(obj) or "last_known" not in obj.memory:
            return None
        return {obj.oid: obj.memory["last_known"]}

    def enter_play(self, obj: Obj, controller: str, zone: str | None = None) -> Obj | None:
        zone = zone or self._default_zone(obj)
        ents = self.entering_modifiers(obj)
        return self.after_entering(self.move(obj, zone, side=controller, controller=controller, cause="enter",
                                       _enters=ents), ents)

    def enter_play_together(self, entries: list[tuple[Obj, str]], controller: str,
                            source: Obj | None = None) -> list[Obj]:
        """Several cards put into play at the same time (one batch of events): ``entries`` are
        (card, zone) pairs, ``None`` zone = the card's default. Returns the new objects."""
        ents = {o.oid: self.entering_modifiers(o) for o, _ in entries}
        done = self.emit([zone_change_event(o, zone or self._default_zone(o), cause="enter", side=controller,
                                            controller=controller, source=source, _enters=ents[o.oid])
                          for o, zone in entries])
        return [self.after_entering(ev.get("new"), ents.get(ev["obj"].oid) or []) for ev in done if ev.get("new")]

    def entering_modifiers(self, obj: Obj) -> list[dict]:
        """The card's own 'enters play ...' modifiers ('I come into play exhausted'; traced as they are
        about to apply). One with ``applies_to`` naming other cards ('Enemy heroes come into play
        exhausted') is about the cards that enter after it, not about itself: the game applies those."""
        ents = list(obj.card.own_enters)
        if ents and self.on("enters_with_modifiers"):
            self.fire("enters_with_modifiers")
        return ents

    def _created_entering(self, new: Obj, ev: dict) -> list[dict]:
        """The 'enters play ...' modifiers effects created for the cards about to enter ({create: {kind:
        enters, filter, enters: {...}, next: true}}: 'the next unit you play comes into play with 1
        damage on it') that ``new`` meets as ``ev`` brings it into play (``filter`` reads ``it``, the card,
        and ``event``); a 'next' one is used up by the first card that meets it. Each carries its source
        (``_source``: who deals the damage in an ablated replay)."""
        out = []
        for eff in [e for e in self.state.effects if e.kind == "enters"]:
            b = {**eff.bindings, "it": new, "event": ev}
            if eff.data.get("filter") is not None and not self.eval(eff.data["filter"], b):
                continue
            out.append({**eff.data.get("enters", {}), "_source": eff.source, "_source_label": eff.source_label})
            if eff.data.get("next"):
                self.state.effects.remove(eff)
        return out

    def _enters_with(self, new: Obj, ents: list[dict]) -> int:
        """A card's 'enters play ...' modifiers, applied as it enters (part of the zone change, so the
        triggers that look at it just after it entered see it exhausted, with its counters and damage
        tokens: placed on it, not dealt -- no damage event). Returns how many damage tokens it placed."""
        exhausted = any(ent.get("exhausted") for ent in ents)
        counters: dict[str, int] = {}
        for ent in ents:
            for k, v in (ent.get("counters") or {}).items():
                counters[k] = counters.get(k, 0) + v
        if exhausted or counters:
            new.exhausted = exhausted
            new.counters.update(counters)
        damage = sum(ent.get("damage") or 0 for ent in ents)
        new.damage += damage
        return damage

    def after_entering(self, new: Obj | None, ents: list[dict]) -> Obj | None:
        """After the card entered: with enters_with_modifiers off, it entered in its default state and
        is modified afterwards: exhausted, then given its counters (events, like any later change)."""
        if new is None or not ents or self.on("enters_with_modifiers"):
            return new
        if any(ent.get("exhausted") for ent in ents):
            self.set_exhausted(new, True)
        counters: dict[str, int] = {}
        for ent in ents:
            for k, v in (ent.get("counters") or {}).items():
                counters[k] = counters.get(k, 0) + v
        if counters and new.oid in self.state.objects:
            self.emit([{"type": "counter_added", "obj": new, "kind": k, "amount": v, "player": new.controller}
                       for k, v in counters.items()])
        for ent in ents:  # its damage is dealt to it, by the modifier's source (the card's own: itself)
            if ent.get("damage") and new.oid in self.state.objects and self.is_in_play(new):
                src = self.obj(ent.get("_source", -1)) or self.obj(ent.get("_source_label")) or new
                self.deal_damage(src, {new.oid: ent["damage"]})
        return new

    def _default_zone(self, obj: Obj) -> str:
        return obj.card.extra.get("zone") or self.game.play_zones[0]  # printed: a card entering play

    def set_exhausted(self, obj: Obj, value: bool) -> bool:
        return self.set_exhausted_all([obj], value)[0]

    def set_exhausted_all(self, objs: list[Obj], value: bool, by: str | None = None) -> list[bool]:
        """Exhaust (or ready) the cards together, one batch of simultaneous events; per card, whether it
        changed. Changed as the events are performed (events.py _perform_change): a replacement can stop
        one, and triggers on them look at the cards as they were just before. ``by``: the card whose effect
        does it, remembered by each card it changes (``memory["exhausted_by"]``)."""
        kind = "exhausted" if value else "readied"
        changing = [o for o in objs if o.exhausted != value and not self.gathered_change(o, kind)]
        emitted = changing
        if len(changing) < len(objs) and not self.on("becomes_change_only"):
            emitted = list(objs)  # off: a card "becomes" what it already was (still not a change)
        if emitted:
            self.emit([{"type": kind, "obj": o, "_by": by} if by else {"type": kind, "obj": o} for o in emitted])
        return [o in changing and o.exhausted == value for o in objs]
