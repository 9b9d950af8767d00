"""Helpers shared by the command modules (kept light: no heavy imports)."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import click

json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")


def corpus_dir(ctx: click.Context) -> Path | None:
    obj = ctx.find_root().obj or {}
    return obj.get("corpus")


def echo_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=None, sort_keys=False))


def no_color() -> bool:
    """NO_COLOR set to anything non-empty turns colours off (https://no-color.org)."""
    return bool(os.environ.get("NO_COLOR"))


def use_color(stream: Any = None) -> bool:
    """Colours only on a terminal, and never under NO_COLOR."""
    stream = stream or sys.stdout
    return not no_color() and bool(getattr(stream, "isatty", lambda: False)())
