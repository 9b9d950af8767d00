"""A trigger (or replacement) may name only an event kind the core or its game emits
(judge/engine/event_names.py): a word the game only logs loaded and never triggered -- Star Wars'
"phase_ended" (blind round 28), now emitted; "retreated", "stunned", "bounty_earned", "intercept_used" are
still only logged there and are refused with that said. The check is per game: Warhammer emits
"turn_begins" and Vs. System "stunned"; Hatalom emits its "phase_begins" and "turn_begins" (blind round 29)
and only logs "draw_replaced"."""
from __future__ import annotations

import pytest

from judge.engine.event_names import check_event_names, known_event_names
from judge.errors import BadInputError


def _card(event: str) -> dict:
    return {"name": "X", "abilities": [{"kind": "trigger", "on": {"event": event}, "steps": []}]}


@pytest.mark.parametrize("game, event", [
    ("star-wars-tcg", "phase_ended"), ("star-wars-tcg", "phase_begins"), ("star-wars-tcg", "turn_begins"),
    ("star-wars-tcg", "attacks"), ("star-wars-tcg", "damage_prevented"), ("star-wars-tcg", "enters_play"),
    ("warhammer-invasion", "turn_begins"), ("warhammer-invasion", "declared_defender"),
    ("warhammer-invasion", "enters_zone"), ("vs-system", "stunned"), ("vs-system", "equipped"),
    ("huntik", "exhausted"), ("huntik", "readied"), ("hatalom-kartyai", "leaves_play"),
    ("hatalom-kartyai", "phase_begins"), ("hatalom-kartyai", "turn_begins")])
def test_an_emitted_kind_loads(game, event):
    check_event_names(_card(event), game, "cards.yaml", "X")


@pytest.mark.parametrize("game, event", [
    ("star-wars-tcg", "retreated"), ("star-wars-tcg", "stunned"), ("star-wars-tcg", "bounty_earned"),
    ("star-wars-tcg", "intercept_used"), ("star-wars-tcg", "attack_declared"),
    ("hatalom-kartyai", "draw_replaced"), ("vs-system", "turn_started")])
def test_a_word_only_logged_is_refused_saying_so(game, event):
    with pytest.raises(BadInputError, match=f"produce no event '{event}', so this would never trigger "
                                            r"\(it is only logged, never emitted"):
        check_event_names(_card(event), game, "cards.yaml", "X")


def test_a_word_of_the_code_that_is_no_event_is_refused_and_the_nearest_kinds_named():
    # 'ground' is quoted in the Star Wars code (a zone), which the old check accepted as an event
    with pytest.raises(BadInputError, match="produce no event 'ground'"):
        check_event_names(_card("ground"), "star-wars-tcg", "cards.yaml", "X")
    with pytest.raises(BadInputError, match="did you mean phase_ended"):
        check_event_names(_card("phase_endd"), "star-wars-tcg", "cards.yaml", "X")


def test_a_replaced_event_is_checked_too():
    with pytest.raises(BadInputError, match="produce no event 'retreated'"):
        check_event_names({"name": "X", "abilities": [{"kind": "replacement", "replaces": {"event": "retreated"},
                                                        "instead": []}]}, "star-wars-tcg", "cards.yaml", "X")


def test_kinds_handed_through_a_name_are_read():
    # core zones.set_exhausted_all: kind = "exhausted" if value else "readied"; Warhammer combat.declare's
    # parameter, given "declared_defender" where it is called
    assert {"exhausted", "readied"} <= known_event_names("star-wars-tcg")
    assert "declared_defender" in known_event_names("warhammer-invasion")
    assert "declared_defender" not in known_event_names("star-wars-tcg")
