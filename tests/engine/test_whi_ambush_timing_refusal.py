"""Warhammer: Invasion, keyword:ambush-x: 'After the Declare Attackers step and before the Declare Defenders
step, the defending player can pay the Ambush X value' -- an ambush by another player, or outside that step,
is refused naming the keyword (mechanic ``ambush``); the defending player's ambush in that step is not."""
from __future__ import annotations

from tests.engine.test_whi_terms import rid
from tests.engine.test_whi_zone_entry import _events, _run

AMBUSH = rid("keyword:ambush-x")

_TEXT = """
state:
  active: A
  phase: battlefield
  A:
    battlefield: [Savage Marauders, {card: Illustrative Ambusher, development: true}]
  B:
    battlefield: [{card: Illustrative Ambusher, development: true}]
    resources: 1
actions:
%s"""


def _rejected(eng):
    return _events(eng, "action_rejected")


def test_attacking_players_ambush_refused_naming_the_keyword(tmp_path):
    eng = _run(tmp_path, _TEXT % ('  - {player: A, attack: battlefield, with: [Savage Marauders]}\n'
                                  '  - {player: A, ambush: "Illustrative Ambusher#1", try: true}\n'))
    rej = _rejected(eng)
    assert len(rej) == 1 and AMBUSH in rej[0]["rejected_by"]


def test_ambush_before_the_attack_refused_naming_the_keyword(tmp_path):
    eng = _run(tmp_path, _TEXT % '  - {player: B, ambush: "Illustrative Ambusher#2", try: true}\n')
    rej = _rejected(eng)
    assert len(rej) == 1 and AMBUSH in rej[0]["rejected_by"]


def test_ambush_after_defenders_refused_naming_the_keyword(tmp_path):
    eng = _run(tmp_path, _TEXT % ('  - {player: A, attack: battlefield, with: [Savage Marauders]}\n'
                                  '  - {player: B, defend: []}\n'
                                  '  - {player: B, ambush: "Illustrative Ambusher#2", try: true}\n'))
    rej = _rejected(eng)
    assert len(rej) == 1 and AMBUSH in rej[0]["rejected_by"]


def test_defending_players_ambush_in_its_step_not_refused(tmp_path):
    # must not apply: the defending player, after attackers, before defenders
    eng = _run(tmp_path, _TEXT % ('  - {player: A, attack: battlefield, with: [Savage Marauders]}\n'
                                  '  - {player: B, ambush: "Illustrative Ambusher#2"}\n'))
    assert not _rejected(eng) and _events(eng, "ambushed")
