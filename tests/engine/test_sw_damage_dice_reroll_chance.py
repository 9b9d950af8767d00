"""Star Wars TCG, abilities-and-battle-cards-with-multiple-2 (mechanic chances_mid_effect): an
ability or Battle card that rolls dice (dice of damage: Orbital Barrage, Retaliate) has its chance to
reroll them, in the middle of its instructions: a Battle card that rerolls dice may be played there.
Where it must not apply: a card that rerolls attack dice only ('Reroll one attack die', still played
on attack dice), Lucky (for attack dice), the rule switched off."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

from .test_star_wars import events, rid, run

BARRAGE = """
    ruling: star-wars-tcg:ruling:abilities-and-battle-cards-with-multiple-2
    cites: [star-wars-tcg:ruling:abilities-and-battle-cards-with-multiple-2]
    question: q
    answer: a
    state:
      active: dark
      phase: battle
      dice: [5, 5, 1, 2]
      dark:
        hand: [Orbital Barrage]
      light:
        ground: [Echo Base Troopers, Gungan Lucky Squad]
        hand: [{card}]
    actions:
      - {{player: light, choose: [{choice}]}}
      - {{player: dark, play: Orbital Barrage, targets: [Echo Base Troopers]}}
      - {{pass: all}}
"""


def test_a_battle_card_rerolls_a_barrage_die(tmp_path):
    eng = run(tmp_path, BARRAGE.format(card="Rebel Lucky Break", choice="Rebel Lucky Break, die 1"))
    assert [(e["old"], e["new"]) for e in events(eng, "die_rerolled")] == [(5, 2)]
    assert eng.obj("Echo Base Troopers").damage == 2  # one hit, then 1 more in the second part
    assert not events(eng, "lucky_used")  # the Squad's Lucky is for attack dice


def test_an_attack_die_card_is_not_offered_for_barrage_dice(tmp_path):
    eng = run(tmp_path, BARRAGE.format(card="Rebel Second Chance, Rebel Lucky Break",
                                       choice="{try: Rebel Second Chance}, pass"))
    assert len(events(eng, "choice_rejected")) == 1 and not events(eng, "die_rerolled")
    assert eng.obj("Echo Base Troopers").zone == "discard"  # 2 hits + 1


def test_switched_off_no_reroll_chance_in_the_barrage(tmp_path):
    path = tmp_path / "rulings" / "star-wars-tcg" / "unit"
    path.mkdir(parents=True)
    (path / "s.ruling.yaml").write_text(BARRAGE.format(card="Rebel Lucky Break", choice="Rebel Lucky Break, die 1"))
    out = replay(load_fixture(path / "s.ruling.yaml"),
                 {rid("ruling:abilities-and-battle-cards-with-multiple-2")}, lenient=True)
    assert not events(out.engine, "die_rerolled")


def test_an_attack_die_card_still_rerolls_attack_dice(tmp_path):
    eng = run(tmp_path, """
    ruling: star-wars-tcg:faq:reroll-dice
    cites: [star-wars-tcg:faq:reroll-dice]
    question: q
    answer: a
    state:
      active: dark
      phase: battle
      dice: [5, 5, 2]
      dark:
        ground: [Battle Droid Platoon]
      light:
        ground: [Echo Base Troopers]
        hand: [Rebel Second Chance]
    actions:
      - {player: light, choose: [Rebel Second Chance, die 1]}
      - {player: dark, attack: Battle Droid Platoon, targets: [Echo Base Troopers]}
""")
    assert [(e["old"], e["new"]) for e in events(eng, "die_rerolled")] == [(5, 2)]
    assert eng.obj("Echo Base Troopers").damage == 1


def test_a_battle_card_rerolls_a_retaliate_die(tmp_path):
    eng = run(tmp_path, """
    ruling: star-wars-tcg:keyword:retaliate
    cites: [star-wars-tcg:keyword:retaliate]
    question: q
    answer: a
    state:
      active: dark
      phase: battle
      dice: [1, 1, 1, 1, 5, 1, 6]
      dark:
        character: [Darth Vader]
      light:
        force: 1
        character: [Luke Skywalker (F)]
        hand: [Rebel Lucky Break]
    actions:
      - {player: light, choose: [pass, "yes", Rebel Lucky Break, die 2]}
      - {player: dark, attack: Darth Vader, targets: [Luke Skywalker (F)]}
""")
    assert [(e["old"], e["new"]) for e in events(eng, "die_rerolled")] == [(1, 6)]
    assert eng.obj("Darth Vader").damage == 2
