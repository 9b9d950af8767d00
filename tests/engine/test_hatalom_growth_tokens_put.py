"""Erősödés tokens put by 8.2.2 (growth by sacrificing a torzszülött) and 8.2.1 (a token instead of an
extracted component) are put on the galetki as any token is: a counter_added event, which a card watching
tokens being put sees (one event per galetki, with the number put). A token of another kind does not
match such a card's filter; with the rule off no token is put and nothing fires."""
from __future__ import annotations

import textwrap

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

from .test_hatalom import rid

SHRINE = """
cards:
  - name: Próba jelzőszámláló építmény
    type: építmény
    cost: 1
    illustrative: true
    text: "Valahányszor erősödés-jelző kerül egy galetkire, kapsz annyi VP-t, ahány jelző került rá."
    abilities:
      - kind: trigger
        on: {event: counter_added, filter: "event.kind == 'erősödés' and event.obj.type == 'galetki'"}
        steps:
          - {player_counter: vp, amount: "event.amount"}
"""


def _run(tmp_path, body: str, ablate=(), lenient=False):
    path = tmp_path / "scenario.yaml"
    path.write_text("game: hatalom-kartyai\n" + SHRINE + textwrap.dedent(body), encoding="utf-8")
    return replay(load_fixture(path), set(ablate), lenient=lenient)


GROW = """
state:
  active: A
  phase: main
  A:
    reserve: [Próba galetki 1/2, Próba galetki 1/2, Próba torzszülött 2/2]
    table: [Próba jelzőszámláló építmény]
    vp: 1
actions:
  - {player: A, grow: Próba torzszülött 2/2, choose: [{Próba galetki 1/2#1: 1, Próba galetki 1/2#2: 1}]}
expect:
  - {player: A, vp: %d}
"""


def test_growth_by_sacrifice_tokens_are_seen_per_galetki(tmp_path):
    out = _run(tmp_path, GROW % 3)  # 1 + one VP for each galetki's one token
    assert out.status == "passed", out.problems or out.error
    assert sum(1 for e in out.engine.events if e["event"] == "counter_added") == 2


def test_growth_by_sacrifice_off_no_tokens_no_vp(tmp_path):
    """Switched off (lenient, as the ablation report replays), the growth is refused: no token, no VP."""
    out = _run(tmp_path, GROW % 1, [rid("8.2.2")], lenient=True)
    assert out.status == "passed", out.problems or out.error


EXTRACT = """
state:
  active: A
  phase: main
  A:
    reserve: [Próba galetki 1/2]
    table: [Próba jelzőszámláló építmény]
    vp: 1
  B:
    discard: [Próba torzszülött 2/2]
actions:
  - {player: A, extract: Próba torzszülött 2/2, choose: [%s]}
expect:
  - {player: A, vp: %d}
"""


def test_token_for_an_extracted_component_is_seen(tmp_path):
    out = _run(tmp_path, EXTRACT % ("Próba galetki 1/2, komponens", 2))
    assert out.status == "passed", out.problems or out.error


def test_token_for_a_component_off_component_only_no_vp(tmp_path):
    out = _run(tmp_path, EXTRACT % ("Próba galetki 1/2, komponens", 1), [rid("8.2.1")], lenient=True)
    assert out.status == "passed", out.problems or out.error


def test_components_only_nothing_seen(tmp_path):
    out = _run(tmp_path, EXTRACT % ("komponens, komponens", 1))
    assert out.status == "passed", out.problems or out.error


def test_plain_token_does_not_match_the_filter(tmp_path):
    body = """
    state:
      active: A
      phase: main
      A:
        reserve: [Próba galetki 1/2]
        table: [Próba jelzőszámláló építmény]
        hand: [Próba megjelölés]
        vp: 1
    actions:
      - {player: A, play: Próba megjelölés}
      - {pass: all}
    expect:
      - {player: A, vp: 1}
      - {card: Próba galetki 1/2, counters: {jelző: 1}}
    """
    out = _run(tmp_path, body)
    assert out.status == "passed", out.problems or out.error
