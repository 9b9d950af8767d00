"""`judge replay` and `judge verify`: run ruling fixtures through the rules engine.

Kept light: imports only the engine and fixtures packages (no search, no torch)."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from judge.cli.common import corpus_dir, echo_json, json_option


@click.command()
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--explain", is_flag=True, help="Also print every event of every step.")
@click.option("--ablate", "ablate", multiple=True, metavar="ID", help="Switch off the mechanic bound to this rule id.")
@json_option
@click.pass_context
def replay(ctx: click.Context, file: Path, explain: bool, ablate: tuple[str, ...], as_json: bool) -> None:
    """Replay one scenario (a fixture, or your own scenario without `expect`) step by step,
    with the rule ids whose mechanics fired at each step.

    \b
    Example:
      judge replay rulings/huntik/replacement/mucalin-intervene-two-heroes.ruling.yaml --explain
    """
    from judge.errors import BadInputError
    from judge.scenarios.loader import graph_ids, load_fixture
    from judge.scenarios.replay import replay as run

    if not file.exists():
        raise BadInputError("no such file", path=str(file))
    corpus = corpus_dir(ctx)
    fx = load_fixture(file, corpus, graph_ids(str(corpus) if corpus else None))
    out = run(fx, set(ablate), corpus)
    if as_json:
        echo_json({
            "fixture": str(file), "status": out.status, "ruling": fx.ruling, "error": out.error,
            "problems": out.problems, "applied": out.applied,
            "steps": [{"index": s.index, "action": s.action, "rules": s.rules, "events": s.events}
                      for s in (out.engine.trace if out.engine else [])],
        })
    else:
        click.echo(f"{file}  [{fx.game}]")
        if fx.question:
            click.echo(f"Q: {fx.question.strip()}")
        for s in out.engine.trace if out.engine else []:
            if s.index == 0 and not s.events:
                continue
            rules = f"   <- {', '.join(s.rules)}" if s.rules else ""
            click.echo(f"{s.index:>2}. {s.action}{rules}")
            events = s.events if explain else [e for e in s.events if e["event"] in _HEADLINE]
            for ev in events:
                detail = ", ".join(f"{k}={v}" for k, v in ev.items() if k != "event")
                click.echo(f"      {ev['event']}: {detail}")
        if out.error:
            click.echo(f"ERROR {out.error}")
        for p in out.problems:
            click.echo(f"FAIL {p}")
        click.echo({"passed": "PASSED", "failed": "FAILED", "error": "ERROR",
                    "replayed": "replayed (no expect)"}[out.status])
    if out.status in ("failed", "error"):
        sys.exit(1)


_HEADLINE = {"effect_cancelled", "zone_change", "damage_dealt", "replaced", "resolving", "triggered",
             "action_rejected", "choice_rejected", "modifier_created", "zone_burned", "then_skipped",
             "option_chosen", "damage_redirected", "damage_cancelled", "effect_created", "player_counter",
             "extra_turn", "control_changed"}


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--game", default=None, help="Only this game's fixtures.")
@click.option("--ablate", "ablate", multiple=True, metavar="ID", help="Switch off the mechanic(s) bound to this rule id.")
@click.option("--ablation-report", is_flag=True,
              help="For every fixture, switch off each cited rule in turn; list fixtures no ablation breaks.")
@json_option
@click.pass_context
def verify(ctx: click.Context, paths: tuple[Path, ...], game: str | None, ablate: tuple[str, ...],
           ablation_report: bool, as_json: bool) -> None:
    """Replay every ruling fixture (default: rulings/) and check the expected outcomes.

    \b
    Examples:
      judge verify
      judge verify rulings/huntik --json
      judge verify --ablate huntik:710.1b
      judge verify --ablation-report --json
    """
    from judge.scenarios import verify as v
    from judge.scenarios.loader import default_rulings, display_path

    targets = list(paths) or [default_rulings()]
    corpus = corpus_dir(ctx)
    if ablation_report:
        rep = v.ablation_report(targets, game, corpus)
        if as_json:
            echo_json({"fixtures": rep["fixtures"], "unbroken": rep["unbroken"]})
        else:
            for path, ids in rep["broken_by"].items():
                click.echo(f"{path}: broken by {', '.join(ids) if ids else 'NOTHING'}")
            click.echo(f"{rep['fixtures']} fixtures, {len(rep['unbroken'])} unbroken")
            for p in rep["unbroken"]:
                click.echo(f"  unbroken: {p}")
        sys.exit(1 if rep["unbroken"] else 0)
    if ablate:
        v.check_ablation_ids(list(ablate))
    rep = v.verify(targets, game, list(ablate), corpus)
    if not ablate:
        v.write_verdicts(rep)
    if as_json:
        echo_json(rep.as_json())
    else:
        for out in rep.outcomes:
            mark = {"passed": "ok  ", "replayed": "ran ", "failed": "FAIL", "error": "ERR "}[out.status]
            shown = display_path(out.fixture.path)
            click.echo(f"{mark} {shown}")
            for line in rep.details.get(shown, []):
                click.echo(f"       {line}")
        for e in rep.errors:
            where = f"{e['path']}:{e['line']}" if e.get("line") else e["path"]
            click.echo(f"ERR  {where}: {e['message']}")
        click.echo(f"{rep.fixtures} fixtures: {rep.passed} passed, {len(rep.failed)} failed, "
                   f"{len(rep.errors)} errors" + (f" (ablated: {', '.join(ablate)})" if ablate else ""))
    sys.exit(rep.exit_code)
