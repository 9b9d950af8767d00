"""`judge replay` and `judge verify`: run ruling fixtures through the rules engine.

Kept light: imports only the engine and fixtures packages (no search, no torch)."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from judge.cli.common import corpus_dir, echo_json, json_option


@click.command()
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--explain", is_flag=True,
              help="Every event of every step in game terms, each rule with its short text, and the final board.")
@click.option("--ablate", "ablate", multiple=True, metavar="ID", help="Switch off the mechanic bound to this rule id.")
@click.option("--game", default=None, help="The game of a scenario outside rulings/ without a 'game:' line "
                                           "(as for `judge verify --game`).")
@json_option
@click.pass_context
def replay(ctx: click.Context, file: Path, explain: bool, ablate: tuple[str, ...], game: str | None,
           as_json: bool) -> None:
    """Replay one scenario (a ruling fixture, or your own scenario) step by step, with the rules
    that applied at each step. A scenario of your own may bring its own cards (`cards:`) and
    may `expect` outcomes; `judge cards --game GAME` lists the cards, zones and actions.

    \b
    Examples:
      judge replay examples/scenarios/goblin-ambush-own-cards.yaml --explain
      judge replay rulings/huntik/replacement/mucalin-replaces-simultaneous-kos.ruling.yaml --explain
      judge replay --game huntik my-own-scene.yaml   # a file with no game: line
      judge cards --game warhammer-invasion
    """
    from judge.errors import BadInputError
    from judge.scenarios.loader import display_path, graph_ids, load_fixture
    from judge.scenarios.replay import TEXT_PREFIX
    from judge.scenarios.replay import replay as run

    if not file.exists() and not file.is_symlink():
        raise BadInputError("no such file", path=str(file))
    if file.is_dir():
        raise BadInputError("this is a folder: `judge replay` replays one scenario file; `judge verify FOLDER` "
                            "replays every *.ruling.yaml in a folder", path=str(file))
    if ablate:  # an unknown id switched nothing off: the replay 'passed' as if it were a real ablation
        from judge.scenarios.verify import check_ablation_ids

        check_ablation_ids(list(ablate))
    corpus = corpus_dir(ctx)
    fx = load_fixture(file, corpus, graph_ids(str(corpus) if corpus else None), default_game=game)
    # (a card text blanked, TEXT_PREFIX, belongs to no game)
    foreign = [(rid, rid.split(":", 1)[0]) for rid in ablate if ":" in rid and not rid.startswith(TEXT_PREFIX)]
    foreign = [(rid, g) for rid, g in foreign if g != fx.game]
    if foreign:  # it would switch off nothing in this scenario, and the replay would 'pass' as if it did
        raise BadInputError(f"--ablate {foreign[0][0]} is a rule of {foreign[0][1]}; this scenario is "
                            f"{fx.game}'s, where it switches nothing off", path=str(file))
    if game and fx.game != game:
        click.echo(f"note: the scenario's own 'game: {fx.game}' line is used, not --game {game}", err=True)
    out = run(fx, set(ablate), corpus)
    if as_json:
        data = {
            "fixture": str(file), "status": out.status, "ruling": fx.ruling, "ablated": list(ablate),
            # the shape of a load error's object (without exit_code: the replay ran, its status says how)
            "error": ({"message": out.error_message, "path": str(file), "line": out.error_line}
                      if out.error else None),
            "problems": out.problems, "applied": out.applied,
            "steps": [{"index": s.index, "action": s.action, "rules": s.rules, "events": s.events}
                      for s in (out.engine.trace if out.engine else [])],
        }
        if explain:  # the same explanation as data: each step in words, rule texts, the final board
            from judge.scenarios import explain as ex

            texts = ex.rule_texts(corpus)
            verbs = set(out.engine.game.actions) if out.engine else set()
            for step in data["steps"]:
                i = step["index"]
                act = fx.actions[i - 1] if 1 <= i <= len(fx.actions) else {}
                step["said"] = [ex.describe_action(act, verbs)] if act else []
                step["said"] += ex.describe_events(step["events"], act)
            data["rule_texts"] = {r: texts.get(r) for r in out.applied}
            data["board"] = ex.board_data(out)
        echo_json(data)
    else:
        _print_replay(fx, out, explain, corpus, display_path(file), ablate)
    if out.status in ("failed", "error"):
        sys.exit(1)


def _print_replay(fx, out, explain: bool, corpus: Path | None, shown: str, ablate: tuple = ()) -> None:
    from judge.scenarios import explain as ex

    module = out.engine.game if out.engine else None
    verbs = set(module.actions) if module else set()
    texts = ex.rule_texts(corpus) if explain else {}
    named: set[str] = set()
    click.echo(f"{shown}  [{fx.game}]")
    if ablate:
        click.echo(f"switched off: {', '.join(ablate)}")
    if fx.question:
        click.echo(f"Q: {fx.question.strip()}")
    for s in out.engine.trace if out.engine else []:
        if s.index == 0 and not s.events and not s.rules:
            continue
        if s.index == 0:
            head = "setup"
        elif 1 <= s.index <= len(fx.actions):
            head = ex.describe_action(fx.actions[s.index - 1], verbs)
        else:
            head = s.action
        rules = f"   <- {', '.join(s.rules)}" if s.rules and not explain else ""
        click.echo(f"{s.index:>2}. {head}{rules}")
        events = s.events if explain else [e for e in s.events if e["event"] in _HEADLINE]
        action = fx.actions[s.index - 1] if 1 <= s.index <= len(fx.actions) else {}
        for line in ex.describe_events(events, action):
            click.echo(f"      {line}")
        if explain and s.rules:
            click.echo("      rules applied:")
            again = [r for r in s.rules if r in named]
            for r in s.rules:
                if r not in named:
                    named.add(r)
                    click.echo(f"        {r}" + (f" - {texts[r]}" if texts.get(r) else ""))
            if again:
                click.echo(f"        (again: {', '.join(again)})")
    if explain and out.engine:
        click.echo("Final board:")
        for line in ex.final_board(out):
            click.echo(f"  {line}")
    if out.error:
        click.echo(f"ERROR {out.error}")
    for p in out.problems:
        click.echo(f"FAIL {p}")
    if out.status != "error":
        click.echo({"passed": "PASSED", "failed": "FAILED",
                    "replayed": "replayed (no expect)"}[out.status])


_HEADLINE = {"effect_cancelled", "zone_change", "damage_dealt", "replaced", "resolving", "triggered",
             "action_rejected", "choice_rejected", "modifier_created", "zone_burned", "then_skipped",
             "option_chosen", "damage_redirected", "damage_cancelled", "effect_created", "player_counter",
             "extra_turn", "control_changed", "enters_with_damage"}


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--game", default=None, help="Only this game's fixtures (a scenario outside rulings/ without a "
                                           "'game:' line is taken as this game's).")
@click.option("--ablate", "ablate", multiple=True, metavar="ID", help="Switch off the mechanic(s) bound to this rule id.")
@click.option("--ablation-report", is_flag=True,
              help="For every fixture, switch off each cited rule in turn (lenient replay) and classify it: "
                   "derived, own-ruling-only, errata-only, error-only, unbroken.")
@click.option("--strict", is_flag=True,
              help="Exit 1 also when a scenario is stale: a text it checks (its ruling, a cited entry) changed "
                   "since it was checked (for CI: review the scenario against the new text, then edit it).")
@json_option
@click.pass_context
def verify(ctx: click.Context, paths: tuple[Path, ...], game: str | None, ablate: tuple[str, ...],
           ablation_report: bool, strict: bool, as_json: bool) -> None:
    """Replay every ruling fixture (default: rulings/) and check the expected outcomes.

    Verdicts are kept per corpus (`--corpus`): a run on a draft copy never changes the bundled
    corpus's marks. A passing scenario whose checked texts changed since it was checked is STALE.
    Exit codes: 0 all pass; 1 a scenario failed (with --strict: or is stale; with --ablation-report:
    or is unbroken); 2 bad input only (a scenario or a file it reads does not load, an unknown id).

    \b
    Examples:
      judge verify
      judge verify --strict                   # CI: exit 1 on a stale scenario too
      judge --corpus ../draft verify --strict
      judge verify rulings/huntik --json
      judge verify --ablate huntik:710.1b
      judge verify --ablation-report --json
    """
    from judge.scenarios import verify as v
    from judge.scenarios.loader import default_rulings, display_path

    corpus = corpus_dir(ctx)
    targets, other_games = (list(paths), []) if paths else v.rulings_of_corpus(default_rulings(), corpus)
    if other_games and not as_json:  # another corpus: only its games' scenarios say anything about it
        click.echo(f"note: the scenarios of {', '.join(other_games)} are not replayed: this corpus has none of "
                   "these games" + ("" if targets else ", and none of its own games has scenarios in rulings/"),
                   err=True)
    if not targets:
        if as_json and ablation_report:  # the report's own shape, empty
            echo_json({"fixtures": 0, "unbroken": [], "classes": {}, "ablations": {}, "card_text_witness": {},
                       "not_replayed": {}, "not_classified": [], "not_replayed_games": other_games})
        elif as_json:
            echo_json({"fixtures": 0, "passed": 0, "failed": [], "errors": [], "failures": [], "stale": [],
                       "not_replayed_games": other_games})
        else:
            click.echo("0 fixtures: nothing to replay")
        sys.exit(0)
    if ablation_report:
        rep = v.ablation_report(targets, game, corpus)
        if as_json:
            echo_json({"fixtures": rep["fixtures"], "unbroken": rep["unbroken"], "classes": rep["classes"],
                       "ablations": rep["ablations"], "card_text_witness": rep["card_text_witness"],
                       "not_replayed": rep["not_replayed"], "not_classified": rep["not_classified"],
                       **({"not_replayed_games": other_games} if other_games else {})})
        else:
            for path, cls in rep["classes"].items():
                ids = rep["broken_by"].get(path) or []
                texts = rep["card_text_witness"].get(path) or []
                click.echo(f"{cls:<16} {path}" + (f"  (broken by {', '.join(ids)})" if ids else "")
                           + (f"  (no rule; broken by blanking the text of {', '.join(texts)})" if texts else ""))
            for path, why in rep["not_replayed"].items():
                click.echo(f"{'not classified':<16} {path}  ({why})")
            counts = {c: sum(1 for x in rep["classes"].values() if x == c) for c in v.CLASSES}
            click.echo(f"{rep['fixtures']} fixtures: " + ", ".join(f"{n} {c}" for c, n in counts.items())
                       + f", {len(rep['not_replayed'])} not classified (they do not load or do not pass as they are)")
            click.echo("derived: a cited rule other than the scenario's own ruling changes its outcome "
                       "(lenient replay: refused actions skipped, missing choices take the first legal option)")
        sys.exit(rep["exit_code"])
    if ablate:
        v.check_ablation_ids(list(ablate))
    rep = v.verify(targets, game, list(ablate), corpus)
    stale = [] if ablate else v.write_verdicts(rep, corpus)
    if as_json:
        echo_json({**rep.as_json(), "stale": stale, **({"not_recorded": rep.not_recorded} if rep.not_recorded else {}),
                   **({"not_replayed_games": other_games} if other_games else {})})
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
        for p in stale:
            click.echo(f"STALE {p}: changed since it was checked: {', '.join(rep.changed.get(p, []))} "
                       "(review it against the new text, then edit the scenario)")
        if rep.not_recorded:
            click.echo(f"note: {len(rep.not_recorded)} scenario(s) outside the corpus's rulings/ folder checked, "
                       "not recorded as the corpus's engine marks (a scenario of your own stays yours)")
        click.echo(f"{rep.fixtures} fixtures: {rep.passed} passed, {len(rep.failed)} failed, "
                   f"{len(rep.errors)} errors, {len(stale)} stale"
                   + (f" (ablated: {', '.join(ablate)})" if ablate else ""))
    sys.exit(1 if strict and stale else rep.exit_code)  # a stale scenario under --strict is a failed check
