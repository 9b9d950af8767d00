"""Warhammer: Invasion, a card effect that plays a card from a zone (playing._play_card): 'use the
Necromancy ability on a card in your discard pile without paying its cost' (Lord of the Dead) plays the card
'as though the unit was in its owner's hand' (keyword:necromancy). It is PLAYED, not put into play: its play
is announced and it is 'the next unit you play' (We'z Bigga!); only a card with the keyword may be picked
(necromancy_needs_keyword); only in its owner's capital phase (clarification:play, necromancy_capital_phase);
it returns to the bottom of its owner's deck at the end of the turn (necromancy_returns)."""
from __future__ import annotations

from pathlib import Path

from judge.engine.rules import rule_id
from judge.games.warhammer_invasion import next_cost
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

NECRO = rule_id("warhammer-invasion", "keyword:necromancy")
PLAY = rule_id("warhammer-invasion", "clarification:play")

_LORD = """game: warhammer-invasion
state:
  active: A
  phase: capital
  A:
    hand: [%(hand)s]
    discard: [Dark Acolyte, Cackling Hexwrath]
    resources: %(resources)d
actions:
%(actions)s
"""


def _run(tmp_path, text: str, ablate=()):
    f = Path(tmp_path) / "scenario.yaml"
    f.write_text(text)
    out = replay(load_fixture(f), set(ablate), lenient=bool(ablate))
    assert out.engine is not None, out.error
    return out.engine


def _events(eng, kind):
    return [e for st in eng.trace for e in st.events if e["event"] == kind]


def _lord(tmp_path, actions, hand="Lord of the Dead", resources=4, ablate=()):
    return _run(tmp_path, _LORD % {"hand": hand, "resources": resources, "actions": actions}, ablate)


_USE = """  - {player: A, play: Lord of the Dead, zone: kingdom}
  - {pass: all}
  - {player: A, use: Lord of the Dead, choose: [%s]}
  - {pass: all}"""


def test_the_unit_is_played_free_and_announced(tmp_path):
    eng = _lord(tmp_path, _USE % "Cackling Hexwrath, battlefield")
    assert eng.obj("Cackling Hexwrath").where == "A.battlefield"
    assert any(e.get("name") == "Cackling Hexwrath" for e in _events(eng, "card_played"))
    assert eng.player_attr("A", "resources") == 0  # Lord's own 4; the Hexwrath cost nothing


def test_only_a_card_with_the_keyword(tmp_path):
    eng = _lord(tmp_path, _USE % "{try: Dark Acolyte}, Cackling Hexwrath, kingdom")
    [refused] = _events(eng, "choice_rejected")
    assert refused["choice"] == "Dark Acolyte" and refused["rejected_by"] == [NECRO]
    off = _lord(tmp_path, _USE % "Dark Acolyte, kingdom", ablate=[NECRO])
    assert off.obj("Dark Acolyte").where == "A.kingdom"


def test_returns_at_the_end_of_the_turn(tmp_path):
    eng = _lord(tmp_path, _USE % "Cackling Hexwrath, kingdom" + "\n  - {end: turn}")
    assert eng.obj("Cackling Hexwrath").where == "A.deck"
    assert eng.obj("Lord of the Dead").where == "A.kingdom"  # played from hand: it stays


_OUTSIDE = """game: warhammer-invasion
state:
  active: A
  phase: %s
  A:
    discard: [Cackling Hexwrath]
actions:
  - {player: A, effect: [{play_card: "it.type == 'unit'", from: discard, using: necromancy}], choose: [%s]}
"""


def test_only_in_its_owners_capital_phase(tmp_path):
    eng = _run(tmp_path, _OUTSIDE % ("battlefield", ""))
    assert eng.obj("Cackling Hexwrath").where == "A.discard"
    assert any("capital phase" in str(e.get("reason")) for e in _events(eng, "nothing_to_play"))
    assert PLAY in {r for st in eng.trace for r in st.rules}
    off = _run(tmp_path, _OUTSIDE % ("battlefield", "Cackling Hexwrath, kingdom"), [PLAY])
    assert off.obj("Cackling Hexwrath").where == "A.kingdom"


def test_in_the_capital_phase_the_phase_rule_changes_nothing(tmp_path):
    eng = _run(tmp_path, _OUTSIDE % ("capital", "Cackling Hexwrath, kingdom"))
    assert eng.obj("Cackling Hexwrath").where == "A.kingdom"
    assert PLAY not in {r for st in eng.trace for r in st.rules}


_WEZ = """game: warhammer-invasion
state:
  active: A
  phase: capital
  A:
    hand: ["We'z Bigga!"]
    discard: [Cackling Hexwrath]
    resources: 1
actions:
  - {player: A, play: "We'z Bigga!"}
  - {pass: all}
  - {player: A, effect: [%s], choose: [%s]}
"""


def test_it_is_the_next_unit_played(tmp_path):
    """We'z Bigga!: 'the next unit you play this turn ... comes into play with 1 damage on it': the 1-hit-point
    Hexwrath played through the Necromancy ability is destroyed at once; put into play, it is not the next
    unit played (clarification:put-into-play) and stays."""
    eng = _run(tmp_path, _WEZ % ("{play_card: \"it.type == 'unit'\", from: discard, using: necromancy}",
                                 "Cackling Hexwrath, kingdom"))
    assert eng.obj("Cackling Hexwrath").where == "A.discard"
    assert next_cost.next_card_lowering(eng, "A", eng.obj("Cackling Hexwrath")) is None  # used up by this play
    put = _run(tmp_path, _WEZ % ("{put_into_play: Cackling Hexwrath}", "kingdom"))
    assert put.obj("Cackling Hexwrath").where == "A.kingdom"
    assert next_cost.next_card_lowering(put, "A", put.obj("Cackling Hexwrath")) is not None  # still waiting


_ONLY_ACOLYTE = _LORD.replace("discard: [Dark Acolyte, Cackling Hexwrath]", "discard: [Dark Acolyte]")


def test_no_card_with_the_keyword_nothing_is_played_and_nothing_asked(tmp_path):
    text = _ONLY_ACOLYTE % {"hand": "Lord of the Dead", "resources": 4, "actions": """  - {player: A, play: Lord of the Dead, zone: kingdom}
  - {pass: all}
  - {player: A, use: Lord of the Dead}
  - {pass: all}"""}
    eng = _run(tmp_path, text)
    assert eng.obj("Dark Acolyte").where == "A.discard"
    assert _events(eng, "nothing_to_play") and not _events(eng, "choice_rejected")
    off = _run(tmp_path, text.replace("  - {pass: all}\n  - {player: A, use: Lord of the Dead}",
                                      "  - {pass: all}\n  - {player: A, use: Lord of the Dead, choose: [Dark Acolyte, kingdom]}"),
               ablate=[NECRO])
    assert off.obj("Dark Acolyte").where == "A.kingdom"
