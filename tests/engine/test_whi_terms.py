"""Warhammer: Invasion rules-term mechanics (judge/games/warhammer_invasion: turn.py, playing.py,
decks.py), each on and switched off, without fixtures."""
from __future__ import annotations

from judge.engine.engine import Engine
from judge.engine.game import get_game
from judge.engine.rules import rule_id
from judge.scenarios.loader import card_pool, default_corpus

G = "warhammer-invasion"


def rid(n: str) -> str:
    return rule_id(G, n)


def mechanic_only(monkeypatch, key: str) -> str:
    """A rule id that switches off the mechanic ``key`` alone, for a test of what that one mechanic does:
    the entry it is bound to (a clarification of several paragraphs) carries other mechanics too."""
    from dataclasses import replace

    from judge.engine.game import get_game
    mechanics = get_game(G).registry.mechanics
    tid = f"test:only-{key}"
    monkeypatch.setitem(mechanics, key, replace(mechanics[key], ids=(*mechanics[key].ids, tid)))
    return tid


def make(ablate=(), active="A", **players):
    """players: A={"hand": [(name, label), ...], "deck": [...]} (deck listed bottom to top)."""
    game = get_game(G)
    pool = card_pool(G, str(default_corpus()))
    eng = Engine(game, pool, set(ablate))
    eng.state.vars.update(active=active, phase="capital", turn=1)
    for p in game.players:
        spec = players.get(p, {})
        eng.state.player_data[p] = {f: 0 for f in game.player_fields}
        eng.state.player_data[p]["resources"] = spec.get("resources", 0)
        for zone in game.zones:
            for name, label in spec.get(zone, []):
                eng.create(pool.get(name), label, owner=p, side=p, zone=zone)
        eng.choices[p] = []
    game.setup(eng, {})
    eng.begin_step(1, "test")
    return eng


def test_illegal_entry_sacrificed_on():
    eng = make(A={"hand": [("End Times", "End Times")], "resources": 2,
                  "deck": [("Rat Swarm", "Rat Swarm"), ("Illustrative Hero", "Hero 1"),
                           ("Illustrative Second Hero", "Hero 2")]})
    eng.decide = lambda player, kind, options, what, **kw: "Hero 1"
    eng.choices["A"] = ["kingdom"] * 3  # each revealed unit's zone: 'into play' names none, A chooses
    eng.play("A", "End Times", {})
    eng.pass_priority("all")
    eng.settle()
    assert eng.obj("Hero 1").where == "A.kingdom"
    assert eng.obj("Hero 2").where == "A.discard"
    assert eng.obj("Rat Swarm").where == "A.kingdom"


def test_illegal_entry_sacrificed_off():
    eng = make([rid("clarification:entering-play")],
               A={"hand": [("End Times", "End Times")], "resources": 2,
                  "deck": [("Rat Swarm", "Rat Swarm"), ("Illustrative Hero", "Hero 1"),
                           ("Illustrative Second Hero", "Hero 2")]})
    eng.choices["A"] = ["kingdom"] * 3
    eng.play("A", "End Times", {})
    eng.pass_priority("all")
    eng.settle()
    assert eng.obj("Hero 1").where == "A.kingdom"
    assert eng.obj("Hero 2").where == "A.kingdom"


def _skip_twice(ablate=()):
    eng = make(ablate)
    b = eng.bindings_for(None, "A")
    eng.run_step({"skip": "battlefield"}, b)
    eng.run_step({"skip": "battlefield"}, b)
    from judge.games.warhammer_invasion import turn
    return turn.skipped(eng, "battlefield"), (3, "battlefield", 1) in turn._mem(eng)["skip"]


def test_skip_once_per_phase_on():
    assert _skip_twice() == (True, False)


def test_skip_once_per_phase_off():
    assert _skip_twice([rid("clarification:the-word-skip:example-1")]) == (True, True)
