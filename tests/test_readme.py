"""Every `judge ...` command shown in the README runs and succeeds."""
import os
import re
import shlex
import subprocess
import sys

import pytest

from tests.conftest import ROOT


def readme_commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    cmds, lang = [], None
    for line in text.splitlines():
        if line.startswith("```"):
            lang = None if lang is not None else (line[3:].strip() or "text")
            continue
        if lang in ("bash", "sh"):
            line = re.sub(r"\s+#.*$", "", line).strip()
            if line.startswith("judge ") and not line.startswith("judge serve"):
                cmds.append(line)
    return cmds


def test_readme_has_examples():
    assert len(readme_commands()) >= 6


@pytest.mark.parametrize("cmd", readme_commands())
def test_readme_command_runs(cmd):
    judge = [sys.executable, "-m", "judge.cli.__main__"]
    argv = shlex.split(cmd.split(">")[0])[1:]
    r = subprocess.run(judge + argv, cwd=ROOT, capture_output=True, text=True, env=dict(os.environ),
                       timeout=600)
    # switching a rule off is shown to break the rulings that rely on it: that run exits 1;
    # the ablation report exits 1 while some scenario is unbroken (a check result, not a crash)
    expected = {1} if "--ablate" in argv else {0, 1} if "--ablation-report" in argv else {0}
    assert r.returncode in expected, f"{cmd}\n{r.stdout[-2000:]}\n{r.stderr[-2000:]}"
    assert r.stdout.strip()
