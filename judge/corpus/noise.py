"""Telling rules text from what surrounds it on the web: blog dates and chatter, site boilerplate,
comment prompts, navigation, text in another language than the document's."""
from __future__ import annotations

import re

from judge.corpus.text import fold, words

_MONTHS = (
    "january february march april may june july august september october november december "
    "stycznia lutego marca kwietnia maja czerwca lipca sierpnia wrzesnia pazdziernika listopada grudnia "
    "styczen luty marzec kwiecien maj czerwiec lipiec sierpien wrzesien pazdziernik listopad grudzien "
    "janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre "
    "januar februar marz juni juli oktober dezember "
    "januarja januar februar marcius aprilis majus junius julius augusztus szeptember oktober november december"
).split()
_WEEKDAYS = (
    "monday tuesday wednesday thursday friday saturday sunday "
    "poniedzialek wtorek sroda czwartek piatek sobota niedziela "
    "lundi mardi mercredi jeudi vendredi samedi dimanche "
    "montag dienstag mittwoch donnerstag freitag samstag sonntag "
    "hetfo kedd szerda csutortok pentek szombat vasarnap"
).split()

_STOP = {
    "en": set(
        "the a an and or of to in is are was be it that this for on with as by if you your can not "
        "at from his her its their have has when which will only any unless then than into each "
        "would does do may must no all one card cards play".split()
    ),
    "pl": set("i w na nie się że do to jest z o już ale czy jak tak tylko oraz które który która ich jej "
              "jego dla po przez od za się są był była było tego tym też bardzo gdzie kiedy".split()),
    "fr": set("le la les de des du un une et est pour par vous nous sur dans au aux ce cet cette qui que "
              "pas plus ne se sont être".split()),
    "hu": set("a az és hogy nem is egy ha ez azt vagy csak akkor van mint meg de el kell által nincs "
              "minden lap lapok lény játékos".split()),
    "de": set("der die das und ist nicht ein eine zu den mit sich auf für von dem des im".split()),
    "it": set("il lo la gli le di che è per non un una del della con sono".split()),
    "es": set("el los las de que y en un una por con para del se es su".split()),
}
# letters that do not occur in the document's own language: a strong signal on short lines
_FOREIGN_LETTERS = {
    "en": re.compile("[ąćęłńśźżőűçèêàâœ]", re.I),
    "hu": re.compile("[ąćęłńśźżçèêàâœ]", re.I),
}
_BOILERPLATE = re.compile(
    r"©|all rights reserved|fan website|property of their respective owners|"
    r"cookie policy|privacy policy|subscribe to|newsletter|inscrivez|publié le|posted by|share this post",
    re.I,
)
_COMMENT_PROMPT = re.compile(
    r"^(no comments?:?|\d+ comments?:?|comments?:?|leave a (reply|comment)|post a comment|"
    r"commenter cet article|comment(er)?|reply|odpowiedz|brak komentarzy|komentarze)\s*$",
    re.I,
)
_NAV = re.compile(r"^\s*\S[^|]{0,40}(\s\|\s+\S[^|]{0,40})+\s*$")


def is_date_line(line: str) -> bool:
    s = fold(line.strip())
    if not s or len(s) > 60 or not re.search(r"\b(19|20)\d\d\b", s):
        return False
    toks = re.findall(r"[a-z]+", s)
    return any(t in _MONTHS or t in _WEEKDAYS for t in toks) and len(toks) <= 5


_METADATA = re.compile(r"^(?:last updated|updated|effective(?: date)?|version|published|release date)\b"
                       r"[\s:]*(?:on\s+)?[\w/.,\- ]{0,30}\d[\w/.,\- ]{0,12}$", re.I)


def is_metadata_line(line: str) -> bool:
    """'Last updated: 2/21/2025', 'Effective February 5, 2026', 'Version 2.0.1.': about the document."""
    return bool(_METADATA.match(line.strip()))


def is_comment_prompt(line: str) -> bool:
    return bool(_COMMENT_PROMPT.match(line.strip()))


def is_navigation(line: str) -> bool:
    """'Tartalomjegyzék | Tárgymutató', 'Home | About | Contact'."""
    s = line.strip()
    return bool(_NAV.match(s)) and len(s.split()) <= 12 and not re.search(r"\d+\.\d", s)


def is_boilerplate(text: str) -> bool:
    return bool(_BOILERPLATE.search(text))


def language_scores(text: str) -> dict[str, float]:
    ws = words(text)
    if not ws:
        return {}
    return {lang: sum(1 for w in ws if w in stop) / len(ws) for lang, stop in _STOP.items()}


def is_foreign(text: str, language: str) -> bool:
    """True when the text reads as another language than the document's.
    Short texts need a clear signal: no function word of the document's language, and a letter
    that language lacks or two function words of another."""
    ws = words(text)
    scores = language_scores(text)
    if not scores:
        return False
    own = scores.get(language, 0.0)
    lang, best = max(scores.items(), key=lambda kv: kv[1])
    if len(ws) < 6:
        if own:
            return False
        foreign_letters = _FOREIGN_LETTERS.get(language)
        if foreign_letters and foreign_letters.search(text):
            return True
        return best > 0 and sum(1 for w in ws if w in _STOP[lang]) >= 2
    if lang == language or best == 0:
        return False
    return best > own * 1.5 and best >= 0.08
