"""An always-on ability may give cards powers (`continuous` with `grant_powers`), as a resolved effect's
modifier does: 'Your other heroes have "Exhaust Action: ..."' and '... have "When this hero is KO'd, draw a
card"'. The given powers exist while the giving card is in play (an action is used, a trigger triggers),
on the cards it names only; with the rule that gives powers switched off (Huntik 700.1) they do not."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

GIVER = """
cards:
  - name: Banner of Giving
    type: item
    illustrative: true
    text: 'Your other heroes have "Exhaust Action: Draw a card." and "When this hero is KO''d, draw a card."'
    abilities:
      - kind: continuous
        applies_to: "it.is_hero and it.controller == this.controller and it != this"
        grant_powers:
          - {kind: action, name: Rally, timing: exhaust, steps: [{draw: 1}]}
          - {kind: trigger, name: Last Word, on: {event: zone_change, filter: "event.obj == me and event.cause == 'ko'"},
             steps: [{draw: 1}]}
"""


def _run(tmp_path, body: str, ablate=()):
    f = Path(tmp_path) / "scenario.yaml"
    f.write_text("game: huntik\n" + GIVER + body)
    return replay(load_fixture(f), set(ablate), lenient=bool(ablate))


BOARD = """
state:
  active: A
  lead: A
  round: 1
  A:
    zone1: [Banner of Giving, Lok Lambert]
    deck: [Shadowspeed, Breakspell, Hyperstride]
  B:
    zone1: [Zhalia Moon]
"""


def test_an_always_on_ability_gives_an_action_its_hero_uses(tmp_path):
    out = _run(tmp_path, BOARD + """
actions:
  - {player: A, use: Lok Lambert, ability: Rally}
  - {pass: all}
""")
    assert out.error is None, out.error
    assert out.engine.obj("Lok Lambert").exhausted and len(out.engine.zone_objs("A", "hand")) == 1


def test_an_always_on_ability_gives_a_trigger_that_triggers(tmp_path):
    out = _run(tmp_path, BOARD + """
actions:
  - {player: B, effect: [{ko: Lok Lambert}]}
  - {pass: all}
""")
    assert out.error is None, out.error
    assert len(out.engine.zone_objs("A", "hand")) == 1  # Last Word: the given trigger saw its own KO


def test_not_given_to_a_card_it_does_not_name(tmp_path):
    """Where it must not apply: the opponent's hero has no Rally."""
    out = _run(tmp_path, BOARD + """
actions:
  - {player: B, use: Zhalia Moon, ability: Rally, try: true}
""")
    assert out.error is None, out.error
    assert any(e["event"] == "action_rejected" for st in out.engine.trace for e in st.events)


def test_switched_off_no_power_is_given(tmp_path):
    out = _run(tmp_path, BOARD + """
actions:
  - {player: B, effect: [{ko: Lok Lambert}]}
  - {pass: all}
""", ablate=["huntik:700.1"])
    assert len(out.engine.zone_objs("A", "hand")) == 0
