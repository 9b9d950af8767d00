"""Playing cards and putting them into play: where a card may be played from (Necromancy from the
discard pile in its owner's capital phase; a card's 'play permission'), zone-only cards ('Quest
only.'), the Hero and unique restrictions (for playing and putting into play alike), units whose
entering play together makes an illegal state (all but one sacrificed), X (0 unless defined),
cards played by an effect (tactics resolved for free, Necromancy used by another card, playing a card from
hand during the chain; a card played by an effect follows the restrictions on playing, limited.py). Putting
a card into play by an effect: putting.py."""
from __future__ import annotations

from typing import Any

from judge.engine.cards import Ability
from judge.engine.game import NOT_MINE
from judge.engine.state import ChainItem, TextReason

from . import keywords
from .common import SECTIONS, play_ability
from .limited import effect_play_refused, limited_blocked, limited_spent
from .next_cost import next_card_lowering

#: this mechanic's replay memory (engine.memory "whi.playing"), as it starts
_MEMORY = {"entered": [], "sacrificed": set()}


def register(game) -> None:
    game.steps.update({"resolve_tactic": _resolve_tactic, "play_card": _play_card})
    game.functions["played"] = played


def _put_in(ev) -> bool:
    """A card entering play through a card effect (put into play), not from the action chain its play
    went on (clarification:entering-play: a played card enters play once the chain completes)."""
    return (isinstance(ev, dict) and ev.get("type") == "zone_change" and bool(ev.get("enters_play"))
            and ev.get("cause") == "enter" and ev.get("from") != "stack")


def played(eng, ev) -> bool:
    """Expression ``played(event)``: is the card this ``zone_change`` brings into play a card PLAYED ('the
    next unit you play ... comes into play with 1 damage')? One played enters play from the action chain;
    one put into play by an effect is not played -- it 'enters play through a card effect instead of
    through normal costs and restrictions' (clarification:put-into-play, put_into_play_not_played; off: a
    card put into play counts as played too)."""
    if _put_in(ev):
        if eng.on("put_into_play_not_played"):
            eng.fire("put_into_play_not_played")
            return False
        return True
    return isinstance(ev, dict) and bool(ev.get("enters_play")) and ev.get("from") == "stack"


def put_in_as_played(eng, events: list[dict]) -> None:
    """Ablated put_into_play_not_played: a card put into play by an effect counts as played -- it uses up
    a 'lower the cost of the next <card> you play' effect (next_cost.next_card_lowering) and its play is
    announced (``card_played``) to the effects about playing a card."""
    if eng.on("put_into_play_not_played"):
        return
    for ev in events:
        new = ev.get("new")
        if _put_in(ev) and new is not None and eng.is_in_play(new):
            next_card_lowering(eng, new.controller, new)
            eng.emit_card_played(new, new.controller)


def _mem(eng) -> dict:
    return eng.memory("whi.playing", _MEMORY)


def from_zone_and_entry(eng, player, obj, action) -> str | None:
    card = obj.card
    if necromancy_from_discard(eng, obj, action):
        reason = necromancy_phase_refused(eng, player)
        if reason:
            return reason
    else:
        reason = outside_hand_needs_permission(eng, player, obj, action)
        if reason:
            return reason
    zone = action.get("zone") or card.extra.get("zone") or "kingdom"
    reason = entry_blocked(eng, player, obj, zone)
    if reason:
        return reason
    return None


def necromancy_from_discard(eng, obj, action) -> bool:
    """Necromancy: the unit may be played from its owner's discard pile as though it were in his hand
    (keyword:necromancy). Mechanic off: the keyword gives no such permission (the card then needs another
    card's, outside_hand_needs_permission)."""
    if action.get("from") != "discard" or not keywords.printed_keyword(obj, "necromancy"):
        return False
    return eng.applies("necromancy_plays_from_discard")


def others_card_rule(eng, obj, action) -> str | None:
    """Why a player cannot play a card he does not own from where it is: Necromancy plays a unit from
    the discard pile 'as though the unit was in its owner's hand' (keyword:necromancy), so only its owner
    may; without that permission cards are played from their owner's hand
    (clarification:entering-play). The mechanic named is the one the refusal cites."""
    if action.get("from", "hand") == "hand":
        return None
    if keywords.printed_keyword(obj, "necromancy") and eng.on("necromancy_plays_from_discard") \
            and action.get("from") == "discard":
        eng.fire("necromancy_plays_from_discard")
        return "necromancy_plays_from_discard"
    if eng.on("play_from_hand_unless_permitted"):
        eng.fire("play_from_hand_unless_permitted")
        return "play_from_hand_unless_permitted"
    return None


def necromancy_phase_refused(eng, player) -> str | None:
    """clarification:play: 'Cards played using the Necromancy keyword can only be played during their owner's
    Capital Phase' (necromancy_capital_phase): why ``player`` can't now, or None."""
    if eng.on("necromancy_capital_phase") and (eng.state.vars.get("phase") != "capital"
                                                or eng.state.vars.get("active") != player):
        eng.fire("necromancy_capital_phase")
        return "a card played with Necromancy can only be played during its owner's capital phase"
    return None


def outside_hand_needs_permission(eng, player, obj, action) -> str | None:
    """Cards are played from hand; only an effect lets one be played from the discard pile or the deck
    (clarification:entering-play): a card's 'play permission' (Necromancy: necromancy_from_discard).
    Mechanic off: a card may be played from any zone of its owner's."""
    zone = action.get("from", "hand")
    if zone == "hand" or play_permission(eng, player, obj, zone) is not None:
        return None
    if not eng.applies("play_from_hand_unless_permitted"):
        return None
    return f"cards are played from hand: no effect lets {obj.card.name} be played from the {zone}"


def zone_only(eng, player, obj, action) -> str | None:
    """'Quest only.' (keyword '<zone> only'): the card can be played only into that zone."""
    reason = zone_only_blocked(obj, action.get("zone") or obj.card.extra.get("zone") or "kingdom", "played")
    return TextReason(reason, eng.card_name(obj)) if reason else None


def zone_only_blocked(obj, zone: str, how: str) -> str | None:
    """Why a '<zone> only' card cannot be ``how`` (played, put into play) into ``zone``, or None."""
    only = [str(k).split()[0] for k in obj.card.keywords if str(k).endswith(" only")
            and str(k).split()[0] in SECTIONS]
    if only and zone not in only:
        return f"{obj.card.name} can only be {how} into the {only[0]} zone ({only[0].capitalize()} only)"
    return None


def play_permission(eng, player, obj, zone: str):
    """The card in play that lets ``player`` play ``obj`` from ``zone`` (a continuous ability named
    'play permission' whose ``applies_to`` matches the card there, e.g. ``it.zone == 'discard' and ...``),
    or None."""
    if obj.zone != zone:
        return None
    for src in eng.in_play():
        if src.controller != player:
            continue
        for ab in src.card.continuous:
            if ab.name == "play permission":
                if eng.eval(ab.get("applies_to") or "false", eng.bindings_for(src, player, {"it": obj})):
                    return src
    return None


def hero_blocked(eng, side: str, obj, zone: str) -> str | None:
    """'Limit one Hero per zone': no Hero is played, put into play, moved or given control of into a
    zone of ``side``'s where another Hero is."""
    if hero_there(eng, side, obj, zone):
        eng.fire("one_hero_per_zone")
        return f"there is already a Hero in {side}'s {zone} (limit one Hero per zone)"
    return None


def hero_there(eng, side: str, obj, zone: str) -> bool:
    """hero_blocked without tracing: would 'Limit one Hero per zone' keep ``obj`` out of that zone?"""
    return ("Hero" in obj.card.traits and eng.on("one_hero_per_zone")
            and any("Hero" in (eng.obj_attr(o, "traits") or []) and o.side == side and o.zone == zone
                    and o.oid != obj.oid for o in eng.in_play()))


def entry_blocked(eng, player, obj, zone, put: bool = False) -> str | None:
    """Hero and unique restrictions, for playing and for putting into play (``put``: a card effect puts
    the card into play, which does not bypass the restrictions in its text box, such as 'Limit one Hero
    per zone', '<zone> only', 'Limited'; mechanic put_into_play_text_restrictions, off: a card put into
    play ignores them)."""
    return zone_entry_blocked(eng, player, obj, zone, put) or card_entry_blocked(eng, player, obj, put)


def zone_entry_blocked(eng, player, obj, zone, put: bool = False) -> str | None:
    """The restrictions that depend on the zone: 'Limit one Hero per zone' and (put into play) '<zone> only'."""
    if not put or eng.on("put_into_play_text_restrictions"):
        # a card played checks its '<zone> only' keyword as it is played (zone_only); one put into play
        # checks it here, with the other restrictions of its text box
        if put and hero_there(eng, player, obj, zone):
            # put into play does not bypass the Hero's 'Limit one Hero per zone' (traced), but the Hero limit
            # names this case itself ('or put into play (via a card effect)'): fired last, it is the rule named
            eng.fire("put_into_play_text_restrictions")
        reason = hero_blocked(eng, player, obj, zone)
        if reason:
            return reason
        reason = zone_only_blocked(obj, zone, "put into play") if put else None
        if reason:
            eng.fire("put_into_play_text_restrictions")
            return reason
    return None


def card_entry_blocked(eng, player, obj, put: bool = False) -> str | None:
    """The restrictions whatever the zone: unique, and (put into play) one Limited card each turn -- 'Limited'
    is in the text box, and cards put into play follow the same restrictions as cards played (a card played
    is checked as it is played: timing.play_timing)."""
    card = obj.card
    if put and eng.on("put_into_play_text_restrictions"):
        reason = limited_blocked(eng, player, obj, "put into play")
        if reason:
            eng.fire("put_into_play_text_restrictions")
            return reason
    if card.extra.get("unique") and eng.on("unique_restriction"):
        if controls_copy(eng, player, card.name):
            eng.fire("unique_restriction")
            return f"{card.name} is unique and {player} already has a copy in play"
    return None


def controls_copy(eng, player, name: str) -> bool:
    """``player`` controls a copy of the card titled ``name`` in play, for the unique restriction. Faceup
    developments 'retain their title and uniqueness' (clarification:developments); a facedown card
    -- a facedown development, attached experience -- shows no title, so it is no copy (mechanic
    facedown_no_title; off: every card in play counts by its printed title)."""
    for o in eng.in_play():
        if o.card.name != name or o.controller != player:
            continue
        if o.flags & {"development", "experience"} and eng.on("facedown_no_title"):
            eng.fire("facedown_no_title")
            continue
        return True
    return False


# -- X --

def _x_definition(obj):
    for ab in obj.card.continuous:
        if "x" in (ab.get("set") or {}):
            return ab.get("set")["x"]
    return None


def x_attr(eng, obj, name: str) -> Any:
    """``x`` (and ``cost`` of an X card) as the card defines it: 0 out of play unless x_defined_everywhere;
    NOT_MINE when the card doesn't define X."""
    if name in ("cost", "x") and (name == "x" or obj.card.cost == "X"):
        expr = _x_definition(obj)
        if expr is None:
            return NOT_MINE
        if not eng.is_in_play(obj):
            if not eng.on("x_defined_everywhere"):
                return 0  # X is 0 unless defined (the letter X)
            eng.fire("x_defined_everywhere")
        return eng.eval(expr, eng.bindings_for(obj, obj.controller, {"it": obj}))
    return NOT_MINE


def text_costs(eng, player, obj, ab, b) -> list | None:
    """The costs in the text of a card played by an effect 'without paying its cost' (or 'for free'): its
    cost is 0, but 'all costs in the card text itself must be paid' (clarification:cost, mechanic
    text_costs_paid; off: none are). None (logged) when they cannot all be paid: it is not played."""
    costs = list(ab.get("cost") or [])
    if costs and eng.on("text_costs_paid"):
        eng.fire("text_costs_paid")
        costs = eng.hooks.cost_steps(eng, player, obj, None, {}, costs)
    else:
        costs = []
    costs = eng.game.hooks.call("free_play_costs", eng, player, obj) + costs  # its cost of 0 (costs.py)
    if not costs:
        return []
    if not eng.can_do_all(costs, b):
        eng.log("effect_cancelled", source=obj.label, reason="costs_unpaid")
        return None
    return costs


def _resolve_tactic(eng, st, b) -> bool:
    """{resolve_tactic: REF, play: true}: resolve the play effect of a tactic card (copied, or with
    ``play`` played by an effect without paying its cost: the costs in its text are paid, text_costs) for
    the resolving player; its targets are chosen now. ``play`` is the rules' 'a card effect allows the
    playing of a card' (clarification:card-effects-resulting-in-playing-cards, mechanic
    effect_played_card_announced): the card is played, resolving as part of the chain; without it the
    effect is copied and no card is played."""
    objs = eng.resolve_ref(st["resolve_tactic"], b)
    player = b["you"]
    done = False
    for o in objs:
        ab = play_ability(o)
        if ab is None:
            continue
        if st.get("play"):
            reason = effect_play_refused(eng, player, o)  # played: it follows the restrictions on playing
            if reason:
                eng.log("play_blocked", card=o.label, reason=reason)
                continue
        played_from = o.zone if st.get("play") and eng.on("effect_played_card_announced") else None
        if played_from == "discard":
            # a card being played is out of the pile it came from (it resolves as part of the chain:
            # clarification:card-effects-resulting-in-playing-cards), back to its owner's pile once resolved
            o = eng.move(o, "stack", side=player, cause="play") or o
        x = 0
        if o.card.cost == "X":
            if not eng.applies("x_is_zero"):
                # the reading the letter-X rule forbids: the copy keeps the X its card was last played with
                x = next((e.get("x") or 0 for e in reversed(eng.events)
                          if e.get("event") == "played" and e.get("card") == o.label), 0)
        # a tactic PLAYED by an effect is itself the card being played: its effects (and the triggers it
        # creates) are its own; a copied effect stays the copying card's
        cb = eng.bindings_for(o if st.get("play") else b.get("this"), player, {"x": x})
        costs = text_costs(eng, player, o, ab, cb) if st.get("play") else []
        if costs is None:
            return done
        for spec in ab.get("targets") or []:
            legal = eng.legal_targets(spec, cb)
            if not legal:
                eng.log("effect_cancelled", source=o.label, reason="no_legal_target")
                return done
            cb[spec["name"]] = eng.obj(eng.decide(player, "pick", [t.label for t in legal], f"a target for {o.label}"))
        eng.run_steps(costs, cb)
        if st.get("play") and eng.applies("effect_played_card_announced"):
            # a card an effect lets its player PLAY is played (clarification:card-effects-resulting-in-playing-
            # cards): its play is announced, targets chosen and costs paid, to the effects about playing a
            # tactic (Voice of Command); a copied effect (no ``play``) plays no card
            eng.emit_card_played(o, player)
        eng.log("resolving", source=o.label, ability=ab.name, x=x)
        eng.run_steps(ab.get("steps") or [], cb)
        if played_from == "discard" and o.oid in eng.state.objects and o.zone == "stack":
            eng.move(o, "discard", side=o.owner, cause="resolved")
        done = True
    return done


#: keyword -> the mechanic 'you can use the <keyword> ability on a card only if it has the keyword'
_KEYWORD_NEEDED = {"necromancy": "necromancy_needs_keyword"}


# -- playing a card by an effect, during the chain (from hand: Wurrzag; through Necromancy: Lord of the Dead) --

def _play_card(eng, st, b) -> bool:
    """{play_card: FILTER, from: ZONE, using: KEYWORD}: the resolving player plays a card matching FILTER
    from his ZONE (default: his hand), during the resolution of the chain: 'play a ... tactic from your hand
    for free' is {play_card: FILTER}. ``using``: through that keyword's ability -- 'use the Necromancy
    ability on a card in your discard pile without paying its cost' is {play_card: FILTER, from: discard,
    using: necromancy}. Necromancy plays the card 'as though the unit was in its owner's hand'
    (keyword:necromancy): it is played (its play is announced, played(event) is true), only a card that has
    the keyword may be chosen (necromancy_needs_keyword), only in its owner's capital phase
    (necromancy_capital_phase), and it returns at the end of the turn."""
    keyword = st.get("using")
    if keyword is not None and keyword not in _KEYWORD_NEEDED:
        eng.fail(f"play_card using {keyword!r}: the game knows no such keyword ability ({sorted(_KEYWORD_NEEDED)})")
    return _play_by_effect(eng, b, st["play_card"], st.get("from", "hand"), keyword)


def _play_by_effect(eng, b, flt, zone, keyword) -> bool:
    """A card effect makes the resolving player play a card matching ``flt`` from his ``zone`` for free
    (printed cost 0: 'cannot be modified by other variables, such as loyalty'; the costs in its text are
    paid): it goes on the chain as a card played and resolves at once (effect_play_in_chain). If he has
    an eligible card he must play one (play_from_hand_mandatory: a scripted 'none' is refused)."""
    player = b["you"]
    cards, usable = _playable(eng, player, zone, flt, keyword, b)
    reason = necromancy_phase_refused(eng, player) if keyword == "necromancy" and usable else None
    if usable and not reason and all(limited_spent(eng, player, o) for o in usable):
        reason = effect_play_refused(eng, player, usable[0])  # the restrictions on playing leave none to play
    if not usable or reason:
        eng.log("nothing_to_play", player=player, **({"reason": reason} if reason else {}))
        return False

    def check(value):
        if value in ("none", None):
            if eng.applies("play_from_hand_mandatory"):
                return "you have an eligible card: you must play one"
            return None
        o = eng.obj(value) if isinstance(value, str) else None
        if o not in cards:
            return f"{value} is not an eligible card in {player}'s {zone}"
        if o not in usable:
            eng.fire(_KEYWORD_NEEDED[keyword])
            return f"{o.label} has no {keyword.capitalize()} keyword"
        return effect_play_refused(eng, player, o)  # played: it follows the restrictions on playing

    what = f"a card to use {keyword.capitalize()} on" if keyword else f"a card to play ({flt})"
    value = eng.decide_checked(player, "pick", [o.label for o in cards] + ["none"], what, check)
    if value in ("none", None):
        eng.log("declined_to_play", player=player)
        return False
    pick = eng.obj(value)
    if keyword:
        eng.log("keyword_used", keyword=keyword, player=player, card=pick.label)
    ab = play_ability(pick)
    if ab is None and pick.card.type in eng.game.permanent_types:
        ab = Ability(-1, "play", {})  # a unit, support or quest: its play puts it into a zone
    if ab is None:
        return False
    extra = {"x": 0}
    if pick.card.type in eng.game.permanent_types:
        extra["zone"] = _zone_to_enter(eng, player, pick)
    costs = text_costs(eng, player, pick, ab, eng.bindings_for(pick, player))
    if costs is None:
        return False
    next_card_lowering(eng, player, pick)  # played: it is 'the next <card> you play', free or not
    new = eng.move(pick, "stack", side=player, cause="play")
    if keyword == "necromancy":
        keywords.necromancy_used(eng, new)  # through the keyword's ability: it returns at the end of the turn
    item = card_item(eng, player, new, ab, extra)
    for spec in ab.get("targets") or []:
        legal = eng.legal_targets(spec, item.bindings)
        if not legal:
            eng.log("effect_cancelled", source=new.label, reason="no_legal_target")
            eng.move(new, "discard", cause="cancelled")
            return False
        tgt = eng.obj(eng.decide(player, "pick", [t.label for t in legal], f"a target for {new.label}"))
        item.targets[spec["name"]] = [tgt.oid]
        item.bindings[spec["name"]] = tgt
    eng.run_steps(costs, item.bindings)
    eng.log("played", player=player, card=new.label, ability=ab.name, by_effect=True,
            targets=[eng.state.objects[t].label for ts in item.targets.values() for t in ts])
    eng.emit_played(item)
    if eng.applies("effect_play_in_chain"):
        eng.settle()
        eng.resolve_item(item)
        return True
    eng.state.chain.insert(0, item)  # ablated: a new chain, after the current one
    return True


def _zone_to_enter(eng, player, obj) -> str:
    """The zone a card played by an effect enters, chosen by its player as for a card he plays himself:
    one of his zones that its '<zone> only' keyword and its Hero and unique restrictions allow (a card
    whose data names its zone enters that one, as when it is played without naming one)."""
    own = obj.card.extra.get("zone")
    if own:
        return own

    def check(value):
        if value not in SECTIONS:
            return f"{value} is not a zone"
        return zone_only_blocked(obj, value, "played") or entry_blocked(eng, player, obj, value)

    return eng.decide_checked(player, "option", list(SECTIONS), f"the zone {obj.label} enters", check)


def card_item(eng, player, card, ab, extra: dict | None = None) -> ChainItem:
    """The action-chain item of a card played (now on the stack) with play ability ``ab``."""
    return ChainItem(len(eng.state.chain) + 1 + eng.state.clock, player, card.oid, card.label, ab, card.oid, {}, 0,
                     bindings=eng.bindings_for(card, player, extra))


def _eligible(eng, player, zone, flt, b) -> list:
    return [o for o in eng.zone_objs(player, zone) if eng.eval(flt, {**b, "it": o})]


def _playable(eng, player, zone, flt, keyword, b) -> tuple[list, list]:
    """The cards of ``player``'s ``zone`` matching ``flt``, and those of them the effect can play: through a
    keyword's ability, only a card that has the keyword (necromancy_needs_keyword; traced where it leaves out
    a card the filter alone would take)."""
    cards = _eligible(eng, player, zone, flt, b)
    if not keyword:
        return cards, cards
    usable = [o for o in cards if keywords.printed_keyword(o, keyword)]
    if len(usable) < len(cards):
        if not eng.on(_KEYWORD_NEEDED[keyword]):
            return cards, cards
        if not usable:
            eng.fire(_KEYWORD_NEEDED[keyword])  # the keyword rule leaves nothing to play
    return cards, usable


def nothing_to_play(eng, player, obj, ab) -> str | None:
    """An Action whose effect must play a card (from hand, or the zone it names) may be triggered with no
    card there its effect could play: it then does nothing (trigger_with_nothing_to_do; off: it can't be)."""
    must = next((st for st in ab.get("steps") or [] if isinstance(st, dict) and "play_card" in st), None)
    if must is not None:
        b = eng.bindings_for(obj, player)
        zone = must.get("from", "hand")
        if not _playable(eng, player, zone, must["play_card"], must.get("using"), b)[1]:
            if not eng.on("trigger_with_nothing_to_do"):
                return "you hold no card its effect could play" if zone == "hand" else \
                    f"your {zone} holds no card its effect could play"
            eng.fire("trigger_with_nothing_to_do")
    return None


# -- units entering play together in an illegal state (End Times) --

def note_entered_together(eng, events: list[dict]) -> None:
    """Remember batches of two or more units entering play together (the only way an entry can make
    an illegal state: a single entry is checked against what is already in play before it happens)."""
    batch = [e["new"] for e in events if e["type"] == "zone_change" and e.get("enters_play") and e.get("new")]
    if len(batch) > 1:
        _mem(eng)["entered"].append([o.oid for o in batch])


def _clash(eng, a, b) -> tuple[str, str] | None:
    """Why two cards that entered play together make an illegal state, and the rule (mechanic) that
    makes it illegal: two copies of a unique card, two Heroes in one zone of a player's."""
    if a.controller != b.controller:
        return None
    if a.card.extra.get("unique") and a.card.name == b.card.name and eng.on("unique_one_in_play"):
        return f"{a.card.name} is unique", "unique_one_in_play"
    if (a.zone == b.zone and "Hero" in (eng.obj_attr(a, "traits") or [])
            and "Hero" in (eng.obj_attr(b, "traits") or []) and eng.on("one_hero_per_zone")):
        return f"limit one Hero per zone ({a.controller}'s {a.zone})", "one_hero_per_zone"
    return None


def illegal_entry(eng) -> bool:
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
            why, rule = _clash(eng, group[0], group[1])
            eng.fire(rule)
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


def keep_entry_trigger(eng, p) -> bool:
    """'Enters play' effects trigger only for the unit that stays in play."""
    ev = p.event or {}
    new = ev.get("new")
    if ev.get("type") == "zone_change" and ev.get("enters_play") and new is not None \
            and new.oid in _mem(eng)["sacrificed"]:
        eng.fire("illegal_entry_sacrificed")
        eng.log("trigger_lost", source=p.source_label, reason="its unit was sacrificed (illegal state)")
        return False
    return True
