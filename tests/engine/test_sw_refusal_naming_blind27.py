"""Star Wars TCG, blind round 27: refusals that are right must name the rule (or the card's text) that
refuses them, on every path of the check.

* a Retaliate of a unit the attack is not on (keyword:retaliate: "If a unit ... is attacking this unit"),
  in the attacked unit's arena or another one;
* an Intercept of a unit in another arena (keyword:intercept: "one of your units in the same arena");
* a Lucky not offered in the reroll chance -- used already, or a unit outside the attack
  (faq:reroll-dice, mechanic lucky);
* a tapped Pilot retreating, alone or with its unit (clarification:pilots-during-the-retreat-step;
  a tapped unit names no rule: the clarification's 'off' refuses it all the same);
* a Deflect sent outside 'another unit in its arena' (the card's own text: Deflect has no keyword entry).
Each: where it applies, where it must not (the legal choice is taken; a refusal no rule decides names
none), and the rule switched off (the refusal no longer names it)."""
from __future__ import annotations

import textwrap

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

from .test_star_wars import events, rid, run
from .test_sw_partial_pilot_and_upkeep_refusal import scenario


def rejections(eng, kind: str = "choice_rejected") -> list[dict]:
    return events(eng, kind)


def lenient(tmp_path, body: str, ablate: set[str]):
    """Replay as the ablation report does: scripted choices the rules no longer ask are ignored."""
    folder = tmp_path / "rulings" / "star-wars-tcg" / "unit"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "scenario.ruling.yaml"
    path.write_text(textwrap.dedent(body))
    out = replay(load_fixture(path), ablate, lenient=True)
    assert out.error is None, out.error
    return out.engine


# -- Retaliate of a unit not attacked -----------------------------------------------------------------
def retaliate(choices: str) -> str:
    return scenario("keyword:retaliate", f"""
    state:
      active: light
      phase: battle
      dice: [5, 5, 4, 4]
      dark:
        force: 3
        space: [Imperial Guard Frigate, Imperial Guard Frigate]
        character: [Imperial Bounty Enforcer]
      light:
        space: [Rebel X-wing]
    actions:
      - {{player: dark, choose: [{choices}]}}
      - {{player: light, attack: Rebel X-wing, to: "Imperial Guard Frigate#1"}}
""")


def test_retaliate_of_a_unit_not_attacked_names_retaliate(tmp_path):
    eng = run(tmp_path, retaliate('{try: "retaliate Imperial Guard Frigate#2"}, "retaliate Imperial Guard Frigate#1", pass'))
    (rej,) = rejections(eng)
    assert rej["choice"] == "retaliate Imperial Guard Frigate#2"
    assert rej["rejected_by"] == [rid("keyword:retaliate")]
    assert eng.player_attr("dark", "force") == 2 and eng.obj("Rebel X-wing").damage == 1


def test_retaliate_of_a_unit_in_another_arena_names_retaliate(tmp_path):
    # the Bounty Enforcer (Character arena) is no unit the X-wing attacks: offered among the player's
    # units, refused by the keyword's condition rather than as a misspelt option
    eng = run(tmp_path, retaliate('{try: "retaliate Imperial Bounty Enforcer"}, pass, "no"'))
    (rej,) = rejections(eng)
    assert rej["rejected_by"] == [rid("keyword:retaliate")]
    assert eng.player_attr("dark", "force") == 3


def test_retaliate_of_the_attacked_unit_is_taken(tmp_path):
    eng = run(tmp_path, retaliate('"retaliate Imperial Guard Frigate#1", pass'))
    assert not rejections(eng)
    assert [e["card"] for e in events(eng, "retaliate_used")] == ["Imperial Guard Frigate#1"]
    assert eng.obj("Rebel X-wing").damage == 1


def test_retaliate_off_the_refusal_names_no_rule(tmp_path):
    eng = run(tmp_path, retaliate('{try: "retaliate Imperial Guard Frigate#2"}, "retaliate Imperial Guard Frigate#1", pass'),
              {rid("keyword:retaliate")})
    (rej,) = rejections(eng)
    assert "rejected_by" not in rej
    assert eng.obj("Rebel X-wing").damage == 0  # Retaliate does nothing


# -- Intercept from another arena ---------------------------------------------------------------------
def intercept(choices: str) -> str:
    return scenario("keyword:intercept", f"""
    state:
      active: dark
      phase: battle
      dice: [5, 5, 5]
      dark:
        ground: [Droid Tank]
      light:
        force: 2
        space: [Rebel Escort X-wing]
        ground: [Rebel Defense Squad, Rebel Guard Squad]
    actions:
      - {{player: light, choose: [{choices}]}}
      - {{player: dark, attack: Droid Tank, to: Rebel Defense Squad}}
""")


def test_intercept_from_another_arena_names_intercept(tmp_path):
    eng = run(tmp_path, intercept("{try: intercept Rebel Escort X-wing}, intercept Rebel Guard Squad"))
    (rej,) = rejections(eng)
    assert rej["rejected_by"] == [rid("keyword:intercept")]
    assert "arena" in rej["reason"]
    assert eng.player_attr("light", "force") == 1 and eng.obj("Rebel Guard Squad").damage == 3


def test_intercept_from_the_same_arena_is_taken(tmp_path):
    eng = run(tmp_path, intercept("intercept Rebel Guard Squad"))
    assert not rejections(eng)
    assert [e["defender"] for e in events(eng, "defender_changed")] == ["Rebel Guard Squad"]


def test_intercept_off_the_refusal_names_no_rule(tmp_path):
    eng = run(tmp_path, intercept("{try: intercept Rebel Escort X-wing}, intercept Rebel Guard Squad"),
              {rid("keyword:intercept")})
    (rej,) = rejections(eng)
    assert "rejected_by" not in rej
    assert eng.obj("Rebel Defense Squad").damage == 3  # the attack did not move


# -- Lucky not offered in the reroll chance -----------------------------------------------------------
def lucky(choices: str, ground: str = '"Anakin\'s Podracer (A)"') -> str:
    return scenario("faq:reroll-dice", f"""
    state:
      active: dark
      phase: battle
      dice: [5, 5, 5, 1]
      dark:
        ground: [Droid Tank]
      light:
        hand: [Rebel Second Chance]
        ground: [{ground}]
    actions:
      - {{player: light, choose: [{choices}]}}
      - {{player: dark, attack: Droid Tank, to: "Anakin's Podracer (A)"}}
""")


PODRACER = '"Anakin\'s Podracer (A)"'


def test_a_second_use_of_one_lucky_names_the_reroll_faq(tmp_path):
    eng = run(tmp_path, lucky(f"{PODRACER}, die 1, {{try: {PODRACER}}}, pass"))
    (rej,) = rejections(eng)
    assert rej["rejected_by"] == [rid("faq:reroll-dice")]
    assert len(events(eng, "die_rerolled")) == 1 and eng.obj("Anakin's Podracer (A)").damage == 2


def test_lucky_of_a_unit_outside_the_attack_names_the_reroll_faq(tmp_path):
    eng = run(tmp_path, lucky("{try: Gungan Lucky Squad}, pass", ground=f"{PODRACER}, Gungan Lucky Squad"))
    (rej,) = rejections(eng)
    assert rej["choice"] == "Gungan Lucky Squad" and rej["rejected_by"] == [rid("faq:reroll-dice")]
    assert not events(eng, "die_rerolled")


def test_lucky_first_use_taken_a_card_without_lucky_names_nothing(tmp_path):
    # the Droid Tank has no Lucky: no Lucky rule keeps it out of the options, so none is named
    eng = run(tmp_path, lucky(f"{{try: Droid Tank}}, {PODRACER}, die 1, pass"))
    (rej,) = rejections(eng)
    assert rej["choice"] == "Droid Tank" and "rejected_by" not in rej
    assert [e["card"] for e in events(eng, "lucky_used")] == ["Anakin's Podracer (A)"]


def test_lucky_off_no_lucky_is_used_or_named(tmp_path):
    off = lenient(tmp_path, lucky(f"{PODRACER}, die 1, {{try: {PODRACER}}}, pass"), {rid("faq:reroll-dice")})
    assert not events(off, "lucky_used") and not events(off, "die_rerolled")
    assert not any(rid("faq:reroll-dice") in e.get("rejected_by", ()) for e in rejections(off))
    assert [e["amount"] for e in events(off, "damage_dealt")] == [3]  # no die rerolled: 3 hits


# -- a tapped Pilot retreating ------------------------------------------------------------------------
def retreat(what: str, pilot_tapped: bool = True, unit_tapped: bool = False) -> str:
    return scenario("clarification:pilots-during-the-retreat-step", f"""
    state:
      active: light
      phase: retreat
      light:
        space:
          - {{card: Rebel X-wing, exhausted: {str(unit_tapped).lower()}}}
          - {{card: Rebel Ace Pilot, attached_to: Rebel X-wing, exhausted: {str(pilot_tapped).lower()}}}
          - {{card: Rebel Y-wing, exhausted: true}}
    actions:
      - {{player: light, retreat: {what}, try: true}}
""")


RETREAT = rid("clarification:pilots-during-the-retreat-step")


def test_a_tapped_pilot_retreating_alone_names_the_clarification(tmp_path):
    eng = run(tmp_path, retreat("Rebel Ace Pilot"))
    (rej,) = rejections(eng, "action_rejected")
    assert rej["rejected_by"] == [RETREAT]
    assert eng.obj("Rebel Ace Pilot").zone == "space" and not events(eng, "retreated")


def test_a_tapped_pilot_with_its_unit_names_the_clarification(tmp_path):
    # the same clarification's other path: the unit retreating with its tapped Pilot
    eng = run(tmp_path, retreat("Rebel X-wing"))
    (rej,) = rejections(eng, "action_rejected")
    assert rej["rejected_by"] == [RETREAT]


def test_untapped_pilot_retreats_alone_a_tapped_unit_names_nothing(tmp_path):
    eng = run(tmp_path, retreat("Rebel Ace Pilot", pilot_tapped=False))
    assert not rejections(eng, "action_rejected") and events(eng, "retreated")
    assert eng.obj("Rebel Ace Pilot").zone == "build" and eng.obj("Rebel Ace Pilot").exhausted
    # a tapped unit (with or without a Pilot): the clarification's "off" (only the unit needs to be
    # untapped) refuses it all the same, so it names no rule
    for i, unit in enumerate(("Rebel Y-wing", "Rebel X-wing")):
        eng = run(tmp_path / str(i), retreat(unit, pilot_tapped=False, unit_tapped=True))
        (rej,) = rejections(eng, "action_rejected")
        assert "rejected_by" not in rej


def test_retreat_clarification_off_a_pilot_does_not_retreat_alone(tmp_path):
    # the clarification is the only text that lets a Pilot retreat without its unit: off, only units retreat
    # (tapped or not), and the refusal names no rule (the rule that would allow it is off)
    for tapped in (True, False):
        eng = run(tmp_path / str(tapped), retreat("Rebel Ace Pilot", pilot_tapped=tapped), {RETREAT})
        rej = rejections(eng, "action_rejected")
        assert rej and all("rejected_by" not in r for r in rej)
        assert eng.obj("Rebel Ace Pilot").zone == "space" and eng.obj("Rebel X-wing").zone == "space"


# -- Deflect outside 'another unit in its arena' ------------------------------------------------------
def deflect(tried: str, to: str | None = "Battle Droid Platoon") -> str:
    then = f", {to}" if to else ""
    return scenario("ruling:piloting-units-3", f"""
    state:
      active: dark
      phase: battle
      dice: [5, 5]
      dark:
        space: [TIE Fighter]
        ground: [Imperial Stun Squad, Battle Droid Platoon, AT-AT Assault Group,
                 {{card: General Maximilian Veers (A), attached_to: AT-AT Assault Group}}]
      light:
        force: 1
        ground: [Rebel Shield Squad]
    actions:
      - {{player: light, choose: [deflect Rebel Shield Squad, {{try: {tried}}}{then}]}}
      - {{player: dark, attack: Imperial Stun Squad, to: Rebel Shield Squad}}
""")


def test_deflect_to_another_arena_or_itself_names_the_cards_text(tmp_path):
    for i, tried in enumerate(("TIE Fighter", "Rebel Shield Squad")):
        eng = run(tmp_path / str(i), deflect(tried))
        (rej,) = rejections(eng)
        assert rej["choice"] == tried and rej["refused_by_text"] == "Rebel Shield Squad"
        assert "rejected_by" not in rej
        assert eng.obj("Battle Droid Platoon").damage == 2 and eng.obj(tried).damage == 0


def test_deflect_to_a_pilot_names_the_pilot_rule_not_the_text(tmp_path):
    eng = run(tmp_path, deflect("General Maximilian Veers (A)"))
    (rej,) = rejections(eng)
    assert rej["rejected_by"] and "refused_by_text" not in rej


def test_pilot_rule_off_the_pilot_is_a_unit_to_deflect_to(tmp_path):
    # the text's 'another unit in its arena' allows a unit there: only the Pilot rule kept Veers out
    eng = run(tmp_path, deflect("General Maximilian Veers (A)", to=None), {rid("ruling:piloting-units-3")})
    assert not rejections(eng)
    assert eng.obj("General Maximilian Veers (A)").damage == 2
