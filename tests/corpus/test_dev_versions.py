"""Two versions of a real rulebook: ONE PIECE CR 1.1.8 from ../shared/corpora-dev/ and a 1.1.9
derived from a copy in a temporary folder (the original is never edited; SOURCES.md lists no second
version of any rulebook): a rule inserted as 1-3-4 (1-3-4 ... 1-3-11 renumbered), 1-3-2's last
sentence reversed. Skips when the folder is absent."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import cli

DEV = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpora-dev"
if not DEV.is_dir():
    DEV = Path("/work/shared/corpora-dev")
SOURCE = DEV / "onepiece-cr-1.1.8.txt"
pytestmark = pytest.mark.skipif(not SOURCE.is_file(), reason="../shared/corpora-dev is not here")
NEW_RULE = "1-3-4. If a rule and a card effect give a number of times to repeat an action, the card effect is used. "


def derive(text: str) -> str:
    out = []
    for line in text.split("\n"):
        if line.startswith("1-3-4. If both players"):
            out += [NEW_RULE, ""]
        if re.match(r"1-3-(\d+)", line) and int(re.match(r"1-3-(\d+)", line).group(1)) >= 4:
            line = re.sub(r"^1-3-(\d+)", lambda m: f"1-3-{int(m.group(1)) + 1}", line)
        out.append(line)
    text = "\n".join(out).replace("1-3-10-2. Activation cost", "1-3-11-2. Activation cost")
    old = "the player performs as many of the actions as possible."
    assert text.count(old) == 1
    return text.replace(old, "the player performs none of those actions.")


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def test_a_renumbered_rulebook_version(tmp_path):
    game = tmp_path / "corpus" / "one-piece"
    game.mkdir(parents=True)
    text = SOURCE.read_text(encoding="utf-8")
    (game / "cr-1.1.8.txt").write_text(text, encoding="utf-8")
    (game / "cr-1.1.9.txt").write_text(derive(text), encoding="utf-8")
    (game / "game.yaml").write_text(
        "id: one-piece\nname: ONE PIECE Card Game\nlanguage: en\ndocuments:\n"
        "  - path: cr-1.1.9.txt\n    version: 1.1.9 (derived)\n    date: 2026-11-24\n"
        "    earlier: [{path: cr-1.1.8.txt, version: 1.1.8}]\n", encoding="utf-8")
    res = run("diff", game / "cr-1.1.8.txt", game / "cr-1.1.9.txt", "--json")
    g = json.loads(res.output)["games"]["one-piece"]
    assert g["added"] == ["one-piece:1-3-4"] and g["changed"] == ["one-piece:1-3-2"] and g["removed"] == []
    shifted = ["4", "5", "5-1", "6", "7", "7-1", "8", "9", "10", "10-1", "10-2", "11"]
    moved = {f"one-piece:1-3-{s}": "one-piece:1-3-" + re.sub(r"^\d+", lambda m: str(int(m.group()) + 1), s)
             for s in shifted}
    assert g["renamed"] == moved
    assert "performs [-as many-] {+none+} of" in g["diffs"]["one-piece:1-3-2"]

    # the game lists 1.1.8 as the earlier version: ingest records the renumbering, old numbers find
    # the rule under its new one, and each rule's history spans both versions
    res = run("--corpus", tmp_path / "corpus", "ingest", "--json")
    assert json.loads(res.output)["games"]["one-piece"]["aliases_written"] == moved
    res = run("--corpus", tmp_path / "corpus", "rule", "one-piece:1-3-10-2", "--json")
    data = json.loads(res.output)
    assert data["entry"]["id"] == "one-piece:1-3-11-2" and "earlier version" in data["note"]
    res = run("--corpus", tmp_path / "corpus", "rule", "one-piece:1-3-5", "--history", "--json")
    hist = json.loads(res.output)["history"]
    assert [(h["version"], h["id"], h["status"]) for h in hist] == [
        ("1.1.8", "one-piece:1-3-4", "first"), ("1.1.9 (derived)", "one-piece:1-3-5", "unchanged")]
