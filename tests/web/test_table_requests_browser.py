"""The table screen loads no htmx (every other page still does): its questions (where a tile
goes, Fix), its forms that are not taps and the settlement's Check and preview are asked by
static/app.js, online at once and, with no network, once it is back. In Chromium against the
real server; each phone its own browser context with the service worker blocked (Playwright's
routes do not see what a worker answers)."""

import re
import sqlite3

import pytest
from playwright.sync_api import expect

from tests.browser import online, tap, version
from tests.live_server import LiveServer
from tests.records import hand, record

pytestmark = pytest.mark.browser

WAITING = "#taps .taps-count"
# Y to play: left 1, right 6, up 6; once Y's 6-2 is on the right, X's 2-1 goes left (1) or right
# (2), two different games.
ASKED = record("all-fives", "X Y", hand("X 5-5", "Y 5-6 right", "X 5-1 left", "Y 5-3 up",
                                         "X 3-6 up"))  # fmt: skip
BLOCKED = record(
    {"preset": "all-fives", "hand_size": 2, "boneyard_reserve": 22},
    "Ann Bo Cy",
    hand("Ann 6-6", "Bo pass", "Cy pass", "Ann pass"),
)


@pytest.fixture
def phone(browser, browser_context_args):
    """A phone; `phone.asked` the addresses it requested. No script of the page fails."""
    context = browser.new_context(**browser_context_args, service_workers="block")
    page = context.new_page()
    page.set_default_timeout(8000)
    page.asked = []
    page.on("request", lambda r: page.asked.append(r.url))
    failures = []
    page.on("pageerror", lambda e: failures.append(str(e)))
    yield page
    context.close()
    assert failures == []


def table(phone, server: LiveServer, match_record: dict) -> int:
    match_id = server.post_json("/api/matches", match_record)["id"]
    phone.goto(f"{server.url}/matches/{match_id}")
    return match_id


def test_the_table_loads_no_htmx_the_other_pages_do(phone, server):
    table(phone, server, ASKED)
    expect(phone.get_by_role("button", name="Draw", exact=True)).to_be_visible()
    assert not [url for url in phone.asked if "/vendor/htmx" in url]
    assert phone.evaluate("() => typeof window.htmx") == "undefined"
    phone.goto(f"{server.url}/")
    assert [url for url in phone.asked if "/vendor/htmx" in url]
    assert phone.evaluate("() => typeof window.htmx") == "object"


def test_the_table_names_every_module_it_loads_in_its_head(phone, server):
    """A slow link fetches the rules engine's modules at once, not a chain of imports a round
    trip each: the page names each module its scripts import, and no other."""
    table(phone, server, ASKED)
    phone.wait_for_load_state("networkidle")
    loaded = {url.removeprefix(server.url) for url in phone.asked if url.endswith(".mjs")}
    named = phone.eval_on_selector_all(
        "head link[rel=modulepreload]", "links => links.map(link => link.getAttribute('href'))"
    )
    assert len(named) == len(set(named))
    assert set(named) == loaded
    assert "/static/engine/hand.mjs" in loaded
    assert "/static/phone-fix-screens.mjs" not in loaded  # loaded when Fix first needs it


def test_the_end_asked_of_the_server_online_and_once_the_network_is_back(phone, server):
    """Where a tile goes, asked of the server (the phone's own engine not loaded, as when a
    correction waits): at once online; with no network the question waits, then is asked."""
    phone.route("**/phone-table.mjs", lambda route: route.abort())
    match_id = table(phone, server, ASKED)
    tap(phone, "6-2")
    question = phone.locator("#table section.end-choice:not(.foreseen)")
    phone.get_by_role("button", name="2-1", exact=True).click()
    expect(question).to_contain_text("Where does 2-1 go?")
    phone.get_by_role("button", name="Another tile").click()
    expect(question).to_have_count(0)
    expect(phone.get_by_role("button", name="2-1", exact=True)).to_be_enabled()

    phone.context.set_offline(True)
    phone.get_by_role("button", name="2-1", exact=True).click()
    expect(phone.locator(WAITING)).to_have_text("1 tap waiting: 2-1")
    expect(question).to_have_count(0)
    online(phone)
    expect(question).to_contain_text("Where does 2-1 go?")
    expect(phone.locator("#taps")).to_be_hidden()
    tap(phone, "left")
    events = server.get_json(f"/api/matches/{match_id}")["record"]["hands"][0]["events"]
    assert events[-1] == {"player": "X", "play": "2-1", "end": "left"}


def test_fix_online_and_once_the_network_is_back(phone, server):
    """Fix asked of the server (the phone's own engine not loaded; with it, the phone draws Fix
    itself with no network: tests/web/test_fix_offline_browser.py): at once online; with no
    network the question waits, then is asked."""
    phone.route(re.compile(r"/phone-(table|fix)\.mjs$"), lambda route: route.abort())
    table(phone, server, ASKED)
    fixing = phone.get_by_role("heading", name="Fix an entry")
    phone.get_by_role("button", name="Fix", exact=True).click()
    expect(fixing).to_be_visible()
    expect(phone.locator("#table .asking")).to_have_count(0)
    phone.get_by_role("button", name="Back to the table").click()
    expect(fixing).to_have_count(0)

    phone.context.set_offline(True)
    phone.get_by_role("button", name="Fix", exact=True).click()
    expect(phone.locator(WAITING)).to_have_text("1 tap waiting: Fix")
    expect(fixing).to_have_count(0)
    online(phone)
    expect(fixing).to_be_visible()
    expect(phone.locator("#taps")).to_be_hidden()

    # An entry's fixes: while the way back is asked, no button of the screen takes a tap.
    phone.locator(".entry-link").first.click()
    back = phone.get_by_role("button", name="Back to the list")
    expect(back).to_be_visible()
    held = []
    asked = re.compile(r"/matches/\d+\?fix=0$")
    phone.route(asked, lambda route: held.append(route))
    with phone.expect_request(asked):
        back.click()
    expect(back).to_have_class(re.compile(r"\basking\b"))
    expect(phone.locator("#table button:enabled")).to_have_count(0)
    assert len(held) == 1
    for route in held:
        route.continue_()
    expect(fixing).to_be_visible()
    expect(phone.locator("#table .asking")).to_have_count(0)


def test_the_settlements_check_and_preview_online_and_once_the_network_is_back(phone, server):
    table(phone, server, BLOCKED)
    preview = phone.locator("#preview")
    phone.get_by_label("Pips left by Ann").fill("5")
    phone.get_by_label("Pips left by Cy").fill("9")
    expect(preview).to_contain_text("Still needed")  # asked as the player types
    phone.get_by_label("Pips left by Bo").fill("4")
    phone.get_by_role("button", name="Check").click()
    expect(preview.locator(".outcome")).to_be_visible()

    phone.context.set_offline(True)
    phone.get_by_label("Pips left by Bo").fill("")
    phone.get_by_role("button", name="Check").click()
    expect(phone.locator("#taps .taps-why")).to_contain_text("Reconnecting")
    expect(preview.locator(".outcome")).to_be_visible()  # the last answer, until a new one comes
    online(phone)
    expect(preview).to_contain_text("Still needed")
    phone.get_by_label("Pips left by Bo").fill("4")
    expect(preview.locator(".outcome")).to_be_visible()
    tap(phone, "Confirm")


def test_a_refused_form_or_question_is_said_in_the_banner_and_the_table_stays(phone, server):
    match_id = table(phone, server, ASKED)
    before = version(phone)
    phone.get_by_role("link", name="Stop this match…").click()
    stopping = phone.get_by_role("heading", name="Stop this match?")
    expect(stopping).to_be_visible()
    phone.context.clear_cookies()  # the session, and with it the form's token, is gone
    phone.get_by_role("button", name="Stop the match").click()
    banner = phone.locator("#problem")
    expect(banner).to_contain_text("This form has expired")
    expect(stopping).to_be_visible()
    assert server.get_json(f"/api/matches/{match_id}")["version"] == before
    banner.get_by_role("button", name="Close").click()
    expect(banner).to_be_hidden()

    with sqlite3.connect(server.db) as db:
        db.execute("DELETE FROM matches WHERE id = ?", [match_id])
    phone.get_by_role("button", name="Keep playing").click()
    expect(banner).to_contain_text("There is no such match.")
    expect(stopping).to_be_visible()


def test_a_form_that_is_not_a_tap_says_plainly_that_it_needs_the_network(phone, server):
    """Stop, Rematch, the points on paper do not wait on the phone like taps (Final does): sent
    with no network, the phone says it was not sent and why, and nothing happens until it is
    tapped again."""
    match_id = table(phone, server, ASKED)
    phone.get_by_role("link", name="Stop this match…").click()
    stopping = phone.get_by_role("heading", name="Stop this match?")
    expect(stopping).to_be_visible()
    phone.context.set_offline(True)
    phone.get_by_role("button", name="Stop the match").click()
    expect(phone.locator("#taps")).to_contain_text(
        "Not sent: Stop the match needs the network. Tap it again once it is back."
    )
    expect(stopping).to_be_visible()
    online(phone)
    assert not server.get_json(f"/api/matches/{match_id}")["stopped"]
    phone.get_by_role("button", name="Stop the match").click()
    expect(stopping).to_be_hidden()
    expect(phone.locator("#taps")).not_to_contain_text("Not sent")
    assert server.get_json(f"/api/matches/{match_id}")["stopped"]
