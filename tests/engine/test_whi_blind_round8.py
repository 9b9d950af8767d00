"""Warhammer: Invasion, mechanics completed in blind scenario round 8 (2026-11-29, night):

'skip the rest of your battlefield phase' (Beastman Incursion) bypasses THAT battlefield phase
(clarification:the-word-skip and its example: "skip the remainder of this battlefield phase"), mechanic
``skip_this_phase_only``: an additional battlefield phase of the same turn (Bash 'Em!) is another phase, not
skipped by it; off, every battlefield phase of the turn counts as the skipped one. The rule decides nothing
when no other battlefield phase follows, nor for a skip made in the additional phase itself."""
from __future__ import annotations

from tests.engine.test_whi_terms import rid
from tests.engine.test_whi_zone_entry import _events, _run
from tests.engine.test_whi_attacked_player_defends import keep_defending

SKIP = rid("clarification:the-word-skip:example-1")

_HEAD = """
state:
  active: A
  phase: capital
  A:
    quest: [Beastman Incursion, {card: Rat Swarm, questing: true}]
    battlefield: [Savage Marauders]
    hand: [Bash 'Em!]
    resources: 1
actions:
  - {player: A, begin: battlefield}
"""

_BASH = """  - {player: A, play: Bash 'Em!}
  - {pass: all}
"""

_INCURSION = """  - {player: A, use: Beastman Incursion}
  - {pass: all}
"""

# the Incursion triggered at its first opportunity, Bash 'Em! played in response on the same chain (a chain
# passed on without the Incursion would lapse it: ruling:b-action-window-1); Bash 'Em! resolves first
_BOTH = """  - {player: A, use: Beastman Incursion}
  - {player: A, play: Bash 'Em!}
  - {pass: all}
"""

_ATTACK = """  - {player: A, attack: kingdom, with: [Savage Marauders], try: true}
"""

_NEXT = """  - {player: A, begin: battlefield}
"""


def _capital(eng):
    return eng.obj("B capital kingdom").damage


def _rejected(eng):
    return len(_events(eng, "action_rejected"))


def test_additional_phase_after_a_skipped_one_is_not_skipped(tmp_path):
    eng = _run(tmp_path, _HEAD + _BOTH + _ATTACK + _NEXT + _ATTACK
               + "  - {player: B, defend: []}\n  - {player: A, assign: {capital: 2}}\n")
    assert _rejected(eng) == 1  # the first phase's attack only
    assert _capital(eng) == 2
    assert "skip_this_phase_only" in eng._fired


def test_switched_off_the_additional_phase_counts_as_skipped(tmp_path):
    eng = _run(tmp_path, _HEAD + _BOTH + _ATTACK + _NEXT + _ATTACK, ablate=[SKIP])
    assert _rejected(eng) == 2
    assert _capital(eng) == 0


def test_no_additional_phase_the_rule_decides_nothing(tmp_path):
    # must not apply: the skipped phase is the only battlefield phase of the turn
    eng = _run(tmp_path, _HEAD + _INCURSION + _ATTACK)
    assert _rejected(eng) == 1
    assert "skip_this_phase_only" not in eng._fired


def test_skip_in_the_additional_phase_leaves_the_first_phase_attack(tmp_path):
    # the first battlefield phase is not skipped: its attack is made; the skip is made in the second one
    text = (_HEAD + _BASH
            + "  - {player: A, attack: kingdom, with: [Savage Marauders]}\n  - {player: B, defend: []}\n"
            + "  - {player: A, assign: {capital: 2}}\n" + _NEXT + _INCURSION + _ATTACK)
    eng = _run(tmp_path, text)
    assert _capital(eng) == 2
    assert _rejected(eng) == 1  # the attack in the skipped additional phase
    assert "skip_this_phase_only" not in eng._fired


# -- the end of a phase (E of the timing structure): 'at the end of the phase' effects, then expiry ----

_ENGINE = """
state:
  active: %s
  phase: %s
  A:
    kingdom: [Illustrative Siege Engine]
  B:
    battlefield: [Hag Queen]
    hand: [Master Rune of Valaya]
    resources: 2
actions:
%s"""


def _ids(key):
    """The rule ids the mechanic ``key`` is bound to: switching them off (ablation) switches it off."""
    from judge.engine.game import get_game
    return get_game("warhammer-invasion").registry.mechanics[key].ids


def _queen(eng):
    return eng.obj("Hag Queen").damage


def test_end_of_battlefield_phase_effect_resolves_when_the_turn_ends(tmp_path):
    eng = _run(tmp_path, _ENGINE % ("A", "battlefield", "  - {player: A, end: turn}\n"))
    assert _queen(eng) == 1
    assert "phase_end_effects" in eng._fired
    assert [e["phase"] for e in _events(eng, "phase_ends")][:1] == ["battlefield"]


def test_end_of_phase_effect_when_the_next_phase_begins(tmp_path):
    # two battlefield phases (Bash 'Em!): the first ends as the second begins
    text = ("state:\n  active: A\n  phase: battlefield\n  A:\n    kingdom: [Illustrative Siege Engine]\n"
            "    hand: [Bash 'Em!]\n    resources: 1\n  B:\n    battlefield: [Hag Queen]\nactions:\n"
            "  - {player: A, play: Bash 'Em!}\n  - {pass: all}\n  - {player: A, begin: battlefield}\n")
    eng = _run(tmp_path, text)
    assert _queen(eng) == 1


def test_switched_off_no_end_of_phase_moment(tmp_path):
    eng = _run(tmp_path, _ENGINE % ("A", "battlefield", "  - {player: A, end: turn}\n"),
               ablate=_ids("phase_end_effects"))
    assert _queen(eng) == 0
    assert not _events(eng, "phase_ends")


def test_forced_effect_resolves_before_this_phase_effects_expire(tmp_path):
    acts = ("  - {player: B, play: Master Rune of Valaya, targets: [Hag Queen]}\n  - {pass: all}\n"
            "  - {player: A, end: turn}\n")
    eng = _run(tmp_path, _ENGINE % ("A", "battlefield", acts))
    assert _queen(eng) == 0  # the 'this phase' shield still cancels it
    assert _events(eng, "damage_cancelled")


def test_other_phases_and_the_opponents_battlefield_phase_do_not_trigger_it(tmp_path):
    # must not apply: A's quest phase ends as his capital phase begins; B's battlefield phase ends with
    # B's turn (the end-of-phase moment comes, the Engine's 'your battlefield phase' is not met)
    eng = _run(tmp_path, _ENGINE % ("A", "quest", "  - {player: A, begin: capital}\n"))
    assert _queen(eng) == 0
    eng = _run(tmp_path, _ENGINE % ("B", "battlefield", "  - {player: B, end: turn}\n"))
    assert _queen(eng) == 0
    # the moment came, but the Engine's own condition was unmet: nothing triggered, the rule decided nothing
    assert "phase_end_effects" not in eng._fired


def test_no_card_waits_for_the_end_of_a_phase_the_rule_decides_nothing(tmp_path):
    text = "state:\n  active: A\n  phase: battlefield\n  B:\n    battlefield: [Hag Queen]\nactions:\n  - {player: A, end: turn}\n"
    eng = _run(tmp_path, text)
    assert "phase_end_effects" not in eng._fired


# -- one attack in a battlefield phase (clarification:battlefield-phase: 'the target of his attack') ------

_TWO = """
state:
  active: A
  phase: battlefield
  A:
    battlefield: [Savage Marauders, Rat Swarm]
    hand: [Bash 'Em!]
    resources: 1
  B:
    battlefield: [Magewrath Throne]
actions:
  - {player: A, attack: kingdom, with: [Savage Marauders]}
  - {player: B, defend: []}
  - {player: A, assign: {capital: 2}}
  - {pass: all}
%s  - {player: A, attack: %s, with: [Rat Swarm], try: true}
"""


def test_second_attack_in_the_same_battlefield_phase_refused(tmp_path):
    eng = _run(tmp_path, _TWO % ("", "quest"))
    rej = _events(eng, "action_rejected")
    assert len(rej) == 1 and rid("clarification:battlefield-phase") in rej[0]["rejected_by"]
    assert "one_attack_per_phase" in eng._fired


def test_switched_off_two_attacks_in_one_phase(tmp_path, monkeypatch):
    keep_defending(monkeypatch)  # the entry off: only this mechanic's effect is asked about
    eng = _run(tmp_path, _TWO % ("", "quest"), ablate=_ids("one_attack_per_phase"))
    assert not _events(eng, "action_rejected")


def test_attack_in_the_additional_battlefield_phase_allowed(tmp_path):
    # must not apply: another battlefield phase has its own attack
    eng = _run(tmp_path, _TWO % ("  - {player: A, play: Bash 'Em!}\n  - {pass: all}\n"
                                 "  - {player: A, begin: battlefield}\n", "quest"))
    assert not _events(eng, "action_rejected")
    assert "one_attack_per_phase" not in eng._fired


def test_fulcrum_attack_beside_the_zone_attack_allowed(tmp_path):
    # must not apply: the Cataclysm fulcrum attack is not the battlefield phase's own attack
    eng = _run(tmp_path, _TWO % ("", "fulcrum, to: Magewrath Throne"))
    assert not _events(eng, "action_rejected")
    assert [e for e in _events(eng, "declared_attacker") if e["card"] == "Rat Swarm"]
    assert "one_attack_per_phase" not in eng._fired


def test_no_second_battlefield_phase_without_a_grant(tmp_path):
    text = ("state:\n  active: A\n  phase: battlefield\n  A:\n    battlefield: [Rat Swarm]\nactions:\n"
            "  - {player: A, begin: battlefield, try: true}\n")
    eng = _run(tmp_path, text)
    assert len(_events(eng, "action_rejected")) == 1


# -- attacks outside the battlefield phase: only with a card's permission, one for each ----------------

_QUEST = """
state:
  active: A
  phase: quest
  A:
    battlefield: [Savage Marauders, Rat Swarm]
    hand: [Illustrative Sortie, Illustrative Sortie]
    resources: 2
actions:
%s"""
_SORTIE = "  - {player: A, play: \"Illustrative Sortie#%d\"}\n  - {pass: all}\n"
_RAID = ("  - {player: A, attack: %s, with: [%s], try: true}\n  - {player: B, defend: [], try: true}\n"
         "  - {player: A, assign: {capital: %d}, try: true}\n  - {pass: all}\n")


def _damage(eng, zone):
    return eng.obj(f"B capital {zone}").damage


def test_no_attack_in_the_quest_phase_without_a_permission(tmp_path):
    eng = _run(tmp_path, _QUEST % (_RAID % ("kingdom", "Savage Marauders", 2)))
    assert _damage(eng, "kingdom") == 0
    assert "attacks_in_battlefield_phase" in eng._fired


def test_switched_off_an_attack_in_any_phase(tmp_path):
    eng = _run(tmp_path, _QUEST % (_RAID % ("kingdom", "Savage Marauders", 2)),
               ablate=_ids("attacks_in_battlefield_phase"))
    assert _damage(eng, "kingdom") == 2


def test_one_permission_one_attack_two_permissions_two(tmp_path):
    one = _SORTIE % 1 + _RAID % ("kingdom", "Savage Marauders", 2) + _RAID % ("quest", "Rat Swarm", 1)
    eng = _run(tmp_path, _QUEST % one)
    assert (_damage(eng, "kingdom"), _damage(eng, "quest")) == (2, 0)
    assert "attacks_in_battlefield_phase" not in eng._fired  # the permission: the rule does not refuse
    two = _SORTIE % 1 + _SORTIE % 2 + _RAID % ("kingdom", "Savage Marauders", 2) + _RAID % ("quest", "Rat Swarm", 1)
    eng = _run(tmp_path, _QUEST % two)
    assert (_damage(eng, "kingdom"), _damage(eng, "quest")) == (2, 1)


def test_wolves_of_the_north_questing_unit_attacks_in_the_quest_phase(tmp_path):
    # must not apply: the quest card lets its questing unit attack during the quest phase
    text = """
state:
  active: A
  phase: quest
  A:
    quest: [Wolves of the North, {card: Savage Gor, questing: true}]
actions:
""" + _RAID % ("kingdom", "Savage Gor", 1)
    eng = _run(tmp_path, text)
    assert _damage(eng, "kingdom") == 1
    assert "attacks_in_battlefield_phase" not in eng._fired


# -- defenders are declared all at once: no second declaration in one attack ----------------------------

_DEFEND = """
state:
  active: A
  phase: battlefield
  A:
    battlefield: [Savage Marauders]
  B:
    kingdom: [Rat Swarm, Dark Zealot]
actions:
  - {player: A, attack: kingdom, with: [Savage Marauders]}
  - {player: B, defend: [Rat Swarm]}
  - {player: B, defend: [Dark Zealot], try: true}
"""


def test_second_defender_declaration_refused(tmp_path):
    eng = _run(tmp_path, _DEFEND)
    assert len(_events(eng, "action_rejected")) == 1
    assert "defending" not in eng.obj("Dark Zealot").flags


def test_switched_off_defenders_declared_one_by_one(tmp_path, monkeypatch):
    keep_defending(monkeypatch)  # the entry off: only this mechanic's effect is asked about
    eng = _run(tmp_path, _DEFEND, ablate=_ids("declare_all_at_once"))
    assert not _events(eng, "action_rejected")
    assert "defending" in eng.obj("Dark Zealot").flags


def test_first_declaration_of_several_defenders_at_once_allowed(tmp_path):
    # must not apply: one declaration naming both
    eng = _run(tmp_path, _DEFEND.replace("defend: [Rat Swarm]}\n  - {player: B, defend: [Dark Zealot], try: true}",
                                         "defend: [Rat Swarm, Dark Zealot]}"))
    assert not _events(eng, "action_rejected")
    assert {"defending"} <= eng.obj("Dark Zealot").flags and {"defending"} <= eng.obj("Rat Swarm").flags


# -- each step of the battlefield phase closes the action window before it (ruling:b-action-window-1) ----

_NOBLE = """
state:
  active: A
  phase: battlefield
  A:
    battlefield: [Druchii Noble]
  B:
    battlefield: [Bloodsworn]
actions:
  - {player: A, attack: battlefield, with: [Druchii Noble]}
%s  - {player: A, use: Druchii Noble, targets: [Bloodsworn], try: true}
"""


def test_attack_trigger_lapses_when_defenders_are_declared(tmp_path):
    eng = _run(tmp_path, _NOBLE % "  - {player: B, defend: [Bloodsworn]}\n")
    assert len(_events(eng, "action_rejected")) == 1
    assert "triggered_action_window" in eng._fired


def test_attack_trigger_lapses_when_damage_is_assigned(tmp_path):
    eng = _run(tmp_path, _NOBLE % "  - {player: B, defend: []}\n  - {player: A, assign: {capital: 1}}\n")
    assert len(_events(eng, "action_rejected")) == 1


def test_switched_off_the_attack_trigger_stays_usable(tmp_path):
    eng = _run(tmp_path, _NOBLE % "  - {player: B, defend: [Bloodsworn]}\n", ablate=_ids("triggered_action_window"))
    assert not _events(eng, "action_rejected")


def test_attack_trigger_used_in_its_own_window(tmp_path):
    # must not apply: the condition met by declaring the attack belongs to the window after it
    eng = _run(tmp_path, _NOBLE % "")
    assert not _events(eng, "action_rejected")
    assert eng.obj_attr(eng.obj("Druchii Noble"), "power") == 2


def test_legend_attack_is_the_phases_attack(tmp_path):
    text = (_TWO % ("", "quest")).replace("battlefield: [Magewrath Throne]", "legend: [Illustrative Legend]").replace(
        "attack: kingdom, with: [Savage Marauders]}\n  - {player: B, defend: []}\n  - {player: A, assign: {capital: 2}}",
        "attack: legend, to: Illustrative Legend, zone: kingdom, with: [Savage Marauders]}\n"
        "  - {player: B, defend: []}\n  - {player: A, assign: {Illustrative Legend: 2}}\n"
        "  - {player: B, assign: {Savage Marauders: 1}}")
    eng = _run(tmp_path, text)
    assert eng.obj("Illustrative Legend").damage == 2
    assert len(_events(eng, "action_rejected")) == 1
    assert "one_attack_per_phase" in eng._fired


# -- one fulcrum attack in a (Cataclysm) battlefield phase -------------------------------------------------

def test_second_fulcrum_attack_refused_ordinary_attack_allowed(tmp_path):
    fulcrum = "fulcrum, to: Magewrath Throne"
    text = (_TWO % ("", fulcrum)).replace("  - {player: A, attack: fulcrum", "  - {player: A, attack: fulcrum, to: Magewrath Throne, with: [Rat Swarm]}\n"
                                           "  - {player: B, defend: []}\n  - {player: A, assign: {Magewrath Throne: 1}}\n"
                                           "  - {pass: all}\n  - {player: A, attack: fulcrum")
    eng = _run(tmp_path, text)
    assert len(_events(eng, "action_rejected")) == 1  # the second fulcrum attack; the first came after the zone attack
    assert eng.obj("Magewrath Throne").damage == 1
    assert "one_fulcrum_attack_per_phase" in eng._fired
    eng = _run(tmp_path, text, ablate=_ids("one_fulcrum_attack_per_phase"))
    assert not _events(eng, "action_rejected")
