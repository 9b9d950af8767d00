"""Warhammer: Invasion, refusals that name what refuses them (blind round 26's gaps):

- a pick outside a `choose` step's options is refused by the text of the card whose filter made them, also when
  that card has left play (Lobber Crew sacrifices itself as its own cost): VerbsMixin.step_choose names it by its
  last known label (card_name of the Gone standing for it);
- a triggered ability's scripted target that fails its own target description names its card, as a played card's
  or a used Action's does (ChainMixin.refused_target_text and trigger_target_text), also after the card
  left play (Walking Sacrifice's self-referential leave-play effect); a target refused for another reason (not in
  play) names no card;
- an 'or' option the word-or rule took out ("he must choose an option that he can resolve completely") can be
  scripted as a refusal naming that rule, with one option left or several (VerbsMixin.step_or, decide's
  ``left_out``);
- a Hero put into play into a zone where its player has a Hero is refused naming 'Limit one Hero per zone', which
  names that case itself, not the put-into-play clarification ('<zone> only' still names the latter)."""
from __future__ import annotations

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

WHI = "warhammer-invasion:clarification:"


def _replay(tmp_path, text: str, ablate: set | None = None):
    path = tmp_path / "probe.ruling.yaml"
    path.write_text(text, encoding="utf-8")
    out = replay(load_fixture(path), ablate or set(), lenient=bool(ablate))
    assert out.error is None, out.error
    return out


def _rejected(out) -> list[dict]:
    return [e for e in out.engine.events if e["event"] == "choice_rejected"]


# -- a choose step whose card left play ---------------------------------------------------------------------

LOBBER = """\
game: warhammer-invasion
cards:
  - name: Probe Lobber
    type: unit
    cost: 2
    stats: {power: 1, hp: 2}
    illustrative: true
    text: "Action: SACRIFICE force an opponent to sacrifice a unit he controls, if able."
    abilities:
      - kind: action
        COST
        steps:
          - {choose: {filter: "it.controller == opponent and it.type == 'unit'", by: opponent, what: a unit to sacrifice}, as: victim}
          - {sacrifice: victim, player: opponent}
state:
  active: B
  phase: capital
  A:
    kingdom: [Rat Swarm, Dark Zealot]
  B:
    kingdom: [Probe Lobber, Hag Queen]
actions:
  - {player: A, choose: [CHOICES]}
  - {player: B, use: Probe Lobber}
  - {pass: all}
"""


def _lobber(sacrifices_itself: bool, choices: str) -> str:
    return (LOBBER.replace("SACRIFICE ", "Sacrifice this unit to " if sacrifices_itself else "")
            .replace("COST", "cost: [{sacrifice: this}]" if sacrifices_itself else "cost: []")
            .replace("CHOICES", choices))


def test_a_pick_refused_after_the_source_sacrificed_itself_names_the_card(tmp_path):
    out = _replay(tmp_path, _lobber(True, "{try: Hag Queen}, Dark Zealot"))
    assert [(e["choice"], e.get("refused_by_text")) for e in _rejected(out)] == [("Hag Queen", "Probe Lobber")]
    assert out.engine.obj("Dark Zealot").zone == "discard"
    assert out.engine.obj("Probe Lobber").zone == "discard"


def test_a_pick_refused_while_the_source_is_in_play_names_it_as_before(tmp_path):
    out = _replay(tmp_path, _lobber(False, "{try: Hag Queen}, Dark Zealot"))
    assert [(e["choice"], e.get("refused_by_text")) for e in _rejected(out)] == [("Hag Queen", "Probe Lobber")]


def test_a_legal_pick_is_refused_by_nothing(tmp_path):
    out = _replay(tmp_path, _lobber(True, "Dark Zealot"))
    assert _rejected(out) == []
    assert out.engine.obj("Dark Zealot").zone == "discard"


def test_switched_off_the_effect_of_a_gone_source_does_not_resolve_and_asks_nothing(tmp_path):
    # card effects exist independently of their source (clarification:card-effects); off, the source that
    # sacrificed itself takes its effect with it: no pick, nothing refused
    out = _replay(tmp_path, _lobber(True, "{try: Hag Queen}, Dark Zealot"), {WHI + "card-effects"})
    assert _rejected(out) == []
    assert out.engine.obj("Dark Zealot").zone == "kingdom"


# -- a triggered ability's target description ---------------------------------------------------------------

TITHE = """\
game: warhammer-invasion
state:
  active: A
  phase: capital
  A:
    resources: 1
    kingdom: [Dark Zealot, Hag Queen, Illustrative Blood Tithe]
    hand: [Rat Swarm]
  B:
    resources: 3
    hand: [Flames of Tzeentch]
    kingdom: [Savage Marauders, Har Ganeth]
actions:
  - {player: B, play: Flames of Tzeentch, x: 3, targets: [Dark Zealot]}
  - {player: A, pass: all, choose: [CHOICES]}
"""


def test_a_forced_effects_target_outside_its_description_names_its_card(tmp_path):
    # Har Ganeth is a support: not "one target unit"
    out = _replay(tmp_path, TITHE.replace("CHOICES", "{try: Har Ganeth}, Savage Marauders"))
    rejected = _rejected(out)
    assert [(e["choice"], e.get("refused_by_text")) for e in rejected] == [("Har Ganeth", "Illustrative Blood Tithe")]
    assert WHI + "target" in rejected[0]["rejected_by"]  # the targeting rule stays the one named beside it
    assert out.engine.obj("Savage Marauders").damage == 1


def test_a_forced_effects_target_that_fits_the_description_but_is_not_in_play_names_no_card(tmp_path):
    # Rat Swarm, in A's hand, is a unit: the Tithe's "one target unit" does not refuse it, the targeting rule does
    text = TITHE.replace("CHOICES", "{try: Rat Swarm}, Savage Marauders")
    rejected = _rejected(_replay(tmp_path, text))
    assert [e["choice"] for e in rejected] == ["Rat Swarm"]
    assert "refused_by_text" not in rejected[0] and WHI + "target" in rejected[0]["rejected_by"]


WALKING = """\
game: warhammer-invasion
state:
  active: A
  phase: capital
  A:
    kingdom: [Walking Sacrifice, Illustrative Mourner]
  B:
    resources: 3
    hand: [Flames of Tzeentch]
    kingdom: [Savage Marauders]
actions:
  - {player: B, play: Flames of Tzeentch, x: 1, targets: [Walking Sacrifice]}
  - {player: A, pass: all, choose: [[Walking Sacrifice, Illustrative Mourner], {try: Illustrative Mourner}, Savage Marauders]}
"""


def test_a_self_referential_leave_play_effects_target_names_its_card_after_it_left(tmp_path):
    out = _replay(tmp_path, WALKING)
    assert [(e["choice"], e.get("refused_by_text")) for e in _rejected(out)] == \
        [("Illustrative Mourner", "Walking Sacrifice")]
    assert out.engine.obj("Walking Sacrifice").zone == "discard"
    assert out.engine.obj("Savage Marauders").damage == 1


def test_switched_off_the_targeting_rule_refuses_no_target(tmp_path):
    # off, any object may be chosen as a target: the support is taken, and the Marauders are spared
    out = _replay(tmp_path, TITHE.replace("CHOICES", "{try: Har Ganeth}, Savage Marauders"), {WHI + "target"})
    assert _rejected(out) == []
    assert out.engine.obj("Savage Marauders").damage == 0


# -- an 'or' option the word-or rule takes out --------------------------------------------------------------

METEOR = """\
game: warhammer-invasion
state:
  active: B
  phase: end
  turn: 1
  A:
    kingdom: [Warpstone Meteor, Dark Zealot]
  B:
    kingdom: [BUNIT]
    battlefield: [Hag Queen]
actions:
  - {end: turn}
  - {player: B, choose: [BCHOICES]}
  - {player: A, begin: turn, choose: [corrupt]}
"""

CORRUPTED = "{card: Rat Swarm, corrupted: true}"


def _meteor(unit: str, choices: str) -> str:
    return METEOR.replace("BUNIT", unit).replace("BCHOICES", choices)


def test_an_or_option_taken_out_is_refused_by_the_word_or_with_one_option_left(tmp_path):
    out = _replay(tmp_path, _meteor(CORRUPTED, "{try: corrupt}, damage, quest"))
    rejected = _rejected(out)
    assert [e["choice"] for e in rejected] == ["corrupt"]
    assert rejected[0]["rejected_by"] == [WHI + "the-word-or"]
    assert out.engine.obj("B capital quest").damage == 1


def test_an_or_option_taken_out_is_refused_with_several_options_left(tmp_path):
    text = """\
game: warhammer-invasion
cards:
  - name: Probe Omen
    type: tactic
    cost: 0
    illustrative: true
    text: "Action: Corrupt one of your units, or draw a card, or deal 1 damage to your kingdom section."
    abilities:
      - kind: play
        steps:
          - or:
              - name: corrupt
                do:
                  - {choose: {filter: "it.controller == you and it.type == 'unit' and not it.corrupted", by: you, what: a unit to corrupt}, as: victim}
                  - {corrupt: victim}
              - {name: draw, do: [{draw: 1}]}
              - {name: damage, do: [{damage: "capital(you, 'kingdom')", amount: 1}]}
state:
  active: A
  phase: capital
  A:
    hand: [Probe Omen]
    deck: [Rat Swarm]
actions:
  - {player: A, play: Probe Omen, choose: [{try: corrupt}, draw]}
  - {pass: all}
"""
    out = _replay(tmp_path, text)
    rejected = _rejected(out)
    assert [(e["choice"], e.get("rejected_by")) for e in rejected] == [("corrupt", [WHI + "the-word-or"])]
    assert out.engine.obj("Rat Swarm").zone == "hand"


def test_an_or_option_that_can_be_resolved_is_taken(tmp_path):
    out = _replay(tmp_path, _meteor("Rat Swarm", "corrupt"))
    assert _rejected(out) == []
    assert "corrupted" in out.engine.obj("Rat Swarm").flags and out.engine.obj("B capital quest").damage == 0


def test_a_misspelt_option_is_still_a_script_error(tmp_path):
    path = tmp_path / "probe.ruling.yaml"
    path.write_text(_meteor(CORRUPTED, "{try: corupt}, damage, quest"), encoding="utf-8")
    out = replay(load_fixture(path))
    assert not out.passed and "misspelling" in (out.error or "")


def test_switched_off_the_word_or_lets_the_option_be_chosen(tmp_path):
    out = _replay(tmp_path, _meteor(CORRUPTED, "{try: corrupt}, damage, quest"), {WHI + "the-word-or"})
    assert _rejected(out) == []
    assert out.engine.obj("B capital quest").damage == 0  # B chose to corrupt, and had nothing to corrupt


# -- a Hero put into play where its player has one ----------------------------------------------------------

SLAVES = """\
game: warhammer-invasion
state:
  active: A
  phase: capital
  A:
    resources: 5
    hand: [Flames of Tzeentch, Seeking New Slaves]
    kingdom: [Illustrative Hero]
  B:
    kingdom: [VICTIM]
actions:
  - {player: A, play: Flames of Tzeentch, x: 3, targets: [VICTIM]}
  - {pass: all}
  - {player: A, play: Seeking New Slaves, targets: [VICTIM]}
  - {player: A, pass: all, choose: [{try: TRY}, battlefield]}
"""


def _slaves(victim: str, tried: str) -> str:
    return SLAVES.replace("VICTIM", victim).replace("TRY", tried)


def test_a_hero_put_into_a_hero_zone_is_refused_by_the_hero_limit(tmp_path):
    out = _replay(tmp_path, _slaves("Illustrative Second Hero", "kingdom"))
    assert [(e["choice"], e.get("rejected_by")) for e in _rejected(out)] == \
        [("kingdom", [WHI + "limit-one-hero-per-zone"])]
    assert out.engine.obj("Illustrative Second Hero").zone == "battlefield"


def test_a_zone_only_unit_put_into_another_zone_is_refused_by_put_into_play(tmp_path):
    out = _replay(tmp_path, _slaves("Defender of the Hold", "kingdom").replace("x: 3", "x: 1"))
    rejected = _rejected(out)
    assert [e["choice"] for e in rejected] == ["kingdom"]
    assert WHI + "put-into-play" in rejected[0]["rejected_by"]
    assert WHI + "limit-one-hero-per-zone" not in rejected[0]["rejected_by"]


@pytest.mark.parametrize("off", ["limit-one-hero-per-zone", "put-into-play"])
def test_switched_off_either_rule_lets_the_hero_into_the_hero_zone(tmp_path, off):
    out = _replay(tmp_path, _slaves("Illustrative Second Hero", "kingdom"), {WHI + off})
    assert _rejected(out) == []
    assert out.engine.obj("Illustrative Second Hero").zone == "kingdom"
