"""What a scenario writer is told when a scenario is wrong (NEWUSER44, finding 5): an expected event of a
kind this replay never logged names the kinds it did log, nearest by name first; a misspelt action field
or verb is named with the closest known one; a card name with a comma split by a YAML flow mapping in any
field (not only the verb's) gets the quoting hint."""
from __future__ import annotations

import pytest

from judge.errors import BadInputError
from judge.scenarios.loader import load_fixture
from judge.scenarios.vocabulary import nearest_logged
from tests.engine.scenes import replay_text, write_scene

ZONE_ATTACK = """\
game: warhammer-invasion
state:
  active: A
  phase: kingdom
  A:
    quest: [Wolves of the North, {card: Savage Gors, questing: true}]
actions:
  - {begin: quest}
  - {player: A, attack: kingdom, with: [Savage Gors]}
  - {player: B, defend: []}
expect:
  - {event: declared_defender}
  - {event: declared_defender, count: 1}
"""


def test_an_expected_kind_never_logged_names_the_kinds_logged(tmp_path):
    out = replay_text(tmp_path, ZONE_ATTACK, "attack.yaml")
    assert out.status == "failed"
    first, counted = out.problems
    # no defender declared: the nearest kind logged comes first
    assert "none of that kind (this replay logged: declared_attacker" in first
    assert "got 0 (this replay logged: declared_attacker" in counted


def test_every_warhammer_attack_logs_attack_declared(tmp_path):
    # GUIDE.md lists attack_declared: an attack on a zone logged only declared_attacker (NEWUSER44 5a), an
    # attack on a legend or fulcrum both
    out = replay_text(tmp_path, ZONE_ATTACK.replace("  - {event: declared_defender}\n  - {event: declared_defender, count: 1}\n",
                                                    "  - {event: attack_declared, player: A, zone: kingdom, count: 1}\n"),
                      "attack.yaml")
    assert out.status == "passed", out.problems


def test_nearest_logged_kinds_first_a_few_at_most():
    logged = ["zone_change", "phase_begins", "declared_attacker", "turn_started", "resolving", "declared_defender"]
    assert nearest_logged("attack_declared", logged)[:2] == ["declared_attacker", "declared_defender"]
    assert len(nearest_logged("attack_declared", logged)) == 4
    assert nearest_logged("attack_declared", []) == []


HUNTIK = """\
game: huntik
state:
  active: A
  A:
    hand: [Augerfrost]
    zone1: ["Dante Vale, Private Investigator"]
  B:
    zone2: [Armored Recruit]
actions:
  - %s
"""


def _load_error(tmp_path, action: str) -> BadInputError:
    path = write_scene(tmp_path, HUNTIK % action)
    with pytest.raises(BadInputError) as err:
        load_fixture(path)
    assert err.value.line == 10
    return err.value


def test_a_misspelt_verb_is_named_with_the_verb_meant(tmp_path):
    err = _load_error(tmp_path, "{player: A, plya: Augerfrost}")
    assert err.problem == "unknown field 'plya' -- did you mean 'play'?"
    err = _load_error(tmp_path, "{player: A, play: Augerfrost, targts: [Armored Recruit]}")
    assert err.problem == "unknown field 'targts' -- did you mean 'targets'?"
    # no verb and nothing near a known field: both said
    err = _load_error(tmp_path, "{player: A, colour: red}")
    assert "unknown action field(s) 'colour', and the action has no verb (known: " in err.problem


def test_a_comma_name_split_in_a_flow_mapping_field_gets_the_quoting_hint(tmp_path):
    err = _load_error(tmp_path, "{player: A, play: Augerfrost, exhaust: Dante Vale, Private Investigator, "
                                "targets: [Armored Recruit]}")
    assert err.problem == ("unknown action field(s) 'Private Investigator'; card names with a comma must be "
                           'quoted in a YAML flow mapping: write {exhaust: "Dante Vale, Private Investigator"}')
