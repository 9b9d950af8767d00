"""Cards quoted in documents.

- Inline quotes after an example (Huntik): "Dante Vale, Private Investigator, Major Hero, Good Seeker,
  5 ATK, 4 DEF Whenever I play ..." — recognised through the game's card types (game.yaml `card_types`).
- Card blocks (Vs. System FAQ): name line, type line, cost line, stats line, text lines.
- Set-code and version mentions in FAQ text: "Deathmaster Sniktch (CC 79)", "Jar Jar Binks (A)".
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

DEFAULT_CARD_TYPES = [
    "Major Hero", "Minor Hero", "Exhaust Action", "Free Action", "Combat Action",
]


@dataclass
class CardQuote:
    name: str
    type: str
    text: str
    stats: dict = field(default_factory=dict)
    traits: str = ""
    start: int = 0  # offset in the scanned text


_NAME_WORD = r"[A-Z0-9][\w'’\-]*"
_SMALL = r"(?:and|of|the|de|a|in|on)"
_NAME = rf"{_NAME_WORD}(?: (?:{_NAME_WORD}|{_SMALL}))*"


def find_card_quotes(text: str, card_types: list[str]) -> tuple[str, list[CardQuote]]:
    """Split an example's text into its narrative and the cards quoted after it."""
    types = "|".join(re.escape(t) for t in sorted(card_types, key=len, reverse=True))
    rx = re.compile(
        rf"(?:(?<=[.!?”\"]\s)|(?<=^))(?P<name>{_NAME}(?:, {_NAME})?), (?P<type>{types}), "
        rf"(?P<align>[A-Z][\w\-]*)(?:(?P<rest>[^.,]*), (?P<atk>\d+) ATK, (?P<def>\d+) DEF|(?P<none>))\s"
    )
    matches = list(rx.finditer(text))
    if not matches:
        return text, []
    quotes: list[CardQuote] = []
    for i, m in enumerate(matches):
        end = matches[i + 1].start() if i + 1 < len(matches) else len(text)
        if m.group("atk") is not None:  # a hero
            traits = (m.group("align") + m.group("rest")).strip()
            body = text[m.end():end]
            stats = {"atk": int(m.group("atk")), "def": int(m.group("def"))}
        else:
            # actions: 'Breakspell, Exhaust Action, Good Cancel an enemy...' -> alignment then text
            traits = m.group("align")
            body = text[m.end("align"):end]
            stats = {}
        quotes.append(CardQuote(m.group("name").strip(), m.group("type"), body.strip(), stats, traits, m.start()))
    return text[: matches[0].start()].rstrip(), quotes


COST_LINE = re.compile(r"^(?:[A-Z][\w ]{0,20} )?Cost\s+\d+\s*$")
STATS_LINE = re.compile(r"^\d+\s*ATK\s*/\s*\d+\s*DEF\s*$", re.I)
TYPE_LINE = re.compile(r"^[A-Z][\w .'’\-]*(?:,\s*[A-Z][\w .'’\-]*)?$")


def is_card_block(lines: list[str], i: int) -> bool:
    """A card block starts at lines[i] when a cost or stats line follows within three lines."""
    name = lines[i].strip()
    if not name or len(name) > 70 or name.endswith((".", ":", "?")):
        return False
    for j in range(i + 1, min(i + 4, len(lines))):
        s = lines[j].strip()
        if not s:
            return False
        if COST_LINE.match(s) or STATS_LINE.match(s):
            return True
    return False


def parse_card_block(lines: list[str], i: int) -> tuple[dict, int]:
    """Read a card block from lines[i]; returns (card, index after the block's last line)."""
    name = lines[i].strip()
    card: dict = {"name": name, "type": "", "cost": None, "stats": {}, "text": ""}
    j = i + 1
    if j < len(lines) and not COST_LINE.match(lines[j].strip()) and not STATS_LINE.match(lines[j].strip()):
        card["type"] = lines[j].strip()
        j += 1
    text_lines: list[str] = []
    while j < len(lines) and lines[j].strip():
        s = lines[j].strip()
        if COST_LINE.match(s):
            card["cost"] = s
        elif STATS_LINE.match(s):
            m = re.match(r"(\d+)\s*ATK\s*/\s*(\d+)\s*DEF", s, re.I)
            card["stats"] = {"atk": int(m.group(1)), "def": int(m.group(2))}
        else:
            text_lines.append(s)
        j += 1
    card["text"] = "\n".join(text_lines)
    return card, j


# "Deathmaster Sniktch (CC 79)", "Grimgor Ironhide (CS 63)", "Kairos Fateweaver (Legends 30)",
# "Wolves of the North [CC 32]", "Master Rune of Valaya (Core 25)"
_MENTION_WORD = r"[A-Z0-9‘'][\w'’‘!\-]*"
SET_CODE_MENTION = re.compile(
    rf"(?P<name>{_MENTION_WORD}(?: (?:{_MENTION_WORD}|of|the|de|to|from|for|on|in|a|an))*?) [(\[](?:[A-Z][A-Za-z]{{1,3}}|Core|Legends) ?\d{{1,3}}[)\]]"
)
# "Jar Jar Binks (A)", "Anakin’s Podracer (A)", "Luke Skywalker (F)"
VERSION_MENTION = re.compile(rf"(?P<name>{_NAME_WORD}(?: {_NAME_WORD})*) \((?P<v>[A-Z])\)")

_NOT_NAMES = {"A", "An", "If", "When", "Q", "Yes", "No", "Unit", "Units", "Example", "For", "I", "You", "Does",
              "Do", "Can", "Is", "Are", "What", "How", "Why", "Which", "With", "Use", "Play", "Has", "Have"}


def names_from_mentions(text: str) -> list[str]:
    names: list[str] = []
    for m in SET_CODE_MENTION.finditer(text):
        name = _trim_leading_words(m.group("name"))
        if name:
            names.append(name)
    for m in VERSION_MENTION.finditer(text):
        name = _trim_leading_words(m.group("name"))
        if name and m.group("name").split()[-1] not in {"Unit", "unit"}:
            names.append(f"{name} ({m.group('v')})")
    return names


def _trim_leading_words(name: str) -> str:
    words = name.split()
    while words and (words[0] in _NOT_NAMES or (words[0] == "the" or words[0] == "The") and len(words) > 1
                     and words[1][:1].islower()):
        words.pop(0)
    name = " ".join(words)
    return re.sub(r"(?:’s|'s)$", "", name)
