"""A damaged verdicts file: the first `judge ask` replays the scenarios at once (issue 15: marks
from the first run) and says so, instead of promising no marks until `judge verify`."""
from __future__ import annotations

from pathlib import Path

import judge.cache as cache
import judge.verdicts as verdicts
from judge.scenarios.verify import ensure_verdicts

ROOT = Path(__file__).resolve().parents[2]


def test_a_damaged_verdicts_file_is_replayed_at_once_and_said_so(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("JUDGE_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv("JUDGE_CORPUS", raising=False)
    monkeypatch.setattr(cache, "_said_rebuilt", set())
    monkeypatch.setattr(cache, "_fallback", None)
    rulings = tmp_path / "rulings" / "huntik"
    rulings.mkdir(parents=True)
    for f in sorted((ROOT / "rulings" / "huntik").rglob("*.ruling.yaml"))[:3]:
        (rulings / f.name).write_text(f.read_text())
    monkeypatch.chdir(tmp_path)  # its rulings/ is the default one (and the corpus's: recorded)
    path = verdicts.verdicts_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"checksum":"' + "0" * 64 + '","format":2,"fixtures":{}}')
    assert ensure_verdicts(progress=False)
    said = capsys.readouterr().err
    assert "is unusable" in said and "replaying the scenarios now" in said and "until `judge verify`" not in said
    assert sorted(verdicts.read_verdicts()) == sorted(f"rulings/huntik/{f.name}" for f in rulings.iterdir())
    assert not ensure_verdicts(progress=False)  # written: nothing to replay next time
