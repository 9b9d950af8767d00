"""Warhammer: Invasion's rules layer (issue 13): every mechanic in its rules.yaml is bound to at least
one rules-layer entry -- a numbered rule, a keyword, a clarification (or its example) or an FAQ answer /
bullet ruling marked ``states_rule`` -- never only to card-specific rulings or errata (Urguck's damage
spent as resources and Order in Chaos's order are their card scripts, not mechanics)."""
from __future__ import annotations

import pytest

from judge.engine.game import get_game

RULE_KINDS = ("rule", "keyword", "clarification", "section")


@pytest.fixture(scope="module")
def graph():
    from judge.graph import load_graph

    return load_graph(with_verdicts=False)


def rules_layer(G, rid: str) -> bool:
    node = G.nodes[rid] if rid in G else {}
    if node.get("kind") in RULE_KINDS or node.get("states_rule"):
        return True
    parent = rid.rsplit(":example-", 1)[0] if ":example-" in rid else None  # a clarification's example
    return bool(parent and parent in G and G.nodes[parent].get("kind") in RULE_KINDS)


def test_every_mechanic_is_bound_to_a_rule(graph):
    game = get_game("warhammer-invasion")
    card_only = sorted(key for key, mech in game.registry.mechanics.items()
                       if not any(rules_layer(graph, rid) for rid in mech.ids))
    assert card_only == [], f"mechanics bound only to card-specific rulings or errata: {card_only}"


def test_no_mechanic_is_bound_to_a_card_specific_entry(graph):
    """Besides its rules-layer ids, a mechanic may carry rulebook rulings and errata (the turn sequence's
    bullet rulings, page errata) but no entry about a card that does not state a general rule
    (states_rule): a card's own ruling is a scenario, never a mechanic."""
    game = get_game("warhammer-invasion")
    bound = sorted((key, rid) for key, mech in game.registry.mechanics.items() for rid in mech.ids
                   if rid in graph and graph.nodes[rid].get("cards") and not rules_layer(graph, rid))
    assert bound == [], f"mechanics bound to card-specific entries: {bound}"
