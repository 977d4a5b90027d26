"""The phone on the club's Wi-Fi (the browser online) while the laptop serving the table does
not answer: the phone knows the server is away from the first request it missed, and acts as
with no network. A link to another page says it needs the network rather than leaving the
player on the browser's error page; Fix is drawn by the phone at the first tap; once the server
answers again, what waited is recorded, each entry once. A question whose answer the Wi-Fi
loses is given up, as a tap's sending is, and answered by the phone."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser import kept_by_worker
from tests.live_server import LiveServer
from tests.records import hand, record

pytestmark = pytest.mark.browser

WAITING = "#taps .taps-count"
# Ann leads 6-5 (left 6, right 5); Bo's 5-3 goes on the 5; Ann to play.
ENTERED = record("muggins", "Ann Bo", hand("Ann 6-5", "Bo 5-3"))


@pytest.fixture
def phone(kept_phone):
    return kept_phone


def at_table(phone, server: LiveServer) -> int:
    """The match's table open, its shell kept by the service worker; the match's id."""
    match_id = server.played_here(ENTERED)
    phone.goto(f"{server.url}/matches/{match_id}")
    kept_by_worker(phone)
    return match_id


def events(server: LiveServer, match_id: int) -> list[dict]:
    return server.get_json(f"/api/matches/{match_id}")["record"]["hands"][-1]["events"]


def test_a_link_while_the_server_is_away_says_it_needs_the_network(live_server, phone):
    match_id = at_table(phone, live_server)
    at = phone.url
    live_server.stop()
    try:
        phone.locator("#table form.picker").get_by_role("button", name="6-4", exact=True).click()
        expect(phone.locator(WAITING)).to_have_text("1 tap waiting: 6-4")
        expect(phone.locator(".turn .whose")).to_have_text("Bo to play")
        phone.get_by_role("link", name="The scorepad").click()
        expect(phone.locator("#taps")).to_contain_text("The scorepad needs the network")
        assert phone.url == at
        expect(phone.locator(".turn .whose")).to_have_text("Bo to play")
    finally:
        live_server.start()
    expect(phone.locator("#table input[name=version]").first).to_have_value("3", timeout=15000)
    expect(phone.locator(WAITING)).not_to_contain_text("waiting")
    assert events(live_server, match_id)[-1] == {"player": "Ann", "play": "6-4"}
    phone.get_by_role("link", name="The scorepad").click()
    expect(phone).to_have_url(re.compile(rf"/history/{match_id}$|/matches/{match_id}/"))


def test_fix_while_the_server_is_away_is_drawn_by_the_phone_at_once(live_server, phone):
    match_id = at_table(phone, live_server)
    live_server.stop()
    try:
        phone.get_by_role("button", name="Fix", exact=True).click()
        expect(phone.get_by_role("heading", name="Fix an entry of hand 1")).to_be_visible()
        expect(phone.locator("#table section.fix.foreseen")).to_have_count(1)
        expect(phone.locator("#taps .taps-count")).not_to_contain_text("waiting")
    finally:
        live_server.start()
    assert [e["play"] for e in events(live_server, match_id)] == ["6-5", "5-3"]


def test_a_question_the_wifi_loses_is_given_up_and_answered_by_the_phone(live_server, phone):
    """The server's answers lost on the way (they never come): Fix, asked of the server, is
    given up as a tap's sending is, and drawn by the phone; a link then says it needs the
    network. The phone's clock is the test's, so no test waits out the phone's patience."""
    phone.clock.install()
    match_id = at_table(phone, live_server)
    lost = []
    phone.route(f"{live_server.url}/matches/**", lambda route: lost.append(route))  # never answered
    fix = phone.get_by_role("button", name="Fix", exact=True)
    fix.click()
    expect(fix).to_have_class(re.compile(r"\basking\b"))
    phone.clock.run_for(9000)
    expect(phone.get_by_role("heading", name="Fix an entry of hand 1")).to_be_visible()
    expect(phone.locator("#table section.fix.foreseen")).to_have_count(1)
    phone.get_by_role("button", name="Back to the table").click()
    phone.get_by_role("link", name="The scorepad").click()
    expect(phone.locator("#taps")).to_contain_text("The scorepad needs the network")
    assert [e["play"] for e in events(live_server, match_id)] == ["6-5", "5-3"]


def test_the_table_reloaded_while_the_server_is_away_knows_it(live_server, phone):
    """Reloaded while the server does not answer, the phone shows the copy of the table its
    service worker keeps, and knows the server is away before asking it anything."""
    at_table(phone, live_server)
    phone.wait_for_function("async () => Boolean(await caches.match(location.pathname))")
    at = phone.url
    live_server.stop()
    try:
        phone.reload()
        expect(phone.locator(".turn .whose")).to_have_text("Ann to play")
        phone.get_by_role("link", name="The scorepad").click()
        expect(phone.locator("#taps")).to_contain_text("The scorepad needs the network")
        assert phone.url == at
        phone.get_by_role("button", name="Fix", exact=True).click()
        expect(phone.locator("#table section.fix.foreseen")).to_have_count(1)
    finally:
        live_server.start()
