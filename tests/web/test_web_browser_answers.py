"""Real-browser checks of what a judge sees first (issue 15): the answer of the top hit on the first
screen at phone and laptop width, the question once, each result's game by name, the engine-checked
mark only on the entry a passing base scenario rules on (linking that scenario), "cited by N
scenarios" for the others, 5 results a page with more on demand, the chosen game remembered.
Screenshots under test-output/web/."""
from __future__ import annotations

import re
from urllib.parse import quote, unquote

import pytest

LUCKY = "/?q=" + quote("Does Lucky stack?") + "&game=star-wars-tcg"
SIZES = {"phone": dict(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True),
         "laptop": dict(viewport={"width": 1280, "height": 800})}


@pytest.fixture(params=sorted(SIZES))
def sized(request, browser):
    ctx = browser.new_context(**SIZES[request.param])
    pg = ctx.new_page()
    pg.set_default_timeout(20_000)
    yield request.param, pg
    ctx.close()


def test_each_result_game_readable_across_games(sized, live_server, shots):
    size, pg = sized
    pg.goto(live_server + "/?q=" + quote("How much damage is dealt to a defending unit?"))
    results = pg.locator("li.result")
    assert results.count() == 5  # five a page
    names = {"huntik": "Huntik", "warhammer-invasion": "Warhammer", "star-wars-tcg": "Star Wars",
             "vs-system": "Vs. System", "hatalom-kartyai": "Hatalom"}
    for i in range(results.count()):
        r = results.nth(i)
        gid = r.locator("a.id").inner_text().split(":")[0]
        label = r.locator(".game-label")
        assert names[gid] in label.inner_text()
        assert label.is_visible() and label.bounding_box()["width"] <= pg.viewport_size["width"]
    pg.screenshot(path=str(shots / f"games-labelled-{size}.png"), full_page=True)


def test_more_results_with_and_without_javascript(browser, live_server, shots):
    for js in (True, False):
        ctx = browser.new_context(java_script_enabled=js, viewport={"width": 390, "height": 844})
        pg = ctx.new_page()
        try:
            pg.goto(live_server + "/?q=" + quote("damage"))
            assert pg.locator("li.result").count() == 5
            pg.click("a#more")
            pg.locator("li.result").nth(9).wait_for()
            assert pg.locator("li.result").count() == 10
            assert "k=10" in pg.url
        finally:
            ctx.close()


def test_game_choice_is_remembered(browser, live_server):
    ctx = browser.new_context(viewport={"width": 1100, "height": 900})
    pg = ctx.new_page()
    try:
        pg.goto(live_server + "/")
        pg.select_option("select[name=game]", "warhammer-invasion")
        pg.fill("#q", "Can I attack a burning zone?")
        pg.click("form#search button[type=submit]")
        pg.wait_for_url(re.compile(r"game=warhammer-invasion"))
        pg.goto(live_server + "/")  # a later visit opens with that game
        assert pg.locator("select[name=game]").input_value() == "warhammer-invasion"
        assert "game=warhammer-invasion" in pg.url
        pg.select_option("select[name=game]", "")  # all games again (the page updates as you choose)
        pg.wait_for_timeout(500)
        pg.goto(live_server + "/")
        assert pg.locator("select[name=game]").input_value() == ""
    finally:
        ctx.close()
