"""Refusals say why (issue 13 item 4), second part: a restriction an effect grants names the card whose
effect created it (refused_by_text; Engine.text_granting, TextReason, hook target_barred_by), and general
checks that a rule of the corpus states name that rule -- and neither is named where it did not refuse."""
from __future__ import annotations

from judge.engine.state import TextReason
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

STAND_DOWN = """\
game: vs-system
state:
  active: A
  phase: combat
  A:
    visible: [Shang Chi, {card: Luke Cage, exhausted: EXHAUSTED}]
    hand: [Stand Down]
    deck: [Carrion]
  B:
    visible: [Henchman]
actions:
PLAY  - {player: A, attack: Henchman, with: [Luke Cage], try: true}
"""


def _events(out, kind: str) -> list[dict]:
    return [e for e in out.engine.events if e["event"] == kind]


def _probe(tmp_path, text: str):
    path = tmp_path / "probe.yaml"
    path.write_text(text, encoding="utf-8")
    return replay(load_fixture(path))


def _stand_down(tmp_path, play: bool, exhausted: bool):
    text = STAND_DOWN.replace("PLAY", "  - {player: A, play: Stand Down}\n  - {pass: all}\n" if play else "")
    return _probe(tmp_path, text.replace("EXHAUSTED", "true" if exhausted else "false"))


def test_a_restriction_an_effect_granted_names_the_card_whose_effect_it_is(tmp_path):
    """'Characters you control cannot attack this turn': the refused attack names Stand Down, which is in
    the KO'd pile by then (the modifier remembers its source)."""
    out = _stand_down(tmp_path, play=True, exhausted=False)
    assert [(e.get("refused_by_text"), e.get("rejected_by")) for e in _events(out, "action_rejected")] \
        == [("Stand Down", None)]


def test_a_refusal_no_granted_restriction_decided_names_no_card(tmp_path):
    """An exhausted character cannot attack: no card's text refuses it (with or without Stand Down played,
    the exhaustion is checked first)."""
    for play in (False, True):
        out = _stand_down(tmp_path, play=play, exhausted=True)
        rejected = _events(out, "action_rejected")
        assert len(rejected) == 1 and "refused_by_text" not in rejected[0]


def test_text_granting_names_nothing_without_the_keyword_and_records_no_rule(tmp_path):
    out = _stand_down(tmp_path, play=True, exhausted=False)
    eng = out.engine
    before = list(eng.step.rules)
    assert eng.text_granting(eng.obj("Luke Cage"), "cannot attack") == "Stand Down"
    assert eng.text_granting(eng.obj("Henchman"), "cannot attack") is None  # B's: Stand Down is A's
    assert eng.text_granting(eng.obj("Luke Cage"), "cannot defend") is None
    assert eng.step.rules == before


def test_a_declaration_restriction_names_its_card_and_a_unit_outside_the_zone_none():
    """Black Knights of Morr: 'target unit cannot defend until the end of the turn' names the Knights; a
    defender refused because it is not in the attacked zone names no card."""
    out = replay(load_fixture("rulings/warhammer-invasion/triggered/black-knights-own-entry-bars-defender.ruling.yaml"))
    assert [e.get("refused_by_text") for e in _events(out, "action_rejected")] == ["Black Knights of Morr"]
    out = replay(load_fixture(
        "rulings/warhammer-invasion/movement/wilhelm-cannot-move-opponents-hero-into-his-hero-zone.ruling.yaml"))
    zone = [e for e in _events(out, "action_rejected") if "attacked zone" in e["reason"]]
    assert zone and all("refused_by_text" not in e for e in zone)


def test_lost_actions_name_the_card_that_took_them_and_kept_ones_are_used():
    """Eataine Harbour: units in a zone with no developments lose their Actions (the refusal names the
    Harbour); a Rat Ogres in a zone with a development keeps its Action and uses it."""
    out = replay(load_fixture("rulings/warhammer-invasion/triggered/eataine-harbour-zone-with-development.ruling.yaml"))
    rejected = _events(out, "action_rejected")
    assert [e.get("refused_by_text") for e in rejected] == ["Eataine Harbour"]
    assert [e for e in _events(out, "used") if str(e.get("card", "")).startswith("Rat Ogres")]


def test_a_choice_the_cards_own_for_each_refuses_names_the_card():
    """'You may ... for each': any number other than 0 or N is refused by Gin Genie's text."""
    out = replay(load_fixture("rulings/vs-system/triggers/gin-genie-two-x-statix.ruling.yaml"))
    rejected = _events(out, "choice_rejected")
    assert rejected and all(e.get("refused_by_text") == "Gin Genie, Beckah Parker" for e in rejected)
    assert all("rejected_by" not in e for e in rejected)


def test_text_reason_is_its_reason_with_the_card():
    r = TextReason("it has lost all Actions", "Eataine Harbour")
    assert r == "it has lost all Actions" and r.text == "Eataine Harbour" and f"x: {r}" == "x: it has lost all Actions"
    assert getattr("a plain reason", "text", None) is None


# -- general checks that name the rule of the corpus that states them --

def _rejected_by(path: str, ablate: set | None = None) -> list[list[str]]:
    out = replay(load_fixture(path), ablate or set(), lenient=bool(ablate))
    return [e.get("rejected_by") or [] for e in _events(out, "action_rejected")]


def test_a_triggered_action_without_its_condition_names_trigger_conditions_unless_a_rule_kept_it_unmet():
    whi = "rulings/warhammer-invasion/"
    assert _rejected_by(whi + "combat/banna-bearer-needs-hero.ruling.yaml") == \
        [["warhammer-invasion:clarification:trigger-conditions"]]
    # Harpies: no card drawn, so 'draws cards' did not happen; the quest phase's window that let A act
    # allowed the use and refuses nothing (the trigger-conditions rule does)
    assert _rejected_by(whi + "triggered/blind4-harpies-no-cards-drawn-no-trigger.ruling.yaml") == \
        [["warhammer-invasion:clarification:trigger-conditions"]]


def test_switched_off_a_triggered_action_is_not_refused_for_its_condition():
    """Off, Banna Bearer's Action gets past its trigger condition (here to its cost, which refuses it)."""
    path = "rulings/warhammer-invasion/combat/banna-bearer-needs-hero.ruling.yaml"
    out = replay(load_fixture(path), {"warhammer-invasion:clarification:trigger-conditions"}, lenient=True)
    reasons = [e["reason"] for e in _events(out, "action_rejected")]
    assert reasons and not any("trigger condition" in r for r in reasons)


def test_assigning_more_combat_damage_than_counted_names_battlefield_phase_unless_a_counting_rule_decided():
    whi = "rulings/warhammer-invasion/"
    assert _rejected_by(whi + "combat/blind-greyseer-moved-mid-attack-still-attacking.ruling.yaml") == \
        [["warhammer-invasion:clarification:battlefield-phase"]]
    named = _rejected_by(whi + "legends/legend-attacked-through-battlefield-deals-two-tribute-counts-weakest.ruling.yaml")
    assert named and all("warhammer-invasion:clarification:battlefield-phase" not in r for r in named)


def test_an_attack_in_a_skipped_phase_names_the_word_skip_and_switched_off_is_made():
    path = "rulings/warhammer-invasion/turn/skip-battlefield-phase.ruling.yaml"
    assert _rejected_by(path) == [["warhammer-invasion:clarification:the-word-skip"]]
    assert _rejected_by(path, {"warhammer-invasion:clarification:the-word-skip"}) == []


def test_ambush_from_outside_the_defending_zone_names_ambush_x():
    path = "rulings/warhammer-invasion/combat/ambush-only-in-defending-zone-repeater-counts-rest.ruling.yaml"
    named = _rejected_by(path)
    assert len(named) == 1 and "warhammer-invasion:keyword:ambush-x" in named[0]


def test_the_no_attackers_rule_names_a_defence_after_it_and_none_without_an_attack(tmp_path):
    """An attack with no attackers skipped to the end of the turn: a defender then is refused by that rule
    (clarification:battlefield-phase); where no attack was declared at all, no rule is named."""
    assert _rejected_by("rulings/warhammer-invasion/turn/attack-with-no-attackers-skips-to-end-of-turn.ruling.yaml") \
        == [["warhammer-invasion:clarification:battlefield-phase"]]
    out = _probe(tmp_path, """\
game: warhammer-invasion
state:
  active: A
  phase: battlefield
  B:
    kingdom: [Rat Swarm]
actions:
  - {player: B, defend: [Rat Swarm], try: true}
""")
    rejected = _events(out, "action_rejected")
    assert len(rejected) == 1 and not rejected[0].get("rejected_by")


def test_a_searching_cards_own_count_and_description_name_it():
    out = replay(load_fixture("rulings/warhammer-invasion/decks/search-not-look-at.ruling.yaml"))
    rejected = _events(out, "choice_rejected")
    assert rejected and all(e.get("refused_by_text") for e in rejected)
    assert all("rejected_by" not in e for e in rejected)


def test_indirect_damage_onto_a_unit_the_player_does_not_control_names_whose_units_take_it():
    # not the clarification's mechanic that decides who assigns (indirect_assigned_by_damaged_player) but the
    # one that decides whose units take it (indirect_to_own_cards: 'his units, legends'), which, switched off,
    # lets the opponent's Rat Swarm take it (test_whi_indirect_to_own_cards)
    out = replay(load_fixture("rulings/warhammer-invasion/damage/blind-indirect-onto-stolen-unit-not-opponents.ruling.yaml"))
    assert [e.get("rejected_by") for e in _events(out, "choice_rejected")] == [
        ["warhammer-invasion:clarification:indirect-damage"]]


def test_a_savage_target_whose_tax_cannot_be_paid_names_clarification_target():
    out = replay(load_fixture("rulings/warhammer-invasion/keywords/blind-savage-target-kazador-needs-his-tax.ruling.yaml"))
    rejected = _events(out, "choice_rejected")
    assert rejected and all(e.get("rejected_by") == ["warhammer-invasion:clarification:target"] for e in rejected)


# -- Hatalom Kártyái --

def test_growth_tokens_refused_by_8_2_2():
    for name in ("blind3-growth-over-three-galetki-wrong-count-refused-against-his-firestorm",
                 "growth-not-on-opponents-galetki-then-bolt-in-my-healing"):
        out = replay(load_fixture(f"rulings/hatalom-kartyai/galetki/{name}.ruling.yaml"))
        assert [e.get("rejected_by") for e in _events(out, "choice_rejected")] == [["hatalom-kartyai:8.2.2"]]


def test_a_silenced_card_names_the_card_whose_effect_silenced_it_and_a_scenarios_own_flag_none(tmp_path):
    out = replay(load_fixture("rulings/hatalom-kartyai/general/silenced-leveled-archer-keeps-level-loses-its-ability.ruling.yaml"))
    assert [e.get("refused_by_text") for e in _events(out, "action_rejected")] == ["Próba képességelszívás"]
    eng = out.engine
    archer = next(o for o in eng.state.objects.values() if o.card.name.startswith("Próba íjász"))
    assert eng.flag_source(archer, "képességtelen") == "Próba képességelszívás"
    assert eng.flag_source(archer, "no such flag") is None
    archer.flags.discard("képességtelen")  # the flag gone: no card is named for it any more
    assert eng.flag_source(archer, "képességtelen") is None


def test_an_on_play_ability_used_later_names_its_card():
    out = replay(load_fixture("rulings/hatalom-kartyai/locations/blind3-watchtower-on-play-shot-only-in-its-play-turn.ruling.yaml"))
    assert [e.get("refused_by_text") for e in _events(out, "action_rejected")] == ["Próba őrtorony"]


def test_a_cost_unpayable_whatever_8_9_2_says_names_no_rule():
    """A building's missing component, and a location's VP, cannot be paid with HP -- but with 8.9.2's HP
    payment switched off they cannot be paid either: the rule makes no difference, so no rule is named."""
    for name in ("building-in-own-main-phase-fails-on-component-cost", "location-vp-cost-not-paid-with-hp"):
        named = _rejected_by(f"rulings/hatalom-kartyai/locations/{name}.ruling.yaml")
        assert named == [[]]


def test_a_location_search_for_a_card_that_is_not_a_location_names_8_9_6():
    assert _rejected_by("rulings/hatalom-kartyai/locations/location-search-instead-of-draw.ruling.yaml") \
        == [["hatalom-kartyai:8.9.6"]]


# -- Vs. System, Star Wars --

def test_paying_endurance_one_does_not_have_names_no_rule_and_losing_it_is_no_refusal():
    # the Bring the Pain ruling's "off" (losing paid as a cost) needs the endurance too: it decides nothing here
    out = replay(load_fixture("rulings/vs-system/endurance/professor-x-cannot-pay-at-zero-bring-the-pain-can.ruling.yaml"))
    assert [e.get("rejected_by") for e in _events(out, "action_rejected")] == [None]
    assert [e for e in _events(out, "played") if e.get("card") == "Bring the Pain"]  # losing at 0: played


def test_to_a_different_position_names_the_moving_card_512_3_refusals_do_not():
    out = replay(load_fixture("rulings/vs-system/moving/sidestep-not-occupied-not-column-not-same.ruling.yaml"))
    rejected = _events(out, "choice_rejected")
    same = [e for e in rejected if "must change" in e["reason"]]
    assert same and all(e.get("refused_by_text") == "Sidestep" and "rejected_by" not in e for e in same)
    others = [e for e in rejected if "must change" not in e["reason"]]
    assert others and all("refused_by_text" not in e and e.get("rejected_by") for e in others)


SW_RETREAT = """\
game: star-wars-tcg
state:
  active: light
  phase: retreat
  light:
    space: [{card: Rebel X-wing, exhausted: true}PILOT]
actions:
  - {player: light, retreat: Rebel X-wing, try: true}
"""


def test_a_tapped_unit_names_no_rule_with_or_without_a_pilot(tmp_path):
    # the Pilot clarification's "off" (only the unit needs to be untapped) refuses a tapped unit all the same
    pilot = ", {card: Rebel Ace Pilot, attached_to: Rebel X-wing}"
    out = _probe(tmp_path, SW_RETREAT.replace("PILOT", pilot))
    assert [e.get("rejected_by") for e in _events(out, "action_rejected")] == [None]
    out = _probe(tmp_path, SW_RETREAT.replace("PILOT", ""))
    rejected = _events(out, "action_rejected")
    assert len(rejected) == 1 and not rejected[0].get("rejected_by")


# -- Warhammer: a card out of play, named for the rule that says it is not in play --

def test_a_card_that_left_play_names_leaving_play_and_its_controller_then_uses_it():
    whi = "rulings/warhammer-invasion/triggered/"
    leaving = ["warhammer-invasion:clarification:leaving-play"]
    # Thief of Essence is not self-referential: its condition met as it left play is lost
    assert _rejected_by(whi + "leaving-play-only-self-referential-triggers.ruling.yaml") == [leaving]
    # a stolen Cackling Hexwrath: its owner is refused, the player who controlled it as it left uses it
    out = replay(load_fixture(whi + "blind-stolen-hexwrath-leaves-play-its-controller-triggers.ruling.yaml"))
    assert [e.get("rejected_by") for e in _events(out, "action_rejected")] == [leaving]
    assert [e for e in _events(out, "used") if e.get("card") == "Cackling Hexwrath"]


def test_switched_off_the_leaving_play_refusal_names_no_rule():
    path = "rulings/warhammer-invasion/triggered/leaving-play-only-self-referential-triggers.ruling.yaml"
    named = _rejected_by(path, {"warhammer-invasion:clarification:leaving-play"})
    assert all("warhammer-invasion:clarification:leaving-play" not in r for r in named)


def test_a_card_being_played_names_entering_play_and_is_used_once_in_play():
    out = replay(load_fixture("rulings/warhammer-invasion/timing/forest-goblins-enters-play-targets-itself.ruling.yaml"))
    assert [e.get("rejected_by") for e in _events(out, "action_rejected")] == \
        [["warhammer-invasion:clarification:entering-play",
          "warhammer-invasion:faq:difference-between-play-effects-such-spellsinger-something-enters"]]
    assert [e for e in _events(out, "used") if e.get("card") == "Forest Goblins"]


def test_a_cost_a_card_raised_beyond_reach_names_that_card_and_one_unpayable_anyway_does_not(tmp_path):
    """Hatalom: the opponent's toll building makes A's building cost 1 VP more. With 1 VP left the raise
    decides (the toll's text refuses); with no VP at all the building could not be paid anyway."""
    path = "rulings/hatalom-kartyai/locations/toll-building-location-cost-not-raised-building-refused.ruling.yaml"
    out = replay(load_fixture(path))
    assert [e.get("refused_by_text") for e in _events(out, "action_rejected")] == ["Próba vámszedő építmény"]
    text = open(path, encoding="utf-8").read()
    text = text.replace("    vp: 2\n", "    vp: 0\n").replace(
        "  - {player: A, play: Próba helyszín}\n  - {pass: all}\n", "").split("\nexpect:")[0] + "\n"
    out = _probe(tmp_path, "game: hatalom-kartyai\n" + text[text.index("state:"):])
    rejected = _events(out, "action_rejected")
    assert len(rejected) == 1 and "refused_by_text" not in rejected[0]
    # enough VP without the raise, but a component missing: the raise decides nothing either
    out = _probe(tmp_path, """game: hatalom-kartyai
state:
  active: A
  phase: main
  A:
    hand: [Próba komponensköltségű építmény]
    vp: 5
    komponens: 0
  B:
    table: [Próba vámszedő építmény]
actions:
  - {player: A, play: Próba komponensköltségű építmény, try: true}
""")
    rejected = _events(out, "action_rejected")
    assert len(rejected) == 1 and "refused_by_text" not in rejected[0]


HK_ITEM = """\
game: hatalom-kartyai
state:
  active: A
  phase: main
  A:
    table: [Próba tárgy]
    hand: [Próba dermesztés]
    vp: 1
actions:
PLAY  - {player: A, use: Próba tárgy}
  - {pass: all}
  - {player: A, use: Próba tárgy, try: true}
"""


def test_an_activation_refused_for_passivity_names_what_made_the_card_passive(tmp_path):
    """8.6: a building entered passive (the rule is named); an item whose own text says it enters passive
    (its text); an item a spell passivized ('Passzivizálj minden lapot': that spell); an item passive from
    its own activation: no rule, and its own text, whose 'Aktiválás:' cost cannot be paid again (a power's own
    cost names its card, as Colossal Blast's 'discard a card' does)."""
    hk = "rulings/hatalom-kartyai/"
    assert _rejected_by(hk + "galetki/torzszulott-sacrificed-as-a-cost-gives-no-growth.ruling.yaml") == \
        [["hatalom-kartyai:8.6"]]
    out = replay(load_fixture(hk + "items/blind5-rusty-bow-enters-passive-by-its-text-plain-bow-active-shoots.ruling.yaml"))
    assert [e.get("refused_by_text") for e in _events(out, "action_rejected")] == ["Próba rozsdás íj"]
    out = replay(load_fixture(hk + "locations/blind6-freezing-every-table-card-location-stays-active-altar-still-used.ruling.yaml"))
    assert [e.get("refused_by_text") for e in _events(out, "action_rejected")] == ["Próba dermesztés"]
    out = _probe(tmp_path, HK_ITEM.replace("PLAY", ""))  # used once: passive by its own activation
    rejected = _events(out, "action_rejected")
    assert len(rejected) == 1 and not rejected[0].get("rejected_by")
    assert rejected[0].get("refused_by_text") == "Próba tárgy"


def test_a_card_readied_after_an_effect_passivized_it_no_longer_names_that_effect(tmp_path):
    """Passivized by the spell, readied by the rules of the turn (set_exhausted forgets what exhausted it),
    then passive from its own activation: the spell is not named (the item's own 'Aktiválás:' cost is)."""
    out = _probe(tmp_path, HK_ITEM.replace("PLAY", "  - {player: A, play: Próba dermesztés}\n  - {pass: all}\n"
                                                   "  - {player: A, effect: [{ready: Próba tárgy}]}\n"))
    rejected = _events(out, "action_rejected")
    assert len(rejected) == 1 and rejected[0].get("refused_by_text") == "Próba tárgy"


def test_pilots_refusals_name_their_rulings_and_a_pilot_on_no_unit_none(tmp_path):
    sw = "rulings/star-wars-tcg/pilots/"
    out = replay(load_fixture(sw + "blind3-deflect-cannot-go-to-a-pilot-on-a-unit.ruling.yaml"))
    named = [e.get("rejected_by") or [] for e in _events(out, "choice_rejected")]
    assert named and all("star-wars-tcg:ruling:piloting-units-3" in r for r in named)
    out = replay(load_fixture(sw + "blind5-taken-starfighter-pilot-moves-onto-the-dark-sides-tie-owner-cannot-move-it.ruling.yaml"))
    unpilot = [e for e in _events(out, "action_rejected") if "is not a Pilot on one of" in e["reason"]]
    assert [e.get("rejected_by") for e in unpilot] == [["star-wars-tcg:ruling:pilots-during-the-build-step-1"]]
    out = _probe(tmp_path, """\
game: star-wars-tcg
state:
  active: light
  phase: build
  light:
    character: [Rebel Starfighter Pilot]
actions:
  - {player: light, unpilot: Rebel Starfighter Pilot, to: build, try: true}
""")
    rejected = _events(out, "action_rejected")
    assert len(rejected) == 1 and not rejected[0].get("rejected_by")


RITUAL = """\
game: warhammer-invasion
cards:
  - name: Illustrative Kin Ritual
    type: tactic
    cost: 0
    illustrative: true
    text: "Action: Sacrifice a Dwarf unit to draw 2 cards."
    abilities:
      - kind: play
        cost:
          - {choose: {filter: "it.type == 'unit' and 'Dwarf' in it.traits", by: you, what: a unit to sacrifice}, as: offering}
          - {sacrifice: offering}
        steps:
          - {draw: 2}
state:
  active: A
  phase: capital
  A:
    hand: [Illustrative Kin Ritual]
    kingdom: [Illustrative Dwarf Warriors, Illustrative Dwarf Warriors, Rat Swarm]
    deck: [Dark Zealot, Dark Zealot]
  B:
    kingdom: [Illustrative Dwarf Warriors]
actions:
  - {player: A, play: Illustrative Kin Ritual, choose: [{try: PICK}, Illustrative Dwarf Warriors#1]}
"""


def _ritual_refusal(tmp_path, pick: str) -> dict:
    out = _probe(tmp_path, RITUAL.replace("PICK", pick))
    assert out.error is None, out.error
    (rejected,) = _events(out, "choice_rejected")
    return rejected


def test_a_pick_the_cards_own_filter_excludes_names_the_card(tmp_path):
    """A Skaven unit of mine for 'Sacrifice a Dwarf unit': the card's text refuses it, no rule."""
    rejected = _ritual_refusal(tmp_path, "Rat Swarm")
    assert rejected.get("refused_by_text") == "Illustrative Kin Ritual"
    assert "rejected_by" not in rejected


def test_a_pick_a_rule_excludes_from_the_cards_filter_names_the_rule(tmp_path):
    """His Dwarf unit fits the card's words; 'a player cannot pay costs with cards he does not control'
    (clarification:triggering-a-card-effect) refuses it, and the card is not named."""
    rejected = _ritual_refusal(tmp_path, "Illustrative Dwarf Warriors#3")
    assert rejected.get("rejected_by") == ["warhammer-invasion:clarification:triggering-a-card-effect"]
    assert "refused_by_text" not in rejected
