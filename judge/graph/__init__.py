"""The knowledge graph: entries as nodes keyed by their stable ids, typed edges between them.

Graph first (networkx style): functions take the graph and an id.

    G = load_graph()                      # cached node-link JSON, keyed by the corpus hash
    parent(G, "huntik:701.4a")            # 'huntik:701.4'
    citations(G, "huntik:700.3")          # ids cited by the entry
    related(G, "vs-system:errata:stilt-man-wilbur-day")
"""
from __future__ import annotations

import difflib
import json
import re
from pathlib import Path
from typing import Any, Iterable

import networkx as nx

from judge.cache import atomic_write_json, cache_dir, cache_write_failed, cached_corpus, clean_stale_temps, prune
from judge.errors import UnknownEntryError, UnknownGameError

GRAPH_FORMAT = 7  # bump when the node/edge layout changes (5: question/answer attributes; 6: id aliases;
#                  7: states_rule)

__all__ = [
    "load_graph", "build_graph", "parent", "children", "examples", "citations", "cited_by",
    "cards_of", "entries_mentioning", "errata_for", "related", "verification", "failing_check",
    "citing_scenarios", "question_answer", "resolve", "find_card", "node_json", "edges_json", "entry_report",
    "card_report",
]

# kinds whose text is itself a ruling: the text is their answer (a FAQ entry's answer is the part after A:)
RULING_TEXT_KINDS = ("ruling", "clarification", "errata", "example")


# ------------------------------------------------------------------ build
def build_graph(corpus: Any) -> nx.MultiDiGraph:
    """Entries -> graph. `corpus` is a judge.corpus.Corpus."""
    G = nx.MultiDiGraph()
    G.graph.update(corpus_hash=corpus.hash, format=GRAPH_FORMAT, reports={}, corpus=str(corpus.root), aliases={})
    for gid, game in corpus.games.items():
        G.graph["aliases"].update(game.aliases)
        m = game.manifest
        G.add_node(gid, id=gid, kind="game", game=gid, number=None, title=m.name, text="",
                   source=None, language=m.language)
        doc_ids: dict[str, str] = {}
        for doc, spec in zip(game.documents, m.documents):
            did = doc_ids[doc.path] = f"{gid}:document:{_slug(Path(doc.path).stem)}"
            G.add_node(did, id=did, kind="document", game=gid, number=None, title=spec.title or doc.path,
                       text="", source={"document": doc.path, "lines": None}, style=doc.style, path=doc.path)
            G.add_edge(did, gid, key="from_document", kind="from_document")
        G.graph["reports"][gid] = game.report()
        by_heading: dict[str, list[str]] = {}
        for e in game.entries:
            by_heading.setdefault((e.heading or "").lower(), []).append(e.id)
            G.add_node(e.id, **node_attrs(e))
            if e.source.document in doc_ids:
                G.add_edge(e.id, doc_ids[e.source.document], key="from_document", kind="from_document")
        for e in game.entries:
            if e.parent and e.parent in G:
                if e.kind == "example":
                    G.add_edge(e.id, e.parent, key="example_of", kind="example_of")
                else:
                    G.add_edge(e.parent, e.id, key="parent_of", kind="parent_of")
            for t in game.citations.get(e.id, []):
                G.add_edge(e.id, t, key="cites", kind="cites")
            card_ids = [f"{gid}:card:{_slug(n, 12)}" for n in e.cards]
            for cid in card_ids:
                if cid in G and cid != e.id:
                    kind = "errata_of" if e.kind == "errata" else "mentions"
                    G.add_edge(e.id, cid, key=kind, kind=kind)
            if e.kind == "keyword":
                for other in by_heading.get((e.data.get("term") or e.title).lower(), []):
                    if other != e.id:
                        G.add_edge(e.id, other, key="defines", kind="defines")
        # text changes: the errata's new text supersedes the printed text (kept as its own node);
        # later errata for the same card supersede earlier ones
        for e in game.entries:
            if e.kind != "card":
                continue
            errs = [x for x in e.data.get("errata", []) if x in G]
            printed = e.data.get("printed_text")
            if errs and printed and e.data.get("texts"):
                pid = f"{e.id}:printed"
                G.add_node(pid, id=pid, kind="card", game=gid, number=None, title=f"{e.title} (printed text)",
                           text=printed, source=e.source.to_json(), heading=None, cards=[], refs=[],
                           data={"printed": True, "superseded_by": e.data["texts"][0]["errata"]})
                G.add_edge(e.id, pid, key="parent_of", kind="parent_of")
                G.add_edge(e.data["texts"][0]["errata"], pid, key="supersedes", kind="supersedes")
            for older, newer in zip(errs, errs[1:]):
                G.add_edge(newer, older, key="supersedes", kind="supersedes")
    return G


def node_attrs(e: Any) -> dict[str, Any]:
    question, answer = question_answer(e.kind, e.text, e.data)
    return {
        "id": e.id, "kind": e.kind, "game": e.game, "number": e.number, "title": e.title, "text": e.text,
        "source": e.source.to_json(), "heading": e.heading, "cards": list(e.cards), "refs": list(e.refs),
        "data": _jsonable(e.data), "question": question, "answer": answer,
        # the general rule a rule-stating FAQ answer or ruling says (rules_corpus/<game>/states-rule.yaml)
        "states_rule": e.data.get("general_rule"),
    }


def question_answer(kind: str, text: str | None, data: dict | None) -> tuple[str | None, str | None]:
    """(question, answer) of an entry: a FAQ entry's two halves; a ruling's text is its answer;
    other entries (rules, sections, cards, keywords) have neither."""
    data = data or {}
    if kind == "faq":
        q, a = data.get("question"), data.get("answer")
        return (q.strip() if isinstance(q, str) and q.strip() else None,
                a.strip() if isinstance(a, str) and a.strip() else None)
    if kind in RULING_TEXT_KINDS:
        return None, (text or "").strip() or None
    return None, None


def _jsonable(d: dict) -> dict:
    return json.loads(json.dumps(d, default=lambda o: getattr(o, "to_json", lambda: str(o))()))


def _slug(text: str, n: int = 0) -> str:
    from judge.corpus.text import slugify

    return slugify(text, n)


# ------------------------------------------------------------------ cache
def _cache_path(corpus_hash: str) -> Path:
    return cache_dir() / f"graph-{corpus_hash}.json"


def load_graph(corpus_dir: Path | str | None = None, *, with_verdicts: bool = True,
               rebuild: bool = False) -> nx.MultiDiGraph:
    """The graph for the corpus, from the cache when the corpus has not changed."""
    from judge.corpus import corpus_hash, default_corpus_dir, load_corpus

    root = Path(corpus_dir) if corpus_dir else default_corpus_dir()
    h = corpus_hash(root)
    path = _cache_path(h)
    G = None if rebuild else _read_cache(path, h)
    if G is None:
        corpus = load_corpus(root)
        G = build_graph(corpus)
        try:
            atomic_write_json(path, {"format": GRAPH_FORMAT, "corpus_hash": h, "corpus": str(root.resolve()),
                                     "graph": nx.node_link_data(G, edges="edges")})
            # one cache per corpus version: each corpus keeps its latest two, the corpora used last
            # keep theirs (a test run once left 504 MB of them; a draft never evicts the bundled one)
            prune(path.parent, "graph-[0-9a-f]*.json", keep=path, max_items=2, group=cached_corpus)
            clean_stale_temps(path.parent)
        except OSError as err:  # read-only or full cache: the graph is in memory, say so once
            cache_write_failed(err, path)
    if with_verdicts:
        from judge.verdicts import verdicts_path

        add_verdicts(G, verdicts_path(root))
    return G


def _graph_cache_problem(raw: Any) -> str | None:
    if not isinstance(raw, dict):
        return f"a graph cache is a JSON object, not {type(raw).__name__}"
    if raw.get("format") != GRAPH_FORMAT:
        return f"format {raw.get('format')!r}, expected {GRAPH_FORMAT}"
    graph = raw.get("graph")
    if not isinstance(graph, dict) or not isinstance(graph.get("nodes"), list) \
            or not isinstance(graph.get("edges"), list):
        return "no node-link graph in it"
    return None


def _read_cache(path: Path, h: str) -> nx.MultiDiGraph | None:
    """The cached graph, or None (missing, stale, or corrupt: said once, and rebuilt by the caller)."""
    from judge.cache import read_checked_json, say_rebuilt

    raw = read_checked_json(path, _graph_cache_problem)
    if raw is None or raw.get("corpus_hash") != h:
        return None
    try:
        return nx.node_link_graph(raw["graph"], directed=True, multigraph=True, edges="edges")
    except (KeyError, TypeError, ValueError, nx.NetworkXError) as err:
        say_rebuilt(path, f"not a graph ({type(err).__name__})")
        return None


def add_verdicts(G: nx.MultiDiGraph, verdicts_file: Path | None = None) -> dict[str, Any]:
    """Fixture nodes and `verified_by` / `applies` edges from the last verdicts (judge.verdicts; the
    bundled corpus's when no file is named).
    A `verified_by` edge says whether the entry is the scenario's `ruling:` (role "ruling") or only
    cited by it (role "cites"), and whether the scenario is a variant; a fixture node says whether
    the texts it was checked against changed since ("stale", with the "changed" ids).
    Returns the verdicts read, by scenario key ({} when there are none)."""
    from judge.verdicts import changed_texts, read_verdicts

    fixtures = read_verdicts(verdicts_file)
    hashes = {n: node_text_hash(G, n) for n in {i for v in fixtures.values()
                                                 for i in (v.get("texts") or {})}}
    for key, v in fixtures.items():
        ruling = v.get("ruling")
        game = v.get("game") or (ruling.split(":", 1)[0] if isinstance(ruling, str) and ":" in ruling else None)
        passed, variant = bool(v.get("passed")), bool(v.get("variant"))
        changed = changed_texts(v, hashes.get) if passed else []
        fid = f"fixture:{key}"
        G.add_node(fid, id=fid, kind="fixture", game=game, number=None, title=Path(key).name,
                   text=v.get("question", ""), source={"document": key, "lines": None},
                   passed=passed, path=key, variant=variant, stale=bool(changed), changed=changed,
                   answer=v.get("answer") or None, question=v.get("question") or None)
        if isinstance(ruling, str) and ruling in G:
            G.add_edge(ruling, fid, key="verified_by", kind="verified_by", passed=passed, role="ruling",
                       variant=variant)
        for t in dict.fromkeys(x for x in v.get("cites") or [] if isinstance(x, str)):
            if t != ruling and t in G:
                G.add_edge(t, fid, key="verified_by", kind="verified_by", passed=passed, role="cites",
                           variant=variant)
        for t in dict.fromkeys(v.get("applied") or []):
            if isinstance(t, str) and t in G:
                G.add_edge(fid, t, key="applies", kind="applies")
    return fixtures


def node_text_hash(G: nx.MultiDiGraph, n: str) -> str | None:
    """judge.verdicts.text_hash of an entry as the graph has it (None: no such entry)."""
    from judge.verdicts import text_hash

    a = G.nodes[n] if n in G else None
    if a is None or a.get("kind") in (None, "fixture"):
        return None
    return text_hash(a.get("title"), a.get("text"))


# ---------------------------------------------------------------- queries
def _out(G: nx.MultiDiGraph, n: str, kind: str) -> list[str]:
    return list(dict.fromkeys(v for _, v, k in G.out_edges(n, keys=True) if k == kind))


def _in(G: nx.MultiDiGraph, n: str, kind: str) -> list[str]:
    return list(dict.fromkeys(u for u, _, k in G.in_edges(n, keys=True) if k == kind))


def parent(G: nx.MultiDiGraph, n: str) -> str | None:
    p = _in(G, n, "parent_of") or _out(G, n, "example_of")
    return p[0] if p else None


def children(G: nx.MultiDiGraph, n: str) -> list[str]:
    from judge.corpus.numbering import key

    kids = _out(G, n, "parent_of")
    return sorted(kids, key=lambda k: (key(G.nodes[k].get("number") or "") or (10**9,), G.nodes[k]["source"]["lines"][0]
                                       if G.nodes[k].get("source") and G.nodes[k]["source"].get("lines") else 0))


def examples(G: nx.MultiDiGraph, n: str) -> list[str]:
    return _in(G, n, "example_of")


def citations(G: nx.MultiDiGraph, n: str) -> list[str]:
    return _out(G, n, "cites")


def cited_by(G: nx.MultiDiGraph, n: str) -> list[str]:
    return _in(G, n, "cites")


def cards_of(G: nx.MultiDiGraph, n: str) -> list[str]:
    return _out(G, n, "mentions") + _out(G, n, "errata_of")


def entries_mentioning(G: nx.MultiDiGraph, card: str) -> list[str]:
    return _in(G, card, "mentions")


def errata_for(G: nx.MultiDiGraph, card: str) -> list[str]:
    return _in(G, card, "errata_of")


def _scenarios(G: nx.MultiDiGraph, n: str, role: str) -> list[str]:
    return list(dict.fromkeys(v for _, v, k, d in G.out_edges(n, keys=True, data=True)
                              if k == "verified_by" and d.get("role", "ruling") == role))


def _base_scenarios(G: nx.MultiDiGraph, n: str) -> list[str]:
    """Fixture nodes of the base (not variant) scenarios this entry is the ruling of, best named first."""
    from judge.verdicts import order_scenarios

    by_path = {G.nodes[f].get("path", f): f for f in _scenarios(G, n, "ruling") if not G.nodes[f].get("variant")}
    return [by_path[p] for p in order_scenarios(n, list(by_path))]


def verification(G: nx.MultiDiGraph, n: str) -> dict[str, Any] | None:
    """The engine-checked mark of an entry: set only when the entry is the `ruling:` of base (not
    variant) scenarios that all pass. {"fixture": its own scenario, "passed": True, "stale": whether a
    checked text changed since, "changed": those ids, "fixtures": every base scenario}; else None."""
    base = _base_scenarios(G, n)
    if not base or not all(G.nodes[f].get("passed") for f in base):
        return None
    first = G.nodes[base[0]]
    changed = list(dict.fromkeys(i for f in base for i in G.nodes[f].get("changed") or []))
    return {"fixture": first.get("path", base[0]), "passed": True, "stale": bool(changed), "changed": changed,
            "fixtures": [G.nodes[f].get("path", f) for f in base]}


def failing_check(G: nx.MultiDiGraph, n: str) -> str | None:
    """A failing base scenario of this ruling (its path), or None."""
    return next((G.nodes[f].get("path", f) for f in _base_scenarios(G, n) if not G.nodes[f].get("passed")), None)


def citing_scenarios(G: nx.MultiDiGraph, n: str) -> list[str]:
    """Scenarios that cite this entry without being its ruling ("cited by N scenarios": no check of its text)."""
    return [G.nodes[f].get("path", f) for f in _scenarios(G, n, "cites")]


def related(G: nx.MultiDiGraph, n: str, limit: int = 12) -> list[str]:
    """What a judge wants next to an entry: its parent, the rules it cites, rules citing it,
    its errata and cards, and other rulings about the same cards."""
    if n not in G:
        return []
    out: list[str] = []
    p = parent(G, n)
    if p and G.nodes[p].get("kind") not in ("game", "document"):
        out.append(p)
    out += citations(G, n)
    out += cited_by(G, n)
    kind = G.nodes[n].get("kind")
    cards = [n] if kind == "card" else cards_of(G, n)
    for c in cards:
        if c != n:
            out.append(c)
        out += errata_for(G, c)
    for c in cards[:3]:
        out += [x for x in entries_mentioning(G, c) if G.nodes[x].get("kind") in ("ruling", "faq", "errata")]
    out += examples(G, n)
    seen = []
    for x in out:
        if x != n and x not in seen:
            seen.append(x)
    return seen[:limit]


def games(G: nx.MultiDiGraph) -> list[str]:
    return sorted(n for n, a in G.nodes(data=True) if a.get("kind") == "game")


def resolve(G: nx.MultiDiGraph, query: str, game: str | None = None) -> str:
    """An id from what a user typed: a full id, a bare rule number (with --game, or unique across
    games), or a local id ('faq:bloodletter-work'). Unknown -> UnknownEntryError with close ids."""
    q = query.strip()
    if game is not None and game not in G:
        raise UnknownGameError(game, games(G))
    if q in G and G.nodes[q].get("kind") is not None:
        return q
    if q != q.lower() and q.lower() in G and G.nodes[q.lower()].get("kind") is not None:
        return q.lower()  # ids are lowercase: 'huntik:701.4A' is huntik:701.4a
    if q != q.lower() and not (game and game != game.lower()):
        try:
            return resolve(G, q.lower(), game)
        except UnknownEntryError as err:
            raise UnknownEntryError(q, err.candidates) from None
    cands: list[str] = []
    local = q.rstrip(".")
    if game:
        cands.append(f"{game}:{local}")
    else:
        cands += [f"{g}:{local}" for g in games(G)]
    hits = [c for c in cands if c in G]
    if len(hits) == 1:
        return hits[0]
    aliases = G.graph.get("aliases") or {}
    kept = list(dict.fromkeys(aliases[c] for c in [q, *cands] if aliases.get(c) in G))
    if len(hits) == 0 and len(kept) == 1:  # an id an entry had (or would have) in another version
        return kept[0]
    if len(hits) > 1:
        raise UnknownEntryError(q, hits, kind="id (ambiguous: name the game with --game)")
    pool = [n for n, a in G.nodes(data=True) if a.get("kind") not in ("fixture",)
            and (game is None or a.get("game") == game)]
    close = difflib.get_close_matches(q if ":" in q else (f"{game}:{q}" if game else q), pool, n=5, cutoff=0.6)
    if not close and ":" not in q:
        close = [n for n in pool if n.endswith(":" + local) or n.split(":")[-1].startswith(local)][:5]
    raise UnknownEntryError(q, close)


def alias_note(G: nx.MultiDiGraph, query: str, found: str) -> str | None:
    """Why `query` found `found` when it is not its id: "X is another id of Y (aliases.yaml)"."""
    q = query.strip()
    if q == found or (":" not in q and found.endswith(":" + q.rstrip("."))):
        return None
    alias = next((a for a, k in (G.graph.get("aliases") or {}).items()
                  if k == found and (a == q or a.endswith(":" + q.rstrip(".")))), None)
    if alias is None:
        return None
    if re.match(r"\d", alias.split(":", 1)[-1]):  # a printed number (judge.versions.compare.numbered)
        return f"{alias} is the number this entry had in an earlier version of its document; it is now {found}"
    return (f"{alias} is another id of {found}: the entry keeps its id across versions of its document "
            f"(the game's aliases.yaml)")


def find_card(G: nx.MultiDiGraph, name: str, game: str | None = None) -> list[str]:
    """Card ids matching a name, best first: exact, then substring, then fuzzy ('sniktch')."""
    from judge.corpus.text import fold

    cards = [(n, a) for n, a in G.nodes(data=True) if a.get("kind") == "card" and (game is None or a.get("game") == game)]
    q = fold(name).strip()
    exact = [n for n, a in cards if fold(a["title"]) == q]
    if exact:
        return exact
    qs = _slug(name)
    sub = [n for n, a in cards if qs and (qs in _slug(a["title"]) or q in fold(a["title"]))]
    if sub:
        return sorted(sub, key=lambda n: len(G.nodes[n]["title"]))
    words = {fold(a["title"]): n for n, a in cards}
    close = difflib.get_close_matches(q, list(words), n=5, cutoff=0.5)
    if not close:  # compare with each word of a name: 'snikch' ~ 'sniktch'
        scored = []
        for t, n in words.items():
            best = max((difflib.SequenceMatcher(None, q, w).ratio() for w in re.findall(r"[a-z0-9'\-]+", t)), default=0)
            if best >= 0.75:
                scored.append((best, n))
        return [n for _, n in sorted(scored, reverse=True)][:5]
    return [words[c] for c in close]


# ------------------------------------------------------------------ reports
def entry_report(G: nx.MultiDiGraph, n: str) -> dict[str, Any]:
    """Everything about one entry, as `judge rule ID --json` prints it (and the web API serves it)."""
    a = G.nodes[n]
    card_ids = cards_of(G, n)
    entry = node_json(G, n)
    entry.update(heading=a.get("heading"), data=a.get("data", {}), refs=a.get("refs", []))
    dangling = [d for d in G.graph.get("reports", {}).get(a.get("game"), {}).get("refs", {}).get("dangling", [])
                if d["from"] == n]
    return {
        "entry": entry,
        "parent": parent(G, n),
        "children": children(G, n),
        "examples": examples(G, n),
        "cites": citations(G, n),
        "cited_by": cited_by(G, n),
        "cards": card_ids,
        "errata": [e for c in card_ids for e in errata_for(G, c) if e != n],
        "verified_by": [{"fixture": G.nodes[f].get("path", f), "passed": G.nodes[f].get("passed"),
                         "role": role, "variant": bool(G.nodes[f].get("variant")),
                         "stale": bool(G.nodes[f].get("stale"))}
                        for role in ("ruling", "cites") for f in _scenarios(G, n, role)],
        "verified": verification(G, n),
        "check_failing": failing_check(G, n),
        "mentioned_by": entries_mentioning(G, n) if a.get("kind") == "card" else [],
        "supersedes": _out(G, n, "supersedes"),
        "superseded_by": _in(G, n, "supersedes"),
        "dangling_refs": dangling,
        "edges": edges_json(G, [*G.in_edges(n, keys=True), *G.out_edges(n, keys=True)]),
        "mechanics": _mechanics(a.get("game"), n),
    }


def _mechanics(game: str | None, n: str) -> list[dict[str, Any]]:
    """The engine mechanics bound to entry ``n`` (key, does, off, module and function that
    implement it), from the game's rule bindings (judge/engine/bindings.py)."""
    if not game:
        return []
    from judge.engine.game import mechanics_report

    return mechanics_report(game, n)


def card_report(G: nx.MultiDiGraph, hits: list[str]) -> dict[str, Any]:
    """A card (the first of `hits`) with its text history, as `judge card NAME --json` prints it."""
    n = hits[0]
    a = G.nodes[n]
    data = a.get("data") or {}
    history = []
    for e in errata_for(G, n):
        ed = G.nodes[e].get("data") or {}
        history.append({"errata": e, "old_text": ed.get("old_text") or data.get("printed_text"),
                        "new_text": ed.get("new_text"), "reason": ed.get("reason") or G.nodes[e].get("text"),
                        "source": G.nodes[e].get("source")})
    entry = node_json(G, n)
    entry["data"] = data
    return {"card": entry, "current_text": a.get("text"), "printed_text": data.get("printed_text"),
            "errata": history, "mentioned_by": entries_mentioning(G, n), "other_matches": hits[1:]}


# ------------------------------------------------------------------- JSON
def node_json(G: nx.MultiDiGraph, n: str) -> dict[str, Any]:
    a = G.nodes[n]
    return {
        "id": n, "kind": a.get("kind"), "game": a.get("game"), "number": a.get("number"),
        "title": a.get("title", ""), "text": a.get("text", ""), "source": a.get("source"),
        "question": a.get("question"), "answer": a.get("answer"),
    }


def edges_json(G: nx.MultiDiGraph, edges: Iterable[tuple[str, str, str]] | None = None) -> list[dict[str, str]]:
    it = edges if edges is not None else G.edges(keys=True)
    return [{"source": u, "target": v, "kind": k} for u, v, k in it]
