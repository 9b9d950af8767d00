"""Star Wars TCG: "You have to deploy a unit before using its abilities" (ruling abilities-1): a
partially built card's triggered ability does not trigger in the build zone, while the deployed copy's
does. The game names abilities-1's mechanic as what bars a partially built card's powers there (hook
powers_barred_by): switched off, the partially built copy triggers too. The core's powers_function_in_play
stays unbound here (its switch would free every card's abilities in every area, not just the build zone's)."""
from __future__ import annotations

from .test_star_wars import events, rid, run

QUARTERMASTERS = """
    ruling: star-wars-tcg:ruling:abilities-1
    cites: [star-wars-tcg:ruling:abilities-1]
    question: q
    answer: a
    state:
      active: light
      light:
        force: 0
        build: [{card: Rebel Quartermaster, partial: true}]
        character: [Rebel Quartermaster]
    actions:
      - {player: light, begin: turn}
      - {player: light, begin: build}
"""


def _gains(eng) -> list:
    return [e for e in events(eng, "player_counter") if e.get("player") == "light"]


def test_partially_built_quartermaster_does_not_trigger(tmp_path):
    eng = run(tmp_path, QUARTERMASTERS)
    sources = [e.get("source") for e in events(eng, "triggered")]
    assert "Rebel Quartermaster#1" not in sources
    assert len(_gains(eng)) == 1


def test_deployed_quartermaster_triggers(tmp_path):
    """Where the rule must not apply: the copy in the Character arena is deployed."""
    eng = run(tmp_path, QUARTERMASTERS)
    assert "Rebel Quartermaster#2" in [e.get("source") for e in events(eng, "triggered")]
    assert eng.state.player_data["light"]["force"] == 1


def test_switched_off_the_partially_built_quartermaster_triggers_too(tmp_path):
    # both trigger at once, so the player orders them
    script = QUARTERMASTERS.replace("{player: light, begin: build}",
                                    '{player: light, begin: build, choose: [["Rebel Quartermaster#1"]]}')
    eng = run(tmp_path, script, {rid("ruling:abilities-1")})
    assert "Rebel Quartermaster#1" in [e.get("source") for e in events(eng, "triggered")]
    assert len(_gains(eng)) == 2
