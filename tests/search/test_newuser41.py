"""What a new user met in `judge ask` (NEWUSER41): the verdict line, the help example, --model. Fast: no model."""
from __future__ import annotations

from judge.search.search import Answer, Hit


def _hit(i: int, rid: str, verified: dict | None = None) -> Hit:
    return Hit(i, 1.0 - i / 10, {"id": rid, "kind": "faq", "game": "g", "number": None, "title": rid, "text": "t",
                                 "source": {}, "related": [], "verified": verified})


def _answer(*hits: Hit) -> Answer:
    return Answer("q", list(hits), 0.9, False, {}, ["g"])


V = {"fixture": "rulings/g/x.ruling.yaml", "confirmed": "No.", "stale": False}


def test_the_verdict_line_is_hit_ones_only():
    # a lower hit's scenario answers another question (NEWUSER41: "can I shuffle my developments"
    # -> "No." from a Dwarf Cannon Crew scenario at hit 3 while hit 1 says "Yes")
    assert _answer(_hit(0, "g:faq:yes"), _hit(1, "g:faq:other"), _hit(2, "g:faq:cannon", V)).confirmed() is None
    assert _answer(_hit(0, "g:faq:yes"), _hit(1, "g:faq:other", V)).to_json()["confirmed"] is None
    top = _answer(_hit(0, "g:faq:yes", V), _hit(1, "g:faq:no", {**V, "confirmed": "Yes."})).confirmed()
    assert top == {"id": "g:faq:yes", "fixture": V["fixture"], "text": "No.", "stale": False}
    assert _answer().confirmed() is None


def test_the_line_does_not_change_with_k():
    hits = [_hit(0, "g:a"), _hit(1, "g:b"), _hit(2, "g:c", V)]
    assert {str(_answer(*hits[:k]).confirmed()) for k in (1, 2, 3)} == {"None"}


def test_a_model_path_that_does_not_exist_is_refused_at_once(tmp_path, monkeypatch):
    import time

    import pytest

    from judge.errors import BadInputError
    from judge.search.encoder import resolve_model

    for missing in ("/nonexistent", str(tmp_path / "no-model"), "./no-model", "~/no-such-model", "a/b/c", "x/../y"):
        t0 = time.perf_counter()
        with pytest.raises(BadInputError, match="model not found"):
            resolve_model(missing)
        assert time.perf_counter() - t0 < 0.5
    # a name a hub could have is passed on as it is; an existing folder is resolved
    assert resolve_model("sentence-transformers/all-MiniLM-L6-v2") == "sentence-transformers/all-MiniLM-L6-v2"
    assert resolve_model("all-MiniLM-L6-v2") == "all-MiniLM-L6-v2"
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my-model").mkdir()
    assert resolve_model("./my-model") == str(tmp_path / "my-model")


def test_cli_refuses_a_missing_model_before_parsing_the_corpus(tmp_path):
    import os
    import subprocess
    import sys

    env = {**os.environ, "JUDGE_CACHE": str(tmp_path / "cache")}
    out = subprocess.run([sys.executable, "-m", "judge", "ask", "hi", "--model", "/nonexistent"], env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "model not found" in out.stderr
    assert "building" not in out.stderr and not (tmp_path / "cache" / "search" / "index").exists()


def test_ask_help_examples_name_the_game_of_their_card():
    from click.testing import CliRunner

    from judge.cli.ask import ask

    text = CliRunner().invoke(ask, ["--help"]).output
    # Lucky is a Star Wars keyword (NEWUSER41: the example sent it to vs-system)
    assert '"Does Lucky stack?" --game star-wars-tcg' in text and "--game vs-system" not in text


def test_entries_without_text_come_after_every_entry_with_text():
    from judge.search.rank import by_score, text_first

    # 9 is a heading lifted by its FAQ entries (0.936 against 0.956), 8 a card known only by name
    scores = {1: 0.956, 9: 0.936, 2: 0.63, 8: 0.99, 3: 0.2}
    text_first(scores, [8, 9, 42])
    assert by_score(scores) == [1, 2, 3, 8, 9]  # in their own order, below the lowest with text
    assert scores[1] == 0.956 and scores[2] == 0.63 and scores[3] == 0.2  # entries with text untouched
    assert scores[8] < 0.2 and abs((scores[8] - scores[9]) - (0.99 - 0.936)) < 1e-9
    # a typed rule number stays where it is; nothing but empty entries: nothing moves
    scores = {1: 0.5, 9: 0.9}
    text_first(scores, [9], keep=[9])
    assert scores == {1: 0.5, 9: 0.9}
    scores = {8: 0.7, 9: 0.9}
    text_first(scores, [8, 9])
    assert scores == {8: 0.7, 9: 0.9}
    scores = {1: 0.9, 9: 0.1}  # already below: unchanged
    text_first(scores, [9])
    assert scores == {1: 0.9, 9: 0.1}
