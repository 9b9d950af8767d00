"""Warhammer: Invasion's rules layer (issue 13): every mechanic in its rules.yaml is bound to at least
one rules-layer entry -- a numbered rule, a keyword, a clarification (or its example) or an FAQ answer /
bullet ruling marked ``states_rule`` -- never only to card-specific rulings or errata. The mechanics
still bound only to card rulings are listed, with the reason, so that a new one cannot slip in."""
from __future__ import annotations

import pytest

from judge.engine.game import get_game

#: mechanic -> why it is still bound only to a ruling about one card: no general rule decides the
#: scenarios of that ruling, so unbinding it would leave them checked by no rule at all (unbroken)
CARD_RULING_ONLY = {
    "damage_as_resources": "Urguck's own ruling ('spend damage as though it were resources')",
    "discard_to_deck_one_at_a_time": "Order in Chaos's own ruling (the order cards reach the deck)",
}
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
    assert card_only == sorted(k for k in CARD_RULING_ONLY if k in game.registry.mechanics)
