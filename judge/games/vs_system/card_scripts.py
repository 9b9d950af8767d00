"""Vs. System's card scripts (judge/engine/GUIDE.md "Card scripts"): a card effect the effect language does
not express, serving the one card it names (at most 5% of the game's cards; tests/engine/test_card_scripts.py).

* Witching Hour -- "Choose any number of Underworld character cards in your KO'd pile each with a cost of 2
  or less. During your recruit step this turn, for each of those cards, you may recruit it as though it were
  in your hand, and you may pay 2 endurance rather than pay its recruit cost." The chosen cards are given the
  flag ``recruit from kod`` (its data: a ``flag`` step), which the recruit action (recruiting.py) reads: no
  rule of the corpus speaks of recruiting from another zone, and no other card gives that permission, so the
  flag is this card's script. Its limits ('during your recruit step this turn': ``until: turn``, ``during:
  build``) and the payment it offers (``offers: {endurance: [{pay_endurance: 2}]}``) are the card's data,
  the flag step's terms; that a chosen card leaving the pile loses it is the rules' (212.5e)."""
from __future__ import annotations

from .terms import RECRUIT_FROM_KOD

#: card name -> the names of its script (here the flag its data gives and the recruit action reads)
SCRIPTS: dict[str, tuple[str, ...]] = {"Witching Hour": (RECRUIT_FROM_KOD,)}
