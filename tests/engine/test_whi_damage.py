"""Warhammer: Invasion damage mechanics of judge/games/warhammer_invasion/damage.py, on and switched off, without
fixtures: non-combat damage applied as soon as it is assigned (off: an action window opens between
assignment and application -- a chain item with ``window``)."""
from __future__ import annotations

from judge.engine.engine import Engine
from judge.engine.game import get_game
from judge.scenarios.loader import card_pool, default_corpus

G = "warhammer-invasion"
IDS = (f"{G}:clarification:non-combat-damage", f"{G}:errata:core-rulebook-page-17")


def make(ablate=()):
    game = get_game(G)
    pool = card_pool(G, str(default_corpus()))
    eng = Engine(game, pool, set(ablate))
    eng.state.vars.update(active="B", phase="capital", turn=1)
    for p in game.players:
        eng.state.player_data[p] = {f: 0 for f in game.player_fields}
        eng.choices[p] = []
    eng.state.player_data["A"]["resources"] = 1
    eng.state.player_data["B"]["resources"] = 3
    eng.create(pool.get("Dark Zealot"), "Dark Zealot", owner="A", side="A", zone="battlefield")
    eng.create(pool.get("Steel's Bane"), "Steel's Bane", owner="A", side="A", zone="hand")
    eng.create(pool.get("Flames of Tzeentch"), "Flames of Tzeentch", owner="B", side="B", zone="hand")
    game.setup(eng, {})
    eng.begin_step(1, "test")
    return eng


def test_noncombat_damage_immediate_on():
    eng = make()
    eng.play("B", "Flames of Tzeentch", {"x": 2, "targets": ["Dark Zealot"]})
    eng.pass_priority("all")
    assert not eng.state.chain
    assert eng.obj("Dark Zealot").damage == 2
    assert IDS[0] in eng.step.rules and IDS[1] in eng.step.rules


def test_noncombat_damage_immediate_off_each_id():
    for rule in IDS:
        eng = make([rule])
        eng.play("B", "Flames of Tzeentch", {"x": 2, "targets": ["Dark Zealot"]})
        eng.pass_priority("all")
        # the damage is assigned but waits: the chain stopped on its application
        assert eng.obj("Dark Zealot").damage == 0
        assert [i.ability.name for i in eng.state.chain] == ["apply assigned damage"]
        assert any(e["event"] == "damage_waiting" for e in eng.events)
        eng.play("A", "Steel's Bane", {"targets": ["Dark Zealot"]})  # an action in that window
        eng.pass_priority("all")
        assert not eng.state.chain
        assert eng.obj("Dark Zealot").damage == 0  # cancelled before it was applied


def test_window_item_waits_for_passes_without_response():
    eng = make(IDS[:1])
    eng.play("B", "Flames of Tzeentch", {"x": 2, "targets": ["Dark Zealot"]})
    eng.pass_priority("all")
    assert eng.state.chain and not eng.state.chain[-1].window  # the window is open now
    eng.pass_priority("all")  # nobody acts: the damage is applied
    assert not eng.state.chain
    assert eng.obj("Dark Zealot").damage == 2
