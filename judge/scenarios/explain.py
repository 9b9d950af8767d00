"""`judge replay --explain` in game terms: what each scripted step did, which rules applied (with
their short text from the corpus), and the board at the end.

Presentation only: it reads the engine's trace, events and final state after the replay and never
changes them. Event kinds without a sentence of their own are still shown, with their fields in
plain words (no dict or list reprs, no engine-internal names such as "ability 1").
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from judge.engine.state import refused_by_phrase
from judge.scenarios.replay import Outcome

# zone names that read better spelled out; other zones keep their name ("zone1" -> "zone 1")
ZONE_WORDS = {"discard": "discard pile", "deck": "deck", "hand": "hand", "stack": "chain"}
# an event's cause, as the past participle a sentence needs
CAUSE_WORDS = {"play": "played", "resolved": "after resolving", "destroy": "destroyed", "ko": "knocked out",
               "sacrifice": "sacrificed", "draw": "drawn", "discard": "discarded", "return": "returned",
               "return_to_hand": "returned to hand", "move": "moved", "eliminate": "eliminated",
               "lethal_damage": "lethal damage", "cancelled": "cancelled",
               # verbs whose past form is not verb + "-ed", and causes that are no verb
               "put": "put", "upkeep": "in the upkeep", "ongoing": "by an ongoing effect"}
CANCEL_REASONS = {"illegal_target": "its target is no longer legal", "cost_unpaid": "its cost was not paid",
                  "condition_failed": "its condition is no longer met",
                  "cancelled": "it was cancelled", "no_legal_target": "it has no legal target",
                  "source_left_play": "its source has left play"}
# an event kind as the noun a sentence needs ("X replaces the move of Y")
EVENT_WORDS = {"zone_change": "the move", "damage_applied": "the damage", "damage_assigned": "the damage",
               "exhausted": "the exhausting", "control_changed": "the change of control"}
# events that repeat what the event before them said (a zone change already says a card left play)
_ECHOES = {"leaves_play": "zone_change", "enters_play": "zone_change", "card_played": "played"}


def zone_words(where: Any) -> str:
    """"A.discard" -> "A's discard pile"; "zone1" -> "zone 1"."""
    if not isinstance(where, str):
        return words(where)
    side, dot, zone = where.partition(".")
    if not dot:
        side, zone = "", where
    name = ZONE_WORDS.get(zone) or re.sub(r"(?<=[a-z])(?=\d)", " ", zone).replace("_", " ")
    if zone == "stack":
        return "the chain"
    return f"{side}'s {name}" if side else name


def cause_words(cause: Any) -> str:
    if not isinstance(cause, str):
        return words(cause)
    if cause in CAUSE_WORDS:
        return CAUSE_WORDS[cause]
    text = cause.replace("_", " ")
    if " " in text:  # a phrase ("pilot moves with unit") reads as it is; one verb takes "-ed"
        return text
    return text if text.endswith("ed") else text + ("d" if text.endswith("e") else "ed")


def words(value: Any) -> str:
    """Any event field in plain words: lists joined with "and", mappings as "key value"."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple, set)):
        items = [words(v) for v in value]
        if not items:
            return "none"
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
    if isinstance(value, dict):
        return ", ".join(f"{words(k)} {words(v)}" for k, v in value.items())
    if value is None:
        return "none"
    return _strip_filters(str(value))


def _strip_filters(text: str) -> str:
    """Engine reasons sometimes end with the filter expression they checked, e.g. "is not a legal
    target (it.type == 'unit')", quote a cost or a choice as data ("{'pay': 2}") or name an
    ability by its number: a player reads the sentence, not the expression or the data."""
    text = re.sub(r"\s*\((?=[^)]*(?:\bit\.|\(it\b|\bthis\)|==|!=|<=|>=|\w+_\w*\())[^()]*(?:\([^()]*\)[^()]*)*\)",
                  "", text)
    for _ in range(3):  # innermost braces first
        text = re.sub(r"\{([^{}]*)\}", lambda m: _cost_words(m.group(1)), text)
    text = re.sub(r"\[((?:'[^']*'(?:, )?)+)\]", lambda m: words(re.findall(r"'([^']*)'", m.group(1))), text)
    text = re.sub(r"'s ability \d+\b", "'s ability", text)
    return re.sub(r"\b[a-z]+(?:_[a-z]+)+\b", lambda m: m.group(0).replace("_", " "), text)


def _cost_words(inner: str) -> str:
    """"'pay': 2, 'exhaust': 'this'" -> "2 resources, exhaust this"."""
    parts = []
    for key, value in re.findall(r"'([^']+)':\s*('[^']*'|[^,']+(?:, (?!')[^,']+)*)", inner):
        value = value.strip().strip("'")
        parts.append(plural(value, "resource") if key == "pay" else f"{key.replace('_', ' ')} {value}")
    return ", ".join(parts) if parts else inner


def plural(n: Any, noun: str) -> str:
    return f"{n} {noun}" + ("" if str(n) == "1" else "s")


def _refused_by(ev: dict) -> str:
    """The rule that refused a rejected action or choice, when the engine names one."""
    return refused_by_phrase(ev.get("rejected_by") or [], ev.get("refused_by_text"))


def _ability(ev: dict) -> str:
    name = ev.get("ability")
    if not isinstance(name, str) or re.fullmatch(r"ability \d+", name):
        return ""
    return f" ({name})"


def _targets(ev: dict) -> str:
    targets = ev.get("targets")
    return f", targeting {words(targets)}" if targets else ""


def _amount_paid(ev: dict) -> str:
    parts = [plural(v, "resource") if k == "amount" else f"{v} {k}"
             for k, v in ev.items() if k not in ("event", "player") and v]
    return words(parts) if parts else "nothing"


def _lasting(duration: Any) -> str:
    """How long an effect a card created lasts, in words: the turn-relative periods (durations.py) say whose
    next turn; a game's own period is 'until the end of the <period>'."""
    if not duration:
        return "a lasting effect"
    if duration == "next_turn":
        return "an effect lasting until its controller's next turn"
    if duration == "end_of_next_turn":
        return "an effect lasting until the end of its controller's next turn"
    return f"an effect lasting until the end of the {words(duration)}"


def describe_event(ev: dict) -> str:
    """One event as a sentence in game terms."""
    kind = ev.get("event", "")
    g = ev.get
    simple = {
        "zone_change": lambda: (f"{g('card')} goes on the chain" if g("to", "").endswith(".stack") else
                                f"{g('card')} moves from {zone_words(g('from'))} to {zone_words(g('to'))}"
                                + (f" ({cause_words(g('cause'))})" if g("cause") else "")),
        "passed": lambda: f"{g('player')} passes",
        "played": lambda: f"{g('player')} plays {g('card')}{_ability(ev)}{_targets(ev)}",
        "used": lambda: f"{g('player')} uses {g('card')}{_ability(ev)}{_targets(ev)}",
        "card_played": lambda: f"{g('card')} is played",
        "paid": lambda: f"{g('player')} pays {_amount_paid(ev)}",
        "resolving": lambda: f"{g('source')}{_ability(ev)} resolves" + (f" with X = {g('x')}" if "x" in ev else ""),
        "resolved": lambda: f"{g('source')}{_ability(ev)} has resolved",
        "triggered": lambda: f"{g('source')}{_ability(ev)} triggers",
        "trigger_condition_unmet": lambda: f"{g('source')}{_ability(ev)} does not trigger: its condition is false",
        "trigger_on_chain": lambda: f"{g('source')}{_ability(ev)} goes on the chain{_targets(ev)}",
        "damage_assigned": lambda: f"{g('amount')} damage is assigned to {g('card')}"
                                   + (f" by {g('source')}" if g("source") else ""),
        "damage_dealt": lambda: (f"{g('source') or 'an effect'} deals {g('amount')} "
                                 f"{'combat ' if g('combat') else ''}damage to {g('card')}"),
        "leaves_play": lambda: f"{g('card')} leaves play" + (f" ({cause_words(g('cause'))})" if g("cause") else ""),
        "enters_play": lambda: f"{g('card')} enters play in {zone_words(g('zone'))}",
        "enters_with_damage": lambda: (f"{g('card')} enters play with {plural(g('amount'), 'damage token')} on it "
                                       f"(placed, not dealt)"),
        "effect_cancelled": lambda: (f"{g('source')}'s effect is cancelled: "
                                     f"{CANCEL_REASONS.get(g('reason'), words(g('reason')))}"),
        "target_illegal": lambda: (f"the target of {g('source')} is no longer legal: it has left play"
                                   if str(g("target")).startswith("(") else
                                   f"{g('target')} is no longer a legal target of {g('source')}"),
        "action_rejected": lambda: (f"the rules refuse {g('player')}'s action" if g("player") is not None
                                    else "the rules refuse the action")  # a game action no player takes ({start: round})
                                   + f": {words(g('reason'))}{_refused_by(ev)}",
        "choice_rejected": lambda: (f"the rules refuse {g('player')}'s choice {words(g('choice'))}: "
                                    f"{words(g('reason'))}{_refused_by(ev)}"),
        "exhausted": lambda: f"{g('card')} is exhausted",
        "readied": lambda: f"{g('card')} readies",
        "counter_added": lambda: f"{plural(g('amount'), words(g('kind')) + ' counter')} put on {g('card')}",
        "counter_removed": lambda: f"{plural(g('amount'), words(g('kind')) + ' counter')} removed from {g('card')}",
        "control_changed": lambda: f"{g('to')} takes control of {g('card')} from {g('from')}",
        "modifier_created": lambda: f"{g('source')} creates {_lasting(g('duration'))}",
        "effect_created": lambda: (f"{g('source')} creates an effect on a card entering play"
                                   if g("kind") == "enters" else f"{g('source')} creates a {words(g('kind'))} effect"),
        "replaced": lambda: f"{g('by')} replaces {EVENT_WORDS.get(g('what'), words(g('what')).replace('_', ' '))} "
                            f"of {g('card')}",
        "player_counter": lambda: f"{g('player')} gets {g('amount')} {words(g('counter'))}",
        "die_rolled": lambda: f"a die is rolled: {g('value')}",
        "corrupted": lambda: f"{g('card')} is corrupted",
        "turn_begins": lambda: (f"{g('player')}'s turn begins" if g("player") is not None
                                else f"turn {g('turn')} begins"),  # a game that logs only the turn's number
        "phase_begins": lambda: f"{g('player')}'s {words(g('phase'))} phase begins",
        "then_skipped": lambda: "the \"then\" part is skipped: the part before it did not happen",
        "attached": lambda: f"{g('card')} is attached to {g('to')}",
        "cards_drawn": lambda: f"{g('player')} draws {plural(g('count'), 'card')}",
        "declared_attacker": lambda: f"{g('player')} declares {g('card')} as an attacker",
        "declared_defender": lambda: f"{g('player')} declares {g('card')} as a defender",
    }
    if kind in simple:
        try:
            return simple[kind]()
        except (TypeError, AttributeError, KeyError):
            pass  # an event of that kind with other fields: the generic form below
    fields = [f"{k.replace('_', ' ')} {zone_words(v) if k in ('from', 'to', 'zone') else words(v)}"
              for k, v in ev.items() if k != "event" and not (k == "ability" and not _ability(ev))]
    return kind.replace("_", " ") + (": " + ", ".join(fields) if fields else "")


def describe_events(events: list[dict], action: Any = None) -> list[str]:
    """Sentences for a step's events, leaving out those that only echo the event before them or
    the step's own action ("A plays X" under the step "A plays X")."""
    out, prev = [], None
    action = action if isinstance(action, dict) else {}
    for ev in events:
        kind = ev.get("event")
        echo = _ECHOES.get(kind)
        repeats = echo and prev and prev.get("event") == echo and prev.get("card") == ev.get("card")
        restates = (kind in ("played", "used") and not ev.get("by_effect")
                    and action.get(kind[:-2] if kind == "played" else "use") == ev.get("card")
                    and _ability(ev) == "")
        if not (repeats or restates):
            out.append(describe_event(ev))
        prev = ev
    return out


def describe_action(act: Any, verbs: set[str]) -> str:
    """A scripted action in game terms ("A uses Deathmaster Sniktch, targeting Dark Zealot")."""
    if not isinstance(act, dict):
        return words(act)
    who = act.get("player")
    rest = []
    if act.get("targets"):
        rest.append(f"targeting {words(act['targets'])}")
    if "x" in act:
        rest.append(f"X = {act['x']}")
    if act.get("choose") is not None:
        rest.append(f"choosing {words(act['choose'])}")
    if act.get("zone") and "play" in act:
        rest.append(f"into {zone_words(act['zone'])}")
    if act.get("try"):
        rest.append("if the rules allow it")
    tail = (", " + ", ".join(rest)) if rest else ""
    if "play" in act:
        return f"{who} plays {act['play']}{tail}"
    if "use" in act:
        ability = f" ({act['ability']})" if isinstance(act.get("ability"), str) else (
            f" (ability {act['ability']})" if "ability" in act else "")
        return f"{who} uses {act['use']}{ability}{tail}"
    if "pass" in act:
        return "all players pass" if act["pass"] == "all" else f"{act['pass']} passes"
    if "effect" in act:
        steps = act["effect"] if isinstance(act["effect"], list) else [act["effect"]]
        return f"{who}: scripted effect: {'; '.join(_step_words(s) for s in steps)}"
    verb = next((k for k in act if k in verbs), None)
    if verb is None:
        return f"{who} chooses {words(act.get('choose'))}" if "choose" in act else words(act)
    extra = [f"{k.replace('_', ' ')} {words(v)}" for k, v in act.items()
             if k not in ("player", verb, "targets", "x", "choose", "try", "note", "zone")]
    value = act[verb]
    what = "" if value is True else f" {zone_words(value) if verb in ('attack',) else words(value)}"
    return (f"{who}: " if who else "") + f"{verb.replace('_', ' ')}{what}" + \
        (", " + ", ".join(extra) if extra else "") + tail


def _step_words(step: Any) -> str:
    if not isinstance(step, dict) or not step:
        return words(step)
    (verb, value), *more = step.items()
    if isinstance(value, dict) and isinstance(value.get("all"), str):
        value = f"every card {filter_words(value['all'])}"
    text = f"{verb.replace('_', ' ')} {words(value)}"
    return text + "".join(f", {k.replace('_', ' ')} {words(v)}" for k, v in more)


_COMPARE_WORDS = {"==": "", "!=": "not ", ">=": "at least ", "<=": "at most ", ">": "more than ", "<": "less than "}


def filter_words(text: str) -> str:
    """A card filter in words, for the simple forms scenarios use ("it.controller == 'A' and
    it.zone == 'zone4'" -> "controlled by A, in zone 4"); others: "matching a filter"."""
    from judge.engine.expr import ExprError, parse

    try:
        node = parse(text)
    except ExprError:
        return "matching a filter"
    parts = _conjuncts(node)
    said = [_condition_words(n) for n in parts]
    return ", ".join(said) if all(said) else "matching a filter"


def _conjuncts(node) -> list:
    return _conjuncts(node.args[0]) + _conjuncts(node.args[1]) if node.op == "and" else [node]


def _condition_words(node) -> str | None:
    if node.op in _COMPARE_WORDS and len(node.args) == 2:
        left, right = node.args
        if left.op == "attr" and left.args[0].op == "name" and left.args[0].value == "it" and right.op == "const":
            attr, value, how = left.value, right.value, _COMPARE_WORDS[node.op]
            if attr == "controller" and node.op in ("==", "!="):
                return f"{how}controlled by {value}"
            if attr == "zone" and node.op in ("==", "!="):
                return f"{how}in {zone_words(str(value))}"
            return f"with {attr.replace('_', ' ')} {how}{words(value)}"
    if node.op == "in" and node.args[0].op == "const" and node.args[1].op == "attr":
        return f"with {node.args[1].value.replace('_', ' ')} {node.args[0].value}"
    return None


def board_data(out: Outcome) -> dict:
    """The final board as data: player -> {fields, zones: {zone: [card state]}} (non-empty zones)."""
    eng = out.engine
    if eng is None:
        return {}
    st = eng.state
    board = {}
    for player in st.players:
        fields = {k: v for k, v in (st.player_data.get(player) or {}).items()
                  if isinstance(v, (int, float)) and not isinstance(v, bool)}
        zones = {}
        for key, oids in st.zones.items():
            side, _, zone = key.partition(".")
            if side != player or not oids:
                continue
            zones[zone] = [_card_data(st, st.objects[o]) for o in oids if o in st.objects]
        board[player] = {"fields": fields, "zones": zones}
    return board


def _card_data(st, obj) -> dict:
    host = st.objects.get(obj.attached_to) if obj.attached_to else None
    return {"card": obj.label, "damage": obj.damage, "exhausted": obj.exhausted, "counters": dict(obj.counters),
            "flags": sorted(str(f) for f in obj.flags), "controller": obj.controller, "owner": obj.owner,
            "attached_to": host.label if host is not None else None}


def final_board(out: Outcome) -> list[str]:
    """Each player's zones at the end, every card with its state."""
    eng = out.engine
    if eng is None:
        return []
    st = eng.state
    lines = []
    for player in st.players:
        # a zero is shown only for a number the scenario set for the player (endurance paid down to 0);
        # the zeros every player starts with would crowd a phone's screen
        given = (out.fixture.state or {}).get(player) or {}
        data = {k: v for k, v in (st.player_data.get(player) or {}).items()
                if isinstance(v, (int, float)) and not isinstance(v, bool) and (v or k in given)}
        head = f"{player}" + (f" ({', '.join(f'{k.replace(chr(95), chr(32))}: {v}' for k, v in data.items())})"
                              if data else "") + ":"
        lines.append(head)
        zones = [z for z in eng.game.zones] + sorted(
            {k.split(".", 1)[1] for k in st.zones if k.startswith(player + ".")} - set(eng.game.zones))
        for zone in zones:
            oids = st.zones.get(f"{player}.{zone}") or []
            if not oids:
                continue
            cards = [_card_state(st, st.objects[o], player) for o in oids if o in st.objects]
            lines.append(f"  {zone_words(zone)}: {'; '.join(cards)}")
    return lines


def _card_state(st, obj, side: str) -> str:
    bits = []
    if obj.damage:
        bits.append(f"{obj.damage} damage")
    if obj.exhausted:
        bits.append("exhausted")
    bits += [f"{n} {k} counter{'s' if n != 1 else ''}" for k, n in obj.counters.items() if n]
    bits += sorted(str(f) for f in obj.flags)
    if obj.controller != side:
        bits.append(f"controlled by {obj.controller}")
    if obj.owner != side:
        bits.append(f"owned by {obj.owner}")
    host = st.objects.get(obj.attached_to) if obj.attached_to else None
    if host is not None:
        bits.append(f"attached to {host.label}")
    return obj.label + (f" ({', '.join(bits)})" if bits else "")


_TEXTS_FORMAT = 4  # bump when short_text changes: the cached texts are rebuilt


def rule_texts(corpus: Path | None = None) -> dict[str, str]:
    """Entry id -> a short text (title, and the first sentence of the text or answer), built from
    the corpus graph once per corpus and cached; empty when no graph can be built."""
    from judge.cache import corpus_cached_json

    def problem(data: Any) -> str | None:
        texts = data.get("texts") if isinstance(data, dict) else None
        if not isinstance(texts, dict) or not all(isinstance(v, str) for v in texts.values()):
            return "not a map of entry ids to texts"
        return None

    def build() -> dict:
        from judge.graph import load_graph

        g = load_graph(str(corpus) if corpus else None, with_verdicts=False)
        return {"texts": {str(n): short_text(d) for n, d in g.nodes(data=True)}}

    try:
        return corpus_cached_json(f"rule-texts{_TEXTS_FORMAT}", corpus, build, problem, prune_glob="rule-texts*-*.json")["texts"]
    except Exception:  # noqa: BLE001 - rule ids alone are still an explanation
        return {}


def short_text(node: dict, limit: int = 110) -> str:
    title = (node.get("title") or "").strip()
    text = str(node.get("answer") or node.get("text") or "").strip()
    if title.startswith("Example ("):
        title = ""
    if "A:" in text and (node.get("kind") == "faq" or text.startswith("Q:")):
        text = text.split("A:", 1)[1].strip()
    first = re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0] if text else ""
    if first.count('"') % 2 or first.count("“") != first.count("”"):  # cut inside a quotation
        first = text
    sep = " " if title.endswith("?") else ": "  # a question, then its answer
    short = f"{title}{sep}{first}" if title and first and first.lower() not in title.lower() else (title or first)
    short = " ".join(short.split())
    return short if len(short) <= limit else short[: limit - 3].rstrip() + "..."
