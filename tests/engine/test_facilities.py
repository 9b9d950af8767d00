"""One engine facility per repeated job: zone_change / moved events, place, deck_top, keyword
parsing, the one slugify."""
from __future__ import annotations

from judge.engine.cards import CardDef
from judge.engine.engine import Engine
from judge.engine.game import GameModule
from judge.engine.keywords import keyword_total, keyword_values, parse_keyword, valued_keyword
from judge.engine.zones import moved_event, zone_change_event
from judge.slugs import slugify


class Tiny(GameModule):
    id = "tiny-facilities"


def _card(name: str, keywords=()) -> CardDef:
    return CardDef(name, slugify(name), "unit", (), tuple(keywords), {}, None, "", ())


def _engine() -> tuple[Engine, list]:
    eng = Engine(Tiny(), pool=None)
    objs = [eng.create(_card(f"C{i}"), f"C{i}", "A", "A", "deck") for i in range(3)]
    return eng, objs


def test_zone_change_and_moved_events_have_one_shape():
    eng, (a, _, _) = _engine()
    ev = zone_change_event(a, "hand", cause="draw")
    assert ev == {"type": "zone_change", "obj": a, "from": "deck", "to": "hand", "side": None, "cause": "draw",
                  "position": "top", "controller": None, "source": None}
    assert moved_event(a, "quest") == {"type": "moved", "obj": a, "from": "deck", "to": "quest", "side": None}


def test_deck_top_is_the_end_of_the_list_top_first():
    eng, (a, b, c) = _engine()
    assert eng.deck_top("A") == [c] and eng.deck_top("A", 2) == [c, b] and eng.deck_top("B", 2) == []


def test_place_keeps_the_object_and_its_identity():
    eng, (a, b, c) = _engine()
    eng.place(a, zone="play", side="B", controller="B")
    assert eng.obj(a.label) is a and a.where == "B.play" and a.controller == "B"
    assert [o.label for o in eng.zone_objs("A", "deck")] == ["C1", "C2"]
    assert eng.state.zones["B.play"] == [a.oid]


def test_keyword_parsing():
    assert parse_keyword("Counterstrike 2") == ("counterstrike", [2])
    assert parse_keyword("Toughness +1") == ("toughness", [1])
    assert parse_keyword("can't be attacked") == ("can't be attacked", [])
    assert valued_keyword("savage 1") and valued_keyword("toughness -1") and not valued_keyword("unblockable")
    eng = Engine(Tiny(), pool=None)
    o = eng.create(_card("Orc", ["Raider 2", "raider 1", "Scout"]), "Orc", "A", "A", "play")
    assert keyword_values(eng, o, "raider") == [[2], [1]] and keyword_total(eng, o, "raider") == 3
    assert keyword_total(eng, o, "scout") == 1 and keyword_total(eng, o, "toughness") == 0


def test_one_slugify_matches_the_corpus_ids():
    assert slugify("Grimgor's Spike") == "grimgors-spike" == slugify("Grimgor’s Spike")
    assert slugify("Hatalom Kártyái") == "hatalom-kartyai"
    from judge.corpus.text import slugify as corpus_slugify
    from judge.engine import cards

    assert corpus_slugify is slugify and cards.slugify is slugify


def test_in_play_follows_every_zone_change_and_is_a_new_list_each_time():
    eng, (a, b, c) = _engine()
    play = eng.game.play_zones[0]
    assert eng.in_play() == []
    eng.place(a, zone=play)  # the same object placed into play
    assert eng.in_play() == [a]
    eng.in_play().append(b)  # a caller's list is its own: the engine's view is unchanged
    assert eng.in_play() == [a]
    new = eng.move(b, play)  # a zone-change event: a new object enters play
    assert [o.label for o in eng.in_play()] == ["C0", "C1"] and new in eng.in_play()
    d = eng.create(_card("D"), "D", "A", "A", play)
    assert eng.in_play()[-1] is d
    eng.move(a, "discard")
    assert [o.label for o in eng.in_play()] == ["C1", "D"]


def test_game_memory_starts_as_a_copy_of_its_defaults():
    defaults = {"seen": {}, "order": [], "ids": set(), "pair": ([], 1), "none": None}
    eng, _ = _engine()
    mem = eng.memory("tiny.notes", defaults)
    mem["seen"]["x"] = 1
    mem["order"].append(2)
    mem["ids"].add(3)
    mem["pair"][0].append(4)
    assert defaults == {"seen": {}, "order": [], "ids": set(), "pair": ([], 1), "none": None}
    assert eng.memory("tiny.notes", defaults) is mem  # created once
    assert _engine()[0].memory("tiny.notes", defaults) == defaults  # a new replay starts afresh
