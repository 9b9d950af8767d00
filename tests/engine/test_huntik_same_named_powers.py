"""Huntik 701.3 with powers of one name (engine/chain.py use, _power_to_use): two modifiers each give Lok
a 'Drill' power (700.1); each is its own power with its own 'one per combat' restriction, so a use names
the power by its name and the one whose restriction still allows it is used. Where it must not apply: one
given power (its second use is refused), a power of another name (not a candidate). Switched off (701.3):
restrictions count per card name and power name, so one spent restriction stops the other power."""
from __future__ import annotations

import textwrap

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

CARDS = """
cards:
  - name: Battle Drill
    type: free action
    traits: [Good]
    text: "This round, target hero gets 'Combat Action: One per combat, target hero gets +1 ATK this combat.'"
    abilities:
      - kind: play
        targets: [{name: hero, filter: "it.is_hero"}]
        steps:
          - modify:
              target: hero
              duration: round
              grant_powers:
                - {kind: action, name: Drill, timing: combat, limit: {count: 1, per: combat},
                   targets: [{name: pupil, filter: "it.is_hero"}],
                   steps: [{modify: {target: pupil, modify: {atk: 1}, duration: combat}}]}
  - name: Guard Drill
    type: free action
    traits: [Good]
    text: "This round, target hero gets 'Combat Action: One per combat, target hero gets +1 DEF this combat.'"
    abilities:
      - kind: play
        targets: [{name: hero, filter: "it.is_hero"}]
        steps:
          - modify:
              target: hero
              duration: round
              grant_powers:
                - {kind: action, name: Guard, timing: combat, limit: {count: 1, per: combat},
                   targets: [{name: pupil, filter: "it.is_hero"}],
                   steps: [{modify: {target: pupil, modify: {def: 1}, duration: combat}}]}
"""

DRILL = "- {player: A, use: Lok Lambert, ability: %s, targets: [Zhalia Moon], try: true}\n- {pass: all}\n"


def _run(tmp_path, hand: list[str], uses: list[str], ablate=()):
    give = "".join(f"- {{player: A, play: \"{c}\", targets: [Lok Lambert]}}\n- {{pass: all}}\n" for c in hand)
    text = ("game: huntik\n" + CARDS + "state:\n  active: A\n  lead: A\n  round: 2\n  in_combat: true\n  combat: 1\n"
            + textwrap.indent("A:\n  zone1: [Lok Lambert, Zhalia Moon]\n  hand: [%s]\nB:\n  zone1: [Suit Grunt]\n"
                              % ", ".join(f'"{c.split("#")[0]}"' for c in hand), "  ")
            + "actions:\n" + textwrap.indent(give + "".join(DRILL % u for u in uses), "  "))
    f = tmp_path / "s.yaml"
    f.write_text(text)
    out = replay(load_fixture(f), set(ablate), lenient=bool(ablate))
    assert out.error is None, out.error
    eng = out.engine
    refused = [e for e in eng.events if e["event"] == "action_rejected"]
    return eng.obj_attr(eng.obj("Zhalia Moon"), "atk"), eng.obj_attr(eng.obj("Zhalia Moon"), "def"), refused


def test_two_given_powers_of_one_name_each_used_once(tmp_path):
    atk, _, refused = _run(tmp_path, ["Battle Drill#1", "Battle Drill#2"], ["Drill"] * 3)
    assert atk == 6 and len(refused) == 1  # 4 + 1 + 1, the third use refused
    assert "huntik:701.3" in refused[0]["rejected_by"]


def test_one_given_power_is_used_once(tmp_path):
    atk, _, refused = _run(tmp_path, ["Battle Drill"], ["Drill"] * 2)
    assert atk == 5 and len(refused) == 1


def test_a_power_of_another_name_is_not_used_for_it(tmp_path):
    # Drill spent: a Guard power on Lok is no Drill; used by its own name, it gives DEF, not ATK
    atk, dfn, refused = _run(tmp_path, ["Battle Drill", "Guard Drill"], ["Drill", "Drill", "Guard"])
    assert (atk, dfn, len(refused)) == (5, 4, 1)


def test_switched_off_one_spent_restriction_stops_the_other_power(tmp_path):
    atk, _, refused = _run(tmp_path, ["Battle Drill#1", "Battle Drill#2"], ["Drill"] * 3, ablate=["huntik:701.3"])
    assert atk == 5 and len(refused) == 2
