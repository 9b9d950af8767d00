"""Star Wars TCG: "You have to deploy a unit before using its abilities" (ruling abilities-1, bound
to the core mechanic powers_function_in_play): a partially built card's triggered ability does not
trigger in the build zone, while the deployed copy's does; with the rule switched off, the build
zone's copy triggers too."""
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


def test_partially_built_quartermaster_triggers_with_the_rule_off(tmp_path):
    eng = run(tmp_path, QUARTERMASTERS.replace("begin: build}", "begin: build, choose: [[\"Rebel Quartermaster#1\", \"Rebel Quartermaster#2\"]]}"),
              {rid("ruling:abilities-1")})
    assert len(_gains(eng)) == 2
