"""What the card loader checks of a step's own fields: a ``duration:`` only on a core verb that takes one
(cards.py calls it for every ability)."""
from __future__ import annotations

from typing import Any

from judge.engine.yamlload import line_of
from judge.errors import BadInputError

#: the keys under which an ability holds steps (each a list of step mappings)
_STEP_LIST_KEYS = ("steps", "cost", "instead", "then", "do", "may", "each_player", "else")


def _steps(node: Any):
    """Every step mapping inside an ability (an entry of a step list, nested ones too)."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k in _STEP_LIST_KEYS and isinstance(v, list):
                yield from (st for st in v if isinstance(st, dict))
            yield from _steps(v)
    elif isinstance(node, list):
        for v in node:
            yield from _steps(v)


def check_step_durations(raw: dict, path: str, card: str) -> None:
    """A ``duration:`` written on the step of a core verb that takes none ({destroy: X, duration: turn}, or
    a modifier's duration beside its modify instead of inside it) would be ignored: the card seemed to say
    'until the end of the turn' and the effect lasted for ever (blind round 29: gain_control had none). The
    core verbs say whether they take one (steps.DURATION_VERBS); a game's own step is not checked here."""
    # the core verbs register as the engine's modules load; the card loader's callers import the engine
    # first (judge/scenarios/loader.py) -- importing it here would close an import cycle through cards.py
    from judge.engine.steps import CORE_VERBS, DURATION_VERBS

    if not CORE_VERBS:
        raise RuntimeError("card steps checked before the engine registered its verbs: import judge.engine.engine first")

    for st in _steps(raw):
        if "duration" not in st:
            continue
        name = next((k for k in st if k in CORE_VERBS), None)
        if name is not None and name not in DURATION_VERBS:
            inside = " (a modifier's duration goes inside it: {modify: {target: .., modify: .., duration: turn}})" \
                if name in ("modify", "create") else ""
            raise BadInputError(f"card {card!r}: the step {name!r} takes no 'duration' (it would be ignored){inside}; "
                                f"steps that do: {', '.join(sorted(DURATION_VERBS))}", path=path,
                                line=line_of(st, "duration") or line_of(st))


def check_created_control(raw: dict, path: str, card: str) -> None:
    """A modifier a step creates that sets ``controller`` ({modify: {target: X, set: {controller: you},
    duration: turn}}) changes only the computed controller: the card stays on its old side and no
    control_changed happens (blind round 29). Control taken by an effect is ``gain_control`` (with a
    ``duration:`` for a while); ``set: {controller}`` belongs to a card's own continuous ability."""
    for st in _steps(raw):
        mod = st.get("modify")
        if isinstance(mod, dict) and isinstance(mod.get("set"), dict) and "controller" in mod["set"]:
            raise BadInputError(f"card {card!r}: a modifier a step creates cannot set 'controller' (the card would "
                                "not change sides): write {gain_control: TARGET, duration: turn} for control taken "
                                "for a while", path=path, line=line_of(mod, "set") or line_of(st))

