"""'You may do X for each Y' (Vs. System ``may_for_each``) is none or exactly one X per Y (Gin Genie's
FAQ: 'you either replace no resources or exactly three resources'): when the N repetitions cannot all be
done -- three X-Statix characters, two resources to replace -- none is done and nothing is asked; with
enough resources N is offered and done (blind round 18: the engine replaced two of three)."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENARIO = """\
#   (offer N only when the N repetitions can be done in full, as `may` does), not in Gin Genie's data.
game: vs-system
ruling: vs-system:ruling:gin-genie-beckah-parker
cites:
  - vs-system:ruling:gin-genie-beckah-parker
cards:
  - name: Statix Grunt
    type: character
    cost: 1
    traits: [X-Statix]
    stats: {atk: 1, def: 1}
    illustrative: true
    note: "a plain X-Statix character"
    text: ""
question: >
  I control Gin Genie and two other X-Statix characters, and only two resources. Gin Genie attacks and
  stuns my opponent's Syndicate Thug. How many resources may I replace?
answer: >
  "you either replace no resources or exactly three resources": I have only two, so I cannot replace
  exactly three -- I replace none. My resource row keeps its two Made Men and my deck is unchanged.
state:
  active: A
  initiative: A
  phase: combat
  A:
    visible: [Gin Genie, Statix Grunt, Statix Grunt]
    resource: [Made Men, Made Men]
    deck: [Henchman, Carrion, Luke Cage, Shang Chi]
    endurance: 20
  B:
    visible: [Syndicate Thug]
    endurance: 20
actions:
  - {player: A, attack: Syndicate Thug, with: [Gin Genie]}
  - {player: A, strike: attack}
  - {pass: all}
expect:
  - {event: stunned, card: Syndicate Thug, by: [Gin Genie]}
  - {zone: A.resource, cards: ["Made Men#1", "Made Men#2"], count: 2}
  - {zone: A.deck, cards: [Henchman, Carrion, Luke Cage, Shang Chi], count: 4}
"""


def _replay(tmp_path, text):
    f = tmp_path / "gin.yaml"
    f.write_text(text)
    return replay(load_fixture(f))


def test_fewer_resources_than_x_statix_replaces_none(tmp_path):
    out = _replay(tmp_path, SCENARIO)
    assert out.passed, (out.problems, out.error)
    events = [e["event"] for st in out.engine.trace for e in st.events]
    assert "may_not_possible" in events and "resource_replaced" not in events


def test_enough_resources_replaces_exactly_three(tmp_path):
    text = SCENARIO.replace("resource: [Made Men, Made Men]", "resource: [Made Men, Made Men, Made Men]")
    text = text.replace("{player: A, strike: attack}",
                        '{player: A, strike: attack, choose: [3, "Made Men#1", "Made Men#2"]}')
    text = text[:text.index("expect:")]
    out = _replay(tmp_path, text + "expect:\n  - {event: resource_replaced, count: 3}\n")
    assert out.passed, (out.problems, out.error)


def _one_of_three(tmp_path, picks: str):
    text = SCENARIO.replace("visible: [Gin Genie, Statix Grunt, Statix Grunt]", "visible: [Gin Genie]")
    text = text.replace("resource: [Made Men, Made Men]", "resource: [Made Men, Negation, Stand Down]")
    text = text.replace("{player: A, strike: attack}", "{player: A, strike: attack, choose: [1, %s]}" % picks)
    return _replay(tmp_path, text[:text.index("expect:")])  # no expect: the tests read the board


def test_the_resource_replaced_is_the_players_pick_each_time(tmp_path):
    """'replace a resource you control': any one, its controller's pick (blind round 30: the first listed
    was taken without asking)."""
    out = _one_of_three(tmp_path, "Stand Down")
    assert out.status == "replayed", out.error
    eng = out.engine
    assert eng.obj("Stand Down").zone == "deck" and eng.obj("Made Men").zone == "resource"
    assert eng.obj("Shang Chi").zone == "resource"  # the top card of the deck (listed last) took its place


def test_a_pick_that_is_no_resource_of_his_is_refused_by_the_cards_text(tmp_path):
    out = _one_of_three(tmp_path, '{try: Syndicate Thug}, Negation')
    assert out.status == "replayed", out.error
    rejected = [e for st in out.engine.trace for e in st.events if e["event"] == "choice_rejected"]
    assert [e.get("refused_by_text") for e in rejected] == ["Gin Genie, Beckah Parker"]
    assert out.engine.obj("Negation").zone == "deck"



def test_the_options_offered_are_none_or_exactly_n_and_a_number_between_is_refused_by_the_text(tmp_path):
    # blind round 33: the choice listed 0, 1, ..., N, then refused the counts between; now it offers 0 and N
    from pathlib import Path

    src = Path(__file__).resolve().parents[2] / "rulings" / "vs-system" / "triggers" / "gin-genie-two-x-statix.ruling.yaml"
    text = "game: vs-system\n" + src.read_text(encoding="utf-8")
    missing = tmp_path / "missing.ruling.yaml"
    missing.write_text(text.replace('choose: [{try: 1}, 2, "Henchman#1", "Henchman#2"]', "choose: []"), encoding="utf-8")
    out = replay(load_fixture(missing))
    assert out.error and "missing choice" in out.error and "options: 0, 2)" in out.error, out.error
    between = tmp_path / "between.ruling.yaml"
    between.write_text(text.replace('{try: 1}, 2', "1, 2"), encoding="utf-8")
    out = replay(load_fixture(between))
    assert out.error and "must be one of [0, 2], got 1" in out.error and "Gin Genie, Beckah Parker" in out.error, out.error
