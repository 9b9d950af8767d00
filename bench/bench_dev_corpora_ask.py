"""`judge ask` on the real rulebooks of ../shared/corpora-dev/, each ingested as a new game with only a
game.yaml: builds one search index over them (timed: it embeds every entry with the model) and asks
each game a plain-words question, reporting the rank of the first hit that carries a rule number.

    python bench/bench_dev_corpora_ask.py

A benchmark, not a test (tests/corpus/test_dev_corpora.py checks the lexical half on every run).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEV = (ROOT / ".." / "shared" / "corpora-dev").resolve()

GAMES = {
    "onepiece": ["onepiece-cr-1.1.8.txt"],
    "riftbound": [f"riftbound-core-rules-2025-06-02-pp{p}.md" for p in ("01-20", "21-40", "41-60", "61-65")],
    "lorcana": ["lorcana-cr-2.0.1.md"],
    "lorcana-notes": ["lorcana-azurite-sea-set-notes.md"],
}
QUESTIONS = {
    "onepiece": "How many Character cards can I have in my Character area?",
    "riftbound": "How many copies of the same named card can my main deck include?",
    "lorcana": "Can a character quest the turn it is played?",
    "lorcana-notes": "Can I use an activated ability more than once during my turn?",
}


def corpus(root: Path, games: dict[str, list[str]] | None = None, titled: bool = False) -> Path:
    """A corpus folder under `root` of the dev games (`games`: id -> documents, linked, never copied);
    each game is named by its id, or by the id in title case (`titled`)."""
    for gid, files in (GAMES if games is None else games).items():
        folder = root / gid
        folder.mkdir(parents=True)
        for f in files:
            (folder / f).symlink_to(DEV / f)
        docs = "\n".join(f"  - path: {f}" for f in files)
        name = gid.title() if titled else gid
        (folder / "game.yaml").write_text(f"id: {gid}\nname: {name}\nlanguage: en\ndocuments:\n{docs}\n")
    return root


def ask(root: Path, gid: str, question: str) -> tuple[float, dict]:
    t = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "judge.cli", "--corpus", str(root), "ask", question,
                          "--game", gid, "-k", "5", "--json"], cwd=ROOT, capture_output=True, text=True, check=True)
    return time.perf_counter() - t, json.loads(out.stdout)


def main() -> None:
    if not DEV.is_dir():
        sys.exit(f"{DEV} is not here")
    os.environ.setdefault("JUDGE_CACHE", tempfile.mkdtemp(prefix="judge-bench-"))
    root = corpus(Path(tempfile.mkdtemp(prefix="corpora-dev-")))
    for n, (gid, q) in enumerate(QUESTIONS.items()):
        secs, ans = ask(root, gid, q)
        ranks = [i for i, r in enumerate(ans["results"], 1) if r.get("number")]
        label = "index build + ask" if n == 0 else "ask"
        print(f"{gid:<14} {label:<18} {secs:6.1f} s  first numbered hit at rank "
              f"{ranks[0] if ranks else '-'}: {ans['results'][ranks[0] - 1]['id'] if ranks else ''}")
        for r in ans["results"]:
            print(f"    {r['id']:<40} {r['title'][:50]}")


if __name__ == "__main__":
    main()
