"""Changes to a card that stays where it is -- stunned (a flag), exhausted, readied, a counter put on it, a new
controller -- happen as their event is performed, like a zone change (events.py _perform_change):
- 710.1: a replacement modifier replaces them -- the specified change never happens and nothing triggers off it;
  where its filter does not match, the change happens; switched off, the change happens.
- 702.4: a trigger on them reads the card as it was immediately before (a ready hero's bonus, its controller
  before it changes hands, no counter yet); switched off, it reads the card after the change."""
from __future__ import annotations

from pathlib import Path

import yaml

from judge.engine.rules import rule_id
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

R7101 = rule_id("huntik", "710.1")
R7024 = rule_id("huntik", "702.4")

WARD = {"name": "Steady Ward", "type": "feature", "traits": [], "illustrative": True,
        "text": "If a friendly hero would be stunned, exhaust it instead.",
        "abilities": [{"kind": "replacement",
                       "replaces": {"event": "flagged", "filter": "event.flag == 'stunned' and event.obj.is_hero"
                                                                  " and event.obj.controller == you"},
                       "instead": [{"exhaust": "event.obj"}]}]}
CAMP = {"name": "Rested Camp", "type": "feature", "traits": [], "illustrative": True,
        "text": "Ready friendly heroes get +1 DEF.",
        "abilities": [{"kind": "continuous", "modify": {"def": 1},
                       "applies_to": "it.is_hero and it.controller == this.controller and not it.exhausted"}]}


def _watcher(name, event, filt):
    return {"name": name, "type": "minor hero", "traits": ["Evil"], "stats": {"atk": 1, "def": 1},
            "illustrative": True, "text": f"Whenever ... ({event}), draw a card.",
            "abilities": [{"kind": "trigger", "on": {"event": event, "filter": filt}, "steps": [{"draw": 1}]}]}


def _replacing(name, event, filt, instead):
    return {"name": name, "type": "feature", "traits": [], "illustrative": True, "text": f"If ... would ({event})",
            "abilities": [{"kind": "replacement", "replaces": {"event": event, "filter": filt}, "instead": instead}]}


def _run(tmp_path, cards, state, actions, ablate=()):
    f = Path(tmp_path) / "scenario.ruling.yaml"
    f.write_text(yaml.safe_dump({"game": "huntik", "cards": cards,
                                 "state": {"active": "B", "lead": "B", "round": 2, **state},
                                 "actions": actions + [{"pass": "all"}]}, sort_keys=False))
    return replay(load_fixture(f), set(ablate), lenient=bool(ablate)).engine


def _hand(eng, p):
    return len(eng.zone_objs(p, "hand"))


# -- 710.1: the replaced change never happens ------------------------------------------------------------------
def _snare(tmp_path, targets, ablate=()):
    return _run(tmp_path, [WARD], {"A": {"zone1": ["Lok Lambert", "Seeker Recruit"], "features": ["Steady Ward"]},
                                   "B": {"zone1": ["Trap Master", "Suit Grunt"], "hand": ["Twin Snare"],
                                         "deck": ["Iron Will", "Shadowspeed"]}},
                [{"player": "B", "play": "Twin Snare", "targets": targets}], ablate)


def test_a_replaced_stun_never_happens_the_hero_is_exhausted_instead(tmp_path):
    eng = _snare(tmp_path, ["Lok Lambert", "Seeker Recruit"])
    for name in ("Lok Lambert", "Seeker Recruit"):
        assert "stunned" not in eng.obj(name).flags and eng.obj(name).exhausted
    assert _hand(eng, "B") == 0  # Trap Master: no enemy hero became stunned


def test_a_stun_the_replacement_does_not_describe_happens(tmp_path):
    eng = _snare(tmp_path, ["Lok Lambert", "Suit Grunt"])
    assert "stunned" in eng.obj("Suit Grunt").flags and not eng.obj("Suit Grunt").exhausted
    assert "stunned" not in eng.obj("Lok Lambert").flags


def test_switched_off_the_stun_happens_and_triggers(tmp_path):
    eng = _snare(tmp_path, ["Lok Lambert", "Seeker Recruit"], [R7101])
    for name in ("Lok Lambert", "Seeker Recruit"):
        assert "stunned" in eng.obj(name).flags and not eng.obj(name).exhausted
    assert _hand(eng, "B") == 2


def test_a_replaced_exhaust_ready_or_counter_never_happens(tmp_path):
    stop = [_replacing("Stop Exhaust", "exhausted", "event.obj.controller == you", [{"draw": 1}]),
            _replacing("Stop Ready", "readied", "event.obj.controller == you", [{"draw": 1}]),
            _replacing("Stop Counter", "counter_added", "event.obj.controller == you", [{"draw": 1}])]
    state = {"A": {"zone1": ["Lok Lambert", {"card": "Seeker Recruit", "exhausted": True}],
                   "features": ["Stop Exhaust", "Stop Ready", "Stop Counter"],
                   "deck": ["Iron Will", "Shadowspeed", "Avoidance"]},
             "B": {"zone1": ["Suit Grunt", {"card": "Zhalia Moon", "exhausted": True}]}}
    steps = [{"exhaust": "Lok Lambert"}, {"ready": "Seeker Recruit"}, {"counter": "Lok Lambert", "kind": "charge"},
             {"exhaust": "Suit Grunt"}, {"ready": "Zhalia Moon"}, {"counter": "Suit Grunt", "kind": "charge"}]
    actions = [{"player": "B", "effect": st} for st in steps]
    eng = _run(tmp_path, stop, state, actions)
    assert not eng.obj("Lok Lambert").exhausted and eng.obj("Seeker Recruit").exhausted
    assert not eng.obj("Lok Lambert").counters.get("charge") and _hand(eng, "A") == 3
    # not A's cards: the replacements do not describe them, the changes happen
    assert eng.obj("Suit Grunt").exhausted and not eng.obj("Zhalia Moon").exhausted
    assert eng.obj("Suit Grunt").counters.get("charge") == 1
    off = _run(tmp_path, stop, state, actions, [R7101])
    assert off.obj("Lok Lambert").exhausted and not off.obj("Seeker Recruit").exhausted
    assert off.obj("Lok Lambert").counters.get("charge") == 1 and _hand(off, "A") == 0


def test_a_replaced_change_of_control_never_happens(tmp_path):
    oath = _replacing("Oath Stone", "control_changed", "event.obj.controller == you and event.to == opponent",
                      [{"exhaust": "event.obj"}])
    state = {"A": {"zone1": ["Lok Lambert"], "features": ["Oath Stone"]}, "B": {"zone1": ["Suit Grunt"]}}
    take = [{"player": "B", "effect": {"gain_control": "Lok Lambert", "player": "B"}}]
    eng = _run(tmp_path, [oath], state, take)
    assert eng.obj("Lok Lambert").controller == "A" and eng.obj("Lok Lambert").exhausted
    assert eng.obj("Lok Lambert").where == "A.zone1"
    off = _run(tmp_path, [oath], state, take, [R7101])
    assert off.obj("Lok Lambert").controller == "B" and off.obj("Lok Lambert").where == "B.zone1"
    back = [{"player": "A", "effect": {"gain_control": "Suit Grunt", "player": "A"}}]  # not A's hero: it happens
    assert _run(tmp_path, [oath], state, back).obj("Suit Grunt").controller == "A"


# -- 702.4: triggers read the card as it was just before the change ---------------------------------------------
def _exhaust_watch(tmp_path, ablate=()):
    scout = _watcher("Vigilant Scout", "exhausted", "event.obj.controller == opponent and event.obj.def >= 4")
    return _run(tmp_path, [CAMP, scout],
                {"A": {"zone1": ["Lok Lambert", "Seeker Recruit"], "features": ["Rested Camp"]},
                 "B": {"zone1": ["Vigilant Scout"], "deck": ["Iron Will", "Shadowspeed"]}},
                [{"player": "B", "effect": {"exhaust": "Lok Lambert"}},
                 {"player": "B", "effect": {"exhaust": "Seeker Recruit"}}], ablate)


def test_exhausted_trigger_reads_the_ready_bonus_before_the_exhaust(tmp_path):
    eng = _exhaust_watch(tmp_path)
    assert eng.obj("Lok Lambert").exhausted and _hand(eng, "B") == 1  # Lok had 4 DEF; the Recruit 2: no draw


def test_switched_off_the_exhausted_trigger_reads_the_card_after(tmp_path):
    assert _hand(_exhaust_watch(tmp_path, [R7024]), "B") == 0  # 3 DEF after


def test_readied_trigger_reads_the_card_before_it_readies(tmp_path):
    low = _watcher("Low Watch", "readied", "event.obj.controller == opponent and event.obj.def <= 3")
    state = {"A": {"zone1": [{"card": "Lok Lambert", "exhausted": True}], "features": ["Rested Camp"]},
             "B": {"zone1": ["Low Watch"], "deck": ["Iron Will"]}}
    ready = [{"player": "B", "effect": {"ready": "Lok Lambert"}}]
    assert _hand(_run(tmp_path, [CAMP, low], state, ready), "B") == 1  # 3 DEF before, 4 after
    assert _hand(_run(tmp_path, [CAMP, low], state, ready, [R7024]), "B") == 0


def test_counter_trigger_reads_the_card_before_the_counter(tmp_path):
    first = _watcher("First Charge", "counter_added", "event.kind == 'charge' and not event.obj.charge")
    state = {"A": {"zone1": ["Lok Lambert"]}, "B": {"zone1": ["First Charge"], "deck": ["Iron Will", "Avoidance"]}}
    put = [{"player": "B", "effect": {"counter": "Lok Lambert", "kind": "charge"}},
           {"player": "B", "effect": {"counter": "Lok Lambert", "kind": "charge"}}]
    assert _hand(_run(tmp_path, [first], state, put), "B") == 1  # the second finds one there already
    assert _hand(_run(tmp_path, [first], state, put, [R7024]), "B") == 0


def test_control_trigger_reads_the_controller_before_the_change(tmp_path):
    keeper = _watcher("Bond Keeper", "control_changed",
                      "event.obj.is_hero and event.obj.controller == you and event.to == opponent")
    state = {"A": {"zone1": ["Lok Lambert", "Bond Keeper"], "deck": ["Iron Will"]},
             "B": {"zone1": ["Bond Keeper"], "deck": ["Avoidance"]}}
    take = [{"player": "B", "effect": {"gain_control": "Lok Lambert", "player": "B"}}]
    eng = _run(tmp_path, [keeper], state, take)
    assert eng.obj("Lok Lambert").controller == "B" and (_hand(eng, "A"), _hand(eng, "B")) == (1, 0)
    off = _run(tmp_path, [keeper], state, take, [R7024])
    assert (_hand(off, "A"), _hand(off, "B")) == (0, 0)
