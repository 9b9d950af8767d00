"""`judge replay --ablate`: an id of another game is refused (it would switch nothing off, and the replay
would pass as if it had); the output says what was switched off; a --game the scenario's own `game:` line
overrides is noted (a new user's findings)."""
from __future__ import annotations

import json

from click.testing import CliRunner

from judge.cli import cli
from judge.paths import repo_root

SCENE = str(repo_root() / "rulings/huntik/powers/blind11-gazed-rally-herald-silent-on-his-turn-breakspell-ends-it-herald-draws.ruling.yaml")


def _run(*args):
    return CliRunner().invoke(cli, ["replay", SCENE, *args])


def test_another_games_rule_is_refused():
    got = _run("--ablate", "warhammer-invasion:clarification:target")
    assert got.exit_code == 2 and "switches nothing off" in got.output


def test_what_was_switched_off_is_said():
    got = _run("--ablate", "huntik:701.4a")
    assert "switched off: huntik:701.4a" in got.output
    data = json.loads(_run("--ablate", "huntik:701.4a", "--json").output)
    assert data["ablated"] == ["huntik:701.4a"]


def test_a_game_the_file_overrides_is_noted():
    got = CliRunner().invoke(cli, ["replay", SCENE, "--game", "star-wars-tcg"])
    assert "not --game star-wars-tcg" in got.stderr and got.exit_code == 0
