"""Two phones on one match in real Chromium contexts: the stale one is told the table changed (and
which of its taps was not recorded) and sees the latest; a double tap enters once; the pages run
under the CSP without a violation."""

import pytest
from playwright.sync_api import expect

from tests.browser import saved, version
from tests.clients import STALE
from tests.live_server import call

pytestmark = pytest.mark.browser

RECORD = {"format": "allfives-match/1", "rules": "all-fives", "players": ["Ann", "Bo"], "hands": []}


def events(live_server, match_id) -> list[dict]:
    _, body = call(f"{live_server.url}/api/matches/{match_id}", method="GET")
    return [e for hand in body["record"]["hands"] for e in hand["events"]]


@pytest.fixture
def phones(browser, browser_context_args):
    contexts = [browser.new_context(**browser_context_args) for _ in range(2)]
    pages = [context.new_page() for context in contexts]
    violations = []
    for page in pages:
        page.on("console", lambda m: "Content Security Policy" in m.text and violations.append(m))
    yield pages
    for context in contexts:
        context.close()
    assert not [m.text for m in violations]


def test_the_stale_phone_gets_the_latest_and_nothing_doubles(phones, live_server):
    ann, bo = phones
    match_id = call(live_server.url + "/api/matches", RECORD)[1]["id"]
    bo.route("**/live", lambda route: route.abort())  # Bo's phone does not follow the table
    for phone in phones:
        phone.goto(f"{live_server.url}/matches/{match_id}")
    ann.get_by_role("button", name="Ann", exact=True).click()
    expect(ann.get_by_role("button", name="6-6", exact=True)).to_be_visible()
    saved(ann, 1)  # the tiles show at once, drawn by the phone: Ann's choice is now saved too

    bo.get_by_role("button", name="Bo", exact=True).click()  # Bo's phone still shows version 1
    expect(bo.get_by_role("alert")).to_have_text(STALE)
    expect(bo.get_by_role("button", name="6-6", exact=True)).to_be_visible()  # Ann leads
    assert version(bo) == version(ann) == 2

    ann.get_by_role("button", name="5-5", exact=True).click()
    expect(ann.locator("#table input[name=version]").first).to_have_value("3")
    bo.get_by_role("button", name="6-6", exact=True).click()  # one tap behind again
    refused = "6-6 by Ann was not recorded: 5-5 by Ann came first from another phone."
    expect(bo.get_by_role("alert")).to_have_text(refused)
    expect(bo.locator("#table input[name=version]").first).to_have_value("3")
    assert events(live_server, match_id) == [{"player": "Ann", "play": "5-5"}]


def test_a_double_tap_enters_once(phones, live_server):
    ann, _ = phones
    match_id = call(live_server.url + "/api/matches", RECORD)[1]["id"]
    ann.goto(f"{live_server.url}/matches/{match_id}")
    posts = []
    ann.on("request", lambda r: r.method == "POST" and posts.append(r.url))
    ann.get_by_role("button", name="Ann", exact=True).click()
    expect(ann.locator("#table input[name=version]").first).to_have_value("2")
    ann.get_by_role("button", name="5-5", exact=True).dblclick()
    expect(ann.locator("#table input[name=version]").first).to_have_value("3")
    ann.get_by_role("button", name="Draw", exact=True).click(click_count=3)
    expect(ann.locator("#table input[name=version]").first).to_have_value("4")
    assert events(live_server, match_id) == [
        {"player": "Ann", "play": "5-5"},
        {"player": "Bo", "draw": 1},
    ]
    expect(ann.get_by_role("alert")).to_have_count(0)  # the extra taps were never sent
    assert len(posts) == 3
