"""`judge coverage`: which rulings the engine confirms, which rules it implements and exercises."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from judge.cli.common import corpus_dir, echo_json, json_option


def coverage_report(corpus: Path | None = None, game: str | None = None) -> dict[str, Any]:
    """Replays every fixture and sets the results against the corpus:

    - per game: rulings (entries of kind faq, ruling, example, clarification, errata), how many are
      executable, verified (a passing fixture confirms them), failing, not executable (marked in
      not-executable*.yaml, by reason), the executable ones still without a passing fixture;
    - per rule id (numbered rules, and every id a game binds a mechanic to or a fixture cites): how
      many fixtures cite it and whether a mechanic implements it.
    """
    import yaml

    from judge.corpus.marks import RULING_KINDS
    from judge.engine.game import known_games
    from judge.errors import UnknownGameError
    from judge.scenarios.verify import ablatable_ids, verify
    from judge.graph import games as graph_games
    from judge.graph import load_graph

    G = load_graph(corpus, with_verdicts=False)
    games = graph_games(G)
    if game is not None and game not in games:
        raise UnknownGameError(game, games)
    root = Path(corpus) if corpus else None
    from judge.scenarios.verify import rulings_of_corpus

    rulings_dir = Path(__file__).resolve().parents[2] / "rulings"
    paths = rulings_of_corpus(rulings_dir, root)[0] if rulings_dir.exists() else []
    rep = verify(paths, game=game, corpus=root) if paths else None

    # fixture facts: ruling, cites, status, variant
    fixtures: list[dict[str, Any]] = []
    for out in rep.outcomes if rep else []:
        fx = out.fixture
        fixtures.append({"path": str(fx.path), "game": fx.game, "ruling": fx.ruling, "cites": list(fx.cites),
                         "passed": out.status == "passed", "variant": fx.raw.get("variant")})
    for err in rep.errors if rep else []:
        try:
            raw = yaml.safe_load(Path(err["path"]).read_text(encoding="utf-8")) or {}
        except Exception:  # noqa: BLE001 - unreadable fixture: counted as an error without a ruling
            raw = {}
        ruling = raw.get("ruling") if isinstance(raw, dict) else None
        cites = raw.get("cites") if isinstance(raw, dict) and isinstance(raw.get("cites"), list) else []
        fixtures.append({"path": err["path"], "game": (ruling or ":").split(":")[0], "ruling": ruling,
                         "cites": cites, "passed": False, "variant": None, "error": err["message"]})
    by_ruling: dict[str, list[dict]] = {}
    for f in fixtures:
        if f["ruling"]:
            by_ruling.setdefault(f["ruling"], []).append(f)

    engine_games = set(known_games())
    implemented = {gid: ablatable_ids(gid, root) if gid in engine_games else set() for gid in games}

    out_games: dict[str, Any] = {}
    out_rules: dict[str, Any] = {}
    for gid in games if game is None else [game]:
        nodes = {n: a for n, a in G.nodes(data=True) if a.get("game") == gid}
        rulings = [n for n, a in nodes.items() if a.get("kind") in RULING_KINDS]
        # a mark naming only some clauses (judge coverage --clauses) leaves the ruling executable
        marked = {n: m for n in rulings if (m := (nodes[n].get("data") or {}).get("not_executable"))
                  and not m.get("clauses")}
        executable = [n for n in rulings if n not in marked]
        # engine-checked as judge ask marks it: a base (not variant) scenario, and every scenario passing
        verified = [n for n in executable if any(not f["variant"] for f in by_ruling.get(n, []))
                    and all(f["passed"] for f in by_ruling[n])]
        failing = [n for n in rulings if by_ruling.get(n) and not all(f["passed"] for f in by_ruling[n])]
        unverified = [n for n in executable if not by_ruling.get(n)]
        reasons: dict[str, int] = {}
        for m in marked.values():
            reasons[m["reason"]] = reasons.get(m["reason"], 0) + 1
        game_fixtures = [f for f in fixtures if f["game"] == gid]
        out_games[gid] = {
            "rulings": len(rulings),
            "executable": len(executable),
            "verified": len(verified),
            "failing": len(failing),
            "not_executable": len(marked),
            "not_executable_by_reason": dict(sorted(reasons.items())),
            "verified_share": round(len(verified) / len(executable), 3) if executable else None,
            "fixtures": len(game_fixtures),
            "variants": sum(1 for f in game_fixtures if f["variant"]),
            "unverified": sorted(unverified),
            "failing_rulings": sorted(failing),
            "fixtures_citing_no_rule": sorted(f["path"] for f in game_fixtures if not f["cites"]),
        }
        cited: dict[str, int] = {}
        for f in game_fixtures:
            for rid in dict.fromkeys([*(f["cites"] or []), *([f["ruling"]] if f["ruling"] else [])]):
                cited[rid] = cited.get(rid, 0) + 1
        rule_ids = {n for n, a in nodes.items() if a.get("kind") == "rule"} | implemented[gid] | set(cited)
        for rid in sorted(rule_ids):
            if rid not in G and rid not in implemented[gid]:
                continue
            # a mechanic bound to an id the corpus lacks (a draft deleted or renumbered it) implements nothing here
            out_rules[rid] = {"fixtures": cited.get(rid, 0), "implemented": rid in implemented[gid] and rid in G}
            if rid not in G:
                out_rules[rid]["in_corpus"] = False
        out_games[gid]["implemented_never_exercised"] = sorted(
            r for r in implemented[gid] if cited.get(r, 0) == 0 and r in G)
        # what the corpus no longer has: a broken draft shows here, not as full coverage
        out_games[gid]["errors"] = sum(1 for f in game_fixtures if f.get("error"))
        out_games[gid]["bound_ids_not_in_corpus"] = sorted(r for r in implemented[gid] if r not in G)
        out_games[gid]["cited_ids_not_in_corpus"] = sorted(r for r in cited if r not in G)
        if gid in engine_games:
            from judge.coverage_cards import card_text_report
            from judge.scenarios.loader import card_pool, default_corpus

            out_games[gid]["card_text"] = card_text_report(gid, card_pool(gid, str(root or default_corpus())))
    return {"games": out_games, "rules": out_rules}


def _some(ids: list[str], n: int = 8) -> str:
    return ", ".join(ids[:n]) + (f" and {len(ids) - n} more" if len(ids) > n else "")


def percent(part: int, whole: int) -> str:
    """A share as a percentage that never rounds up to a whole: 242/243 is 99.5%, not 100%."""
    if not whole:
        return "-"
    tenths = part * 1000 // whole  # rounded down
    return f"{tenths // 10}%" if tenths % 10 == 0 else f"{tenths / 10:.1f}%"


def clauses_report(corpus: Path | None = None, game: str | None = None) -> dict[str, Any]:
    """`judge coverage --clauses`: the clause map (judge.coverage_clauses) after replaying every scenario."""
    from judge.coverage_clauses import clause_report, fixture_facts
    from judge.errors import UnknownGameError
    from judge.graph import games as graph_games
    from judge.graph import load_graph

    G = load_graph(corpus, with_verdicts=False)
    if game is not None and game not in graph_games(G):
        raise UnknownGameError(game, graph_games(G))
    rulings_dir = Path(__file__).resolve().parents[2] / "rulings"
    facts = fixture_facts([rulings_dir] if rulings_dir.exists() else [], game, Path(corpus) if corpus else None)
    return clause_report(G, facts, game)


def _echo_clauses(rep: dict[str, Any], show_lists: bool) -> None:
    columns = [("game", 20), ("entries", 8), ("clauses", 8), ("not exec.", 10), ("implemented", 20),
               ("exercised", 20), ("cond. false", 12)]
    click.echo("".join(f"{name:<{w}}" if i == 0 else f"{name:>{w}}" for i, (name, w) in enumerate(columns)))
    for gid, g in rep["games"].items():
        ex = g["executable"]
        cells = [gid, g["entries"], g["clauses"], g["not_executable"],
                 f"{g['implemented']}/{ex} ({percent(g['implemented'], ex)})",
                 f"{g['exercised']}/{ex} ({percent(g['exercised'], ex)})",
                 f"{g['conditions_with_false_case']}/{g['conditions']}"]
        click.echo("".join(f"{str(c):<{w}}" if i == 0 else f"{str(c):>{w}}" for i, (c, (_, w)) in
                           enumerate(zip(cells, columns))))
    click.echo("implemented: the entry is bound to a mechanic (one mechanic: every clause; several: the best word "
               "match);\nexercised: a passing scenario cites the entry and its mechanic applied; cond. false: "
               "conditional clauses\nwith a passing scenario citing the entry where its mechanic did not apply")
    via = {gid: g["via_other_entry"] for gid, g in rep["games"].items() if g.get("via_other_entry")}
    if via:
        click.echo("of the implemented, mapped (clauses.yaml) to a mechanic bound to another entry or to none -- "
                   "switching the\nentry itself off does not switch them off: "
                   + ", ".join(f"{gid} {n}" for gid, n in via.items()))
    for gid, g in rep["games"].items():
        missing = [(n, i, c) for n in g["missing_entries"] for i, c in enumerate(rep["clauses"][n], 1)
                   if c["status"] == "missing"]
        click.echo(f"\n{gid}: {len(missing)} clause(s) without a mechanic or a not-executable mark"
                   + (":" if show_lists else " (--list shows them)"))
        if show_lists:
            for n, i, c in missing:
                click.echo(f"  {n} #{i}: {c['text'][:110]}")


@click.command()
@click.option("--game", "game_id", default=None, help="Only this game.")
@click.option("--list", "show_lists", is_flag=True, help="Also list unverified rulings and idle mechanics "
              "(with --clauses: the clauses without a mechanic).")
@click.option("--clauses", "by_clause", is_flag=True,
              help="Clause coverage: each rule's clauses, the mechanic implementing each, whether a scenario exercises it.")
@json_option
@click.pass_context
def coverage(ctx: click.Context, game_id: str | None, show_lists: bool, by_clause: bool, as_json: bool) -> None:
    """Coverage map: per game, rulings total / executable / verified / failing / not executable
    (with reasons); per rule, the fixtures citing it and whether a mechanic implements it.

    \b
    Examples:
      judge coverage
      judge coverage --game vs-system --list
      judge coverage --json
      judge coverage --clauses --game huntik --list
    """
    if by_clause:
        crep = clauses_report(corpus_dir(ctx), game_id)
        if as_json:
            echo_json(crep)
        else:
            _echo_clauses(crep, show_lists)
        return
    rep = coverage_report(corpus_dir(ctx), game_id)
    if as_json:
        echo_json(rep)
        return
    columns = [("game", 20), ("rulings", 8), ("executable", 11), ("engine-checked", 22), ("failing", 8),
               ("not executable", 15), ("scenarios", 10), ("variants", 9)]
    click.echo("".join(f"{name:<{w}}" if i == 0 else f"{name:>{w}}" for i, (name, w) in enumerate(columns)))
    for gid, g in rep["games"].items():
        checked = f"{g['verified']}/{g['executable']} ({percent(g['verified'], g['executable'])})"
        cells = [gid, g["rulings"], g["executable"], checked, g["failing"], g["not_executable"], g["fixtures"],
                 g["variants"]]
        click.echo("".join(f"{str(c):<{w}}" if i == 0 else f"{str(c):>{w}}" for i, (c, (_, w)) in
                           enumerate(zip(cells, columns))))
    click.echo("engine-checked: executable rulings that a passing base scenario replays (of all executable ones)")
    click.echo("\ncard text: sentences of the cards' current text (judge/coverage_cards.py)")
    for gid, g in rep["games"].items():
        t = g.get("card_text")
        if t:
            click.echo(f"  {gid:<20} {t['cards']:>4} cards {t['sentences']:>4} sentences: {t['modelled']} modelled "
                       f"(by ability count), {t['keyword']} keywords, {t['listed']} listed unmodelled, "
                       f"{t['unaccounted']} unaccounted; {len(t['notes_say_not_modelled'])} cards whose note "
                       f"says a part is not modelled without listing it")
    rules = rep["rules"]
    impl = [r for r, v in rules.items() if v["implemented"]]
    exercised = [r for r in impl if rules[r]["fixtures"]]
    click.echo(f"\nrules: {len(rules)} tracked, {len(impl)} implemented by a mechanic, "
               f"{len(exercised)} of those exercised by a fixture")
    for gid, g in rep["games"].items():
        if g["errors"] or g["bound_ids_not_in_corpus"] or g["cited_ids_not_in_corpus"]:
            click.echo(click.style(
                f"{gid}: the corpus does not match the scenarios and mechanics: {g['errors']} scenario(s) could not "
                f"be replayed (`judge verify --game {gid}` says why)"
                + (f"; mechanics bound to ids the corpus lacks: {_some(g['bound_ids_not_in_corpus'])}"
                   if g["bound_ids_not_in_corpus"] else "")
                + (f"; ids scenarios cite that the corpus lacks: {_some(g['cited_ids_not_in_corpus'])}"
                   if g["cited_ids_not_in_corpus"] else ""), fg="yellow"))
        if g["not_executable_by_reason"]:
            click.echo(f"{gid}: not executable: " + ", ".join(f"{k} {v}" for k, v in g["not_executable_by_reason"].items()))
        if g["failing_rulings"]:
            click.echo(f"{gid}: failing: " + ", ".join(g["failing_rulings"]))
        if g["fixtures_citing_no_rule"]:
            click.echo(f"{gid}: fixtures citing no rule: " + ", ".join(g["fixtures_citing_no_rule"]))
        if show_lists:
            if g["unverified"]:
                click.echo(f"{gid}: unverified ({len(g['unverified'])}):")
                for n in g["unverified"]:
                    click.echo(f"  {n}")
            for card, sentences in (g.get("card_text") or {}).get("unaccounted_by_card", {}).items():
                click.echo(f"{gid}: card text not accounted for: {card}: " + " | ".join(sentences))
            if g["implemented_never_exercised"]:
                click.echo(f"{gid}: implemented, never exercised: " + ", ".join(g["implemented_never_exercised"]))
