"""Verdicts per corpus, `judge verify --strict` and stale scenarios in the pytest plugin (issue 16 item 2)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from judge.cli import cli

ROOT = Path(__file__).resolve().parent.parent.parent
CORPUS = ROOT / "rules_corpus"
SOUL = ROOT / "rulings" / "warhammer-invasion" / "effects" / "second-soul-stealer-regains-control.ruling.yaml"
FAQ = "warhammer-invasion:faq:unit-already-soulstealer-play-2nd-soulstealer-onto-unit"
ANSWER = ("A. If you play Soul Stealer on a unit that has already been stolen, then your effect and your "
          "opponent's effect cancel each other out and you will regain control of the unit.")
REVERSED = "A. If you play Soul Stealer on a unit that has already been stolen, your opponent keeps control of it."


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def reverse_answer(corpus: Path) -> None:
    doc = corpus / "warhammer-invasion" / "faq-clarifications-errata-blog.txt"
    text = doc.read_text(encoding="utf-8")
    assert text.count(ANSWER) == 1
    doc.write_text(text.replace(ANSWER, REVERSED), encoding="utf-8")


def test_a_draft_has_its_own_verdicts_and_strict_fails_on_its_stale_scenario(tmp_path, monkeypatch):
    from judge.verdicts import verdicts_path

    cache = tmp_path / "cache"
    monkeypatch.setenv("JUDGE_CACHE", str(cache))
    draft = tmp_path / "draft"
    shutil.copytree(CORPUS, draft)
    assert verdicts_path(draft) != verdicts_path(CORPUS) == cache / "verdicts.json"

    res = run("verify", SOUL, "--strict", "--json")
    assert res.exit_code == 0 and json.loads(res.output)["stale"] == []
    bundled = (cache / "verdicts.json").read_bytes()

    res = run("--corpus", draft, "verify", SOUL, "--strict", "--json")
    assert res.exit_code == 0 and json.loads(res.output)["stale"] == []
    reverse_answer(draft)
    res = run("--corpus", draft, "verify", SOUL, "--strict", "--json")
    data = json.loads(res.output)
    # the engine never reads the answer: the scenario still passes, but what it checked changed
    assert data["passed"] == 1 and data["failed"] == [] and res.exit_code == 1
    assert [Path(p).name for p in data["stale"]] == [SOUL.name]
    res = run("--corpus", draft, "verify", SOUL)  # without --strict: reported, exit 0
    assert res.exit_code == 0 and "STALE" in res.output and "1 stale" in res.output

    assert (cache / "verdicts.json").read_bytes() == bundled  # the bundled corpus's verdicts untouched
    res = run("verify", SOUL, "--strict", "--json")
    assert res.exit_code == 0 and json.loads(res.output)["stale"] == []
    from judge.graph import load_graph, verification

    assert verification(load_graph(CORPUS), FAQ)["stale"] is False
    assert verification(load_graph(draft), FAQ)["stale"] is True


def test_the_pytest_plugin_lists_stale_scenarios_and_fails_them_when_strict(tmp_path):
    """A verdict checked against another text: pytest passes the scenario, lists it as stale in
    the summary, and fails it under --judge-strict."""
    from judge.verdicts import VERDICTS_FORMAT, file_sha, scenario_key

    cache = tmp_path / "cache"
    cache.mkdir()
    verdict = {"ruling": FAQ, "cites": [FAQ], "game": "warhammer-invasion", "variant": False, "passed": True,
               "applied": [], "question": "", "answer": "", "file": str(SOUL), "scenario": file_sha(SOUL),
               "texts": {FAQ: "0" * 16}}
    (cache / "verdicts.json").write_text(json.dumps({"format": VERDICTS_FORMAT,
                                                     "fixtures": {scenario_key(SOUL): verdict}}))
    env = {**os.environ, "JUDGE_CACHE": str(cache), "JUDGE_TEST_OWN_CACHE": "0"}
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(SOUL)]
    out = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout[-2000:]
    assert f"STALE {SOUL}: changed since checked: {FAQ}" in out.stdout
    out = subprocess.run(cmd + ["--judge-strict"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 1 and "stale: a text this scenario checks changed" in out.stdout
    # with pytest-xdist (the README's test command) the scenario runs in a worker: still listed
    out = subprocess.run(cmd + ["-n", "1"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout[-2000:]
    assert f"STALE {SOUL}: changed since checked: {FAQ}" in out.stdout


def test_the_verdict_of_a_scenario_deleted_since_is_gone_at_once(tmp_path, monkeypatch):
    """A scenario deleted after `judge verify` checked it is no longer listed under its rules (it was,
    until the next verify wrote the file again); the others are."""
    from judge.verdicts import VERDICTS_FORMAT, file_sha, read_verdicts

    cache = tmp_path / "cache"
    cache.mkdir()
    monkeypatch.setenv("JUDGE_CACHE", str(cache))
    key = SOUL.relative_to(ROOT).as_posix()

    def verdict(file, scenario):
        return {"ruling": FAQ, "cites": [], "game": "warhammer-invasion", "variant": False, "passed": True,
                "applied": [], "question": "", "answer": "", "file": str(file), "scenario": scenario, "texts": {}}

    fixtures = {"rulings/huntik/gone.ruling.yaml": verdict(ROOT / "rulings" / "huntik" / "gone.ruling.yaml", "b"),
                key: verdict(SOUL, file_sha(SOUL))}
    (cache / "verdicts.json").write_text(json.dumps({"format": VERDICTS_FORMAT, "fixtures": fixtures}),
                                         encoding="utf-8")
    assert list(read_verdicts(cache / "verdicts.json")) == [key]
