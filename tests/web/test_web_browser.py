"""Real-browser tests: Debian's headless Chromium driven by Playwright against the app served on a
free loopback port. Each test saves a screenshot of its page under test-output/web/.

Without /usr/bin/chromium these tests skip (install it with scripts/install-test-browser.sh),
except in CI (CI=true), where they fail."""
from __future__ import annotations

import re

import pytest

# the browser is checked before the app and its search model are built: without Chromium these tests
# skip (or fail, in CI) at once
pytestmark = pytest.mark.usefixtures("browser")

QUESTION = "If my action gets canceled, does my exhausted hero ready?"


def test_search_as_you_type_finds_the_rule(page, live_server, shots):
    page.goto(live_server + "/")
    page.fill("#q", QUESTION)  # typed: the results come in without submitting the form
    first = page.locator("#results li.result .head a.id").first
    first.wait_for()
    assert first.inner_text() == "huntik:701.4a"
    # 701.4a is the ruling of a passing scenario (cancelled-free-action-nothing-to-ready): it carries the
    # mark (entries scenarios merely cite carry none: test_web_browser_answers.py checks every result)
    assert "engine-checked" in page.locator("#results li.result").first.inner_text()
    assert "q=If+my+action" in page.url  # the address follows the question
    page.screenshot(path=str(shots / "search.png"), full_page=True)
    first.click()
    page.wait_for_url(re.compile(r"/rule/huntik:701\.4a$"))
    assert "doesn’t ready if that action is canceled" in page.locator("article .text").inner_text()


def test_search_without_javascript(browser, live_server, shots):
    ctx = browser.new_context(java_script_enabled=False, viewport={"width": 1100, "height": 900})
    pg = ctx.new_page()
    try:
        pg.goto(live_server + "/")
        pg.fill("#q", "Does Lucky stack?")
        pg.select_option("select[name=game]", "star-wars-tcg")
        pg.click("form#search button[type=submit]")
        pg.wait_for_url(re.compile(r"q=Does\+Lucky\+stack"))
        ids = pg.locator("li.result .head a.id").all_inner_texts()
        assert ids and all(i.startswith("star-wars-tcg:") for i in ids)
        assert "lucky" in ids[0]
        pg.screenshot(path=str(shots / "search-no-javascript.png"), full_page=True)
    finally:
        ctx.close()


def test_search_on_a_phone(browser, live_server, shots):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                              has_touch=True)
    pg = ctx.new_page()
    try:
        pg.goto(live_server + "/?q=" + QUESTION.replace(" ", "+").replace("?", "%3F"))
        pg.locator("li.result").first.wait_for()
        # nothing wider than the screen: no horizontal scrolling on a phone
        assert pg.evaluate("document.documentElement.scrollWidth") <= 390 + 1
        pg.screenshot(path=str(shots / "search-phone.png"), full_page=False)
    finally:
        ctx.close()


def test_rule_link_navigates(page, live_server, shots):
    page.goto(live_server + "/rule/huntik:700.3")
    page.screenshot(path=str(shots / "rule.png"), full_page=True)
    link = page.locator("article .text a.ref", has_text="711.2")
    assert link.count() == 1
    link.click()
    page.wait_for_url(re.compile(r"/rule/huntik:711\.2$"))
    assert page.locator("h1 .id").inner_text() == "huntik:711.2"
    assert "huntik:700.3" in page.locator("section.links").all_inner_texts().__str__()  # cited by
    page.screenshot(path=str(shots / "rule-after-link.png"), full_page=True)


def test_card_page_shows_old_and_new_text(page, live_server, shots):
    page.goto(live_server + "/card/Stilt-Man")
    assert page.locator("h1").inner_text() == "Stilt-Man, Wilbur Day"
    old = page.locator("blockquote.old").inner_text()
    new = page.locator("blockquote.new").inner_text()
    assert "put a +1 ATK / +1 DEF counter on Stilt-Man" in old and "not named" not in old
    assert "if that character is not named Stilt-Man" in new
    assert "infinite loop" in page.locator(".history").inner_text()
    assert "not named Stilt-Man" in page.locator(".text.current").inner_text()
    page.screenshot(path=str(shots / "card.png"), full_page=True)


def test_ruling_page_shows_the_trace(page, live_server, shots):
    page.goto(live_server + "/ruling/vs-system:errata:stilt-man-wilbur-day")
    section = page.locator("section#stilt-man-old-text-loops")
    assert "What happens?" in section.locator("p.question").inner_text()
    assert "passed" in section.locator(".verdict").first.inner_text()
    steps = section.locator("ol.trace > li")
    assert steps.count() >= 1
    trace = section.locator("ol.trace").inner_text()
    assert "loop_detected" in trace and "game_drawn" in trace
    page.screenshot(path=str(shots / "ruling.png"), full_page=True)
    rule = section.locator("ol.trace a.rule-id").first
    target = rule.inner_text()
    rule.click()
    page.wait_for_url(re.compile(re.escape(target) + "$"))
    assert target in page.locator("h1").inner_text()


def test_game_page(page, live_server, shots):
    page.goto(live_server + "/game/huntik")
    assert page.locator("h1").inner_text() == "Huntik: Secrets & Seekers TCG"
    assert "huntik/comprehensive-rules-700-712.txt" in page.locator("#documents").inner_text()
    assert "executable" in page.locator("#coverage").inner_text()
    page.screenshot(path=str(shots / "game.png"), full_page=True)


def test_hostile_query_is_shown_as_text(page, live_server, shots):
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(live_server + "/?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E%3Cimg+src%3Dx+onerror%3Dalert(2)%3E")
    assert page.locator("#q").input_value() == "<script>alert(1)</script><img src=x onerror=alert(2)>"
    page.fill("#q", "<img src=x onerror=alert(3)> damage")
    page.wait_for_timeout(800)
    assert dialogs == []
    assert page.locator("img").count() == 0
    page.screenshot(path=str(shots / "hostile-query.png"), full_page=True)
