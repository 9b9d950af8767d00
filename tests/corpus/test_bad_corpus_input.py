"""A broken game folder is an error naming game.yaml (or the document), never a traceback."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from judge.cli import cli
from judge.corpus import load_corpus
from judge.errors import CorpusError

GAME_YAML = "id: tiny\nname: Tiny\nlanguage: en\ndocuments:\n  - path: rules.txt\n"
RULES = "100. Basics\n100.1. A rule about cards.\n100.2. Another rule, see rule 100.1.\n"


def _game(root, name="tiny", manifest=GAME_YAML):
    folder = root / name
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(manifest, encoding="utf-8")
    (folder / "rules.txt").write_text(RULES, encoding="utf-8")
    return folder


def test_a_tiny_game_loads(tmp_path):
    _game(tmp_path)
    assert len(load_corpus(tmp_path).games["tiny"].entries) >= 2


def test_card_types_a_number(tmp_path):
    _game(tmp_path, manifest=GAME_YAML + "card_types: 3\n")
    with pytest.raises(CorpusError) as info:
        load_corpus(tmp_path)
    assert "card_types" in str(info.value) and info.value.line == 6 and info.value.path.endswith("game.yaml")


def test_game_yaml_a_folder(tmp_path):
    folder = _game(tmp_path)
    (folder / "game.yaml").unlink()
    (folder / "game.yaml").mkdir()
    with pytest.raises(CorpusError) as info:
        load_corpus(tmp_path)
    assert "game.yaml is a folder" in str(info.value)


def test_game_yaml_a_symlink_loop(tmp_path):
    folder = _game(tmp_path)
    (folder / "game.yaml").unlink()
    (folder / "game.yaml").symlink_to(folder / "game.yaml")
    with pytest.raises(CorpusError) as info:
        load_corpus(tmp_path)
    assert "cannot read game.yaml" in str(info.value)


def test_symlink_loops_in_the_corpus_folder_are_skipped(tmp_path):
    folder = _game(tmp_path)
    (folder / "loop").symlink_to(tmp_path)          # a folder that contains itself
    (folder / "self").symlink_to(folder / "self")   # a link to itself
    (tmp_path / "game-loop").symlink_to(tmp_path / "game-loop")
    assert "tiny" in load_corpus(tmp_path).games


def test_a_document_that_is_a_symlink_loop_names_it(tmp_path):
    folder = _game(tmp_path)
    (folder / "rules.txt").unlink()
    (folder / "rules.txt").symlink_to(folder / "rules.txt")
    res = CliRunner().invoke(cli, ["--corpus", str(tmp_path), "ingest", "--json"])
    assert res.exit_code == 2 and "Traceback" not in res.output and "rules.txt" in res.output


def test_cli_bad_manifest_exit_2_and_json(tmp_path):
    _game(tmp_path, manifest=GAME_YAML + "card_types: 3\n")
    res = CliRunner().invoke(cli, ["--corpus", str(tmp_path), "games"])
    assert res.exit_code == 2 and "game.yaml:6:" in res.output
    res = CliRunner().invoke(cli, ["--corpus", str(tmp_path), "games", "--json"])
    assert res.exit_code == 2 and '"line": 6' in res.output
