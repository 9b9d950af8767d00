"""Hatalom Kártyái: an attached card (8.11.0) that an effect puts into play goes on a card, as when it is
played: a # item on a creature with the # icon (8.7.1 'nem az asztalra kell kitenni, hanem egy ... lényre
kell rátenni'), a body part on a galetki and a level-up on an adventurer (8.4.1 'csak galetkire /
kalandozóra rakható'), an 'enchant something' card on that kind of card (8.5.5). Its player chooses among
the legal hosts (the checks of a play: attached.can_host); one no card in play can take is not put into
play. Each rule switched off: nothing keeps the card off the table, it enters loose."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENE = """\
game: hatalom-kartyai
cards:
  - name: Próba előhívás
    type: általános
    cost: 1
    illustrative: true
    text: "Hozz játékba egy lapot a gyűjtődből."
    abilities:
      - kind: play
        steps:
          - {put_into_play: {from: discard, filter: "%(filter)s"}}
state:
  active: A
  phase: main
  A:
    hand: [Próba előhívás]
    discard: %(discard)s
    reserve: %(reserve)s
    vp: 1
  B:
    reserve: %(b_reserve)s
actions:
  - {player: A, play: Próba előhívás%(choose)s}
  - {pass: all}
"""


def _run(tmp_path, discard, reserve, b_reserve=(), choose=(), filt="true", ablate=()):
    f = Path(tmp_path) / "scene.yaml"
    f.write_text(SCENE % {"discard": list(discard), "reserve": list(reserve), "b_reserve": list(b_reserve),
                          "choose": f", choose: {list(choose)}" if choose else "", "filter": filt})
    out = replay(load_fixture(f), set(ablate))
    assert out.error is None, out.error
    return out.engine


def _host(eng, label):
    o = eng.obj(label)
    return eng.state.objects[o.attached_to].label if o.attached_to is not None else None


def _rules(eng):
    return {r for st in eng.trace for r in st.rules}


def test_kf_item_goes_on_the_creature_with_the_kf_icon(tmp_path):
    eng = _run(tmp_path, ["Próba KF kard"], ["Próba kalandozó 1/1", "Próba KF szörny 3/4"])
    assert eng.obj("Próba KF kard").zone == "table"
    assert _host(eng, "Próba KF kard") == "Próba KF szörny 3/4"
    assert eng.obj_attr(eng.obj("Próba KF szörny 3/4"), "sebzes") == 4
    assert "hatalom-kartyai:8.7.1" in _rules(eng)


def test_kf_item_loose_on_the_table_with_8_7_1_off(tmp_path):
    eng = _run(tmp_path, ["Próba KF kard"], ["Próba KF szörny 3/4"], ablate={"hatalom-kartyai:8.7.1"})
    assert eng.obj("Próba KF kard").zone == "table"
    assert _host(eng, "Próba KF kard") is None


def test_kf_item_with_no_carrier_is_not_put_into_play(tmp_path):
    """No creature with the # icon: it can't go on the table either, so it stays in the discard pile."""
    eng = _run(tmp_path, ["Próba KF kard"], ["Próba kalandozó 1/1"])
    assert eng.obj("Próba KF kard").zone == "discard"
    assert "hatalom-kartyai:8.7.1" in _rules(eng)


def test_an_item_without_the_icon_is_not_put_on_anything(tmp_path):
    """Where the rule does not apply: an item without # enters the table loose (8.7)."""
    eng = _run(tmp_path, ["Próba tárgy"], ["Próba KF szörny 3/4"])
    assert eng.obj("Próba tárgy").zone == "table"
    assert _host(eng, "Próba tárgy") is None


def test_body_part_goes_on_the_galetki_not_the_monster(tmp_path):
    eng = _run(tmp_path, ["Próba testrész"], ["Próba szörny 2/3", "Próba galetki 1/2"])
    assert _host(eng, "Próba testrész") == "Próba galetki 1/2"


def test_body_part_loose_with_8_4_1_off(tmp_path):
    eng = _run(tmp_path, ["Próba testrész"], ["Próba galetki 1/2"], ablate={"hatalom-kartyai:8.4.1"})
    assert eng.obj("Próba testrész").zone == "table"
    assert _host(eng, "Próba testrész") is None


def test_the_player_chooses_among_legal_hosts(tmp_path):
    """Two galetki, his own and the opponent's: he names the host; a monster named is refused by 8.4.1."""
    eng = _run(tmp_path, ["Próba testrész"], ["Próba galetki 1/2", "Próba szörny 2/3"],
               b_reserve=["Próba galetki 1/2"], choose=[{"try": "Próba szörny 2/3"}, "Próba galetki 1/2#2"])
    assert _host(eng, "Próba testrész") == "Próba galetki 1/2#2"
    [rej] = [e for e in eng.events if e.get("event") == "choice_rejected"]
    assert "hatalom-kartyai:8.4.1" in rej["rejected_by"]


def test_card_with_no_host_left_out_of_the_choice(tmp_path):
    """A level-up with no adventurer in play can't be put into play: the effect brings the body part."""
    eng = _run(tmp_path, ["Próba szintlépés", "Próba testrész"], ["Próba galetki 1/2"])
    assert eng.obj("Próba szintlépés").zone == "discard"
    assert _host(eng, "Próba testrész") == "Próba galetki 1/2"


def test_enchant_monster_goes_on_a_monster(tmp_path):
    eng = _run(tmp_path, ["Próba bűbáj szörnyre"], ["Próba kalandozó 1/1", "Próba szörny 2/3"])
    assert _host(eng, "Próba bűbáj szörnyre") == "Próba szörny 2/3"
    assert eng.obj_attr(eng.obj("Próba szörny 2/3"), "sebzes") == 3
