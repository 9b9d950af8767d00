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
