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
