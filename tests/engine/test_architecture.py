"""Architecture guards (issue 12): engine modules stay small and never import a game; game
packages touch the engine only through its public API (no assigning engine attributes, no
private engine names, no memory kept on the engine object)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINE = sorted((ROOT / "judge" / "engine").glob("*.py"))
GAME_PACKAGES = sorted(p for p in (ROOT / "judge" / "games").iterdir() if (p / "__init__.py").exists())
ENGINE_NAMES = {"eng", "engine"}


def _module_imports(tree: ast.Module) -> list[str]:
    """Modules imported at import time (not inside functions or ``if TYPE_CHECKING``)."""
    out = []
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            out.append(node.module)
        elif isinstance(node, ast.Import):
            out.extend(a.name for a in node.names)
    return out


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: p.name)
def test_engine_module_is_small_and_game_free(path):
    text = path.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 600, f"{path.name} is over 600 lines: split it by concept"
    imports = _module_imports(ast.parse(text))
    assert not [m for m in imports if m.startswith("judge.games")], f"{path.name} imports a game"
    if path.name not in ("game.py", "__init__.py"):
        assert "judge.engine.game" not in imports, f"{path.name} imports judge.engine.game at import time"
    if path.name != "__init__.py":
        assert "judge.engine.engine" not in imports or path.name == "engine.py"


@pytest.mark.parametrize("pkg", GAME_PACKAGES, ids=lambda p: p.name)
def test_game_package_uses_only_the_public_engine_api(pkg):
    problems = []
    for path in sorted(pkg.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', '?')}"
            targets = node.targets if isinstance(node, ast.Assign) else (
                [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else [])
            for t in targets:
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id in ENGINE_NAMES:
                    problems.append(f"{where}: assigns engine attribute {t.attr!r}")
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ENGINE_NAMES
                    and node.attr.startswith("_")):
                problems.append(f"{where}: private engine name {node.attr!r}")
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "setattr")
                    and node.args and isinstance(node.args[0], ast.Name) and node.args[0].id in ENGINE_NAMES):
                problems.append(f"{where}: {node.func.id}() on the engine")
    assert not problems, "\n".join(problems)
