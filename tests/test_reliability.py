"""Issue 18: one bad file never stops a run, every cache checks itself, nothing grows without bound.

Tiny generated inputs in tmp; the real model only where the model export is the point. How long
each case takes and how much memory it uses is measured by bench/bench_reliability.py.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import judge.cache as cache
from judge.cache import (WorkingDir, atomic_write_json, checked_json_bytes, clean_stale_temps, parse_checked_json,
                         prune, read_checked_json)
from judge.cli import cli
from judge.errors import CacheError

ROOT = Path(__file__).resolve().parent.parent
RULINGS = ROOT / "rulings"


@pytest.fixture(autouse=True)
def fresh_notes(monkeypatch):
    monkeypatch.setattr(cache, "_said_rebuilt", set())
    monkeypatch.setattr(cache, "_fallback", None)


# -- self-checking JSON ---------------------------------------------------------------------------

def test_checked_json_is_plain_json_with_its_checksum_first():
    data = {"format": 3, "texts": {"huntik:701.4a": "Ready: …"}, "n": [1, 2]}
    raw = checked_json_bytes(data)
    assert raw.startswith(b'{"checksum":"') and json.loads(raw)["texts"] == data["texts"]
    assert parse_checked_json(raw) == data
    assert parse_checked_json(checked_json_bytes({})) == {}


def test_a_flipped_byte_anywhere_is_detected():
    raw = checked_json_bytes({"format": 1, "hashes": {"huntik:701.4a": "0123456789abcdef", "x": None}})
    for i in range(len(raw)):
        bad = bytearray(raw)
        bad[i] ^= 0x01
        with pytest.raises(CacheError):
            parse_checked_json(bytes(bad))


def test_a_bad_cache_file_is_said_once_and_read_as_missing(tmp_path, capsys):
    path = tmp_path / "x.json"
    atomic_write_json(path, {"format": 1, "items": [1, 2]})
    assert read_checked_json(path) == {"format": 1, "items": [1, 2]}
    path.write_text(path.read_text().replace("[1,2]", "[1,3]"))
    assert read_checked_json(path) is None and read_checked_json(path) is None
    err = capsys.readouterr().err
    assert err.count("is unusable") == 1 and "does not match its checksum" in err and str(path) in err
    path.write_text("[]")  # valid JSON of the wrong shape, no checksum
    assert read_checked_json(tmp_path / "missing.json") is None
    assert capsys.readouterr().err == ""
    atomic_write_json(path, {"format": 2})
    assert read_checked_json(path, lambda d: None if d.get("format") == 1 else "format 2, expected 1") is None


# -- the caches of judge verify, judge rule and judge replay ------------------------------------------

GAME_YAML = "id: tiny\nname: Tiny\nlanguage: en\ndocuments:\n  - path: rules.txt\n"
RULES = "100. Basics\n100.1. A rule about cards.\n100.2. Another rule, see rule 100.1.\n"


@pytest.fixture
def tiny_corpus(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "corpus" / "tiny"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME_YAML, encoding="utf-8")
    (folder / "rules.txt").write_text(RULES, encoding="utf-8")
    return tmp_path / "corpus"


@pytest.mark.parametrize("damage", ["[]", "edit", "flip", "truncate"])
def test_graph_cache_damage_is_rebuilt(tiny_corpus, tmp_path, capsys, damage):
    from judge.graph import load_graph

    load_graph(tiny_corpus)
    path = next((tmp_path / "cache").glob("graph-[0-9a-f]*.json"))
    raw = path.read_bytes()
    path.write_bytes({"[]": b"[]", "edit": raw.replace(b"A rule about cards", b"A rule about dice"),
                      "flip": raw[:200] + bytes([raw[200] ^ 4]) + raw[201:], "truncate": raw[: len(raw) // 2]}[damage])
    G = load_graph(tiny_corpus)
    assert G.nodes["tiny:100.1"]["text"] == "A rule about cards."
    assert "unusable" in capsys.readouterr().err
    assert path.read_bytes() == raw  # written again, whole


def test_graph_index_of_the_wrong_shape_is_rebuilt(tiny_corpus, tmp_path, capsys):
    from judge.scenarios.loader import graph_text_hashes

    first = graph_text_hashes(str(tiny_corpus))
    assert "tiny:100.1" in first
    path = next((tmp_path / "cache").glob("graph-index-*.json"))
    path.write_text("[]")
    assert graph_text_hashes(str(tiny_corpus)) == first
    assert "graph-index" in capsys.readouterr().err


def test_rule_texts_cache_damage_is_rebuilt(tiny_corpus, tmp_path):
    from judge.scenarios.explain import rule_texts

    texts = rule_texts(tiny_corpus)
    path = next((tmp_path / "cache").glob("rule-texts*.json"))
    path.write_text('{"texts": 5}')
    assert rule_texts(tiny_corpus) == texts


def test_verdicts_of_the_wrong_shape_show_no_marks_and_never_break(tmp_path, capsys):
    from judge.verdicts import VERDICTS_FORMAT, read_verdicts

    path = tmp_path / "verdicts.json"
    good = {"rulings/huntik/a.ruling.yaml": {"ruling": "huntik:faq:x", "passed": True, "applied": ["huntik:1"]}}
    path.write_text(json.dumps({"format": VERDICTS_FORMAT, "fixtures": good}))  # by hand: no checksum
    assert read_verdicts(path) == good
    for bad in ({"applied": 5}, {"cites": "huntik:1"}, {"passed": "yes"}, 5):
        path.write_text(json.dumps({"format": VERDICTS_FORMAT, "fixtures": {"rulings/x.ruling.yaml": bad}}))
        assert read_verdicts(path) == {}
    atomic_write_json(path, {"format": VERDICTS_FORMAT, "fixtures": good})
    path.write_bytes(path.read_bytes().replace(b"huntik:1", b"huntik:2"))
    assert read_verdicts(path) == {}
    assert "does not match its checksum" in capsys.readouterr().err


def test_web_pages_with_a_broken_verdicts_file_or_an_alias_bomb_are_never_500(tmp_path):
    """A verdicts file of the wrong shape, and an alias bomb among the scenarios the site lists."""
    from fastapi.testclient import TestClient

    from judge.web.app import create_app
    from judge.web.site import Site
    from tests.engine.test_bad_input import ALIAS_BOMB

    bad = tmp_path / "verdicts.json"
    bad.write_text(json.dumps({"format": 2, "fixtures": {"rulings/x.ruling.yaml": {"applied": 5}}}))
    rulings = tmp_path / "rulings"
    shutil.copytree(RULINGS / "huntik" / "triggers", rulings / "huntik" / "triggers")
    (rulings / "huntik" / "triggers" / "bomb.ruling.yaml").write_text(ALIAS_BOMB)
    site = Site(ROOT / "rules_corpus", rulings=rulings, verdicts_file=bad)
    assert site.fixtures["rulings/huntik/triggers/bomb.ruling.yaml"]["ruling"] is None
    client = TestClient(create_app(site))
    for url in ("/healthz", "/rule/huntik:701.4a", "/game/huntik", "/api/verify"):
        assert client.get(url).status_code == 200, url


# -- judge verify: one bad file among many ----------------------------------------------------------

BROKEN = """\
game: huntik
state:
  A:
    zone1: [Lok Lambert]
actions:
  - {player: A, play: [Lok Lambert]}
"""


def _rulings_with(tmp_path: Path, name: str, text: str) -> Path:
    rulings = tmp_path / "rulings"
    shutil.copytree(RULINGS / "huntik" / "triggers", rulings / "huntik" / "triggers")
    (rulings / "huntik" / "zz").mkdir()
    (rulings / "huntik" / "zz" / name).write_text(text, encoding="utf-8")
    return rulings


def test_verify_reports_every_scenario_and_the_broken_one(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("JUDGE_NO_GRAPH_CHECK", "1")
    rulings = _rulings_with(tmp_path, "broken.ruling.yaml", BROKEN)
    monkeypatch.chdir(tmp_path)  # a maintainer's folder with its rulings/: its scenarios are recorded
    good = len(list((rulings / "huntik" / "triggers").glob("*.ruling.yaml")))
    res = CliRunner().invoke(cli, ["verify", str(rulings), "--json"])
    data = json.loads(res.output)
    # nothing failed, one file did not load: bad input only, exit 2 (GUIDE.md section 1)
    assert res.exit_code == 2 and "Traceback" not in res.output
    assert data["fixtures"] == good + 1 and data["passed"] == good and data["failed"] == []
    [err] = data["errors"]
    assert err["path"].endswith("broken.ruling.yaml") and err["line"] == 6 and "label (text)" in err["message"]
    verdicts = json.loads((tmp_path / "cache" / "verdicts.json").read_text())["fixtures"]
    assert len(verdicts) == good  # the others' verdicts are written
    res = CliRunner().invoke(cli, ["verify", str(rulings)])
    assert res.exit_code == 2 and "broken.ruling.yaml:6:" in res.output and f"{good} passed" in res.output


def test_a_cards_yaml_error_is_reported_once_under_its_own_name(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("JUDGE_NO_GRAPH_CHECK", "1")
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "rules_corpus" / "huntik", corpus / "huntik")
    cards = corpus / "huntik" / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("\ncards:\n", "\ncards:\n  - {name: Broken, stats: strong}\n", 1), encoding="utf-8")
    line = text[: text.index("\ncards:\n")].count("\n") + 3
    res = CliRunner().invoke(cli, ["--corpus", str(corpus), "verify", str(RULINGS / "huntik" / "triggers"), "--json"])
    data = json.loads(res.output)
    assert res.exit_code == 2  # a broken cards.yaml: bad input
    [err] = data["errors"]
    assert err["path"].endswith("cards.yaml") and err["line"] == line and "'stats' must be" in err["message"]
    assert f"{data['fixtures']} scenarios" in err["message"]


# -- strict game.yaml and documents ----------------------------------------------------------------

@pytest.mark.parametrize("extra, words, line", [
    ("card_types: Hero\n", "card_types", 6),
    ("name2: x\n", None, None),
])
def test_game_yaml_types(tmp_path, extra, words, line):
    from judge.corpus import load_corpus
    from judge.errors import CorpusError

    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME_YAML + extra, encoding="utf-8")
    (folder / "rules.txt").write_text(RULES, encoding="utf-8")
    if words is None:
        load_corpus(tmp_path)
        return
    with pytest.raises(CorpusError) as info:
        load_corpus(tmp_path)
    assert words in info.value.problem and info.value.line == line and info.value.path.endswith("game.yaml")


@pytest.mark.parametrize("old, new, words, line", [
    ("name: Tiny", "name: [a, b]", "'name' must be", 2),
    ("language: en", "language: xx", "ISO 639-1", 3),
    ("language: en", "language: english", "ISO 639-1", 3),
    ("  - path: rules.txt", "  - {path: rules.txt, title: [a]}", "'title' must be text", None),
])
def test_game_yaml_fields_are_checked(tmp_path, old, new, words, line):
    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME_YAML.replace(old, new), encoding="utf-8")
    (folder / "rules.txt").write_text(RULES, encoding="utf-8")
    res = CliRunner().invoke(cli, ["--corpus", str(tmp_path), "ingest", "--json"])
    assert res.exit_code == 2 and "Traceback" not in res.output
    err = json.loads(res.output)["error"]
    assert words in err["message"] and err["path"].endswith("game.yaml")
    if line:
        assert err["line"] == line


@pytest.mark.parametrize("data, words", [
    ("100. Alapok\n100.1. Egy szabály a lapokról, ő és ű.\n".encode("iso-8859-2"), "Latin-2"),
    ("100. Basics\n100.1. A café rule.\n".encode("cp1252"), "WINDOWS-1252"),
    (RULES.encode("utf-16"), "UTF-16"),
])
def test_a_document_that_is_not_utf8_is_reported_with_a_hint(tmp_path, data, words):
    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME_YAML, encoding="utf-8")
    (folder / "rules.txt").write_bytes(data)
    res = CliRunner().invoke(cli, ["--corpus", str(tmp_path), "ingest", "--json"])
    assert res.exit_code == 2 and "Traceback" not in res.output
    err = json.loads(res.output)["error"]
    assert words in err["message"] and err["path"].endswith("rules.txt")


# -- leftovers and pruning --------------------------------------------------------------------------

_HOLD = """
import sys, time
from pathlib import Path
from judge.cache import WorkingDir
w = WorkingDir(Path(sys.argv[1]), ".onnx-")
(w.path / "model.onnx.weights").write_bytes(b"0" * 1000)
print(w.path, flush=True)
time.sleep(60)
"""


def test_leftovers_of_a_killed_writer_are_removed_but_a_live_one_is_kept(tmp_path):
    proc = subprocess.Popen([sys.executable, "-c", _HOLD, str(tmp_path)], stdout=subprocess.PIPE, text=True,
                            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        held = Path(proc.stdout.readline().strip())
        assert clean_stale_temps(tmp_path) == [] and held.is_dir()  # its writer is alive
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    finally:
        proc.kill()
        proc.stdout.close()
    mine = WorkingDir(tmp_path, ".onnx-")
    (tmp_path / ".graph-x.json.abc.tmp").write_text("half")
    removed = clean_stale_temps(tmp_path)
    assert held in removed and not held.exists() and mine.path.is_dir()
    old = tmp_path / ".x.json.old.tmp"
    old.write_text("half")
    os.utime(old, (time.time() - 2 * cache.STALE_AFTER_S,) * 2)
    assert clean_stale_temps(tmp_path) == [old]
    mine.done()


def test_old_caches_are_pruned_by_count_and_size(tmp_path):
    files = []
    for i in range(7):
        f = tmp_path / f"graph-{i:032x}.json"
        f.write_bytes(b"x" * 1000)
        os.utime(f, (1000 + i, 1000 + i))
        files.append(f)
    (tmp_path / "graph-index-0.json").write_text("{}")
    removed = prune(tmp_path, "graph-[0-9a-f]*.json", keep=files[0], max_items=3)
    assert sorted(removed) == files[1:5] and (tmp_path / "graph-index-0.json").exists()
    assert prune(tmp_path, "graph-[0-9a-f]*.json", keep=files[0], max_bytes=2500) == [files[5]]


def _cache_of(path: Path, corpus: str, mtime: int, size: int = 1000) -> Path:
    """A cache item of `corpus` (a checked JSON file, or an index folder with its meta.json)."""
    if path.suffix == ".json":
        atomic_write_json(path, {"corpus": corpus, "format": 1, "pad": "x" * size})
    else:
        atomic_write_json(path / "meta.json", {"format": 8, "key": path.name, "corpus": corpus, "pad": "x" * size})
        os.utime(path / "meta.json", (mtime, mtime))
    os.utime(path, (mtime, mtime))
    return path


def test_pruning_keeps_each_corpus_s_newest_caches(tmp_path):
    """Five versions of a draft built after the bundled corpus's index never evict that index: each
    corpus keeps its two newest, the eight corpora used last keep theirs."""
    bundled = _cache_of(tmp_path / "b0", "/corpus/bundled", 1000)
    drafts = [_cache_of(tmp_path / f"d{i}", "/tmp/draft", 2000 + i) for i in range(5)]
    assert cache.cached_corpus(bundled) == "/corpus/bundled" and cache.cached_corpus(tmp_path / "none") == ""
    removed = prune(tmp_path, "*", keep=drafts[-1], max_items=2, group=cache.cached_corpus)
    assert sorted(removed) == drafts[:3] and bundled.exists()
    many = [_cache_of(tmp_path / f"c{i}.json", f"/corpus/{i}", 3000 + i) for i in range(9)]
    assert cache.cached_corpus(many[0]) == "/corpus/0"
    removed = prune(tmp_path, "c*.json", keep=many[-1], max_items=2, group=cache.cached_corpus, max_groups=8)
    assert removed == [many[0]]  # the corpus used longest ago


def test_pruning_by_size_drops_older_versions_before_another_corpus_s_newest(tmp_path):
    bundled = _cache_of(tmp_path / "b0.json", "/corpus/bundled", 1000, size=3000)
    older = _cache_of(tmp_path / "d0.json", "/tmp/draft", 2000, size=3000)
    newest = _cache_of(tmp_path / "d1.json", "/tmp/draft", 2001, size=3000)
    assert prune(tmp_path, "*.json", keep=newest, max_bytes=7000, group=cache.cached_corpus) == [older]
    assert prune(tmp_path, "*.json", keep=newest, max_bytes=4000, group=cache.cached_corpus) == [bundled]
    assert newest.exists()


_BUILD = """
import sys
from pathlib import Path
from judge.graph import load_graph
load_graph(Path(sys.argv[1]))
"""


def test_kill_9_during_a_graph_build_leaves_a_working_cache(tiny_corpus, tmp_path):
    """Killed at several moments of a build: the next run always succeeds, with a whole cache and
    no temporary files left once it has run."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "JUDGE_CACHE": str(tmp_path / "cache")}
    for delay in (0.3, 0.8, 1.5):
        shutil.rmtree(tmp_path / "cache", ignore_errors=True)
        proc = subprocess.Popen([sys.executable, "-c", _BUILD, str(tiny_corpus)], cwd=ROOT, env=env)
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        done = subprocess.run([sys.executable, "-c", _BUILD, str(tiny_corpus)], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
        [graph] = (tmp_path / "cache").glob("graph-[0-9a-f]*.json")
        assert parse_checked_json(graph.read_bytes())["format"]
        assert not list((tmp_path / "cache").glob(".*.tmp"))


def test_a_symlink_loop_in_the_corpus_is_a_warning_and_skipped(tmp_path, monkeypatch):
    import judge.corpus_files

    monkeypatch.setattr(judge.corpus_files, "_warned_loops", set())
    monkeypatch.setenv("JUDGE_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "corpus" / "tiny"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME_YAML, encoding="utf-8")
    (folder / "rules.txt").write_text(RULES, encoding="utf-8")
    (folder / "self").symlink_to(folder / "self")
    (tmp_path / "corpus" / "game-loop").symlink_to(tmp_path / "corpus" / "game-loop")
    res = CliRunner().invoke(cli, ["--corpus", str(tmp_path / "corpus"), "ingest"])
    assert res.exit_code == 0 and "Traceback" not in res.output and "tiny: 3 entries" in res.output
    said = res.stderr if hasattr(res, "stderr") else res.output
    assert said.count("symlink loop") == 2 and "game-loop" in said and "self" in said


def test_a_first_verify_builds_the_graph_index_in_a_child_and_reports_the_same(tmp_path):
    """Cold cache: the graph index is built by a forked child while the games load; the report is
    the one a warm run gives, and the index is in the cache afterwards."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "JUDGE_CACHE": str(tmp_path / "cache")}
    env.pop("JUDGE_NO_GRAPH_CHECK", None)
    args = [sys.executable, "-m", "judge.cli", "verify", str(RULINGS / "huntik" / "triggers"), "--json"]
    cold = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert cold.returncode == 0 and cold.stderr == "", cold.stderr
    assert len(list((tmp_path / "cache").glob("graph-index-*.json"))) == 1
    warm = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert json.loads(cold.stdout) == json.loads(warm.stdout) and json.loads(cold.stdout)["passed"] > 0


def test_no_child_is_forked_when_threads_run_or_the_index_is_cached(tiny_corpus, monkeypatch):
    import threading

    from judge.scenarios.loader import graph_index_in_background, graph_text_hashes

    monkeypatch.delenv("JUDGE_NO_GRAPH_CHECK", raising=False)
    monkeypatch.setattr(os, "fork", lambda: pytest.fail("forked"))
    monkeypatch.setattr(threading, "active_count", lambda: 2)
    assert graph_index_in_background(str(tiny_corpus))() is None
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    graph_text_hashes(str(tiny_corpus))  # now cached
    assert graph_index_in_background(str(tiny_corpus))() is None


def test_no_child_is_forked_when_the_cache_has_no_room(tiny_corpus, monkeypatch):
    """A full disk still takes the probe file: the free space decides (the child's work would be lost)."""
    import threading

    from judge.scenarios.loader import graph_index_in_background

    monkeypatch.delenv("JUDGE_NO_GRAPH_CHECK", raising=False)
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    monkeypatch.setattr(os, "fork", lambda: pytest.fail("forked"))
    monkeypatch.setattr(os, "statvfs", lambda folder: type("St", (), {"f_bavail": 1, "f_frsize": 4096})())
    assert graph_index_in_background(str(tiny_corpus))() is None
