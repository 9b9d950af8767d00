"""Server-rendered pages (no JavaScript needed): search, entry, card, ruling, game."""
from __future__ import annotations

import re

QUESTION = "If my action gets canceled, does my exhausted hero ready?"


def ids_in(html: str, cls: str = "id") -> list[str]:
    return re.findall(rf'<a class="{cls}" href="[^"]*">([^<]+)</a>', html)


def test_home_lists_games_and_form(client):
    r = client.get("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    html = r.text
    assert '<form class="search" id="search" action="/" method="get"' in html
    for g in ("huntik", "vs-system", "star-wars-tcg", "hatalom-kartyai", "warhammer-invasion"):
        assert f'href="/game/{g}"' in html
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html


def test_search_results_page(client):
    html = client.get("/", params={"q": QUESTION}).text
    assert ids_in(html)[0] == "huntik:701.4a"
    assert "<mark>exhausted</mark>" in html or "<mark>exhaust</mark>" in html
    assert "✓ engine-checked" in html
    assert 'href="/rule/huntik:701.4"' in html  # a related entry links to its page


def test_search_filters(client):
    html = client.get("/", params={"q": "counter", "game": "vs-system", "kind": "errata"}).text
    found = ids_in(html)
    assert found and all(i.startswith("vs-system:errata:") for i in found)
    assert '<option value="vs-system" selected>' in html and '<option value="errata" selected>' in html


def test_search_fragment_for_search_as_you_type(client):
    r = client.get("/search/results", params={"q": "Does Lucky stack?", "game": "star-wars-tcg"})
    assert r.status_code == 200
    assert ids_in(r.text)[0].startswith("star-wars-tcg:")
    assert "<header" not in r.text


def test_rule_page_links_references(client):
    html = client.get("/rule/huntik:700.3").text
    # "see section 711.2" in the text becomes a link to that rule; 400.11a (not in the corpus) does not
    assert '<a class="ref" href="/rule/huntik:711.2" title="huntik:711.2">711.2</a>' in html
    assert '<a class="ref" href="/rule/huntik:703" title="huntik:703">703</a>' in html
    assert 'title="not in this corpus">400.11a</span>' in html
    assert "Cites" in html and "Parent" in html


def test_rule_page_parent_children_fixtures(client):
    html = client.get("/rule/huntik:701.4a").text
    assert 'href="/rule/huntik:701.4"' in html  # parent (breadcrumb and list)
    assert "huntik:701.4a:example-1" in html  # example
    assert "Rulings and fixtures" in html and "passed" in html
    assert re.search(r'href="/ruling/huntik:[^"#]+#[\w-]+"', html)  # fixtures link to their ruling page
    assert client.get("/rule/huntik:701.4").text.count('href="/rule/huntik:701.4a"') >= 1  # children


def test_rule_page_bare_number_redirects(client):
    r = client.get("/rule/701.4a", params={"game": "huntik"}, follow_redirects=False)
    assert r.status_code == 302 and r.headers["location"] == "/rule/huntik:701.4a"
    r = client.get("/rule/vs-system:card:stilt-man-wilbur-day", follow_redirects=False)
    assert r.status_code == 302 and r.headers["location"] == "/card/vs-system:card:stilt-man-wilbur-day"


def test_card_page_old_and_new_text(client):
    html = client.get("/card/Stilt-Man").text
    assert "<h1>Stilt-Man, Wilbur Day</h1>" in html
    old = re.search(r'<blockquote class="old">(.*?)</blockquote>', html, re.S).group(1)
    new = re.search(r'<blockquote class="new">(.*?)</blockquote>', html, re.S).group(1)
    assert "put a +1 ATK / +1 DEF counter on Stilt-Man" in old and "not named" not in old
    assert "if that character is not named Stilt-Man" in new
    assert "infinite loop" in html  # the errata reason
    assert "vs-system/marvel-knights-faq.txt:486-500" in html  # its source
    assert "stilt-man-old-text-loops" in html and "stilt-man-new-text-no-loop" in html  # the fixtures


def test_card_page_entries_mentioning(client):
    html = client.get("/card/Dante Vale").text
    assert "Entries mentioning" in html
    assert 'href="/rule/huntik:701.4a:example-1"' in html


def test_ruling_page_shows_question_answer_verdict_trace(client):
    html = client.get("/ruling/vs-system:errata:stilt-man-wilbur-day").text
    assert 'id="stilt-man-old-text-loops"' in html and 'id="stilt-man-new-text-no-loop"' in html
    assert "<h3>Question</h3>" in html and "<h3>Answer</h3>" in html
    assert '<span class="verdict ok">passed</span>' in html
    assert "loop_detected" in html and "game_drawn" in html  # the old text loops
    trace = re.search(r'<ol class="trace">(.*?)</ol>', html, re.S).group(1)
    assert re.search(r'<a class="ref rule-id" href="/rule/vs-system:[^"]+">vs-system:[^<]+</a>', trace)


def test_ruling_page_huntik(client):
    html = client.get("/ruling/huntik:701.4a:example-1").text
    assert '<ol class="trace">' in html
    assert 'href="/rule/huntik:701.4a"' in html


def test_fixture_page(client, site):
    key = next(k for k, f in site.fixtures.items() if f["game"] == "star-wars-tcg")
    r = client.get(f"/fixture/{key}")
    assert r.status_code == 200 and '<ol class="trace">' in r.text


def test_game_page_documents_ingest_coverage(client):
    html = client.get("/game/vs-system").text
    assert "<h1>Vs. System</h1>" in html
    assert "vs-system/marvel-knights-faq.txt" in html  # documents
    assert "Ingest report" in html and "References:" in html
    assert 'id="coverage"' in html and "executable" in html
    assert "stilt-man-old-text-loops" in html  # fixtures list


def test_not_executable_marking_is_shown(client, site):
    marked = [n for n, a in site.G.nodes(data=True) if (a.get("data") or {}).get("not_executable")]
    if not marked:
        return
    html = client.get(f"/rule/{marked[0]}").text
    assert "Not executable" in html


def test_failing_verdict_is_shown(searcher, verdicts_file, tmp_path):
    """A fixture whose last verdict failed is marked as failing on the pages and in search."""
    import json

    from fastapi.testclient import TestClient

    from judge.web.app import create_app
    from judge.web.site import Site

    data = json.loads(verdicts_file.read_text())
    key = next(k for k, v in data["fixtures"].items() if v["ruling"] == "huntik:701.4a:example-1")
    data["fixtures"][key]["passed"] = False
    bad = tmp_path / "verdicts.json"
    bad.write_text(json.dumps(data))
    c = TestClient(create_app(Site(searcher=searcher, verdicts_file=bad)))
    assert "FAILED" in c.get("/rule/huntik:701.4a:example-1").text
    assert key in c.get("/api/verify").json()["failed"]
    html = c.get("/", params={"q": "Dante Vale Hyperstride Breakspell", "game": "huntik"}).text
    assert "✗ engine check failing" in html


def test_verdicts_are_reread_when_they_change(searcher, verdicts_file, tmp_path):
    import json
    import os

    from fastapi.testclient import TestClient

    from judge.web.app import create_app
    from judge.web.site import Site

    path = tmp_path / "verdicts.json"
    path.write_text(verdicts_file.read_text())
    c = TestClient(create_app(Site(searcher=searcher, verdicts_file=path)))
    before = c.get("/api/verify").json()["failed"]
    data = json.loads(path.read_text())
    first = next(k for k in sorted(data["fixtures"]) if k not in before)
    data["fixtures"][first]["passed"] = False
    path.write_text(json.dumps(data))
    os.utime(path, ns=(1, 1))
    assert c.get("/api/verify").json()["failed"] == sorted([*before, first])


def test_engine_marks_follow_new_verdicts(searcher, verdicts_file, tmp_path):
    """An entry's mark is remembered only as long as the verdicts it came from: a scenario that fails
    in the next `judge verify` turns its ruling's mark into a failing check on the next request."""
    import json
    import os

    from fastapi.testclient import TestClient

    from judge.web.app import create_app
    from judge.web.site import Site, fixture_key

    path = tmp_path / "verdicts.json"
    path.write_text(verdicts_file.read_text())
    site = Site(searcher=searcher, verdicts_file=path)
    c = TestClient(create_app(site))
    data = json.loads(path.read_text())
    key, ruling = next((k, v["ruling"]) for k, v in sorted(data["fixtures"].items())
                       if v.get("passed") and not v.get("variant") and (site.verification(v.get("ruling", "")) or {})
                       .get("passed"))
    assert site.verification(ruling)["passed"] is True and site.verification(ruling)["passed"] is True  # memoised
    data["fixtures"][key]["passed"] = False
    path.write_text(json.dumps(data))
    os.utime(path, ns=(1, 1))
    assert c.get("/api/verify").status_code == 200  # any request picks up the new verdicts
    mark = site.verification(ruling)
    assert mark["passed"] is False and fixture_key(mark["fixture"]) == fixture_key(key)


def test_api_page(client):
    html = client.get("/api").text
    assert 'href="/openapi.json"' in html and "judge ask QUESTION --json" in html


def test_card_names_in_entry_text_link_to_card_pages(client):
    html = client.get("/rule/huntik:701.4a:example-1").text
    assert ('<a class="card-ref" href="/card/huntik:card:breakspell" title="huntik:card:breakspell">Breakspell</a>'
            in html)
    assert 'href="/card/huntik:card:dante-vale-private-investigator"' in html


def test_engine_checked_mark_links_to_the_fixture(client):
    html = client.get("/", params={"q": "Dante Vale Hyperstride Breakspell", "game": "huntik"}).text
    first = html[html.index('<li class="result" id="r1">'):]
    first = first[:first.index("</li>")]  # huntik:701.4a:example-1, the ruling of a passing scenario
    assert re.search(r'<a class="check ok" href="/ruling/huntik:[^"]+#[\w-]+"', first)


def test_card_page_engine_card_by_exact_name(client):
    r = client.get("/card/Arkayne Vampire", follow_redirects=False)
    assert r.status_code == 302 and r.headers["location"] == "/card/warhammer-invasion:card:arkayne-vampire"
    html = client.get(r.headers["location"]).text
    assert "<h1>Arkayne Vampire</h1>" in html and "Arcane Power" not in html
    assert "This unit gets +1 hit point for each damage on it." in html
    assert "Warhammer: Invasion LCG" in html


def test_card_page_typo_is_404_with_closest_cards(client):
    r = client.get("/card/Arkayne Vampyre")
    assert r.status_code == 404
    assert "no card named" in r.text and 'href="/card/warhammer-invasion:card:arkayne-vampire"' in r.text


def test_card_page_part_of_a_name_says_so(client):
    r = client.get("/card/sniktch", follow_redirects=False)
    assert r.status_code == 302
    html = client.get(r.headers["location"]).text
    assert "No card is named “sniktch”" in html and "Corrupt this unit" in html
    # the note is only shown when those words really lead to this card
    forged = client.get("/card/warhammer-invasion:card:deathmaster-sniktch?from=Arcane").text
    assert "No card is named" not in forged
