"""Huntik 705.1b: 'Heroes enter play in their controller's zone 1 unless otherwise specified' (mechanic
heroes_enter_zone_one, actions.can_play): a hero played into another zone is refused and the refusal names
705.1b; switched off, any zone. Where it must not apply: a hero played without naming a zone (it enters zone
1 by default, the rule decides nothing), and a card that is not a hero (a feature goes where it goes)."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

RULE = "huntik:705.1b"

_PLAY = """game: huntik
state:
  active: A
  lead: A
  round: 2
  A:
    hand: [Zhalia Moon, %(feature)s]
actions:
  - {player: A, play: %(what)s, try: true}
"""


def _run(tmp_path, what, ablate=(), feature="Old Lighthouse"):
    f = Path(tmp_path) / "s.ruling.yaml"
    f.write_text(_PLAY % {"what": what, "feature": feature})
    out = replay(load_fixture(f), set(ablate), lenient=bool(ablate))
    assert out.engine is not None, out.error
    return out.engine


def _rejected(eng):
    return [e for e in eng.events if e["event"] == "action_rejected"]


def test_a_hero_played_into_zone_two_is_refused_by_the_rule(tmp_path):
    eng = _run(tmp_path, "Zhalia Moon, zone: zone2")
    [refused] = _rejected(eng)
    assert refused["rejected_by"] == [RULE]
    assert eng.obj("Zhalia Moon").where == "A.hand"


def test_switched_off_any_zone(tmp_path):
    eng = _run(tmp_path, "Zhalia Moon, zone: zone2", ablate=[RULE])
    assert not _rejected(eng)
    assert eng.obj("Zhalia Moon").where == "A.zone2"


def test_no_zone_named_enters_zone_one_and_names_no_rule(tmp_path):
    eng = _run(tmp_path, "Zhalia Moon")
    assert not _rejected(eng) and eng.obj("Zhalia Moon").where == "A.zone1"
    [play] = [st for st in eng.trace if st.index == 1]
    assert RULE not in play.rules


def test_not_a_hero_is_not_refused_by_it(tmp_path):
    eng = _run(tmp_path, "Old Lighthouse, zone: features")
    assert not _rejected(eng) and eng.obj("Old Lighthouse").where == "A.features"
