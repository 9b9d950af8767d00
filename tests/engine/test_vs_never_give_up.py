"""Vs. System, Never Give Up!: "KO a character you control with a team affiliation other than X-Statix.
If you do, ready target X-Statix attacker you control." -- a character with X-Statix alone or with no
team affiliation is not one; with none to KO, the attacker is not readied."""
from __future__ import annotations

from .test_vs_system import act, make


def _play(eng):
    act(eng, "attack", what="B", **{"with": ["Gin Genie"]})
    assert eng.obj("Gin Genie").exhausted
    eng.play("A", "Never Give Up!", {"targets": ["Gin Genie"]})
    eng.pass_until_empty()


def test_only_a_character_with_another_affiliation_is_kod_and_the_attacker_readies():
    eng = make(phase="combat", A_visible=["Gin Genie", "Henchman", "Lilith"], A_hand=["Never Give Up!"], B_hidden=["Death-Stalker"])
    _play(eng)
    assert eng.obj("Henchman").zone == "kod"       # the only option: not asked
    assert eng.obj("Lilith").zone == "visible"     # no team affiliation
    assert eng.obj("Gin Genie").zone == "visible"  # X-Statix alone
    assert not eng.obj("Gin Genie").exhausted


def test_nothing_to_ko_no_ready():
    eng = make(phase="combat", A_visible=["Gin Genie", "Lilith"], A_hand=["Never Give Up!"], B_hidden=["Death-Stalker"])
    _play(eng)
    assert eng.obj("Lilith").zone == "visible"
    assert eng.obj("Gin Genie").zone == "visible"
    assert eng.obj("Gin Genie").exhausted          # 'If you do' false


def test_granted_affiliation_counts():
    # Honor Among Thieves: "Characters you control with either the Crime Lords or Sinister Syndicate
    # affiliation have both affiliations": Syndicate Thug is another-affiliation either way; Lilith is not
    eng = make(phase="combat", A_visible=["Gin Genie", "Syndicate Thug", "Lilith"], A_resource=["Honor Among Thieves"],
               A_hand=["Never Give Up!"], B_hidden=["Death-Stalker"])
    _play(eng)
    assert eng.obj("Syndicate Thug").zone == "kod"
    assert not eng.obj("Gin Genie").exhausted
