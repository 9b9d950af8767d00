"""Star Wars TCG, the Pilot rules of blind round 30:

* pilots-4 (mechanic pilot_text_only_on_unit): "Each Pilot also gives one or more bonuses or abilities to
  the unit. These are listed after or below 'Pilot.' None of the abilities after or below 'Pilot' work if
  the Pilot is in the Character arena" -- the Pilot text (pilots.pilot_text: an always-on ability reaching
  ``piloted(this)``) gives the unit arrow abilities too (``grant_powers``); in the Character arena they are
  refused, on a unit they are the unit's (Rebel Gunship Pilot's arrows, General Maximilian Veers (A)'s
  trigger, whose source is the Walker);
* piloting-units-7 (pilot_unit_abilities): a Pilot's own ability that acts on 'this unit' does not apply
  on a unit, however its data is written (``target: this``, ``applies_to: "it == this"`` ...);
* piloting-units-1 / -3 (pilot_not_unit): a Pilot on a unit is no unit -- its own Evade / Deflect
  ("prevent N damage done to this unit") are not offered for damage done to it (damage._own_shields),
  the one answer pilots.not_a_unit.
Each with the rule applying, not applying, and switched off."""
from __future__ import annotations

from judge.games.star_wars_tcg.pilots import _affects_this_unit, pilot_text
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

from .test_star_wars import events, rid, run

HEAD = """
    ruling: star-wars-tcg:ruling:pilots-4
    cites: [star-wars-tcg:ruling:pilots-4]
    question: q
    answer: a
"""


def _rejected(eng, rule: str) -> int:
    return sum(1 for e in events(eng, "action_rejected") if rid(rule) in (e.get("rejected_by") or []))


# -- pilots-4: the abilities after 'Pilot' ---------------------------------------------------------------

GUNSHIP = HEAD + """
    state:
      phase: battle
      active: light
      light:
        force: 3
        @WHERE@
      dark:
        character: [Darth Vader]
    actions:
      - {player: light, use: Rebel Gunship Pilot, ability: snipe, targets: [Darth Vader], try: true}
      - {player: light, use: Rebel Gunship Pilot, ability: boost, try: true}
      - {pass: all}
"""
CHAR_ARENA = "character: [Rebel Gunship Pilot]"
ON_XWING = "space: [Rebel X-wing, {card: Rebel Gunship Pilot, attached_to: Rebel X-wing}]"


def test_after_pilot_arrows_refused_in_the_character_arena(tmp_path):
    eng = run(tmp_path, GUNSHIP.replace("@WHERE@", CHAR_ARENA))
    assert _rejected(eng, "ruling:pilots-4") == 2
    assert eng.state.player_data["light"]["force"] == 3
    assert eng.obj("Darth Vader").damage == 0
    assert eng.obj_attr(eng.obj("Rebel Gunship Pilot"), "power") == 2
    # the card's data says which abilities are its Pilot text: the one reaching piloted(this)
    assert [bool(ab.get("grant_powers")) for ab in pilot_text(eng.obj("Rebel Gunship Pilot").card)] == [True]


def test_after_pilot_arrows_work_with_pilots_4_off(tmp_path):
    # off: a Pilot in the Character arena has its own Pilot text (piloted() is the Pilot itself)
    eng = run(tmp_path, GUNSHIP.replace("@WHERE@", CHAR_ARENA), {rid("ruling:pilots-4")})
    assert _rejected(eng, "ruling:pilots-4") == 0
    assert eng.state.player_data["light"]["force"] == 1
    assert eng.obj("Darth Vader").damage == 1
    assert eng.obj_attr(eng.obj("Rebel Gunship Pilot"), "power") == 2 + 1 + 2


def test_after_pilot_arrows_are_the_units_on_a_unit(tmp_path):
    # on the X-wing both are the unit's: 'This unit gets +2 power' is the X-wing's (not refused by
    # piloting-units-7: the ability is no Pilot's), the damage is the X-wing's
    eng = run(tmp_path, GUNSHIP.replace("@WHERE@", ON_XWING))
    assert not events(eng, "action_rejected")
    assert eng.state.player_data["light"]["force"] == 1
    assert eng.obj("Darth Vader").damage == 1
    assert eng.obj_attr(eng.obj("Rebel X-wing"), "power") == 2 + 1 + 2
    assert eng.obj_attr(eng.obj("Rebel Gunship Pilot"), "power") == 2


def test_before_pilot_arrows_still_the_pilots_own(tmp_path):
    # Rebel Gunner Pilot prints its arrows before 'Pilot': normal abilities, usable in the Character arena
    eng = run(tmp_path, GUNSHIP.replace("@WHERE@", CHAR_ARENA).replace("Gunship", "Gunner"))
    assert _rejected(eng, "ruling:pilots-4") == 0
    assert eng.state.player_data["light"]["force"] == 1
    assert eng.obj_attr(eng.obj("Rebel Gunner Pilot"), "power") == 4


# -- piloting-units-7: 'this unit', however it is written ----------------------------------------------

def test_affects_this_unit_reads_what_the_step_acts_on():
    assert _affects_this_unit([{"modify": {"applies_to": "it == this", "modify": {"power": 1}}}])
    assert _affects_this_unit([{"modify": {"applies_to": "this == it", "modify": {"power": 1}}}])
    assert _affects_this_unit([{"damage": {"all": "it == this and it.power > 0"}, "amount": 1}])
    assert _affects_this_unit([{"if": "true", "do": [{"modify": {"applies_to": "it == this"}}]}])
    assert not _affects_this_unit([{"modify": {"applies_to": "it == piloted(this)", "modify": {"power": 1}}}])
    assert not _affects_this_unit([{"modify": {"applies_to": "it != this", "modify": {"power": 1}}}])
    assert not _affects_this_unit([{"damage": "victim", "amount": "this.power"}])
    assert not _affects_this_unit([{"if": "this.power > 1", "do": [{"damage": "victim"}]}])


EAGER = """
    ruling: star-wars-tcg:ruling:piloting-units-7
    cites: [star-wars-tcg:ruling:piloting-units-1]
    question: q
    answer: a
    cards:
      - name: Illustrative Eager Pilot
        type: character
        faction: light
        keywords: ["ground pilot"]
        stats: {speed: 30, power: 1, health: 3}
        illustrative: true
        text: "Pay 1 Force -> This unit gets +1 power until end of battle. Ground Pilot. The unit gets +10 speed."
        abilities:
          - kind: action
            name: boost
            cost: [{pay_force: 1}]
            steps:
              - {modify: {applies_to: "it == this", modify: {power: 1}, duration: battle}}
          - kind: continuous
            applies_to: "it == piloted(this)"
            modify: {speed: 10}
    state:
      phase: battle
      active: light
      light:
        force: 2
        @WHERE@
    actions:
      - {player: light, use: Illustrative Eager Pilot, ability: boost, try: true}
      - {pass: all}
"""


def test_applies_to_this_refused_on_a_unit(tmp_path):
    eng = run(tmp_path, EAGER.replace("@WHERE@", "ground: [Rebel Recon Team, {card: Illustrative Eager Pilot, "
                                                  "attached_to: Rebel Recon Team}]"))
    assert _rejected(eng, "ruling:piloting-units-7") == 1
    assert eng.state.player_data["light"]["force"] == 2


def test_applies_to_this_works_in_the_character_arena(tmp_path):
    eng = run(tmp_path, EAGER.replace("@WHERE@", "character: [Illustrative Eager Pilot]"))
    assert not events(eng, "action_rejected")
    assert eng.obj_attr(eng.obj("Illustrative Eager Pilot"), "power") == 2


def test_applies_to_this_used_on_a_unit_with_the_rule_off(tmp_path):
    eng = run(tmp_path, EAGER.replace("@WHERE@", "ground: [Rebel Recon Team, {card: Illustrative Eager Pilot, "
                                                  "attached_to: Rebel Recon Team}]"),
              {rid("ruling:piloting-units-7")})
    assert not events(eng, "action_rejected")
    assert eng.state.player_data["light"]["force"] == 1


# -- piloting-units-1 / -3: a Pilot on a unit's own Evade / Deflect ---------------------------------------

DODGE = """
    ruling: star-wars-tcg:ruling:piloting-units-7
    cites: [star-wars-tcg:ruling:piloting-units-1]
    question: q
    answer: a
    cards:
      - name: Illustrative Dodging Pilot
        type: character
        faction: light
        keywords: ["Pay 1 Force -> @KW@ 2", "starfighter pilot"]
        stats: {speed: 30, power: 1, health: 2}
        illustrative: true
        text: "Pay 1 Force -> @KW@ 2. Starfighter Pilot. The Starfighter gets +1 power."
        abilities:
          - {kind: continuous, applies_to: "it == piloted(this)", modify: {power: 1}}
    state:
      phase: battle
      active: dark
      light:
        force: 2
        @WHERE@
      dark:
        hand: [Precise Blast]
        space: [TIE Fighter]
    actions:
      @CHOICE@
      - {player: dark, play: Precise Blast, targets: [Illustrative Dodging Pilot]}
      - {pass: all}
"""
ON_UNIT = "space: [Rebel X-wing, {card: Illustrative Dodging Pilot, attached_to: Rebel X-wing}]"


def _dodge(kw: str, where: str, choice: str = "") -> str:
    return DODGE.replace("@KW@", kw).replace("@WHERE@", where).replace("@CHOICE@", choice or "# no choice scripted")


def test_pilot_on_a_unit_has_no_evade_for_itself(tmp_path):
    for kw in ("evade", "deflect"):
        eng = run(tmp_path, _dodge(kw, ON_UNIT))
        assert eng.obj("Illustrative Dodging Pilot").zone == "discard", kw
        assert eng.state.player_data["light"]["force"] == 2, kw


def test_pilot_in_the_character_arena_evades(tmp_path):
    eng = run(tmp_path, _dodge("evade", "character: [Illustrative Dodging Pilot]",
                               "- {player: light, choose: [evade Illustrative Dodging Pilot]}"))
    assert eng.obj("Illustrative Dodging Pilot").damage == 1
    assert eng.state.player_data["light"]["force"] == 1


def test_pilot_on_a_unit_evades_with_the_rule_off(tmp_path):
    eng = run(tmp_path, _dodge("evade", ON_UNIT, "- {player: light, choose: [evade Illustrative Dodging Pilot]}"),
              {rid("ruling:piloting-units-1")})
    assert eng.obj("Illustrative Dodging Pilot").damage == 1
    assert eng.state.player_data["light"]["force"] == 1


def test_unscripted_evade_choice_is_asked_only_with_the_rule_off(tmp_path):
    # the rule on: nothing asked (above); off: the chance is offered, and the script has no choice for it
    path = tmp_path / "rulings" / "star-wars-tcg" / "unit" / "off.ruling.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    import textwrap
    path.write_text(textwrap.dedent(_dodge("evade", ON_UNIT)))
    out = replay(load_fixture(path), {rid("ruling:piloting-units-1")})
    assert out.error is not None and "evade Illustrative Dodging Pilot" in str(out.error)


# -- a triggered ability in the Pilot text: the unit's (General Maximilian Veers (A)) ---------------------

VEERS = HEAD + """
    state:
      phase: battle
      active: dark
      dice: [1, 1, 1, 1, 1, 1]
      dark:
        @WHERE@
      light:
        ground: [Rebel Recon Team]
        character: [Luke Skywalker (Ground Pilot)]
    actions:
      - {player: dark, attack: @ATTACKER@, targets: [@DEFENDER@]@CHOOSE@}
"""


def _veers(where: str, attacker: str, defender: str, reroll: bool) -> str:
    return (VEERS.replace("@WHERE@", where).replace("@ATTACKER@", attacker).replace("@DEFENDER@", defender)
            .replace("@CHOOSE@", ", choose: [yes]" if reroll else ""))


def test_veers_trigger_is_the_walkers(tmp_path):
    # "The Walker gets 'When this unit rolls attack dice, you may reroll them.'": the Walker's ability
    eng = run(tmp_path, _veers("ground: [AT-AT Assault Group, {card: General Maximilian Veers (A), attached_to: "
                               "AT-AT Assault Group}]", "AT-AT Assault Group", "Rebel Recon Team", True))
    assert [e["source"] for e in events(eng, "triggered")] == ["AT-AT Assault Group"]


def test_veers_trigger_in_the_character_arena_only_with_pilots_4_off(tmp_path):
    args = ("character: [General Maximilian Veers (A)]", "General Maximilian Veers (A)", "Luke Skywalker (Ground Pilot)")
    eng = run(tmp_path, _veers(*args, False))
    assert not events(eng, "triggered")
    eng = run(tmp_path, _veers(*args, True), {rid("ruling:pilots-4")})
    assert [e["source"] for e in events(eng, "triggered")] == ["General Maximilian Veers (A)"]
