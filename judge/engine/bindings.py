"""Rule bindings as data: a game's ``rules.yaml`` (mechanic key -> rule ids, does, off), checked
against the code that asks for each key, and where each key is implemented.

File format (``judge/games/<game>/rules.yaml``)::

    game: warhammer-invasion
    mechanics:
      target_recheck:                        # a core mechanic (rules.CORE_MECHANICS): ids only
        ids: [clarification:illegal-target]  # short ids are qualified with the game id
      lethal_before_capital:                 # a game mechanic: ids, does and off
        ids: [errata:core-set-rulebook-errata]
        does: combat damage reaches the capital only after ...
        off: the attacker may assign combat damage anywhere

Checked at load (errors name the file and line): unknown fields, a game mechanic without
``does``/``off``, a key bound twice, and keys the game's code asks for (``on("k")``,
``fire("k")``, ``applies("k")``) that nothing binds. ``check_ids`` adds the corpus check (ids
that are no entry) where the corpus is at hand (``judge verify``, tests).

Where a key is implemented comes from a scan of the engine's and the game's Python files for
those calls (``sites``), cached per file (path, mtime, size) in the cache folder so loading a
game stays fast.
"""
from __future__ import annotations

import ast
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from judge.engine.rules import CORE_MECHANICS, Registry
from judge.engine.yamlload import line_of, load_yaml_with_lines
from judge.errors import BadInputError

if TYPE_CHECKING:
    from judge.engine.game import GameModule

RULES_FILE = "rules.yaml"
CALLS = ("on", "fire", "applies")  # engine calls that name a mechanic key
_KEYLIKE = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+\Z")  # a snake_case name with a _, as mechanic keys are
_ENGINE_DIR = Path(__file__).resolve().parent
_REPO = _ENGINE_DIR.parent.parent


@dataclass(frozen=True)
class Site:
    """One place code asks for a mechanic: file (repository-relative), function, line, call."""

    key: str
    path: str
    function: str
    line: int
    call: str

    @property
    def module(self) -> str:
        return self.path


# -- the rules file --------------------------------------------------------------------------------

def rules_path(game: "GameModule") -> Path | None:
    """``rules.yaml`` of a game package (None for a one-file game ``judge/games/<game>.py``)."""
    mod = sys.modules.get(type(game).__module__)
    file = Path(getattr(mod, "__file__", "") or "")
    if file.name == "__init__.py":
        return file.parent / RULES_FILE
    pkg = sys.modules.get(getattr(mod, "__package__", None) or "")
    if file.name and pkg is not None and (hasattr(pkg, "GAME") or hasattr(pkg, "MODULES")):
        return file.parent / RULES_FILE  # the GameModule lives in a module of its game package
    return None


def load_rules_file(path: Path, reg: Registry) -> None:
    """Bind every mechanic of ``path`` into ``reg``; schema errors name the file and line."""
    shown = _shown(path)
    data = load_yaml_with_lines(path)
    if not isinstance(data, dict):
        raise BadInputError("a rules file is a mapping with 'game' and 'mechanics'", path=shown, line=1)
    for key in data:
        if key not in ("game", "mechanics", "absent"):
            raise BadInputError(f"unknown field {key!r} (known: game, mechanics, absent)", path=shown,
                                line=line_of(data, key))
    if data.get("game") != reg.game:
        raise BadInputError(f"game is {data.get('game')!r}, expected {reg.game!r}", path=shown,
                            line=line_of(data, "game") or 1)
    mechanics = data.get("mechanics") or {}
    if not isinstance(mechanics, dict):
        raise BadInputError("'mechanics' is a mapping: key -> {ids, does, off}", path=shown,
                            line=line_of(data, "mechanics"))
    for key, spec in mechanics.items():
        line = line_of(mechanics, key)
        if not isinstance(spec, dict):
            raise BadInputError(f"mechanic {key!r}: expected a mapping with ids (and does/off)", path=shown, line=line)
        for field in spec:
            if field not in ("ids", "does", "off"):
                raise BadInputError(f"mechanic {key!r}: unknown field {field!r} (known: ids, does, off)",
                                    path=shown, line=line_of(spec, field))
        ids = spec.get("ids")
        if not isinstance(ids, list) or not ids:
            raise BadInputError(f"mechanic {key!r}: 'ids' is a non-empty list of rule ids", path=shown,
                                line=line_of(spec, "ids") or line)
        for i, rid in enumerate(ids):
            if not isinstance(rid, str) or not rid:
                raise BadInputError(f"mechanic {key!r}: rule id {rid!r} is not a text (quote it: \"{rid}\")",
                                    path=shown, line=line_of(ids, i) or line)
        for field in ("does", "off"):
            if field in spec and not isinstance(spec[field], str):
                raise BadInputError(f"mechanic {key!r}: {field!r} is a text", path=shown, line=line_of(spec, field))
        if key not in CORE_MECHANICS and not (spec.get("does") and spec.get("off")):
            raise BadInputError(f"mechanic {key!r} is not a core mechanic: give 'does' and 'off'", path=shown,
                                line=line)
        if key in reg.mechanics:
            raise BadInputError(f"mechanic {key!r} is bound twice", path=shown, line=line)
        reg.bind(key, *ids, does=spec.get("does"), off=spec.get("off"))
        reg.sources[key] = (shown, line, [line_of(ids, i) or line for i in range(len(ids))])
    _load_absent(data.get("absent") or {}, data, reg, shown)


def _load_absent(absent: Any, data: dict, reg: Registry, shown: str) -> None:
    """``absent:`` -- core mechanics the game's rules leave out: key -> {ids: the rules whose text leaves
    it out, why: how}. Each is a core mechanic the file does not also bind."""
    if not isinstance(absent, dict):
        raise BadInputError("'absent' is a mapping: core mechanic key -> {ids, why}", path=shown,
                            line=line_of(data, "absent"))
    for key, spec in absent.items():
        line = line_of(absent, key)
        if key not in CORE_MECHANICS:
            raise BadInputError(f"absent {key!r}: only a core mechanic can be absent (core: {sorted(CORE_MECHANICS)})",
                                path=shown, line=line)
        if key in reg.mechanics:
            raise BadInputError(f"absent {key!r} is also bound under 'mechanics'", path=shown, line=line)
        if not isinstance(spec, dict) or set(spec) != {"ids", "why"} or not isinstance(spec["why"], str) \
                or not isinstance(spec["ids"], list) or not spec["ids"] \
                or not all(isinstance(i, str) and i for i in spec["ids"]):
            raise BadInputError(f"absent {key!r}: expected {{ids: [rule ids, quoted], why: text}}", path=shown,
                                line=line)
        reg.mark_absent(key, *spec["ids"], why=spec["why"])
        reg.sources[key] = (shown, line, [line_of(spec["ids"], i) or line for i in range(len(spec["ids"]))])


def dump_rules_file(reg: Registry) -> str:
    """``reg``'s bindings as the text of a rules.yaml (ids shortened; descriptions only where
    they differ from the core's). Loading the text binds exactly ``reg``'s mechanics."""
    prefix = reg.game + ":"
    lines = [f"# Rule bindings of {reg.game}: mechanic key -> the rule ids that define it (short ids get",
             "# the game id in front), what it does and what switching it off means (judge/engine/bindings.py).",
             f"game: {_scalar(reg.game)}", "mechanics:"]
    for m in reg.mechanics.values():
        ids = [i[len(prefix):] if i.startswith(prefix) else i for i in m.ids]
        lines.append(f"  {m.key}:")
        lines.append(f"    ids: [{', '.join(_scalar(i) for i in ids)}]")
        core = CORE_MECHANICS.get(m.key)
        if core is None or core[0] != m.does:
            lines.append(f"    does: {_scalar(m.does)}")
        if core is None or core[1] != m.off:
            lines.append(f"    off: {_scalar(m.off)}")
    if reg.absent:
        lines.append("absent:")
        for m in reg.absent.values():
            ids = [i[len(prefix):] if i.startswith(prefix) else i for i in m.ids]
            lines += [f"  {m.key}:", f"    ids: [{', '.join(_scalar(i) for i in ids)}]", f"    why: {_scalar(m.does)}"]
    return "\n".join(lines) + "\n"


def _scalar(text: str) -> str:
    """``text`` as a YAML scalar: plain when it reads back as the same string, else quoted."""
    from judge.engine.yamlload import load_yaml_text

    try:
        plain_ok = load_yaml_text(f"k: {text}", "<dump>") == {"k": text} and "," not in text and "]" not in text
    except BadInputError:
        plain_ok = False
    return text if plain_ok else json.dumps(text, ensure_ascii=False)


def check_ids(game: "GameModule", known: set[str]) -> list[BadInputError]:
    """Bound ids that are no entry of the corpus (``known``), each naming where it is bound."""
    out = []
    reg = game.registry
    for m in [*reg.mechanics.values(), *reg.absent.values()]:
        path, line, lines = reg.sources.get(m.key, (None, None, []))
        for i, rid in enumerate(m.ids):
            if rid not in known:
                where = lines[i] if i < len(lines) else line
                what = "absent" if m.key in reg.absent else "mechanic"
                out.append(BadInputError(f"{what} {m.key!r}: rule id {rid!r} is not an entry of the corpus",
                                         path=path or _shown(_module_file(type(game).__module__)), line=where))
    return out


def check_code_keys(game: "GameModule") -> None:
    """Every key the game's own code asks for must be bound (an unbound key is an error, never
    silently on)."""
    if not type(game).__module__.startswith("judge.games.") and rules_path(game) is None:
        return  # a game defined elsewhere (a test's tiny game): its "code" is the test
    reg = game.registry
    for site in game_sites(game):
        if site.call in CALLS and site.key not in reg.mechanics:
            rules = rules_path(game)
            hint = _shown(rules) if rules is not None else "bind_rules"
            raise BadInputError(f"mechanic {site.key!r} is asked for ({site.call}) in {site.function} but not bound "
                                f"in {hint}", path=site.path, line=site.line)


# -- where keys are implemented --------------------------------------------------------------------

def game_files(game: "GameModule") -> list[Path]:
    """The Python files of a game: its package, or (one-file game) its module and the game modules
    it imports."""
    mod = sys.modules[type(game).__module__]
    rules = rules_path(game)
    if rules is not None:
        return sorted(p for p in rules.parent.rglob("*.py"))
    games_dir = Path(mod.__file__).resolve().parent
    seen: dict[str, Path] = {}

    def walk(m: ModuleType) -> None:
        f = Path(getattr(m, "__file__", "") or "")
        if not f.name or f.resolve().parent != games_dir or m.__name__ in seen:
            return
        seen[m.__name__] = f
        for v in list(vars(m).values()) + list(game.mechanic_modules if m is mod else ()):
            for x in (v if isinstance(v, tuple) else (v,)):
                if isinstance(x, ModuleType):
                    walk(x)
                elif isinstance(getattr(x, "__module__", None), str) and x.__module__ in sys.modules:
                    walk(sys.modules[x.__module__])
    walk(mod)
    return sorted(seen.values())


def engine_files() -> list[Path]:
    return sorted(_ENGINE_DIR.rglob("*.py"))


def game_sites(game: "GameModule") -> list[Site]:
    out = [s for f in game_files(game) for s in _sites_cached(f)]
    _flush()
    return out


def implementations(game: "GameModule", key: str) -> list[Site]:
    """Where ``key`` is asked for: the game's files first for a game mechanic, the engine's first
    for a core one."""
    own = [s for s in game_sites(game) if s.key == key]
    core = [s for f in engine_files() for s in _sites_cached(f) if s.key == key]
    _flush()
    found = core + own if key in CORE_MECHANICS else own + core
    return sorted(found, key=lambda s: s.call not in CALLS)  # direct asks first, then keys handed on


def scan_file(path: Path) -> list[Site]:
    """Calls ``x.on("k")`` / ``x.fire("k")`` / ``x.applies("k")`` with a literal key, and other
    snake_case strings that may name a key (call "names"), with the function (``Class.method``) they
    are in."""
    shown = _shown(path)
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    out: list[Site] = []
    asked = {id(n.args[0]) for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
             and n.func.attr in CALLS and n.args}

    def visit(node: ast.AST, where: list[str]) -> None:
        for child in ast.iter_child_nodes(node):
            inner = where
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                inner = where + [child.name]
            if (isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute) and child.func.attr in CALLS
                    and child.args and isinstance(child.args[0], ast.Constant) and isinstance(child.args[0].value, str)):
                out.append(Site(child.args[0].value, shown, ".".join(where) or "(module)", child.lineno,
                                child.func.attr))
            elif (isinstance(child, ast.Constant) and isinstance(child.value, str) and id(child) not in asked
                  and _KEYLIKE.match(child.value)):
                # a key named elsewhere: handed to a helper that asks for it (``expire(eng, "k")`` ->
                # ``eng.fire(key)``) or kept in a table (``{"kingdom": "actions_either_player_kingdom"}``).
                # Listed after the direct asks (implementations), never checked as a key the code asks
                # for (check_code_keys: such a string may be anything)
                out.append(Site(child.value, shown, ".".join(where) or "(module)", child.lineno, "names"))
            visit(child, inner)
    visit(tree, [])
    return out


_memory: dict[str, tuple[list, list[Site]]] = {}


def _sites_cached(path: Path) -> list[Site]:
    """``scan_file`` with a per-file cache (memory, then the cache folder's mechanic-sites.json)."""
    st = path.stat()
    stamp = [st.st_mtime_ns, st.st_size]
    key = str(path)
    hit = _memory.get(key)
    if hit is not None and hit[0] == stamp:
        return hit[1]
    disk = _disk()
    got = disk.get(key)
    if got is not None and got.get("stamp") == stamp:
        sites = [Site(*s) for s in got["sites"]]
    else:
        sites = scan_file(path)
        disk[key] = {"stamp": stamp, "sites": [[s.key, s.path, s.function, s.line, s.call] for s in sites]}
        _dirty.append(key)
    _memory[key] = (stamp, sites)
    return sites


_disk_data: dict | None = None
_dirty: list[str] = []


def _flush() -> None:
    if _dirty:
        _dirty.clear()
        _save_disk(_disk())


def _disk_path() -> Path | None:
    try:
        from judge.cache import cache_dir

        return cache_dir() / f"mechanic-sites-{_SITES_FORMAT}.json"
    except OSError:
        return None


_SITES_FORMAT = 3  # 2: a checked JSON object {"files": {path: {"stamp", "sites"}}}; 3: with 'names' sites


def _sites_problem(data: Any) -> str | None:
    files = data.get("files") if isinstance(data, dict) else None
    if not isinstance(files, dict):
        return "no 'files' map in it"
    for v in files.values():
        if not (isinstance(v, dict) and isinstance(v.get("stamp"), list) and isinstance(v.get("sites"), list)
                and all(isinstance(x, list) and len(x) == 5 for x in v["sites"])):
            return "a file's record is not {stamp, sites}"
    return None


def _disk() -> dict:
    global _disk_data
    if _disk_data is None:
        from judge.cache import read_checked_json

        path = _disk_path()
        data = read_checked_json(path, _sites_problem) if path else None
        _disk_data = data["files"] if data else {}
    return _disk_data


def _save_disk(data: dict) -> None:
    path = _disk_path()
    if path is None:
        return
    try:
        from judge.cache import atomic_write_json

        atomic_write_json(path, {"files": data})
    except OSError:
        pass  # a read-only cache folder only costs the scan next time


def _module_file(module: str) -> Path:
    return Path(getattr(sys.modules.get(module), "__file__", module) or module)


def _shown(path: Path) -> str:
    path = Path(path).resolve()
    try:
        return str(path.relative_to(_REPO))
    except ValueError:
        return str(path)


__all__ = ["RULES_FILE", "Site", "rules_path", "load_rules_file", "dump_rules_file", "check_ids",
           "check_code_keys", "game_files", "implementations", "scan_file"]
