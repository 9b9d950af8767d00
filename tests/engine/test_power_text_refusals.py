"""A refusal by a power's own words names the card whose words they are (refused_by_text; ChainMixin.power_text):
a power a modifier gave a card ('target hero gets "Free Action: One per round, ..."') is the giver's text, so
its use limit and its target description name the giver, not the card holding the power (Huntik 700.1:
a card's powers include "quoted text added to it by modifiers"); a printed power names its own card; and a
card on the chain that fails the target description of the card played at it is refused by that card's
text as a target in play is (Huntik 704.1). The `played` event lists a target on the chain."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

CHARM = """\
game: huntik
cards:
  - name: Second Wind Charm
    type: free action
    traits: [Good]
    illustrative: true
    text: "This round, target hero gets \\"Free Action: One per round, target hero gets +1 ATK this turn.\\""
    abilities:
      - kind: play
        targets:
          - {name: hero, filter: "it.is_hero"}
        steps:
          - modify:
              target: hero
              duration: round
              grant_powers:
                - kind: action
                  name: Second Wind
                  timing: free
                  limit: {count: 1, per: round}
                  targets:
                    - {name: pal, filter: "it.is_hero and it.def <= 3"}
                  steps:
                    - {modify: {target: pal, modify: {atk: 1}, duration: turn}}
  - name: Winded Scout
    type: minor hero
    traits: [Good]
    stats: {atk: 1, def: 1}
    illustrative: true
    text: "Free Action: One per round, target hero with 3 or less DEF gets +1 ATK this turn."
    abilities:
      - kind: action
        name: Second Wind
        timing: free
        limit: {count: 1, per: round}
        targets:
          - {name: pal, filter: "it.is_hero and it.def <= 3"}
        steps:
          - {modify: {target: pal, modify: {atk: 1}, duration: turn}}
state:
  active: A
  A:
    zone1: [Lok Lambert, Winded Scout, Sophie Casterwill]
    hand: [Second Wind Charm]
actions:
  - {player: A, play: Second Wind Charm, targets: [Lok Lambert]}
  - {pass: all}
"""

BREAKSPELL = """\
game: huntik
state:
  active: A
  A:
    zone1: [Dante Vale, Lok Lambert]
    hand: [Hyperstride, Breakspell]
  B:
    zone1: [Zhalia Moon]
    hand: [Breakspell]
actions:
  - {player: A, play: Hyperstride, exhaust: Dante Vale}
  - {player: A, play: "Breakspell#1", exhaust: Lok Lambert, targets: [Hyperstride], try: true}
  - {player: B, play: "Breakspell#2", exhaust: Zhalia Moon, targets: [Hyperstride]}
  - {pass: all}
"""


def _replay(tmp_path, text: str, ablate: set | None = None):
    path = tmp_path / "probe.ruling.yaml"
    path.write_text(text, encoding="utf-8")
    return replay(load_fixture(path), ablate or set(), lenient=bool(ablate))


def _rejected(out) -> list[dict]:
    return [e for e in out.engine.events if e["event"] == "action_rejected"]


def _use(who: str, target: str) -> str:
    return f"  - {{player: A, use: {who}, ability: Second Wind, targets: [{target}], try: true}}\n  - {{pass: all}}\n"


def test_a_given_powers_use_limit_names_the_giver(tmp_path):
    out = _replay(tmp_path, CHARM + _use("Lok Lambert", "Lok Lambert") + _use("Lok Lambert", "Lok Lambert"))
    assert [e.get("refused_by_text") for e in _rejected(out)] == ["Second Wind Charm"]


def test_a_given_powers_target_description_names_the_giver(tmp_path):
    # Sophie Casterwill has 5 DEF: not "a hero with 3 or less DEF"
    out = _replay(tmp_path, CHARM + _use("Lok Lambert", "Sophie Casterwill"))
    rejected = _rejected(out)
    assert [e.get("refused_by_text") for e in rejected] == ["Second Wind Charm"]
    assert rejected[0].get("rejected_by") == ["huntik:704.1"]


def test_a_printed_powers_limit_and_description_name_its_own_card(tmp_path):
    out = _replay(tmp_path, CHARM + _use("Winded Scout", "Sophie Casterwill")
                  + _use("Winded Scout", "Lok Lambert") + _use("Winded Scout", "Lok Lambert"))
    assert [e.get("refused_by_text") for e in _rejected(out)] == ["Winded Scout", "Winded Scout"]


def test_a_legal_use_of_a_given_power_is_refused_by_nothing(tmp_path):
    out = _replay(tmp_path, CHARM + _use("Lok Lambert", "Lok Lambert"))
    assert _rejected(out) == []


def test_a_card_on_the_chain_failing_the_description_names_the_card_played_at_it(tmp_path):
    out = _replay(tmp_path, BREAKSPELL)
    rejected = _rejected(out)
    assert [(e.get("player"), e.get("refused_by_text"), e.get("rejected_by")) for e in rejected] == \
        [("A", "Breakspell", ["huntik:704.1"])]
    played = [e for e in out.engine.events if e["event"] == "played" and e.get("card") == "Breakspell#2"]
    assert [e.get("targets") for e in played] == [["Hyperstride"]]
    assert out.engine.obj("Hyperstride").zone == "discard"  # cancelled by B's Breakspell


def test_a_card_not_on_the_chain_names_no_card(tmp_path):
    text = BREAKSPELL.replace("  - {player: A, play: Hyperstride, exhaust: Dante Vale}\n", "")
    rejected = _rejected(_replay(tmp_path, text))
    assert rejected and all("refused_by_text" not in e for e in rejected)


def test_switched_off_the_targeting_rule_refuses_nothing_on_the_chain(tmp_path):
    out = _replay(tmp_path, BREAKSPELL, {"huntik:704.1"})
    assert _rejected(out) == []
    assert out.engine.obj("Lok Lambert").exhausted  # A's own Breakspell was played


def test_vs_system_negation_on_a_recruited_equipment_names_negation(tmp_path):
    text = """\
game: vs-system
state:
  active: A
  phase: build
  A:
    hand: [Power Gauntlet]
    visible: [Henchman]
  B:
    hand: [Negation]
actions:
  - {player: A, recruit: Power Gauntlet, targets: [Henchman]}
  - {player: B, play: Negation, targets: [Power Gauntlet], try: true}
  - {pass: all}
"""
    rejected = _rejected(_replay(tmp_path, text))
    assert [(e.get("player"), e.get("refused_by_text")) for e in rejected] == [("B", "Negation")]
