"""'Move up to N damage' (Orc Shaman, review 43): `move_damage ... up_to: N` asks the resolving player how many,
none to N (no more than the first unit has); a number above what destroys the receiving unit is refused by
faq:move-more-damage-onto-unit-takes-destroy-unit. A fixed `amount: N` (Illustrative Transfusion, 'Move 2 damage')
asks nothing."""
from __future__ import annotations

from tests.engine.scenes import replay_text

SHAMAN = """
    state:
      active: A
      phase: capital
      A:
        battlefield:
          - Orc Shaman
          - {card: Illustrative Giant, damage: 3}
          - Hag Queen
    actions:
      - {player: A, use: Orc Shaman, targets: [Illustrative Giant, %s]%s}
      - {pass: all}
    expect:
      - {card: Illustrative Giant, damage: %d}
"""


def _run(tmp_path, text: str):
    return replay_text(tmp_path, text, game="warhammer-invasion")


def test_the_player_chooses_how_many(tmp_path):
    for n in (0, 1, 3):
        out = _run(tmp_path, SHAMAN % ("Hag Queen", f", choose: [{n}]", 3 - n))
        assert out.status == "passed", (n, out.problems or out.error)


def test_the_number_is_asked(tmp_path):
    out = _run(tmp_path, SHAMAN % ("Hag Queen", "", 0))
    assert out.status == "error" and "how much damage to move" in out.error and "options: 3, 2, 1, 0" in out.error


def test_more_than_destroys_the_receiver_is_refused(tmp_path):
    """Dark Zealot has 3 hit points: 3 is allowed; a Rat Swarm (1 hit point) takes 1 at most."""
    out = _run(tmp_path, SHAMAN.replace("- Hag Queen", "- Rat Swarm") % ("Rat Swarm", ", choose: [{try: 3}, 1]", 2))
    assert out.status == "passed", out.problems or out.error
    assert any(e.get("event") == "choice_rejected" for e in out.engine.events)
    out = _run(tmp_path, SHAMAN.replace("- Hag Queen", "- Rat Swarm") % ("Rat Swarm", ", choose: [3]", 0))
    assert out.status == "error" and "than it takes to destroy it" in out.error


MOVER = """
    state:
      active: A
      phase: capital
      A:
        hand: [Illustrative Transfusion]
        resources: 5
        battlefield:
          - {card: Illustrative Giant, damage: 3}
          - Hag Queen
    actions:
      - {player: A, play: Illustrative Transfusion, targets: [Illustrative Giant, Hag Queen]%s}
      - {pass: all}
    expect:
      - {card: Illustrative Giant, damage: 1}
"""


def test_a_fixed_amount_asks_nothing(tmp_path):
    out = _run(tmp_path, MOVER % "")
    assert out.status == "passed", out.problems or out.error
    out = _run(tmp_path, MOVER % ", choose: [1]")
    assert out.status == "error" and "never used" in out.error
