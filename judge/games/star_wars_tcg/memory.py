"""What the Star Wars rules remember during a replay (pilots, the attack, the chance under way,
held triggered abilities, bounties ...)."""
from __future__ import annotations


def memory(eng) -> dict:
    data = getattr(eng, "_star_wars", None)
    if data is None:
        data = {"pilots": {}, "attack": None, "roll": None, "chance": None, "prevent": None,
                "held": [], "depth": 0, "resolving_now": False, "bounties": [], "overloaded": set()}
        eng._star_wars = data
    return data
