"""Locations and buildings (8.6, 8.9): one location in play, immune to sacrifice and the like,
no response to a location, not counted as a card in play, the location search, activation."""
from __future__ import annotations

from judge.engine.card_text import card_sentences
from judge.engine.steps import repeated

from .card_types import type_of
from .on_play import played_now
from .shields import resolving_card


def replace_location(engine, new_loc) -> None:
    olds = [o for o in engine.in_play() if type_of(engine, o) == "helyszín"]
    if not olds or not engine.on("one_location"):
        return
    engine.fire("one_location")
    for o in olds:
        engine.move(o, "discard", cause="location_replaced")


#: 8.9.5: what a location is immune to -- being sacrificed, passivized (exhausted, activated),
#: shuffled back into the deck, returned to hand or taken from its owner's control
IMMUNE_TO = ("sacrifice", "exhaust", "activate", "shuffle_back", "return_to_hand", "gain_control")


#: the word a source's text must contain to affect a location (8.9.5: "A helyszínekre csak azok a
#: források hatnak, amelyekre ez külön rá van írva"); its inflected forms (helyszínt, helyszínre ...) too
LOCATION_WORD = "helyszín"


def may_affect(engine, verb: str, obj) -> bool:
    """Hook ``may_affect``: a location is left out of the steps 8.9.5 names whatever the source, and of
    every other step of a source whose text does not name locations. A card is a location by the type it
    has in play (type_of)."""
    if type_of(engine, obj) != "helyszín":
        return True
    if verb in IMMUNE_TO and engine.on("location_immune"):
        engine.fire("location_immune")
        engine.log("unaffected", card=obj.label, reason="location")
        return False
    source = resolving_card(engine)  # None: no card's effect (a rule, a scenario's staged effect)
    if source is None or names_locations(source, step=engine.running_step) \
            or not engine.on("location_named_sources_only"):
        return True
    engine.fire("location_named_sources_only")
    engine.log("unaffected", card=obj.label, reason="source does not name locations", source=source.label)
    return False


#: where a card moved out of play goes -> the name 8.9.5 gives that move ("az asztalról visszakeverni,
#: vagy onnan kézbe visszavenni"); a move anywhere else is a plain "move"
MOVE_KINDS = {"deck": "shuffle_back", "hand": "return_to_hand"}


def move(engine, st, b) -> bool:
    """The core ``move`` step, with the cards in play it moves asked about first (hook ``may_affect``,
    under the name of that kind of move): a location is not shuffled back into the deck or taken back
    to the hand (8.9.5), nor moved by a source whose text does not name locations."""
    kind = MOVE_KINDS.get(st.get("to"), "move")
    objs = [o for o in engine.resolve_ref(st["move"], b)
            if not engine.is_in_play(o) or engine.affectable(kind, [o])]
    return bool(objs) and engine.step_move({**st, "move": objs}, b)


def can_target(engine, spec, obj, b) -> bool:
    """Hook ``can_target``: a source whose text does not name locations cannot target one -- "a helyszínek a
    források ... szempontjából nem számítanak játékban lévő lapoknak" (8.9.3), only a source that names them
    affects them (8.9.5): the play is refused (blind round 35: it was accepted and did nothing)."""
    if type_of(engine, obj) != "helyszín":
        return True
    source = b.get("this")
    if source is None or not hasattr(source, "card") or names_locations(source, target=spec.get("name")) \
            or not engine.on("location_not_in_play_for_sources"):
        return True
    engine.fire("location_not_in_play_for_sources")
    return False


def names_locations(card, step: dict | None = None, target: str | None = None) -> bool:
    """Is it written on the card that it affects locations (8.9.5: "amelyekre ez külön rá van írva")? Its text
    names them -- in the sentence that does what is being done, where that sentence is known: a card whose
    only mention of locations is another sentence's ("... Kapsz 1 VP-t minden gyűjtődben lévő helyszín után",
    a count; "Ha a gyűjtődben van helyszín, ...", a condition) does not affect one (blind round 47). ``step``:
    the step being done; ``target``: the name of the target being chosen."""
    if LOCATION_WORD not in (card.card.text or "").lower():
        return False
    sentence = _sentence_doing(card.card, step, target)
    return sentence is None or LOCATION_WORD in sentence.lower()


def _sentence_doing(card, step: dict | None, target: str | None) -> str | None:
    """The sentence of the card's text that the step (or the step naming the target) writes, where the card's
    abilities say it without doubt -- an ability with one top-level step per sentence, in order; else None."""
    if step is None and target is None:
        return None
    sentences = card_sentences(card.text)
    if len(sentences) < 2:
        return None
    for ab in card.abilities:
        steps = ab.get("steps") or []
        if len(steps) == len(sentences):
            for i, top in enumerate(steps):
                if any((step is not None and n is step) or (target is not None and n == target) for n in _nodes(top)):
                    return sentences[i]
    return None


def _nodes(node):
    """``node`` (a step) and every value nested in it: its inner steps, the names it refers to."""
    yield node
    for v in node.values() if isinstance(node, dict) else node if isinstance(node, list) else ():
        yield from _nodes(v)


def ability_kept(engine, obj) -> bool:
    """A location's special ability can't be switched off in any way (8.9.5: "képességüket
    kikapcsolni" is among what can't be done to it): its text is never blank while it is a location.
    Its printed type: this is the text_blank hook, which reads the state only and works out no
    characteristics (blanking.py asks it while they are worked out); a location's type could be changed
    only by a source naming locations (8.9.5), and no card's text does."""
    if obj.card.type != "helyszín" or not engine.on("location_immune"):
        return False
    engine.fire("location_immune")
    return True


def can_sacrifice(engine, st, b) -> bool:
    """A sacrifice can be done when it names something a sacrifice may affect (not a location)."""
    return bool(engine.affectable("sacrifice", engine.resolve_ref(st["sacrifice"], b)))


def _sacrifice_candidates(engine, st, b) -> list:
    spec = st["sacrifice_one"]
    return [o for o in engine.in_play() if engine.eval(spec.get("filter", "true"), {**b, "it": o})]


def can_sacrifice_one(engine, st, b) -> bool:
    """A card to sacrifice can be chosen when one matching card may be sacrificed (a location may not,
    'még költségként sem')."""
    # as many as the times in a row it is to be done (``_times``: StepsMixin.can_do_all). The locations are
    # asked last, and only when the other cards are too few: 8.9.5 refuses nothing where they would do
    # (a refusal names the rules asked during its check -- blind round 35: it named 8.9.5 for missing VP)
    need, cands = b.get("_times", 1), _sacrifice_candidates(engine, st, b)
    others = [o for o in cands if type_of(engine, o) != "helyszín"]
    if sum(1 for o in others if engine.affectable("sacrifice", [o])) >= need:
        return True
    return sum(1 for o in cands if engine.affectable("sacrifice", [o])) >= need


def sacrifice_one(engine, st, b) -> bool:
    """{sacrifice_one: {filter: EXPR, what: TEXT}, player: EXPR} -- 'áldozz fel egy lapot ...': the player
    (``player``, default you; 'az ellenfeled feláldoz egy általa választott lényt': opponent) sacrifices a
    matching card of his choice (a cost or an effect); the filter reads the card's own bindings. Choosing a
    card no sacrifice may affect is refused (8.9.5: a location, not even as a cost)."""
    chooser = engine.eval(st.get("player", "you"), b)
    cands = _sacrifice_candidates(engine, st, b)
    if not cands:
        return False

    def check(label) -> str | None:
        return None if engine.affectable("sacrifice", [engine.obj(label)]) else f"{label} can't be sacrificed"

    ok = [o.label for o in cands if engine.affectable("sacrifice", [o])]
    if not ok:  # only cards no sacrifice may affect (a location, 8.9.5): nothing is sacrificed, nothing asked
        return False
    # the options are what the card's own filter describes ('egy lapot az asztalodról', 'egy általa
    # választott szörnyet'): a pick outside them is refused by that card's text, as the core `choose` step's
    text = engine.step_text(b)
    label = engine.decide_checked(chooser, "pick", [o.label for o in cands], st["sacrifice_one"].get(
        "what", "a card to sacrifice"), check, fallbacks=ok[:1], refusing_text=text)
    return engine.step_leave("sacrifice", {"sacrifice": [engine.obj(label)]}, {**b, "you": chooser})


def no_response(engine) -> str | None:
    """Why nothing may be done now in response to the top of the chain: a location being brought into
    play (8.9.1) or a location's ability needing activation (8.9.5.1) cannot be responded to -- by playing a
    card, using an ability, or any instant action (a growth sacrifice 8.2.2, a body-part sacrifice
    8.4.3). None when the chain is empty or its top is something else."""
    st = engine.state
    if st.chain and engine.on("location_no_response"):
        top = st.chain[-1]
        card = st.objects.get(top.card_obj) if top.card_obj else None
        if card is not None and card.card.type == "helyszín":  # being played, not in play: as printed
            engine.fire("location_no_response")
            return "bringing a location into play cannot be responded to"
    return location_ability_on_top(engine)


def needs_activation(ability) -> bool:
    """An ability needing activation ("aktiválást kívánó", 8.6.1, 8.9.5.1): its cost turns the card passive
    (an ``activate`` step, the card's 'Aktiválás:'). An ability whose cost is only VP ('1 VP:') needs none."""
    return any(isinstance(step, dict) and "activate" in step for step in ability.get("cost") or [])


def location_ability_on_top(engine) -> str | None:
    """8.9.5.1: nothing may be played or used in response to a location's ability needing activation
    ("aktiválást kívánó képességeire"); a location's other abilities ('1 VP: ...') may be responded to."""
    st = engine.state
    if not st.chain or not engine.on("location_ability_no_response"):
        return None
    top = st.chain[-1]
    src = st.objects.get(top.source)
    if top.card_obj is None and top.trigger_event is None and src is not None and type_of(engine, src) == "helyszín" \
            and needs_activation(top.ability):
        engine.fire("location_ability_no_response")
        return "a location's ability needing activation cannot be responded to"
    return None


def can_activate(engine, st, b) -> bool:
    """{activate: this} (aktiválás) as a cost: the card is turned passive, so it must be active.
    ``on_play: true`` marks an on-play ability needing activation (8.6.1)."""
    objs = engine.resolve_ref(st["activate"], b)
    # turned passive once: the same activation twice in a row (a cost) cannot be done in full
    return bool(objs) and not repeated(b) and all(not o.exhausted or _passive_building_on_play(engine, st, o) for o in objs)


def _passive_building_on_play(engine, st, obj) -> bool:
    """8.6.1: a building that entered passive may still use its on-play ability needing activation --
    when it is played (its play's window, on_play.py), and once: that is the on-play use; a second would need a new
    activation."""
    return (bool(st.get("on_play")) and type_of(engine, obj) == "építmény" and played_now(engine, obj)
            and not obj.memory.get(ON_PLAY_USED)
            and engine.on("building_on_play_passive"))


#: memory of a card whose on-play ability needing activation was used (its one on-play use)
ON_PLAY_USED = "on_play_used"


def activate(engine, st, b) -> bool:
    objs = engine.affectable("activate", engine.resolve_ref(st["activate"], b))
    ok = bool(objs)
    for o in objs:
        if not o.exhausted:
            engine.set_exhausted(o, True)
        elif _passive_building_on_play(engine, st, o):
            engine.fire("building_on_play_passive")
            engine.log("activated_while_passive", card=o.label)
        else:
            ok = False
            continue
        if st.get("on_play"):  # its one on-play use is made
            o.memory[ON_PLAY_USED] = True
    return ok


def cards_in_play(engine, player) -> int:
    """cards_in_play(you): the number of a player's cards in play for a source (8.9.3)."""
    return len(counted_in_play(engine, [o for o in engine.in_play() if o.controller == player]))


def counted_in_play(engine, objs: list, counts=None) -> list:
    """8.9.3: locations do not count as cards in play for sources and the effects tied to them -- the
    cards a source's count() / any() looks at (hook counted_in_play) and cards_in_play leave them out
    (switched off, they count). Traced only when a location left out would have counted (``counts``:
    would the effect count it; cards_in_play counts every card)."""
    if not engine.on("location_not_in_play_for_sources"):
        return objs
    # the types the cards have in play (read in the view an always-on amount is worked out in)
    places = [o for o in objs if type_of(engine, o) == "helyszín"]
    if not places:
        return objs
    gone = {o.oid for o in places}
    keep = [o for o in objs if o.oid not in gone]
    if any(counts is None or counts(o) for o in places):
        engine.fire("location_not_in_play_for_sources")
    return keep


def search_location(engine, player, act) -> None:
    """{player: A, search_location: LOCATION} -- 8.9.6: in his preparation phase a player pays 2 VP
    to search his deck for a location instead of drawing the draw-phase card (the search counts as
    made in the draw phase). The phase model has no stages: the preparation phase stands for its
    second stage."""
    if not engine.on("location_search"):
        engine.fail("no rule lets a player search his deck for a location")
    st = engine.state
    # a search 8.9.6's own conditions refuse (its phase, once, 2 VP) names 8.9.6 (location_search)
    if st.vars.get("active") != player or st.vars.get("phase") != "preparation":
        engine.fail("a location is searched for in the player's own preparation phase", rule="location_search")
    obj = engine.obj(act["search_location"])
    if obj is None:
        engine.fail(f"{act['search_location']} is not a location in {player}'s deck")
    # 'egy helyszínt a paklijából': a card in the deck, as printed
    if obj.zone != "deck" or obj.owner != player or obj.card.type != "helyszín":
        engine.fail(f"{act['search_location']} is not a location in {player}'s deck", rule="location_search")
    data = st.player_data[player]
    turn = st.vars.get("turn")
    if searched_location(engine).get(player) == turn:
        engine.fail("the draw-phase card can be replaced by a location search only once", rule="location_search")
    if data.get("vp", 0) < 2:
        engine.fail(f"searching for a location costs 2 VP; {player} has {data.get('vp', 0)}", rule="location_search")
    engine.fire("location_search")
    data["vp"] = data.get("vp", 0) - 2
    searched_location(engine)[player] = turn
    engine.log("paid", player=player, vp=2, komponens=0, ep=0)
    engine.move(obj, "hand", cause="search")
    # 8.9.6: "Mindez a húzás fázisban végrehajtott keresésnek minősül" -- for every effect about
    # searching, the search was made in the draw phase, though it is made in the preparation phase
    made_in = st.vars.get("phase")
    phase = "draw" if engine.on("location_search_draw_phase") else made_in
    if phase != made_in and _watched(engine, "deck_searched"):
        engine.fire("location_search_draw_phase")  # recorded where an ability reads the search's phase
    engine.log("location_searched", player=player, card=obj.label, phase=phase)
    engine.emit([{"type": "deck_searched", "player": player, "phase": phase, "card": obj}])


def _watched(engine, event: str) -> bool:
    """Does a triggered ability of some card watch events of this type?"""
    return any((ab.get("on") or {}).get("event") == event
               for o in engine.state.objects.values() for ab in o.card.triggers)


def register(game) -> None:
    game.actions["search_location"] = search_location
    game.steps.update({"can:sacrifice": can_sacrifice, "activate": activate, "can:activate": can_activate,
                       "move": move, "sacrifice_one": sacrifice_one, "can:sacrifice_one": can_sacrifice_one})
    game.functions["cards_in_play"] = cards_in_play


def searched_location(engine) -> dict:
    """player -> the turn in which he searched his deck for a location (8.9.6)."""
    return engine.memory("hatalom-kartyai.location-search", {})
