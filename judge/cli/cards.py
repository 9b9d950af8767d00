"""`judge cards`: what a player may write in a scenario for one game -- its cards, zones, state
fields and actions -- so a scenario can be written without reading the game's code."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from judge.cli.common import corpus_dir, echo_json, json_option

#: the actions of every game, and the fields every game reads in them; a game's own fields of these
#: actions (Huntik's ``exhaust:``) are its ``action_fields``, listed after them
CORE_ACTIONS = {
    "play": "{player: A, play: CARD, targets: [..], x: N, zone: ZONE, from: ZONE} -- play a card (from hand unless from: says otherwise)",
    "use": "{player: A, use: CARD, ability: NAME|N, targets: [..], x: N} -- use a card's action ability (N: its place among the card's abilities, from 1, as the trace names an unnamed one)",
    "pass": "{pass: all} or {pass: A} -- pass priority (all passing resolves the chain)",
    "choose": "{player: A, choose: [..]} -- answer the next decision (yes/no, a card, an option, an order)",
    "effect": "{player: A, effect: [{destroy: CARD}]} -- stage something that happens by an effect",
}


def game_catalogue(game: str, corpus: Path | None) -> dict[str, Any]:
    """The cards, zones, fields and actions of ``game`` as plain data."""
    from judge.engine.game import get_game
    from judge.paths import default_corpus_dir
    from judge.scenarios.loader import card_pool, printed_not_modelled

    module = get_game(game)
    pool = card_pool(game, str(corpus or default_corpus_dir()))
    cards = []
    for slug, versions in sorted(pool.versions.items(), key=lambda kv: pool.display.get(kv[0], kv[0]).lower()):
        card = versions.get("errata") or versions["printed"]
        cards.append({
            "name": pool.display.get(slug, card.name), "type": card.type, "cost": card.cost,
            "stats": card.stats, "traits": list(card.traits), "keywords": list(card.keywords),
            "text": card.text or "", "errata": "errata" in versions,
            # false: `versions: {Card: printed}` is refused for it, its printed text is not modelled (a card
            # with no errata: its printed text is its current one)
            "printed_modelled": not printed_not_modelled(versions),
            "illustrative": bool(card.extra.get("illustrative")),
            # what adds to its cost beyond the printed one (Warhammer's loyalty) and the faction it is of
            "loyalty": card.extra.get("loyalty"), "faction": card.extra.get("faction"),
        })
    actions = dict(CORE_ACTIONS)
    for verb, fn in sorted(module.actions.items()):
        doc = " ".join((fn.__doc__ or "").split())
        actions[verb] = doc or f"{{player: {module.players[0]}, {verb}: ...}} -- a {module.name} action"
    return {
        "game": module.id, "name": module.name, "players": list(module.players),
        "zones": list(module.zones), "play_zones": list(module.play_zones),
        "player_fields": list(module.player_fields), "state_fields": dict(module.state_vars),
        "state_phases": list(module.state_phases),
        "card_fields": sorted({"card", "damage", "exhausted", "counters", "flags", "attached_to", "controller",
                               "entered", "label"} | set(module.object_flags)),
        # flag -> card type: the flag may name a card of that type in its zone (Warhammer's questing)
        "card_field_cards": {flag: ctype for flag, (ctype, _key) in module.object_flag_cards.items()},
        "actions": actions, "action_fields": dict(module.action_fields), "steps": _step_verbs(module), "functions": _functions(module), "cards": cards,
    }


def _functions(module) -> list[str]:
    """The functions a card's expression may call: the core's and the game's own."""
    from judge.engine.context import CORE_FUNCTIONS

    return sorted(set(CORE_FUNCTIONS) | set(module.functions))


def _step_verbs(module) -> list[str]:
    """Effect step verbs a card's ability (or a scripted ``effect``) may use."""
    from judge.scenarios.schema import step_verbs

    return sorted(step_verbs(module) or set())


@click.command()
@click.option("--game", "game", required=True, help="Game id (see `judge games`).")
@click.option("--type", "card_type", default=None, help="Only cards of this type (unit, tactic, ...).")
@json_option
@click.pass_context
def cards(ctx: click.Context, game: str, card_type: str | None, as_json: bool) -> None:
    """List what a scenario of your own may use for one game: its cards (with type, cost, stats and
    text), the zones and state fields, the actions, and the effect steps an inline card may use.

    \b
    Examples:
      judge cards --game warhammer-invasion
      judge cards --game huntik --type hero --json
      judge replay examples/scenarios/goblin-ambush-own-cards.yaml --explain
    """
    cat = game_catalogue(game, corpus_dir(ctx))
    if card_type:
        cat["cards"] = [c for c in cat["cards"] if c["type"] == card_type.lower()]
    if as_json:
        echo_json(cat)
        return
    click.echo(f"{cat['name']} ({cat['game']}): players {', '.join(cat['players'])}")
    click.echo(f"Zones: {', '.join(cat['zones'])} (in play: {', '.join(cat['play_zones'])})")
    if cat["player_fields"]:
        click.echo(f"Player fields: {', '.join(cat['player_fields'])} (numbers, e.g. {cat['player_fields'][0]}: 3)")
    click.echo("State fields: " + ", ".join(f"{k} (default {v})" for k, v in cat["state_fields"].items()))
    if cat["state_phases"]:
        click.echo("State phases: " + ", ".join(cat["state_phases"]))
    click.echo(f"Card fields in a zone: {', '.join(cat['card_fields'])}")
    for flag, ctype in cat["card_field_cards"].items():
        click.echo(f"  {flag}: true, or the label of the {ctype} of its zone it is on "
                   f"(a zone may hold several), e.g. {flag}: \"Name#2\"")
    click.echo("Actions:")
    for verb, doc in cat["actions"].items():
        click.echo(f"  {verb}: {doc}")
    if cat["action_fields"]:
        click.echo(f"Action fields of {cat['name']} (besides those above):")
        for field, doc in cat["action_fields"].items():
            click.echo(f"  {field}: {doc}")
    click.echo(f"Effect steps: {', '.join(cat['steps'])}")
    click.echo(f"Expression functions: {', '.join(cat['functions'])}")
    click.echo(f"Cards ({len(cat['cards'])}):")
    for c in cat["cards"]:
        facts = [c["type"] or "?"]
        if c["cost"] is not None:
            facts.append(f"cost {c['cost']}")
        facts += [f"{k} {c[k]}" for k in ("loyalty", "faction") if c[k] is not None]
        facts += [f"{k} {v}" for k, v in c["stats"].items()]
        if c["traits"]:
            facts.append("/".join(map(str, c["traits"])))
        if c["keywords"]:
            facts.append(", ".join(c["keywords"]))
        marks = ((" [errata]" if c["errata"] and c["printed_modelled"] else " [errata; printed text not modelled]"
                  if c["errata"] else "")
                 + (" [illustrative]" if c["illustrative"] else ""))
        text = " ".join(c["text"].split())
        text = text if len(text) <= 100 else text[:97] + "..."
        click.echo(f"  {c['name']} ({'; '.join(facts)}){marks}" + (f": {text}" if text else ""))
    click.echo("A scenario may add cards of its own under `cards:` (same fields as cards.yaml; "
               "see judge/engine/GUIDE.md section 3).")
