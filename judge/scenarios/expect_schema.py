"""The schema of expectations (a scenario's `expect:` and the `check:` steps of its script): what each
may say and the shape of each field, checked as the scenario loads (judge/scenarios/schema.py checks the
rest of the file). An expectation that would hold or fail whatever the engine does -- a misspelt key, a
card named with nothing to check about it -- is refused with what to write instead."""
from __future__ import annotations

from judge.engine.cards import CardPool
from judge.engine.game import GameModule
from judge.scenarios.schema import (EXPECT_KINDS, REJECTION_EVENTS, ZONE_EXPECT_KEYS, Err, expect_subject, is_int,
                                    show, unknown_label)
from judge.scenarios.vocabulary import (unknown_card_key, unknown_kind, unknown_player_attr, unknown_state_var,
                                        unknown_zone)


def check_expect(expect: list, module: GameModule, labels: dict, pool: CardPool, err: Err,
                 state: dict | None = None, actions: list | None = None, where: tuple = ("expect",)) -> None:
    zones = set(module.zones) | {"stack"}
    for i, exp in enumerate(expect):
        at = (*where, i)
        if not isinstance(exp, dict):
            raise err(f"each expectation must be a mapping such as {{card: Name, zone: discard}}, not {show(exp)}",
                      *at)
        subject = expect_subject(exp)
        if subject is None:
            raise err(f"an expectation needs one of {', '.join(EXPECT_KINDS)}", *at)
        if len([k for k in ("event", "no_event", "order", "rules_applied") if k in exp]) > 1:
            raise err("an expectation has more than one of event, no_event, order, rules_applied", *at)
        if subject in ("event", "no_event"):
            if not isinstance(exp[subject], str):
                raise err(f"{subject!r} must be an event type (text), not {show(exp[subject])}", *at)
            why = unknown_kind(exp[subject], module)
            if why:  # no_event would hold whatever the engine does; event could never hold
                raise err(f"{subject}: {why}", *at)
            if "count" in exp and not (is_int(exp["count"]) and exp["count"] >= 0):
                raise err(f"'count' must be a whole number, not {show(exp['count'])}", *at)
            if "rejected_by" in exp:
                if exp.get("event") not in REJECTION_EVENTS:
                    raise err(f"'rejected_by' belongs to an expected rejection "
                              f"({{event: action_rejected | choice_rejected, rejected_by: RULE-ID}})", *at)
                if not isinstance(exp["rejected_by"], str):
                    raise err(f"'rejected_by' must be one rule id, not {show(exp['rejected_by'])}", *at)
            continue
        if subject == "order":
            order = exp["order"]
            if not isinstance(order, list) or not all(isinstance(o, dict) and isinstance(o.get("event"), str)
                                                      for o in order):
                raise err("'order' must be a list of events such as [{event: triggered}, {event: resolved}]", *at)
            for o in order:
                why = unknown_kind(o["event"], module)
                if why:
                    raise err(f"order: {why}", *at)
            continue
        if subject == "rules_applied":
            ids = exp["rules_applied"]
            if not isinstance(ids, list) or not all(isinstance(r, str) for r in ids):
                raise err("'rules_applied' must be a list of rule ids", *at)
            continue
        if "card" in exp and (not isinstance(exp["card"], str) or exp["card"] not in labels):
            raise err(unknown_label(exp["card"], labels, pool), *at)
        if "zone" in exp:
            z = exp["zone"]
            if not isinstance(z, str) or z.split(".", 1)[-1] not in zones:
                raise err(f"unknown zone {show(z)} (zones: {', '.join(sorted(zones))}; "
                          f"A.discard names a player's)", *at)
        if "player" in exp and exp["player"] not in module.players:
            raise err(f"unknown player {show(exp['player'])} (players: {', '.join(module.players)})", *at)
        if subject == "state":
            got = exp["state"]
            if not isinstance(got, dict) or not got or len(exp) > 1:
                raise err("a state expectation is {state: {VAR: value, ...}} (whose turn, the phase, the turn "
                          f"number...), not {show(exp)}", *at)
            for key in got:
                why = unknown_state_var(key, module)
                if why:  # it would read nothing whatever happens
                    raise err(why, *at)
            continue
        if subject == "player":
            for key in exp:
                if key == "zone_count" and isinstance(exp[key], dict):
                    why = next(filter(None, (unknown_zone(z, module) for z in exp[key])), None)
                else:
                    why = None if key in ("player", "zone_count") else unknown_player_attr(
                        key, module, pool, state or {}, actions)
                if why:  # it would read 0 whatever happens
                    raise err(why, *at)
        if subject == "card":
            if set(exp) <= {"card", "note"}:  # it would hold whatever happens to the card
                raise err(f"{{card: {exp['card']}}} checks nothing: add what to check about it (zone: A.discard, "
                          "exhausted: true, damage: 2, controller: B ...)", *at)
            for key in exp:
                if key in module.zones and key not in module.play_zones:  # (a play area may be a game attribute:
                    # Vs. System's `hidden: true`)
                    raise err(f"{key!r} is a zone, not a card attribute (it would read None): write zone: "
                              f"A.{key} (or B.{key})", *at)
                why = None if key == "card" else unknown_card_key(key, module, pool, state or {}, actions)
                if why:  # a misspelt key would read nothing whatever happens
                    raise err(why, *at)
        _check_expect_fields(exp, subject, labels, pool, err, at, module)


def _check_expect_fields(exp: dict, subject: str, labels: dict, pool: CardPool, err: Err, at: tuple,
                         module: GameModule) -> None:
    if subject == "card":
        if "counters" in exp and not (isinstance(exp["counters"], dict)
                                      and all(is_int(v) for v in exp["counters"].values())):
            raise err(f"'counters' must map counter name -> number, not {show(exp['counters'])}", *at)
        for key in ("has", "lacks"):
            if key in exp and not (isinstance(exp[key], str)
                                   or isinstance(exp[key], list) and all(isinstance(k, str) for k in exp[key])):
                raise err(f"{key!r} must be a keyword or a list of keywords, not {show(exp[key])}", *at)
        host = exp.get("attached_to")
        if host is not None and (not isinstance(host, str) or host not in labels):
            raise err(unknown_label(host, labels, pool, " in attached_to"), *at)
        for flag in ("exhausted", *module.object_flags):  # a flag is set or not: 1 would never equal it
            if flag in exp and not isinstance(exp[flag], bool):
                raise err(f"{flag!r} must be true or false, not {show(exp[flag])}", *at)
    elif subject == "player":
        counts = exp.get("zone_count")
        if counts is not None and not (isinstance(counts, dict) and all(is_int(n) for n in counts.values())):
            raise err(f"'zone_count' must map zone -> number of cards, e.g. {{hand: 2}}, not {show(counts)}", *at)
    elif subject == "zone":
        unknown = [k for k in exp if k not in ZONE_EXPECT_KEYS]
        if unknown:  # a misspelt key would otherwise check nothing
            raise err(f"unknown key {unknown[0]!r} in a zone expectation (it takes {', '.join(ZONE_EXPECT_KEYS)})", *at)
        if "in_order" in exp and (not isinstance(exp["in_order"], bool) or "cards" not in exp):
            raise err("'in_order' is true or false, beside 'cards' (the cards in the zone's order, "
                      "as the state lists it: a deck or pile from the bottom card to the top one)", *at)
        cards = exp.get("cards")
        if cards is not None and not (isinstance(cards, list) and all(isinstance(c, str) for c in cards)):
            raise err(f"'cards' must be a list of card labels, not {show(cards)}", *at)
        for j, label in enumerate(cards or []):
            if label not in labels:
                raise err(unknown_label(label, labels, pool, " in cards", following=cards[j + 1:]), *at)
        if "count" in exp and not is_int(exp["count"]):
            raise err(f"'count' must be a whole number, not {show(exp['count'])}", *at)
