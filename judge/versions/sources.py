"""The two sides of a diff: a corpus folder, one game's folder, one document, or a corpus as it
was at a git revision (`git:REV`, read with `git archive` into a temporary folder)."""
from __future__ import annotations

import io
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge.errors import BadInputError


@dataclass
class Side:
    label: str  # as the user named it
    games: dict[str, Any]  # game id -> judge.corpus.GameCorpus
    root: Path | None = None  # the corpus folder, when the side is one
    keep: list[Any] = field(default_factory=list, repr=False)  # temporary folders alive while the side is

    def shown(self, document: str) -> str:
        """A document's path (relative to its corpus folder: ``huntik/rules.txt``) as the user named the
        side: a lone document's read relative to its folder's parent ("nu44/old.txt" for /tmp/nu44/old.txt),
        which named a folder the user never gave. A git revision's stays relative to the corpus."""
        if self.label.startswith("git:"):
            return document
        spec = Path(self.label)
        if spec.is_file():
            return self.label
        if (spec / "game.yaml").is_file():  # the game folder: the document's first part is its name
            return str(spec.joinpath(*Path(document).parts[1:]))
        return str(spec / document)


def open_side(spec: str, corpus: Path, game: str | None = None, like: Side | None = None) -> Side:
    """Open `spec`: `git:REV` (the corpus `corpus` at that revision), a corpus folder (game
    folders inside), a game folder (with game.yaml) or one document file. A document is parsed as
    its game's: the game.yaml next to it, else `like`'s game (the other side), else `game`."""
    from judge.corpus import load_corpus

    if spec.startswith("git:"):
        tmp, root = _git_corpus(spec[4:], corpus)
        side = open_side(str(root), corpus, game, like)
        side.label, side.keep = spec, [tmp]
        return side
    path = Path(spec)
    if path.is_dir():
        if (path / "game.yaml").is_file():
            from judge.corpus import load_game, load_manifest

            m = load_manifest(path)
            return Side(spec, {m.id: load_game(path.parent, m, lenient_marks=True)}, None)
        c = load_corpus(path, lenient_marks=True)
        games = {g: c.games[g] for g in c.games if game is None or g == game}
        return Side(spec, games, path)
    if path.is_file():
        return _document_side(spec, path, game, like)
    raise BadInputError("no such corpus folder, document or git revision (write a revision as git:REV)", path=spec)


def _document_side(spec: str, path: Path, game: str | None, like: Side | None) -> Side:
    from dataclasses import replace

    from judge.corpus import load_game, load_manifest
    from judge.corpus.manifest import DocumentSpec

    manifest = None
    if (path.parent / "game.yaml").is_file():
        manifest = load_manifest(path.parent)
    elif like is not None and len(like.games) == 1:
        manifest = next(iter(like.games.values())).manifest
    elif game is not None:
        from judge.corpus.manifest import GameManifest

        manifest = GameManifest(game, game, "en", (), path.parent)
    if manifest is None:
        raise BadInputError("cannot tell which game this document belongs to: put it in a game folder "
                            "(with game.yaml), compare it with a document that is in one, or name --game", path=spec)
    if game is not None and manifest.id != game:
        manifest = replace(manifest, id=game)
    styles = {Path(d.path).name: d.style for d in manifest.documents}
    doc = DocumentSpec(path.name, styles.get(path.name), None)
    return Side(spec, {manifest.id: load_game(path.parent.parent, replace(manifest, documents=(doc,),
                                                                            folder=path.parent), lenient_marks=True)})


def _git_corpus(rev: str, corpus: Path) -> tuple[Any, Path]:
    """The corpus folder as it was at `rev`, extracted into a temporary folder."""
    corpus = Path(corpus).resolve()
    try:
        top = subprocess.run(["git", "-C", str(corpus), "rev-parse", "--show-toplevel"], capture_output=True,
                             text=True, check=True, timeout=30).stdout.strip()
        rel = corpus.relative_to(Path(top).resolve()).as_posix()
        tar = subprocess.run(["git", "-C", top, "archive", "--format=tar", rev, "--", rel or "."],
                             capture_output=True, check=True, timeout=120).stdout
    except FileNotFoundError:
        raise BadInputError("git is not installed", path=f"git:{rev}") from None
    except subprocess.CalledProcessError as err:
        why = (err.stderr.decode() if isinstance(err.stderr, bytes) else err.stderr or "").strip().splitlines()
        raise BadInputError(f"git cannot read the corpus at {rev!r}: {why[-1] if why else 'unknown error'}",
                            path=str(corpus)) from None
    except ValueError:
        raise BadInputError("the corpus folder is not inside its git checkout", path=str(corpus)) from None
    tmp = tempfile.TemporaryDirectory(prefix="judge-diff-")
    with tarfile.open(fileobj=io.BytesIO(tar)) as tf:
        tf.extractall(tmp.name, filter="data")  # 'data': no links out of the folder, no devices
    return tmp, Path(tmp.name) / rel
