"""pytest plugin: every ``*.ruling.yaml`` is a test item (tavern / pytest "non-python tests" style).

Registered through the ``pytest11`` entry point, so ``pytest rulings/`` works in any checkout of a
rules corpus. Items are located at the YAML line of the fixture; failures show expected vs actual
and the replay trace with the rule ids that fired.
"""
from __future__ import annotations

from pathlib import Path

import pytest


def pytest_collect_file(parent, file_path: Path):
    if file_path.name.endswith(".ruling.yaml"):
        return RulingFile.from_parent(parent, path=file_path)
    return None


class RulingError(Exception):
    """A fixture that failed (expected vs actual) or could not be replayed."""

    def __init__(self, message: str, trace: str = ""):
        super().__init__(message)
        self.trace = trace


class RulingFile(pytest.File):
    def collect(self):
        name = self.path.name[: -len(".ruling.yaml")]
        yield RulingItem.from_parent(self, name=name)


class RulingItem(pytest.Item):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.line = 0

    def runtest(self) -> None:
        from judge.errors import BadInputError
        from judge.scenarios.loader import graph_ids, load_fixture
        from judge.scenarios.replay import replay

        try:
            fx = load_fixture(self.path, None, graph_ids())
        except BadInputError as err:
            self.line = (err.line or 1) - 1
            raise RulingError(str(err)) from None
        out = replay(fx)
        if out.status in ("failed", "error"):
            lines = []
            if out.error:
                lines.append(out.error)
            lines += [f"{self.path.name} {p}" for p in out.problems]
            raise RulingError("\n".join(lines), out.describe_trace())

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, RulingError):
            err = excinfo.value
            text = f"ruling fixture failed: {self.path}\n{err}"
            if err.trace:
                text += "\n\nreplay trace (rule ids that fired in brackets):\n" + err.trace
            return text
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):
        return self.path, self.line, f"ruling: {self.name}"
