"""Helpers shared by the command modules (kept light: no heavy imports)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")


def corpus_dir(ctx: click.Context) -> Path | None:
    obj = ctx.find_root().obj or {}
    return obj.get("corpus")


def echo_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=None, sort_keys=False))
