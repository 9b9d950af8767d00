"""`replay --explain` names why a card moved in plain words: regular verbs take "-ed", irregular ones
and causes that are no verb have their own words (a Vs. System card put under a deck read "(puted)")."""
from __future__ import annotations

import pytest

from judge.scenarios.explain import cause_words


@pytest.mark.parametrize("cause, said", [
    ("put", "put"), ("destroy", "destroyed"), ("move", "moved"), ("retreat", "retreated"),
    ("sacrifice", "sacrificed"), ("ko", "knocked out"), ("upkeep", "in the upkeep"),
    ("pilot_moves_with_unit", "pilot moves with unit"), ("cancelled", "cancelled"),
])
def test_a_cause_reads_as_plain_words(cause, said):
    assert cause_words(cause) == said
