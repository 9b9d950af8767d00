"""`judge diff OLD NEW`: what changed between two versions of a corpus or of one document."""
from __future__ import annotations

from pathlib import Path

import click

from judge.cli.common import corpus_dir, echo_json, json_option


@click.command()
@click.argument("old")
@click.argument("new", required=False)
@click.option("--game", "game_id", default=None, help="Only this game (or: the game a lone document belongs to).")
@click.option("--rulings", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Scenario folder whose scenarios the changes may touch. Default: rulings/.")
@click.option("--accept", is_flag=True,
              help="Record the renamed entries in each game's aliases.yaml in NEW (a corpus or game folder): "
                   "a reworded entry keeps its old id; a renumbered rule takes its new number and the old "
                   "number finds it.")
@json_option
@click.pass_context
def diff(ctx: click.Context, old: str, new: str | None, game_id: str | None, rulings: Path | None,
         accept: bool, as_json: bool) -> None:
    """Compare two versions: entries added, removed, changed (with a word diff) and renamed
    (matched by content and position, not id), per game; for each changed, removed or renamed
    entry the ruling scenarios that confirm or cite it; new rulings with no scenario and no
    not-executable mark.

    OLD and NEW are corpus folders, game folders, two versions of one document, or `git:REV`
    (the corpus as committed at REV). NEW defaults to the corpus (`--corpus`, else the bundled one).

    \b
    Examples:
      judge diff git:HEAD~1                           # the corpus against its last commit
      judge diff ../corpus-2025 ../corpus-2026 --json
      judge diff old/faq.txt rules_corpus/warhammer-invasion/faq-clarifications-errata-blog.txt
      judge diff ../corpus-2025 ../corpus-2026 --accept   # renamed entries keep their old ids
    """
    from judge.paths import default_corpus_dir
    from judge.scenarios.loader import default_rulings
    from judge.versions.report import diff_report, public, render
    from judge.versions.sources import open_side

    corpus = corpus_dir(ctx) or default_corpus_dir()
    new_side = open_side(new or str(corpus), corpus, game_id)
    old_side = open_side(old, corpus, game_id, like=new_side)
    if new_side.games.keys().isdisjoint(old_side.games):
        from judge.errors import BadInputError

        raise BadInputError(f"the two sides share no game ({', '.join(sorted(old_side.games)) or 'none'} vs "
                            f"{', '.join(sorted(new_side.games)) or 'none'})", path=old)
    report = diff_report(old_side, new_side, rulings or default_rulings())
    accepted: dict[str, dict[str, str]] = {}
    conflicts: dict[str, dict[str, dict[str, str]]] = {}
    if accept:
        accepted = _accept(report, new_side, conflicts)
    if as_json:
        data = public(report)
        if accept:
            data["accepted"] = accepted
            data["alias_conflicts"] = conflicts
        echo_json(data)
        return
    for line in render(report, accepted=accept):  # click.echo drops the colours off a terminal and under NO_COLOR
        click.echo(line)
    for gid, written in accepted.items():
        click.echo(f"{gid}: {len(written)} renamed entr{'y keeps its' if len(written) == 1 else 'ies keep their'} "
                   f"old id (aliases.yaml)")
    for gid, kept in conflicts.items():
        _say_conflicts(gid, kept)


def _say_conflicts(gid: str, conflicts: dict[str, dict[str, str]]) -> None:
    """An alias the game's aliases.yaml already maps to another id: its line is kept, and said."""
    for alias, c in conflicts.items():
        click.echo(click.style(f"{gid}: aliases.yaml keeps {alias}: {c['kept']} as written; the versions "
                               f"match it to {c['found']} (edit the line yourself if that is right)", fg="yellow"),
                   err=True)


def _accept(report: dict, side, conflicts: dict) -> dict[str, dict[str, str]]:
    """Write each game's renamed entries to its aliases.yaml in the NEW corpus (new id -> old id).
    An alias the file already maps elsewhere keeps its line: it goes to ``conflicts`` (game -> alias ->
    {kept, found})."""
    from judge.corpus.aliases import add_aliases
    from judge.errors import BadInputError
    from judge.versions.compare import kept_ids

    out: dict[str, dict[str, str]] = {}
    for gid, g in report["games"].items():
        if not g["renamed"]:
            continue
        game = side.games.get(gid)
        if game is None or side.label.startswith("git:") or not (game.manifest.folder / "game.yaml").is_file():
            raise BadInputError("--accept writes the game's aliases.yaml: NEW must be a corpus or game folder",
                                path=side.label)
        out[gid], kept = add_aliases(game.manifest.folder, gid, kept_ids(g["renamed"], game.aliases))
        if kept:
            conflicts[gid] = kept
    return out
