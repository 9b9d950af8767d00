"""Warhammer: Invasion: damage clarifications (dealt vs assigned damage, cancelling, redirecting,
moving and indirect damage, non-combat damage, attachments leaving with their host). Loaded
through ``warhammer_invasion.EXTENSIONS`` (hooks: judge/games/_whi_ext.py)."""
from __future__ import annotations

G = "warhammer-invasion"


def rid(local: str) -> str:
    return f"{G}:{local}"


def bind(reg) -> None:
    # core mechanic (engine deal_damage): fully cancelled damage is not dealt
    reg.bind("dealt_after_cancellation", rid("clarification:dealt-damage"))
