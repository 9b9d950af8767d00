"""pytest plugin: every ``*.ruling.yaml`` is a test item (tavern / pytest "non-python tests" style).

Registered through the ``pytest11`` entry point, so ``pytest rulings/`` works in any checkout of a
rules corpus. Items are located at the YAML line of the fixture; failures show expected vs actual
and the replay trace with the rule ids that fired.

Stale scenarios (a text they check changed since `judge verify` last checked them, judge.verdicts)
are listed in the summary, each with the ids whose text changed; ``--judge-strict`` fails them.
The plugin only reads the verdicts: recording them is `judge verify`'s job.
"""
from __future__ import annotations

from pathlib import Path

import pytest


def pytest_addoption(parser):
    parser.addoption("--judge-strict", action="store_true", default=False,
                     help="judge: fail a ruling scenario that is stale (a text it checks changed since "
                          "`judge verify` last checked it)")


def pytest_configure(config):
    config._judge_stale = {}  # display path -> ids whose text changed
    config.pluginmanager.register(_StaleCollector(config), "judge-stale-collector")


class _StaleCollector:
    """Gathers the stale scenarios from the test reports, not from the items: with pytest-xdist the
    items run in worker processes and only their reports (with ``user_properties``) reach the process
    that prints the summary."""

    def __init__(self, config):
        self.config = config

    def pytest_runtest_logreport(self, report):
        for key, value in getattr(report, "user_properties", ()):
            if key == "judge_stale" and report.when == "call":
                path, ids = value
                self.config._judge_stale[path] = list(ids)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    stale = getattr(config, "_judge_stale", {})
    if not stale:
        return
    terminalreporter.section("judge: stale ruling scenarios", yellow=True)
    for path, ids in sorted(stale.items()):
        terminalreporter.line(f"STALE {path}: changed since checked: {', '.join(ids)}")
    terminalreporter.line(f"{len(stale)} stale: review each against the new text, then edit the scenario "
                          "(`judge verify --strict` fails on them; so does `pytest --judge-strict`)")


def stale_ids(path: Path) -> list[str]:
    """Ids whose text changed since the scenario's last passing verdict (bundled corpus); [] when
    there is none, or when the scenario file was edited since (editing it is the review)."""
    from judge.verdicts import changed_texts, file_sha, scenario_key

    verdict = _cached("verdicts").get(scenario_key(path))
    if not verdict or not verdict.get("passed") or verdict.get("scenario") != file_sha(path):
        return []
    return changed_texts(verdict, _cached("texts"))


_CACHE: dict = {}


def _cached(what: str):
    """The last verdicts and the current text hashes, read once per session."""
    if what not in _CACHE:
        if what == "verdicts":
            from judge.verdicts import read_verdicts

            _CACHE[what] = read_verdicts()
        else:
            from judge.scenarios.verify import current_text_hashes

            _CACHE[what] = current_text_hashes(None)
    return _CACHE[what]


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
        changed = stale_ids(self.path)
        if changed:
            self.user_properties.append(("judge_stale", (str(self.path), list(changed))))
            self.add_report_section("call", "judge", f"stale: changed since checked: {', '.join(changed)}")
            if self.config.getoption("--judge-strict"):
                raise RulingError(f"stale: a text this scenario checks changed since it was checked: "
                                  f"{', '.join(changed)} (review it against the new text, then edit the scenario)")

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
