"""A tap's answer is only what changed on the table, and the phone shows exactly what a reload
shows: a hand tapped through, each answer's table compared with the same version loaded fresh
(its words and the names a screen reader reads); a second phone follows by small answers too."""

import json
import sqlite3

import pytest
from playwright.sync_api import expect

from tests.live_server import call

pytestmark = pytest.mark.browser

RECORD = {"format": "allfives-match/1", "rules": "muggins", "players": ["Ann", "Bo"], "hands": []}


@pytest.fixture
def context(browser, browser_context_args):
    context = browser.new_context(**browser_context_args, service_workers="block")
    yield context
    context.close()


def started(server) -> int:
    match_id = call(server.url + "/api/matches", RECORD)[1]["id"]
    call(f"{server.url}/api/matches/{match_id}/leader", {"version": 1, "leader": "Ann"})
    return match_id


def version(page) -> str:
    return page.locator("#table input[name=version]").first.input_value()


def seen(page) -> tuple[str, str]:
    """What the table shows: its words, and what a screen reader reads of it."""
    table = page.locator("#table")
    return table.inner_text(), table.aria_snapshot()


def answers(page) -> list[str]:
    """The kinds of the table's answers this page received: steps (JSON) or a whole table."""
    kinds: list[str] = []

    def heard(response):
        path = response.url.split("?")[0]
        if response.request.method == "POST" or path.endswith("/live"):
            kinds.append(response.headers.get("content-type", "").split(";")[0])

    page.on("response", heard)
    return kinds


def test_each_answer_shows_what_a_reload_shows(server, context):
    match_id = started(server)
    url = f"{server.url}/matches/{match_id}"
    phone = context.new_page()
    kinds = answers(phone)
    phone.goto(url)
    fresh = context.new_page()
    taps = 0
    while taps < 30:
        fits = phone.locator("#table form.picker button.tile:not([disabled])")
        before = version(phone)
        if fits.count():
            fits.first.click()
            asked = phone.locator(".end-choice button.end")
            if asked.count():
                asked.first.click()
        else:
            action = phone.locator("[data-action=draw]:not([disabled]), [data-action=pass]")
            if not action.count():
                break  # the hand is over: its end is asked with the whole table
            action.first.click()
        expect(phone.locator("#table input[name=version]").first).not_to_have_value(before)
        expect(phone.locator("#taps")).to_be_hidden()
        taps += 1
        fresh.goto(url)
        assert version(fresh) == version(phone)
        assert seen(phone) == seen(fresh), f"after tap {taps}"
    assert taps >= 10
    steps = [kind for kind in kinds if kind == "application/json"]
    assert len(steps) >= taps - 1, kinds  # the first answer may bring the whole table
    assert kinds.count("text/html") <= 1, kinds  # no steps that missed, fetched again whole


def test_another_phone_follows_by_small_answers(server, context):
    match_id = started(server)
    url = f"{server.url}/matches/{match_id}"
    watcher = context.new_page()
    kinds = answers(watcher)
    watcher.goto(url)
    fresh = context.new_page()
    for n, tile in enumerate(["6-6", "6-1", "1-1"], start=2):
        entry = {"version": n, "play": tile}
        status, body = call(f"{server.url}/api/matches/{match_id}/events", entry)
        assert status == 200, json.dumps(body)
        expect(watcher.locator("#table input[name=version]").first).to_have_value(str(n + 1))
        fresh.goto(url)
        assert seen(watcher) == seen(fresh)
    assert "application/json" in kinds


def test_the_watch_page_and_the_board_follow_by_small_answers(server, context):
    match_id = started(server)
    with sqlite3.connect(server.db) as db:
        query = "SELECT code FROM watch_codes WHERE match_id = ?"
        (code,) = db.execute(query, [match_id]).fetchone()
    screens = {f"/watch/{code}": "#watch", "/board": "#board"}
    pages = {}
    for path in screens:
        pages[path] = context.new_page()
        pages[path].goto(server.url + path)
    kinds = {path: answers(page) for path, page in pages.items()}
    fresh = context.new_page()
    for n, tile in enumerate(["6-6", "6-1", "1-1"], start=2):
        entry = {"version": n, "play": tile}
        status, body = call(f"{server.url}/api/matches/{match_id}/events", entry)
        assert status == 200, json.dumps(body)
        for path, root in screens.items():
            fresh.goto(server.url + path)
            again = fresh.locator(root).inner_text()
            same = "([root, text]) => document.querySelector(root).innerText === text"
            pages[path].wait_for_function(same, arg=[root, again])  # once its poll brought it
    for path in screens:
        assert "application/json" in kinds[path], path
        assert "text/html" not in kinds[path], kinds  # no steps that missed, fetched whole
