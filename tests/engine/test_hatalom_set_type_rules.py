"""The rules that read a card's type read, for a card in play, the type an effect sets ('A megbűvölt lény
típusa galetki'): a galetki's erősödés tokens (8.2.1) and a kalandozó's levels (8.3.1) follow the set type;
tokens extracted from a torzszülött go on a creature made a galetki (8.2.1); a body part on a creature made a
galetki is sacrificed to protect it, against a played card or a triggered ability that waits for it (8.4.3);
a card made a location is not counted as a card in play (8.9.3) and is left alone by a source not naming
locations (8.9.5); a building made an item enters play active as items do (8.7); an item made a location
activates at its printed cost (8.9.5.1); a skill made an item no longer adds up with its twin (8.8.1). Each
with a contrast where the set type is not there (or is another type), and with the rule switched off. (A #
icon granted to a carrier: rulings/hatalom-kartyai/items/blind19-enchantment-granting-the-kf-icon-...)"""
from __future__ import annotations

import textwrap

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

from .test_hatalom import rid


def _fixture(tmp_path, text: str):
    path = tmp_path / "scenario.yaml"
    path.write_text("game: hatalom-kartyai\n" + textwrap.dedent(text), encoding="utf-8")
    return load_fixture(path)


def _run(tmp_path, text: str, ablate=()):
    return replay(_fixture(tmp_path, text), set(ablate))


def _setter(name: str, type_value: str, text: str) -> str:
    """An illustrative 'enchant creature' whose continuous ability sets its host's type."""
    return f"""
      - name: {name}
        type: bűbáj lényre
        cost: 1
        illustrative: true
        text: "Bűbáj lényre. {text}"
        abilities:
          - kind: play
            targets: [{{name: host, filter: "can_host(it, this)"}}]
          - kind: continuous
            applies_to: "it == host_of(this)"
            set: {{type: "'{type_value}'"}}
"""


CARDS = "\n    cards:" + _setter("Próba galetkiesítő bűbáj", "galetki", "A megbűvölt lény típusa galetki.") \
    + _setter("Próba kalandozósító bűbáj", "kalandozó", "A megbűvölt lény típusa kalandozó.") \
    + _setter("Próba szörnyesítő bűbáj", "szörny", "A megbűvölt lény típusa szörny.")


def _ok(out):
    assert out.status == "passed", out.problems or out.error


def _fails(out):
    assert out.status == "failed", out.error


# -- 8.2.1: the +1/+1 of each erősödés token is a galetki's ------------------------------------------------
TOKENS = CARDS + """
    state:
      active: A
      phase: main
      A:
        reserve: [{card: Próba szörny 2/3, counters: {erősödés: 1}}]
        table: [%s]
    actions:
      - {player: A, begin: combat}
    expect:
      - {card: Próba szörny 2/3, sebzes: %d, ep: %d}
"""
ON_SZORNY = "{card: Próba galetkiesítő bűbáj, attached_to: Próba szörny 2/3}"


def test_tokens_count_on_a_creature_made_a_galetki(tmp_path):
    _ok(_run(tmp_path, TOKENS % (ON_SZORNY, 3, 4)))


def test_tokens_count_for_nothing_on_a_monster(tmp_path):
    _ok(_run(tmp_path, TOKENS % ("Próba építmény", 2, 3)))


def test_tokens_count_for_nothing_with_8_2_1_off(tmp_path):
    _ok(_run(tmp_path, TOKENS % (ON_SZORNY, 2, 3), {rid("8.2.1"), rid("8.2.2")}))
    _fails(_run(tmp_path, TOKENS % (ON_SZORNY, 3, 4), {rid("8.2.1"), rid("8.2.2")}))


# -- 8.3.1: a level-up's +1/+1 is a kalandozó's ------------------------------------------------------------
LEVELS = CARDS + """
    state:
      active: A
      phase: main
      A:
        reserve: [%s]
        table: [{card: %s, attached_to: %s}]
        hand: [Próba szintlépés]
        vp: 1
    actions:
      - {player: A, play: Próba szintlépés, targets: [%s], try: true}
      - {pass: all}
    expect:
      - {card: %s, sebzes: %d, ep: %d}
"""


def test_level_up_on_a_monster_made_a_kalandozo(tmp_path):
    s = "Próba szörny 2/3"
    _ok(_run(tmp_path, LEVELS % (s, "Próba kalandozósító bűbáj", s, s, s, 3, 4)))


def test_level_up_bonus_gone_with_8_3_1_off(tmp_path):
    s = "Próba szörny 2/3"
    _ok(_run(tmp_path, LEVELS % (s, "Próba kalandozósító bűbáj", s, s, s, 2, 3), {rid("8.3.1")}))


def test_kalandozo_made_a_monster_has_no_levels(tmp_path):
    """The contrast: a printed kalandozó whose type is set to szörny gets no level bonus from a level counter
    (the level-up itself can't be played on it: 8.4.1)."""
    k = "Próba kalandozó 1/1"
    text = LEVELS.replace(f"reserve: [%s]", "reserve: [{card: %s, counters: {szint: 1}}]")
    _ok(_run(tmp_path, text % (k, "Próba szörnyesítő bűbáj", k, k, k, 1, 1)))
    # without the enchantment the same counter is a level (+1/+1)
    _ok(_run(tmp_path, text.replace("table: [{card: %s, attached_to: %s}]", "table: [%s%s]")
             % (k, "Próba építmény", "", k, k, 3, 3)))


# -- 8.2.1: tokens extracted from a torzszülött go on one's own galetki -------------------------------------
EXTRACT = CARDS + """
    state:
      active: A
      phase: main
      A:
        reserve: [Próba szörny 2/3]
        table: [%s]
      B:
        discard: [Próba torzszülött 2/2]
    actions:
      - {player: A, extract: Próba torzszülött 2/2, choose: [Próba szörny 2/3, komponens]}
    expect:
      - {card: Próba szörny 2/3, counters: {erősödés: 1}}
      - {player: A, komponens: 1}
"""


def test_extracted_token_on_a_creature_made_a_galetki(tmp_path):
    _ok(_run(tmp_path, EXTRACT % ON_SZORNY))


def test_no_token_on_a_plain_monster(tmp_path):
    out = _run(tmp_path, EXTRACT % "Próba építmény")
    assert out.status == "error" and "Próba szörny 2/3" in str(out.error)


def test_no_token_with_8_2_1_off(tmp_path):
    out = _run(tmp_path, EXTRACT % ON_SZORNY, {rid("8.2.1")})
    assert out.status == "error" and "Próba szörny 2/3" in str(out.error)


# -- 8.4.3: a body part sacrificed to protect the galetki it is on -----------------------------------------
BODY_PART = CARDS + """
    state:
      active: B
      phase: main
      A:
        reserve: [Próba szörny 2/3]
        table: [%s, {card: Próba testrész, attached_to: Próba szörny 2/3}]
      B:
        hand: [Próba villám]
        vp: 1
    actions:
      - {player: B, play: Próba villám, targets: [Próba szörny 2/3]}
      - {player: A, sacrifice_part: Próba testrész}
      - {pass: all}
    expect:
      - {card: Próba szörny 2/3, zone: A.reserve, damage: 0}
      - {card: Próba testrész, zone: A.discard}
"""


def test_body_part_protects_a_creature_made_a_galetki(tmp_path):
    _ok(_run(tmp_path, BODY_PART % ON_SZORNY))


def test_body_part_on_a_plain_monster_is_not_sacrificed_for_it(tmp_path):
    out = _run(tmp_path, BODY_PART % "Próba építmény")
    assert out.status == "error" and "is not on a galetki A controls" in str(out.error)
    assert rid("8.4.3") in str(out.error)


def test_body_part_protects_nothing_with_8_4_3_off(tmp_path):
    out = _run(tmp_path, BODY_PART % ON_SZORNY, {rid("8.4.3")})
    assert out.status == "failed"  # sacrificed, but the bolt still damages the creature
    assert any("damage" in p for p in out.problems)


# -- 8.9.3: a location is not a card in play for a source counting them ------------------------------------
COUNT = """
    cards:
      - name: Próba helyszínesítő bűbáj
        type: bűbáj lényre
        cost: 1
        illustrative: true
        text: "Bűbáj lényre. A megbűvölt lény helyszínnek számít."
        abilities:
          - kind: play
            targets: [{name: host, filter: "can_host(it, this)"}]
          - kind: continuous
            applies_to: "it == host_of(this)"
            set: {type: "'helyszín'"}
    state:
      active: A
      phase: main
      A:
        reserve: [Próba szörny 2/3]
        table: [%s]
        hand: [Próba számvetés]
        vp: 1
    actions:
      - {player: A, play: Próba számvetés}
      - {pass: all}
    expect:
      - {player: A, vp: %d}
"""
MADE_PLACE = "{card: Próba helyszínesítő bűbáj, attached_to: Próba szörny 2/3}"


def test_creature_made_a_location_not_counted(tmp_path):
    _ok(_run(tmp_path, COUNT % (MADE_PLACE, 1)))  # only the enchantment counts


def test_creature_counted_without_the_enchantment(tmp_path):
    _ok(_run(tmp_path, COUNT % ("Próba építmény", 2)))


def test_creature_made_a_location_counted_with_8_9_3_off(tmp_path):
    _ok(_run(tmp_path, COUNT % (MADE_PLACE, 2), {rid("8.9.3")}))


# -- 8.6 / 8.7: a building made an item enters play active -------------------------------------------------
ENTER = """
    cards:
      - name: Próba eszközműhely
        type: építmény
        cost: 1
        illustrative: true
        text: "A Próba építmény tárgynak számít."
        abilities:
          - kind: continuous
            applies_to: "it.name == 'Próba építmény' and it.controller == this.controller"
            set: {type: "'tárgy'"}
    state:
      active: A
      phase: main
      A:
        table: [%s]
        hand: [Próba építmény]
        vp: 1
    actions:
      - {player: A, play: Próba építmény}
      - {pass: all}
    expect:
      - {card: Próba építmény, zone: A.table, exhausted: %s}
"""


def test_building_made_an_item_enters_active(tmp_path):
    _ok(_run(tmp_path, ENTER % ("Próba eszközműhely", "false")))


def test_building_enters_passive_without_the_setter(tmp_path):
    _ok(_run(tmp_path, ENTER % ("Próba tárgy", "true")))


def test_building_made_an_item_passive_with_8_7_off(tmp_path):
    _ok(_run(tmp_path, ENTER % ("Próba eszközműhely", "true"), {rid("8.7")}))


# -- 8.9.5: only a source naming locations affects a location ----------------------------------------------
IMMUNE = """
    cards:
      - name: Próba térképész építmény
        type: építmény
        cost: 1
        illustrative: true
        text: "A Próba építmény helyszínnek számít."
        abilities:
          - kind: continuous
            applies_to: "it.name == 'Próba építmény' and it.controller == this.controller"
            set: {type: "'helyszín'"}
    state:
      active: A
      phase: main
      A:
        table: [Próba építmény, %s]
        hand: [Próba rombolás]
        vp: 1
    actions:
      - {player: A, play: Próba rombolás}
      - {pass: all}
    expect:
      - {card: Próba építmény, zone: %s}
"""


def test_building_made_a_location_not_destroyed_by_a_source_not_naming_locations(tmp_path):
    _ok(_run(tmp_path, IMMUNE % ("Próba térképész építmény", "A.table")))


def test_building_destroyed_without_the_setter(tmp_path):
    _ok(_run(tmp_path, IMMUNE % ("Próba tárgy", "A.discard")))


def test_building_made_a_location_destroyed_with_8_9_5_off(tmp_path):
    _ok(_run(tmp_path, IMMUNE % ("Próba térképész építmény", "A.discard"), {rid("8.9.5")}))


# -- 8.9.5.1: a location's abilities needing activation can't be made dearer -------------------------------
DEARER = """
    cards:
      - name: Próba térképész építmény
        type: építmény
        cost: 1
        illustrative: true
        text: "A Próba tárgy helyszínnek számít."
        abilities:
          - kind: continuous
            applies_to: "it.name == 'Próba tárgy' and it.controller == this.controller"
            set: {type: "'helyszín'"}
    state:
      active: A
      phase: main
      A:
        table: [Próba tárgy, %s]
        vp: 0
      B:
        table: [Próba vámszedő építmény]
    actions:
      - {player: A, use: Próba tárgy, try: true}
      - {pass: all}
    expect:
      - {player: A, vp: %d}
"""


def test_item_made_a_location_activates_at_its_printed_cost(tmp_path):
    _ok(_run(tmp_path, DEARER % ("Próba térképész építmény", 1)))


def test_item_activation_raised_without_the_setter(tmp_path):
    _ok(_run(tmp_path, DEARER % ("Próba építmény", 0)))


def test_item_made_a_location_raised_with_8_9_5_1_off(tmp_path):
    _ok(_run(tmp_path, DEARER % ("Próba térképész építmény", 0), {rid("8.9.5.1")}))


# -- 8.8.1: identical skills add up ------------------------------------------------------------------------
SKILLS = """
    cards:
      - name: Próba tárgyasító bűbáj
        type: bűbáj szakértelemre
        cost: 1
        illustrative: true
        text: "Bűbáj szakértelemre. A megbűvölt lap típusa tárgy."
        abilities:
          - kind: play
            targets: [{name: host, filter: "can_host(it, this)"}]
          - kind: continuous
            applies_to: "it == host_of(this)"
            set: {type: "'tárgy'"}
      - name: Próba mesterszámvetés
        type: általános
        cost: 0
        illustrative: true
        text: "Kapsz 1 VP-t minden legalább 2. szintű szakértelmed után."
        abilities:
          - kind: play
            steps:
              - {player_counter: vp, amount: "count(it.type == 'szakértelem' and it.controller == you and it.szint >= 2)"}
    state:
      active: A
      phase: main
      A:
        table: [Próba szakértelem, Próba szakértelem, %s]
        hand: [Próba mesterszámvetés]
    actions:
      - {player: A, play: Próba mesterszámvetés}
      - {pass: all}
    expect:
      - {player: A, vp: %d}
"""


def test_skill_made_an_item_does_not_add_up(tmp_path):
    _ok(_run(tmp_path, SKILLS % ("{card: Próba tárgyasító bűbáj, attached_to: 'Próba szakértelem#2'}", 0)))


def test_identical_skills_add_up(tmp_path):
    _ok(_run(tmp_path, SKILLS % ("Próba építmény", 2)))


def test_identical_skills_do_not_add_up_with_8_8_1_off(tmp_path):
    _ok(_run(tmp_path, SKILLS % ("Próba építmény", 0), {rid("8.8.1")}))


# -- 8.4.3: a triggered source waits for the gazda of a galetki with his own body part on it ---------------
SPIKES = CARDS + """
    state:
      active: B
      phase: main
      A:
        reserve: [Próba szörny 2/3]
        table: [%s, {card: Próba testrész, attached_to: Próba szörny 2/3}]
      B:
        hand: [Próba tüskés építmény]
        vp: 1
    actions:
      - {player: B, play: Próba tüskés építmény}
      - {pass: all}
      - {player: A, sacrifice_part: Próba testrész, try: true}
      - {pass: all}
    expect:
      - {card: Próba szörny 2/3, damage: %d}
      - {card: Próba testrész, zone: %s}
"""


def test_on_play_damage_waits_for_the_body_part_of_a_creature_made_a_galetki(tmp_path):
    out = _run(tmp_path, SPIKES % (ON_SZORNY, 0, "A.discard"))
    _ok(out)
    waits = [e for st in out.engine.trace for e in st.events if e["event"] == "trigger_waits"]
    assert waits and waits[0]["galetki"] == ["Próba szörny 2/3"]


def test_plain_monster_neither_damaged_nor_its_body_part_sacrificed(tmp_path):
    _ok(_run(tmp_path, SPIKES % ("Próba építmény", 0, "A.table")))


def test_no_wait_with_8_4_3_off(tmp_path):
    """The ability resolves at once and damages the creature made a galetki; the sacrifice is refused."""
    _ok(_run(tmp_path, SPIKES % (ON_SZORNY, 1, "A.table"), {rid("8.4.3")}))
