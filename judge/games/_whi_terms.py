"""Warhammer: Invasion: rules-term clarifications (phases, entering / leaving play, in / out of
play, moving cards, play vs put into play, search, X, skip, Savage) and the End Times FAQ.

Most of these terms are mechanics that already exist (bound in warhammer_invasion.py and
_whi_rules.py); ``bind`` attaches the term entries whose text states that very mechanic (binding a
bound key again adds ids and keeps its description). Two mechanics are new here: units whose
simultaneous entry into play makes an illegal state (two copies of a unique card, two Heroes in one
zone) are sacrificed at once, all but the one their owner keeps, and their 'enters play' effects
trigger only for the unit that stays (``illegal_entry_sacrificed``);
several skips of one phase skip only that phase (``skip_once_per_phase``). Steps:
``reveal_put_into_play`` (End Times), ``return_top_of_discard`` (reads a discard pile's order)."""
from __future__ import annotations

from judge.games import _whi_rules as W
from judge.games._whi_rules import rid


def bind(reg) -> None:
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


def register(game) -> None:
    game.steps.update({"reveal_put_into_play": _reveal_put_into_play, "skip": _skip,
                       "return_top_of_discard": _return_top_of_discard})


# -- bookkeeping ----------------------------------------------------------------------------------

def _mem(eng) -> dict:
    m = getattr(eng, "_whi_terms", None)
    if m is None:
        m = {"entered": [], "sacrificed": set()}
        eng._whi_terms = m
    return m


def observe(eng, events: list[dict]) -> None:
    """Remember batches of two or more units entering play together (the only way an entry can make
    an illegal state: a single entry is checked against what is already in play before it happens)."""
    batch = [e["new"] for e in events if e["type"] == "zone_change" and e.get("enters_play") and e.get("new")]
    if len(batch) > 1:
        _mem(eng)["entered"].append([o.oid for o in batch])


def _clash(eng, a, b) -> str | None:
    if a.controller != b.controller:
        return None
    if a.card.extra.get("unique") and a.card.name == b.card.name:
        return f"{a.card.name} is unique"
    if (a.zone == b.zone and "Hero" in (eng.obj_attr(a, "traits") or [])
            and "Hero" in (eng.obj_attr(b, "traits") or [])):
        return f"limit one Hero per zone ({a.controller}'s {a.zone})"
    return None


def state_checks(eng) -> bool:
    mem = _mem(eng)
    if not mem["entered"]:
        return False
    batches, mem["entered"] = mem["entered"], []
    changed = False
    for oids in batches:
        objs = [eng.state.objects[i] for i in oids if i in eng.state.objects and eng.is_in_play(eng.state.objects[i])]
        while True:
            group = None
            for o in objs:
                clashing = [p for p in objs if p is not o and _clash(eng, o, p)]
                if clashing:
                    group = [o] + clashing
                    break
            if not group:
                break
            if not eng.on("illegal_entry_sacrificed"):
                break
            eng.fire("illegal_entry_sacrificed")
            owner = group[0].owner
            why = _clash(eng, group[0], group[1])
            keep = eng.obj(eng.decide(owner, "pick", [o.label for o in group],
                                      f"the unit that stays in play ({why})"))
            gone = [o for o in group if o is not keep]
            mem["sacrificed"].update(o.oid for o in gone)
            eng.log("illegal_state", reason=why, kept=keep.label, sacrificed=[o.label for o in gone])
            eng.emit([{"type": "zone_change", "obj": o, "from": o.zone, "to": "discard", "side": None,
                       "cause": "sacrifice", "position": "top", "controller": None, "source": None} for o in gone])
            objs = [o for o in objs if o not in gone]
            changed = True
    return changed


def keep_pending(eng, p) -> bool:
    """'Enters play' effects trigger only for the unit that stays in play."""
    ev = p.event or {}
    new = ev.get("new")
    if ev.get("type") == "zone_change" and ev.get("enters_play") and new is not None \
            and new.oid in _mem(eng)["sacrificed"]:
        eng.fire("illegal_entry_sacrificed")
        eng.log("trigger_lost", source=p.source_label, reason="its unit was sacrificed (illegal state)")
        return False
    return True


# -- steps ------------------------------------------------------------------------------------------

def _reveal_put_into_play(eng, st, b) -> bool:
    """{reveal_put_into_play: N, player: P}: P reveals the top N cards of his deck and puts every unit
    revealed into play (its default zone) at the same time; the rest go to his discard pile. A unit a
    put-into-play restriction forbids (a unique card he already has in play ...) stays out of play."""
    player = eng.eval(st.get("player", "you"), b)
    n = eng.eval(st["reveal_put_into_play"], b)
    top = list(reversed(eng.zone_objs(player, "deck")))[:n]
    eng.log("revealed", player=player, cards=[o.label for o in top])
    enter, rest = [], []
    for o in top:
        zone = o.card.extra.get("zone") or "kingdom"
        if o.card.type == "unit" and not W.entry_blocked(eng, player, o, zone):
            enter.append((o, zone))
        else:
            rest.append(o)
    if enter:
        eng.emit([{"type": "zone_change", "obj": o, "from": o.zone, "to": zone, "side": player, "cause": "enter",
                   "position": "top", "controller": player, "source": b.get("this")} for o, zone in enter])
    if rest:
        eng.emit([{"type": "zone_change", "obj": o, "from": o.zone, "to": "discard", "side": None,
                   "cause": "discard", "position": "top", "controller": None, "source": b.get("this")}
                  for o in rest])
    return bool(top)


def _skip(eng, st, b) -> bool:
    """{skip: PHASE}: the clarification step (_whi_rules); a phase skipped again this turn stays one
    skipped phase (the off mode carries the extra skip to the same player's next turn)."""
    turn, phase = eng.state.vars.get("turn"), st["skip"]
    if eng.on("skip_phase") and W.skipped(eng, phase):
        if eng.on("skip_once_per_phase"):
            eng.fire("skip_once_per_phase")
        else:
            W._mem(eng)["skip"].add(((turn or 1) + 2, phase))
    return W._skip(eng, st, b)


def _return_top_of_discard(eng, st, b) -> bool:
    """{return_top_of_discard: PLAYER, filter: EXPR}: the topmost card of PLAYER's discard pile that
    matches goes to its owner's hand (the pile is listed bottom to top)."""
    player = eng.eval(st["return_top_of_discard"], b)
    flt = st.get("filter", "true")
    for o in reversed(eng.zone_objs(player, "discard")):
        if eng.eval(flt, {**b, "it": o}):
            eng.move(o, "hand", cause="return")
            return True
    return False
