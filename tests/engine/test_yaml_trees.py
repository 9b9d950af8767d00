"""The parsed-tree cache of `judge verify` (judge.engine.yamlcache): same trees and same verdicts as
parsing, a damaged cache file found and rebuilt, errors still found by the parser."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import judge.cache as cache
from judge.cache import atomic_write_json
from judge.engine import yamlcache, yamlload
from judge.engine.yamlcache import TreeStore, decode, encode, kept_trees
from judge.engine.yamlload import LineDict, LineList, load_yaml_text, load_yaml_with_lines
from judge.errors import BadInputError

ROOT = Path(__file__).resolve().parents[2]

TEXT = """\
ruling: tiny:1.1
cites: [tiny:1.2, tiny:1.3]
state:
  p1:
    hand: [Alpha, {name: Beta, damage: 2}]
  round: 2
  ratio: 0.5
  on: yes
  off: false
  none: null
  3: a number key
  true: a boolean key
actions:
  - {player: p1, play: Alpha}
  -
    player: p1
    pass: true
"""


def same_tree(a, b) -> None:
    """Equal values, types, key order and every line number."""
    assert type(a) is type(b), (a, b)
    if isinstance(a, dict):
        assert list(a) == list(b) and a.line == b.line and a.key_lines == b.key_lines
        for k in a:
            same_tree(a[k], b[k])
    elif isinstance(a, list):
        assert len(a) == len(b) and a.line == b.line and a.item_lines == b.item_lines
        for x, y in zip(a, b):
            same_tree(x, y)
    else:
        assert a == b


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(cache, "_said_rebuilt", set())
    monkeypatch.setattr(cache, "_fallback", None)
    yamlload.use_tree_store(None)
    yield
    yamlload.use_tree_store(None)


def test_a_tree_survives_encoding_with_its_types_and_lines():
    tree = load_yaml_text(TEXT, "x.yaml")
    back = decode(json.loads(json.dumps(encode(tree))))
    same_tree(tree, back)
    assert 3 in back["state"] and True in back["state"] and back["state"]["on"] == "yes"
    assert decode(encode(tree)) is not decode(encode(tree))  # fresh objects every time


def test_shared_containers_and_other_types_are_not_kept(tmp_path):
    store = TreeStore(tmp_path / "trees.json")
    aliased = "a: &x {k: 1}\nb: *x\n"
    dated = "when: 2024-01-02\n"
    for text in (aliased, dated):
        store.put(text, load_yaml_text(text, "x.yaml"))
        assert store.get(text) is None
    store.put("a: &x 1\nb: *x\n", load_yaml_text("a: &x 1\nb: *x\n", "x.yaml"))  # a shared scalar is fine
    assert store.get("a: &x 1\nb: *x\n") == {"a": 1, "b": 1}


@pytest.mark.parametrize("bad", [["m", 1, ["k", 1]], ["m", "1", []], ["s", 1, [1], []], ["q", 1, []],
                                 ["m", 1, [["list", "key"], 1, 2]], {"not": "a node"}])
def test_a_tree_of_the_wrong_shape_does_not_decode(bad):
    with pytest.raises(ValueError):
        decode(bad)


def test_trees_are_read_back_from_the_cache_folder(tmp_path, monkeypatch):
    f = tmp_path / "a.ruling.yaml"
    f.write_text(TEXT)
    want = load_yaml_with_lines(f)
    with kept_trees():
        same_tree(load_yaml_with_lines(f), want)
    assert yamlcache.cache_path().is_file()

    def no_parsing(text, path):
        raise AssertionError("parsed again")

    monkeypatch.setattr(yamlload, "load_yaml_text", no_parsing)
    with kept_trees():
        same_tree(load_yaml_with_lines(f), want)
        copy = tmp_path / "copy.yaml"  # the same text anywhere: the same key
        copy.write_text(TEXT)
        same_tree(load_yaml_with_lines(copy), want)


def test_errors_are_still_found_by_the_parser():
    bad = Path(yamlcache.cache_path().parent) / "bad.yaml"
    bad.write_text("a: [1, 2\n")
    with kept_trees():
        for _ in range(2):
            with pytest.raises(BadInputError, match="malformed YAML"):
                load_yaml_with_lines(bad)
    raw = json.loads(yamlcache.cache_path().read_text()) if yamlcache.cache_path().exists() else {"trees": {}}
    assert raw["trees"] == {}


@pytest.mark.parametrize("damaged", [json.dumps(["m", 1, ["only a key"]]), '["m", 1, [', "[]"])
def test_a_damaged_tree_entry_is_parsed_again(tmp_path, damaged):
    f = tmp_path / "a.yaml"
    f.write_text(TEXT)
    with kept_trees():
        want = load_yaml_with_lines(f)
    path = yamlcache.cache_path()
    raw = json.loads(path.read_text())
    key = next(iter(raw["trees"]))
    raw["trees"][key][1] = damaged  # a valid checksum and file, a wrong tree
    raw.pop("checksum")
    atomic_write_json(path, raw)
    with kept_trees():
        same_tree(load_yaml_with_lines(f), want)
    assert json.loads(json.loads(path.read_text())["trees"][key][1]) == encode(want)  # put back whole


def test_trees_of_another_loader_are_not_used(tmp_path, monkeypatch):
    f = tmp_path / "a.yaml"
    f.write_text("a: 1\n")
    with kept_trees():
        load_yaml_with_lines(f)
    monkeypatch.setattr(yamlcache, "_loader_id", lambda: "another-loader")
    store = TreeStore(yamlcache.cache_path())
    assert store.trees == {} and store.changed  # replaced on save, without a word


def test_the_kept_trees_are_bounded_by_their_text_size(tmp_path, monkeypatch):
    monkeypatch.setattr(yamlcache, "MAX_TEXT_BYTES", 30)
    texts = [f"key: value {i}\n" for i in range(4)]  # 13 bytes each: two fit
    for text in texts:
        store = TreeStore(yamlcache.cache_path())
        store.put(text, load_yaml_text(text, "x"))
        store.save()
    kept = TreeStore(yamlcache.cache_path()).trees
    assert list(kept) == [TreeStore.key(t) for t in texts[2:]]


def _verify_json(paths, capsys):
    from judge.cli import cli
    from click.testing import CliRunner

    res = CliRunner().invoke(cli, ["verify", *map(str, paths), "--json"])
    return res.exit_code, json.loads(res.stdout)


def test_a_flipped_byte_in_the_tree_cache_is_found_and_rebuilt_with_the_same_verdicts(tmp_path, capsys):
    import judge.scenarios.loader as loader

    rulings = tmp_path / "rulings" / "huntik"
    rulings.mkdir(parents=True)
    for f in sorted((ROOT / "rulings" / "huntik").rglob("*.ruling.yaml"))[:6]:
        (rulings / f.name).write_text(f.read_text())
    broken = rulings / "zz-broken.ruling.yaml"
    broken.write_text("ruling: huntik:702.2\nstate: {p1: {hand: [1]]}\n")
    loader._card_pool.cache_clear()
    first = _verify_json([rulings], capsys)
    path = yamlcache.cache_path()
    assert first[0] == 2 and len(first[1]["errors"]) == 1  # bad input only: exit 2 and path.is_file()
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x01
    path.write_bytes(bytes(data))
    assert TreeStore(path).trees == {}  # found: said in one line, and every tree parsed again
    said = capsys.readouterr().err
    assert said.count("is unusable") == 1 and str(path) in said and "checksum" in said
    loader._card_pool.cache_clear()
    assert _verify_json([rulings], capsys) == first
    assert len(TreeStore(path).trees) == 7  # rewritten whole: 6 scenarios and the huntik cards
    loader._card_pool.cache_clear()
    assert _verify_json([rulings], capsys) == first


def test_a_tree_read_ahead_is_handed_out_once(tmp_path):
    f = tmp_path / "a.yaml"
    f.write_text(TEXT)
    bad = tmp_path / "bad.yaml"
    bad.write_text("a: [1\n")
    with kept_trees() as store:
        store.read_ahead(f)
        with pytest.raises(BadInputError, match="malformed YAML"):
            store.read_ahead(bad)
        first = load_yaml_with_lines(f)
        assert store.ready == {}
        second = load_yaml_with_lines(f)  # decoded again: never the object handed out before
        assert second is not first
        same_tree(first, second)


def test_only_the_thread_that_opened_the_store_uses_it(tmp_path):
    import threading

    f = tmp_path / "a.yaml"
    f.write_text(TEXT)
    seen = []
    with kept_trees() as store:
        worker = threading.Thread(target=lambda: seen.append((yamlload.tree_store(), load_yaml_with_lines(f))))
        worker.start()
        worker.join()
        assert yamlload.tree_store() is store and store.trees == {}  # the other thread parsed on its own
    assert seen[0][0] is None and seen[0][1] == load_yaml_text(TEXT, "x")
