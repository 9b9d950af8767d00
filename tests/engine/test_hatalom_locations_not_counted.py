"""8.9.3: locations do not count as cards in play for sources and the effects tied to them -- also for a
card text's count() / any() over the cards in play (core hook counted_in_play; Hatalom blind round 5
found count(...) counting a location), and switched off they count."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENARIO = """\
game: hatalom-kartyai
cards:
  - name: Próba asztalszámlálás
    type: általános
    cost: 1
    illustrative: true
    text: "Kapsz 1 VP-t minden asztalodon lévő lap után."
    abilities:
      - kind: play
        steps:
          - {player_counter: vp, amount: "count(it.zone == 'table' and it.controller == you)"}
state:
  active: A
  phase: main
  A:
    table: [%s]
    hand: [Próba asztalszámlálás]
    vp: 1
actions:
  - {player: A, play: Próba asztalszámlálás}
  - {pass: all}
expect:
  - {player: A, vp: %d}
"""


def _passed(tmp_path, table: str, vp: int, ablate: frozenset = frozenset()) -> bool:
    path = tmp_path / "count.yaml"
    path.write_text(SCENARIO % (table, vp))
    out = replay(load_fixture(path), ablate)
    assert out.error is None, out.error
    return out.passed


def test_a_location_is_not_counted(tmp_path):
    # 1 VP, pays 1 for the spell, gains 2 (the building and the skill): 2, not 3
    assert _passed(tmp_path, "Próba helyszín, Próba építmény, Próba szakértelem", 2)


def test_without_a_location_every_card_counts(tmp_path):
    assert _passed(tmp_path, "Próba építmény, Próba szakértelem", 2)


def test_switched_off_the_location_counts(tmp_path):
    assert _passed(tmp_path, "Próba helyszín, Próba építmény, Próba szakértelem", 3,
                   frozenset({"hatalom-kartyai:8.9.3"}))


def _traced(tmp_path, expr: str) -> bool:
    """Is 8.9.3 in the trace when the spell counts ``expr`` with a location and a building on the table?"""
    path = tmp_path / "trace.yaml"
    text = SCENARIO % ("Próba helyszín, Próba építmény", 0)  # the vp expectation is not what is checked
    path.write_text(text.replace("count(it.zone == 'table' and it.controller == you)", expr))
    out = replay(load_fixture(path))
    assert out.error is None, out.error
    return any("hatalom-kartyai:8.9.3" in st.rules for st in out.engine.trace)


def test_the_rule_is_traced_only_where_a_location_would_have_counted(tmp_path):
    assert _traced(tmp_path, "count(it.zone == 'table' and it.controller == you)")  # it would count
    assert not _traced(tmp_path, "count(it.type == 'szörny')")  # it would not: 8.9.3 decided nothing
