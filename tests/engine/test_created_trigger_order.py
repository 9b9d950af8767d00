"""Simultaneous triggered powers of one player: a triggered modifier an effect created (Dr. Strange's boost:
"At the start of the combat phase this turn, ...") is one of them, put in order by the player like his
printed ones (the core's pending_order_policy; blind round 20, Vs. System). Several different powers of one
card waiting together are named `Card (power)` -- `Dr. Strange (vanish)`, `Dr. Strange (created)` -- and a
card with one power waiting by its label alone; an order list naming an option more often than it waits is
a script error naming the options, and a player with one power waiting is not asked.

The Beacon scenario is blind round 20's gap (blind20-created-trigger-left-out-of-the-order-choice), kept
here as a test, not as a fixture: no text of the Vs. System corpus decides the order of simultaneous
triggered powers (the game binds no rule to pending_order_policy; the only rule whose ablation breaks
the scenario, 212.5a, is about moving between areas, not about the order)."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

BEACON = """\
game: vs-system
cards:
  - name: Beacon
    type: character
    cost: 2
    stats: {atk: 2, def: 2}
    illustrative: true
    text: "At the start of the combat phase, you gain 2 endurance for each hidden character your opponents control."
    abilities:
      - kind: trigger
        on: {event: phase_begins, filter: "event.phase == 'combat'"}
        steps:
          - {gain_endurance: "2 * count(it.type == 'character' and it.controller == opponent and it.zone == 'hidden')"}
  - name: Apprentice
    type: character
    cost: 2
    stats: {atk: 1, def: 1}
    illustrative: true
    text: "Boost 1: At the start of the combat phase this turn, choose any number of characters your opponents control. The controller of each of those characters moves it to his hidden area."
    abilities:
      - kind: trigger
        name: boost
        on: {event: enters_play, filter: "event.new == this and event.boosted"}
        steps:
          - create:
              kind: trigger
              duration: turn
              on: {event: phase_begins, filter: "event.phase == 'combat'"}
              steps:
                - {choose_any: {filter: "it.type == 'character' and it.controller == opponent", what: opponents' characters}, as: banished}
                - {move_char: banished, area: hidden, by: it.controller}
state:
  active: A
  phase: build
  A: {hand: [%(recruit)s], visible: [%(visible)s], endurance: 10}
  B: {visible: [Spider-Man]}
actions:
  - {player: A, recruit: %(recruit)s%(boost)s}
  - {pass: all}
%(placed)s  - {player: A, begin: combat, choose: %(choose)s}
  - {pass: all}
"""


def run(tmp_path, choose, recruit="Dr. Strange", visible="Beacon", boost=True):
    path = tmp_path / "scenario.yaml"
    path.write_text(BEACON % {"recruit": recruit, "visible": visible, "choose": choose,
                              "boost": ", with: [boost]" if boost else "",
                              # B places the character the created power hides
                              "placed": "  - {player: B, choose: [hidden front]}\n" if boost else ""}, encoding="utf-8")
    return replay(load_fixture(path))


def resolved(out) -> list[str]:
    return [f"{e['source']} ({e.get('ability')})" for e in out.engine.events if e["event"] == "resolved"
            and e.get("source") in ("Dr. Strange", "Beacon")]


def endurance(out, player="A") -> int:
    return out.engine.state.player_data[player]["endurance"]


def test_the_created_power_ordered_first_resolves_first(tmp_path):
    out = run(tmp_path, '[["Dr. Strange (created)", "Dr. Strange (vanish)", Beacon], [Spider-Man], []]')
    assert out.error is None, out.error
    assert resolved(out)[-3:] == ["Dr. Strange (ability 0)", "Dr. Strange (vanish)", "Beacon (ability 1)"]
    assert out.engine.obj("Spider-Man").zone == "hidden"
    assert endurance(out) == 12  # Spider-Man was hidden before Beacon counted


def test_the_printed_powers_ordered_before_the_created_one(tmp_path):
    out = run(tmp_path, '[[Beacon, "Dr. Strange (vanish)", "Dr. Strange (created)"], [], [Spider-Man]]')
    assert out.error is None, out.error
    assert resolved(out)[-3:] == ["Beacon (ability 1)", "Dr. Strange (vanish)", "Dr. Strange (ability 0)"]
    assert out.engine.obj("Spider-Man").zone == "hidden"
    assert endurance(out) == 10  # Beacon counted before Spider-Man was hidden


def test_the_player_is_asked_the_order_of_his_printed_and_created_powers(tmp_path):
    out = run(tmp_path, "[]")  # nothing scripted: he must be asked
    assert out.error is not None
    assert "missing choice: A must choose the order of simultaneous triggered abilities" in out.error
    for option in ("Beacon", "Dr. Strange (vanish)", "Dr. Strange (created)"):
        assert option in out.error


def test_a_card_named_twice_with_one_power_waiting_is_a_script_error(tmp_path):
    # recruited without boost: only Dr. Strange's printed power waits, named once
    out = run(tmp_path, '[["Dr. Strange", "Dr. Strange", Beacon], []]', boost=False)
    assert out.error is not None
    assert "cannot carry out" not in out.error and "ValueError" not in out.error
    assert "is not an order of ['Beacon', 'Dr. Strange']" in out.error
    assert "scenario.yaml:" in out.error  # file and line


def test_one_power_of_each_card_keeps_the_card_name(tmp_path):
    out = run(tmp_path, '[["Dr. Strange", Beacon], []]', boost=False)
    assert out.error is None, out.error
    assert resolved(out)[-2:] == ["Dr. Strange (vanish)", "Beacon (ability 1)"]


def test_a_created_power_waiting_alone_asks_no_order(tmp_path):
    # the Apprentice's created power is the only one of A's that triggers: nothing to order
    out = run(tmp_path, "[[Spider-Man]]", recruit="Apprentice", visible="")
    assert out.error is None, out.error
    assert out.engine.obj("Spider-Man").zone == "hidden"
    assert not any(e["event"] == "choice_defaulted" for e in out.engine.events)


def test_instances_of_one_power_take_the_places_their_name_has_in_the_order():
    from .test_vs_system import make
    eng = make(A_visible=["Henchman"])
    items = [("Squire", 1), ("Squire", 2), ("Watcher", 3)]
    eng.choices["A"] = [["Squire", "Watcher", "Squire"]]
    out = eng.ordered_by_players([("A", items)], lambda i: i[0], "things")
    assert out == [("Squire", 1), ("Watcher", 3), ("Squire", 2)]
    # all instances of one power: nothing to ask
    assert eng.ordered_by_players([("A", items[:2])], lambda i: i[0], "things") == items[:2]
