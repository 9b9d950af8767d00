"""Star Wars TCG: a Battle card played in a chance to reroll dice or prevent damage keeps the waiting
triggered abilities held: "During a chance to reroll dice or prevent damage, all waiting triggered
abilities are 'held' until after that chance passes" (held-triggered-abilities-5) and "While the effects
of an ability ... or Battle card play out, all waiting triggered abilities are 'held'" (-4). The core
settles as a played card resolves (after its card_played event); the game's triggers_held hook keeps
that settle from letting them go (timing.triggers_held). Found by blind round 38 (Charm Teams in a
reroll chance; Rebel Shield Boost in Orbital Barrage's chance to prevent damage). Cases: held in a
reroll chance, then Dark's first; the rule off (they take effect mid-chance); held while a Battle card
takes effect; where it must not apply -- nothing under way, abilities being let go, a reroll ability
in its own chance."""
from __future__ import annotations

from judge.engine.state import Pending
from judge.games.star_wars_tcg import timing
from judge.games.star_wars_tcg.memory import memory

from .test_star_wars import events, rid, run

CHARM = """
    ruling: star-wars-tcg:ruling:triggered-abilities-4
    cites: [star-wars-tcg:ruling:triggered-abilities-4]
    question: q
    answer: a
    state:
      active: light
      phase: battle
      dice: [1, 1, 5, 5, 2]
      dark:
        ground: [Droid Tank]
        hand: [Imperial Fixed Odds]
      light:
        ground: [Gungan Lucky Squad, Rebel Lucky Charm Team, {card: Rebel Lucky Charm Team, controller: dark}]
    actions:
      - {player: dark, choose: [pass, Imperial Fixed Odds, die 1]}
      - {player: light, attack: Gungan Lucky Squad, to: Droid Tank, choose: [Gungan Lucky Squad]}
"""

BARRAGE = """
    ruling: star-wars-tcg:ruling:held-triggered-abilities-4
    cites: [star-wars-tcg:ruling:held-triggered-abilities-4]
    question: q
    answer: a
    state:
      active: dark
      phase: battle
      dice: [5, 5, 1]
      dark:
        hand: [Orbital Barrage]
      light:
        ground: [Rebel Rally Squad, {card: Echo Base Troopers, damage: 2}, Rebel Defense Squad]
        hand: [Rebel Shield Boost]
    actions:
      - {player: light, choose: [pass, Rebel Shield Boost, Rebel Rally Squad]}
      - {player: dark, play: Orbital Barrage, targets: [Rebel Rally Squad]}
      - {pass: all}
"""


def _positions(eng) -> tuple[int, list[str]]:
    """Where the Battle card's reroll is in the log, and the Charm Teams in the order they triggered
    with the index of each."""
    log = eng.events
    fixed = next(i for i, e in enumerate(log) if e["event"] == "die_rerolled" and e.get("player") == "dark")
    charms = [(i, e.get("source")) for i, e in enumerate(log) if e["event"] == "triggered"]
    return fixed, charms


def test_held_through_a_battle_card_in_the_reroll_chance(tmp_path):
    eng = run(tmp_path, CHARM)
    fixed, charms = _positions(eng)
    assert [s for _, s in charms] == ["Rebel Lucky Charm Team#2", "Rebel Lucky Charm Team#1"]  # Dark's first
    assert all(i > fixed for i, _ in charms)  # neither took effect in the chance
    assert eng.player_attr("dark", "force") == 1 and eng.player_attr("light", "force") == 1


def test_rule_off_light_takes_effect_in_the_chance(tmp_path):
    eng = run(tmp_path, CHARM, {rid("ruling:held-triggered-abilities-5")})
    fixed, charms = _positions(eng)
    first = next(i for i, s in charms if s == "Rebel Lucky Charm Team#1")
    assert first < fixed  # released as the Battle card was played, before its reroll


def test_held_while_the_barrage_takes_effect(tmp_path):
    eng = run(tmp_path, BARRAGE)
    assert eng.obj("Rebel Shield Boost").zone == "discard"
    assert eng.obj("Echo Base Troopers").zone == "discard"  # no +2 health before the second part
    assert eng.obj("Rebel Rally Squad").damage == 2
    assert eng.obj_attr(eng.obj("Rebel Defense Squad"), "hp") == 6
    assert len(events(eng, "triggered")) == 1


def _pending(eng, label: str, player: str) -> Pending:
    o = eng.obj(label)
    ab = next(a for a in o.card.abilities if a.kind == "trigger")
    return Pending(o.oid, o.label, player, ab, {}, 0)


def test_not_held_where_nothing_holds_them(tmp_path):
    """Where it must not apply: no chance or effect under way, held abilities being let go
    (_resolve_now), and a reroll ability alone in a chance to reroll (its own chance lets it go)."""
    eng = run(tmp_path, CHARM)
    sw = memory(eng)
    assert sw["chance"] is None and sw["depth"] == 0
    eng.pending[:] = [_pending(eng, "Rebel Lucky Charm Team#1", "light")]
    try:
        assert not timing.triggers_held(eng)
        sw["chance"] = "reroll"
        assert timing.triggers_held(eng)
        sw["resolving_now"] = True
        assert not timing.triggers_held(eng)
        sw["resolving_now"] = False
        sw["chance"] = None
        sw["depth"] = 1
        assert timing.triggers_held(eng)  # an ability or Battle card taking effect
    finally:
        sw.update(chance=None, depth=0, resolving_now=False)
        eng.pending.clear()
    jar = run(tmp_path, CHARM.replace("      light:\n", "      light:\n        character: [Jar Jar Binks (A)]\n"))
    sw = memory(jar)
    jar.pending[:] = [_pending(jar, "Jar Jar Binks (A)", "light")]
    try:
        sw["chance"] = "reroll"
        assert not timing.triggers_held(jar)
    finally:
        sw["chance"] = None
        jar.pending.clear()
