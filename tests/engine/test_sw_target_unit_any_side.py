"""Star Wars TCG card data (review 43): "Tap -> Do 2 damage to target unit" (Force Zap Adept, Dark Side
Battlemaster) and "Pay 1 Force -> Do 1 damage to target unit" (Force Push Adept) name no side, so their
target is any unit, the user's own included. Cards meant for one side say so ("target Light Side unit",
"an opponent's unit"). A Pilot on a unit is still no unit (piloting-units-1/-3): "target unit" never
reaches it, on either side."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from .test_star_wars import events, run

SCENE = """
    state:
      active: light
      phase: battle
      light:
        force: 1
        character: [Force Zap Adept, Force Push Adept]
        space: [Rebel X-wing, {{card: Rebel Ace Pilot, attached_to: Rebel X-wing}}]
        ground: [Echo Base Troopers]
      dark:
        character: [Darth Vader]
    actions:
      - {{player: light, use: {user}, targets: [{target}], try: true}}
      - {{pass: all}}
"""


def _use(tmp_path, user: str, target: str):
    return run(tmp_path, SCENE.format(user=user, target=target))


@pytest.mark.parametrize("user, amount", [("Force Zap Adept", 2), ("Force Push Adept", 1)])
def test_own_unit_is_a_legal_target(tmp_path, user, amount):
    eng = _use(tmp_path, user, "Echo Base Troopers")
    assert not events(eng, "action_rejected")
    assert eng.obj("Echo Base Troopers").damage == amount


def test_the_opponents_unit_still_is(tmp_path):
    eng = _use(tmp_path, "Force Zap Adept", "Darth Vader")
    assert not events(eng, "action_rejected")
    assert eng.obj("Darth Vader").damage == 2


def test_own_pilot_on_a_unit_is_no_unit(tmp_path):
    # must not apply: "any unit" is still a unit -- a Pilot on a unit is part of it, not a unit
    eng = _use(tmp_path, "Force Zap Adept", "Rebel Ace Pilot")
    assert len(events(eng, "action_rejected")) == 1
    assert eng.obj("Rebel Ace Pilot").damage == 0
    assert not eng.obj("Force Zap Adept").exhausted


def test_the_cards_name_no_side():
    path = Path(__file__).resolve().parents[2] / "rules_corpus" / "star-wars-tcg" / "cards.yaml"
    cards = {c["name"]: c for c in yaml.safe_load(path.read_text())["cards"]}
    for name in ("Force Zap Adept", "Force Push Adept", "Dark Side Battlemaster"):
        card = cards[name]
        assert "target unit" in card["text"]
        action = [a for a in card["abilities"] if a["kind"] == "action"][0]
        assert [t["filter"] for t in action["targets"]] == ["is_unit(it)"]
