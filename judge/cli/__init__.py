"""The `judge` command line. Each command group lives in its own module and is imported
only when that command runs, so `judge --help`, `judge rule` and `judge verify` stay instant."""
from __future__ import annotations

import importlib
import json
import os
import sys
from pathlib import Path

import click

# command name -> "module:attribute". A module is imported only when its command is used
# (or when --help lists the commands: modules must therefore import nothing heavy at top level).
COMMANDS: dict[str, str] = {
    "games": "judge.cli.browse:games",
    "ingest": "judge.cli.browse:ingest",
    "rule": "judge.cli.browse:rule",
    "card": "judge.cli.browse:card",
    "cards": "judge.cli.cards:cards",
    "graph": "judge.cli.browse:graph",
    "ask": "judge.cli.ask:ask",
    "eval": "judge.cli.ask:eval_cmd",
    "index": "judge.cli.ask:index",
    "tune": "judge.cli.ask:tune_cmd",
    "replay": "judge.cli.verify:replay",
    "verify": "judge.cli.verify:verify",
    "coverage": "judge.cli.coverage:coverage",
    "diff": "judge.cli.diff:diff",
    "serve": "judge.cli.serve:serve",
}


def error_json(err: Exception) -> dict:
    """An error as JSON: the message, and the file and line when it names them."""
    out = {"message": getattr(err, "problem", None) or str(err), "exit_code": getattr(err, "exit_code", 1)}
    if getattr(err, "path", None):
        out["path"] = err.path
        out["line"] = getattr(err, "line", None)
    return out


class LazyGroup(click.Group):
    def invoke(self, ctx: click.Context):
        from judge.errors import JudgeError

        argv = [*getattr(ctx, "_protected_args", ()), *ctx.args]  # click clears them while invoking
        try:
            return super().invoke(ctx)
        except JudgeError as err:  # library errors become one clean line and the error's exit code
            if "--json" in argv:  # asked for JSON: the error is JSON too
                click.echo(json.dumps({"error": error_json(err)}, ensure_ascii=False))
            else:
                click.echo(f"judge: {err}", err=True)
            ctx.exit(err.exit_code)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(name for name in COMMANDS if self._load(name) is not None)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        return self._load(name)

    @staticmethod
    def _load(name: str) -> click.Command | None:
        target = COMMANDS.get(name)
        if target is None:
            return None
        module_name, _, attr = target.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as err:
            if err.name == module_name:  # command not built in this install
                return None
            raise
        return getattr(module, attr, None)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--corpus",
    type=click.Path(file_okay=False, path_type=Path),
    envvar="JUDGE_CORPUS",
    default=None,
    help="Rules corpus folder (one sub-folder per game). Default: the bundled rules_corpus/. Env: JUDGE_CORPUS.",
)
@click.version_option(package_name="judge")
@click.pass_context
def cli(ctx: click.Context, corpus: Path | None) -> None:
    """judge: comprehensive rules, FAQs and errata of trading card games as a cited,
    searchable knowledge graph, with rulings replayed by a rules engine.

    \b
    Examples:
      judge ask "Does Lucky stack?"
      judge rule huntik:701.4a
      judge card sniktch
      judge verify
    """
    ctx.ensure_object(dict)
    ctx.obj["corpus"] = corpus
    if os.environ.get("NO_COLOR"):  # https://no-color.org: click.echo then strips every style
        ctx.color = False


def main() -> None:
    from judge.errors import JudgeError

    try:
        rv = cli.main(standalone_mode=False, prog_name="judge")
        if isinstance(rv, int) and rv:
            sys.exit(rv)
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        sys.exit(130)
    except click.ClickException as err:
        code = 2 if isinstance(err, click.UsageError) else err.exit_code
        if "--json" in sys.argv[1:]:
            click.echo(json.dumps({"error": {"message": err.format_message(), "exit_code": code}}, ensure_ascii=False))
        else:
            err.show()
        sys.exit(code)
    except JudgeError as err:
        if "--json" in sys.argv[1:]:
            click.echo(json.dumps({"error": error_json(err)}, ensure_ascii=False))
        else:
            click.echo(f"judge: {err}", err=True)
        sys.exit(err.exit_code)
    except BrokenPipeError:
        os._exit(0)
