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
    assert top == {"id": "g:faq:yes", "fixture": V["fixture"], "text": "No.", "stale": False, "question": ""}
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


class _TinyIndex:
    """Two games, one English, one Hungarian: what crosslang reads of an index (stems -> entries)."""

    def __init__(self):
        import numpy as np

        from judge.search.text import analyze

        docs = {"en": ["When can I play an instant spell? In the action window.", "A unit attacks a zone."],
                "hu": ["Azonnali varázslatot bármikor kijátszhatsz.", "A galetki erősödés-jelzőt kap.",
                       "A lény kijátszás után a tartalékba kerül.", "Mar egy lapot."]}
        self.games = ["en-game", "hu-game"]
        self.lookup = {"game_language": {"en-game": "en", "hu-game": "hu"}}
        self.lexical, entry_game, row = {}, [], 0
        for lang, texts in docs.items():
            postings: dict[str, list[int]] = {}
            for j, t in enumerate(texts):
                for s in dict.fromkeys(analyze(t, lang)):
                    postings.setdefault(s, []).append(j)
            vocab = {s: i for i, s in enumerate(postings)}
            indptr = np.cumsum([0, *(len(postings[s]) for s in vocab)])
            self.lexical[lang] = {"vocab": vocab, "indptr": indptr,
                                  "indices": np.array([j for s in vocab for j in postings[s]]),
                                  "docs": np.arange(row, row + len(texts))}
            entry_game += [self.games.index(f"{lang}-game")] * len(texts)
            row += len(texts)
        self.entry_game = np.array(entry_game)


def test_hungarian_typed_without_accents_is_hungarian_and_finds_its_words():
    from judge.search.crosslang import language_of, restore
    from judge.search.text import analyze, detect_language, fold

    idx = _TinyIndex()
    for q in ("Mikor játszhatok ki azonnali varázslatot?", "hova kerül a lény kijátszás után"):
        plain = fold(q)
        assert language_of(idx, plain, detect_language(plain)) == "hu", plain
        known = [s for s in analyze(q, "hu") if s in idx.lexical["hu"]["vocab"]]
        assert known and set(known) <= set(restore(idx, "hu", analyze(plain, "hu"))), known
    for q in ("when can I play an instant spell", "a unit attacks a zone", "Ki-Adi-Mundi attacks"):
        assert language_of(idx, q, detect_language(q)) == "en", q
    assert restore(idx, "en", ["zzqx"]) == ["zzqx"]  # nothing to restore it to: left as it is


def test_a_word_only_another_languages_game_has_names_that_game():
    from judge.search.crosslang import foreign_words

    idx = _TinyIndex()
    assert foreign_words(idx, "can a level up card go on a galetki", "en", idx.games) == {"hu-game": ["galetki"]}
    assert foreign_words(idx, "when can I play an instant spell", "en", idx.games) == {}
    assert foreign_words(idx, "can a galetki attack", "en", ["en-game"]) == {}  # not searched: not named
    # an English word the Hungarian stemmer cuts to a short stem its documents have is chance (review 41e)
    assert foreign_words(idx, "is a marked unit still a legal target", "en", idx.games) == {}
