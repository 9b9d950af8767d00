"""Own-rule-holds audit (hatalom-kartyai): mechanics whose "off" did not reach every case their rule names.
* 8.11.2 for an attached card a scenario starts with on another player's permanent (an opponent played it
  there): on, it stays its player's (controlled by him, to his discard); off, it belongs with the permanent
  it is on (the host's gazda controls it) -- not for a card on its own player's permanent, nor for one on a
  permanent of its player's that changed gazda (8.11.3's case);
* 8.0.1 for the # icon (a KF item's carrier), below."""
from __future__ import annotations

from judge.games.hatalom_kartyai.attached import can_host
from judge.games.hatalom_kartyai.card_types import NO_ABILITIES

from .test_hatalom import make, play, rid


def _level_ups(ablate=(), host_seduced=False):
    eng = make(ablate,
               A={"reserve": ["Próba kalandozó 2/2"], "hand": ["Próba földindulás"], "vp": 1,
                  "table": [("Próba szintlépés", "Saját szintlépés")]},
               B={"table": [("Próba szintlépés", "Ellenfél szintlépése")]})
    host = eng.obj("Próba kalandozó 2/2")
    if host_seduced:  # the adventurer is B's now, still A's card (owner A)
        eng.place(host, side="B", controller="B")
    for label in ("Saját szintlépés", "Ellenfél szintlépése"):
        eng.obj(label).attached_to = host.oid
    eng.hooks.setup(eng, {})
    return eng


def test_8_11_2_opponents_attached_card_stays_his():
    eng = _level_ups()
    his = eng.obj("Ellenfél szintlépése")
    assert his.controller == "B" and his.owner == "B"
    play(eng, "A", "Próba földindulás")  # every player sacrifices the cards on his table
    assert eng.obj("Ellenfél szintlépése").side == "B" and eng.obj("Ellenfél szintlépése").zone == "discard"
    assert eng.obj("Saját szintlépés").side == "A" and eng.obj("Saját szintlépés").zone == "discard"


def test_8_11_2_off_the_attached_card_belongs_with_its_host():
    eng = _level_ups(ablate=[rid("8.11.2")])
    his = eng.obj("Ellenfél szintlépése")
    assert his.controller == "A" and his.owner == "A" and his.side == "A"
    play(eng, "A", "Próba földindulás")
    assert eng.obj("Ellenfél szintlépése").side == "A" and eng.obj("Ellenfél szintlépése").zone == "discard"


def test_8_11_2_off_own_card_on_own_permanent_unchanged():
    eng = _level_ups(ablate=[rid("8.11.2")])
    mine = eng.obj("Saját szintlépés")
    assert mine.controller == "A" and mine.owner == "A"


def test_8_11_2_off_card_on_own_seduced_permanent_is_8_11_3s_case():
    # A's level-up on A's adventurer now controlled by B: the card is on its host's owner's side, so 8.11.2
    # decides nothing at the start (8.11.3 keeps it A's as control changes)
    eng = _level_ups(ablate=[rid("8.11.2")], host_seduced=True)
    mine = eng.obj("Saját szintlépés")
    assert mine.controller == "A" and mine.owner == "A"


# * 8.0.1 for the # icon: a creature whose special abilities are switched off still carries a KF item (the
#   icon is printed in the type's frame, 8.7.1; type rules are not special abilities); off, it cannot --
#   not for a creature that kept its abilities, and a creature without the icon is refused either way (8.7.1)


def _sword(ablate=(), drained=True, carrier="Próba KF szörny 3/4"):
    eng = make(ablate, A={"hand": ["Próba KF kard"], "reserve": [carrier], "vp": 1})
    if drained:
        eng.obj(carrier).flags.add(NO_ABILITIES)
    return eng, eng.obj(carrier), eng.obj("Próba KF kard")


def test_8_0_1_drained_kf_creature_still_carries_a_kf_item():
    eng, host, sword = _sword()
    assert can_host(eng, host, sword)


def test_8_0_1_off_drained_kf_creature_cannot_carry_a_kf_item():
    eng, host, sword = _sword(ablate=[rid("8.0.1")])
    assert not can_host(eng, host, sword)


def test_8_0_1_off_kf_creature_with_its_abilities_still_carries():
    eng, host, sword = _sword(ablate=[rid("8.0.1")], drained=False)
    assert can_host(eng, host, sword)


def test_creature_without_the_icon_is_refused_drained_or_not():
    for ablate in ((), (rid("8.0.1"),)):
        eng, host, sword = _sword(ablate=ablate, carrier="Próba kalandozó 1/1")
        assert not can_host(eng, host, sword)
