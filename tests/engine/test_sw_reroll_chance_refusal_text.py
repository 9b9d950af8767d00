"""A card tried in the chance to reroll dice that the chance does not offer is refused by its own text
where that text keeps it out (timing.chance_refusing_text): a Battle card played in a chance to prevent
damage, an activated ability whose 'Pay 1 Force' cannot be paid; not where no card's text does (a card
that is not in the player's hand)."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

PREVENT_CARD = """\
game: star-wars-tcg
state:
  active: dark
  phase: battle
  dice: [5, 5, 2, 1]
  dark:
    ground: [Droid Tank]
  light:
    hand: [Rebel Shield Boost, Rebel Lucky Break]
    ground: [Echo Base Troopers]
actions:
  - {player: light, choose: [{try: TRIED}, pass, pass]}
  - {player: dark, attack: Droid Tank, targets: [Echo Base Troopers]}
"""

OFFICER = """\
game: star-wars-tcg
state:
  active: light
  phase: battle
  dice: [1, 1, 5, 5, 1]
  light:
    ground: [Gungan Lucky Squad]
  dark:
    ground: [Lucky Probe Droid]
    character: [Imperial Gunnery Officer]
    force: FORCE
actions:
  - {player: dark, choose: [pass, {try: reroll Imperial Gunnery Officer}, pass]}
  - {player: light, attack: Gungan Lucky Squad, to: Lucky Probe Droid, choose: [Gungan Lucky Squad]}
"""


def _rejections(tmp_path, text):
    path = tmp_path / "probe.yaml"
    path.write_text(text, encoding="utf-8")
    out = replay(load_fixture(path), lenient=True)
    assert out.engine is not None, out.status
    return [(e["choice"], e.get("refused_by_text"), e.get("rejected_by")) for e in out.engine.events
            if e["event"] == "choice_rejected"]


def test_a_battle_card_of_the_chance_to_prevent_damage_is_refused_by_its_text(tmp_path):
    assert _rejections(tmp_path, PREVENT_CARD.replace("TRIED", "Rebel Shield Boost")) == [
        ("Rebel Shield Boost", "Rebel Shield Boost", None)]


def test_a_card_not_in_the_hand_names_no_text(tmp_path):
    """Rebel Second Chance is not among the player's cards at all: nothing of its text refuses it."""
    assert _rejections(tmp_path, PREVENT_CARD.replace("TRIED", "Rebel Second Chance")) == [
        ("Rebel Second Chance", None, None)]


def test_an_ability_whose_force_cost_cannot_be_paid_is_refused_by_its_text(tmp_path):
    assert _rejections(tmp_path, OFFICER.replace("FORCE", "0")) == [
        ("reroll Imperial Gunnery Officer", "Imperial Gunnery Officer", None)]


def test_with_the_force_to_pay_the_ability_is_offered(tmp_path):
    assert _rejections(tmp_path, OFFICER.replace("FORCE", "1")) == []
