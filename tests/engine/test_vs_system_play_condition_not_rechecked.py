"""condition_recheck is looked at only where a game binds it (or names the rule that leaves it out): a card's
or power's own 'Play / Use ... only if' condition restricts playing or using it. Vs. System and Hatalom
Kártyái bind no rule that checks it again as it resolves (the Marvel Knights FAQ reads it as what the card
"requires you to control ... in order to play it"), so a card legally played resolves after its condition
stopped holding. Warhammer binds the re-check (clarification:resolving-a-card-effect, "conditional
requirements ... must be checked a second time"): there it still cancels the effect, and switching the rule
off lets it resolve. Huntik leaves it out by 703.2: switched off, the re-check comes back."""
from __future__ import annotations

from pathlib import Path

from judge.engine.rules import rule_id
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

ROOT = Path(__file__).resolve().parents[2] / "rulings"
GOOD_NIGHT = Path(__file__).resolve().parent / "data/vs-good-night-condition-not-checked-again-as-it-resolves.yaml"
ARCHER = ROOT / "hatalom-kartyai/review43/review43-archer-level-removed-in-response-shot-still-resolves.ruling.yaml"
RETURN_TO_GLORY = ROOT / ("warhammer-invasion/blind39/blind39-return-to-glory-quester-destroyed-in-response-"
                          "condition-fails-tokens-paid-lost.ruling.yaml")
DESPERATE_STAND = ROOT / "huntik/actions/blind8-desperate-stand-restriction-not-checked-again-as-it-resolves.ruling.yaml"
WHI_RECHECK = (rule_id("warhammer-invasion", "clarification:resolving-a-card-effect"),
               rule_id("warhammer-invasion", "ruling:3-resolve-the-action-chain-3"))


def _run(path: Path, ablate=()):
    return replay(load_fixture(path), set(ablate), lenient=bool(ablate)).engine


def _cancelled(eng, source: str) -> list:
    return [e.get("reason") for st in eng.trace for e in st.events
            if e["event"] == "effect_cancelled" and e.get("source") == source]


def test_vs_system_play_condition_not_checked_again():
    eng = _run(GOOD_NIGHT)
    assert eng.obj("Henchman").controller == "B"  # A no longer controls a Crime Lords character
    assert not _cancelled(eng, "Good Night, Sweet Prince")
    assert eng.obj("Death-Stalker, Phillip Sterling").where == "B.visible"
    assert "condition_recheck" not in eng.game.registry.mechanics


def test_hatalom_use_condition_not_checked_again():
    eng = _run(ARCHER)
    assert eng.obj("Próba szintlépés").where == "A.discard"  # the level is gone as the shot resolves
    assert not _cancelled(eng, "Próba íjász kalandozó 1/1")
    assert eng.obj("Próba kalandozó 1/1").where == "B.discard"


def test_warhammer_binds_it_and_cancels():
    eng = _run(RETURN_TO_GLORY)
    assert _cancelled(eng, "Return to Glory") == ["condition_failed"]
    assert eng.obj("Hag Queen").where == "A.discard"


def test_warhammer_rule_switched_off_resolves():
    eng = _run(RETURN_TO_GLORY, WHI_RECHECK)
    assert "condition_failed" not in _cancelled(eng, "Return to Glory")


def test_huntik_rule_that_leaves_it_out_switched_off_brings_it_back():
    assert not _cancelled(_run(DESPERATE_STAND), "Desperate Stand")
    eng = _run(DESPERATE_STAND, [rule_id("huntik", "703.2")])
    assert _cancelled(eng, "Desperate Stand") == ["condition_failed"]
