"""Reading documents and the small text utilities every parser shares."""
from __future__ import annotations

import re
from pathlib import Path

from judge.errors import CorpusError
from judge.slugs import fold, slugify  # noqa: F401 (re-exported: the one slugify)


def read_document(path: Path, display: str | None = None) -> list[str]:
    """The document's lines (without line ends). Raises CorpusError for missing, binary or undecodable files."""
    shown = display or str(path)
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        raise CorpusError("document not found", path=shown) from None
    except OSError as err:
        raise CorpusError(f"cannot read document: {err.strerror}", path=shown) from err
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise CorpusError("UTF-16 text, not UTF-8: convert it, e.g. iconv -f UTF-16 -t UTF-8", path=shown)
    if b"\x00" in raw[:65536]:
        raise CorpusError("binary file (NUL bytes), not a text document", path=shown)
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:  # never guessed: a wrong guess silently garbles every accent
        line = raw[: err.start].count(b"\n") + 1
        raise CorpusError(f"not UTF-8 text (byte 0x{raw[err.start]:02x}); {_encoding_hint(raw)}",
                          path=shown, line=line) from None
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _encoding_hint(raw: bytes) -> str:
    """Which 8-bit encoding a non-UTF-8 document is most likely in, as a conversion command.
    Latin-2's o and u with double acute (0xf5, 0xfb, 0xd5, 0xdb) are the Hungarian tell."""
    if any(b in raw for b in (b"\xf5", b"\xfb", b"\xd5", b"\xdb")):
        return "it looks like Latin-2 (ISO-8859-2, Central European): iconv -f ISO-8859-2 -t UTF-8"
    return ("if it is Windows-1252 or Latin-1: iconv -f WINDOWS-1252 -t UTF-8; "
            "if Latin-2 (Hungarian, Polish, Czech): iconv -f ISO-8859-2 -t UTF-8")


_QSTOP = set(
    "a an the i my me you your we our he his she her it its they their them if do does did is are was were be "
    "been can could would should will shall may might must what when how which who whom whose why where that this "
    "these those to of in on at for with by from as and or but so then than there here have has had any all "
    "exactly still also just only really one".split()
)


def question_slug(question: str, max_words: int = 8) -> str:
    """A readable, stable slug for a question: set codes and filler words dropped."""
    q = re.sub(r"\((?:[A-Za-z]{1,4}|Core|Legends)\s*\d+\)|\[(?:[A-Za-z]{1,4})\s*\d+\]", " ", question)
    words = [w for w in re.findall(r"[a-z0-9]+", fold(q).replace("'", "")) if w not in _QSTOP]
    return "-".join(words[:max_words]) or slugify(question, max_words)


def clean(text: str) -> str:
    """Collapse runs of spaces and trim; keep the text's own punctuation."""
    return re.sub(r"[ \t\u00a0]+", " ", text).strip()


def words(text: str) -> list[str]:
    return re.findall(r"[^\W\d_]+", text.lower())
