"""The engine-checked mark (issue 15 item 2), answers apart from questions (item 1), game names (item 3)."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from judge.verdicts import VERDICTS_FORMAT, Marks, changed_texts, read_verdicts, record, stale, text_hash

ROOT = Path(__file__).resolve().parents[2]
LUCKY = "star-wars-tcg:faq:lucky-stack-example-anakin-skywalker-j-gives-unit"


@dataclass
class _Fixture:
    path: Path
    ruling: str
    cites: list[str]
    game: str = "g"
    question: str = "Q?"
    answer: str = "Yes. Because."
    raw: dict = field(default_factory=dict)


@dataclass
class _Outcome:
    fixture: _Fixture
    status: str = "passed"
    applied: list[str] = field(default_factory=list)


def _verdict(ruling, cites=(), passed=True, variant=False, texts=None, answer="Yes."):
    return {"ruling": ruling, "cites": list(cites), "passed": passed, "variant": variant,
            "texts": texts or {}, "answer": answer}


def test_only_the_ruling_of_a_passing_base_scenario_is_engine_checked():
    marks = Marks({
        "rulings/g/a/zeta-base.ruling.yaml": _verdict("g:faq:zeta", cites=["g:1.1"]),
        "rulings/g/a/aaa-variant.ruling.yaml": _verdict("g:faq:zeta", variant=True),
        "rulings/g/a/other.ruling.yaml": _verdict("g:faq:other", cites=["g:1.1"]),
        "rulings/g/a/only-variant.ruling.yaml": _verdict("g:faq:v", variant=True),
    })
    v = marks.verified("g:faq:zeta", lambda _i: None)
    assert v["fixture"] == "rulings/g/a/zeta-base.ruling.yaml"  # its own base scenario, not the variant
    assert v["fixtures"] == ["rulings/g/a/zeta-base.ruling.yaml"] and v["stale"] is False
    assert marks.verified("g:1.1", lambda _i: None) is None  # merely cited
    assert len(marks.cited_by("g:1.1")) == 2
    assert marks.verified("g:faq:v", lambda _i: None) is None  # a variant alone checks nothing


def test_a_failing_base_scenario_is_never_hidden():
    marks = Marks({"rulings/g/x-one.ruling.yaml": _verdict("g:faq:x"),
                   "rulings/g/x-two.ruling.yaml": _verdict("g:faq:x", passed=False)})
    assert marks.verified("g:faq:x", lambda _i: None) is None
    assert marks.failing("g:faq:x") == "rulings/g/x-two.ruling.yaml"


def test_the_best_named_base_scenario_is_linked():
    marks = Marks({"rulings/g/a-unrelated-name.ruling.yaml": _verdict("g:faq:bring-the-pain"),
                   "rulings/g/bring-the-pain-at-zero.ruling.yaml": _verdict("g:faq:bring-the-pain")})
    assert marks.verified("g:faq:bring-the-pain", lambda _i: None)["fixture"].endswith("bring-the-pain-at-zero.ruling.yaml")


def test_a_changed_text_makes_the_mark_stale():
    h = text_hash("Title", "Old answer.")
    v = _verdict("g:faq:x", cites=["g:1"], texts={"g:faq:x": h, "g:1": "r1"})
    now = {"g:faq:x": text_hash("Title", "New answer."), "g:1": "r1"}
    assert changed_texts(v, now.get) == ["g:faq:x"]
    mark = Marks({"rulings/g/x.ruling.yaml": v}).verified("g:faq:x", now.get)
    assert mark["stale"] is True and mark["changed"] == ["g:faq:x"]
    assert stale({"rulings/g/x.ruling.yaml": v}, now.get) == ["rulings/g/x.ruling.yaml"]
    assert stale({"rulings/g/x.ruling.yaml": v}, {"g:faq:x": h, "g:1": "r1"}.get) == []


def test_checked_texts_are_kept_until_the_scenario_itself_changes(tmp_path):
    scenario = tmp_path / "rulings" / "g" / "x.ruling.yaml"
    scenario.parent.mkdir(parents=True)
    scenario.write_text("ruling: g:faq:x\n")
    out = _Outcome(_Fixture(scenario, "g:faq:x", ["g:1"]))
    vf = tmp_path / "verdicts.json"
    first = record([out], {"g:faq:x": "h1", "g:1": "r1"}.get, vf)["rulings/g/x.ruling.yaml"]
    assert first["texts"] == {"g:faq:x": "h1", "g:1": "r1"} and first["variant"] is False
    # the corpus text changed; passing again proves nothing about the new text: still stale
    again = record([out], {"g:faq:x": "h2", "g:1": "r1"}.get, vf)
    assert again["rulings/g/x.ruling.yaml"]["texts"]["g:faq:x"] == "h1"
    assert stale(again, {"g:faq:x": "h2", "g:1": "r1"}.get) == ["rulings/g/x.ruling.yaml"]
    # someone edited the scenario (reviewed it against the new text): the new texts are the reference
    scenario.write_text("ruling: g:faq:x\nanswer: reviewed\n")
    reviewed = record([out], {"g:faq:x": "h2", "g:1": "r1"}.get, vf)
    assert stale(reviewed, {"g:faq:x": "h2", "g:1": "r1"}.get) == []
    assert json.loads(vf.read_text())["format"] == VERDICTS_FORMAT


def test_variant_flag_is_recorded(tmp_path):
    scenario = tmp_path / "v.ruling.yaml"
    scenario.write_text("x")
    out = _Outcome(_Fixture(scenario, "g:faq:x", [], raw={"variant": "two attackers"}))
    data = record([out], lambda _i: "h", tmp_path / "verdicts.json")
    assert next(iter(data.values()))["variant"] is True


def test_old_verdicts_without_format_are_not_trusted(tmp_path):
    vf = tmp_path / "verdicts.json"
    vf.write_text(json.dumps({"fixtures": {"rulings/g/x.ruling.yaml": {"ruling": "g:faq:x", "passed": True}}}))
    assert read_verdicts(vf) == {}


def test_hits_carry_answer_question_and_game_name(searcher):
    d = searcher.ask("Does Lucky stack?", k=5).to_json()
    top = d["results"][0]
    assert top["id"] == LUCKY
    assert top["answer"].startswith("First of all, Lucky does stack")
    assert top["question"].startswith("Does Lucky stack?") and "A:" not in top["question"]
    assert top["game_name"] == "Star Wars Trading Card Game"
    rule = next(r for r in searcher.ask("8.8.1", game="hatalom-kartyai", k=3).to_json()["results"]
                if r["kind"] == "rule")
    assert rule["answer"] is None and rule["question"] is None and rule["game_name"].startswith("Hatalom")
    for r in d["results"]:
        assert {"answer", "question", "game_name", "verified", "check_failing", "cited_by_scenarios"} <= set(r)


def test_marks_in_answers_follow_the_verdicts(searcher, monkeypatch):
    """The confirmed line names the scenario of the engine-checked top hit; a changed text says so."""
    key = "rulings/star-wars-tcg/lucky/lucky-stacks-above-power.ruling.yaml"
    good = {LUCKY: searcher.text_hash(LUCKY)}
    monkeypatch.setattr(searcher, "marks", lambda: Marks({key: _verdict(LUCKY, texts=good, answer="Lucky stacks.")}))
    d = searcher.ask("Does Lucky stack?", k=3).to_json()
    assert d["results"][0]["verified"]["fixture"] == key and d["results"][0]["verified"]["stale"] is False
    assert d["confirmed"] == {"id": LUCKY, "fixture": key, "text": "Lucky stacks.", "stale": False, "question": ""}
    monkeypatch.setattr(searcher, "marks", lambda: Marks({key: _verdict(LUCKY, texts={LUCKY: "0" * 16})}))
    d = searcher.ask("Does Lucky stack?", k=3).to_json()
    assert d["results"][0]["verified"]["stale"] is True and d["confirmed"]["stale"] is True


def test_cli_says_what_the_engine_confirmed_and_when_a_text_changed(judge_run, tmp_path):
    from judge.verdicts import verdicts_path

    out = judge_run("ask", "Does Lucky stack?", "-k", "3", env={"NO_COLOR": "1"})
    assert out.returncode == 0, out.stderr
    # verdicts exist from the first run (the bundled scenarios were replayed once, without `judge verify`)
    assert out.stdout.startswith("The engine confirmed: "), out.stdout[:300]
    assert "engine-checked ✓ by rulings/star-wars-tcg/" in out.stdout
    path = verdicts_path()
    data = json.loads(path.read_text())
    saved = path.read_text()
    try:
        for v in data["fixtures"].values():
            if v["ruling"] == LUCKY:
                v["texts"][LUCKY] = "0" * 16
        path.write_text(json.dumps(data))
        out = judge_run("ask", "Does Lucky stack?", "-k", "3", env={"NO_COLOR": "1"})
        assert "changed since checked" in out.stdout
        assert "but a text it checks changed since it was checked" in out.stdout.splitlines()[0]
        res = judge_run("verify", "rulings/star-wars-tcg/lucky", "--json")
        assert any(p.endswith("lucky-stacks-above-power.ruling.yaml") for p in json.loads(res.stdout)["stale"])
    finally:
        path.write_text(saved)
