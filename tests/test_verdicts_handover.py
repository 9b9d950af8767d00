"""has_verdicts() hands what it read to the next read_verdicts() of the same unchanged file (a first
`judge ask` checks the verdicts and then reads them for the marks: one parse, not two)."""
from __future__ import annotations

import json
import os

from judge import verdicts as v


def _write(path, ruling: str) -> None:
    entry = {"ruling": ruling, "cites": [], "game": "huntik", "variant": False, "passed": True, "applied": []}
    path.write_text(json.dumps({"format": v.VERDICTS_FORMAT, "fixtures": {"rulings/huntik/a.ruling.yaml": entry}}))


def test_handed_over_once_while_the_file_is_unchanged(tmp_path):
    path = tmp_path / "verdicts.json"
    _write(path, "huntik:701.4a")
    assert v.has_verdicts(path)
    first = v.read_verdicts(path)
    assert first["rulings/huntik/a.ruling.yaml"]["ruling"] == "huntik:701.4a"
    again = v.read_verdicts(path)  # handed over once: this one is read from the file
    assert again == first and again is not first


def test_a_file_changed_since_is_read_again(tmp_path):
    path = tmp_path / "verdicts.json"
    _write(path, "huntik:701.4a")
    assert v.has_verdicts(path)
    _write(path, "huntik:700.3")
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))  # a rewrite within the same tick
    assert v.read_verdicts(path)["rulings/huntik/a.ruling.yaml"]["ruling"] == "huntik:700.3"


def test_no_handover_to_another_file(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    _write(a, "huntik:701.4a")
    _write(b, "huntik:700.3")
    assert v.has_verdicts(a)
    assert v.read_verdicts(b)["rulings/huntik/a.ruling.yaml"]["ruling"] == "huntik:700.3"
