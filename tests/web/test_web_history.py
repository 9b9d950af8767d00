"""A rule's page shows its history across the versions of its document (issue 16 item 1)."""
from __future__ import annotations

from pathlib import Path

import pytest

V1 = "Frequently Asked Questions\n\nQ: Can I attack a zone that is burning?\nA: Yes. It cannot be assigned damage.\n"
V2 = "Frequently Asked Questions\n\nQ: May I attack a zone that is already burning?\nA: Yes. It cannot be assigned damage.\n"


def test_rule_page_history_and_an_alias_redirects_to_the_kept_id(tmp_path: Path):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from judge.web.app import create_app
    from judge.web.site import Site

    game = tmp_path / "corpus" / "tiny"
    game.mkdir(parents=True)
    (game / "faq-1.txt").write_text(V1, encoding="utf-8")
    (game / "faq-2.txt").write_text(V2, encoding="utf-8")
    (game / "game.yaml").write_text(
        "id: tiny\nname: Tiny\nlanguage: en\ndocuments:\n  - path: faq-2.txt\n    version: '2'\n"
        "    date: 2026-02-01\n    earlier: [{path: faq-1.txt, version: '1', date: 2026-01-01}]\n", encoding="utf-8")
    site = Site(tmp_path / "corpus", rulings=tmp_path / "no-rulings", verdicts_file=tmp_path / "verdicts.json")
    client = TestClient(create_app(site))
    html = client.get("/rule/tiny:faq:attack-zone-burning").text
    assert "History across versions of its document" in html
    assert "version 1</strong> · 2026-01-01" in html and "version 2</strong> · 2026-02-01" in html
    assert "<del>Can</del>" in html and "<ins>May</ins>" in html
    r = client.get("/rule/tiny:faq:attack-zone-already-burning", follow_redirects=False)
    assert r.status_code == 302
    assert r.headers["location"] == "/rule/tiny:faq:attack-zone-burning?from=tiny%3Afaq%3Aattack-zone-already-burning"
    html = client.get(r.headers["location"]).text
    assert "tiny:faq:attack-zone-already-burning is another id of tiny:faq:attack-zone-burning" in html
    data = client.get("/api/rule/tiny:faq:attack-zone-already-burning").json()
    assert data["entry"]["id"] == "tiny:faq:attack-zone-burning" and "another id" in data["note"]
