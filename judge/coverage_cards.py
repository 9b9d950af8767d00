"""Card text accounted for (`judge coverage`, issue 13 item 5): each sentence of a card's current
text (its errata'd text when it has one) is modelled by the card's effect data, or listed under the
card's ``unmodelled:`` with a reason, or counted as unaccounted.

Sentences (``card_sentences``): the text is cut at sentence ends (``.``, ``!``, ``?`` followed by a
space and a capital letter, a digit or a quote). A text wholly in parentheses is a placeholder for
a text the corpus does not quote and has no sentences; so is a sentence wholly in parentheses
(reminder text, "(Barbed Snares, Capital Cycle 86)").

Each sentence is

- ``listed``: an ``unmodelled: [{text: START OF THE SENTENCE, reason: WHY}]`` item of the card
  names it (cards.yaml; the loader checks that the text is the card's);
- ``keyword``: every word group of it (split at ``.`` and ``,``; reminder text in parentheses
  left out) is one of the card's keywords,
  traits, its zone, its type, its faction, ``unique`` or ``limited`` -- the card's data carries it --
  or a sentence the rules attach to one of its traits, which the game implements (the game's
  ``trait_text``: WHI's Hero trait carries "Limit one Hero per zone");
- ``modelled``: the card has abilities, and the sentence is not an ability sentence (``Action:``,
  ``Forced:``, ``Response:``, ``Constant:``, ``When``, ``Whenever``, ``Each time`` ...) beyond the
  card's number of abilities and documented card scripts (the game's ``card_scripts``: a script
  implements what the effect language does not), nor one continuing such a sentence. This is a count, not a
  sentence-by-sentence proof: a card with two abilities and two ability sentences counts both
  as modelled even if one ability models half of one sentence;
- ``unaccounted``: anything else (a card without effect data, or more ability sentences than
  abilities).
"""
from __future__ import annotations

import re
from typing import Any

from judge.engine.card_text import card_sentences
from judge.engine.keywords import parse_keyword

# an ability sentence: an ability word and a colon ("Action:", "Forced:" ...) or a trigger ("When ...");
# "If you do", "At the end of the turn" and the like continue the ability before them
_ABILITY_START = re.compile(r"^(?:[\w' ]{0,30}(?:Action|Forced|Response|Reaction|Constant|Interrupt|Passive)\b\s*:|"
                            r"(?:When|Whenever|Each time)\b)", re.I)


def _fold(s: str) -> str:
    return re.sub(r"\s+", " ", s.strip().strip(".!").lower())


def _carried_words(card: Any, trait_text: dict | None = None) -> set[str]:
    words = {_fold(k) for k in (card.keywords or [])} | {_fold(t) for t in (card.traits or [])}
    # a valued keyword's name ("overload 2 1" carries the sentence "Overload (+2 power, 1 damage to itself)",
    # its values written in the parentheses, which are not compared)
    words |= {_fold(parse_keyword(k)[0]) for k in (card.keywords or []) if isinstance(k, str)}
    for trait in card.traits or []:
        words |= {_fold(s) for s in (trait_text or {}).get(trait, ())}
    words |= {_fold(str(card.type or "")), "unique", "limited"}
    for key in ("zone", "faction"):
        v = card.extra.get(key) if getattr(card, "extra", None) else None
        if isinstance(v, str):
            words.add(_fold(v))
            words.add(_fold(f"{v} only"))
    return {w for w in words if w}


def classify(card: Any, unmodelled: list[dict], trait_text: dict | None = None,
             scripts: int = 0) -> list[dict[str, Any]]:
    """``[{"text", "status", "reason"?}]`` for each sentence of ``card``'s text (a CardDef); ``scripts``:
    how many documented card scripts serve the card."""
    sentences = card_sentences(card.text)
    carried = _carried_words(card, trait_text)
    abilities = len(card.abilities or []) + scripts
    rows: list[dict[str, Any]] = []
    for s in sentences:
        listed = next((u for u in unmodelled if _fold(s).startswith(_fold(u["text"]))
                       or _fold(u["text"]).startswith(_fold(s))), None)
        if listed:
            rows.append({"text": s, "status": "listed", "reason": listed["reason"]})
            continue
        groups = [g for g in re.split(r"[.,]", re.sub(r"\([^)]*\)", "", s)) if g.strip()]
        if groups and all(_fold(g) in carried for g in groups):
            rows.append({"text": s, "status": "keyword"})
            continue
        rows.append({"text": s, "status": None})
    # the card's abilities cover its effect sentences while there are no more ability sentences than
    # abilities; past that, the extra ability sentences (and the sentences continuing them) are not
    effect = [r for r in rows if r["status"] is None]
    starts = sum(1 for r in effect if _ABILITY_START.match(r["text"]))
    seen = 0
    for r in effect:
        if _ABILITY_START.match(r["text"]):
            seen += 1
        covered = abilities > 0 and (starts <= abilities or seen <= abilities)
        r["status"] = "modelled" if covered else "unaccounted"
    return rows


def card_text_report(game: str, pool: Any) -> dict[str, Any]:
    """Per game: cards, sentences by status, and the unaccounted sentences by card."""
    from judge.engine.game import get_game
    from judge.errors import UnknownGameError

    try:
        module = get_game(game)
        trait_text, scripts = module.trait_text, module.card_scripts
    except UnknownGameError:  # a pool of a game without a package: its cards' data alone
        trait_text, scripts = {}, {}
    counts = {"cards": 0, "sentences": 0, "modelled": 0, "keyword": 0, "listed": 0, "unaccounted": 0}
    unaccounted: dict[str, list[str]] = {}
    noted: list[str] = []
    for slug in sorted(pool.versions):
        card = pool.versions[slug].get("errata") or pool.versions[slug]["printed"]
        name = card.name
        rows = classify(card, card.extra.get("unmodelled") or [], trait_text, len(scripts.get(name, ())))
        counts["cards"] += 1
        counts["sentences"] += len(rows)
        for r in rows:
            counts[r["status"]] += 1
        if "not modelled" in str(card.extra.get("note") or "") and not card.extra.get("unmodelled"):
            noted.append(name)  # its note says a part is not modelled, but no sentence is listed
        missing = [r["text"] for r in rows if r["status"] == "unaccounted"]
        if missing:
            unaccounted[name] = missing
    return {**counts, "unaccounted_by_card": unaccounted, "notes_say_not_modelled": noted}
