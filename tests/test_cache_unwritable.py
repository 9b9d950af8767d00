"""A read-only or full cache folder never ends a command in a traceback: judge works from memory
(and a temporary folder for this run) and says once what it could not write."""
from __future__ import annotations

import errno
from pathlib import Path

import pytest
from click.testing import CliRunner

import judge.cache as cache
from judge.cli import cli

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def fresh_fallback(monkeypatch):
    monkeypatch.setattr(cache, "_fallback", None)


def test_cache_folder_under_a_file_falls_back_once(tmp_path, monkeypatch, capsys):
    (tmp_path / "afile").write_text("x")
    monkeypatch.setenv("JUDGE_CACHE", str(tmp_path / "afile" / "cache"))
    first = cache.cache_dir()
    second = cache.cache_dir()
    assert first == second and first.is_dir() and cache.writable(first)
    assert capsys.readouterr().err.count("cannot write the cache") == 1


def test_read_only_cache_is_detected_before_building(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("JUDGE_CACHE", str(tmp_path))
    monkeypatch.setattr(cache, "writable", lambda folder: folder != tmp_path)
    assert cache.ensure_writable_cache() != tmp_path
    assert "cannot write the cache" in capsys.readouterr().err


def _full(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


def test_judge_rule_with_a_full_cache_answers_and_warns_once(tmp_path, monkeypatch):
    import judge.graph

    monkeypatch.setenv("JUDGE_CACHE", str(tmp_path))
    monkeypatch.setenv("JUDGE_NO_GRAPH_CHECK", "1")
    monkeypatch.setattr(judge.graph, "atomic_write_json", _full)
    res = CliRunner().invoke(cli, ["rule", "huntik:702.2"])
    assert res.exit_code == 0, res.output
    assert "if-condition" in res.output and "Traceback" not in res.output
    assert res.output.count("cannot write the cache") == 1 and "No space left" in res.output


def test_search_index_build_retries_in_a_temporary_folder(tmp_path, monkeypatch, capsys):
    """The search index of `judge ask`: a build that cannot write is built again elsewhere."""
    import judge.search.index as index

    monkeypatch.setenv("JUDGE_CACHE", str(tmp_path))
    calls = []

    def build(root, model, progress=True, reuse=True):
        calls.append(cache.cache_dir())
        if len(calls) == 1:
            _full()
        return "index"

    monkeypatch.setattr(index, "build_index", build)
    assert index._build_where_writable(tmp_path, None, False) == "index"
    assert calls[0] == tmp_path and calls[1] != tmp_path
    assert capsys.readouterr().err.count("cannot write the cache") == 1


def test_verify_with_a_full_cache_still_reports(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE", str(tmp_path))
    monkeypatch.setenv("JUDGE_NO_GRAPH_CHECK", "1")
    monkeypatch.setattr(cache, "atomic_write_text", _full)
    res = CliRunner().invoke(cli, ["verify", str(ROOT / "rulings" / "huntik" / "triggers"), "--json"])
    assert res.exit_code == 0 and '"passed"' in res.output
    assert res.output.count("cannot write the cache") == 1


def test_cache_unwritable_says_why(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE", str(tmp_path))
    assert cache.cache_unwritable(0) is None
    full = cache.cache_unwritable(1 << 60)  # more than any disk has free
    assert full.errno == errno.ENOSPC and "MB needed" in full.strerror
    monkeypatch.setattr(cache, "writable", lambda folder: False)
    assert cache.cache_unwritable(0).errno == errno.EACCES


GAME_YAML = "id: tiny\nname: Tiny\nlanguage: en\ndocuments:\n  - path: rules.txt\n"
RULES = "100. Basics\n100.1. A creature that is tapped cannot block.\n100.2. Damage is dealt at once, see rule 100.1.\n"


@pytest.mark.parametrize("as_json", [True, False])
def test_ask_with_an_empty_cache_that_cannot_be_written_answers_from_the_words_and_says_so(
        tmp_path, monkeypatch, as_json):
    """No index and no room for one: the answer is ranked by words alone, said in one line (a field
    under --json), in well under a second, and nothing is embedded or exported."""
    import json

    import judge.search.index as index

    folder = tmp_path / "corpus" / "tiny"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME_YAML, encoding="utf-8")
    (folder / "rules.txt").write_text(RULES, encoding="utf-8")
    monkeypatch.setenv("JUDGE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(cache, "writable", lambda folder: False)
    monkeypatch.setattr(index, "build_index", lambda *a, **k: pytest.fail("no index is built"))
    args = ["--corpus", str(tmp_path / "corpus"), "ask", "can a tapped creature block?"]
    res = CliRunner().invoke(cli, [*args, "--json"] if as_json else args)
    assert res.exit_code == 0, res.output
    assert res.output.count("cannot write the cache") == 1 and "Traceback" not in res.output
    if as_json:
        data = json.JSONDecoder().raw_decode(res.output[res.output.index("{"):])[0]
        assert data["words_only"]["why"].startswith(f"the cache folder {tmp_path / 'cache'} cannot take")
        assert data["words_only"]["engine_marks"] is True  # not the bundled corpus: none were due
        assert data["results"][0]["id"] == "tiny:100.1"
    else:
        assert res.output.count("Words only:") == 1 and "without the semantic half" in res.output
        assert "tiny:100.1" in res.output


def test_words_only_says_when_engine_marks_are_missing_too(tmp_path, monkeypatch):
    """The bundled corpus without verdicts: the scenarios are not replayed for marks that could not
    be kept either, and the answer says it has none."""
    import judge.search.index as index
    from judge.search.search import Searcher

    monkeypatch.setenv("JUDGE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(cache, "writable", lambda folder: False)
    monkeypatch.setattr(index, "build_index", lambda *a, **k: pytest.fail("no index is built"))
    import judge.scenarios.verify

    monkeypatch.setattr(judge.scenarios.verify, "ensure_verdicts", lambda *a, **k: pytest.fail("no replay"))
    s = Searcher(words_only=True, progress=False)
    assert s.words_only["engine_marks"] is False
    from judge.cli.ask import words_only_line

    assert "without engine-checked marks" in words_only_line(s.words_only)
