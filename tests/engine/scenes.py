"""What the engine tests share to replay a scene: one written out as text, or a bundled scene (tests/engine/data)
with some of its lines changed -- each change must find its text, so a scene edited later fails loudly instead
of silently testing something else."""
from __future__ import annotations

import textwrap
from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import Outcome, replay

DATA = Path(__file__).parent / "data"


def write_scene(tmp_path: Path, text: str, name: str = "scene.yaml", game: str | None = None) -> Path:
    """``text`` (dedented; with ``game``, a ``game:`` line put first) written as ``tmp_path/name``."""
    text = textwrap.dedent(text)
    if game is not None:
        text = f"game: {game}\n" + text
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def replay_text(tmp_path: Path, text: str, name: str = "scene.yaml", game: str | None = None) -> Outcome:
    return replay(load_fixture(write_scene(tmp_path, text, name, game)))


def variant(tmp_path: Path, scene: Path, pairs=(), expect: str | None = None, name: str | None = None) -> Path:
    """``scene`` with each ``(old, new)`` of ``pairs`` replaced (each ``old`` must be in it) and, with ``expect``,
    its ``expect:`` block replaced by those lines; written under ``tmp_path``."""
    text = scene.read_text(encoding="utf-8")
    for old, new in pairs:
        assert old in text, f"{scene.name} no longer says {old!r}"
        text = text.replace(old, new)
    if expect is not None:
        text = text[:text.index("expect:")] + "expect:\n" + expect
    path = tmp_path / (name or "variant.yaml")
    path.write_text(text, encoding="utf-8")
    return path


def replay_variant(tmp_path: Path, scene: Path, pairs=(), expect: str | None = None) -> Outcome:
    return replay(load_fixture(variant(tmp_path, scene, pairs, expect)))
