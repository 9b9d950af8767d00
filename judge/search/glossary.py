"""Bilingual term glossaries: an English question about a Hungarian game, translated term by term.

rules_corpus/<game>/glossary.yaml:

    source_language: en        # the language questions are asked in
    language: hu               # the game's language (default: the manifest's)
    terms:
      creature: [lény, lények]
      reserve: [tartalék]
      ...

Compiled at index time to {stems of the English term (tuple) -> translations}; applied at query time
by greedy longest match over the stemmed question. Words with no glossary entry are dropped from the
translation (rule numbers are kept).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from judge.search.text import RULE_NUMBER_RE, STOPWORDS, _stemmer, normalize, words


@lru_cache(maxsize=256)
def _stems(phrase: str, language: str) -> tuple[str, ...]:
    """Remembered (bounded): a question is translated with each game's glossaries, and each time its
    stems are the same."""
    # stop words left out, of glossary terms and questions alike
    toks = [t for t in words(phrase) if t not in STOPWORDS.get(language, ())]
    return tuple(_stemmer(language).stemWords(toks))


def compile_glossary(data: dict[str, Any], game_language: str) -> dict[str, Any]:
    source = str(data.get("source_language", "en"))
    target = str(data.get("language", game_language))
    phrases: dict[str, list[str]] = {}
    longest = 1
    for term, translations in (data.get("terms") or {}).items():
        if isinstance(translations, str):
            translations = [translations]
        stems = _stems(str(term), source)
        if not stems or not translations:
            continue
        key = " ".join(stems)
        bucket = phrases.setdefault(key, [])
        for t in translations:
            if str(t) not in bucket:
                bucket.append(str(t))
        longest = max(longest, len(stems))
    return {"source_language": source, "language": target, "phrases": phrases, "longest": longest}


def translate(question: str, glossary: dict[str, Any]) -> tuple[str, list[tuple[str, list[str]]]]:
    """The question's glossary terms, translated. Returns (translated text, [(matched stems, translations)])."""
    stems = _stems(question, glossary["source_language"])
    phrases = glossary["phrases"]
    out: list[str] = []
    matched: list[tuple[str, list[str]]] = []
    i = 0
    while i < len(stems):
        for n in range(min(glossary["longest"], len(stems) - i), 0, -1):
            key = " ".join(stems[i : i + n])
            if key in phrases:
                out.extend(phrases[key])
                matched.append((key, phrases[key]))
                i += n
                break
        else:
            i += 1
    out.extend(RULE_NUMBER_RE.findall(normalize(question)))
    return " ".join(out), matched
