"""What the Star Wars rules remember during a replay (pilots, the attack, the chance under way,
held triggered abilities, bounties ...): one namespace of the engine's game memory (kept in the
State)."""
from __future__ import annotations

NAMESPACE = "star-wars-tcg"
DEFAULTS = {"pilots": {}, "attack": None, "roll": None, "chance": None, "prevent": None,
            "held": [], "depth": 0, "resolving_now": False, "bounties": [], "overloaded": set()}


def memory(eng) -> dict:
    return eng.memory(NAMESPACE, DEFAULTS)
