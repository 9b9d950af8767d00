"""One object chosen as two targets of one ability (core distinct_targets). Where the game binds no rule
for it (Star Wars: the blog states none), only a card's own "another target" forbids it -- its data's target
description excludes the earlier target (Twin Strike: filter "is_unit(it) and it != first") -- so the
refusal names that card (refused_by_text: Twin Strike, "... Then do 3 damage to another target unit.").
Where it must not: a card whose description does not exclude it is refused naming no card (the core's
default, no text of the game states it); in a game that binds a rule for it (Warhammer's FAQ) the rule
refuses, not the card, and switched off the same unit fills both targets."""
from __future__ import annotations

import textwrap

from judge.engine.rules import rule_id
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay


def _run(tmp_path, game: str, body: str, ablate=frozenset()):
    folder = tmp_path / "rulings" / game / "unit"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "scenario.ruling.yaml"
    path.write_text(textwrap.dedent(body))
    out = replay(load_fixture(path), set(ablate))
    assert out.error is None, out.error
    return out.engine


def _rejections(eng) -> list[dict]:
    return [e for e in eng.events if e["event"] == "action_rejected"]


SW = """
    ruling: star-wars-tcg:ruling:abilities-and-battle-cards-with-multiple-2
    cites: [star-wars-tcg:ruling:abilities-and-battle-cards-with-multiple-2]
    question: q
    answer: a
    cards:
      - name: Double Volley
        type: battle
        faction: dark
        illustrative: true
        text: "Do 1 damage to target unit. Then do 1 damage to target unit."
        abilities:
          - kind: play
            targets:
              - {name: first, filter: "is_unit(it)"}
              - {name: second, filter: "is_unit(it)"}
            steps:
              - {damage: first, amount: 1}
              - {damage: second, amount: 1}
    state:
      active: dark
      phase: battle
      light:
        ground: [Rebel Defense Squad, Echo Base Troopers]
      dark:
        hand: [%s]
    actions:
      - {player: dark, play: %s, targets: [Rebel Defense Squad, Rebel Defense Squad], try: true}
"""


def test_star_wars_another_target_names_the_cards_text(tmp_path):
    eng = _run(tmp_path, "star-wars-tcg", SW % ("Twin Strike", "Twin Strike"))
    (rej,) = _rejections(eng)
    assert rej.get("refused_by_text") == "Twin Strike" and not rej.get("rejected_by")


def test_star_wars_a_card_without_another_names_no_text(tmp_path):
    eng = _run(tmp_path, "star-wars-tcg", SW % ("Double Volley", "Double Volley"))
    (rej,) = _rejections(eng)
    assert "two targets" in rej["reason"] and not rej.get("refused_by_text") and not rej.get("rejected_by")


def test_star_wars_two_different_units_are_not_refused(tmp_path):
    body = (SW % ("Twin Strike", "Twin Strike")).replace("[Rebel Defense Squad, Rebel Defense Squad], try: true",
                                                         "[Rebel Defense Squad, Echo Base Troopers]")
    eng = _run(tmp_path, "star-wars-tcg", body + "      - {pass: all}\n")
    assert not _rejections(eng)
    assert eng.obj("Rebel Defense Squad").damage == 2
    assert eng.obj("Echo Base Troopers").zone == "discard"  # health 3: its 3 damage discards it


WHI_RULE = "faq:three-valid-targets-plague-bomb-order-play-card"
WHI = """
    ruling: warhammer-invasion:%s
    cites: [warhammer-invasion:%s]
    question: q
    answer: a
    state:
      active: A
      phase: capital
      A:
        battlefield: [{card: Hag Queen, damage: 2}]
        hand: [Illustrative Transfusion]
      B:
        battlefield: [Rat Swarm]
    actions:
      - {player: A, play: Illustrative Transfusion, targets: [Hag Queen, Hag Queen], try: true}
""" % (WHI_RULE, WHI_RULE)


def test_warhammer_binds_a_rule_for_it_which_refuses_not_the_card(tmp_path):
    eng = _run(tmp_path, "warhammer-invasion", WHI)
    (rej,) = _rejections(eng)
    assert rule_id("warhammer-invasion", WHI_RULE) in rej["rejected_by"] and not rej.get("refused_by_text")


def test_warhammer_rule_off_the_same_unit_fills_both_targets(tmp_path):
    eng = _run(tmp_path, "warhammer-invasion", WHI, {rule_id("warhammer-invasion", WHI_RULE)})
    assert not _rejections(eng)
