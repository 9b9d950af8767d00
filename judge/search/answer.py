"""What `judge ask` answers: the hits, and the one line of what the engine confirmed.

Plain data (no numpy, no index): judge.search.search builds them, the CLI and the web page read them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Hit:
    index: int
    score: float
    record: dict[str, Any]  # the index record, with the engine marks of the last verdicts (Searcher.mark)
    reasons: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        r = self.record
        return {
            "id": r["id"],
            "kind": r["kind"],
            "game": r["game"],
            "game_name": r.get("game_name") or r["game"],
            "number": r["number"],
            "title": r["title"],
            "question": r.get("question"),
            "answer": r.get("answer"),
            "text": r["text"],
            "score": round(float(self.score), 4),
            "source": r["source"],
            "related": r["related"],
            "verified": r.get("verified"),
            "check_failing": r.get("check_failing"),
            "cited_by_scenarios": r.get("cited_by_scenarios", 0),
        }


@dataclass
class Answer:
    query: str
    hits: list[Hit]
    confidence: float
    no_good_match: bool
    stems: dict[str, set[str]]  # language -> query stems, for highlighting
    games: list[str]
    exact: bool = False  # a rule number or card name in the question decided the top
    inferred: dict[str, Any] | None = None  # the game the question seems to be about (ranked higher)
    words_only: dict[str, Any] | None = None  # ranked by words alone: {"why", "engine_marks"} (no vectors)

    def confirmed(self) -> dict[str, Any] | None:
        """What the engine confirmed for this question, in one line: hit 1's scenario answer when hit 1
        (the answer shown first) is the ruling of passing base scenarios ({"id", "fixture", "text",
        "stale", "question"}: ``question`` is the scenario's question, which the line answers), else None.
        Never a lower hit's: that one answers another question (a scenario about another card), and the
        line would change with -k."""
        v = self.hits[0].record.get("verified") if self.hits else None
        if not v:
            return None
        return {"id": self.hits[0].record["id"], "fixture": v["fixture"], "text": v.get("confirmed") or "",
                "stale": bool(v.get("stale")), "question": v.get("question") or ""}

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"query": self.query, "results": [h.to_json() for h in self.hits],
                               "confirmed": self.confirmed()}
        if self.inferred:
            out["game_inferred"] = self.inferred
        if self.words_only:
            out["words_only"] = self.words_only
        if self.no_good_match:
            out["no_good_match"] = True
            out["confidence"] = round(self.confidence, 4)
        return out
