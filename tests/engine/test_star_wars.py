"""Star Wars TCG mechanics (judge/games/star_wars_tcg.py), one scenario each, independent of the
ruling fixtures under rulings/star-wars-tcg/. Scenarios are written as player scenarios (no
``expect``) and the engine state is inspected directly."""
from __future__ import annotations

from functools import partial

import textwrap
from pathlib import Path

import pytest

from judge.engine.game import get_game
from judge.engine.rules import rule_id
from judge.engine.keywords import parse_keyword, split_cost
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

G = "star-wars-tcg"


def run(tmp_path: Path, body: str, ablate: set[str] | None = None):
    folder = tmp_path / "rulings" / G / "unit"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "scenario.ruling.yaml"
    path.write_text(textwrap.dedent(body))
    out = replay(load_fixture(path), ablate or set())
    assert out.error is None, out.error
    return out.engine


def events(eng, kind: str) -> list[dict]:
    return [e for e in eng.events if e["event"] == kind]


rid = partial(rule_id, G)


def test_parse_keyword():
    assert parse_keyword("lucky 2") == ("lucky", [2])
    assert parse_keyword("critical hit 1") == ("critical hit", [1])
    assert parse_keyword("overload 2 1") == ("overload", [2, 1])
    assert parse_keyword("intercept") == ("intercept", [])
    # an activated keyword keeps its cost before the arrow, as printed
    assert parse_keyword("pay 1 force -> evade 3") == ("evade", [3])
    assert split_cost("Pay 1 Force -> EVADE 1") == ("Pay 1 Force", "EVADE 1")
    assert split_cost("lucky 2") == (None, "lucky 2")


def test_game_registers_its_mechanics():
    game = get_game(G)
    assert game.players == ("dark", "light")
    keys = set(game.registry.mechanics)
    assert {"pending_order_policy", "pool_certain", "lucky_capped_by_power", "stun", "deflect_source",
            "retaliate_when_destroyed", "pilot_moves_with_unit"} <= keys


ATTACK = """
    state:
      dice: {dice}
      light:
        ground: [{attacker}]
      dark:
        ground: [Droid Tank]
    actions:
      - {{player: light, attack: {attacker}, targets: [Droid Tank]{choose}}}
"""


def attack(tmp_path, attacker, dice, choose="", ablate=None):
    body = ATTACK.format(attacker=attacker, dice=dice, choose=f", choose: {choose}" if choose else "")
    return run(tmp_path, body, ablate)


def test_one_die_per_power_hits_on_four(tmp_path):
    eng = attack(tmp_path, "Evasive Scout Squad", "[3, 4, 6]")
    assert eng.obj("Droid Tank").damage == 2
    assert len(events(eng, "die_rolled")) == 3


def test_missing_die_is_an_error(tmp_path):
    folder = tmp_path / "rulings" / G / "unit"
    folder.mkdir(parents=True)
    path = folder / "s.ruling.yaml"
    path.write_text(textwrap.dedent(ATTACK.format(attacker="Evasive Scout Squad", dice="[5]", choose="")))
    out = replay(load_fixture(path))
    assert out.error and "dice" in out.error


def test_missing_die_under_lenient_replay_is_the_lowest_face(tmp_path):
    """Under ablation (lenient) a roll the script lacks is an outcome, not an error: it shows 1."""
    folder = tmp_path / "rulings" / G / "unit"
    folder.mkdir(parents=True)
    path = folder / "s.ruling.yaml"
    path.write_text(textwrap.dedent(ATTACK.format(attacker="Evasive Scout Squad", dice="[5]", choose="")))
    out = replay(load_fixture(path), set(), lenient=True)
    assert out.error is None
    assert [e["value"] for e in events(out.engine, "die_rolled")] == [5, 1, 1]
    assert any(e["what"] == "a die roll" for e in events(out.engine, "choice_defaulted"))


def test_accuracy_adds_but_makes_no_natural_six(tmp_path):
    eng = attack(tmp_path, "Rebel Marksman Squad", "[4, 3, 2]")
    assert eng.obj("Droid Tank").damage == 3  # 6, 5, 4 after Accuracy 2; no natural six
    eng = attack(tmp_path, "Rebel Marksman Squad", "[6, 1, 1]")
    assert eng.obj("Droid Tank").damage == 2  # one hit + Critical Hit 1 for the natural six


def test_accuracy_switched_off(tmp_path):
    eng = attack(tmp_path, "Rebel Marksman Squad", "[4, 3, 2]", ablate={rid("keyword:accuracy")})
    assert eng.obj("Droid Tank").damage == 1


def test_lucky_rerolls_exactly_x_dice(tmp_path):
    eng = attack(tmp_path, "Gungan Lucky Squad", "[5, 2, 1, 1]", choose="[Gungan Lucky Squad]")
    assert len(events(eng, "die_rerolled")) == 2
    assert eng.obj("Droid Tank").damage == 0


def test_lucky_only_misses_when_exactness_switched_off(tmp_path):
    eng = attack(tmp_path, "Gungan Lucky Squad", "[5, 2, 1, 1]", choose="[Gungan Lucky Squad]",
                 ablate={rid("faq:suppose-power-2-unit-lucky-2-roll-hit")})
    assert len(events(eng, "die_rerolled")) == 1
    assert eng.obj("Droid Tank").damage == 1


PILOTED = """
    state:
      dice: [1, 2, 5, 6]
      light:
        ground: [Anakin's Podracer (A), {card: Anakin Skywalker (J), attached_to: Anakin's Podracer (A)}]
      dark:
        ground: [Battle Droid Platoon]
    actions:
      - {player: light, attack: Anakin's Podracer (A), targets: [Battle Droid Platoon], choose: [Anakin's Podracer (A)]}
"""


def test_lucky_stacks_and_is_capped_by_power(tmp_path):
    eng = run(tmp_path, PILOTED)
    pod = eng.obj("Anakin's Podracer (A)")
    assert eng.obj_attr(pod, "lucky") == 3
    assert events(eng, "lucky_used")[0]["rerolls"] == 2
    assert eng.obj("Battle Droid Platoon").damage == 2


def test_lucky_highest_instance_when_stacking_off(tmp_path):
    eng = run(tmp_path, PILOTED, {rid("ruling:abilities-2")})  # "effects are cumulative" off
    assert eng.obj_attr(eng.obj("Anakin's Podracer (A)"), "lucky") == 2  # highest instance only
    assert events(eng, "lucky_used")[0]["value"] == 2
    # the Anakin FAQ (one card's example) binds only the cap by power, not stacking itself
    eng = run(tmp_path, PILOTED, {rid("faq:lucky-stack-example-anakin-skywalker-j-gives-unit")})
    assert eng.obj_attr(eng.obj("Anakin's Podracer (A)"), "lucky") == 3


def test_pilot_is_not_a_unit_and_gives_its_bonus(tmp_path):
    eng = run(tmp_path, """
        state:
          light:
            space: [Rebel X-wing, {card: Rebel Starfighter Pilot, attached_to: Rebel X-wing}]
        actions: []
    """)
    xwing, pilot = eng.obj("Rebel X-wing"), eng.obj("Rebel Starfighter Pilot")
    assert eng.obj_attr(xwing, "power") == 3
    assert eng.obj_attr(pilot, "piloting") == "Rebel X-wing"
    assert eng.obj_attr(xwing, "pilot") == "Rebel Starfighter Pilot"
    assert eng.obj_attr(pilot, "is_unit") is False
    assert eng.obj_attr(xwing, "is_unit") is True


RECALL = """
    state:
      light:
        space: [Rebel X-wing, {card: Rebel Starfighter Pilot, attached_to: Rebel X-wing}]
      dark:
        hand: [Sudden Recall]
    actions:
      - {player: dark, play: Sudden Recall, targets: [Rebel X-wing]}
"""


def test_pilot_follows_unit(tmp_path):
    eng = run(tmp_path, RECALL)
    assert eng.obj("Rebel Starfighter Pilot").where == "light.hand"


def test_pilot_left_behind_when_switched_off(tmp_path):
    eng = run(tmp_path, RECALL, {rid("ruling:pilots-7")})
    assert eng.obj("Rebel Starfighter Pilot").where == "light.character"


TRIGGERS = """
    state:
      phase: build
      light:
        space: [{card: Rebel Shield Frigate, entered: 1}, {card: Rebel X-wing, damage: 1, entered: 1}]
      dark:
        space: [{card: TIE Bomber Wing, entered: 2}]
    actions:
      - {player: light, begin: battle}
"""


def test_dark_side_triggers_first(tmp_path):
    eng = run(tmp_path, TRIGGERS)
    order = [e["source"] for e in events(eng, "triggered")]
    assert order == ["TIE Bomber Wing", "Rebel Shield Frigate"]
    assert eng.obj("Rebel X-wing").zone == "discard"


def test_timestamp_order_when_policy_off(tmp_path):
    eng = run(tmp_path, TRIGGERS, {rid("ruling:triggered-abilities-4")})
    assert [e["source"] for e in events(eng, "triggered")][0] == "Rebel Shield Frigate"
    assert eng.obj("Rebel X-wing").zone == "space"


def test_end_of_battle_expires_stun(tmp_path):
    eng = run(tmp_path, """
        state:
          dice: [1, 2, 5, 5]
          dark:
            ground: [Battle Droid Platoon]
          light:
            force: 1
            ground: [Retaliating Stun Squad]
        actions:
          - {player: light, choose: [yes]}
          - {player: dark, attack: Battle Droid Platoon, targets: [Retaliating Stun Squad]}
          - {player: dark, end: battle}
    """)
    assert eng.obj_attr(eng.obj("Battle Droid Platoon"), "power") == 2
    assert events(eng, "stunned")


def test_attack_needs_same_arena(tmp_path):
    folder = tmp_path / "rulings" / G / "unit"
    folder.mkdir(parents=True)
    path = folder / "s.ruling.yaml"
    path.write_text(textwrap.dedent("""
        state:
          dice: [5, 5]
          light:
            space: [Rebel X-wing]
          dark:
            ground: [Droid Tank]
        actions:
          - {player: light, attack: Rebel X-wing, targets: [Droid Tank]}
    """))
    out = replay(load_fixture(path))
    assert out.error and "same arena" in out.error


@pytest.mark.parametrize("kw", ["lucky", "accuracy", "stun"])
def test_keyword_attribute_defaults_to_zero(tmp_path, kw):
    eng = run(tmp_path, """
        state:
          dark:
            ground: [Droid Tank]
        actions: []
    """)
    assert eng.obj_attr(eng.obj("Droid Tank"), kw) == 0


PILOT_MOVES = """
    state:
      active: light
      phase: build
      light:
        space: [Rebel X-wing, {card: Rebel Droid Starfighter, label: Droid}]
        character: [Rebel Starfighter Pilot]
    actions:
      - {player: light, pilot: Rebel Starfighter Pilot, targets: [Droid], try: true}
      - {player: light, pilot: Rebel Starfighter Pilot, targets: [Rebel X-wing]}
"""


def test_pilot_action_rejects_droids_and_links(tmp_path):
    eng = run(tmp_path, PILOT_MOVES)
    assert len(events(eng, "action_rejected")) == 1
    assert eng.obj_attr(eng.obj("Rebel X-wing"), "power") == 3
    assert eng.obj_attr(eng.obj("Rebel Starfighter Pilot"), "piloting") == "Rebel X-wing"


def test_pilot_moves_once_per_build_step(tmp_path):
    folder = tmp_path / "rulings" / G / "unit"
    folder.mkdir(parents=True)
    path = folder / "s.ruling.yaml"
    path.write_text(textwrap.dedent(PILOT_MOVES))
    # with the Droid rule off the first move succeeds; moving him again this build step is refused
    out = replay(load_fixture(path), {rid("ruling:pilots-3")})
    assert out.error and "already been moved this build step" in out.error
    out = replay(load_fixture(path), {rid("ruling:pilots-3"), rid("ruling:pilots-during-the-build-step-1")})
    assert out.error is None
    assert out.engine.obj_attr(out.engine.obj("Rebel X-wing"), "power") == 3


def test_pilot_needs_build_step(tmp_path):
    folder = tmp_path / "rulings" / G / "unit"
    folder.mkdir(parents=True)
    path = folder / "s.ruling.yaml"
    path.write_text(textwrap.dedent(PILOT_MOVES.replace("phase: build", "phase: battle")))
    out = replay(load_fixture(path))
    assert out.error and "build step" in out.error


# -- held triggered abilities, chances, attacks (mechanics added for the full slice) ---------------

HELD_BATTLE_CARD = """
    state:
      active: dark
      dark:
        hand: [Twin Strike]
      light:
        ground: [Rebel Rally Squad, Rebel Recon Team]
    actions:
      - {player: dark, play: Twin Strike, targets: [Rebel Rally Squad, Rebel Recon Team]}
      - {pass: all}
"""


def test_triggers_wait_until_the_card_is_done(tmp_path):
    eng = run(tmp_path, HELD_BATTLE_CARD)
    assert eng.obj("Rebel Recon Team").zone == "discard"


def test_triggers_mid_effect_when_holding_is_off(tmp_path):
    eng = run(tmp_path, HELD_BATTLE_CARD, {rid("clarification:held-triggered-abilities")})
    assert eng.obj("Rebel Recon Team").zone == "ground"  # +2 health arrived before the second part


REROLL_TRIGGER = """
    state:
      dice: [1, 1, 5, 6]
      dark:
        ground: [Imperial Gunnery Squad]
      light:
        ground: [Rebel Recon Team]
    actions:
      - {player: dark, attack: Imperial Gunnery Squad, targets: [Rebel Recon Team], choose: [yes]}
"""


def test_reroll_trigger_is_held_until_the_reroll_chance(tmp_path):
    eng = run(tmp_path, REROLL_TRIGGER)
    assert eng.obj("Rebel Recon Team").damage == 2
    assert events(eng, "held")


def test_reroll_trigger_outside_a_chance_does_nothing_when_off(tmp_path):
    folder = tmp_path / "rulings" / G / "unit"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "s.ruling.yaml"
    path.write_text(textwrap.dedent(REROLL_TRIGGER))
    out = replay(load_fixture(path), {rid("ruling:held-triggered-abilities-1")})
    assert any(e["event"] == "nothing_to_reroll" for e in out.engine.events)


def test_defense_chance_each_ability_once(tmp_path):
    eng = run(tmp_path, """
        state:
          active: light
          dice: [5, 5, 1, 6, 5]
          light:
            space: [Rebel Blockade Runner]
          dark:
            force: 4
            space: [{card: Imperial Guard Frigate, label: A}, {card: Imperial Guard Frigate, label: B}]
        actions:
          - {player: dark, choose: [retaliate A, intercept B, retaliate B, intercept A]}
          - {player: light, attack: Rebel Blockade Runner, targets: [A]}
    """)
    assert eng.obj("A").damage == 2 and eng.obj("B").damage == 0
    assert len(events(eng, "retaliate")) == 2
    assert eng.state.player_data["dark"]["force"] == 0  # each "Pay 1 Force ->" use was paid


def test_arrow_cost_required_and_paid(tmp_path):
    body = """
        state:
          active: dark
          dice: [5, 5, 6]
          dark:
            ground: [Droid Tank]
          light:
            force: {force}
            ground: [Evasive Scout Squad]
        actions:
          - {{player: light, choose: {choose}}}
          - {{player: dark, attack: Droid Tank, targets: [Evasive Scout Squad]}}
    """
    evade, tried = "[evade Evasive Scout Squad]", "[{try: evade Evasive Scout Squad}, pass]"
    paid = run(tmp_path, body.format(force=1, choose=evade))
    assert paid.obj("Evasive Scout Squad").damage == 0 and paid.state.player_data["light"]["force"] == 0
    broke = run(tmp_path, body.format(force=0, choose=tried))
    assert broke.obj("Evasive Scout Squad").damage == 3 and events(broke, "choice_rejected")
    free = run(tmp_path, body.format(force=0, choose=evade), {rid("keyword:activated-abilities")})  # costs switched off
    assert free.obj("Evasive Scout Squad").damage == 0


def test_upkeep_paid_everywhere_and_bounty_dark_first(tmp_path):
    eng = run(tmp_path, """
        state:
          active: light
          phase: retreat
          light:
            force: 2
            build: [Rebel Heavy Trooper Squad]
        actions:
          - {player: light, begin: build, choose: [yes]}
    """)
    assert eng.state.player_data["light"]["force"] == 1
    eng = run(tmp_path, """
        state:
          active: light
          phase: retreat
          light:
            force: 2
            build: [Rebel Heavy Trooper Squad]
        actions:
          - {player: light, begin: build}
    """, {rid("ruling:upkeep-2")})
    assert eng.state.player_data["light"]["force"] == 2


def test_overkill_divides_remaining_health(tmp_path):
    eng = run(tmp_path, """
        state:
          active: dark
          dice: [5, 5, 5, 1]
          dark:
            ground: [Battle Droid Division]
          light:
            ground: [{card: Echo Base Troopers, damage: 1}, Rebel Defense Squad]
        actions:
          - {player: dark, attack: Battle Droid Division, targets: [Echo Base Troopers], choose: [Rebel Defense Squad]}
    """)
    assert eng.obj("Rebel Defense Squad").damage == 1
    assert eng.obj("Echo Base Troopers").zone == "discard"


def test_pilot_retreats_alone_and_unit_stays(tmp_path):
    eng = run(tmp_path, """
        state:
          active: light
          phase: retreat
          light:
            space: [Rebel X-wing, {card: Rebel Starfighter Pilot, attached_to: Rebel X-wing}]
        actions:
          - {player: light, retreat: Rebel Starfighter Pilot}
    """)
    assert eng.obj("Rebel Starfighter Pilot").zone == "build"
    assert eng.obj("Rebel X-wing").zone == "space"
    assert eng.obj_attr(eng.obj("Rebel X-wing"), "power") == 2


def test_this_unit_abilities_read_from_the_effect():
    """piloting-units-7: which abilities affect 'this unit' is read from the ability's steps (a step
    acting on ``this``), not from a flag on the card."""
    from judge.games.star_wars_tcg.pilots import _affects_this_unit

    assert _affects_this_unit([{"modify": {"target": "this", "modify": {"power": 2}, "duration": "attack"}}])
    assert _affects_this_unit([{"if": "true", "do": [{"damage": "this", "amount": 1}]}])
    assert not _affects_this_unit([{"damage": "victim", "amount": 1}])
    assert not _affects_this_unit(None)


GUNNER = """
    state:
      active: light
      phase: battle
      light:
        force: 3
        space: [Rebel X-wing]
        character: [Rebel Gunner Pilot]
    actions:
      - {player: light, use: Rebel Gunner Pilot, ability: boost}
      - {pass: all}
"""


def test_this_unit_ability_works_in_the_character_arena(tmp_path):
    # the rule must not apply to a Pilot that is not on a unit: in the Character arena it is a unit
    eng = run(tmp_path, GUNNER)
    assert eng.state.player_data["light"]["force"] == 2
    assert eng.obj_attr(eng.obj("Rebel Gunner Pilot"), "power") == 4


OVERLOAD = """
    state:
      active: dark
      phase: battle
      dice: [5, 5, 1, 1]
      dark:
        space: [Droid Overload Bomber]
      light:
        space: [Rebel Blockade Runner]
    actions:
      - {player: dark, attack: Droid Overload Bomber, targets: [Rebel Blockade Runner], choose: [%s]}
"""


def test_overload_is_a_triggered_ability_of_the_card(tmp_path):
    eng = run(tmp_path, OVERLOAD % "yes")
    assert [e["source"] for e in events(eng, "triggered")] == ["Droid Overload Bomber"]
    assert events(eng, "overloaded")[0]["power"] == 2
    assert eng.obj("Droid Overload Bomber").damage == 1


def test_overload_declined_gives_nothing(tmp_path):
    # 'you may': declined, no bonus (2 dice only) and no self-damage
    eng = run(tmp_path.joinpath("n"), (OVERLOAD % "no").replace("[5, 5, 1, 1]", "[5, 5]"))
    assert not events(eng, "overloaded")
    assert eng.obj("Droid Overload Bomber").damage == 0


def test_overload_switched_off(tmp_path):
    eng = run(tmp_path, (OVERLOAD % "yes").replace("[5, 5, 1, 1]", "[5, 5]"), {rid("keyword:overload")})
    assert not events(eng, "overloaded")
    assert eng.obj("Droid Overload Bomber").damage == 0


def test_discard_cost_only_from_the_hand(tmp_path):
    """clarification:discard: 'Discard a card' is paid from the hand; a card in play or in the build
    zone can't pay it, and the refusal names the rule. Switched off, any own card may be discarded."""
    body = """
        state:
          active: light
          phase: battle
          light:
            hand: {hand}
            ground: [Rebel Scavenger Squad]
            character: [Ewok Warrior]
        actions:
          - {{player: light, use: Rebel Scavenger Squad, {extra}}}
          - {{pass: all}}
    """
    refused = run(tmp_path, body.format(hand="[]", extra="try: true"))
    rejected = events(refused, "action_rejected")
    assert rejected and rid("clarification:discard") in rejected[0]["rejected_by"]
    assert refused.obj_attr(refused.obj("Rebel Scavenger Squad"), "power") == 2 and refused.obj("Ewok Warrior").zone == "character"
    off = run(tmp_path, body.format(hand="[]", extra="choose: [Ewok Warrior]"), {rid("clarification:discard")})
    assert off.obj("Ewok Warrior").zone == "discard" and off.obj_attr(off.obj("Rebel Scavenger Squad"), "power") == 4
    # the rule does not stop a card in hand: it pays, and the Ewok in play stays
    paid = run(tmp_path, body.format(hand="[Jawa Scavenger]", extra="choose: [Jawa Scavenger]"))
    assert paid.obj("Jawa Scavenger").zone == "discard" and paid.obj("Ewok Warrior").zone == "character"
    assert paid.obj_attr(paid.obj("Rebel Scavenger Squad"), "power") == 4
