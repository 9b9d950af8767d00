"""Each kind of ability takes the fields it reads (review 43L): a trigger's condition is its ``if:``, so a
``condition:`` written on a trigger -- which no trigger reads -- is refused as the card loads, naming the file,
the line and the field, instead of a power that triggers whatever the condition says. The same for ``if:`` /
``optional:`` on a play or action ability and ``limit:`` on a trigger. No rule decides this (it is the card
language's), so the scene lives under tests/engine/data."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.errors import BadInputError
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.scenes import variant

SCENE = Path(__file__).parent / "data" / "trigger-condition-field-refused.yaml"


def _variant(tmp_path, *pairs):
    return variant(tmp_path, SCENE, pairs)


def test_condition_on_a_trigger_is_refused_at_its_line():
    with pytest.raises(BadInputError) as err:
        load_fixture(SCENE)
    message = str(err.value)
    assert "trigger-condition-field-refused.yaml:16" in message
    assert "'condition'" in message and "'if:'" in message


def test_the_trigger_written_with_if_does_not_trigger(tmp_path):
    out = replay(load_fixture(_variant(tmp_path, ("        condition:", "        if:"))))
    assert out.passed, (out.problems, out.error)


def test_the_trigger_written_with_if_triggers_when_its_condition_holds(tmp_path):
    # the field is read: with a major hero B controls, the power draws
    path = _variant(tmp_path, ("        condition:", "        if:"),
                    ("    features: [Illustrative Watchtower]", "    features: [Illustrative Watchtower]\n"
                     "    zone2: [Dante Vale]"),
                    ("  - {card: Suit Grunt#2, zone: B.deck}", "  - {card: Suit Grunt#2, zone: B.hand}"))
    out = replay(load_fixture(path))
    assert out.passed, (out.problems, out.error)


@pytest.mark.parametrize("kind, field, value", [
    ("play", "if", '"true"'), ("play", "optional", "true"), ("action", "if", '"true"'),
    ("trigger", "limit", "{count: 1, per: turn}"), ("replacement", "targets", "[]"),
    ("continuous", "steps", "[]"), ("damage_modifier", "while", '"true"'),
])
def test_a_field_another_kind_reads_is_refused(tmp_path, kind, field, value):
    extra = {"trigger": "        on: {event: card_played}\n", "replacement": "        replaces: {event: card_played}\n"
             "        instead: []\n"}.get(kind, "")
    path = _variant(tmp_path, ("      - kind: trigger\n        on: {event: card_played, filter: \"event.player == opponent\"}\n"
                               "        condition: \"count(it.type == 'major hero' and it.controller == you) > 0\"\n"
                               "        steps:\n          - {draw: 1}\n",
                               f"      - kind: {kind}\n{extra}        {field}: {value}\n"))
    with pytest.raises(BadInputError) as err:
        load_fixture(path)
    assert f"a {kind} ability takes no field {field!r}" in str(err.value)
    assert "variant.yaml:" in str(err.value)


def test_an_unknown_field_gets_a_close_match(tmp_path):
    path = _variant(tmp_path, ("        condition:", "        iff:"))
    with pytest.raises(BadInputError) as err:
        load_fixture(path)
    assert "unknown ability field 'iff'; did you mean 'if'?" in str(err.value)
