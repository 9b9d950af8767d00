"""The scenario schema: which fields a scenario may have and the shape of each (expectations:
expect_schema.py), checked before the engine sees anything, so that every mistake is a message naming the file, the line and what
to write instead (never a Python traceback from deep inside a replay).

``check_*`` functions take ``err(message, *key_path) -> BadInputError`` from the loader, which
turns a key path such as ``("state", "A", "hand", 2)`` into the line it sits on.
"""
from __future__ import annotations

import difflib
from typing import Any, Callable

from judge.engine.cards import CardPool, given_powers_in
from judge.engine.game import GameModule

Err = Callable[..., Exception]

# 'variant': a fixture that changes the number or the order a ruling hinges on (three Bloodletters
# instead of two): it names what it varies, and confirms the same ruling under the same rules.
TOP_KEYS = {"ruling", "cites", "question", "answer", "game", "state", "actions", "expect", "title", "note",
            "versions", "variant", "cards"}
TEXT_KEYS = ("ruling", "question", "answer", "game", "title", "note", "variant")
CORE_ACTIONS = {"play", "use", "pass", "choose", "effect", "check"}
#: the fields any game's actions may have (a game's own: its ``action_fields``)
ACTION_KEYS = {"player", "targets", "x", "choose", "try", "zone", "ability", "from", "note",
               "amount", "to", "with"}
OBJ_KEYS = {"card", "damage", "exhausted", "counters", "flags", "attached_to", "controller", "entered", "label"}
#: logged rejections; an expectation of one may name the refusing rule (``rejected_by: RULE-ID``)
REJECTION_EVENTS = ("action_rejected", "choice_rejected")
EXPECT_KINDS = ("event", "no_event", "order", "rules_applied", "card", "player", "zone", "state")
#: what a zone expectation may say: its cards (in any order, or ``in_order``) and how many
ZONE_EXPECT_KEYS = ("zone", "cards", "count", "in_order")
COMMA_HINT = ("card names with a comma must be quoted in a YAML flow list: "
              "write [{quoted}], not [{bare}]")


def expect_subject(exp: dict) -> str | None:
    """What an expectation is about: the first of EXPECT_KINDS it has (an event expectation may
    also name a card or player as event fields)."""
    for k in EXPECT_KINDS:  # a loop, not next(genexpr): asked for every expectation of every replay
        if k in exp:
            return k
    return None


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def show(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


# -- card names: "did you mean", and the comma-quoting hint ------------------------------------------

def card_hint(name: str, pool: CardPool, following: list[Any] = (), preceding: Any = None) -> str:
    """Why ``name`` may be unknown: a card name with a comma split by an unquoted YAML flow list
    (``[Venadek, Scruffy Scrapper]`` is two names), else the closest card names."""
    for joined, parts in _comma_joins(name, following, preceding):
        if joined in pool:
            return "; " + COMMA_HINT.format(quoted=f'"{joined}"', bare=", ".join(parts))
    full = [n for n in pool.full_names() if "," in n]
    lowered = name.lower()
    for n in full:
        first, _, rest = n.partition(",")
        if lowered in (first.strip().lower(), rest.strip().lower()):
            return "; " + COMMA_HINT.format(quoted=f'"{n}"', bare=n)
    close = pool.closest(name)
    return f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""


def _comma_joins(name: str, following: list[Any], preceding: Any):
    rest = [x for x in following if isinstance(x, str)]
    for k in range(1, min(3, len(rest)) + 1):  # "A, B" and "A, B, C"
        parts = [name, *rest[:k]]
        yield ", ".join(parts), parts
    if isinstance(preceding, str):
        yield f"{preceding}, {name}", [preceding, name]


def unknown_card(name: Any, pool: CardPool, game: str, where: str = "", following: list[Any] = (),
                 preceding: Any = None) -> str:
    if not isinstance(name, str):
        return f"a card is given by its name (text), not {show(name)}{where}"
    return (f"unknown card {name!r}{where} (not in rules_corpus/{game}/cards.yaml, nor in this "
            f"scenario's cards){card_hint(name, pool, following, preceding)}")


def unknown_label(name: Any, labels: dict, pool: CardPool, where: str = "", following: list[Any] = ()) -> str:
    """A card an action or expectation names that the scenario's state does not list."""
    if not isinstance(name, str):
        return f"a card is named by its label (text), not {show(name)}{where}"
    from difflib import get_close_matches

    named = sorted(k for k in labels if not k.endswith("#1") or k[:-2] not in labels)  # "X#1" only if X is ambiguous
    close = get_close_matches(name, named, n=3, cutoff=0.6)
    shared = [k for k in named if k.rpartition("#")[0] == name and labels[k] == name]
    if len(shared) > 1:  # several cards of the scenario have this name: each has a label of its own
        return (f"{name!r} is the name of {len(shared)} cards here{where} ({', '.join(shared)}): "
                "name one by its label")
    if any(f"{name}, {f}" in labels for f in following if isinstance(f, str)):
        hint = "; " + COMMA_HINT.format(quoted=f'"{name}, {following[0]}"', bare=f"{name}, {following[0]}")
    elif close:
        hint = f"; did you mean {' or '.join(repr(c) for c in close)}?"
    elif name in pool:
        hint = "; that card is not in this scenario's state: list it in a zone first"
    else:
        hint = card_hint(name, pool, following)
    return f"unknown card {name!r}{where} (cards in this scenario: {', '.join(named) or 'none'}){hint}"


# -- state -------------------------------------------------------------------------------------------

def object_entries(state: dict, module: GameModule):
    """Yield (player, zone, index, entry, card name) for every card listed in a state."""
    for player in module.players:
        pdata = state.get(player) or {}
        if not isinstance(pdata, dict):
            continue
        for zone in module.zones:
            if zone in module.player_fields:
                continue
            listed = pdata.get(zone) or []
            if not isinstance(listed, list):
                continue
            for i, entry in enumerate(listed):
                name = entry.get("card") if isinstance(entry, dict) else entry
                yield player, zone, i, entry, name


def assign_labels(state: dict, module: GameModule) -> list[tuple[str, str, int, Any, str, str]]:
    """Label every listed card: its name if unique in the scenario, else "Name#k" in listing order
    (the first copy also answers to "Name#1")."""
    entries = list(object_entries(state, module))
    counts: dict[str, int] = {}
    entries = [e for e in entries if isinstance(e[-1], str)]  # the schema check reports the others
    for *_, name in entries:
        counts[name] = counts.get(name, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for player, zone, i, entry, name in entries:
        seen[name] = seen.get(name, 0) + 1
        label = name if counts[name] == 1 else f"{name}#{seen[name]}"
        if isinstance(entry, dict) and entry.get("label"):
            label = entry["label"]
        out.append((player, zone, i, entry, name, label))
    return out


def check_state(state: dict, module: GameModule, pool: CardPool, err: Err) -> dict[str, str]:
    """Check a scenario's ``state``; return label -> card name for every card it lists."""
    players = ", ".join(module.players)
    allowed = set(module.players) | set(module.state_vars) | {"dice"}
    for key in state:
        if key not in allowed:
            raise err(f"unknown state field {show(key)} (players: {players}; "
                      f"game fields: {', '.join(sorted(module.state_vars))}, dice)", "state", key)
    for key, default in module.state_vars.items():
        if key in state:
            _check_state_var(key, state[key], default, module, err)
    if "dice" in state:
        dice = state["dice"]
        if not isinstance(dice, list) or not all(is_int(d) for d in dice):
            raise err(f"'dice' must be a list of die results (numbers), e.g. [6, 2], not {show(dice)}",
                      "state", "dice")
    for player in module.players:
        pdata = state.get(player)
        if pdata is None:
            continue
        if not isinstance(pdata, dict):
            raise err(f"state.{player} must be a mapping of zones, e.g. {player}: {{hand: [Card]}}, "
                      f"not {show(pdata)}", "state", player)
        for key, value in pdata.items():
            _check_player_key(player, key, value, module, err)
    for player, zone, i, entry, name in object_entries(state, module):
        keys = ("state", player, zone, i)
        if isinstance(entry, dict):
            _check_object(entry, module, err, keys)
        elif not isinstance(entry, str):
            raise err(f"a card in a zone is a name or a mapping such as {{card: Name, damage: 1}}, "
                      f"not {show(entry)}", *keys)
        if not isinstance(name, str):
            raise err(f"a card entry needs 'card: NAME' (text), not {show(name)}", *keys)
        if name not in pool:
            listed = state[player][zone]
            raise err(unknown_card(name, pool, module.id, following=listed[i + 1:],
                                   preceding=listed[i - 1] if i else None), *keys)
    labels: dict[str, str] = {}
    entries = assign_labels(state, module)
    for *_, name, label in entries:
        labels[label] = name
    for label, name in list(labels.items()):
        if "#" not in label:
            labels.setdefault(label + "#1", name)
    for player, zone, i, entry, name, label in entries:
        host = entry.get("attached_to") if isinstance(entry, dict) else None
        if host is not None and host not in labels:
            raise err(unknown_label(host, labels, pool, " in attached_to"), "state", player, zone, i)
        if isinstance(entry, dict):
            _check_flag_cards(entry, player, zone, entries, module, pool, err, ("state", player, zone, i))
    return labels


def flag_card_label(value: str, zone_labels: list[str]) -> str | None:
    """The label among ``zone_labels`` a flag's card label names: the label itself, or "Name#1" for
    a card whose name is its label (a label the scenario also answers to)."""
    if value in zone_labels:
        return value
    if value.endswith("#1") and value[:-2] in zone_labels:
        return value[:-2]
    return None


def _check_flag_cards(entry: dict, player: str, zone: str, entries: list, module: GameModule, pool: CardPool,
                      err: Err, keys: tuple) -> None:
    """A flag given as a card's label (``object_flag_cards``, Warhammer's ``questing: "Quest#2"``)
    names a card of that type in the zone the card is placed in (its controller's side)."""
    side = entry.get("controller", player)
    for flag, (ctype, _key) in module.object_flag_cards.items():
        value = entry.get(flag)
        if not isinstance(value, str):
            continue
        there = [lb for p, z, _i, e, n, lb in entries
                 if z == zone and (e.get("controller", p) if isinstance(e, dict) else p) == side
                 and n in pool and pool.get(n).type == ctype]
        if flag_card_label(value, there) is None:
            known = f"{ctype}s there: {', '.join(there)}" if there else f"no {ctype} there"
            raise err(f"card field {flag!r} names {show(value)}, which is not a {ctype} in {side}'s {zone} "
                      f"zone ({known}); {flag}: true means the zone's {ctype}", *keys)


def _check_state_var(key: str, value: Any, default: Any, module: GameModule, err: Err) -> None:
    if key == "phase" and module.state_phases and value not in module.state_phases:
        near = difflib.get_close_matches(str(value), module.state_phases, n=1)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        raise err(f"unknown phase {show(value)} for {module.id}{hint}; state 'phase' is one of: "
                  f"{', '.join(module.state_phases)}", "state", key)
    if default in module.players:
        if value not in module.players:
            raise err(f"state {key!r} must be a player ({', '.join(module.players)}), not {show(value)}",
                      "state", key)
    elif isinstance(default, bool):
        if not isinstance(value, bool):
            raise err(f"state {key!r} must be true or false, not {show(value)}", "state", key)
    elif is_int(default):
        if not is_int(value):
            raise err(f"state {key!r} must be a whole number, not {show(value)}", "state", key)
    elif isinstance(default, str) and not isinstance(value, str):
        raise err(f"state {key!r} must be text, not {show(value)}", "state", key)


def _check_player_key(player: str, key: Any, value: Any, module: GameModule, err: Err) -> None:
    where = ("state", player, key)
    if key in module.player_fields:
        if not (is_int(value) or isinstance(value, dict) or value is None):
            raise err(f"{player}.{key} must be a number, not {show(value)}", *where)
        return
    if key == "counters":
        if not isinstance(value, dict) or not all(is_int(v) for v in value.values()):
            raise err(f"{player}.counters must map counter name -> number, e.g. {{vp: 2}}, not {show(value)}",
                      *where)
        return
    if key not in module.zones:
        fields = f"; player fields: {', '.join(module.player_fields)}" if module.player_fields else ""
        raise err(f"unknown zone {show(key)} for {module.id} (zones: {', '.join(module.zones)}{fields})", *where)
    if value is not None and not isinstance(value, list):
        raise err(f"zone {player}.{key} must be a list of cards, e.g. {key}: [Card One, Card Two], "
                  f"not {show(value)}", *where)


def _check_object(entry: dict, module: GameModule, err: Err, keys: tuple) -> None:
    known = OBJ_KEYS | set(module.object_flags)
    bad = [k for k in entry if k not in known]
    if bad:
        raise err(f"unknown card field(s) {', '.join(map(show, bad))} (known: {', '.join(sorted(known))})", *keys)
    checks: dict[str, tuple[Callable[[Any], bool], str]] = {
        "card": (lambda v: isinstance(v, str), "the card's name (text)"),
        "damage": (lambda v: is_int(v) and v >= 0, "a whole number of damage (0 or more)"),
        "exhausted": (lambda v: isinstance(v, bool), "true or false"),
        "counters": (lambda v: isinstance(v, dict) and all(isinstance(k, str) and is_int(n) for k, n in v.items()),
                     "a mapping of counter name -> number, e.g. {resource: 2}"),
        "flags": (lambda v: isinstance(v, list) and all(isinstance(f, str) for f in v), "a list of flag names"),
        "attached_to": (lambda v: isinstance(v, str), "the label of the card it is attached to"),
        "controller": (lambda v: v in module.players, f"a player ({', '.join(module.players)})"),
        "entered": (lambda v: is_int(v), "a whole number (the order cards entered play)"),
        "label": (lambda v: isinstance(v, str), "text"),
    }
    for flag in module.object_flags:
        if flag in module.object_flag_cards:  # the card named is checked with the labels (check_state)
            checks.setdefault(flag, (lambda v: isinstance(v, (bool, str)),
                                     f"true, false or the label of a {module.object_flag_cards[flag][0]} in its zone"))
        checks.setdefault(flag, (lambda v: isinstance(v, bool), "true or false"))
    for key, value in entry.items():
        ok, what = checks[key]
        if value is not None and not ok(value):
            raise err(f"card field {key!r} must be {what}, not {show(value)}", *keys)


# -- actions -----------------------------------------------------------------------------------------

def action_verb(act: dict, module: GameModule) -> str | None:
    verbs = [k for k in act if k in CORE_ACTIONS or k in module.actions]
    non_choice = [v for v in verbs if v != "choose"]
    if non_choice:
        return non_choice[0]
    return verbs[0] if verbs else None


def check_actions(actions: list, module: GameModule, labels: dict, pool: CardPool, err: Err) -> None:
    players = ", ".join(module.players)
    for i, act in enumerate(actions):
        at = ("actions", i)
        if not isinstance(act, dict):
            raise err(f"each action must be a mapping such as {{player: {module.players[0]}, play: Card}}, "
                      f"not {show(act)}", *at)
        verb = action_verb(act, module)
        fields = ACTION_KEYS | CORE_ACTIONS | set(module.actions) | set(module.action_fields)
        extra = [k for k in act if k not in fields]
        if verb is None and not extra:
            raise err(f"action {_no_verb(module)}", *at)
        if extra:
            raise err(_unknown_fields_message(act, verb, extra, fields, labels, pool, module), *at)
        if "player" in act and act["player"] not in module.players:
            raise err(f"unknown player {show(act['player'])} (players: {players})", *at)
        if (verb in ("play", "use", "effect", "choose") or "choose" in act) and "player" not in act:
            # scripted choices are a player's: without one they would be dropped unseen
            raise err(f"action {verb!r} needs 'player' ({players})"
                      + (" to say whose choices 'choose' scripts" if verb != "choose" and "choose" in act else ""), *at)
        if verb in ("play", "use") and (not isinstance(act[verb], str) or act[verb] not in labels):
            raise err(unknown_label(act[verb], labels, pool, f" to {verb}"), *at)
        if verb == "pass" and act["pass"] != "all" and act["pass"] not in module.players:
            raise err(f"'pass' is 'all' or a player ({players}), not {show(act['pass'])}", *at)
        values = module.action_values.get(verb)
        if values is not None and act[verb] not in values:
            raise err(f"{verb!r} takes {' | '.join(values)}, not {show(act[verb])} "
                      f"(e.g. {{{verb}: {values[0]}}})", *at)
        if verb == "effect":
            _check_effect(act["effect"], err, at, module)
        _check_action_fields(act, labels, pool, err, at, module.players)
        for field, form in module.action_forms.get(verb, {}).items():
            if field in act:
                check_form(field, act[field], form, labels, pool, err, at)


#: the forms a game's action field may be declared to have (GameModule.action_forms)
FORMS = ("cards", "card", "amounts")


def _example_names(value: Any, labels: dict) -> list[str]:
    """The card names a worked example uses: those the mistaken value gives, else a card of the scenario."""
    if isinstance(value, str):
        return [value]
    names = [v for v in (value if isinstance(value, (list, dict)) else ()) if isinstance(v, str)]
    return names or [next((lb for lb in labels if "#" not in lb and " " not in lb), "Card")]


def check_form(field: str, value: Any, form: Any, labels: dict, pool: CardPool, err: Err, at: tuple) -> None:
    """A game's action field has the form the game declares (GameModule.action_forms): a list of cards,
    one card, or card -> amount (plus the words a tuple form names). Null: the field is left out."""
    kind, *words = form if isinstance(form, tuple) else (form,)
    if value is None:
        return
    if kind == "cards":
        if not isinstance(value, list):
            example = ", ".join(map(show, _example_names(value, labels)))
            raise err(f"{field!r} must be a list of cards, e.g. {field}: [{example}], not {show(value)}", *at)
        for j, name in enumerate(value):
            if not isinstance(name, str) or name not in labels:
                raise err(unknown_label(name, labels, pool, f" in {field}", following=value[j + 1:]), *at)
    elif kind == "card":
        if not isinstance(value, str) or value not in labels:
            raise err(unknown_label(value, labels, pool, f" in {field}"), *at)
    elif kind == "amounts":
        also = f" (or {' or '.join(words)})" if words else ""
        if not isinstance(value, dict):
            example = ", ".join(f"{show(n)}: {k + 1}" for k, n in enumerate(_example_names(value, labels)[:2]))
            raise err(f"{field!r} must be a mapping of card{also} -> amount, e.g. {field}: {{{example}}}, "
                      f"not {show(value)}", *at)
        for name, amount in value.items():
            if name not in words and (not isinstance(name, str) or name not in labels):
                near = difflib.get_close_matches(name, words, n=1) if isinstance(name, str) and words else []
                if near:
                    raise err(f"unknown key {name!r} in {field} (a card{also}); did you mean {near[0]!r}?", *at)
                raise err(unknown_label(name, labels, pool, f" in {field}"), *at)
            if not (is_int(amount) and amount >= 0):
                raise err(f"in {field}, the amount for {name} must be a whole number (0 or more), "
                          f"e.g. {field}: {{{show(name)}: 2}}, not {show(amount)}", *at)
    else:
        raise ValueError(f"action form {form!r} is none of {', '.join(FORMS)}")  # a game's declaration


def _unknown_fields_message(act: dict, verb: str | None, extra: list, fields: set, labels: dict,
                            pool: CardPool, module: GameModule) -> str:
    """Why an action has fields nothing reads: a card name with a comma split by an unquoted YAML flow
    mapping, else a misspelt field or verb (``plya: X``: the action then has no verb either, and saying
    only that hid the typo) with the closest known one."""
    split = _split_hint(act, extra, labels, pool)
    if split:
        return f"unknown action field(s) {', '.join(map(show, extra))}{split}"
    named = [k for k in extra if isinstance(k, str)]
    near = difflib.get_close_matches(named[0], sorted(fields), n=1, cutoff=0.6) if named else []
    if near:
        return f"unknown field {named[0]!r} -- did you mean {near[0]!r}?"
    if verb is None:
        return f"unknown action field(s) {', '.join(map(show, extra))}, and the action {_no_verb(module)}"
    return f"unknown action field(s) {', '.join(map(show, extra))}"


def _no_verb(module: GameModule) -> str:
    known = sorted(CORE_ACTIONS | set(module.actions))
    return f"has no verb (known: {', '.join(known)}; see `judge cards --game {module.id}`)"


def _split_hint(act: dict, extra: list, labels: dict, pool: CardPool) -> str:
    """``{play: Venadek, Scruffy Scrapper}`` (or ``{exhaust: Dante Vale, Private Investigator}``: any
    field, not the verb only) reads as a field with the name's first part plus a field named by the
    rest, with no value: join them back and say how to quote the name."""
    keys = list(act)
    for i, key in enumerate(keys[1:], 1):
        before = act[keys[i - 1]]
        if key not in extra or act[key] is not None or not isinstance(before, str):
            continue
        parts = [before, str(key)]
        for more in keys[i + 1:]:  # "A, B, C": each further part is a field with no value too
            if more not in extra or act[more] is not None or ", ".join(parts) in labels:
                break
            parts.append(str(more))
        joined = ", ".join(parts)
        if joined in labels or joined in pool:
            return (f"; card names with a comma must be quoted in a YAML flow mapping: "
                    f'write {{{keys[i - 1]}: "{joined}"}}')
    return ""


def _check_action_fields(act: dict, labels: dict, pool: CardPool, err: Err, at: tuple,
                         players: tuple = ()) -> None:
    targets = act.get("targets")
    if targets is not None:
        if not isinstance(targets, list):
            raise err(f"'targets' must be a list, e.g. targets: [{show(targets)}]", *at)
        for j, t in enumerate(targets):  # a card's label, or a player ('target player')
            if not isinstance(t, str) or t not in labels and t not in players:
                raise err(unknown_label(t, labels, pool, " in targets", following=targets[j + 1:]), *at)
    if "x" in act and not (is_int(act["x"]) and act["x"] >= 0):
        raise err(f"'x' must be a whole number (0 or more), not {show(act['x'])}", *at)
    if "amount" in act and not is_int(act["amount"]):
        raise err(f"'amount' must be a whole number, not {show(act['amount'])}", *at)
    if "try" in act and not isinstance(act["try"], bool):
        raise err(f"'try' must be true or false, not {show(act['try'])}", *at)
    if "ability" in act and not (is_int(act["ability"]) or isinstance(act["ability"], str)):
        raise err(f"'ability' is the ability's name or number, not {show(act['ability'])}", *at)
    for key in ("zone", "from", "to", "exhaust", "note"):
        if key in act and not isinstance(act[key], str):
            raise err(f"{key!r} must be text (a zone or card name), not {show(act[key])}", *at)


def _check_effect(effect: Any, err: Err, at: tuple, module: GameModule) -> None:
    from judge.engine.expr import ExprError, parse

    steps = effect if isinstance(effect, list) else [effect]
    for step in steps:
        if not isinstance(step, dict):
            raise err(f"'effect' is a list of steps such as {{destroy: Card}}, not {show(step)}", *at)
    verbs = step_verbs(module)  # a misspelt verb was found only as the replay reached it (exit 1, not 2)
    for step in [*steps, *(s for st in steps for s in _steps_in(st))] if verbs else []:
        if step and not any(k in verbs for k in step):
            raise err(f"in 'effect': unknown step {show(next(iter(step)))} (steps: {', '.join(sorted(verbs))}; "
                      f"`judge cards --game {module.id}` lists them)", *at)
    for text in _filters(steps):
        try:
            parse(text)
        except ExprError as e:
            raise err(f"in 'effect': {e}", *at) from None
    for node, value in durations_in(steps):
        if value not in module.all_durations:
            raise err(f"in 'effect': duration {value!r} never ends in {module.id} (durations: "
                      f"{', '.join(module.all_durations)})", *at)


def durations_in(node: Any):
    """(dict, value) for every ``duration:`` inside steps or abilities: the period a created effect lasts."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "duration" and isinstance(v, str):
                yield node, v
            else:
                yield from durations_in(v)
    elif isinstance(node, list):
        for v in node:
            yield from durations_in(v)


_FILTER_KEYS = {"filter", "condition", "if", "applies_to", "while", "each", "to_filter", "amount"}


def effect_expressions(node: Any):
    """The expressions inside scripted steps: filters, conditions, amounts (card names elsewhere are
    references, not expressions)."""
    return _filters(node)


def _filters(node: Any):
    """The filter expressions inside scripted steps (card names elsewhere are references, not expressions)."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k in _FILTER_KEYS and isinstance(v, str):
                yield v
            else:
                yield from _filters(v)
    elif isinstance(node, list):
        for v in node:
            yield from _filters(v)


# -- a scenario's own cards: their effect steps ------------------------------------------------------

# keys under which an ability holds more steps (if/do, may, or options, then, each_player ...)
_STEP_LISTS = ("steps", "cost", "instead", "then", "do", "may", "each_player", "else")


def step_verbs(module: GameModule) -> set[str] | None:
    """Step verbs the engine and this game understand (None when they cannot be listed: then
    steps are checked only when the card's ability runs)."""
    try:
        import judge.engine.engine  # noqa: F401 - importing the engine registers the core verbs
        from judge.engine.steps import verb_tables
    except ImportError:
        return None
    verbs, _can = verb_tables(module)
    return (set(verbs) | {"then"}) if verbs else None


def card_abilities(card: dict) -> list:
    """A scenario's own card's abilities as written: the printed ones, then its errata's."""
    abilities = list(card.get("abilities") or [])
    errata = card.get("errata")
    if isinstance(errata, dict):
        abilities += list(errata.get("abilities") or [])
    return abilities


def check_card_steps(cards: list, module: GameModule, err_at: Callable[[str, Any], Exception]) -> None:
    """Every step of a scenario's own cards names a verb the game knows (else the mistake would
    surface only if, and when, that ability resolves)."""
    verbs = step_verbs(module)
    if verbs is None:
        return
    for card in cards:
        for ab in card_abilities(card):
            for node, value in durations_in(ab):
                if value not in module.all_durations:
                    raise err_at(f"card {card['name']!r}: duration {value!r} never ends in {module.id} "
                                 f"(durations: {', '.join(module.all_durations)})", node)
            for step in _steps_in(ab):
                if "proceed" not in step and not any(k in verbs for k in step):  # proceed: a replacement's 'instead'
                    raise err_at(f"card {card['name']!r}: unknown step {show(next(iter(step), None))} "
                                 f"(steps: {', '.join(sorted(verbs))})", step)
            for power in given_powers_in(ab):
                # a given always-on power was accepted and did nothing (blind round 51, Star Wars): only a game
                # whose rules carry it out (Huntik 711.2d: GameModule.given_always_on) takes one
                if isinstance(power, dict) and power.get("kind") == "continuous" and not module.given_always_on:
                    raise err_at(f"card {card['name']!r}: {module.id} does not carry out an always-on power given to "
                                 f"a card (grant_powers of kind continuous); write it as the giver's own always-on "
                                 f"ability reaching that card (applies_to)", power)


def _steps_in(node: Any):
    if isinstance(node, dict):
        for key, value in node.items():
            if key in _STEP_LISTS and isinstance(value, list):
                for step in value:
                    if isinstance(step, dict) and step:
                        yield step
                        yield from _steps_in(step)
            elif key == "or" and isinstance(value, list):
                for option in value:
                    yield from _steps_in(option)
