"""Competing replacements (core ReplacementMixin._replace): an optional replacement whose cost its controller
cannot pay is not among the options of the order question (Warhammer: Invasion, clarification:triggering-a-
card-effect, mechanic costs_paid_in_full: "If a player cannot fulfill these requirements to trigger a card
effect, he cannot attempt to trigger it"), so a single replacement left applies without asking. Altar of
Khaine ("you may spend 1 resource to instead return it to its owner's hand") beside Volkmar the Grim (a unit
that would enter the discard pile from play goes to the bottom of its controller's deck instead)."""
from __future__ import annotations

import textwrap

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENARIO = """
    state:
      active: A
      phase: capital
      A:
        kingdom: [Altar of Khaine]
        battlefield: [Dark Zealot]
        deck: [Hag Queen]
        resources: %d
      B:
        kingdom: [%s]
        hand: [Flames of Tzeentch]
        resources: 3
    actions:
      - {player: A, choose: %s}
      - {player: B, play: Flames of Tzeentch, x: 3, targets: [Dark Zealot]}
      - {pass: all}
    expect:
      - {card: Dark Zealot, zone: %s}
"""

COSTS = "warhammer-invasion:clarification:triggering-a-card-effect"


def _run(tmp_path, resources: int, volkmar: bool, choose: str, zone: str, ablate=frozenset()):
    text = SCENARIO % (resources, "Volkmar the Grim" if volkmar else "", choose, zone)
    path = tmp_path / "scenario.yaml"
    path.write_text("game: warhammer-invasion\n" + textwrap.dedent(text), encoding="utf-8")
    return replay(load_fixture(path), set(ablate))


def test_unpayable_altar_not_offered_beside_volkmar(tmp_path):
    """0 resources: only Volkmar can apply, nothing is asked; the Zealot goes to the bottom of A's deck."""
    out = _run(tmp_path, 0, True, "[]", "A.deck")
    assert out.status == "passed", out.problems or out.error
    assert out.engine.player_attr("A", "resources") == 0
    assert out.engine.zone_objs("A", "deck")[0].card.name == "Dark Zealot"  # bottom first


def test_payable_altar_the_active_players_goes_first(tmp_path):
    """1 resource: both can apply; A's Altar goes first, A being the active player (the leaving-play FAQ:
    'active player resolves his effect first'): only its 'may' is asked. Switched off, A (affected) orders."""
    out = _run(tmp_path, 1, True, "[]", "A.deck")
    assert out.status == "error" and "whether to apply Altar of Khaine" in out.error
    out = _run(tmp_path, 1, True, "[yes]", "A.hand")
    assert out.status == "passed", out.problems or out.error
    assert out.engine.player_attr("A", "resources") == 0
    faq = {"warhammer-invasion:faq:unit-sent-discard-pile-play-leaves-play-effects"}
    out = _run(tmp_path, 1, True, "[]", "A.deck", faq)
    assert out.status == "error" and "which replacement applies first" in out.error


def test_payable_altar_alone_still_asks_yes_or_no(tmp_path):
    """Without Volkmar, a payable Altar is still optional: its 'may' is asked."""
    out = _run(tmp_path, 1, False, "[]", "A.hand")
    assert out.status == "error" and "whether to apply Altar of Khaine" in out.error
    out = _run(tmp_path, 1, False, "[no]", "A.discard")
    assert out.status == "passed", out.problems or out.error


def test_unpayable_altar_alone_not_asked(tmp_path):
    out = _run(tmp_path, 0, False, "[]", "A.discard")
    assert out.status == "passed", out.problems or out.error


def test_costs_rule_off_offers_the_unpayable_altar(tmp_path):
    """costs_paid_in_full switched off: the unpayable Altar is offered again; chosen, it applies with its
    unpayable cost skipped (the rule's 'off': costs that cannot be paid are skipped)."""
    out = _run(tmp_path, 0, True, "[]", "A.deck", ablate={COSTS})  # offered: as A's, it goes first (FAQ)
    assert out.status == "error" and "whether to apply Altar of Khaine" in out.error
    out = _run(tmp_path, 0, True, "[yes]", "A.hand", ablate={COSTS})
    assert out.status == "passed", out.problems or out.error
    assert out.engine.player_attr("A", "resources") == 0
