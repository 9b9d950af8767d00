"""`judge ask`, `judge eval`, `judge index` as a user runs them (fresh processes)."""
import json
import os
from pathlib import Path

HEAVY = ("torch", "transformers", "sentence_transformers", "sklearn")
QUESTIONS = Path(__file__).resolve().parents[1] / "data" / "questions.yaml"


def test_fresh_ask_imports_nothing_heavy(judge_run):
    check = "import atexit\natexit.register(lambda: print('HEAVY', sorted(m for m in %r if m in sys.modules), file=sys.stderr))" % (HEAVY,)
    out = judge_run("ask", "Does Lucky stack?", "--json", "-k", "3", prelude=check)
    assert out.returncode == 0, out.stderr
    assert "HEAVY []" in out.stderr
    d = json.loads(out.stdout)
    assert d["results"][0]["id"] == "star-wars-tcg:faq:lucky-stack-example-anakin-skywalker-j-gives-unit"


def test_help_imports_nothing_heavy(judge_run):
    check = "import atexit\natexit.register(lambda: print('HEAVY', sorted(m for m in %r if m in sys.modules), file=sys.stderr))" % (HEAVY,)
    out = judge_run("--help", prelude=check)
    assert "HEAVY []" in out.stderr


def test_from_file_prints_json_lines_in_order(judge_run, tmp_path):
    f = tmp_path / "q.txt"
    f.write_text("Does Lucky stack?\n\nCan I attack a hidden character?\n")
    out = judge_run("ask", "--from-file", str(f), "--json")
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert [d["query"] for d in lines] == ["Does Lucky stack?", "Can I attack a hidden character?"]
    assert all(d["results"] for d in lines)


def test_human_output_is_a_card_per_hit(judge_run):
    out = judge_run("ask", "Does Lucky stack?", "-k", "2", env={"NO_COLOR": "1"})
    assert out.returncode == 0, out.stderr
    first = out.stdout[out.stdout.index("1. "):]
    assert first.startswith("1. Does Lucky stack?")
    assert "A: First of all, *Lucky* does *stack* (same as Accuracy)." in first  # the answer, in full
    assert first.count("Does Lucky stack?") == 1  # the question once
    assert "Star Wars Trading Card Game · faq · star-wars-tcg:faq:" in first
    assert "source: star-wars-tcg/" in out.stdout and "2. " in out.stdout
    assert "\x1b[" not in out.stdout


def test_no_good_match_message(judge_run):
    out = judge_run("ask", "How do I reset my wifi router password?")
    assert out.returncode == 0
    assert out.stdout.startswith("No good match")


def test_bad_input_exits_2_without_traceback(judge_run, tmp_path):
    cases = [
        ("ask", ""),
        ("ask", "Does Lucky stack?", "--game", "chess"),
        ("ask", "Does Lucky stack?", "--kind", "spell"),
        ("ask", "--from-file", str(tmp_path / "missing.txt")),
        ("eval", str(tmp_path / "missing.yaml")),
    ]
    for args in cases:
        out = judge_run(*args)
        assert out.returncode == 2, (args, out.stderr)
        assert "Traceback" not in out.stderr, args
        assert out.stderr.strip(), args
    out = judge_run("ask", "x", "--game", "chess")
    assert "known games" in out.stderr


def test_eval_json(judge_run, tmp_path):
    f = tmp_path / "q.yaml"
    f.write_text("- q: Does Lucky stack?\n  game: star-wars-tcg\n  answers: [star-wars-tcg:faq:lucky-stack-example-anakin-skywalker-j-gives-unit]\n  tags: [t]\n")
    out = judge_run("eval", str(f), "--json")
    assert out.returncode == 0, out.stderr
    d = json.loads(out.stdout)
    assert d["modes"]["hybrid"]["overall"]["recall@1"]["mean"] == 1.0
    assert set(d["modes"]) == {"lexical", "dense", "hybrid", "bm25", "minilm"}
    assert d["modes"]["bm25"]["overall"]["lenient recall@5"]["mean"] >= d["modes"]["bm25"]["overall"]["recall@5"]["mean"]
    assert "star-wars-tcg" in d["modes"]["hybrid"]["per_game"] and "t" in d["modes"]["hybrid"]["per_tag"]
    bad = tmp_path / "bad.yaml"
    bad.write_text("- q: x\n  answers: [nosuch:id]\n")
    out = judge_run("eval", str(bad))
    assert out.returncode == 2 and "nosuch:id" in out.stderr and ":1:" in out.stderr


def test_corrupted_index_is_detected_and_rebuilt(search_index, capsys):
    from judge.search.index import build_index, open_index

    root = Path(__file__).resolve().parents[2] / "rules_corpus"
    index = build_index(root, progress=False)  # the current index (the tree may have changed since the session began)
    dense = index.path / "dense.npy"
    original = dense.read_bytes()
    dense.write_bytes(original[:-64] + b"\0" * 64)
    capsys.readouterr()
    rebuilt = open_index(root, progress=False)
    assert "corrupt" in capsys.readouterr().err
    assert rebuilt.path == index.path and dense.read_bytes() == original
    (index.path / "meta.json").write_text("{not json")
    open_index(root, progress=False)
    assert "corrupt" in capsys.readouterr().err


def test_stale_index_after_a_document_edit_reembeds_only_what_changed(search_index, tmp_path):
    import shutil

    from judge.search.index import build_index, open_index

    corpus = tmp_path / "corpus"
    shutil.copytree(Path(__file__).resolve().parents[2] / "rules_corpus", corpus)
    # reuse=False: the copy has the same content as the session's corpus, so a reusing build would
    # return the session's index and its meta (how many passages *that* build embedded)
    first = build_index(corpus, progress=False, reuse=False)
    assert first.meta["counts"]["embedded"] == 0  # every passage already in the embedding cache
    doc = corpus / "star-wars-tcg" / "ability-rulings-blog.txt"
    doc.write_text(doc.read_text(encoding="utf-8").replace("Armor does not stack.", "Armor never stacks, ever."),
                   encoding="utf-8")
    os.utime(doc, None)
    second = open_index(corpus, progress=False)  # stale: detected from the files, rebuilt
    assert second.path != first.path
    assert 0 < second.meta["counts"]["embedded"] <= 3


def test_onnxruntime_missing_falls_back_with_a_note(judge_run):
    out = judge_run("ask", "Does Lucky stack?", "--json", "-k", "1", prelude="sys.modules['onnxruntime'] = None")
    assert out.returncode == 0, out.stderr
    assert "onnxruntime is not installed" in out.stderr
    assert json.loads(out.stdout)["results"][0]["game"] == "star-wars-tcg"


def test_rebuild_without_onnxruntime_keeps_the_checked_export(judge_run, tmp_path):
    """A rebuild in an environment without onnxruntime embeds with sentence-transformers and says
    so; the checked ONNX export is kept (not thrown away and redone)."""
    import shutil

    corpus = tmp_path / "corpus"
    shutil.copytree(Path(__file__).resolve().parents[2] / "rules_corpus" / "huntik", corpus / "huntik")
    out = judge_run("--corpus", str(corpus), "index", "--json", prelude="sys.modules['onnxruntime'] = None")
    assert out.returncode == 0, out.stderr
    assert "onnxruntime is not installed" in out.stderr
    assert "exporting again" not in out.stderr
    assert json.loads(out.stdout)["onnx"] is True
