"""8.4.3 counts a source "aminek hatására egy vagy több galetki kikerül a játékból" whatever step makes it
leave play: a loss of abilities (an 'Ép +1' lost), a taken erősödés token (8.2.1), the game's own
'sacrifice one' -- and a step acting on a name bound only as the source resolves (a `choose ... as:`, a
`choose_type`) counts for each galetki that choice could reach. A protected galetki is not readied nor
loses its tokens by that source ("semmilyen hatása nem lesz"). Each case where the rule must apply, where
it must not (the step would leave that galetki in play, or can't reach it), and with 8.4.3 switched off."""
from __future__ import annotations

import textwrap

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

from .test_hatalom import rid

CARDS = """
cards:
  - name: Próba szívós galetki 1/2
    type: galetki
    cost: 2
    stats: {sebzes: 1, ep: 2}
    illustrative: true
    text: "Különleges képesség: az Ép-je +1."
    abilities:
      - kind: continuous
        modify: {ep: 1}
  - name: Próba némaság
    type: általános
    cost: 1
    illustrative: true
    text: "Minden lény elveszti különleges képességeit."
    abilities:
      - kind: play
        steps:
          - {flag: {all: "is_a(it, 'lény')"}, as: képességtelen}
  - name: Próba sorvasztás
    type: általános
    cost: 1
    illustrative: true
    text: "Vegyél le minden galetkiről egy erősödés-jelzőt."
    abilities:
      - kind: play
        steps:
          - {remove_counter: {all: "it.type == 'galetki'"}, counter: erősödés, amount: 1}
  - name: Próba célzott ébresztés
    type: általános
    cost: 1
    illustrative: true
    text: "Egy célpont lény aktívvá válik, és vegyél le róla egy erősödés-jelzőt."
    abilities:
      - kind: play
        targets: [{name: victim, filter: "is_a(it, 'lény')"}]
        steps:
          - {ready: victim}
          - {remove_counter: victim, counter: erősödés, amount: 1}
  - name: Próba lényválasztó halál
    type: általános
    cost: 1
    illustrative: true
    text: "Válassz egy lényt, és semmisítsd meg."
    abilities:
      - kind: play
        steps:
          - {choose: {filter: "is_a(it, 'lény')", what: a creature to destroy}, as: chosen}
          - {destroy: chosen}
  - name: Próba szörnyválasztó halál
    type: általános
    cost: 1
    illustrative: true
    text: "Válassz egy szörnyet, és semmisítsd meg."
    abilities:
      - kind: play
        steps:
          - {choose: {filter: "is_a(it, 'szörny')", what: a monster to destroy}, as: chosen}
          - {destroy: chosen}
  - name: Próba lényáldoztatás
    type: általános
    cost: 1
    illustrative: true
    text: "Az ellenfeled feláldoz egy általa választott lényt."
    abilities:
      - kind: play
        steps:
          - {sacrifice_one: {filter: "is_a(it, 'lény') and it.controller == opponent", what: a creature}, player: opponent}
  - name: Próba szörnyáldoztatás
    type: általános
    cost: 1
    illustrative: true
    text: "Az ellenfeled feláldoz egy általa választott szörnyet."
    abilities:
      - kind: play
        steps:
          - {sacrifice_one: {filter: "is_a(it, 'szörny') and it.controller == opponent", what: a monster}, player: opponent}
  - name: Próba galetkis típusátok
    type: általános
    cost: 1
    illustrative: true
    text: "Válassz egy laptípust (galetki vagy kalandozó): minden ilyen típusú lény 1 sebzést kap."
    abilities:
      - kind: play
        steps:
          - {choose_type: [galetki, kalandozó], as: chosen}
          - {damage: {all: "of_chosen(it, chosen)"}, amount: 1}
"""

SCENE = """
state:
  active: A
  phase: main
  A:
    vp: 3
    hand: [%(card)s]
    reserve: [Próba szörny 2/3]
  B:
    reserve:
      - %(galetki)s
    table:
      - {card: Próba testrész, attached_to: %(name)s}
actions:
  - {player: A, play: %(card)s%(extra)s}
  - {player: B, sacrifice_part: Próba testrész, try: true}
  - {pass: all}
expect:
"""

REFUSED = """
  - {event: action_rejected, player: B, rejected_by: hatalom-kartyai:8.4.3}
  - {card: Próba testrész, zone: B.table}
"""
SACRIFICED = """
  - {event: action_rejected, player: B, count: 0}
  - {card: Próba testrész, zone: B.discard}
"""

STRONG = "Próba szívós galetki 1/2"
PLAIN = "Próba galetki 1/2"


def _run(tmp_path, card, expect, galetki=PLAIN, damage=0, tokens=0, passive=False, extra="", ablate=()):
    path = tmp_path / "scenario.yaml"
    spec = {"card": galetki, "damage": damage, "exhausted": passive}
    if tokens:
        spec["counters"] = {"erősödés": tokens}
    flow = "{" + ", ".join(f"{k}: {v if not isinstance(v, bool) else str(v).lower()}"
                           for k, v in spec.items()).replace("'", "") + "}"
    scene = SCENE % {"card": card, "galetki": flow, "name": galetki, "extra": extra}
    path.write_text("game: hatalom-kartyai\n" + textwrap.dedent(CARDS) + textwrap.dedent(scene)
                    + textwrap.dedent(expect), encoding="utf-8")
    out = replay(load_fixture(path), set(ablate))
    assert out.status == "passed", out.problems or out.error
    return out


# -- a loss of abilities ('flag') ------------------------------------------------------------------------------

def test_ability_loss_that_kills_part_sacrificed_galetki_keeps_its_ability(tmp_path):
    _run(tmp_path, "Próba némaság", SACRIFICED + f"  - {{card: {STRONG}, zone: B.reserve, damage: 2, ep: 3}}\n",
         galetki=STRONG, damage=2)


def test_ability_loss_it_survives_refused(tmp_path):
    # 1 damage: with 2 Ép it stays in play; the flag is none of the effects 8.4.3 lists
    _run(tmp_path, "Próba némaság", REFUSED + f"  - {{card: {STRONG}, zone: B.reserve, ep: 2}}\n",
         galetki=STRONG, damage=1)


def test_ability_loss_that_kills_with_8_4_3_off_part_protects_nothing(tmp_path):
    _run(tmp_path, "Próba némaság", SACRIFICED + f"  - {{card: {STRONG}, zone: B.discard}}\n",
         galetki=STRONG, damage=2, ablate=[rid("8.4.3")])


# -- a token taken ('remove_counter', 8.2.1) -----------------------------------------------------------------

def test_token_removal_that_kills_part_sacrificed_galetki_keeps_it(tmp_path):
    _run(tmp_path, "Próba sorvasztás", SACRIFICED
         + f"  - {{card: {PLAIN}, zone: B.reserve, damage: 2, counters: {{erősödés: 1}}, ep: 3}}\n",
         damage=2, tokens=1)


def test_token_removal_it_survives_refused(tmp_path):
    _run(tmp_path, "Próba sorvasztás", REFUSED + f"  - {{card: {PLAIN}, counters: {{erősödés: 0}}, ep: 2}}\n",
         damage=1, tokens=1)


def test_token_removal_that_kills_with_8_4_3_off_galetki_leaves_play(tmp_path):
    _run(tmp_path, "Próba sorvasztás", SACRIFICED + f"  - {{card: {PLAIN}, zone: B.discard}}\n",
         damage=2, tokens=1, ablate=[rid("8.4.3")])


# -- the shield: not readied, no token taken ------------------------------------------------------------------

def test_protected_galetki_stays_passive_and_keeps_its_token(tmp_path):
    _run(tmp_path, "Próba célzott ébresztés", SACRIFICED
         + f"  - {{card: {PLAIN}, passive: true, counters: {{erősödés: 1}}, ep: 3}}\n",
         tokens=1, passive=True, extra=f", targets: [{PLAIN}]")


def test_with_8_4_3_off_readied_and_token_taken(tmp_path):
    _run(tmp_path, "Próba célzott ébresztés", SACRIFICED
         + f"  - {{card: {PLAIN}, passive: false, counters: {{erősödés: 0}}, ep: 2}}\n",
         tokens=1, passive=True, extra=f", targets: [{PLAIN}]", ablate=[rid("8.4.3")])


# -- a name bound as the source resolves ----------------------------------------------------------------------

def test_destroy_of_a_chosen_creature_the_galetki_may_be_chosen_part_sacrificed(tmp_path):
    _run(tmp_path, "Próba lényválasztó halál", SACRIFICED + f"  - {{card: {PLAIN}, zone: B.reserve}}\n",
         extra=f", choose: [{PLAIN}]")


def test_destroy_of_a_chosen_monster_galetki_not_choosable_refused(tmp_path):
    _run(tmp_path, "Próba szörnyválasztó halál", REFUSED + "  - {card: Próba szörny 2/3, zone: A.discard}\n",
         extra=", choose: [Próba szörny 2/3]")


def test_destroy_of_a_chosen_creature_with_8_4_3_off_galetki_destroyed(tmp_path):
    _run(tmp_path, "Próba lényválasztó halál", SACRIFICED + f"  - {{card: {PLAIN}, zone: B.discard}}\n",
         extra=f", choose: [{PLAIN}]", ablate=[rid("8.4.3")])


def test_chosen_type_that_may_be_galetki_part_sacrificed(tmp_path):
    _run(tmp_path, "Próba galetkis típusátok", SACRIFICED + f"  - {{card: {PLAIN}, damage: 0}}\n",
         extra=", choose: [galetki]")


# -- the game's sacrifice_one ---------------------------------------------------------------------------------

def test_forced_sacrifice_of_a_creature_part_sacrificed_galetki_stays(tmp_path):
    _run(tmp_path, "Próba lényáldoztatás", SACRIFICED + f"  - {{card: {PLAIN}, zone: B.reserve}}\n")


def test_forced_sacrifice_of_a_monster_refused(tmp_path):
    _run(tmp_path, "Próba szörnyáldoztatás", REFUSED + f"  - {{card: {PLAIN}, zone: B.reserve}}\n")


def test_forced_sacrifice_with_8_4_3_off_galetki_sacrificed(tmp_path):
    _run(tmp_path, "Próba lényáldoztatás", SACRIFICED + f"  - {{card: {PLAIN}, zone: B.discard}}\n",
         ablate=[rid("8.4.3")])
