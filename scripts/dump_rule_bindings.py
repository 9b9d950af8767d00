"""One-off conversion: write a game's current rule bindings (``bind_rules`` / module ``bind``
calls) as the text of its ``rules.yaml``.

    python scripts/dump_rule_bindings.py GAME [OUT]

Prints to stdout, or writes OUT (refusing to overwrite an existing file). Put the file at
``judge/games/<game>/rules.yaml`` and delete the Python ``reg.bind`` calls: the game then loads
the same bindings from the file (judge/engine/bindings.py checks it).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judge.engine.bindings import dump_rules_file  # noqa: E402
from judge.engine.game import get_game  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("out", nargs="?")
    args = ap.parse_args()
    text = dump_rules_file(get_game(args.game).registry)
    if not args.out:
        sys.stdout.write(text)
        return 0
    out = Path(args.out)
    if out.exists():
        print(f"{out}: exists; not overwritten", file=sys.stderr)
        return 2
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
