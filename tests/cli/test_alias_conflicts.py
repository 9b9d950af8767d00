"""A person's line in aliases.yaml is never replaced: `judge ingest` (earlier versions) and `judge
diff --accept` report the conflict and keep it (NEWUSER41 #5)."""
import json

from click.testing import CliRunner

from judge.cli import cli

R1 = ("1 Basics\n1.1 Each player starts with twenty life.\n2 Turns\n2.1 Each turn has three phases.\n"
      "2.3 A player may play creatures only during his or her own main phase.\n")
R2 = R1.replace("2.3 A player", "2.4 A player")
MINE = "# my notes\naliases:\n  tiny:2.3: tiny:1.1  # my deliberate mapping\n"


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def game(folder, text, earlier=None):
    folder.mkdir(parents=True)
    (folder / "rules.txt").write_text(text, encoding="utf-8")
    doc = "  - path: rules.txt\n"
    if earlier:
        (folder / "rules-0.txt").write_text(earlier, encoding="utf-8")
        doc += "    earlier:\n      - {path: rules-0.txt}\n"
    (folder / "game.yaml").write_text("id: tiny\nname: Tiny\nlanguage: en\ndocuments:\n" + doc, encoding="utf-8")
    return folder


def test_diff_accept_keeps_a_hand_written_alias(tmp_path):
    old = game(tmp_path / "a" / "tiny", R1).parent
    new = game(tmp_path / "b" / "tiny", R2).parent
    (new / "tiny" / "aliases.yaml").write_text(MINE, encoding="utf-8")
    r = run("diff", old, new, "--accept", "--json")
    d = json.loads(r.output)
    assert d["alias_conflicts"] == {"tiny": {"tiny:2.3": {"kept": "tiny:1.1", "found": "tiny:2.4"}}}
    assert (new / "tiny" / "aliases.yaml").read_text(encoding="utf-8") == MINE
    r = run("diff", old, new, "--accept")
    assert "keeps tiny:2.3: tiny:1.1 as written" in r.output  # (stderr is mixed in by CliRunner)


def test_ingest_keeps_a_hand_written_alias(tmp_path):
    folder = game(tmp_path / "c" / "tiny", R2, earlier=R1)
    (folder / "aliases.yaml").write_text(MINE, encoding="utf-8")
    r = run("--corpus", folder.parent, "ingest", "--json")
    g = json.loads(r.output)["games"]["tiny"]
    assert g["alias_conflicts"] == {"tiny:2.3": {"kept": "tiny:1.1", "found": "tiny:2.4"}}
    text = (folder / "aliases.yaml").read_text(encoding="utf-8")
    assert text.startswith(MINE)  # what was written stays; only new aliases are added below it
    assert "keeps tiny:2.3: tiny:1.1 as written" in run("--corpus", folder.parent, "ingest").output
