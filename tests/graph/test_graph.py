import json
import shutil

import networkx as nx
import pytest

from judge import graph as g
from tests.conftest import CORPUS


def test_edges_of_each_kind_exist(graph):
    kinds = {k for _, _, k in graph.edges(keys=True)}
    assert {"parent_of", "cites", "example_of", "mentions", "errata_of", "from_document", "defines"} <= kinds


def test_rule_neighbourhood(graph):
    assert g.parent(graph, "huntik:701.4a") == "huntik:701.4"
    assert "huntik:701.4a" in g.children(graph, "huntik:701.4")
    assert g.examples(graph, "huntik:701.4a") == ["huntik:701.4a:example-1"]
    assert "huntik:711.2" in g.citations(graph, "huntik:700.3")
    assert "huntik:700.3" in g.cited_by(graph, "huntik:711.2")
    assert "huntik:card:breakspell" in g.cards_of(graph, "huntik:701.4a:example-1")
    assert g.errata_for(graph, "vs-system:card:stilt-man-wilbur-day") == ["vs-system:errata:stilt-man-wilbur-day"]


def test_every_node_carries_its_source(graph):
    for n, a in graph.nodes(data=True):
        if a["kind"] in ("game", "fixture"):
            continue
        assert a["source"]["document"], n
        if a["kind"] != "document":
            lo, hi = a["source"]["lines"]
            assert 1 <= lo <= hi, n


def test_related_entries(graph):
    rel = g.related(graph, "vs-system:ruling:shang-chi-master-of-kung-fu")
    assert "vs-system:card:shang-chi-master-of-kung-fu" in rel
    assert "huntik:701.4" in g.related(graph, "huntik:701.4a")


def test_resolve_and_unknown_ids(graph):
    from judge.errors import UnknownEntryError, UnknownGameError

    assert g.resolve(graph, "701.4a", "huntik") == "huntik:701.4a"
    assert g.resolve(graph, "8.5.1.1.") == "hatalom-kartyai:8.5.1.1"
    with pytest.raises(UnknownEntryError) as err:
        g.resolve(graph, "huntik:701.4z")
    assert "huntik:701.4a" in err.value.candidates
    with pytest.raises(UnknownGameError):
        g.resolve(graph, "701.4a", "nosuch")


def test_find_card_fuzzy(graph):
    assert g.find_card(graph, "sniktch")[0] == "warhammer-invasion:card:deathmaster-sniktch"
    assert g.find_card(graph, "stilt man")[0] == "vs-system:card:stilt-man-wilbur-day"


def test_cache_is_keyed_by_content_and_rebuilt_on_change(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE", str(tmp_path / "cache"))
    root = tmp_path / "corpus"
    shutil.copytree(CORPUS / "huntik", root / "huntik")
    G1 = g.load_graph(root)
    caches = list((tmp_path / "cache").glob("graph-*.json"))
    assert len(caches) == 1
    json.loads(caches[0].read_text())  # complete JSON, not half-written
    G2 = g.load_graph(root)
    assert nx.utils.nodes_equal(G1.nodes, G2.nodes)
    doc = root / "huntik" / "comprehensive-rules-700-712.txt"
    doc.write_text(doc.read_text(encoding="utf-8").replace("700.3 Some modifiers", "700.3 Some old modifiers"),
                   encoding="utf-8")
    G3 = g.load_graph(root)
    assert "Some old modifiers" in G3.nodes["huntik:700.3"]["text"]
    assert len(list((tmp_path / "cache").glob("graph-*.json"))) == 2


def test_corrupt_cache_is_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE", str(tmp_path / "cache"))
    root = tmp_path / "corpus"
    shutil.copytree(CORPUS / "huntik", root / "huntik")
    g.load_graph(root)
    cache = next((tmp_path / "cache").glob("graph-*.json"))
    cache.write_text('{"format": 3, "corpus_hash": "x", "graph": {')
    G = g.load_graph(root)
    assert "huntik:701.4a" in G


def test_verdicts_become_verified_by_edges(tmp_path, monkeypatch, graph):
    from judge.verdicts import VERDICTS_FORMAT

    G = g.load_graph(CORPUS, with_verdicts=False)  # without the verdicts of this session's runs
    vf = tmp_path / "verdicts.json"
    example, rule = "huntik:701.4a:example-1", "huntik:701.4a"
    texts = {i: g.node_text_hash(G, i) for i in (example, rule)}
    vf.write_text(json.dumps({"format": VERDICTS_FORMAT, "fixtures": {"rulings/huntik/chain/x.ruling.yaml": {
        "ruling": example, "cites": [rule], "passed": True, "variant": False, "texts": texts,
        "applied": ["huntik:701.4"]}}}))
    g.add_verdicts(G, vf)
    # the ruling is engine-checked by its own scenario; the rule it merely cites is not
    assert g.verification(G, example) == {"fixture": "rulings/huntik/chain/x.ruling.yaml", "passed": True,
                                          "stale": False, "changed": [],
                                          "fixtures": ["rulings/huntik/chain/x.ruling.yaml"]}
    assert g.verification(G, rule) is None
    assert g.citing_scenarios(G, rule) == ["rulings/huntik/chain/x.ruling.yaml"]
    assert G.has_edge("fixture:rulings/huntik/chain/x.ruling.yaml", "huntik:701.4", key="applies")


def test_text_changes_are_supersedes_edges(graph):
    printed = "vs-system:card:stilt-man-wilbur-day:printed"
    assert graph.has_edge("vs-system:errata:stilt-man-wilbur-day", printed, key="supersedes")
    assert "not named" not in graph.nodes[printed]["text"]
    assert "not named Stilt-Man" in graph.nodes["vs-system:card:stilt-man-wilbur-day"]["text"]
