"""Words, stems, languages, passages and highlights: the text side of search.

Light on purpose (re + PyStemmer only): the query path imports this module.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Callable, Iterable

# A rule number ("701.4a", "8.5.1.1", "212.5e") or a word (letters, digits, inner apostrophes/hyphens).
RULE_NUMBER_RE = re.compile(r"(?<![\w.])(\d{1,4}(?:\.\d{1,4})+[a-z]?)(?![\w])", re.IGNORECASE)
TOKEN_RE = re.compile(r"\d+(?:\.\d+)+[a-z]?|[^\W_]+(?:['’][^\W_]+)?", re.UNICODE)

STEMMER_LANGUAGES = {"en": "english", "hu": "hungarian"}

STOPWORDS: dict[str, frozenset[str]] = {
    "en": frozenset(
        """a an and are as at be been but by can could did do does doing done for from had has have
        he her hers him his how i if in into is it its it's itself just me my of on or our ours she
        so than that the their theirs them then there these they this those to too us was we were
        what when where which while who whom why will with would you your yours i'm don't doesn't
        can't isn't what's get gets got should shall may might must also any some such""".split()
    ),
    "hu": frozenset(
        """a az egy és is nem de ha hogy mint meg már még csak vagy sem el fel le ki be van volt
        lesz lehet kell nincs vannak ez azt ezt ezek azok ő ők én te mi ti õ azaz pedig vagyis
        mert mikor amikor akkor ahol itt ott ami amely amelyek aki akik mi miért hogyan mit mire
        milyen melyik mely minden is se sőt tehát illetve ill. való úgy így igen""".split()
    ),
}

_HU_MARKERS = frozenset(
    """a az egy és hogy nem ha mi mit mikor hogyan lehet kell van lény lap lapot lapja kártya
    kártyát játékos ellenfél körben kör akkor vagy is meg""".split()
)
_HU_CHARS = set("áéíóöőúüűÁÉÍÓÖŐÚÜŰõû")


def normalize(text: str) -> str:
    """Case-fold and unify the typographic variants seen in the documents (’ ‘ ´ õ û)."""
    text = unicodedata.normalize("NFC", text)
    text = text.replace("’", "'").replace("‘", "'").replace("´", "'")
    text = text.replace("õ", "ő").replace("û", "ű").replace("Õ", "Ő").replace("Û", "Ű")
    return text.casefold()


def words(text: str) -> list[str]:
    return list(_words(text))


@lru_cache(maxsize=1024)
def _words(text: str) -> tuple[str, ...]:
    """Remembered (bounded): answering one question cuts the question and its situation into words
    about a dozen times (stems, card names, glossaries, the game's evidence)."""
    return tuple(TOKEN_RE.findall(normalize(text)))


@lru_cache(maxsize=None)
def _stemmer(language: str):
    import Stemmer

    return Stemmer.Stemmer(STEMMER_LANGUAGES.get(language, "english"))


# Hungarian writes a verb's prefix on the verb or apart from it ("kijátszható" / "játszható ki"; a question
# asks "játszhatok ki"), and the Snowball stemmer keeps the potential suffix -hat/-het ("can") and its
# participle -ható/-hető: "játszhat" and "kijátszható" share no stem. Each Hungarian stem is followed by
# its root without them ("játsz"), so those forms meet; the stem itself stays for exact matches.
_HU_PREFIXES = ("vissza", "össze", "hozzá", "szét", "meg", "fel", "föl", "el", "ki", "be", "le", "át", "rá")
_HU_POTENTIAL = ("ható", "hető", "hat", "het")
_HU_ROOT_MIN = 3  # letters a root keeps at least ("vesz" of "elvesz"; not "ny" of "lény")


@lru_cache(maxsize=1 << 15)
def hungarian_root(stem: str) -> str:
    """`stem` without a verbal prefix and the potential suffix ("kijátszható" -> "játsz"), or `stem`."""
    root = stem
    for prefix in _HU_PREFIXES:
        if root.startswith(prefix) and len(root) - len(prefix) >= _HU_ROOT_MIN + 1:
            root = root[len(prefix):]
            break
    for suffix in _HU_POTENTIAL:
        if root.endswith(suffix) and len(root) - len(suffix) >= _HU_ROOT_MIN:
            root = root[: -len(suffix)]
            break
    return root


def with_roots(stems: list[str], language: str) -> list[str]:
    """Hungarian stems, each followed by its root when that differs (`hungarian_root`); other languages as they are."""
    if language != "hu":
        return stems
    out: list[str] = []
    for s in stems:
        out.append(s)
        root = hungarian_root(s)
        if root != s:
            out.append(root)
    return out


def stem_words(tokens: Iterable[str], language: str, roots: bool = True) -> list[str]:
    stop = STOPWORDS.get(language, STOPWORDS["en"])
    kept = [t for t in tokens if t not in stop and (len(t) > 1 or t.isdigit())]
    stems = _stemmer(language).stemWords(kept)
    return with_roots(stems, language) if roots else stems


def analyze(text: str, language: str, roots: bool = True) -> list[str]:
    """Text -> stems for the lexical index (stop words dropped, Snowball stemmer of `language`; Hungarian
    stems followed by their roots unless ``roots`` is false)."""
    return stem_words(words(text), language, roots)


def fold(text: str) -> str:
    """`text` without accents ("varázslatot" -> "varazslatot"): Hungarian typed on a keyboard without them."""
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


@lru_cache(maxsize=None)
def _hu_markers_folded() -> frozenset[str]:
    """Common Hungarian words, without accents too, less those English uses ("a", "is", "be")."""
    return frozenset(fold(w) for w in _HU_MARKERS | STOPWORDS["hu"]) - STOPWORDS["en"] - {"a", "is", "be", "me", "mint"}


def detect_language(text: str) -> str:
    """'hu' when the question looks Hungarian (accents or common Hungarian words, typed with or
    without accents: "mikor jatszhatok ki ..."), else 'en'."""
    toks = words(text)
    if not toks:
        return "en"
    accents = sum(1 for ch in text if ch in _HU_CHARS)
    markers = sum(1 for t in toks if fold(t) in _hu_markers_folded())
    if accents >= 2 or (accents >= 1 and markers >= 1) or markers >= 2:
        return "hu"
    return "en"


def rule_numbers(text: str) -> list[str]:
    return [m.group(1).lower() for m in RULE_NUMBER_RE.finditer(text)]


_SENTENCE_RE = re.compile(r"(?<=[.!?;:])\s+|\n+")


def split_passages(text: str, count_tokens: Callable[[str], int], max_tokens: int) -> list[str]:
    """Cut `text` into passages of at most `max_tokens` model tokens, at sentence ends when possible.

    The model truncates its input; a long entry split this way is still found by any of its parts.
    """
    text = text.strip()
    if not text:
        return [""]
    if count_tokens(text) <= max_tokens:
        return [text]
    pieces: list[str] = []
    for sentence in _SENTENCE_RE.split(text):
        sentence = sentence.strip()
        if not sentence:
            continue
        if count_tokens(sentence) <= max_tokens:
            pieces.append(sentence)
            continue
        # one very long sentence: cut it by words
        chunk: list[str] = []
        for word in sentence.split():
            chunk.append(word)
            if count_tokens(" ".join(chunk)) > max_tokens and len(chunk) > 1:
                chunk.pop()
                pieces.append(" ".join(chunk))
                chunk = [word]
        if chunk:
            pieces.append(" ".join(chunk))
    passages: list[str] = []
    current = ""
    for piece in pieces:
        candidate = f"{current} {piece}".strip()
        if current and count_tokens(candidate) > max_tokens:
            passages.append(current)
            current = piece
        else:
            current = candidate
    if current:
        passages.append(current)
    return passages or [text]


def _is_query_word(word: str, query_stems: dict[str, set[str]]) -> bool:
    """Whether `word`'s stem, in any language of `query_stems`, is a stem of the query (stop words never are)."""
    word = normalize(word)
    return any(stems and word not in STOPWORDS.get(language, ()) and _stem_word(word, language) in stems
               for language, stems in query_stems.items())


@lru_cache(maxsize=1 << 15)
def _stem_word(word: str, language: str) -> str:
    """One word's stem, remembered: highlighting a results page stems the same few hundred words again and
    again (bounded: at most 32,768 short words)."""
    return _stemmer(language).stemWord(word)


def highlight(text: str, query_stems: dict[str, set[str]], mark: Callable[[str], str]) -> str:
    """Wrap each word of `text` whose stem (in any language of `query_stems`) the query has."""
    if not any(query_stems.values()):
        return text
    return TOKEN_RE.sub(lambda m: mark(m.group(0)) if _is_query_word(m.group(0), query_stems) else m.group(0), text)


def snippet(text: str, query_stems: dict[str, set[str]], width: int = 240) -> str:
    """The window of `text` (about `width` characters) holding the most query words."""
    text = " ".join(text.split())
    if len(text) <= width:
        return text
    spans = [m.start() for m in TOKEN_RE.finditer(text) if _is_query_word(m.group(0), query_stems)]
    best_start, best_count = 0, -1
    for start in [0, *spans]:
        s = max(0, start - width // 4)
        count = sum(1 for p in spans if s <= p < s + width)
        if count > best_count:
            best_start, best_count = s, count
    # start and end on word boundaries
    if best_start > 0:
        space = text.find(" ", best_start)
        best_start = space + 1 if 0 <= space < best_start + 20 else best_start
    end = min(len(text), best_start + width)
    if end < len(text):
        space = text.rfind(" ", best_start, end)
        end = space if space > best_start + width // 2 else end
    return ("…" if best_start > 0 else "") + text[best_start:end] + ("…" if end < len(text) else "")
