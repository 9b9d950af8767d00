"""'Put into play' naming no zone (review 43): the card enters a zone its player chooses, as a card played
does (clarification:put-into-play: "the card enters play through a card effect instead of through normal
costs and restrictions"), for every way the card language says it -- reveal_put (End Times), a search
`to: play` (Squig Trackers) and put_into_play (Stand Your Ground). A text that names the zone ('into your
battlefield': Call the Brayherd) asks nothing, and a card a zone could not help (a unique copy already in
play) is not asked one."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.scenes import replay_text, write_scene

END_TIMES = """
    state:
      active: A
      phase: capital
      A:
        hand: [End Times]
        deck: [Hag Queen, Dark Zealot, Illustrative Rune, Rat Swarm, Bloodsworn]
        resources: 2
    actions:
      - {player: A, play: End Times}
      - {player: A, pass: all%s}
    expect:
      - {card: Bloodsworn, zone: A.%s}
      - {card: Rat Swarm, zone: A.%s}
      - {card: Illustrative Rune, zone: A.discard}
"""


def _run(tmp_path, text: str):
    return replay_text(tmp_path, text, game="warhammer-invasion")


def test_end_times_each_unit_in_the_zone_chosen(tmp_path):
    out = _run(tmp_path, END_TIMES % (", choose: [quest, battlefield]", "quest", "battlefield"))
    assert out.status == "passed", out.problems or out.error


def test_end_times_asks_the_zone(tmp_path):
    out = _run(tmp_path, END_TIMES % ("", "kingdom", "kingdom"))
    assert out.status == "error" and "must choose the zone Bloodsworn enters" in out.error


SQUIG = """
    state:
      active: A
      phase: capital
      A:
        hand: [Squig Trackers]
        deck: [Bloodsworn, Squig Herd, Pistoliers]
        resources: 2
    actions:
      - {player: A, play: Squig Trackers, zone: kingdom}
      - {pass: all}
      - {player: A, use: Squig Trackers, choose: [Squig Herd, %s]}
      - {pass: all}
    expect:
      - {card: Squig Herd, zone: A.%s}
"""


def test_squig_trackers_puts_the_squig_in_the_zone_chosen(tmp_path):
    for zone in ("kingdom", "quest"):
        out = _run(tmp_path, SQUIG % (zone, zone))
        assert out.status == "passed", (zone, out.problems or out.error)


BRAYHERD = """
    state:
      active: A
      phase: capital
      A:
        hand: [Call the Brayherd]
        deck: [Hag Queen, Rat Swarm, Dark Zealot, Illustrative Rune, Rat Swarm]
        resources: 4
    actions:
      - {player: A, play: Call the Brayherd%s}
      - {pass: all}
    expect:
      - {card: "Rat Swarm#2", zone: A.battlefield}
"""


def test_a_named_zone_is_not_chosen(tmp_path):
    out = _run(tmp_path, BRAYHERD % "")
    assert out.status == "passed", out.problems or out.error
    out = _run(tmp_path, BRAYHERD % ", choose: [kingdom]")
    assert out.status == "error" and "never used" in out.error


def test_switched_off_the_card_enters_the_kingdom(tmp_path):
    """put_into_play_zone_chosen (clarification:put-into-play) off: nothing is asked, the units enter the kingdom."""
    path = write_scene(tmp_path, END_TIMES % ("", "kingdom", "kingdom"), game="warhammer-invasion")
    out = replay(load_fixture(path), {"warhammer-invasion:clarification:put-into-play"})
    assert out.status == "passed", out.problems or out.error
