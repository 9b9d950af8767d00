"""game.yaml: a game folder's manifest."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from judge.errors import CorpusError

STYLES = ("numbered", "numbered-dashed", "faq")  # numbered-dashed: rules numbered 1-3-6-1

#: the ISO 639-1 language codes (a two-letter pattern would take 'xx')
ISO_639_1 = frozenset("""
aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el
en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it
iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt
my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl
sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo
za zh zu""".split())


@dataclass(frozen=True)
class DocumentSpec:
    path: str  # relative to the game folder
    style: str | None = None
    title: str | None = None
    version: str | None = None  # as published: "1.2", "2025-06-02"
    date: str | None = None  # ISO date of that version
    earlier: tuple["DocumentSpec", ...] = ()  # earlier versions of this document, oldest first


@dataclass(frozen=True)
class GameManifest:
    id: str
    name: str
    language: str
    documents: tuple[DocumentSpec, ...]
    folder: Path
    card_types: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)


def load_manifest(folder: Path) -> GameManifest:
    path = folder / "game.yaml"
    shown = str(path)
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CorpusError("game folder has no game.yaml", path=str(folder)) from None
    except IsADirectoryError:
        raise CorpusError("game.yaml is a folder, not a file", path=shown) from None
    except UnicodeDecodeError:
        raise CorpusError("game.yaml is not UTF-8 text", path=shown) from None
    except OSError as err:  # a symlink loop, no permission ...
        raise CorpusError(f"cannot read game.yaml: {err.strerror or err}", path=shown) from None
    try:
        data = yaml.safe_load(raw)
    except RecursionError:
        raise CorpusError("malformed YAML: nested too deeply", path=shown) from None
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        line = mark.line + 1 if mark else None
        problem = getattr(err, "problem", None) or str(err).splitlines()[0]
        raise CorpusError(f"malformed YAML: {problem}", path=shown, line=line) from None
    if not isinstance(data, dict):
        raise CorpusError("game.yaml must be a mapping with id, name, language and documents", path=shown, line=1)

    def line_of(key: str) -> int | None:
        m = re.search(rf"^\s*{re.escape(key)}\s*:", raw, re.M)
        return raw[: m.start()].count("\n") + 1 if m else None

    for key in ("id", "name", "language", "documents"):
        if key not in data:
            from difflib import get_close_matches

            others = [k for k in data if isinstance(k, str) and k not in ("id", "name", "language", "documents")]
            near = get_close_matches(key, others, n=1, cutoff=0.7)
            if near:  # a misspelt key: its own line
                raise CorpusError(f"unknown key '{near[0]}': did you mean '{key}'? (a required key, missing)",
                                  path=shown, line=line_of(near[0]))
            raise CorpusError(f"missing required key '{key}' (game.yaml needs id, name, language and documents)",
                              path=shown, line=1)
    gid = data["id"]
    if not isinstance(gid, str) or not re.fullmatch(r"[a-z0-9][a-z0-9\-]*", gid):
        raise CorpusError(f"'id' must be lowercase letters, digits and '-' (got {gid!r})", path=shown, line=line_of("id"))
    lang = data["language"]
    if not isinstance(lang, str) or lang not in ISO_639_1:
        raise CorpusError(f"'language' must be an ISO 639-1 code such as 'en' or 'hu' (got {lang!r})",
                          path=shown, line=line_of("language"))
    if not isinstance(data["name"], str) or not data["name"].strip():
        raise CorpusError(f"'name' must be the game's name (text), not {data['name']!r}", path=shown,
                          line=line_of("name"))
    docs = data["documents"]
    if not isinstance(docs, list) or not docs:
        raise CorpusError("'documents' must be a non-empty list of {path: FILE}", path=shown, line=line_of("documents"))
    specs = []
    for n, d in enumerate(docs, 1):
        if isinstance(d, str):
            d = {"path": d}
        if not isinstance(d, dict) or not isinstance(d.get("path"), str):
            raise CorpusError(f"document #{n} needs a 'path'", path=shown, line=line_of("documents"))
        if d.get("title") is not None and not isinstance(d["title"], str):
            raise CorpusError(f"document #{n}: 'title' must be text, not {d['title']!r}", path=shown,
                              line=line_of("title"))
        style = d.get("style")
        if style is not None and style not in STYLES:
            raise CorpusError(f"document #{n}: unknown style {style!r} (known: {', '.join(STYLES)})",
                              path=shown, line=line_of("style"))
        specs.append(_document(d, n, shown, line_of, top=True))
    paths = [s.path for s in specs] + [e.path for s in specs for e in s.earlier]
    twice = sorted({p for p in paths if paths.count(p) > 1})
    if twice:
        raise CorpusError(f"document {twice[0]!r} is listed twice", path=shown, line=line_of("documents"))
    card_types = data.get("card_types") or []
    if not isinstance(card_types, list) or not all(isinstance(t, str) for t in card_types):
        raise CorpusError(f"'card_types' must be a list of card type names, e.g. [unit, tactic] (got {card_types!r})",
                          path=shown, line=line_of("card_types"))
    extra = {k: v for k, v in data.items() if k not in ("id", "name", "language", "documents", "card_types")}
    return GameManifest(gid, data["name"], lang, tuple(specs), folder, tuple(card_types), extra)


def read_listed(manifest: GameManifest, rel: str) -> list[str]:
    """A document game.yaml lists, read (judge.corpus.text.read_document); one that is not there is an
    error naming the game.yaml line that lists it, and the file looked for."""
    from judge.corpus.text import read_document

    path = manifest.folder / rel
    if not path.exists():
        yml = manifest.folder / "game.yaml"
        try:
            raw = yml.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            raw = ""
        m = re.search(rf"^.*\bpath\s*:\s*['\"]?{re.escape(rel)}['\"]?\s*[,}}\n#]", raw + "\n", re.M)
        line = raw[: m.start()].count("\n") + 1 if m else None
        here = sorted(p.name for p in manifest.folder.iterdir() if p.is_file() and p.name != "game.yaml") \
            if manifest.folder.is_dir() else []
        from difflib import get_close_matches

        listed = {Path(d.path).name for d in manifest.documents} | {Path(e.path).name for d in manifest.documents
                                                                      for e in d.earlier}
        near = get_close_matches(Path(rel).name, [h for h in here if h not in listed], n=1)
        raise CorpusError(f"document not found: {path} (the game folder has "
                          + (f"{', '.join(here[:6])}{' ...' if len(here) > 6 else ''}" if here else "no other file")
                          + (f"; did you mean {near[0]!r}?" if near else "") + ")", path=str(yml), line=line)
    return read_document(path, display=str(path))


def _document(d: dict, n: int, shown: str, line_of, top: bool) -> DocumentSpec:
    """One document of the list, with its version, date and (for a current one) earlier versions:

        - path: faq-1.3.txt
          version: "1.3"
          date: 2026-11-01
          earlier:                        # oldest first: judge diff, judge rule ID --history
            - {path: versions/faq-1.2.txt, version: "1.2", date: 2026-05-01}
    """
    what = f"document #{n}" if top else f"earlier version #{n}"
    rel = Path(d["path"])
    if rel.is_absolute() or ".." in rel.parts:
        raise CorpusError(f"document path must stay inside the game folder: {d['path']!r}", path=shown,
                          line=line_of("path"))
    version, date = d.get("version"), d.get("date")
    if version is not None and not isinstance(version, (str, int, float)):
        raise CorpusError(f"{what}: 'version' must be text such as \"1.2\" (got {version!r})", path=shown,
                          line=line_of("version"))
    if date is not None:
        date = str(date)  # YAML reads 2026-11-01 as a date
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
            raise CorpusError(f"{what}: 'date' must be YYYY-MM-DD (got {date!r})", path=shown, line=line_of("date"))
    earlier: list[DocumentSpec] = []
    raw_earlier = d.get("earlier") or []
    if raw_earlier and not top:
        raise CorpusError(f"{what}: an earlier version cannot list earlier versions of its own", path=shown,
                          line=line_of("earlier"))
    if not isinstance(raw_earlier, list):
        raise CorpusError(f"{what}: 'earlier' must be a list of {{path, version, date}}", path=shown,
                          line=line_of("earlier"))
    for i, e in enumerate(raw_earlier, 1):
        if isinstance(e, str):
            e = {"path": e}
        if not isinstance(e, dict) or not isinstance(e.get("path"), str):
            raise CorpusError(f"{what}: earlier version #{i} needs a 'path'", path=shown, line=line_of("earlier"))
        earlier.append(_document({**e, "style": e.get("style", d.get("style"))}, i, shown, line_of, top=False))
    return DocumentSpec(str(rel), d.get("style"), d.get("title"),
                        None if version is None else str(version), date, tuple(earlier))
