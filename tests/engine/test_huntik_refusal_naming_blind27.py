"""Blind round 27 (Huntik): a scripted {try: X} outside a decision's options names what left it out.
- the card exhausted to pay for an exhaust action card: 701.2 (exhaust_power_needs_ready: an exhausted card or
  one that is no hero/obstacle; controller_uses_powers: another player's card), as `exhaust: X` on the play is
  refused; with one card that can pay, the try is refused there and that card taken (not kept for later);
- a pick a card's own text limits (Mind Leech's discard, Set a Trap's zone, Colossal Blast's discard cost):
  that card's text (refused_by_text);
- an order naming another player's thing: the game's order policy -- 711.3 for the start-of-game timestamps
  (simultaneous_modifier_order), 702.6 for triggered powers (pending_order_policy, core); a pick of a card
  whose modifier does not compete for the event: 710.1a (replacement_order, core).
Each: where it applies, where it must not (a legal pick, a misspelling, a try meant for a later decision),
and the rule switched off."""
from __future__ import annotations

import textwrap

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay


def _replay(tmp_path, text: str, ablate: set | None = None):
    path = tmp_path / "probe.ruling.yaml"
    path.write_text("game: huntik\n" + textwrap.dedent(text), encoding="utf-8")
    return replay(load_fixture(path), ablate or set(), lenient=bool(ablate))


def _rejected(out, kind: str = "choice_rejected") -> list[dict]:
    return [e for e in out.engine.events if e["event"] == kind]


def _named(out) -> list[tuple]:
    return [(e["choice"], tuple(e.get("rejected_by") or ()), e.get("refused_by_text")) for e in _rejected(out)]


# -- the card exhausted to pay for an exhaust action card (701.2) ----------------------------------------------

PAY = """\
state:
  active: A
  A:
    hand: [Augerfrost, Zhalia Moon]
    zone1: ZONE
    features: [Old Lighthouse]
  B:
    zone1: [Suit Grunt]
actions:
  - {player: A, play: Augerfrost, targets: [Suit Grunt], choose: CHOOSE}
  - {pass: all}
"""
SEVERAL = "[{card: Dante Vale, controller: B}, Lok Lambert, Sophie Casterwill, {card: Seeker Recruit, exhausted: true}]"
ONE = "[Lok Lambert, {card: Sophie Casterwill, exhausted: true}, {card: Dante Vale, controller: B}]"


def _pay(tmp_path, zone, choose, ablate=None):
    return _replay(tmp_path, PAY.replace("ZONE", zone).replace("CHOOSE", choose), ablate)


def test_payer_exhausted_or_his_refused_by_701_2_among_several(tmp_path):
    out = _pay(tmp_path, SEVERAL, "[{try: Seeker Recruit}, {try: Dante Vale}, {try: Old Lighthouse}, Sophie Casterwill]")
    assert out.error is None, out.error
    assert _named(out) == [(n, ("huntik:701.2",), None) for n in ("Seeker Recruit", "Dante Vale", "Old Lighthouse")]
    eng = out.engine
    assert eng.obj("Sophie Casterwill").exhausted and not eng.obj("Lok Lambert").exhausted
    assert eng.obj("Suit Grunt").zone == "discard"


def test_one_payer_a_try_of_another_is_refused_and_the_only_one_pays(tmp_path):
    for tried in ("Sophie Casterwill", "Dante Vale"):
        out = _pay(tmp_path, ONE, f"[{{try: {tried}}}]")
        assert out.error is None, out.error
        assert _named(out) == [(tried, ("huntik:701.2",), None)]
        assert out.engine.obj("Lok Lambert").exhausted


def test_legal_picks_are_not_refused(tmp_path):
    out = _pay(tmp_path, SEVERAL, "[Lok Lambert]")
    assert out.error is None and _rejected(out) == [] and out.engine.obj("Lok Lambert").exhausted
    out = _pay(tmp_path, ONE, "[Lok Lambert]")  # the only payer, named: taken, not left over
    assert out.error is None and _rejected(out) == [] and out.engine.obj("Lok Lambert").exhausted


def test_a_card_not_in_play_names_no_rule(tmp_path):
    # as `exhaust: X` naming a card in hand: "not a card in play", no rule of 701.2 narrowed that
    out = _pay(tmp_path, SEVERAL, "[{try: Zhalia Moon}, Lok Lambert]")
    assert out.error is None and _named(out) == [("Zhalia Moon", (), None)]


def test_one_payer_a_try_not_naming_a_card_in_play_stays_for_a_later_decision(tmp_path):
    # Zhalia is in hand: the try is no attempt at paying, so it is left over (a script error), not refused
    out = _pay(tmp_path, ONE, "[{try: Zhalia Moon}]")
    assert out.error is not None and "never used" in out.error and _rejected(out) == []


def test_701_2_off_an_exhausted_or_his_card_may_pay(tmp_path):
    out = _pay(tmp_path, ONE, "[{try: Sophie Casterwill}]", {"huntik:701.2"})
    assert _rejected(out) == [] and not out.engine.obj("Lok Lambert").exhausted


# -- picks limited by a card's own text -----------------------------------------------------------------------

TEXT = """\
state:
  active: A
  A:
    deck: [Hyperstride, Hyperstride]
    hand: [Mind Leech, Set a Trap, Zhalia Moon]
    zone1: [Lok Lambert, "Ashtoreth, Colossus", Dante Vale]
  B:
    hand: [Shadowspeed, Breakspell, Honorguard]
    zone1: [Suit Grunt]
actions:
  - {player: B, choose: LEECH}
  - {player: A, play: Mind Leech}
  - {pass: all}
  - {player: A, play: Set a Trap, exhaust: Dante Vale, choose: TRAP}
  - {pass: all}
  - {start: combat}
  - {player: A, use: "Ashtoreth, Colossus", choose: BLAST}
  - {pass: all}
"""


def _text(tmp_path, leech, trap, blast):
    return _replay(tmp_path, TEXT.replace("LEECH", leech).replace("TRAP", trap).replace("BLAST", blast))


def test_picks_outside_the_text_are_refused_by_that_card(tmp_path):
    out = _text(tmp_path, "[{try: Suit Grunt}, Shadowspeed, Breakspell]", "[{try: features}, zone2]",
                "[{try: Lok Lambert}, Zhalia Moon]")
    assert out.error is None, out.error
    assert _named(out) == [("Suit Grunt", (), "Mind Leech"), ("features", (), "Set a Trap"),
                           ("Lok Lambert", (), "Ashtoreth, Colossus")]
    assert out.engine.obj("Honorguard").zone == "hand" and out.engine.obj("Zhalia Moon").zone == "discard"


def test_picks_the_text_allows_are_not_refused(tmp_path):
    out = _text(tmp_path, "[Shadowspeed, Breakspell]", "[zone3]", "[Zhalia Moon]")
    assert out.error is None and _rejected(out) == []


def test_a_misspelt_try_is_a_script_error_not_a_refusal_by_the_text(tmp_path):
    out = _text(tmp_path, "[{try: Sutt Grunt}, Shadowspeed, Breakspell]", "[zone2]", "[Zhalia Moon]")
    assert out.error is not None and "misspelling" in out.error


# -- orders: the game's order policy names the refusal -----------------------------------------------------------

SENTINELS = """\
state:
  active: A
  lead: B
  A:
    zone1: [Stoneward Sentinel, Guardian Sentinel, Lok Lambert]
  B:
    zone1: [Ironhide Sentinel, Suit Grunt]
actions:
  - {player: A, choose: CHOOSE}
"""


def _sentinels(tmp_path, choose, ablate=None):
    return _replay(tmp_path, SENTINELS.replace("CHOOSE", choose), ablate)


def test_start_of_game_order_naming_his_modifier_refused_by_711_3(tmp_path):
    out = _sentinels(tmp_path, "[{try: [Stoneward Sentinel, Ironhide Sentinel]}, [Stoneward Sentinel, Guardian Sentinel]]")
    assert out.error is None, out.error
    assert [r for _, r, _ in _named(out)] == [("huntik:711.3",)]
    assert out.engine.obj_attr(out.engine.obj("Stoneward Sentinel"), "def") == 3


def test_start_of_game_order_of_his_own_modifiers_is_not_refused(tmp_path):
    out = _sentinels(tmp_path, "[{try: [Guardian Sentinel, Stoneward Sentinel]}]")
    assert out.error is None and _rejected(out) == []


def test_start_of_game_order_with_a_duplicate_names_no_rule(tmp_path):
    # the same modifier twice is a malformed order, not one 711.3 leaves out
    out = _sentinels(tmp_path, "[{try: [Guardian Sentinel, Guardian Sentinel]}, [Stoneward Sentinel, Guardian Sentinel]]")
    assert out.error is None and [r for _, r, _ in _named(out)] == [()]


@pytest.mark.parametrize("other", ["Suit Grunt", "Lok Lambert"])
def test_start_of_game_order_naming_a_card_with_no_waiting_modifier_names_no_rule(tmp_path, other):
    # a card in the game that has no modifier in this group (his or mine) is a malformed order, not one 711.3
    # leaves out: was refused naming 711.3 for any card name in the game
    out = _sentinels(tmp_path, f"[{{try: [Stoneward Sentinel, {other}]}}, [Stoneward Sentinel, Guardian Sentinel]]")
    assert out.error is None and [r for _, r, _ in _named(out)] == [()]


def test_triggered_power_order_naming_a_card_with_nothing_waiting_names_no_rule(tmp_path):
    out = _watchers(tmp_path, '[{try: ["Dante Vale", "Loyal Squire#1", "Titan Watcher#1"]}, '
                              '["Loyal Squire#1", "Titan Watcher#1"]]')
    assert out.error is None and [r for _, r, _ in _named(out)] == [()]


def test_711_3_off_no_order_refusal_names_it(tmp_path):
    out = _sentinels(tmp_path, "[{try: [Stoneward Sentinel, Ironhide Sentinel]}, [Stoneward Sentinel, Guardian Sentinel]]",
                     {"huntik:711.3"})
    assert out.error is None, out.error  # the replay with the rule off ran to its end
    assert not any("huntik:711.3" in r for _, r, _ in _named(out))


WATCHERS = """\
state:
  active: A
  lead: A
  A:
    deck: [Hyperstride, Hyperstride]
    zone1: [Dante Vale, Titan Watcher, Loyal Squire]
  B:
    deck: [Breakspell, Breakspell]
    zone1: [Titan Watcher, Loyal Squire, {card: Zhalia Moon, controller: A}]
actions:
  - {player: A, choose: CHOOSE}
  - {player: A, use: Dante Vale, ability: Megapunch, targets: [Zhalia Moon]}
  - {pass: all}
"""


def _watchers(tmp_path, choose, ablate=None):
    return _replay(tmp_path, WATCHERS.replace("CHOOSE", choose), ablate)


def _resolved(out) -> list[str]:
    return [e["source"] for e in out.engine.events if e["event"] == "resolved"]


def test_triggered_power_order_naming_the_defenders_refused_by_702_6(tmp_path):
    out = _watchers(tmp_path, '[{try: ["Titan Watcher#2", "Loyal Squire#1", "Titan Watcher#1"]}, '
                              '["Loyal Squire#1", "Titan Watcher#1"]]')
    assert out.error is None, out.error
    assert [r for _, r, _ in _named(out)] == [("huntik:702.6",)]
    assert _resolved(out) == ["Loyal Squire#1", "Titan Watcher#1", "Titan Watcher#2"]


def test_triggered_power_order_of_his_own_is_not_refused(tmp_path):
    out = _watchers(tmp_path, '[{try: ["Loyal Squire#1", "Titan Watcher#1"]}]')
    assert out.error is None and _rejected(out) == []
    assert _resolved(out) == ["Loyal Squire#1", "Titan Watcher#1", "Titan Watcher#2"]


def test_702_6_off_no_order_is_asked_and_no_refusal_names_it(tmp_path):
    out = _watchers(tmp_path, '[{try: ["Titan Watcher#2", "Titan Watcher#1"]}]', {"huntik:702.6"})
    assert out.error is None, out.error  # the replay with the rule off ran to its end
    assert not any("huntik:702.6" in r for _, r, _ in _named(out))


SANDS = """\
cards:
  - name: Binding Sands
    type: feature
    traits: []
    illustrative: true
    text: "If an enemy hero would be KO'd, stun it instead."
    abilities:
      - kind: replacement
        replaces: {event: zone_change, filter: "event.cause == 'ko' and event.obj.is_hero and event.obj.controller == opponent"}
        instead:
          - {flag: event.obj, as: stunned}
state:
  active: B
  lead: B
  A:
    zone1: [Lok Lambert]
  B:
    zone1: [Suit Grunt]
    features: [Mirror Ward, Binding Sands]
actions:
  - {player: A, choose: CHOOSE}
  - {player: B, effect: {ko: Lok Lambert}}
  - {pass: all}
"""


def test_replacement_pick_of_a_card_not_competing_refused_by_710_1a(tmp_path):
    out = _replay(tmp_path, SANDS.replace("CHOOSE", "[{try: Suit Grunt}, Binding Sands]"))
    assert out.error is None, out.error
    assert _named(out) == [("Suit Grunt", ("huntik:710.1a",), None)]
    assert out.engine.obj("Lok Lambert").zone == "zone1"


def test_replacement_pick_of_a_competing_one_is_not_refused(tmp_path):
    out = _replay(tmp_path, SANDS.replace("CHOOSE", "[Binding Sands]"))
    assert out.error is None and _rejected(out) == []


def test_710_1a_off_no_pick_is_asked_and_none_refused_by_it(tmp_path):
    out = _replay(tmp_path, SANDS.replace("CHOOSE", "[{try: Suit Grunt}, Binding Sands]"), {"huntik:710.1a"})
    assert out.error is None, out.error  # the replay with the rule off ran to its end
    assert not any("huntik:710.1a" in r for _, r, _ in _named(out))


# -- the core's order policy in another game: Star Wars' waiting triggered abilities ------------------------------

BOUNTIES = """\
game: star-wars-tcg
state:
  active: light
  phase: battle
  dice: [5, 1, 1, 5, 1, 1, 1, 5, 5, 5, 1]
  light:
    character: [Rebel Bounty Tracker, Ewok Warrior]
    ground: [Echo Base Troopers]
  dark:
    character: [Jawa Scavenger, Mandalorian Bounty Hunter]
    ground: [Trade Federation Bounty Tank]
actions:
  - {player: light, attack: Rebel Bounty Tracker, targets: [Jawa Scavenger]}
  - {player: dark, attack: Mandalorian Bounty Hunter, targets: [Ewok Warrior]}
  - {player: dark, attack: Trade Federation Bounty Tank, targets: [Echo Base Troopers]}
  - {player: dark, begin: turn}
  - {player: dark, begin: build, choose: CHOOSE}
"""


def _bounties(tmp_path, choose, ablate=None):
    path = tmp_path / "probe.ruling.yaml"
    path.write_text(BOUNTIES.replace("CHOOSE", choose), encoding="utf-8")
    return replay(load_fixture(path), ablate or set(), lenient=bool(ablate))


def test_star_wars_dark_order_naming_the_lights_bounty_refused_by_its_order_policy(tmp_path):
    out = _bounties(tmp_path, "[{try: [Rebel Bounty Tracker, Trade Federation Bounty Tank, Mandalorian Bounty Hunter]}, "
                              "[Trade Federation Bounty Tank, Mandalorian Bounty Hunter]]")
    assert out.error is None, out.error
    [(_, rules, _)] = _named(out)
    assert "star-wars-tcg:ruling:triggered-abilities-4" in rules


def test_star_wars_dark_order_of_its_own_bounties_is_not_refused(tmp_path):
    out = _bounties(tmp_path, "[{try: [Trade Federation Bounty Tank, Mandalorian Bounty Hunter]}]")
    assert out.error is None and _rejected(out) == []


def test_star_wars_a_misspelt_order_names_no_rule(tmp_path):
    # a name of nothing in the game is no other player's ability the policy leaves out
    out = _bounties(tmp_path, "[{try: [Trade Federation Bounty Tnak, Mandalorian Bounty Hunter]}, "
                              "[Trade Federation Bounty Tank, Mandalorian Bounty Hunter]]")
    assert [rules for _, rules, _ in _named(out)] == [()]
