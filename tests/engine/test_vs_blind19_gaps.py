"""Vs. System gaps blind round 19 found, kept as replayed scenarios (no rule of the corpus decides them:
as fixtures they would be unbroken, card text only): a step's `as:` name bound to nothing when the step
does nothing (Gravesite for a player with an empty hand; Suicide already returned when his own power
resolves) -- later steps read nothing instead of failing; 'comes into play with counters' applied to a
Vs. System card recruited or put into play (the core's entering modifiers), and Stilt-Man's trigger on it
(`it.counters`, how many counters of every kind); an 'any number' choice with nothing to choose from is
not asked."""
from __future__ import annotations

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENARIOS = {
    "blind19-gravesite-empty-handed-opponent": """\
game: vs-system
ruling: vs-system:ruling:gravesite
cites: [vs-system:ruling:gravesite]
question: >-
  Gravesite is face up in my resource row. B has no cards in his deck or hand. At the start of my draw
  phase, what happens?
answer: >-
  "each player draws a card, then discards a card. Each player who discards an Underworld character
  card this way gains 1 endurance." I draw Werewolf by Night and discard it (+1 endurance, 20 -> 21);
  B draws nothing and discards nothing, so he gains nothing (20). Then I draw my normal two cards
  (Blackout, Henchman).
state:
  active: A
  phase: wrapup
  A:
    endurance: 20
    resource: [Gravesite]
    deck: [Henchman, Blackout, Werewolf by Night]
  B:
    endurance: 20
actions:
  - {begin: turn, active: A}
  - {begin: draw}
  - {pass: all}
expect:
  - {card: Werewolf by Night, zone: A.kod}
  - {player: A, endurance: 21}
  - {player: B, endurance: 20}
  - {card: Blackout, zone: A.hand}
  - {card: Henchman, zone: A.hand}
""",
    "blind19-stilt-man-comes-into-play-with-counters": """\
game: vs-system
ruling: vs-system:errata:stilt-man-wilbur-day
cites: [vs-system:errata:stilt-man-wilbur-day, vs-system:212.5e]
question: >-
  I control Stilt-Man. B recruits Counter Kid ("Counter Kid comes into play with a +1 ATK / +1 DEF
  counter."). What are Counter Kid's and Stilt-Man's ATK?
answer: >-
  Counter Kid comes into play with its counter (1 -> 2 ATK). It is a character an opponent controls
  that "comes into play with one or more counters" and is not named Stilt-Man, so my Stilt-Man gets a
  +1 ATK / +1 DEF counter (3 -> 4 ATK).
cards:
  - name: Counter Kid
    type: character
    cost: 1
    stats: {atk: 1, def: 1}
    illustrative: true
    text: "Counter Kid comes into play with a +1 ATK / +1 DEF counter."
    abilities:
      - kind: continuous
        enters: {counters: {"+1/+1": 1}}
state:
  active: B
  phase: build
  A:
    visible: [Stilt-Man]
  B:
    hand: [Counter Kid]
actions:
  - {player: B, recruit: Counter Kid}
  - {pass: all}
expect:
  - {card: Counter Kid, counters: {"+1/+1": 1}, atk: 2}
  - {card: Stilt-Man, atk: 4, counters: {"+1/+1": 1}}
""",
    "blind19-suicide-already-returned-put-fails": """\
game: vs-system
ruling: vs-system:ruling:suicide-chris-daniels
cites: [vs-system:ruling:suicide-chris-daniels, vs-system:212.5e]
question: >-
  My Suicide is KO'd and his power goes on the chain. In response I play Grave Robbery on him and he
  comes back into my front row. Then his power resolves and I discard Werewolf by Night and Blackout
  for it. What happens?
answer: >-
  Grave Robbery put Suicide into play: the card in my KO'd pile that the power would "put into your
  front row" is no longer there, so that part does nothing; Suicide stays in my visible area (from
  Grave Robbery), and the two cards I chose to discard are in my KO'd pile.
state:
  active: A
  phase: build
  A:
    hand: [Grave Robbery, Werewolf by Night, Blackout]
    visible: [Suicide]
actions:
  - {player: A, effect: [{ko: Suicide}]}
  - {player: A, play: Grave Robbery, targets: [Suicide]}
  - {player: A, pass: all, choose: [yes, Werewolf by Night, Blackout]}
expect:
  - {card: Suicide, zone: A.visible}
  - {card: Werewolf by Night, zone: A.kod}
  - {card: Blackout, zone: A.kod}
  - {card: Grave Robbery, zone: A.kod}
""",
    "blind19-witching-hour-empty-kod-asks-empty-choice": """\
game: vs-system
ruling: vs-system:ruling:witching-hour
cites: [vs-system:ruling:witching-hour, vs-system:ruling:brother-voodoo-jericho-drumm]
question: >-
  I play Witching Hour with no cards in my KO'd pile. What happens?
answer: >-
  "Choose any number of Underworld character cards in your KO'd pile ..." -- "any number" can be
  zero, and with none in the pile zero is the only choice: Witching Hour resolves choosing nothing
  and goes to my KO'd pile.
state:
  active: A
  phase: build
  A:
    hand: [Witching Hour]
actions:
  - {player: A, play: Witching Hour}
  - {pass: all}
expect:
  - {card: Witching Hour, zone: A.kod}
""",
}


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_blind19_vs_scenario_passes(tmp_path, name):
    path = tmp_path / f"{name}.yaml"
    path.write_text(SCENARIOS[name], encoding="utf-8")
    out = replay(load_fixture(path))
    assert out.passed, (out.error, out.problems)
