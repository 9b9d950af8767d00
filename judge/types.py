"""The shared vocabulary: game ids, entry and edge kinds, entry ids.

Everything else imports its names from here, so a kind is spelled once.
"""
from __future__ import annotations

from typing import Literal, NewType

GameId = NewType("GameId", str)
EntryId = NewType("EntryId", str)

#: The games bundled in rules_corpus/ (a corpus may hold others).
BUNDLED_GAMES: tuple[str, ...] = (
    "huntik",
    "warhammer-invasion",
    "hatalom-kartyai",
    "star-wars-tcg",
    "vs-system",
)

EntryKind = Literal[
    "game", "document", "section", "rule", "faq", "clarification", "keyword",
    "ruling", "example", "errata", "list", "card", "fixture",
]
ENTRY_KINDS: tuple[str, ...] = (
    "game", "document", "section", "rule", "faq", "clarification", "keyword",
    "ruling", "example", "errata", "list", "card", "fixture",
)

EdgeKind = Literal[
    "parent_of", "cites", "example_of", "mentions", "errata_of", "supersedes",
    "defines", "from_document", "verified_by", "applies",
]
EDGE_KINDS: tuple[str, ...] = (
    "parent_of", "cites", "example_of", "mentions", "errata_of", "supersedes",
    "defines", "from_document", "verified_by", "applies",
)


def make_id(game: str, *parts: str) -> str:
    """``make_id("huntik", "701.4a")`` -> ``"huntik:701.4a"``."""
    return ":".join((game, *parts))


def split_id(entry_id: str) -> tuple[str, str]:
    """``"huntik:701.4a"`` -> ``("huntik", "701.4a")``; raises ValueError without a game."""
    game, sep, rest = entry_id.partition(":")
    if not sep or not game or not rest:
        raise ValueError(f"not an entry id (want GAME:LOCAL): {entry_id!r}")
    return game, rest
