"""Per-corpus fusion settings (`judge tune`): the file, its checks, its use by ask, the tuning."""
from __future__ import annotations

import json

import pytest

from judge.errors import BadInputError
from judge.search import fusion_settings as fs
from judge.search import tuning
from judge.search.evaluate import Question

GOOD = {"lexical_weight": 0.3, "long_question_lift": 0.5, "lift_parents": True, "parent_margin": 0.02}


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_saved_settings_read_back_per_corpus_folder(cache, tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir(), b.mkdir()
    path = fs.save_settings(a, fs.Fusion(**GOOD), {"lorcana": fs.Fusion(0.4, 0.6, False, 0.02)}, "test")
    assert path.parent == cache and fs.settings_path(a) == path != fs.settings_path(b)
    got = fs.load_settings(a)
    assert got.corpus == fs.Fusion(**GOOD) and got.games["lorcana"].lift_parents is False
    assert got.for_game("lorcana").lexical_weight == 0.4 and got.for_game("riftbound") is None
    assert fs.load_settings(b) is None  # a corpus without tuning keeps the defaults
    assert [p.name for p in cache.iterdir()] == [path.name]  # no temporary file left behind


def test_a_failed_write_keeps_the_old_settings(cache, tmp_path, monkeypatch):
    import judge.cache

    path = fs.save_settings(tmp_path, fs.Fusion(**GOOD), {}, "first")
    monkeypatch.setattr(judge.cache.os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(28, "No space left")))
    with pytest.raises(OSError):
        fs.save_settings(tmp_path, fs.Fusion(0.9, 0.0, False, 0.0), {}, "second")
    assert fs.load_settings(tmp_path).tuned_on == "first"
    assert [p.name for p in cache.iterdir()] == [path.name]


@pytest.mark.parametrize("edit, line, words", [
    (lambda t: t.replace('"lift_parents": true', '"lift_parents": "yes"'), 8, "true or false"),
    (lambda t: t.replace('"long_question_lift": 0.6', '"long_question_lift": 3'), 14, "from 0 to 1"),
    (lambda t: t.replace('"parent_margin": 0.02\n }', '"parent_margin": 0.02,\n  "weight": 1\n }', 1), 10, "unknown"),
    (lambda t: t.replace('"version": 1', '"version": 7'), 2, "version"),
    (lambda t: t.replace('"games": {', '"games": {,'), 11, "not valid JSON"),
])
def test_a_wrong_value_names_the_file_and_its_line(cache, tmp_path, edit, line, words):
    path = fs.save_settings(tmp_path, fs.Fusion(**GOOD), {"lorcana": fs.Fusion(0.3, 0.6, True, 0.02)}, "t")
    path.write_text(edit(path.read_text()))
    with pytest.raises(BadInputError) as err:
        fs.load_settings(tmp_path)
    assert err.value.path == str(path) and err.value.line == line, (str(err.value), path.read_text())
    assert words in str(err.value)


def test_a_games_settings_rank_its_questions_and_only_them(searcher):
    """A game's tuned settings apply to questions about it (here with --game): lexical weight 1 and no
    lifting is the lexical ranking; another game's questions keep the default hybrid ranking."""
    q = "Can a hero that was exhausted to pay for a canceled action ready again?"
    default_other = searcher.ranking(q, game="star-wars-tcg")
    try:
        searcher.use_settings(fs.TunedSettings(fs.Path("t"), None, {"huntik": fs.Fusion(1.0, 0.0, False, 0.02)}))
        assert searcher.ranking(q, game="huntik") == searcher.ranking(q, game="huntik", mode="lexical")
        assert searcher.ranking(q, game="star-wars-tcg") == default_other
        assert searcher.fusion("huntik").lexical_weight == 1.0 and searcher.fusion().lexical_weight == 0.3
    finally:
        searcher.use_settings(None)


def test_ask_reads_the_corpus_settings_and_refuses_a_bad_file(judge_run, tmp_path):
    """`judge ask` uses the bundled corpus's settings file by default; a wrong one is exit 2 naming it."""
    from judge.paths import repo_root

    path = fs.settings_path(repo_root() / "rules_corpus")
    assert not path.exists()
    try:
        fs.save_settings(repo_root() / "rules_corpus", fs.Fusion(0.35, 0.2, True, 0.02), {}, "a test")
        q = tmp_path / "q.yaml"
        q.write_text("- q: Does Lucky stack?\n  answers: [star-wars-tcg:faq:lucky-stack-example-anakin-skywalker-j-gives-unit]\n")
        out = judge_run("eval", str(q), "--mode", "hybrid")
        assert out.returncode == 0, out.stderr
        assert f"fusion: lexical weight 0.35 (+0.2 for long questions)" in out.stdout and str(path) in out.stdout
        path.write_text(path.read_text().replace("0.35", "1.35"))
        out = judge_run("ask", "Does Lucky stack?", "--json")
        assert out.returncode == 2
        err = json.loads(out.stdout)["error"]
        assert err["path"] == str(path) and err["line"] == 6 and "lexical_weight" in err["message"]
    finally:
        path.unlink(missing_ok=True)


class FakeSearcher:
    """Ranks by the lexical weight alone: question i's answer is in the top 5 only when the weight
    is at least its `need`. Enough of a Searcher for tuning.tune."""

    def __init__(self, need: dict[str, float]):
        from judge.search.search import DEFAULT_FUSION

        self.need = need
        self.index = type("I", (), {"lookup": {"ids": ["x:1", "x:2", "x:3", "x:9"], "parent": [-1, -1, -1, -1]}})()
        self.tuned = None
        self.set_fusion(DEFAULT_FUSION)

    def use_settings(self, tuned):
        self.tuned = tuned

    def set_fusion(self, f):
        self.f = f

    def fusion(self, game=None):
        return self.f

    def ranking(self, q, *, game=None, k=10):
        return ["x:1", "x:9"] if self.f.lexical_weight + self.f.long_question_lift >= self.need[q] else ["x:9"] * 10


def test_tuning_chooses_on_dev_questions_and_ties_keep_the_default(monkeypatch):
    monkeypatch.setattr(tuning, "MIN_GAME_QUESTIONS", 2)
    qs = [Question(q=f"{g} {i}", answers=["x:1"], game=g, tags=["dev"]) for g in ("a", "b") for i in range(2)]
    qs.append(Question(q="held out", answers=["x:1"], game="a", tags=["test"]))
    need = {"a 0": 0.9, "a 1": 0.9, "b 0": 0.0, "b 1": 0.0, "held out": 5.0}
    out = tuning.tune(FakeSearcher(need), qs)
    assert out["dev"] == 4 and out["test"] == 1
    # game a needs weight + lift >= 0.9: chosen for the corpus (it gains 2 questions, b loses none)
    assert out["corpus"].lexical_weight + out["corpus"].long_question_lift >= 0.9
    assert out["games"] == {}  # b ties under every setting: no settings of its own (the corpus's apply)
    out = tuning.tune(FakeSearcher({**need, "a 0": 5.0, "a 1": 5.0}), qs)
    assert out["corpus"] is None and out["games"] == {}  # nothing gains: the default stays


def test_example_questions_and_their_split_are_stable():
    assert tuning.split_of("lorcana:1.2.3") == tuning.split_of("lorcana:1.2.3")
    assert {tuning.split_of(f"g:{i}") for i in range(20)} == {"dev", "test"}
    qs = [Question(q="a", answers=["x"]), Question(q="b", answers=["x"], tags=["test"])]
    tuning.split_questions(qs)
    assert qs[0].tags == [tuning.split_of("a")] and qs[1].tags == ["test"]


def test_tune_cli_on_a_question_file(judge_run, tmp_path):
    """`judge tune FILE --dry-run --json` chooses on the dev half, reports the test half, saves nothing."""
    from judge.paths import repo_root

    q = tmp_path / "q.yaml"
    q.write_text("- q: Does Lucky stack?\n  answers: [star-wars-tcg:faq:lucky-stack-example-anakin-skywalker-j-gives-unit]\n"
                 "  tags: [dev]\n- q: Does Armor stack?\n  answers: [star-wars-tcg:faq:lucky-stack-example-anakin-skywalker-j-gives-unit]\n"
                 "  tags: [test]\n")
    small = "import judge.search.tuning as t\nt.WEIGHTS = (0.3,)\nt.LIFTS = (0.2,)\nt.PARENT = ((False, 0.02),)\n"
    out = judge_run("tune", str(q), "--dry-run", "--json", prelude=small)
    assert out.returncode == 0, out.stderr
    d = json.loads(out.stdout)
    assert d["saved"] is None and d["corpus"] is None  # one dev question cannot gain 2
    assert d["test_default"]["all"]["n"] == 1 and "dev half" in d["tuned_on"]
    assert not fs.settings_path(repo_root() / "rules_corpus").exists()
    out = judge_run("tune", "--reset")
    assert out.returncode == 0 and "defaults apply" in out.stdout
