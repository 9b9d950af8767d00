"""Warhammer: Invasion's package layout: the mechanic modules listed in MODULES are its modules, none
registers a verb another one registers (nothing is wrapped), none is over ~600 lines, and no module
reaches into the engine's private state."""
from __future__ import annotations

import importlib
import re
from pathlib import Path
from types import SimpleNamespace

from judge.games import warhammer_invasion as whi

PKG = Path(whi.__file__).parent
SHARED = {"__init__", "common"}  # not mechanic modules: the game class, shared helpers


def test_modules_listed_are_the_package_modules():
    files = {p.stem for p in PKG.glob("*.py")} - SHARED
    assert set(whi.MODULES) == files
    assert len(whi.MODULES) == len(set(whi.MODULES))


def test_no_verb_registered_by_two_modules():
    owner: dict[tuple[str, str], str] = {}
    for name in whi.MODULES:
        fake = SimpleNamespace(actions={}, steps={}, functions={})
        register = getattr(importlib.import_module(f"judge.games.warhammer_invasion.{name}"), "register", None)
        if register is not None:  # a module may add no verbs (it only answers hooks)
            register(fake)
        for table in ("actions", "steps", "functions"):
            for verb in getattr(fake, table):
                assert (table, verb) not in owner, f"{table} {verb!r}: {owner.get((table, verb))} and {name}"
                owner[(table, verb)] = name
    assert ("actions", "attack") in owner and ("actions", "end") in owner


def test_modules_small_and_engine_private_state_untouched():
    private = re.compile(r"\beng(?:ine)?\._|getattr\(eng|\beng(?:ine)?\.[a-z_]+\s*=[^=]")
    for path in PKG.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert len(text.splitlines()) <= 600, path.name
        assert not private.search(text), f"{path.name}: {private.search(text).group(0)!r}"
