"""The sentences of a card's printed text: what the card-text coverage counts (judge/coverage_cards.py), and
what a game rule asks of a step -- which sentence of the text it writes (Hatalom 8.9.5)."""
from __future__ import annotations

import re

#: a sentence end of a card's text: '.', '!' or '?' (or one inside closing parentheses) before the next
#: sentence's capital
_SENTENCE_END = re.compile(r"(?:(?<=[.!?])|(?<=[.!?]\)))\s+(?=[\"'“‘(]?[A-Z0-9])")


def card_sentences(text: str) -> list[str]:
    """The sentences of a card's printed text, in order (the card-text coverage counts them; a game rule may
    ask which sentence a step writes: Hatalom 8.9.5)."""
    text = (text or "").strip()
    if not text or (text.startswith("(") and text.endswith(")")):
        return []
    # a sentence wholly in parentheses is a placeholder or reminder, not rules text of its own
    return [s.strip() for s in _SENTENCE_END.split(text)
            if re.search(r"[^\W\d_]", s) and not (s.strip().startswith("(") and s.strip().rstrip(".").endswith(")"))]
