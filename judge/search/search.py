"""Answering a question: lexical + dense scores, weighted fusion, then what a judge needs.

Light imports only (numpy, PyStemmer, and onnxruntime + tokenizers when the first question is
encoded): a fresh `judge ask` never imports torch, transformers, sentence-transformers or sklearn.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Generator

import numpy as np

from judge.errors import BadInputError, UnknownGameError
from judge.search.answer import Answer, Hit
from judge.search.crosslang import foreign_words, language_of, restore
from judge.search.lexical import game_aliases
from judge.search.encoder import note, onnxruntime_available
from judge.search.index import Index, open_index
from judge.search.fusion_settings import Fusion, TunedSettings, load_settings
from judge.search.rank import (FAMILY_BELOW, LONG_QUESTION_LIFT, QUOTED_WEIGHT, by_score, infer_game,
                               lexical_weight_for, lift_parents, read_question, stem_weights, text_first)
from judge.search.text import STOPWORDS, analyze, detect_language, normalize, rule_numbers, words

MODES = ("hybrid", "lexical", "dense")

# Tuned on tests/data/questions.yaml (see `judge eval` and bench/README.md):
LEXICAL_WEIGHT = 0.3  # weight of the max-normalised BM25 score; dense cosine gets the rest
CARD_BONUS = 0.3  # entries about a card the question names (above unrelated text of similar relevance)
NO_MATCH_THRESHOLD = 0.43  # calibrated: midway between the unanswerable (max 0.33) and answerable (min 0.54) questions
GAME_PRIOR = 0.15  # added to an entry's fused score times the probability that the question is about its game
OTHER_LANGUAGE_AFTER = 2.0  # taken from entries of games in another language than the question's
EXPANSION_WEIGHT = 0.7  # weight of a document word a player's word stands for (the player's own word: 1)
UNKNOWN_WORDS_PENALTY = 0.15  # taken from the confidence of a question none of whose words the documents use
CANDIDATES = 200  # entries rescored after fusion
DEFAULT_FUSION = Fusion(LEXICAL_WEIGHT, LONG_QUESTION_LIFT, True, FAMILY_BELOW)  # a corpus without `judge tune`


def _among(codes: np.ndarray, wanted: list[int], n_codes: int) -> np.ndarray:
    """np.isin(codes, wanted) for small integer codes (0 <= code < n_codes): one table lookup
    instead of np.isin's sort (~50 us a call, three calls a question)."""
    table = np.zeros(n_codes, dtype=bool)
    table[wanted] = True
    return table[codes]


def names_in_question(question: str, rows_by_game: dict[str, list[tuple[str, str, str, int, list[int]]]],
                      mask: np.ndarray) -> tuple[dict[int, tuple[float, list[str]]], dict[str, list[str]]]:
    """The name rows (``Searcher._names``) that the question contains as whole words: entry ->
    (lift, names) for the entries in ``mask`` and the names found by game. A card name is lifted more
    when it is most of the question (a question that is little more than the card's name)."""
    qwords = words(question)
    qnorm = " " + " ".join(qwords) + " "
    n_content = len([w for w in qwords if w not in STOPWORDS["en"]])
    named: dict[int, tuple[float, list[str]]] = {}
    by_game: dict[str, list[str]] = {}
    for g, rows in rows_by_game.items():
        for table, name, joined, n_words, ids in rows:
            if len(joined) >= 4 and f" {joined} " in qnorm:
                short = n_words >= 0.6 * n_content
                if name not in by_game.setdefault(g, []):
                    by_game[g].append(name)
                for i in ids:
                    if mask[i]:
                        lift = CARD_BONUS + (1.0 if table == "cards" and short else 0.0)
                        old, names = named.get(i, (0.0, []))
                        named[i] = (max(old, lift), [*names, name])
    return named, by_game


class Searcher:
    """Open once, ask many times (`judge ask --from-file` and `judge eval` load model and index once)."""

    def __init__(
        self,
        corpus_dir: Path | None = None,
        model: str | None = None,
        *,
        index: Index | None = None,
        progress: bool = True,
        lexical_weight: float = LEXICAL_WEIGHT,
        threshold: float = NO_MATCH_THRESHOLD,
        words_only: bool = False,
    ):
        """`words_only`: with no index and a cache folder that cannot take one, rank by words alone
        (judge.search.lexical.WordsOnlyIndex) rather than embed the corpus for nothing; every
        answer then says so (`Answer.words_only`)."""
        self.corpus_dir = corpus_dir
        self.index = index or open_index(corpus_dir, model, progress=progress, words_only=words_only)
        self.words_only: dict[str, Any] | None = None
        if getattr(self.index, "words_only", None):
            self.words_only = {"why": self.index.words_only, "engine_marks": True}
        if index is None:
            from judge.scenarios.verify import ensure_verdicts
            from judge.verdicts import verdicts_missing

            if self.words_only and verdicts_missing(corpus_dir):
                # replaying every scenario (seconds) for verdicts that cannot be kept either
                self.words_only["engine_marks"] = False
            else:
                ensure_verdicts(corpus_dir, progress=progress)
        self.lexical_weight = lexical_weight
        self.threshold = threshold
        self.quote_weight = QUOTED_WEIGHT
        self.dense_situation = True
        self.infer_games = True
        self.expand_players_words = True
        self.game_prior = GAME_PRIOR
        self.long_question_lift = LONG_QUESTION_LIFT  # lexical weight gained by long questions (rank.py)
        self.lift_parents = True  # a rule several of whose sub-rules are top hits comes up (rank.py)
        self.parent_margin = FAMILY_BELOW  # how far below its best sub-rule it comes
        # the corpus's tuned settings (`judge tune`); an index given directly (tests, benchmarks) has none
        self.tuned: TunedSettings | None = None
        if index is None:
            self.use_settings(load_settings(corpus_dir))
        self._encoder: Any = None
        self._vectors: dict[str, np.ndarray] = {}
        self._marks: Any = None
        self._marks_stamp: tuple[int, int] | None = None
        self._id_index: dict[str, int] | None = None
        self._text_hashes: dict[str, str | None] = {}  # entry id -> text hash (fixed for an index)
        # (Marks, entry id -> its marks): at most one per entry, dropped with the verdicts they come from
        self._marked: tuple[Any, dict[str, tuple[Any, Any, int]]] = (None, {})
        self._name_tables: dict[str, list[tuple[str, str, str, int, list[int]]]] = {}
        self._name_starts: dict[str, dict[str, list[int]]] = {}  # game -> first word -> rows of _names(game)
        self._alias_res = [
            (g, re.compile(r"(?<!\w)" + re.escape(a) + r"(?!\w)"))
            for g, aliases in self._game_aliases().items()
            for a in aliases
        ]

    def use_settings(self, tuned: TunedSettings | None) -> None:
        """Rank with `tuned` (judge.search.fusion_settings): its corpus settings replace the defaults,
        its games' settings apply to questions about those games. None: forget the games' settings."""
        self.tuned = tuned
        if tuned is not None and tuned.corpus is not None:
            self.set_fusion(tuned.corpus)

    def set_fusion(self, f: Fusion) -> None:
        self.lexical_weight, self.long_question_lift = f.lexical_weight, f.long_question_lift
        self.lift_parents, self.parent_margin = f.lift_parents, f.parent_margin

    def fusion(self, game: str | None = None) -> Fusion:
        """The fusion settings a question about `game` (None: unknown) is ranked with."""
        tuned = self.tuned.for_game(game) if self.tuned is not None else None
        return tuned or Fusion(self.lexical_weight, self.long_question_lift, self.lift_parents, self.parent_margin)

    # -- encoder -----------------------------------------------------------------------------
    @property
    def encoder(self) -> Any:
        if self._encoder is None:
            self._encoder = self._load_encoder()
        return self._encoder

    def export_dir(self) -> Path:
        """The model's ONNX export in this cache folder (not the path recorded at build time: a
        cache folder that was moved or copied still finds its own)."""
        from judge.search.embedding import search_root
        from judge.search.encoder import model_key

        return search_root() / "models" / model_key(self.index.lookup["model"]["path"]) / "onnx"

    def _load_encoder(self, problem: str | None = None) -> Any:
        """The question encoder; `problem`: what the check of the ONNX export's weights found (it is
        written again)."""
        info = self.index.lookup["encoder"]
        model_path = self.index.lookup["model"]["path"]
        if info.get("onnx") and not onnxruntime_available():
            note("onnxruntime is not installed; encoding questions with sentence-transformers (slower)")
        elif info.get("onnx"):
            try:
                from judge.search.quantize import load_query_encoder, query_precision

                int8 = query_precision("fp32") == "int8"  # JUDGE_QUERY_ENCODER; float32 unless it says int8
                return load_query_encoder(self.export_dir(), model_path, int8=int8, problem=problem)
            except Exception as err:  # noqa: BLE001 - broken export: fall back, `judge index --full` fixes
                note(f"ONNX model unusable ({type(err).__name__}: {err}); using sentence-transformers "
                     "(run `judge index --full`)")
        else:
            note(f"no checked ONNX export ({info.get('reason') or 'unknown'}); using sentence-transformers")
        from judge.search.encoder import SentenceTransformerEncoder

        return SentenceTransformerEncoder(model_path)

    # -- engine marks --------------------------------------------------------------------------
    def verdicts_file(self) -> Path:
        """This corpus's verdicts file (judge.verdicts.verdicts_path: resolves the corpus folder's path)."""
        from judge.verdicts import verdicts_path

        return verdicts_path(self.corpus_dir)

    def marks(self) -> Any:
        """judge.verdicts.Marks of this corpus's last verdicts, re-read when they change (a stat per question)."""
        from judge.verdicts import Marks, read_verdicts

        path = self.verdicts_file()
        try:
            st = path.stat()
            stamp: tuple[int, int] | None = (st.st_mtime_ns, st.st_size)
        except OSError:
            stamp = None
        if self._marks is None or stamp != self._marks_stamp:
            self._marks, self._marks_stamp = Marks(read_verdicts(path) if stamp else {}), stamp
        return self._marks

    def text_hash(self, entry_id: str) -> str | None:
        """The current text hash of an entry (None: not in the corpus any more)."""
        if entry_id in self._text_hashes:  # a record is read and parsed once, not for every hit it checks
            return self._text_hashes[entry_id]
        if self._id_index is None:
            self._id_index = {e: i for i, e in enumerate(self.index.lookup["ids"])}
        i = self._id_index.get(entry_id)
        h = None if i is None else self.index.record(i).get("text_hash")
        self._text_hashes[entry_id] = h
        return h

    def mark(self, record: dict[str, Any], marks: Any = None) -> dict[str, Any]:
        """Add to an index record its game's name and its engine marks: `verified` (the ruling of
        passing base scenarios; "stale" when a checked text changed since), `check_failing` (a failing
        base scenario) and `cited_by_scenarios` (scenarios citing it: no check of its text). Marks never
        change a hit's rank. `marks`: judge.verdicts.Marks already read for this question."""
        marks = marks or self.marks()
        rid = record["id"]
        record["game_name"] = self.index.lookup.get("game_names", {}).get(record["game"], record["game"])
        if self._marked[0] is not marks:  # an entry's marks change only with the verdicts (its text is the index's)
            self._marked = (marks, {})
        got = self._marked[1].get(rid)
        if got is None:
            got = self._marked[1][rid] = (marks.verified(rid, self.text_hash), marks.failing(rid),
                                          len(marks.cited_by(rid)))
        record["verified"] = dict(got[0]) if got[0] is not None else None
        record["check_failing"], record["cited_by_scenarios"] = got[1], got[2]
        return record

    # -- filters -----------------------------------------------------------------------------
    def check_filters(self, game: str | None, kind: str | None) -> None:
        if game is not None and game not in self.index.games:
            raise UnknownGameError(game, self.index.games)
        if kind is not None and kind not in self.index.kinds:
            raise BadInputError(f"unknown kind {kind!r}; known kinds: {', '.join(self.index.kinds)}")

    def _game_aliases(self) -> dict[str, list[str]]:
        """Ways a question names each game: worked out from the games' names now (cheap), so an index
        built by an earlier version of the rule for them names games the same way as a new one."""
        lookup = self.index.lookup
        names = lookup.get("game_names") or {}
        return {g: sorted({*aliases, *game_aliases(g, names[g])}) if g in names else aliases
                for g, aliases in lookup["game_aliases"].items()}

    def games_named_in(self, question: str) -> list[str]:
        q = normalize(question)
        return sorted({g for g, rx in self._alias_res if rx.search(q)})

    def _names(self, game: str) -> list[tuple[str, str, str, int, list[int]]]:
        """(table, name, its words joined by spaces, how many words, entry ids) of every card and
        mention name of a game, cut into words once rather than for every question (about 2 ms each)."""
        table_ = self._name_tables.get(game)
        if table_ is None:
            table_ = []
            for table in ("mentions", "cards"):
                for name, ids in self.index.lookup[table].get(game, {}).items():
                    nwords = words(name)
                    table_.append((table, name, " ".join(nwords), len(nwords), ids))
            starts: dict[str, list[int]] = {}
            for row, (_, _, joined, _, _) in enumerate(table_):
                if joined:
                    starts.setdefault(joined.split(" ", 1)[0], []).append(row)
            self._name_starts[game] = starts
            self._name_tables[game] = table_
        return table_

    # -- scoring -----------------------------------------------------------------------------
    def _lexical(self, lang: str, stems: list[str], weights: np.ndarray | None = None) -> tuple[np.ndarray, float]:
        """BM25 scores of one language's entries (global entry order) and the matched share of the
        query; each stem's scores times its weight (quoted card text counts less)."""
        scores = np.zeros(self.index.n, dtype=np.float32)
        lex = self.index.lexical.get(lang)
        if lex is None or not stems:
            return scores, 0.0
        vocab = lex["vocab"]
        indptr = lex["indptr"]
        if weights is None:
            weights = np.ones(len(stems), dtype=np.float32)
        terms = [(vocab[s], float(w)) for s, w in zip(stems, weights) if s in vocab and vocab[s] + 1 < len(indptr)]
        if not terms:
            return scores, 0.0
        ids = [t for t, _ in terms]
        parts_i = [lex["indices"][indptr[t] : indptr[t + 1]] for t in ids]
        parts_d = [lex["data"][indptr[t] : indptr[t + 1]] * w for t, w in terms]
        local = np.bincount(np.concatenate(parts_i), weights=np.concatenate(parts_d),
                            minlength=len(lex["docs"]))
        scores[lex["docs"]] = local.astype(np.float32)
        return scores, len(ids) / len(stems)

    def _dense(self, vec: np.ndarray) -> np.ndarray:
        """Cosine of each entry: the best of its passages."""
        passage_scores = self.index.dense @ vec
        return np.maximum.reduceat(passage_scores, self.index.passage_start).astype(np.float32)

    def encode(self, texts: list[str]) -> np.ndarray:
        todo = [t for t in dict.fromkeys(texts) if t not in self._vectors]
        if todo:
            vecs = self.encoder.encode(todo)
            problem = self.encoder.checked() if hasattr(self.encoder, "checked") else None
            if problem:  # the weights were damaged: those vectors are thrown away
                self._encoder = self._load_encoder(problem)
                vecs = self._encoder.encode(todo)
            for t, v in zip(todo, vecs):
                self._vectors[t] = v
            while len(self._vectors) > 4096:  # bounded: --from-file may stream many questions
                self._vectors.pop(next(iter(self._vectors)))
        return np.stack([self._vectors[t] for t in texts])

    def _players_words(self, question: str, games: list[str], language: str) -> str:
        """The documents' words for the players' words in the question (each game's players-words.yaml)."""
        from judge.search.glossary import translate

        out: list[str] = []
        for g in games:
            gl = self.index.lookup.get("players_words", {}).get(g)
            if gl and gl["source_language"] == language:
                for _, translations in translate(question, gl)[1]:
                    out.extend(t for t in translations if t not in out)
        return " ".join(out)

    def _cards_named(self, question: str, games: list[str], mask: np.ndarray
                     ) -> tuple[dict[int, tuple[float, list[str]]], dict[str, list[str]]]:
        """Entries about a card the question names (entry -> (lift, names)) and the names by game."""
        present = set(words(question))
        rows_by_game = {}
        for g in games:
            table_rows = self._names(g)
            # only names whose first word the question has can be in it (rows in table order, as before)
            starts = self._name_starts[g]
            rows = sorted(r for w in present if w in starts for r in starts[w])
            rows_by_game[g] = [table_rows[r] for r in rows]
        return names_in_question(question, rows_by_game, mask)

    # -- the question ------------------------------------------------------------------------
    def ask(self, question: str, **kwargs: Any) -> Answer:
        """The answer to `question` (keywords: those of `asking`), its texts encoded by `encode`."""
        steps = self.asking(question, **kwargs)
        try:
            texts = next(steps)
            while True:
                texts = steps.send(self.encode(texts))
        except StopIteration as done:
            return done.value

    def asking(
        self,
        question: str,
        *,
        game: str | None = None,
        kind: str | None = None,
        k: int = 5,
        mode: str = "hybrid",
        boosts: bool = True,
        threshold: bool = True,
    ) -> Generator[list[str], np.ndarray, Answer]:
        """`ask` in steps: yields the texts whose vectors it needs, is sent them (one row per text) and
        returns the Answer. A server encodes the texts of many questions together meanwhile, without
        a thread waiting for each (judge.web.searching)."""
        question = (question or "").strip()
        if not question or not words(question):
            raise BadInputError("empty question: type the question to look up")
        if mode not in MODES:
            raise BadInputError(f"unknown mode {mode!r}; known: {', '.join(MODES)}")
        if k < 1:
            raise BadInputError(f"-k must be at least 1 (got {k})")
        self.check_filters(game, kind)
        idx = self.index
        if idx.dense is None:  # a words-only index (see __init__)
            if mode == "dense":
                raise BadInputError(f"no semantic index in this run: {idx.words_only}")
            mode = "lexical"
        lookup = idx.lookup
        games = [game] if game else (self.games_named_in(question) or list(idx.games))
        qlang = language_of(idx, question, detect_language(question))  # Hungarian without accents too
        game_lang = lookup["game_language"]

        # Which text each language's entries are searched with: the question itself, or its
        # glossary translation for a game in another language.
        glossaries = lookup.get("glossaries", {})
        variants: dict[str, str] = {}  # language -> query text
        for g in games:
            glang = game_lang[g]
            if glang == qlang or glang in variants:
                continue
            gl = glossaries.get(g)
            if gl and gl["source_language"] == qlang:
                from judge.search.glossary import translate

                translated, _ = translate(question, gl)
                if translated:
                    variants[glang] = translated
        variants.setdefault(qlang, question)
        mask = _among(idx.entry_game, [idx.games.index(g) for g in games], len(idx.games))
        if kind:
            mask &= idx.entry_kind == idx.kinds.index(kind)
        if not mask.any():
            return Answer(question, [], 0.0, True, {}, games)

        read = read_question(question)
        stems: dict[str, list[str]] = {}
        weights: dict[str, np.ndarray | None] = {}
        for lang, text in variants.items():
            if text is question:
                stems[lang], weights[lang] = stem_weights(read, lang, self.quote_weight)
            else:
                stems[lang], weights[lang] = analyze(text, lang), None
            stems[lang] = restore(idx, lang, stems[lang])  # typed without accents: the documents' stems
        own_stems = dict(stems)  # the question's own words: what the game is inferred from
        # players' words ("dies", "tapped", "graveyard"): the documents' words for them join the question
        expansion = self._players_words(question, games, qlang) if self.expand_players_words else ""
        if expansion and qlang in stems:
            extra = [s for s in analyze(expansion, qlang) if s not in stems[qlang]]
            w = weights[qlang] if weights[qlang] is not None else np.ones(len(stems[qlang]), dtype=np.float32)
            stems[qlang] = [*stems[qlang], *extra]
            weights[qlang] = np.concatenate([w, np.full(len(extra), EXPANSION_WEIGHT, dtype=np.float32)])
        lex = np.zeros(idx.n, dtype=np.float32)
        coverage = 0.0
        dense = np.full(idx.n, -1.0, dtype=np.float32)
        texts = list(variants.items())
        if mode in ("hybrid", "lexical"):
            for lang, _ in texts:
                s, cov = self._lexical(lang, stems[lang], weights[lang])
                lex = np.maximum(lex, s)
                coverage = max(coverage, cov)
        if mode in ("hybrid", "dense"):
            # the situation without the card text it quotes is what the rule must match
            situation = read.situation if self.dense_situation else question
            if expansion:
                situation = f"{situation} ({expansion})"
            vecs = yield [situation if t is question else t for _, t in texts]
            lang_code = {lang: i for i, lang in enumerate(lookup["languages"])}  # idx.entry_lang's codes
            for (lang, _), vec in zip(texts, vecs):
                s = self._dense(vec)
                sel = idx.entry_lang == lang_code.get(lang, -1)
                if lang == qlang:  # entries in a language without a variant still get the question's vector
                    sel |= ~_among(idx.entry_lang, [lang_code[v] for v in variants if v in lang_code], len(lang_code))
                dense = np.where(sel, np.maximum(dense, s), dense)

        named, cards_named = self._cards_named(question, games, mask)
        guess = None
        same: list[str] = []
        if boosts and self.infer_games and game is None and len(games) > 1:
            # the game the question is about: its entries rank higher (said in the answer), and its
            # tuned fusion settings apply
            same = [g for g in games if game_lang[g] == qlang]
            # a word only a game in another language has ("galetki") names that game, as a card name
            # does: it is inferred with the games of the question's language, not ranked after them
            foreign = foreign_words(idx, question, qlang, games) if same else {}
            same += [g for g in foreign if g not in same]
            votes = {g: [*cards_named.get(g, []), *foreign.get(g, [])] for g in {*cards_named, *foreign}}
            guess = infer_game(idx, same or games, own_stems, votes)
        fusion = self.fusion(game or (guess.game if guess is not None else None))

        lex_max = float(lex[mask].max()) if mode != "dense" else 0.0
        lex_norm = lex / lex_max if lex_max > 0 else lex
        if mode == "lexical":
            fused = lex_norm.copy()
            confidence = coverage
        elif mode == "dense":
            fused = dense.copy()
            confidence = float(dense[mask].max())
        else:
            w = lexical_weight_for(len(words(question)), fusion.lexical_weight, fusion.long_question_lift)
            fused = w * lex_norm + (1 - w) * dense
            confidence = float(dense[mask].max()) + 0.1 * coverage
            if coverage == 0:  # not one word of the question in any searched document: gibberish or off-topic
                confidence -= UNKNOWN_WORDS_PENALTY
            n_stems = max(len(v) for v in stems.values())
            if n_stems <= 2 and coverage == 1.0:  # a keyword lookup ("damage", "Lucky"): short but on topic
                confidence += 0.2
        fused = np.where(mask, fused, -np.inf)
        if guess is not None:
            # games in another language than the question's after those in its language
            if same and len(same) < len(games):
                fused = np.where(_among(idx.entry_game, [idx.games.index(g) for g in same], len(idx.games)), fused,
                                 fused - OTHER_LANGUAGE_AFTER)
            if guess.evidence:  # said in the question's own words, not stems
                surface = {}
                for w in words(question):
                    stem = analyze(w, qlang)
                    surface.setdefault(stem[0] if stem else w, w)
                guess.evidence = [surface.get(e, e) for e in guess.evidence]
            # a prior, not a filter: each game's entries gain in proportion to how likely the
            # question is about that game (a question in another game's words is not lost)
            prior = np.zeros(len(idx.games), dtype=np.float32)
            for g, p in guess.posterior.items():
                prior[idx.games.index(g)] = self.game_prior * p
            fused = fused + prior[idx.entry_game]

        n_cand = min(int(mask.sum()), max(CANDIDATES, k))
        cand = np.argpartition(-fused, n_cand - 1)[:n_cand] if n_cand < idx.n else np.arange(idx.n)
        cand = cand[np.isfinite(fused[cand])]
        scores = dict(zip(cand.tolist(), fused[cand].tolist()))
        reasons: dict[int, list[str]] = {}

        no_good_match = threshold and confidence < self.threshold
        exact_hit = False
        if boosts:
            # a card the question names: the entries about that card come first (by relevance
            # among themselves); a question that is little more than the name gets the card itself
            for i, (lift, names) in named.items():
                reasons.setdefault(i, []).extend(f"about {name}" for name in names)
            for i, lift in ((i, v[0]) for i, v in named.items()):
                scores[i] = scores.get(i, float(fused[i])) + lift
            if mode == "hybrid" and fusion.lift_parents:
                parent = lookup.get("parent") or []
                empty = set(lookup.get("empty", []))  # a heading with no text is no answer to bring up
                for i, c in lift_parents(scores, parent, lambda i: bool(mask[i]) and i not in empty,
                                         below=fusion.parent_margin).items():
                    reasons.setdefault(i, []).append(f"{c} of its sub-rules are top hits")
            # an exact rule number ranks that entry first
            exact: list[int] = []
            for num in rule_numbers(question):
                for g in games:
                    i = lookup["numbers"].get(g, {}).get(num)
                    if i is not None and mask[i]:
                        exact.append(i)
            # entries without text of their own after every entry with text (a typed rule number stays first)
            text_first(scores, lookup.get("empty", []), keep=exact)
            top = max(scores.values(), default=0.0)
            for rank, i in enumerate(dict.fromkeys(exact)):
                scores[i] = top + 1.0 - rank * 1e-3
                reasons.setdefault(i, []).append("rule number in the question")
            if exact or named:
                exact_hit = True
                no_good_match = False
        order = by_score(scores)
        marks = self.marks() if not no_good_match else None  # the verdicts file is looked at once per question
        hits = [] if no_good_match else [Hit(i, scores[i], self.mark(idx.record(i), marks), reasons.get(i, []))
                                         for i in order[:k]]
        inferred = None
        if guess is not None and guess.game is not None:
            inferred = {"game": guess.game, "game_name": lookup.get("game_names", {}).get(guess.game, guess.game),
                        "probability": round(guess.posterior[guess.game], 3), "evidence": guess.evidence}
        return Answer(question, hits, confidence, bool(no_good_match), {l: set(s) for l, s in stems.items()}, games,
                      exact_hit, inferred, self.words_only)

    def ranking(self, question: str, *, game: str | None = None, mode: str = "hybrid", k: int = 10) -> list[str]:
        """Ids of the top `k` entries (no threshold): what `judge eval` measures."""
        ans = self.ask(question, game=game, k=k, mode=mode, threshold=False)
        return [h.record["id"] for h in ans.hits]
