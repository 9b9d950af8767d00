"""Warhammer: Invasion fixture state, ``questing:`` naming the quest a unit quests on (game
``object_flag_cards``; schema._check_flag_cards, replay.build_engine): a zone holding two quests can say
which one each unit quests on; ``true`` keeps meaning the zone's quest (with two, the one listed before the
unit that has no quester yet: quests.assign_listed_questers); a label that is not a quest of that zone is a
load error naming the file and line."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.errors import BadInputError
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

HEAD = """game: warhammer-invasion
ruling: warhammer-invasion:clarification:quests
cites: [warhammer-invasion:clarification:quests]
question: q
answer: a
state:
  active: B
  phase: capital
  A:
    quest:
      - {card: Illustrative Quest, counters: {resource: 2}}
      - {card: Illustrative Quest, counters: {resource: 3}}
"""
TAIL = """  B:
    hand: [Flames of Tzeentch]
    resources: 1
actions:
  - {player: B, play: Flames of Tzeentch, x: 1, targets: [Rat Swarm]}
  - {pass: all}
"""


def _fixture(tmp_path: Path, questers: str, extra: str = "") -> Path:
    p = tmp_path / "q.yaml"
    p.write_text(HEAD + questers + extra + TAIL)
    return p


def _tokens_after_swarm_destroyed(tmp_path, swarm, zealot):
    """Rat Swarm and Dark Zealot quest in A's quest zone beside the two quests; Flames destroys the Swarm:
    the quest it quested on loses its tokens, the Zealot's keeps them."""
    path = _fixture(tmp_path, f"      - {{card: Rat Swarm, questing: {swarm}}}\n"
                              f"      - {{card: Dark Zealot, questing: {zealot}}}\n")
    out = replay(load_fixture(path, known_ids=None))
    assert out.status != "error", out.error
    eng = out.engine
    assert eng.obj("Rat Swarm").where == "A.discard"
    return [eng.obj(f"Illustrative Quest#{k}").counters.get("resource", 0) for k in (1, 2)]


def test_label_names_the_quest(tmp_path):
    assert _tokens_after_swarm_destroyed(tmp_path, '"Illustrative Quest#1"', '"Illustrative Quest#2"') == [0, 3]
    assert _tokens_after_swarm_destroyed(tmp_path, '"Illustrative Quest#2"', '"Illustrative Quest#1"') == [2, 0]


def test_true_keeps_the_listing_order(tmp_path):
    # each unit listed questing: true takes the free quest listed before it (the second quest for the first
    # unit listed after both), so the Swarm's is quest #2
    assert _tokens_after_swarm_destroyed(tmp_path, "true", "true") == [2, 0]
    # a labelled quester's quest is taken: the other unit's true means the quest left
    assert _tokens_after_swarm_destroyed(tmp_path, "true", '"Illustrative Quest#2"') == [0, 3]


def test_unique_quest_answers_to_its_name_and_name_hash_one(tmp_path):
    for value in ('"Illustrative Quest"', '"Illustrative Quest#1"'):
        p = tmp_path / "one.yaml"
        p.write_text(HEAD.split("      - {card: Illustrative Quest, counters: {resource: 3}}\n")[0]
                     + f"      - {{card: Rat Swarm, questing: {value}}}\n" + TAIL)
        eng = replay(load_fixture(p, known_ids=None)).engine
        assert eng.obj("Illustrative Quest").counters.get("resource", 0) == 0


def _load_error(path) -> BadInputError:
    with pytest.raises(BadInputError) as info:
        load_fixture(path, known_ids=None)
    return info.value


def test_label_not_a_quest_of_the_zone_is_a_load_error(tmp_path):
    err = _load_error(_fixture(tmp_path, '      - {card: Rat Swarm, questing: "Dark Zealot"}\n'
                                         "      - Dark Zealot\n"))
    assert err.path.endswith("q.yaml") and err.line == 13
    assert "'Dark Zealot', which is not a quest in A's quest zone" in str(err)
    assert "Illustrative Quest#1, Illustrative Quest#2" in str(err)


def test_quest_in_another_zone_is_a_load_error(tmp_path):
    err = _load_error(_fixture(tmp_path, '      - {card: Rat Swarm, questing: "Far Quest"}\n',
                               "    kingdom:\n      - {card: Illustrative Quest, label: Far Quest}\n"))
    assert err.line == 13 and "'Far Quest', which is not a quest in A's quest zone" in str(err)


def test_other_types_still_refused(tmp_path):
    err = _load_error(_fixture(tmp_path, "      - {card: Rat Swarm, questing: 2}\n"))
    assert "card field 'questing' must be true, false or the label of a quest in its zone" in str(err)
