"""The fields a step verb reads, found in its Python: what a card may write beside the verb.

A step is ``{VERB: X, field: value, ...}`` (steps.py); the verb's handler reads its fields off the step
mapping. This module reads the handler's source (an AST pass, once per verb and run) and collects the
keys it reads off that mapping -- ``st["k"]``, ``st.get("k")``, ``"k" in st`` -- following the mapping
where the handler hands it on: to an Engine method (``self.x(st, ..)``, ``eng.x(st, ..)``), to a function
of its module or a module it imports, to a closure's function, through a copy (``{**st, ..}``, ``dict(st)``)
or a name it is assigned to. A key read through a name is resolved when the name holds a literal (a
``partial``'s argument, a closure's cell, a literal passed by the caller: ``step_leave(verb, st, b)``);
a branch such a name decides (``if verb == "move"``, ``if inner is not None: return ..``) is read only
when it runs.

Where the mapping goes somewhere the pass cannot follow (its keys iterated, handed to a function it
cannot find, read with a key it cannot resolve) the verb is *open*: it accepts any field. The pass only
ever errs that way -- a field it misses would refuse a valid card -- and says why (``why_open``); tests
(tests/engine/test_step_fields.py) keep the list of open verbs short and every bundled card loading.
"""
from __future__ import annotations

import ast
import builtins
import functools
import inspect
import linecache
import textwrap
import types
from functools import lru_cache
from typing import Any, Callable

#: builtins that only look at a mapping (its type, truth, text): they read no field
_HARMLESS = {"isinstance", "bool", "repr", "str", "id", "type", "len", "print", "hash"}
#: how a handler names the engine it is given (``fn(eng, st, b)``; an Engine method's ``self``)
_ENGINE_NAMES = {"eng", "engine", "e"}
#: builtins that copy a mapping: the copy carries the step's fields on
_COPIES = {"dict"}


class Open(Exception):
    """The step mapping goes where the pass cannot follow it: the verb accepts any field."""


@lru_cache(maxsize=None)
def _functions(filename: str) -> dict[tuple[str, int], list[ast.AST]]:
    """The ``def`` and ``lambda`` nodes of a module, by (name, first line of their code)."""
    with open(filename, encoding="utf-8") as f:
        tree = ast.parse(f.read(), filename)
    out: dict[tuple[str, int], list[ast.AST]] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            out.setdefault((node.name, first), []).append(node)
        elif isinstance(node, ast.Lambda):
            out.setdefault(("<lambda>", node.lineno), []).append(node)
    return out


def _last_line(code: types.CodeType) -> int:
    lines = [line for _, _, line in code.co_lines() if line is not None]
    nested = [_last_line(c) for c in code.co_consts if isinstance(c, types.CodeType)]
    return max(lines + nested + [code.co_firstlineno])


def _parse_def(code: types.CodeType) -> ast.Module | None:
    """A ``def`` parsed alone: its lines from its first (decorators) to the last its code runs, and the
    lines that close a bracket after it (inspect.getsource tokenizes, and took most of the pass's time)."""
    lines = linecache.getlines(code.co_filename)
    first, last = code.co_firstlineno - 1, _last_line(code)
    for end in range(last, min(last + 8, len(lines)) + 1):
        try:
            return ast.parse(textwrap.dedent("".join(lines[first:end])))
        except SyntaxError:
            continue
    return None


def _node_of(fn: Callable) -> ast.AST:
    """The ``def`` or ``lambda`` node of ``fn``: a ``def`` parsed alone (parsing whole modules took most of
    the pass's time), a lambda found in its module's parsed source."""
    code = fn.__code__
    names = list(code.co_varnames[:code.co_argcount])
    if code.co_name != "<lambda>":
        tree = _parse_def(code)
        if tree is not None and tree.body and isinstance(tree.body[0], (ast.FunctionDef, ast.AsyncFunctionDef)):
            return tree.body[0]
    found = [n for n in _functions(code.co_filename).get((code.co_name, code.co_firstlineno), [])
             if [a.arg for a in n.args.posonlyargs + n.args.args] == names]
    if len(found) != 1:
        raise Open(f"source of {code.co_name} not found")
    return found[0]


def _unwrap(fn: Any, index: int, consts: dict) -> tuple[Callable, int, dict]:
    """A ``partial`` or a bound method: the plain function, the step's parameter index in it, and the
    literal values its bound arguments give its parameters."""
    while True:
        if isinstance(fn, functools.partial):
            params = list(inspect.signature(fn.func).parameters)
            consts = {**consts, **{p: v for p, v in zip(params, fn.args) if isinstance(v, str)},
                      **{k: v for k, v in fn.keywords.items() if isinstance(v, str)}}
            index += len(fn.args)
            fn = fn.func
        elif isinstance(fn, types.MethodType):
            index += 1
            fn = fn.__func__
        elif isinstance(fn, (staticmethod, classmethod)):
            fn = fn.__func__
        else:
            break
    if not isinstance(fn, types.FunctionType):
        raise Open(f"{fn!r} is not a Python function")
    return fn, index, consts


class _Reader:
    """Follows one step mapping through the functions it is handed to."""

    def __init__(self, engine_cls: type) -> None:
        self.engine_cls = engine_cls
        #: (function, the step's parameter, literal arguments) -> the fields read: shared by the games (the
        #: core verbs and the Engine methods they hand the step to are read once)
        self.done: dict[tuple, frozenset[str] | Open] = {}
        self.running: set[tuple] = set()  # being read: a call back into one of them (recursion) adds nothing
        self.recursions = 0  # how often that happened: what was read meanwhile is not kept (it may miss fields)

    def reads(self, fn: Any, index: int, consts: dict | None = None, keyword: str | None = None) -> frozenset[str]:
        fn, index, consts = _unwrap(fn, index, consts or {})
        node = _node_of(fn)
        params = [a.arg for a in node.args.posonlyargs + node.args.args]
        if keyword is not None:
            name = keyword if keyword in params else None
        else:
            name = params[index] if 0 <= index < len(params) else None
        if name is None:
            raise Open(f"{fn.__qualname__} takes the step into *args/**kwargs")
        key = (fn, name, tuple(sorted(consts.items())))  # the function, not its code: a closure's cells differ
        got = self.done.get(key)
        if isinstance(got, Open):
            raise got
        if got is not None:
            return got
        if key in self.running:
            self.recursions += 1
            return frozenset()
        cells = dict(zip(fn.__code__.co_freevars, (c.cell_contents for c in fn.__closure__ or ())))
        consts = {**{k: v for k, v in cells.items() if isinstance(v, str)}, **consts}
        before = self.recursions
        self.running.add(key)
        try:
            got = frozenset(_FunctionPass(self, fn, node, name, consts, cells, params).run())
        except Open as why:
            self.done[key] = why
            raise
        finally:
            self.running.discard(key)
        if self.recursions == before:
            self.done[key] = got
        return got

    # -- what a call hands the mapping to ----------------------------------------------------------
    def callee(self, func: ast.AST, fn: Callable, cells: dict, params: list) -> tuple[Any, int]:
        """(the called object, how many leading parameters the call does not pass: 1 for a method)."""
        if isinstance(func, ast.Name):
            if func.id in cells:
                return cells[func.id], 0
            if func.id in fn.__globals__:
                return fn.__globals__[func.id], 0
            return getattr(builtins, func.id, None), 0
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            owner = func.value.id
            if owner == "self" or (owner in params and owner in _ENGINE_NAMES):
                return getattr(self.engine_cls, func.attr, None), 1  # an Engine method (self, or eng of a game step)
            mod = fn.__globals__.get(owner, cells.get(owner))
            if isinstance(mod, types.ModuleType):
                return getattr(mod, func.attr, None), 0
        return None, 0


class _FunctionPass:
    def __init__(self, reader: _Reader, fn: Callable, node: ast.AST, name: str, consts: dict, cells: dict,
                 params: list) -> None:
        self.reader, self.fn, self.node, self.consts, self.cells, self.params = reader, fn, node, consts, cells, params
        self.aliases = {name}
        self.nodes = list(ast.walk(node))  # walked once: the pass looks at them several times
        self.parents = {child: parent for parent in self.nodes for child in ast.iter_child_nodes(parent)}
        self.keys: set[str] = set()

    def run(self) -> set[str]:
        self._find_aliases()
        dead = self._dead()
        for n in self.nodes:
            if isinstance(n, ast.Name) and n.id in self.aliases and isinstance(n.ctx, ast.Load) and n not in dead:
                self._use(n)
        return self.keys

    # -- branches a literal decides ------------------------------------------------------------------
    def _known(self, test: ast.AST) -> bool | None:
        """The value of a test on a name whose value the pass knows (a closure's cell, a literal argument):
        ``verb == "move"``, ``verb in ("a", "b")``, ``inner is not None``; None when it is not known."""
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            got = self._known(test.operand)
            return None if got is None else not got
        if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.left, ast.Name)):
            return None
        name, op, right = test.left.id, test.ops[0], test.comparators[0]
        if name in self.consts:
            value = self.consts[name]
        elif name in self.cells:
            value = self.cells[name]
        else:
            return None
        if isinstance(op, (ast.Is, ast.IsNot)) and isinstance(right, ast.Constant) and right.value is None:
            return (value is None) == isinstance(op, ast.Is)
        words = self._literals(right)
        if words is None:
            return None
        if isinstance(op, (ast.Eq, ast.NotEq)) and isinstance(right, ast.Constant):
            return (value == right.value) == isinstance(op, ast.Eq)
        if isinstance(op, (ast.In, ast.NotIn)) and not isinstance(right, ast.Constant):
            return (value in words) == isinstance(op, ast.In)
        return None

    def _dead(self) -> set[ast.AST]:
        """The nodes a known test never lets run: the branch it does not take, and the statements after a
        branch it takes that returns (a closure for several verbs: ``if inner is not None: return inner(..)``)."""
        dead: list[ast.AST] = []
        for n in self.nodes:
            if not isinstance(n, (ast.If, ast.IfExp)):
                continue
            taken = self._known(n.test)
            if taken is None:
                continue
            body, orelse = (n.body, n.orelse) if isinstance(n, ast.If) else ([n.body], [n.orelse])
            dead += orelse if taken else body
            block = next((getattr(self.parents.get(n), f) for f in ("body", "orelse", "finalbody")
                          if n in (getattr(self.parents.get(n), f, None) or [])), None)
            if taken and isinstance(n, ast.If) and block and isinstance(n.body[-1], (ast.Return, ast.Raise)):
                dead += block[block.index(n) + 1:]
        return {d for root in dead for d in ast.walk(root)}

    def _carries(self, node: ast.AST) -> bool:
        """Does this expression hold the step's fields (the mapping, a copy of it)?"""
        if isinstance(node, ast.Name):
            return node.id in self.aliases
        if isinstance(node, ast.Dict):
            return any(k is None and self._carries(v) for k, v in zip(node.keys, node.values))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _COPIES:
            return any(self._carries(a) for a in node.args)
        if isinstance(node, ast.IfExp):
            return self._carries(node.body) or self._carries(node.orelse)
        if isinstance(node, ast.BoolOp):
            return any(self._carries(v) for v in node.values)
        return False

    def _find_aliases(self) -> None:
        """Names the mapping (or a copy, or what a function handed it returns) is assigned to."""
        grew = True
        while grew:
            grew = False
            for n in self.nodes:
                if isinstance(n, (ast.Assign, ast.AnnAssign, ast.NamedExpr)) and n.value is not None:
                    value = n.value
                    targets = n.targets if isinstance(n, ast.Assign) else [n.target]
                    # what a function returns is the step again only where it is assigned back to the step's own
                    # name (``st = narrowed(eng, st, ..)``: a copy with the same fields); else it is something else
                    takes = self._carries(value) or (isinstance(value, ast.Call) and any(
                        isinstance(t, ast.Name) and t.id in self.aliases for t in targets) and any(
                        self._carries(a) for a in [*value.args, *(k.value for k in value.keywords)]))
                    for t in targets:
                        if takes and isinstance(t, ast.Name) and t.id not in self.aliases:
                            self.aliases.add(t.id)
                            grew = True

    def _key(self, node: ast.AST) -> None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            self.keys.add(node.value)
        elif isinstance(node, ast.Name) and node.id in self.consts:
            self.keys.add(self.consts[node.id])
        elif isinstance(node, ast.Name) and self._words(node) is not None:
            self.keys |= self._words(node)
        elif isinstance(node, ast.Constant):
            return  # a number or None: no field a card writes
        else:
            raise Open(f"{self.fn.__qualname__} reads the step with a key it computes ({ast.unparse(node)})")

    def _literals(self, node: ast.AST) -> set[str] | None:
        """The words an expression can only be: a literal, ``"a" if c else "b"``, a tuple of them, or a
        module's constant tuple of words (``for k in FLAG_TERMS``); None when it may be anything else."""
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return {node.value}
        if isinstance(node, ast.IfExp):
            a, b = self._literals(node.body), self._literals(node.orelse)
            return a | b if a is not None and b is not None else None
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            parts = [self._literals(e) for e in node.elts]
            return set().union(*parts) if all(p is not None for p in parts) else None
        if isinstance(node, ast.Name):
            value = self.cells.get(node.id, self.fn.__globals__.get(node.id))
            if isinstance(value, (tuple, list, set, frozenset)) and all(isinstance(v, str) for v in value):
                return set(value)
        return None

    def _words(self, name: ast.Name) -> set[str] | None:
        """The words a local name can hold: every assignment to it is a literal (``verb = "a" if c else "b"``),
        or it is the loop variable of a ``for``/comprehension over words."""
        found: set[str] = set()
        seen = False
        for n in self.nodes:
            if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name.id for t in n.targets):
                value = self._literals(n.value)
            elif isinstance(n, (ast.For, ast.comprehension)) and isinstance(n.target, ast.Name) \
                    and n.target.id == name.id:
                value = self._literals(n.iter)
            else:
                continue
            if value is None:
                return None
            found |= value
            seen = True
        return found if seen else None

    def _use(self, n: ast.Name) -> None:
        carrier: ast.AST = n
        parent = self.parents.get(carrier)
        while parent is not None and self._carries(parent) and not isinstance(parent, ast.Name):
            carrier, parent = parent, self.parents.get(parent)
        where = f"{self.fn.__qualname__}: {ast.unparse(parent) if parent is not None else n.id}"
        if isinstance(parent, ast.Attribute) and parent.value is carrier:
            call = self.parents.get(parent)
            if parent.attr in ("get", "pop") and isinstance(call, ast.Call) and call.func is parent and call.args:
                return self._key(call.args[0])
            raise Open(f"{where} (its keys or values as a whole)")
        if isinstance(parent, ast.Subscript) and parent.value is carrier:
            return self._key(parent.slice)
        if isinstance(parent, ast.Compare):
            if carrier in parent.comparators and isinstance(parent.ops[parent.comparators.index(carrier)],
                                                             (ast.In, ast.NotIn)):
                return self._key(parent.left)
            if all(isinstance(op, (ast.Is, ast.IsNot)) for op in parent.ops):
                return None
            raise Open(where)
        if isinstance(parent, ast.Call) and carrier is not parent.func:
            return self._call(parent, carrier, where)
        if isinstance(parent, ast.keyword):
            return self._call(self.parents[parent], carrier, where, keyword=parent.arg)
        if isinstance(parent, (ast.FormattedValue, ast.Return, ast.Assign, ast.AnnAssign, ast.NamedExpr,
                               ast.If, ast.IfExp, ast.BoolOp, ast.UnaryOp, ast.Expr)):
            return None  # shown, returned, assigned (an alias, followed), or tested for truth
        raise Open(where)

    def _call(self, call: ast.Call, carrier: ast.AST, where: str, keyword: str | None = None) -> None:
        func = call.func
        if isinstance(func, ast.Name) and func.id in _HARMLESS and func.id not in self.fn.__globals__:
            return
        if isinstance(func, ast.Name) and func.id in self.cells and self.cells[func.id] is None:
            return  # a closure's optional function, called only when given (``if inner is not None``)
        target, skip = self.reader.callee(func, self.fn, self.cells, self.params)
        if target is None or not callable(target):
            raise Open(f"{where} (hands the step to what it cannot find)")
        if isinstance(target, type):
            raise Open(f"{where} (hands the step to a class)")
        consts = {}
        try:
            params = list(inspect.signature(target).parameters)
        except (TypeError, ValueError):
            raise Open(f"{where} (no signature)") from None
        params = params[skip:] if not isinstance(target, types.MethodType) else params
        for i, a in enumerate(call.args):
            value = a.value if isinstance(a, ast.Constant) else self.consts.get(a.id) if isinstance(a, ast.Name) else None
            if isinstance(value, str) and i < len(params):
                consts[params[i]] = value
        for k in call.keywords:
            if k.arg and isinstance(k.value, ast.Constant) and isinstance(k.value.value, str):
                consts[k.arg] = k.value.value
        if keyword is None:
            if carrier not in call.args:
                raise Open(f"{where} (handed on as *args)")
            index = call.args.index(carrier) + skip
        else:
            index = -1
        self.keys |= self.reader.reads(target, index, consts, keyword=keyword)


@lru_cache(maxsize=None)
def _reader(engine_cls: type) -> _Reader:
    return _Reader(engine_cls)


def verb_fields(verbs: dict[str, Callable], engine_cls: type) -> dict[str, frozenset[str] | str]:
    """verb -> the fields its handler reads (the verb's own key included), or why the verb is open."""
    reader = _reader(engine_cls)
    out: dict[str, frozenset[str] | str] = {}
    for name, fn in verbs.items():
        try:
            out[name] = reader.reads(fn, 1) | {name}
        except Open as why:
            out[name] = str(why)
    return out
