"""A small, safe expression language for card filters and conditions.

Nothing from YAML is ever passed to eval/exec: text is tokenised and parsed here into a tiny
tree, then evaluated against a context the engine supplies.

Grammar (loosest binding first)::

    expr    := or
    or      := and ("or" and)*
    and     := not ("and" not)*
    not     := "not" not | compare
    compare := sum (("==" | "!=" | "<" | "<=" | ">" | ">=" | "in" | "not in") sum)?
    sum     := product (("+" | "-") product)*
    product := unary (("*" | "/") unary)*
    unary   := "-" unary | postfix
    postfix := atom ("." NAME)*
    atom    := NUMBER | STRING | "true" | "false" | "null" | NAME | NAME "(" args ")" | "(" expr ")" | "[" items "]"

Names resolve through the context (``it``, ``this``, ``you`` ...); attributes through
``context.attr(value, name)``; calls only to functions the context whitelists
(``count(expr)`` evaluates its argument once per candidate object, bound to ``it``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol


class ExprError(ValueError):
    """An expression that cannot be parsed or evaluated; the message quotes it."""


_TOKEN = re.compile(
    r"\s*(?:(?P<num>\d+(?:\.\d+)?)|(?P<str>'[^']*'|\"[^\"]*\")|(?P<name>[A-Za-z_][A-Za-z_0-9]*)"
    r"|(?P<op>==|!=|<=|>=|[<>+\-*/().,\[\]]))"
)

KEYWORDS = {"and", "or", "not", "in", "true", "false", "null"}


@dataclass(frozen=True)
class Node:
    op: str
    args: tuple = ()
    value: Any = None
    #: the node as nested Python closures, built on its first evaluation (``_compiled``): the same
    #: filter text is evaluated thousands of times a run; not part of equality
    run: Any = field(default=None, compare=False, repr=False)


def _short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def tokenize(text: str) -> list[tuple[str, str]]:
    pos, out = 0, []
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise ExprError(f"cannot read {_short(text[pos:], 30)!r} in expression {_short(text)!r}")
        pos = m.end()
        kind = m.lastgroup
        out.append((kind, m.group(kind)))
    out.append(("end", ""))
    return out


#: deepest nesting of brackets, calls, ``not`` and unary minus an expression may use (a card's
#: filter needs a handful; the limit keeps a pathological one from exhausting Python's stack)
MAX_NESTING = 40
MAX_NUMBER_CHARS = 40  # Python refuses to read integers of 4,300 digits and more


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.toks = tokenize(text)
        self.i = 0
        self.depth = 0

    def nest(self) -> None:
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise ExprError(f"expression nested more than {MAX_NESTING} levels deep: {_short(self.text)!r}")

    def peek(self) -> tuple[str, str]:
        return self.toks[self.i]

    def take(self, value: str | None = None) -> tuple[str, str]:
        tok = self.toks[self.i]
        if value is not None and tok[1] != value:
            raise ExprError(f"expected {value!r} but found {tok[1] or 'end'!r} in expression {_short(self.text)!r}")
        self.i += 1
        return tok

    def at(self, *values: str) -> bool:
        kind, val = self.peek()
        return kind in ("op", "name") and val in values

    def parse(self) -> Node:
        node = self.or_()
        if self.peek()[0] != "end":
            raise ExprError(f"unexpected {self.peek()[1]!r} in expression {_short(self.text)!r}")
        return node

    def or_(self) -> Node:
        node = self.and_()
        while self.at("or"):
            self.take()
            node = Node("or", (node, self.and_()))
        return node

    def and_(self) -> Node:
        node = self.not_()
        while self.at("and"):
            self.take()
            node = Node("and", (node, self.not_()))
        return node

    def not_(self) -> Node:
        if self.at("not"):
            self.take()
            self.nest()
            node = Node("not", (self.not_(),))
            self.depth -= 1
            return node
        return self.compare()

    def compare(self) -> Node:
        node = self.sum_()
        if self.at("==", "!=", "<", "<=", ">", ">=", "in"):
            op = self.take()[1]
            return Node(op, (node, self.sum_()))
        if self.at("not") and self.toks[self.i + 1][1] == "in":
            self.take(), self.take()
            return Node("not", (Node("in", (node, self.sum_())),))
        return node

    def sum_(self) -> Node:
        node = self.product()
        while self.at("+", "-"):
            op = self.take()[1]
            node = Node(op, (node, self.product()))
        return node

    def product(self) -> Node:
        node = self.unary()
        while self.at("*", "/"):
            op = self.take()[1]
            node = Node(op, (node, self.unary()))
        return node

    def unary(self) -> Node:
        if self.at("-"):
            self.take()
            self.nest()
            node = Node("neg", (self.unary(),))
            self.depth -= 1
            return node
        return self.postfix()

    def postfix(self) -> Node:
        node = self.atom()
        while self.at("."):
            self.take()
            kind, name = self.take()
            if kind != "name":
                raise ExprError(f"expected an attribute name after '.' in expression {_short(self.text)!r}")
            node = Node("attr", (node,), name)
        return node

    def atom(self) -> Node:
        kind, val = self.take()
        if kind == "num":
            if len(val) > MAX_NUMBER_CHARS:
                raise ExprError(f"a number of {len(val):,} digits in expression {_short(self.text)!r}: "
                                f"too long (limit {MAX_NUMBER_CHARS})")
            return Node("const", value=float(val) if "." in val else int(val))
        if kind == "str":
            return Node("const", value=val[1:-1])
        if kind == "name":
            if val in ("true", "false", "null"):
                return Node("const", value={"true": True, "false": False, "null": None}[val])
            if val in KEYWORDS:
                raise ExprError(f"unexpected {val!r} in expression {_short(self.text)!r}")
            if self.at("("):
                self.take()
                self.nest()
                node = Node("call", self.items(")"), val)
                self.depth -= 1
                return node
            return Node("name", value=val)
        if val == "(":
            self.nest()
            node = self.or_()
            self.take(")")
            self.depth -= 1
            return node
        if val == "[":
            self.nest()
            node = Node("list", self.items("]"))
            self.depth -= 1
            return node
        raise ExprError(f"unexpected {val or 'end'!r} in expression {_short(self.text)!r}")

    def items(self, close: str) -> tuple:
        """Comma-separated expressions up to ``close`` (call arguments, list items)."""
        out = []
        if not self.at(close):
            out.append(self.or_())
            while self.at(","):
                self.take()
                out.append(self.or_())
        self.take(close)
        return tuple(out)


@lru_cache(maxsize=4096)
def parse(text: str) -> Node:
    """Parse an expression (cached: the same filter text is parsed once per process)."""
    if not isinstance(text, str):
        raise ExprError(f"expression must be text, got {_short(repr(text))}")
    return _Parser(text).parse()


class Context(Protocol):
    def name(self, name: str) -> Any: ...
    def attr(self, value: Any, name: str) -> Any: ...
    def call(self, name: str, args: tuple[Node, ...]) -> Any: ...


def compiled(text: str) -> Any:
    """The closure of an expression's text: ``compiled(text)(ctx)`` is ``evaluate(text, ctx)``, for
    a caller that evaluates one text for many objects."""
    node = parse(text)
    return node.run or _compiled(node)


@lru_cache(maxsize=4096)
def it_equals(text: str) -> Any:
    """For a filter ``it == X`` whose X neither names ``it`` nor calls a function (``it == this``,
    ``it == this.attached_to``): X's closure -- X is the same for every card the filter is asked
    about, so a caller may evaluate it once and compare each card with it (``card == X``, the
    comparison the filter makes). None for any other filter."""
    node = parse(text)
    if node.op != "==" or len(node.args) != 2:
        return None
    left, right = node.args
    if not (isinstance(left, Node) and left.op == "name" and left.value == "it"):
        return None
    if not isinstance(right, Node) or "it" in names_in(right) or _attrs_read(right) is None:
        return None
    return right.run or _compiled(right)


def evaluate(node: Node | str, ctx: Context) -> Any:
    if isinstance(node, str):
        node = parse(node)
    run = node.run
    if run is None:
        run = _compiled(node)
    return run(ctx)


def _compiled(node: Node) -> Any:
    """The node's closure (made once; kept on the node): what the evaluator does for each operator,
    with its operands' closures bound in -- both operands of a binary operator are evaluated, left
    first, and an unknown operator fails when evaluated, as a tree walk would."""
    op, value = node.op, node.value
    subs = [(a.run or _compiled(a)) if isinstance(a, Node) else a for a in node.args] if op != "call" else []
    if op == "const":
        def run(ctx): return value
    elif op == "name":
        def run(ctx): return ctx.name(value)
    elif op == "attr":
        a = subs[0]

        def run(ctx): return ctx.attr(a(ctx), value)
    elif op == "call":
        args = node.args  # a function gets its argument nodes (count/any evaluate them once per object)

        def run(ctx): return ctx.call(value, args)
    elif op == "list":
        def run(ctx): return [f(ctx) for f in subs]
    elif op == "and":
        a, b = subs

        def run(ctx): return bool(a(ctx)) and bool(b(ctx))
    elif op == "or":
        a, b = subs

        def run(ctx): return bool(a(ctx)) or bool(b(ctx))
    elif op == "not":
        a = subs[0]

        def run(ctx): return not a(ctx)
    elif op == "neg":
        a = subs[0]

        def run(ctx): return -_num(a(ctx))
    else:
        run = _binary(op, subs[0], subs[1])
    object.__setattr__(node, "run", run)  # a cache on a frozen node (not part of its value)
    return run


def _binary(op: str, a: Any, b: Any) -> Any:
    if op == "==":
        return lambda ctx: a(ctx) == b(ctx)
    if op == "!=":
        return lambda ctx: a(ctx) != b(ctx)
    if op == "in":
        def member(ctx):
            x, y = a(ctx), b(ctx)
            return y is not None and x in y
        return member
    if op in _COMPARE:
        cmp = _COMPARE[op]
        return lambda ctx: _ordered(cmp, a(ctx), b(ctx))
    if op in _ARITH:
        fn = _ARITH[op]
        return lambda ctx: _arith(fn, a(ctx), b(ctx))

    def unknown(ctx):
        a(ctx), b(ctx)
        raise ExprError(f"unknown operator {op!r}")
    return unknown


def _ordered(cmp, x: Any, y: Any) -> bool:
    return cmp(_num(x), _num(y))


def _arith(fn, x: Any, y: Any) -> Any:
    return fn(_num(x), _num(y))


_COMPARE = {"<": lambda x, y: x < y, "<=": lambda x, y: x <= y, ">": lambda x, y: x > y, ">=": lambda x, y: x >= y}
_ARITH = {"+": lambda x, y: x + y, "-": lambda x, y: x - y, "*": lambda x, y: x * y,
          "/": lambda x, y: x // y if y else 0}


def _num(v: Any) -> int | float:
    if v is None:
        return 0
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, (int, float)):
        return v
    raise ExprError(f"not a number: {v!r}")


def calls_in(node: Node | str) -> set[str]:
    """Every function an expression calls (``can_host(it, this) and x`` -> {'can_host'})."""
    if isinstance(node, str):
        node = parse(node)
    out: set[str] = {node.value} if node.op == "call" else set()
    for a in node.args:
        if isinstance(a, Node):
            out |= calls_in(a)
    return out


def names_in(node: Node | str) -> set[str]:
    """Every bare name an expression reads (used by schema checks)."""
    if isinstance(node, str):
        node = parse(node)
    out: set[str] = set()
    if node.op == "name":
        out.add(node.value)
    for a in node.args:
        if isinstance(a, Node):
            out |= names_in(a)
    return out


def attrs_read(node: Node | str) -> frozenset[str] | None:
    """The attribute names an expression reads (``it.power`` -> "power"), or None when it calls a
    function (which may read anything)."""
    if isinstance(node, str):
        return _attrs_read_text(node)
    got = _attrs_read(node)
    return None if got is None else frozenset(got)


@lru_cache(maxsize=4096)
def _attrs_read_text(text: str) -> frozenset[str] | None:
    # cached: the dependency order (characteristics.py) asks for every modifier's texts each time
    got = _attrs_read(parse(text))
    return None if got is None else frozenset(got)


def _attrs_read(node: Node) -> set[str] | None:
    if node.op == "call":
        return None
    out: set[str] = {node.value} if node.op == "attr" else set()
    for a in node.args:
        if isinstance(a, Node):
            got = _attrs_read(a)
            if got is None:
                return None
            out |= got
    return out
