"""What a judge sees first (NEWUSER41): the engine's verdict line comes from hit 1 only. Fast: no model."""
from __future__ import annotations

from judge.search.search import Answer, Hit


def _hit(i: int, rid: str, verified: dict | None = None) -> Hit:
    return Hit(i, 1.0 - i / 10, {"id": rid, "kind": "faq", "game": "g", "number": None, "title": rid, "text": "t",
                                 "source": {}, "related": [], "verified": verified})


def _answer(*hits: Hit) -> Answer:
    return Answer("q", list(hits), 0.9, False, {}, ["g"])


V = {"fixture": "rulings/g/x.ruling.yaml", "confirmed": "No.", "stale": False}


def test_the_verdict_line_is_hit_ones_only():
    # a lower hit's scenario answers another question (NEWUSER41: "can I shuffle my developments"
    # -> "No." from a Dwarf Cannon Crew scenario at hit 3 while hit 1 says "Yes")
    assert _answer(_hit(0, "g:faq:yes"), _hit(1, "g:faq:other"), _hit(2, "g:faq:cannon", V)).confirmed() is None
    assert _answer(_hit(0, "g:faq:yes"), _hit(1, "g:faq:other", V)).to_json()["confirmed"] is None
    top = _answer(_hit(0, "g:faq:yes", V), _hit(1, "g:faq:no", {**V, "confirmed": "Yes."})).confirmed()
    assert top == {"id": "g:faq:yes", "fixture": V["fixture"], "text": "No.", "stale": False}
    assert _answer().confirmed() is None


def test_the_line_does_not_change_with_k():
    hits = [_hit(0, "g:a"), _hit(1, "g:b"), _hit(2, "g:c", V)]
    assert {str(_answer(*hits[:k]).confirmed()) for k in (1, 2, 3)} == {"None"}
