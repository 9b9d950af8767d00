"""A refusal names a cost-raising card ('aktiválást kívánó képességeinek használata 1 VP-vel drágább') only
where its raise made the difference (costs.cost_refused_by): not for an ability needing no activation (a
printed '1 VP:' cost it does not raise), not where the ability's own 'Aktiválás' cannot be paid anyway
(the card passive after its first activation), but where the player could pay everything without it; a
building passive on entering is refused by 8.6, and with 8.6 switched off by the raise."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

from .test_hatalom import rid

BOARD = """\
game: hatalom-kartyai
state:
  active: A
  phase: main
  A:
    vp: VP
    table: [TABLE]
  B:
    reserve: [Próba KF óriás 1/6]
    table: [TOLL]
actions:
ACTIONS"""

USE = "  - {player: A, use: CARD, targets: [Próba KF óriás 1/6]TRY}\n"


def _refusals(tmp_path, vp, table, uses, toll="Próba vámszedő építmény", ablate=()):
    acts = "".join(USE.replace("CARD", c).replace("TRY", ", try: true" if last else "")
                   + ("" if last else "  - {pass: all}\n")
                   for i, c in enumerate(uses) for last in [i == len(uses) - 1])
    text = (BOARD.replace("VP", str(vp)).replace("TABLE", table).replace("TOLL", toll)
            .replace("ACTIONS", acts))
    path = tmp_path / "probe.yaml"
    path.write_text(text, encoding="utf-8")
    out = replay(load_fixture(path), set(ablate), lenient=bool(ablate))
    return [(e.get("refused_by_text"), e.get("rejected_by") or []) for e in out.engine.events
            if e["event"] == "action_rejected"]


def test_a_printed_vp_cost_is_not_blamed_on_an_activation_raise(tmp_path):
    assert _refusals(tmp_path, 0, "Próba dobótőr", ["Próba dobótőr"]) == [("Próba dobótőr", [])]
    # the same without the toll: the same card named
    assert _refusals(tmp_path, 0, "Próba dobótőr", ["Próba dobótőr"], toll="Próba építmény") == \
        [("Próba dobótőr", [])]


def test_the_raise_is_named_where_the_activation_could_be_paid_without_it(tmp_path):
    assert _refusals(tmp_path, 0, "Próba íj", ["Próba íj"]) == [("Próba vámszedő építmény", [])]


def test_a_passive_card_is_refused_by_its_own_activation_whatever_the_vp(tmp_path):
    for vp in (1, 5):  # 1: the raise paid first, nothing left; 5: VP enough for another raise
        assert _refusals(tmp_path, vp, "Próba íj", ["Próba íj", "Próba íj"]) == [("Próba íj", [])]


VERPAD = """\
game: hatalom-kartyai
state:
  active: A
  phase: main
  A:
    vp: 2
    hand: [Próba vérpad építmény]
    reserve: [Próba kalandozó 1/1]
  B:
    table: [Próba vámszedő építmény]
actions:
  - {player: A, play: Próba vérpad építmény}
  - {pass: all}
  - {player: A, use: Próba vérpad építmény, try: true}
"""


def test_a_building_passive_on_entering_names_8_6_and_with_8_6_off_the_raise(tmp_path):
    """2 VP pay the building and its raise: its activation is refused by 8.6 (it entered passive); with 8.6
    off it entered active, and only the raise keeps it from being used."""
    path = tmp_path / "probe.yaml"
    path.write_text(VERPAD, encoding="utf-8")
    res = []
    for ablate in (set(), {rid("8.6")}):
        out = replay(load_fixture(path), ablate, lenient=bool(ablate))
        res.append([(e.get("refused_by_text"), e.get("rejected_by") or []) for e in out.engine.events
                    if e["event"] == "action_rejected"])
    assert res[0] == [(None, [rid("8.6")])], res
    assert res[1] == [("Próba vámszedő építmény", [])], res
