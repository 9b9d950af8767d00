"""What a line can be, in every document style: the patterns every reader recognises and the
context a heading sets ('Frequently Asked Questions' -> faq, 'Glossary' -> keywords)."""
from __future__ import annotations

import re

Q_LINE = re.compile(r"^(?:Q|Question)\s*[:.]\s*(?P<t>.*)$")
A_LINE = re.compile(r"^(?:A|Answer)\s*[:.]\s*(?P<t>.*)$")
BULLET = re.compile(r"^(?:[•●▪◦*]|-(?=\s*[A-Z])|–(?=\s))\s*(?P<t>\S.*)$")
EXAMPLE = re.compile(r"^(?:For example|Example|E\.g\.|Példa)\s*:\s*(?P<t>.*)$", re.I)
# 'Another example would be ...': an example paragraph with no colon, one more of the series just given
ANOTHER_EXAMPLE = re.compile(r"^(?P<t>Another example\b.*)$", re.I)
NOTE = re.compile(r"^Note\s*:\s*(?P<t>.*)$", re.I)
OLD_TEXT = re.compile(r"^Old Text\s*:\s*(?P<t>.*)$", re.I)
NEW_TEXT = re.compile(r"^New Text\s*:\s*(?P<t>.*)$", re.I)
NUMBERED_CARD = re.compile(r"^(?P<no>\d{1,3}(?:\s*&\s*\d{1,3})?)\s+(?P<name>[A-Z][^.:]{1,60})$")
VERSION_TAG = re.compile(r"\s*\(v(?P<v>\d+(?:\.\d+)*)\)\s*")
SUPPLEMENT = re.compile(r"^\[(?P<t>Kiegészítés|Supplement|Addendum|Errata)\]$", re.I)
SHOULD = re.compile(r"\bshould\s+(?:read|have)\b|\bshouldn[’']t have\b|reversal of previous ruling|\bis unique\b", re.I)
REVERSAL = re.compile(r"reversal of previous ruling", re.I)
LIST_HEADING = re.compile(r"\b(?:restricted|banned|ban)\s+list\b", re.I)
RULEBOOK_ERRATA = re.compile(r"^On page (?P<page>\d+) of the (?P<book>[^,]+)", re.I)

_CONTEXT_WORDS = [
    ("list", LIST_HEADING),
    ("errata", re.compile(r"\berrata\b", re.I)),
    ("faq", re.compile(r"frequently asked|\bfaq\b|questions\b", re.I)),
    ("cards", re.compile(r"card[- ]specific|^specific (?:cards?|characters?|actions?|songs?|items?|locations?)\b", re.I)),
    ("keywords", re.compile(r"\bkeywords?\b|\bglossary\b|\bszójegyzék\b|\bdefinitions\b", re.I)),
    ("clarification", re.compile(r"clarification", re.I)),
]


def context_of(title: str) -> str | None:
    for name, rx in _CONTEXT_WORDS:
        if rx.search(title):
            return name
    return None

