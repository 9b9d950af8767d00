"""Star Wars TCG: a triggered ability whose condition names units ("When another of your units in
the Ground arena is damaged") doesn't trigger when a Pilot on a unit is damaged -- the Pilot isn't a
unit (ruling piloting-units-1, -3). Found by a player scenario: the Rebel Guardian Team's trigger was
written without is_unit. Rule on, switched off, and where it must apply (a unit is damaged); and a
check over the card data that every trigger on a class of objects named 'units' asks is_unit."""
from __future__ import annotations

from pathlib import Path

import yaml

from .test_star_wars import events, rid, run

BODY = """
    ruling: star-wars-tcg:ruling:piloting-units-3
    cites: [star-wars-tcg:ruling:piloting-units-3]
    question: q
    answer: a
    state:
      active: dark
      phase: battle
      dark:
        hand: [HAND]
      light:
        ground: [Rebel Snowspeeder, {card: Rebel Evasion Pilot, attached_to: Rebel Snowspeeder}, Rebel Guardian Team, Rebel Trooper Squad]
    actions:
      - {player: dark, play: HAND, targets: [TARGET]}
      - {pass: all}
"""


def _guardian_triggers(tmp_path, hand, target, ablate=None) -> int:
    eng = run(tmp_path, BODY.replace("HAND", hand).replace("TARGET", target), ablate)
    # a prevention trigger is logged 'held' until the next chance to prevent damage to its unit
    found = events(eng, "triggered") + events(eng, "held")
    return sum(1 for e in found if e.get("source") == "Rebel Guardian Team")


def test_damaged_pilot_does_not_trigger_a_units_ability(tmp_path):
    assert _guardian_triggers(tmp_path, "Sniper Shot", "Rebel Evasion Pilot") == 0


def test_damaged_unit_triggers_it(tmp_path):
    """Where the ability must trigger: the Trooper Squad is a unit and is damaged."""
    assert _guardian_triggers(tmp_path, "Precision Strike", "Rebel Trooper Squad") == 1


def test_pilot_counts_as_a_unit_with_the_rule_off(tmp_path):
    assert _guardian_triggers(tmp_path, "Sniper Shot", "Rebel Evasion Pilot", {rid("ruling:piloting-units-1")}) == 1


def test_unit_class_triggers_ask_is_unit():
    """A trigger watching a class of objects (``event.obj.controller`` / ``.zone``) on a card whose
    text names units must ask ``is_unit(event.obj)``: else a Pilot on a unit sets it off."""
    path = Path(__file__).resolve().parents[2] / "rules_corpus" / "star-wars-tcg" / "cards.yaml"
    missing = []
    for card in yaml.safe_load(path.read_text())["cards"]:
        for ab in card.get("abilities") or []:
            on = ab.get("on") or ab.get(True) or {}  # plain yaml.safe_load reads the key `on:` as True
            flt = (on.get("filter") or "") if ab.get("kind") == "trigger" else ""
            watches_class = "event.obj.controller" in flt or "event.obj.zone" in flt
            if watches_class and "units" in card.get("text", "") and "is_unit(event.obj)" not in flt:
                missing.append(card["name"])
    assert missing == []
