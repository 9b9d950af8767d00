"""Browsing the corpus and the graph: games, ingest, rule, card, graph."""
from __future__ import annotations

import json
import sys
import textwrap

import click

from judge.cli.common import corpus_dir, echo_json, json_option

KIND_ORDER = ["section", "rule", "faq", "clarification", "keyword", "ruling", "example", "errata", "list", "card"]
#: passing fixtures `judge rule` lists before "... and N more" (--all lists every one; failing ones always shown)
FIXTURES_SHOWN = 10


def _graph(ctx: click.Context, rebuild: bool = False):
    from judge.graph import load_graph

    return load_graph(corpus_dir(ctx), rebuild=rebuild)


def _wrap(text: str, indent: str = "  ") -> str:
    out = []
    for para in text.splitlines() or [""]:
        out.append(textwrap.fill(para, width=96, initial_indent=indent, subsequent_indent=indent) or indent)
    return "\n".join(out)


def _lines(src: dict | None) -> str:
    if not src:
        return ""
    lines = src.get("lines")
    if not lines:
        return src.get("document", "")
    a, b = lines
    return f"{src['document']}:{a}" + (f"-{b}" if b != a else "")


def _title(G, n: str) -> str:
    a = G.nodes[n]
    t = a.get("title") or (a.get("text") or "")[:60]
    return f"{n}  {t}".rstrip()


# ----------------------------------------------------------------- games
@click.command()
@json_option
@click.pass_context
def games(ctx: click.Context, as_json: bool) -> None:
    """List the games in the corpus.

    \b
    Example:
      judge games
    """
    from judge.corpus import default_corpus_dir, load_manifest
    from judge.corpus import _game_folders  # noqa: the folder listing is shared with load_corpus

    root = corpus_dir(ctx) or default_corpus_dir()
    rows = []
    for folder in _game_folders(root):
        m = load_manifest(folder)
        rows.append({"id": m.id, "name": m.name, "language": m.language,
                     "documents": [d.path for d in m.documents], "folder": str(folder)})
    if as_json:
        echo_json({"games": rows})
        return
    for r in rows:
        click.echo(f"{r['id']:<20} {r['language']}  {r['name']}  ({len(r['documents'])} document(s))")


# ---------------------------------------------------------------- ingest
@click.command()
@click.option("--game", "game_id", default=None, help="Only this game.")
@json_option
@click.pass_context
def ingest(ctx: click.Context, game_id: str | None, as_json: bool) -> None:
    """Parse every document, rebuild the graph cache and report what was read.

    Reports, per game, the entries by kind, references resolved and dangling, and every span
    of text left out with the reason (blog chatter, site boilerplate, ...).

    \b
    Example:
      judge ingest
      judge ingest --game huntik --json
    """
    G = _graph(ctx, rebuild=True)
    reports = G.graph["reports"]
    kept = _write_found_aliases(reports)
    if game_id is not None:
        if game_id not in reports:
            from judge.errors import UnknownGameError

            raise UnknownGameError(game_id, sorted(reports))
        reports = {game_id: reports[game_id]}
    if as_json:
        echo_json({"games": {g: {**{k: r[k] for k in ("entries", "by_kind", "refs", "skipped", "documents",
                                                       "unparsed_rule_lines", "states_rule",
                                                       "alias_conflicts") if k in r},
                                 "aliases_written": kept.get(g, {})}
                             for g, r in reports.items()}})
        return
    for gid, r in reports.items():
        kinds = ", ".join(f"{k} {r['by_kind'][k]}" for k in KIND_ORDER if k in r["by_kind"])
        click.echo(click.style(gid, bold=True) + f": {r['entries']} entries ({kinds})")
        for d in r.get("documents", []):
            click.echo(f"  document {d['path']}  style={d['style']}  entries={d['entries']}")
        dang = r["refs"]["dangling"]
        click.echo(f"  references: {r['refs']['resolved']} resolved, {len(dang)} dangling")
        for d in dang:
            click.echo(f"    dangling  {d['from']} -> {d['ref']!r}  ({d['reason']})")
        if r.get("states_rule"):
            click.echo(f"  states a rule: {r['states_rule']} FAQ answer(s) or ruling(s) (states-rule.yaml)")
        click.echo(f"  skipped: {len(r['skipped'])} span(s)")
        for s in r["skipped"]:
            a, b = s["lines"]
            click.echo(f"    {s['document']}:{a}" + (f"-{b}" if b != a else "") + f"  {s['reason']}")
        if kept.get(gid):
            click.echo(f"  ids kept: {len(kept[gid])} entr{'y' if len(kept[gid]) == 1 else 'ies'} renamed since an "
                       "earlier version (matched by content), written to aliases.yaml (a reworded entry keeps its "
                       "old id; a renumbered rule's old number finds it):")
            for alias, old in kept[gid].items():
                click.echo(f"    {alias} -> {old}")
        if r.get("alias_conflicts"):
            from judge.cli.diff import _say_conflicts

            _say_conflicts(gid, r["alias_conflicts"])
        lost = r.get("unparsed_rule_lines") or {}
        if lost.get("under_parsed"):
            where = ", ".join(f"{x['document']}:{x['line']}" for x in lost["lines"][:5])
            click.echo(click.style(f"  warning: {lost['count']} of {lost['of']} lines that look like numbered rules "
                                   f"became no rule entry (first: {where}); is the numbering style recognised? "
                                   f"(game.yaml `style:` overrides the detected one)", fg="yellow"))


def _write_found_aliases(reports: dict) -> dict[str, dict[str, str]]:
    """Renamed entries matched by content against earlier versions of their document keep their
    old id: write those not yet in the game's aliases.yaml (so the id survives even when the
    earlier version is dropped from game.yaml)."""
    from pathlib import Path

    from judge.corpus.aliases import add_aliases

    out = {}
    for gid, r in reports.items():
        if r.get("found_aliases") and r.get("folder"):
            written, conflicts = add_aliases(Path(r["folder"]), gid, r["found_aliases"])
            if written:
                out[gid] = written
            if conflicts:
                r["alias_conflicts"] = conflicts
    return out


# ------------------------------------------------------------------ rule
def _list_entries(ctx: click.Context, game_id: str | None, prefix: str | None, as_json: bool) -> None:
    """`judge rule --list --game G [PREFIX]`: the ids a scenario may cite, in document order."""
    from judge.errors import BadInputError, UnknownGameError
    from judge.scenarios.verify import ablatable_ids

    if not game_id:
        raise BadInputError("--list needs --game GAME (see `judge games`)")
    G = _graph(ctx)
    games = sorted({a.get("game") for _, a in G.nodes(data=True) if a.get("game")})
    if game_id not in games:
        raise BadInputError(f"unknown game {game_id!r} (games: {', '.join(games)})")
    want = f"{game_id}:{prefix}" if prefix and not prefix.startswith(f"{game_id}:") else (prefix or f"{game_id}:")
    try:
        bound = ablatable_ids(game_id, corpus_dir(ctx))
    except UnknownGameError:  # a game of the corpus with no engine package: browsing needs none
        bound = set()
    rows = [{"id": n, "kind": a.get("kind"), "title": a.get("title") or " ".join((a.get("text") or "").split())[:80],
             "mechanic": n in bound}
            for n, a in G.nodes(data=True)
            if a.get("game") == game_id and a.get("kind") not in ("card", "list") and n.startswith(want)]
    if as_json:
        echo_json({"game": game_id, "entries": rows})
        return
    for r in rows:
        click.echo(f"{'*' if r['mechanic'] else ' '} {r['id']}  [{r['kind']}]  {r['title'][:70]}")
    click.echo(f"{len(rows)} entries; * = the engine binds a mechanic to it (switching it off changes the replay)")


@click.command()
@click.argument("entry_id", required=False)
@click.option("--game", "game_id", default=None, help="Game of a bare rule number (e.g. --game huntik 701.4a).")
@click.option("--history", is_flag=True,
              help="How the entry read in each version of its document (game.yaml `earlier:`), with word diffs.")
@click.option("--list", "list_ids", is_flag=True,
              help="List a game's entry ids (--game G), those starting with ENTRY_ID if given, each with its kind, "
                   "title and whether the engine binds a mechanic to it (what a scenario may cite and switch off).")
@click.option("--all", "all_fixtures", is_flag=True,
              help=f"List every fixture that checks it (by default the failing ones and the first {FIXTURES_SHOWN}).")
@json_option
@click.pass_context
def rule(ctx: click.Context, entry_id: str | None, game_id: str | None, history: bool, list_ids: bool,
         all_fixtures: bool, as_json: bool) -> None:
    """Show an entry: text, source lines, parent, children, citations both ways, cards, errata,
    and the fixtures that check it. An id the entry had in another version of its document finds
    it, with a note.

    \b
    Examples:
      judge rule huntik:701.4a
      judge rule 701.4a --game huntik
      judge rule warhammer-invasion:clarification:illegal-target --json
      judge rule warhammer-invasion:faq:attack-already-burning-zone --history
      judge rule --list --game star-wars-tcg ruling:pilots
    """
    from judge import graph as g

    if list_ids:
        _list_entries(ctx, game_id, entry_id, as_json)
        return
    if not entry_id:
        raise click.UsageError("give an ENTRY_ID (or --list --game GAME to list a game's ids)")
    G = _graph(ctx)
    n = g.resolve(G, entry_id, game_id)
    a = G.nodes[n]
    note = g.alias_note(G, entry_id, n)
    info = g.entry_report(G, n)
    if history:
        from judge.versions.report import entry_history

        info = {"id": n, "history": entry_history(G, n)}
    if note:
        info["note"] = note
    if as_json:
        echo_json(info)
        return
    if note:
        click.echo(f"({note})")
    if history:
        _print_history(G, n, info["history"])
        return
    head = f"{n}  [{a.get('kind')}]"
    click.echo(click.style(head, bold=True))
    if a.get("title"):
        click.echo(f"  {a['title']}")
    click.echo(f"  source: {_lines(a.get('source'))}")
    data = a.get("data") or {}
    tags = [f"version {data['version']}" if data.get("version") else "",
            "[Kiegészítés] supplement" if data.get("supplement") else "",
            "reversal of previous ruling" if data.get("reversal") else ""]
    if any(tags):
        click.echo("  " + "; ".join(t for t in tags if t))
    if data.get("states_rule"):
        click.echo(f"  states a rule: {data.get('general_rule')}")
    ne = data.get("not_executable")
    if ne:
        extra = f" (same as {ne['same_as']})" if ne.get("same_as") else ""
        if ne.get("clauses"):  # only some clauses (numbered as judge coverage --clauses counts them)
            extra += f" (clauses {', '.join(map(str, ne['clauses']))})"
        click.echo(f"  not executable: {ne['reason']}{extra}" + (f" — {ne['note']}" if ne.get("note") else ""))
    click.echo()
    click.echo(_wrap(a.get("text") or "(no text of its own)"))
    click.echo()
    for label, key in [("parent", "parent"), ("children", "children"), ("examples", "examples"),
                       ("cites", "cites"), ("cited by", "cited_by"), ("cards", "cards"), ("errata", "errata"),
                       ("mentioned by", "mentioned_by"), ("supersedes", "supersedes"),
                       ("superseded by", "superseded_by")]:
        v = info[key]
        if not v:
            continue
        items = [v] if isinstance(v, str) else v
        click.echo(f"{label}:")
        for x in items:
            click.echo(f"  {_title(G, x)[:110]}")
    if info["mechanics"]:
        click.echo("engine mechanics bound to it:")
        for m in info["mechanics"]:
            where = f"{m['module']}: {m['function']} (line {m['line']})" if m["module"] else "(no code asks for it)"
            if m.get("left_out"):  # a core mechanic this rule leaves out of the game (rules.yaml absent:)
                click.echo(f"  {m['key']}  left out of this game by this rule (the core's default, in {where})")
                click.echo(_wrap(f"why: {m['does']}", indent=" " * 6))
                click.echo(_wrap(f"switched off: {m['off']}", indent=" " * 6))
                continue
            click.echo(f"  {m['key']}  implemented by {where}")
            click.echo(_wrap(f"does: {m['does']}", indent=" " * 6))
            click.echo(_wrap(f"off: {m['off']}", indent=" " * 6))
    for d in info["dangling_refs"]:
        click.echo(f"unresolved reference: {d['ref']} ({d['reason']})")
    if info["verified_by"]:
        _print_fixtures(n, info["verified_by"], all_fixtures)


def _print_fixtures(n: str, fixtures: list[dict], all_fixtures: bool) -> None:
    """The fixtures that check the entry: every failing one, then the passing ones -- the first FIXTURES_SHOWN
    unless --all (NEWUSER44: 'judge rule huntik:701.2' printed 297 lines, 250 of them fixture paths)."""
    failing = [f for f in fixtures if not f["passed"]]
    passing = [f for f in fixtures if f["passed"]]
    shown = passing if all_fixtures else passing[:max(0, FIXTURES_SHOWN - len(failing))]
    click.echo(f"checked by {len(fixtures)} fixture{'s' if len(fixtures) != 1 else ''}: {len(passing)} pass"
               + (f", {len(failing)} FAIL" if failing else ""))
    for f in failing + shown:
        mark = click.style("pass", fg="green") if f["passed"] else click.style("FAIL", fg="red")
        click.echo(f"  {mark}  {f['fixture']}")
    if len(shown) < len(passing):
        click.echo(f"  ... and {len(passing) - len(shown)} more passing (judge rule {n} --all lists them)")


def _print_history(G, n: str, history: list[dict]) -> None:
    click.echo(click.style(f"{n}  [{G.nodes[n].get('kind')}]", bold=True))
    if len(history) <= 1:
        doc = (G.nodes[n].get("source") or {}).get("document", "its document")
        click.echo(f"  one version only: the game's game.yaml lists no earlier version of {doc} "
                   "(documents: [{path, version, date, earlier: [...]}])")
    for h in history:
        label = " ".join(x for x in (f"version {h['version']}" if h.get("version") else "",
                                     h.get("date") or "") if x) or "(undated)"
        where = f"{h['document']}:{h['lines'][0]}" if h.get("document") and h.get("lines") else ""
        click.echo()
        was = f"  as {h['id']}" if h.get("id") and h["id"] != n else ""
        click.echo(click.style(label, bold=True) + f"  {where}{was}  ({h['status']})")
        from judge.versions.compare import shown_text

        body = h["diff"] if h["status"] == "changed" else shown_text(h.get("title"), h.get("text"))
        click.echo(_wrap(body.strip()))


# ------------------------------------------------------------------ card
@click.command()
@click.argument("name")
@click.option("--game", "game_id", default=None, help="Only cards of this game.")
@json_option
@click.pass_context
def card(ctx: click.Context, name: str, game_id: str | None, as_json: bool) -> None:
    """Show a card: current text (the documents' and the engine's), older texts with the errata
    reason, and every entry that mentions it.

    NAME is the card's name (or its name before the subtitle comma, or its id); whole words of
    exactly one card's name also find it ('sniktch' finds Deathmaster Sniktch, and says so).
    Anything else exits 2 with the closest names: a typo is never answered with another card.

    \b
    Examples:
      judge card "Arkayne Vampire"
      judge card sniktch
      judge card "Stilt-Man" --json
    """
    from judge import graph as g
    from judge.card_lookup import UnknownCardError, card_view, lookup_card
    from judge.errors import UnknownGameError

    G = _graph(ctx)
    if game_id is not None and (game_id not in G or G.nodes[game_id].get("kind") != "game"):
        raise UnknownGameError(game_id, g.games(G))
    found = lookup_card(G, name, game_id, corpus_dir(ctx))
    if not found.cards:
        raise UnknownCardError(found, game_id)
    report = card_view(G, found)
    if as_json:
        echo_json(report)
        return
    c = found.cards[0]
    n = c.id
    a = G.nodes[n] if c.in_graph else {}
    data = a.get("data") or {}
    engine = report["engine"] or {}
    history = report["errata"]
    if found.match == "words":
        click.echo(f"({name!r} is part of the name {c.name!r}; no card is named {name!r} exactly)")
    click.echo(click.style(c.name, bold=True) + f"   {n}   [{c.game}]")
    meta = [str(data.get(k)) for k in ("type", "traits", "cost") if data.get(k)] or \
        [x for x in (engine.get("type"), ", ".join(engine.get("traits") or []),
                     f"cost {engine['cost']}" if engine.get("cost") is not None else "") if x]
    stats = data.get("stats") or engine.get("stats")
    if stats:
        meta.append(" / ".join(f"{v} {k.upper()}" for k, v in stats.items()))
    if meta:
        click.echo("  " + " · ".join(meta))
    click.echo("  known from: " + ", ".join(report["known_from"]))
    if c.in_graph:
        click.echo(f"  source: {_lines(a.get('source'))}")
    doc_text = a.get("text") or ""
    if doc_text:
        click.echo("\ncurrent text:" if history else "\ntext:")
        click.echo(_wrap(doc_text))
    engine_text = engine.get("errata_text") or engine.get("text")
    if engine_text and " ".join(engine_text.split()) != " ".join(doc_text.split()):
        where = engine["file"] + (f":{engine['line']}" if engine.get("line") else "")
        label = "errata'd text" if engine.get("errata_text") else "text"
        click.echo(f"\n{label} in the engine's card definition ({where}):")
        click.echo(_wrap(engine_text))
        if engine.get("note"):
            click.echo(_wrap(f"note: {engine['note']}", "    "))
    if not doc_text and not engine_text:
        click.echo("\ntext: (the documents do not print it and the engine has no definition)")
    for h in history:
        click.echo(f"\nerrata {h['errata']}  ({_lines(h['source'])})")
        if h["old_text"]:
            click.echo("  old text:")
            click.echo(_wrap(h["old_text"], "    "))
        if h["new_text"]:
            click.echo("  new text:")
            click.echo(_wrap(h["new_text"], "    "))
        if h["reason"] and h["reason"] != h["new_text"]:
            click.echo("  reason:")
            click.echo(_wrap(h["reason"], "    "))
    if report["mentioned_by"]:
        click.echo("\nmentioned by:")
        for m in report["mentioned_by"]:
            click.echo(f"  {_title(G, m)[:110]}")
    if found.cards[1:]:
        click.echo("\nother cards of that name: " + ", ".join(f"{o.name} ({o.game})" for o in found.cards[1:]))


# ----------------------------------------------------------------- graph
@click.group()
def graph() -> None:
    """The knowledge graph: statistics and export.

    \b
    Examples:
      judge graph stats
      judge graph export --format json > graph.json
    """


@graph.command()
@json_option
@click.pass_context
def stats(ctx: click.Context, as_json: bool) -> None:
    """Counts of nodes and edges by kind, per game."""
    G = _graph(ctx)
    nodes: dict[str, dict[str, int]] = {}
    edges: dict[str, int] = {}
    for _, a in G.nodes(data=True):
        d = nodes.setdefault(a.get("game") or "-", {})
        d[a.get("kind")] = d.get(a.get("kind"), 0) + 1
    for _, _, k in G.edges(keys=True):
        edges[k] = edges.get(k, 0) + 1
    out = {"nodes": G.number_of_nodes(), "edges": G.number_of_edges(), "nodes_by_game": nodes,
           "edges_by_kind": dict(sorted(edges.items())), "corpus_hash": G.graph.get("corpus_hash")}
    if as_json:
        echo_json(out)
        return
    click.echo(f"{out['nodes']} nodes, {out['edges']} edges (corpus {out['corpus_hash']})")
    for gid, kinds in sorted(nodes.items()):
        click.echo(f"  {gid:<20} " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    click.echo("  edges: " + ", ".join(f"{k} {v}" for k, v in out["edges_by_kind"].items()))


@graph.command()
@click.option("--format", "fmt", type=click.Choice(["json", "graphml", "dot"]), default="json", show_default=True)
@click.option("--game", "game_id", default=None, help="Only this game's nodes.")
@json_option
@click.pass_context
def export(ctx: click.Context, fmt: str, game_id: str | None, as_json: bool) -> None:
    """Print the graph: node-link JSON, GraphML or Graphviz DOT (--json: the same as --format json)."""
    from judge import graph as g

    if as_json:
        fmt = "json"

    G = _graph(ctx)
    if game_id is not None:
        if game_id not in G:
            from judge.errors import UnknownGameError

            raise UnknownGameError(game_id, g.games(G))
        G = G.subgraph([n for n, a in G.nodes(data=True) if a.get("game") == game_id]).copy()
    nodes = [dict(g.node_json(G, n), heading=G.nodes[n].get("heading"), states_rule=G.nodes[n].get("states_rule"))
             for n in G.nodes]
    edges = g.edges_json(G)
    if fmt == "json":
        click.echo(json.dumps({"directed": True, "multigraph": True, "nodes": nodes, "edges": edges},
                              ensure_ascii=False))
    elif fmt == "graphml":
        import networkx as nx

        H = nx.MultiDiGraph()
        for nd in nodes:
            src = nd.get("source") or {}
            lines = src.get("lines") or [None, None]
            H.add_node(nd["id"], kind=nd["kind"] or "", game=nd["game"] or "", number=nd["number"] or "",
                       title=nd["title"] or "", text=nd["text"] or "", document=src.get("document") or "",
                       lines=f"{lines[0]}-{lines[1]}" if lines[0] else "", states_rule=nd["states_rule"] or "")
        for e in edges:
            H.add_edge(e["source"], e["target"], kind=e["kind"])
        nx.write_graphml(H, sys.stdout.buffer)
    else:
        def q(s: str) -> str:
            return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'

        click.echo("digraph judge {")
        click.echo("  node [shape=box, fontsize=10];")
        for nd in nodes:
            label = f"{nd['id']}\\n{(nd['title'] or '')[:40]}"
            click.echo(f"  {q(nd['id'])} [label={q(label).replace(chr(92) * 2 + 'n', chr(92) + 'n')}, kind={q(nd['kind'] or '')}];")
        for e in edges:
            click.echo(f"  {q(e['source'])} -> {q(e['target'])} [label={q(e['kind'])}];")
        click.echo("}")
