"""Warhammer: Invasion card forms reworked for issue 13 (one-card names): the general step ``turn_facedown``
(Rodrik's Raiders' support card and Mage of Loec's own unit), the function ``developments`` (Eataine
Harbour, Repeater Bolt Thrower, Savage Gors) and two card scripts (Order in Chaos, Urguck), each where it
applies and where it must not."""
from __future__ import annotations

from judge.games.warhammer_invasion import card_scripts
from tests.engine.test_whi_terms import make


def test_turn_facedown_unit_loses_damage_and_combat_roles():
    eng = make(A={"battlefield": [("Dark Zealot", "Zealot")]})
    o = eng.obj("Zealot")
    o.damage = 2
    o.flags.add("attacking")
    b = eng.bindings_for(o, "A")
    assert eng.run_step({"turn_facedown": "this"}, b)
    o = eng.obj("Zealot")
    assert "development" in o.flags and o.damage == 0 and "attacking" not in o.flags
    assert eng.obj_attr(o, "type") == "development"


def test_turn_facedown_does_nothing_to_a_development():
    """A card already face down is not turned face down again: the step (and its can-check, used by
    'or' options such as Mage of Loec's) says it cannot be done."""
    eng = make(A={"kingdom": [("Dark Zealot", "Zealot")]})
    o = eng.obj("Zealot")
    o.flags.add("development")
    b = eng.bindings_for(o, "A")
    assert not eng.game.steps["can:turn_facedown"](eng, {"turn_facedown": "this"}, b)
    assert not eng.run_step({"turn_facedown": "this"}, b)


def test_developments_counts_one_zone_of_one_side():
    eng = make(A={"battlefield": [("Dark Zealot", "D1"), ("Rat Swarm", "D2"), ("Hag Queen", "Unit")],
                  "kingdom": [("Savage Marauders", "D3")]},
               B={"battlefield": [("Dark Zealot", "B1")]})
    for label in ("D1", "D2", "D3", "B1"):
        eng.obj(label).flags.add("development")
    assert eng.eval("developments('A', 'battlefield')", {}) == 2
    assert eng.eval("developments('A', 'kingdom')", {}) == 1
    assert eng.eval("developments('B', 'battlefield')", {}) == 1
    assert eng.eval("developments('B', 'kingdom')", {}) == 0


def test_order_in_chaos_moves_the_top_card_first():
    eng = make(B={"discard": [("Rat Swarm", "R"), ("Savage Marauders", "S"), ("Dark Zealot", "Z")],
                  "deck": [("Hag Queen", "H")]})
    assert eng.run_step({"order_in_chaos_put_back": 2, "player": "'B'"}, eng.bindings_for(None, "A"))
    assert [o.label for o in eng.zone_objs("B", "deck")] == ["H", "Z", "S"]  # bottom .. top
    assert [o.label for o in eng.zone_objs("B", "discard")] == ["R"]


def test_order_in_chaos_with_too_few_cards_moves_what_there_is():
    eng = make(B={"discard": [("Rat Swarm", "R")]})
    assert not eng.run_step({"order_in_chaos_put_back": 2, "player": "'B'"}, eng.bindings_for(None, "A"))
    assert [o.label for o in eng.zone_objs("B", "deck")] == ["R"]


def test_urguck_damage_pays_only_in_his_controllers_capital_phase():
    eng = make(A={"kingdom": [("Urguck", "Urguck")], "hand": [("Savage Marauders", "SM")]})
    eng.obj("Urguck").damage = 2
    assert [(o.label, n) for o, n, _step in card_scripts.resources_elsewhere(eng, "A")] == [("Urguck", 2)]
    assert eng.spendable_resources("A") == 2 + (eng.player_attr("A", "resources") or 0)
    eng.state.vars["phase"] = "battlefield"
    assert card_scripts.resources_elsewhere(eng, "A") == []
    eng.state.vars.update(phase="capital", active="B")
    assert card_scripts.resources_elsewhere(eng, "A") == []


def test_urguck_without_damage_offers_nothing():
    eng = make(A={"kingdom": [("Urguck", "Urguck")], "hand": [("Savage Marauders", "SM")]})
    assert card_scripts.resources_elsewhere(eng, "A") == []


def test_urguck_damage_pays_a_spend_step_the_pool_cannot_cover():
    """Any payment offers it (the Urguck ruling: each damage removed counts as 1 resource spent): the
    player is asked how much, at least what his pool cannot cover."""
    eng = make(A={"kingdom": [("Urguck", "Urguck")]})
    eng.obj("Urguck").damage = 2
    eng.state.player_data["A"]["resources"] = 1
    asked = []

    def decide(player, kind, options, what, **kw):
        asked.append(options)
        return min(options)
    eng.decide = decide
    assert eng.run_step({"pay": 2}, eng.bindings_for(None, "A"))
    assert asked == [[1, 2]] and eng.obj("Urguck").damage == 1 and eng.player_attr("A", "resources") == 0


def _attached(eng, attachment: str, host: str):
    eng.obj(attachment).attached_to = eng.obj(host).oid
    return eng.obj(attachment)


def test_attachment_requirement_kept_at_all_times():
    """clarification:attachments: every requirement but the zone must be met at all times -- Illustrative
    Curse ('Attach to a target unit') on a unit turned face down (no longer a unit) is discarded."""
    from judge.games.warhammer_invasion import attachments

    eng = make(A={"battlefield": [("Dark Zealot", "Zealot"), ("Illustrative Curse", "Curse")]})
    _attached(eng, "Curse", "Zealot")
    assert not attachments.requirements(eng)  # still a unit: nothing happens
    eng.run_step({"turn_facedown": "Zealot"}, eng.bindings_for(None, "A"))
    assert attachments.requirements(eng)
    assert eng.obj("Curse").zone == "discard"


def test_attachment_zone_requirement_only_on_entry():
    """The zone requirement ('in your battlefield') is not kept: Illustrative Banner stays when its unit is
    in another zone."""
    from judge.games.warhammer_invasion import attachments

    eng = make(A={"kingdom": [("Dark Zealot", "Zealot")], "battlefield": [("Illustrative Banner", "Banner")]})
    _attached(eng, "Banner", "Zealot")
    assert not attachments.requirements(eng)
    assert eng.obj("Banner").zone == "battlefield"


def test_restore_only_restores_corrupted_cards():
    eng = make(A={"battlefield": [("Rat Swarm", "R1"), ("Rat Swarm", "R2")]})
    eng.obj("R1").flags.add("corrupted")
    b = eng.bindings_for(None, "A")
    assert eng.run_step({"restore": "R1"}, b) and "corrupted" not in eng.obj("R1").flags
    assert not eng.run_step({"restore": "R2"}, b)  # nothing to restore: the step did nothing
    assert [e["card"] for e in eng.events if e["event"] == "restored"] == ["R1"]


def test_urguck_damage_is_not_asked_about_when_the_pool_pays():
    """'you may spend damage': where his pool covers the payment and his script spends none, nothing is asked
    (review 41d: a scene with a damaged Urguck standing by stopped on a missing choice)."""
    from pathlib import Path

    from judge.scenarios.loader import load_fixture
    from judge.scenarios.replay import replay

    out = replay(load_fixture(Path(__file__).parent / "data" / "urguck-damage-not-asked-when-the-pool-pays.yaml"))
    assert out.passed, (out.problems, out.error)
