"""An always-on text that takes the special abilities of the cards it reaches ('Az ellenfeled asztalán lévő lapok
elvesztik különleges képességeiket': grant: [képességtelen], blind round 51): read in the view being worked out
(GameModule.view_blanking_keywords, card_types.lost_abilities), a location keeping its own (8.9.5); the refusal
of a use names the card whose text took them."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.scenes import variant

SCENE = next((Path(__file__).resolve().parents[2] / "rulings" / "hatalom-kartyai" / "blind51")
             .glob("blind51-always-on-his-enchantment-*.ruling.yaml"))


def test_his_enchantment_takes_my_table_cards_abilities_not_the_locations():
    out = replay(load_fixture(SCENE))
    assert out.error is None and out.passed, out.problems or out.error


def test_it_reaches_only_the_cards_its_text_names(tmp_path):
    """Written for its controller's own other table cards, it leaves A's enchantment its ability: both are used."""
    scene = variant(tmp_path, SCENE, [('applies_to: "on_table(it) and it.controller == opponent"',
                                       'applies_to: "on_table(it) and it.controller == you and it != this"'),
                                      ("  - {player: A, use: Próba oltár bűbáj, try: true}", "  - {player: A, use: Próba oltár bűbáj}\n  - {pass: all}")],
                    expect="  - {player: A, vp: 2}\n")
    out = replay(load_fixture(scene))
    assert out.error is None and out.passed, out.problems or out.error
