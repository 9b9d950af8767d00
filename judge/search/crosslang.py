"""Questions that cross a language line: Hungarian typed without accents, and an English question that
names something only a game in another language has (a Hatalom Kártyái "galetki").

Reads only the opened index's lexical vocabularies (what the documents' words stem to); each table is
made once per opened index and language.
"""
from __future__ import annotations

from typing import Any

from judge.search.text import STOPWORDS, _stemmer, fold, words

MIN_FOREIGN_WORD = 4  # letters of a word that may name another language's game (shorter ones are chance)
MIN_FOREIGN_STEM = 5  # letters of its stem in that language: the other stemmer cuts English words short


def _folded_vocab(index: Any, lang: str) -> dict[str, str]:
    """fold(stem) -> the documents' stem with its accents (the one in most entries when several fold alike)."""
    key = ("_folded_vocab", lang)
    table = index.__dict__.get(key)
    if table is None:
        lex = index.lexical[lang]
        indptr = lex["indptr"]
        table, best = {}, {}
        for stem, t in lex["vocab"].items():
            n = int(indptr[t + 1] - indptr[t]) if t + 1 < len(indptr) else 0
            f = fold(stem)
            if n > best.get(f, 0):
                table[f], best[f] = stem, n
        index.__dict__[key] = table
    return table


def _known(index: Any, lang: str, stem: str) -> bool:
    """Whether some entry of `lang`'s documents has `stem`."""
    lex = index.lexical[lang]
    t = lex["vocab"].get(stem)
    return t is not None and t + 1 < len(lex["indptr"]) and lex["indptr"][t + 1] > lex["indptr"][t]


def restore(index: Any, lang: str, stems: list[str]) -> list[str]:
    """The question's stems, each one no document has replaced by the documents' stem it is without
    its accents ("varazslat" -> "varázslat"): a question typed without accents finds the words."""
    if lang not in index.lexical:
        return stems
    folded = None
    out = []
    for s in stems:
        if not _known(index, lang, s):
            folded = folded if folded is not None else _folded_vocab(index, lang)
            s = folded.get(fold(s), s)
        out.append(s)
    return out


def _content(question: str) -> list[str]:
    every_stop = frozenset().union(*STOPWORDS.values())
    return [w for w in dict.fromkeys(words(question))
            if len(w) >= MIN_FOREIGN_WORD and not w.isdigit() and w not in every_stop and fold(w) not in every_stop]


def language_of(index: Any, question: str, detected: str) -> str:
    """The question's language: `detected` (judge.search.text.detect_language), unless more of its words
    are another indexed language's words than `detected`'s, at least two of them, when typed without
    accents ("hova kerul a leny kijatszas utan" is Hungarian though no accent says so)."""
    toks = _content(question)
    if not toks or detected not in index.lexical:
        return detected

    def known(lang: str) -> int:
        stems = _stemmer(lang).stemWords(toks)
        return sum(1 for s in restore(index, lang, stems) if _known(index, lang, s))

    own = known(detected)
    best, most = detected, own
    for lang in index.lexical:
        if lang != detected:
            n = known(lang)
            if n >= 2 and n > most:
                best, most = lang, n
    return best


def foreign_words(index: Any, question: str, qlang: str, games: list[str]) -> dict[str, list[str]]:
    """Words of the question that no document in its own language has but a game in another language
    has ("galetki"): game -> those words. Such a word names that game as a card name does."""
    lookup = index.lookup
    others = {lookup["game_language"][g] for g in games} - {qlang}
    if not others or qlang not in index.lexical:
        return {}
    out: dict[str, list[str]] = {}
    for w in _content(question):
        if _known(index, qlang, _stemmer(qlang).stemWord(w)):
            continue
        for lang in others:
            if lang not in index.lexical:
                continue
            stem = restore(index, lang, [_stemmer(lang).stemWord(w)])[0]
            if len(stem) < MIN_FOREIGN_STEM:
                continue  # a short stem is chance ('marked' -> 'mar', 'mini' -> 'min'), not the word itself
            lex = index.lexical[lang]
            t = lex["vocab"].get(stem)
            if t is None or not _known(index, lang, stem):
                continue
            docs = lex["docs"][lex["indices"][lex["indptr"][t]:lex["indptr"][t + 1]]]
            in_games = {index.games[c] for c in set(index.entry_game[docs].tolist())}
            for g in games:
                if g in in_games and lookup["game_language"][g] == lang and w not in out.get(g, []):
                    out.setdefault(g, []).append(w)
    return out
