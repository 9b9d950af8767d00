"""What the card loader checks of a step's own fields (cards.py): a ``duration:`` only on a core verb that
takes one (for every ability), and each step's verb and fields in the card's game (for every card): a field
the verb's handler never reads would be ignored, so it is refused at its line (check_step_fields)."""
from __future__ import annotations

from difflib import get_close_matches
from typing import Any, Callable

from judge.engine.ability_fields import limits
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



# -- the fields a verb reads ---------------------------------------------------------------------------

#: how the checks find a game's verbs and the Engine whose methods the core verbs are: handed in by
#: judge/engine/engine.py as it loads (importing the engine or the games here would close an import cycle:
#: engine -> state -> cards -> step_fields); game id -> its verbs, or None for a game that is not one
_ENGINE: dict[str, Any] = {}


def use_engine(engine_cls: type, game_verbs: Callable[[str], "dict[str, Callable] | None"],
               game_module: Callable[[str], Any] | None = None) -> None:
    _ENGINE.update(cls=engine_cls, verbs=game_verbs, module=game_module)


def _game_module(game: str) -> Any:
    """The game's module as the engine registered it (use_engine), None for a made-up game (a test's)."""
    return _ENGINE["module"](game) if _ENGINE.get("module") else None


def check_limit_periods(raw: dict, game: str, path: str) -> None:
    """A use limit's period (`limit: {count: 1, per: round}`) is one the game counts (its ``limit_periods``):
    another -- `per: game`, a misspelt one -- was silently counted per turn (review 43L). A made-up game (a
    test's) is not checked."""
    module = _game_module(game)
    if module is None:
        return
    errata = raw.get("errata")
    for limit, ability in limits([raw.get("abilities"), errata.get("abilities") if isinstance(errata, dict) else None]):
        per = limit.get("per", "turn")
        if per not in module.limit_periods:
            close = get_close_matches(str(per), list(module.limit_periods), n=1)
            raise BadInputError(f"card {raw.get('name')!r}: a use limit of {module.id} counts per "
                                f"{', '.join(module.limit_periods)}, not per {per!r}"
                                + (f"; did you mean {close[0]!r}?" if close else ""), path=path,
                                line=line_of(limit, "per") or line_of(limit) or line_of(ability))


def _verb_fields(game: str) -> tuple[dict, bool, dict]:
    """(the game's verbs, is it a known game, verb -> the fields it accepts or None for any) -- the fields
    read off the handlers' Python (step_reads.py), each verb's when a card first uses it. An unknown game
    (a test's made-up one): the core verbs alone."""
    got = _FIELDS.get(game)
    if got is None:
        if not _ENGINE:
            raise RuntimeError("card steps checked before the engine loaded: import judge.engine.engine first")
        from judge.engine.steps import CORE_VERBS

        verbs = _ENGINE["verbs"](game)
        got = _FIELDS[game] = (dict(CORE_VERBS) if verbs is None else verbs, verbs is not None, {})
    return got


_FIELDS: dict[str, tuple] = {}


def accepted_fields(game: str, verb: str) -> frozenset[str] | None:
    """The fields a step of ``verb`` may carry in ``game`` (its own key included); None: any (the pass
    could not follow where the handler hands the step: step_reads.why_open)."""
    from judge.engine.step_reads import verb_fields

    verbs, _, known = _verb_fields(game)
    if verb not in known:
        if verb == "then":  # not a verb: run_steps runs it when the step before succeeded, and reads nothing else
            known[verb] = frozenset({"then"})
        else:
            got = verb_fields({verb: verbs[verb]}, _ENGINE["cls"])[verb]
            known[verb] = None if isinstance(got, str) else got
    return known[verb]


def _all_steps(node: Any, in_instead: bool = False):
    """(step, is it an entry of a replacement's ``instead``) for every step of an ability: the entries of its
    step lists (those _steps knows, ``unless``, the parts of ``and`` and ``sentences``, a flag's ``offers``),
    nested ones too."""
    if isinstance(node, dict):
        for k, v in node.items():
            if isinstance(v, list) and (k in _STEP_LIST_KEYS or k == "unless"):
                yield from ((st, k == "instead") for st in v if isinstance(st, dict))
            elif isinstance(v, list) and k in ("and", "sentences"):
                yield from ((st, False) for part in v if isinstance(part, list) for st in part if isinstance(st, dict))
            elif isinstance(v, dict) and k == "offers":  # a permission flag's other ways of paying: WORD -> steps
                yield from ((st, False) for way in v.values() if isinstance(way, list) for st in way
                            if isinstance(st, dict))
            yield from _all_steps(v)
    elif isinstance(node, list):
        for v in node:
            yield from _all_steps(v)


def check_step_fields(raw: dict, game: str, path: str) -> None:
    """Each step of a card names a verb of ``game`` and carries only fields its verb reads: ``{damage: X,
    amout: 2}`` would deal 1 damage, ``{move: X, too: hand}`` move nowhere, and nothing said so. The fields
    are those the verb's Python reads (step_reads.py); refused with the file, the line, the verb, the
    field, what it may be and the fields the verb takes."""
    card = raw.get("name")
    errata = raw.get("errata")
    abilities = [raw.get("abilities"), errata.get("abilities") if isinstance(errata, dict) else None]
    verbs, known_game = _verb_fields(game)[:2]
    for st, in_instead in _all_steps(abilities):
        verb = next((k for k in st if k in verbs or k == "then"), None)
        if verb is None:
            if in_instead and "proceed" in st:  # a replacement's 'the event happens, changed so' (replacement.py)
                continue
            if not known_game:
                continue  # a made-up game's own verbs are not known here
            first = next(iter(st), None)
            close = get_close_matches(str(first), sorted(verbs), n=3)
            raise BadInputError(f"card {card!r}: unknown step {first!r} (no verb of {game}"
                                + (f"; did you mean {', '.join(close)}?)" if close else ")"), path=path,
                                line=line_of(st))
        _check_settings(st, verb, card, path)
        if verb == "choose":
            _check_choose_zones(st, game, card, path)
        accepted = accepted_fields(game, verb)
        if accepted is None:
            continue
        for field in st:
            if field in accepted:
                continue
            close = get_close_matches(str(field), sorted(accepted - {verb}), n=1)
            raise BadInputError(f"card {card!r}: the step {verb!r} takes no field {field!r} (it would be ignored)"
                                + (f"; did you mean {close[0]!r}?" if close else "")
                                + f" -- the fields of {verb!r}: {', '.join(sorted(accepted - {verb})) or 'none'}",
                                path=path, line=line_of(st, field) or line_of(st))


#: the settings inside the mapping of a core verb whose value is one (``{modify: {target, modify, duration}}``,
#: ``{choose: {filter, by}}``): what step_modify / step_choose (effects.py, verbs.py) and the code they hand
#: the mapping to read of it. The step-field pass (step_reads.py) follows the step, not the mapping under
#: one of its keys, so a setting written wrong -- ``{modify: {target: X, modify: {atk: 2}, duraton: turn}}``,
#: a modifier that then lasts for ever -- is caught by this list. A setting only the engine writes
#: (``narrowed_by``, ``card_filter``: steps.narrow_choices; ``pays_with``: steps.cost_choices) is not the card's
#: to write.
SETTINGS = {
    "modify": frozenset({"target", "modify", "set", "grant", "grant_traits", "grant_powers", "while", "applies_to",
                         "player_modify", "zone", "affected", "lock", "duration"}),
    "choose": frozenset({"filter", "by", "what", "zones", "count"}),
}


def _check_settings(st: dict, verb: str, card: Any, path: str) -> None:
    spec = st.get(verb)
    allowed = SETTINGS.get(verb)
    if allowed is None or not isinstance(spec, dict):
        return
    for key in spec:
        if key in allowed:
            continue
        close = get_close_matches(str(key), sorted(allowed), n=1)
        raise BadInputError(f"card {card!r}: a {verb!r} step takes no setting {key!r} (it would be ignored)"
                            + (f"; did you mean {close[0]!r}?" if close else "")
                            + f" -- the settings of {verb!r}: {', '.join(sorted(allowed))}",
                            path=path, line=line_of(spec, key) or line_of(st))


def _check_choose_zones(st: dict, game: str, card: Any, path: str) -> None:
    """A ``choose`` step's ``zones`` (the zones out of play it picks from: verbs._choice_candidates) is a list of
    zone names of the card's game: a single name, a misspelt one or another type would pick from nowhere -- the
    card then did nothing, and nothing said why."""
    spec = st.get("choose")
    if not isinstance(spec, dict) or "zones" not in spec:
        return
    zones = spec["zones"]
    module = _game_module(game)
    known = tuple(module.zones) if module is not None else None
    line = line_of(spec, "zones") or line_of(st)
    if not isinstance(zones, list) or not zones or not all(isinstance(z, str) for z in zones):
        raise BadInputError(f"card {card!r}: a 'choose' step's 'zones' must be a list of zone names "
                            f"(zones: [hand]), not {zones!r}", path=path, line=line)
    bad = [z for z in zones if known is not None and z not in known]
    if bad:
        close = get_close_matches(bad[0], list(known), n=1)
        raise BadInputError(f"card {card!r}: a 'choose' step picks from no zone {bad[0]!r}"
                            + (f"; did you mean {close[0]!r}?" if close else "")
                            + f" -- the zones of {game}: {', '.join(known)}", path=path, line=line)
