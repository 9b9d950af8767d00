"""Star Wars TCG, keyword:overload (mechanic overload): the keyword "Overload X Y" on its own is the
triggered ability its definition spells out -- "When this unit attacks, you may give it +X power for
that attack. If you do, when the attack ends, that unit does Y damage to itself." It triggers when the
unit attacks (not when it is attacked), its player may decline, it waits with the other triggered
abilities of the attack (Dark Side first), each instance is an ability of its own (abilities-2), and a
keyword without its two numbers is an error naming the card. Switched off, Overload does nothing."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_star_wars import events, rid, run


def _card(keywords: str, faction: str = "dark") -> str:
    return f"""
      - name: Overcharged Fighter
        type: space
        faction: {faction}
        keywords: {keywords}
        stats: {{speed: 50, power: 2, health: 3}}
        illustrative: true
        text: "Overload (+2 power, 1 damage to itself)"
"""


def _body(card: str, actions: str, dice: str = "[5, 5, 5, 5]", active: str = "dark", extra_dark: str = "") -> str:
    return f"""
    ruling: star-wars-tcg:keyword:overload
    cites: [star-wars-tcg:keyword:overload]
    question: q
    answer: a
    cards:{card}
    state:
      active: {active}
      phase: battle
      dice: {dice}
      dark:
        space: [Overcharged Fighter]{extra_dark}
      light:
        space: [Rebel Blockade Runner]
    actions:
{actions}
"""


ATTACK = "      - {player: dark, attack: Overcharged Fighter, targets: [Rebel Blockade Runner]}\n"


def test_the_keyword_alone_gives_the_bonus_and_the_self_damage_at_the_end(tmp_path):
    eng = run(tmp_path, _body(_card('["overload 2 1"]'), '      - {player: dark, choose: ["yes"]}\n' + ATTACK))
    fighter = eng.obj("Overcharged Fighter")
    assert eng.obj("Rebel Blockade Runner").damage == 4
    assert fighter.damage == 1 and eng.obj_attr(fighter, "power") == 2  # the bonus ended with the attack
    kinds = [e["event"] for e in eng.events if e["event"] in ("overloaded", "attack_dice", "overload_damage")]
    assert kinds == ["overloaded", "attack_dice", "overload_damage"]


def test_declined_no_bonus_no_self_damage(tmp_path):
    eng = run(tmp_path, _body(_card('["overload 2 1"]'), '      - {player: dark, choose: ["no"]}\n' + ATTACK))
    assert eng.obj("Rebel Blockade Runner").damage == 2
    assert eng.obj("Overcharged Fighter").damage == 0


def test_switched_off_nothing_is_asked(tmp_path):
    eng = run(tmp_path, _body(_card('["overload 2 1"]'), ATTACK), {rid("keyword:overload")})
    assert eng.obj("Rebel Blockade Runner").damage == 2
    assert eng.obj("Overcharged Fighter").damage == 0


def test_a_defending_unit_with_overload_gets_nothing(tmp_path):
    """'When this unit attacks': being attacked is not attacking."""
    body = _body(_card('["overload 2 1"]'), "      - {player: light, attack: Rebel Blockade Runner, "
                 "targets: [Overcharged Fighter]}\n", dice="[5, 5, 1]", active="light")
    eng = run(tmp_path, body)
    assert not events(eng, "overloaded")
    assert eng.obj("Overcharged Fighter").damage == 2  # the Runner's two hits only


def test_waits_behind_the_dark_sides_ability(tmp_path):
    """A Light Side unit's Overload and the Dark Side's 'when an opponent's unit attacks' trigger on the
    same attack: the Dark Side's first (triggered-abilities-4)."""
    card = _card('["overload 2 1"]', faction="light")
    body = f"""
    ruling: star-wars-tcg:keyword:overload
    cites: [star-wars-tcg:keyword:overload]
    question: q
    answer: a
    cards:{card}
    state:
      active: light
      phase: battle
      dice: [5, 5, 1, 1]
      light:
        space: [{{card: Overcharged Fighter, entered: 1}}]
      dark:
        space: [TIE Bomber Wing]
        character: [{{card: Imperial Ambush Sentry, entered: 2}}]
    actions:
      - {{player: light, attack: Overcharged Fighter, targets: [TIE Bomber Wing], choose: ["yes"]}}
"""
    eng = run(tmp_path, body)
    kinds = [e["event"] for e in eng.events if e["event"] in ("damage_dealt", "overloaded")]
    assert kinds[:2] == ["damage_dealt", "overloaded"]
    assert eng.obj("TIE Bomber Wing").damage == 2  # four dice
    # Dark Side first switched off: timestamp order, the Fighter's (entered first) goes first
    eng = run(tmp_path, body, {rid("ruling:triggered-abilities-4")})
    kinds = [e["event"] for e in eng.events if e["event"] in ("damage_dealt", "overloaded")]
    assert kinds[:2] == ["overloaded", "damage_dealt"]


def test_two_instances_two_abilities(tmp_path):
    card = _card('["overload 2 1", "overload 1 1"]')
    eng = run(tmp_path, _body(card, '      - {player: dark, choose: ["yes", "yes"]}\n' + ATTACK,
                              dice="[5, 5, 5, 5, 5]"))
    assert eng.obj("Rebel Blockade Runner").damage == 5
    assert eng.obj("Overcharged Fighter").damage == 2


def test_two_instances_stacking_off_only_the_highest(tmp_path):
    card = _card('["overload 2 1", "overload 1 1"]')
    eng = run(tmp_path, _body(card, '      - {player: dark, choose: ["yes"]}\n' + ATTACK),
              {rid("ruling:abilities-2")})
    assert eng.obj("Rebel Blockade Runner").damage == 4
    assert eng.obj("Overcharged Fighter").damage == 1


def test_an_overload_without_its_two_numbers_is_an_error(tmp_path):
    with pytest.raises(AssertionError, match="Overcharged Fighter.*overload X Y"):
        run(tmp_path, _body(_card('["overload 2"]'), '      - {player: dark, choose: ["yes"]}\n' + ATTACK))


# -- a keyword no mechanic carries out -------------------------------------------------------------
def test_an_unknown_keyword_is_an_error_naming_card_and_keyword(tmp_path):
    card = _card('["armor 1"]')
    with pytest.raises(ReplayError, match="Overcharged Fighter: keyword 'armor 1' is not carried out"):
        run(tmp_path, _body(card, ATTACK))


def test_an_unknown_granted_keyword_is_an_error_too(tmp_path):
    card = _card('["lucky 1"]') + """        abilities:
          - kind: continuous
            applies_to: "it == this"
            grant: ["disrupt 1"]
"""
    with pytest.raises(ReplayError, match="keyword 'disrupt 1' is not carried out"):
        run(tmp_path, _body(card, ATTACK))


def test_every_keyword_of_the_card_file_is_carried_out():
    import yaml
    from types import SimpleNamespace

    from judge.engine.cards import Ability
    from judge.games.star_wars_tcg.keywords import card_keywords, known_keyword

    data = yaml.safe_load(open("rules_corpus/star-wars-tcg/cards.yaml", encoding="utf-8"))
    unknown = []
    for raw in data["cards"]:
        card = SimpleNamespace(keywords=tuple(raw.get("keywords") or ()),
                               abilities=[Ability(i, a.get("kind", ""), a) for i, a in enumerate(raw.get("abilities") or [])])
        unknown += [(raw["name"], kw) for kw in card_keywords(card) if not known_keyword(kw)]
    assert unknown == []
