"""Huntik 700.3 with 711.1 / 711.2c: a 'loses its powers' modifier (Nullifying Gaze) is a continuous
modifier applied in timestamp order with the modifiers that give the card powers (700.1: keywords,
action, triggered, replacement and always-on powers added by modifiers). A power given by a modifier
LATER than the loss survives it; one given EARLIER is lost; the card's printed text is lost whatever the
order. Each case on, and with 711.1 switched off (the order reversed: the later grant lost, the earlier
one kept), 700.3 switched off (nothing lost), and 711.2c (the loss timestamped when played)."""
from __future__ import annotations

from judge.engine.state import ReplayError
from tests.engine.test_huntik import effect, hand, make, play, rid
from tests.engine.test_huntik_given_powers import _DRAW, _GUARD


def _kw(eng, label):
    return [str(k).lower() for k in eng.obj_attr(eng.obj(label), "keywords") or ()]


def _dfn(eng, label):
    return eng.obj_attr(eng.obj(label), "def")


# -- keywords (Avoidance: 'All friendly heroes are unblockable this round') ----------------------------

def _avoidance(order, ablate=()):
    eng = make(ablate, A={"zone1": ["Lok Lambert"], "hand": ["Nullifying Gaze", "Avoidance"]})
    for card in order:
        play(eng, "A", card, ["Lok Lambert"] if card == "Nullifying Gaze" else [])
    return eng


def test_keyword_given_after_the_loss_survives():
    eng = _avoidance(["Nullifying Gaze", "Avoidance"])
    assert "unblockable" in _kw(eng, "Lok Lambert")
    assert rid("711.1") in eng.step.rules


def test_keyword_given_before_the_loss_is_lost():
    assert "unblockable" not in _kw(_avoidance(["Avoidance", "Nullifying Gaze"]), "Lok Lambert")


def test_keyword_order_reversed_when_711_1_off():
    assert "unblockable" not in _kw(_avoidance(["Nullifying Gaze", "Avoidance"], [rid("711.1")]), "Lok Lambert")
    assert "unblockable" in _kw(_avoidance(["Avoidance", "Nullifying Gaze"], [rid("711.1")]), "Lok Lambert")


def test_keyword_kept_when_700_3_off():
    assert "unblockable" in _kw(_avoidance(["Avoidance", "Nullifying Gaze"], [rid("700.3")]), "Lok Lambert")


def test_printed_keyword_lost_whatever_the_order():
    """A printed keyword is the card's text, not a modifier's: lost for the loss's duration, 711.1 on or off;
    Avoidance played after the loss gives the hero Unblockable again."""
    for ablate in ((), (rid("711.1"),)):
        eng = make(ablate, A={"zone1": ["Venadek, Scruffy Scrapper"], "hand": ["Nullifying Gaze"]})
        assert "unblockable" in _kw(eng, "Venadek, Scruffy Scrapper")
        play(eng, "A", "Nullifying Gaze", ["Venadek, Scruffy Scrapper"])
        assert "unblockable" not in _kw(eng, "Venadek, Scruffy Scrapper")
        assert rid("700.3") in eng.step.rules
    eng = make(A={"zone1": ["Venadek, Scruffy Scrapper"], "hand": ["Nullifying Gaze", "Avoidance"]})
    play(eng, "A", "Nullifying Gaze", ["Venadek, Scruffy Scrapper"])
    play(eng, "A", "Avoidance")
    assert "unblockable" in _kw(eng, "Venadek, Scruffy Scrapper")


# -- a given action power (Thundercut) --------------------------------------------------------------------

def _thundercut(order, ablate=()):
    eng = make(ablate, round=2, A={"zone1": ["Lok Lambert"], "hand": ["Nullifying Gaze", "Thundercut"]},
               B={"zone1": ["Suit Grunt"]})
    for card in order:
        play(eng, "A", card, ["Lok Lambert"])
    return eng


def _use(eng):
    eng.use("A", "Lok Lambert", {"ability": "Thundercut", "targets": ["Suit Grunt"]})
    eng.pass_priority("all")
    eng.settle()
    return eng.obj("Suit Grunt").zone


def _refused(eng) -> str:
    """The refusal of the use, with the rules refusing it ("" when the use goes through)."""
    try:
        _use(eng)
    except ReplayError as exc:
        return f"{exc} {exc.rules}"
    return ""


def test_action_power_given_after_the_loss_usable():
    assert _use(_thundercut(["Nullifying Gaze", "Thundercut"])) == "discard"


def test_action_power_given_before_the_loss_refused_by_700_3():
    why = _refused(_thundercut(["Thundercut", "Nullifying Gaze"]))
    assert "lost its powers" in why and rid("700.3") in why


def test_action_power_order_reversed_when_711_1_off():
    assert "lost its powers" in _refused(_thundercut(["Nullifying Gaze", "Thundercut"], [rid("711.1")]))
    assert _use(_thundercut(["Thundercut", "Nullifying Gaze"], [rid("711.1")])) == "discard"


def test_loss_timestamped_when_played_711_2c():
    """Gaze played, Thundercut played while it waits (resolving first): the Gaze was played first, so its
    loss is earlier and the power survives; 711.2c off, the loss is timestamped as it resolved (later)."""
    def stacked(ablate=()):
        eng = make(ablate, round=2, A={"zone1": ["Lok Lambert"], "hand": ["Nullifying Gaze", "Thundercut"]},
                   B={"zone1": ["Suit Grunt"]})
        eng.play("A", "Nullifying Gaze", {"targets": ["Lok Lambert"]})
        eng.play("A", "Thundercut", {"targets": ["Lok Lambert"]})
        eng.pass_priority("all")
        eng.settle()
        return eng
    assert _use(stacked()) == "discard"
    assert "lost its powers" in _refused(stacked([rid("711.2c")]))


# -- a given always-on power that sets a stat (Shieldbearer's Oath: 'Other friendly heroes have 3 DEF') ---

def _oath(order, ablate=()):
    eng = make(ablate, A={"zone1": ["Sophie Casterwill", "Zhalia Moon"],
                          "hand": ["Nullifying Gaze", "Shieldbearer's Oath"]})
    for card in order:
        play(eng, "A", card, ["Zhalia Moon"])
    return eng


def test_always_on_power_given_after_the_loss_sets_def():
    eng = _oath(["Nullifying Gaze", "Shieldbearer's Oath"])
    assert _dfn(eng, "Sophie Casterwill") == 3


def test_always_on_power_given_before_the_loss_sets_nothing():
    assert _dfn(_oath(["Shieldbearer's Oath", "Nullifying Gaze"]), "Sophie Casterwill") == 5


def test_always_on_order_reversed_when_711_1_off():
    assert _dfn(_oath(["Nullifying Gaze", "Shieldbearer's Oath"], [rid("711.1")]), "Sophie Casterwill") == 5
    assert _dfn(_oath(["Shieldbearer's Oath", "Nullifying Gaze"], [rid("711.1")]), "Sophie Casterwill") == 3


def test_printed_always_on_power_lost_whatever_the_order():
    """Stoneward Sentinel's printed 'Other heroes have 2 DEF' is its text: lost with a Gaze on it."""
    for ablate in ((), (rid("711.1"),)):
        eng = make(ablate, A={"zone1": ["Stoneward Sentinel", "Lok Lambert"], "hand": ["Nullifying Gaze"]})
        before = _dfn(eng, "Lok Lambert")
        play(eng, "A", "Nullifying Gaze", ["Stoneward Sentinel"])
        assert before == 2 and _dfn(eng, "Lok Lambert") != 2


# -- given triggered and replacement powers (the core: blank_is_printed_text) -----------------------------

def _given_then(power, loss_first, ablate=()):
    eng = make(ablate, round=2, A={"zone1": ["Lok Lambert", "Seeker Recruit"], "deck": ["Avoidance"]})
    give = [{"modify": {"target": "Lok Lambert", "duration": "round", "grant_powers": [power]}}]
    lose = [{"lose_powers": "Lok Lambert", "duration": "turn"}]
    for steps in ((lose, give) if loss_first else (give, lose)):
        effect(eng, "A", steps)
    effect(eng, "A", [{"ko": "Seeker Recruit"}])
    return eng


def test_trigger_given_after_the_loss_triggers():
    assert hand(_given_then(_DRAW, loss_first=True), "A") == 1


def test_trigger_given_before_the_loss_silent():
    assert hand(_given_then(_DRAW, loss_first=False), "A") == 0


def test_trigger_order_reversed_when_711_1_off():
    assert hand(_given_then(_DRAW, loss_first=True, ablate=[rid("711.1")]), "A") == 0
    assert hand(_given_then(_DRAW, loss_first=False, ablate=[rid("711.1")]), "A") == 1


def test_replacement_given_after_the_loss_replaces():
    eng = _given_then(_GUARD, loss_first=True)
    assert eng.obj("Seeker Recruit").zone == "zone1" and eng.obj("Lok Lambert").exhausted


def test_replacement_given_before_the_loss_does_nothing():
    eng = _given_then(_GUARD, loss_first=False)
    assert eng.obj("Seeker Recruit").zone == "discard" and not eng.obj("Lok Lambert").exhausted


def test_loss_ends_with_its_source_when_708_3c_off():
    """708.3c off: a definite modifier ends when its source leaves play -- the Gaze's loss too (its card
    goes to the discard pile as it resolves), as every other modifier of an action card does: neither the
    printed keyword nor the printed always-on power is lost (not half of the card's powers)."""
    for ablate, kept in (((), False), ((rid("708.3c"),), True)):
        eng = make(ablate, A={"zone1": ["Venadek, Scruffy Scrapper", "Stoneward Sentinel", "Lok Lambert"],
                              "hand": [("Nullifying Gaze", "Gaze 1"), ("Nullifying Gaze", "Gaze 2")]})
        play(eng, "A", "Gaze 1", ["Venadek, Scruffy Scrapper"])
        play(eng, "A", "Gaze 2", ["Stoneward Sentinel"])
        assert ("unblockable" in _kw(eng, "Venadek, Scruffy Scrapper")) == kept
        assert (_dfn(eng, "Lok Lambert") == 2) == kept
