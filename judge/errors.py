"""One exception tree. Library code raises these; the CLI turns them into messages and exit codes."""
from __future__ import annotations


class JudgeError(Exception):
    """Root of every error judge raises on purpose."""

    exit_code = 1


class BadInputError(JudgeError):
    """Input the user gave us is wrong: exit code 2, message names file, line and problem."""

    exit_code = 2

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None):
        self.path = path
        self.line = line
        self.problem = message
        where = ""
        if path:
            where = f"{path}:{line}: " if line else f"{path}: "
        super().__init__(where + message)


class CorpusError(BadInputError):
    """A game folder, manifest or document cannot be read or parsed."""


class UnknownEntryError(BadInputError):
    """An id, number or card name that the corpus does not have."""

    def __init__(self, what: str, candidates: list[str] | None = None, kind: str = "id"):
        self.what = what
        self.candidates = list(candidates or [])
        msg = f"unknown {kind}: {what!r}"
        if self.candidates:
            msg += "; closest: " + ", ".join(self.candidates)
        super().__init__(msg)


class UnknownGameError(BadInputError):
    def __init__(self, game: str, known: list[str]):
        self.game = game
        self.known = known
        super().__init__(f"unknown game {game!r}; known games: {', '.join(known) or '(none)'}")


class CacheError(JudgeError):
    """A cache file is corrupt or stale; callers rebuild instead of trusting it."""
