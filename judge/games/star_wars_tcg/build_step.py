"""Whose build step the current build step is.

The blog never gives a build step to one player. Its bounty FAQ puts every bounty earned last turn
-- both players' -- "At the start of the next turn's build step ... the Dark Side player would get
his or her bounty first" (faq:earn-bounty), and the Upkeep FAQ calls the step at whose start the
bounty comes "your build step" for the player earning it (faq:try-pay-upkeep-before-earning-bounty).
Read together, a turn's build step is each player's build step, whichever player the fixture calls
active: both players' "your build step" abilities trigger at its start (Dark's first, by the
pool's order) and either player may move his Pilots in it. Switched off (either FAQ ablated): the
build step is the active player's only."""
from __future__ import annotations

SIDES = ("dark", "light")  # the Dark Side first, as the bounty FAQ orders them


def build_step_players(eng) -> list[str]:
    """The players whose build step this one is (Dark Side first)."""
    active = eng.state.vars.get("active")
    if eng.on("build_step_each_player"):
        return [p for p in SIDES if p in eng.state.players]
    return [active]


def in_your_build_step(eng, player: str) -> bool:
    """Is it ``player``'s build step now? Records the FAQs when the answer is yes only because the
    build step is each player's (``player`` is not the active player)."""
    if eng.state.vars.get("phase") != "build":
        return False
    if eng.state.vars.get("active") == player:
        return True
    if player in build_step_players(eng):
        eng.fire("build_step_each_player")
        return True
    return False
