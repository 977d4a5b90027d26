"""The table on a club's real network, in Chromium: taps made while another is on its way or
with no network wait their turn on the phone and are recorded once, in order; an answer lost
after the server saved the tap says nothing false; a tap that no longer fits is refused by name;
an idle phone follows the others, one being typed on is left alone; the server restarting loses
nothing; the read-only screens say they are reconnecting; a reload with no network still shows
the table and its waiting taps.

One server for the module (each test its own match); each phone its own browser context, with
the service worker blocked (Playwright's routes do not see what a worker answers) except where
the worker is what is tested."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from assistant.club import store
from assistant.db import connect
from tests.browser import kept_by_worker
from tests.live_server import call
from tests.paths import CHECKOUT
from tests.records import example

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Bo", "Cy"]
RECORD = {"format": "allfives-match/1", "rules": "all-fives", "players": PLAYERS, "hands": []}
WAITING = "#taps .taps-count"


@pytest.fixture
def phone(browser, browser_context_args):
    """A phone at the table; `phone.posts` the writes it sent."""
    context = browser.new_context(**browser_context_args, service_workers="block")
    page = context.new_page()
    page.posts = []
    page.on("request", lambda r: r.method == "POST" and page.posts.append(r.post_data))
    errors = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    yield page
    context.close()
    # Only what a phone with no network must log: its failed requests.
    assert not [e for e in errors if not ("net::ERR" in e or "Failed to load" in e or "htmx:" in e)]


def new_match(server, leader="Ann") -> int:
    match_id = call(server.url + "/api/matches", RECORD)[1]["id"]
    call(f"{server.url}/api/matches/{match_id}/leader", {"version": 1, "leader": leader})
    return match_id


def enter(server, match_id, entry: dict) -> None:
    """A tap from the other phone, through the API."""
    version = call(f"{server.url}/api/matches/{match_id}", method="GET")[1]["version"]
    status, body = call(f"{server.url}/api/matches/{match_id}/events", {"version": version} | entry)
    assert status == 200, body


def events(server, match_id) -> list[dict]:
    _, body = call(f"{server.url}/api/matches/{match_id}", method="GET")
    return [e for hand in body["record"]["hands"] for e in hand["events"]]


def at_version(page, number: int, timeout: float = 5000) -> None:
    expect(page.locator("#table input[name=version]").first).to_have_value(
        str(number), timeout=timeout
    )


def tile(page, name: str):
    return page.locator("#table").get_by_role("button", name=name, exact=True)


def slow_network(page, latency_ms: int) -> None:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": latency_ms, "downloadThroughput": -1, "uploadThroughput": -1},
    )


def shot(page, name: str) -> None:
    """A screenshot for a person to look at, when asked for (SCREENSHOTS=1)."""
    if os.environ.get("SCREENSHOTS"):
        folder = Path(CHECKOUT, "instance", "screenshots")
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / f"taps-{name}.png"))


def test_a_second_tap_while_the_first_is_on_its_way_is_recorded_after_it(server, phone):
    match_id = new_match(server)
    phone.goto(f"{server.url}/matches/{match_id}")
    slow_network(phone, 800)
    # Taken at once: the tap's own click marks the tile before any answer.
    with phone.expect_request(lambda r: r.method == "POST" and r.url.endswith("/play")):
        assert phone.evaluate(
            "() => { const b = document.querySelector('#table button[value=\"6-4\"]');"
            " b.click(); return b.classList.contains('pending'); }"
        )
    # The first tap is on its way (sent, not answered): the player's second tap now.
    expect(phone.locator(WAITING)).to_have_text("1 tap waiting: 6-4")
    tile(phone, "6-3").click()
    expect(tile(phone, "6-3")).to_have_class("tile fits pending")
    expect(phone.locator(WAITING)).to_contain_text("2 taps waiting: 6-4, 6-3")
    shot(phone, "pending")
    at_version(phone, 4, timeout=10000)
    expect(phone.locator("#taps")).to_be_hidden()
    assert events(server, match_id) == [
        {"player": "Ann", "play": "6-4"},
        {"player": "Bo", "play": "6-3"},
    ]
    assert len(phone.posts) == 2


def test_an_answer_lost_after_the_tap_was_saved_is_sent_again_and_taken_as_done(server, phone):
    match_id = new_match(server)
    lost, again = [], []

    def lose_first_answer(route):
        if not lost:
            lost.append(route.fetch())  # the server saves the tap; its answer never arrives
            route.abort("connectionreset")
        else:
            again.append(route)  # the same tap, sent again: let through below

    phone.route("**/play", lose_first_answer)
    phone.goto(f"{server.url}/matches/{match_id}")
    tile(phone, "5-5").click()
    expect(phone.locator("#taps .taps-why")).to_have_text(
        "The server is slow to answer: still trying."
    )
    tile(phone, "5-5").click()  # the player taps it again meanwhile
    expect(phone.locator(WAITING)).to_have_text("1 tap waiting: 5-5")
    for _ in range(200):  # until the phone sends the tap again by itself (10 s at most)
        if again:
            break
        phone.wait_for_timeout(50)
    again[0].continue_()
    at_version(phone, 3)
    expect(phone.locator("#taps")).to_be_hidden()
    expect(phone.get_by_text("not saved", exact=False)).to_be_hidden()
    expect(phone.get_by_role("alert")).to_have_count(0)
    assert events(server, match_id) == [{"player": "Ann", "play": "5-5"}]
    assert len(phone.posts) == 2  # the tap, and the same tap once more


def test_a_server_that_cannot_write_keeps_the_tap_waiting(server, phone):
    match_id = new_match(server)
    refused = []

    def full_disk_once(route):
        if refused:
            return route.continue_()
        refused.append(route.request.url)
        route.fulfill(status=503, body="The server cannot save right now.")

    phone.route("**/draw", full_disk_once)
    phone.goto(f"{server.url}/matches/{match_id}")
    tile(phone, "6-6").click()
    at_version(phone, 3)
    phone.get_by_role("button", name="Draw", exact=True).click()
    expect(phone.locator(WAITING)).to_have_text("1 tap waiting: Draw")
    at_version(phone, 4)
    expect(phone.get_by_role("alert")).to_have_count(0)
    assert events(server, match_id)[1:] == [{"player": "Bo", "draw": 1}]


def test_taps_made_offline_wait_and_are_recorded_in_order_once_online(server, phone):
    match_id = new_match(server)
    phone.goto(f"{server.url}/matches/{match_id}")
    phone.context.set_offline(True)
    tile(phone, "6-4").click()
    tile(phone, "6-3").click()
    expect(phone.locator(WAITING)).to_have_text("2 taps waiting: 6-4, 6-3")
    expect(phone.locator("#taps .taps-why")).to_contain_text("No network")
    expect(phone.locator("#table .pending")).to_have_count(2)
    phone.context.set_offline(False)
    at_version(phone, 4, timeout=10000)
    expect(phone.locator("#taps")).to_be_hidden()
    assert events(server, match_id) == [
        {"player": "Ann", "play": "6-4"},
        {"player": "Bo", "play": "6-3"},
    ]


def test_a_waiting_tap_that_no_longer_fits_is_refused_by_name_with_those_after_it(server, phone):
    match_id = new_match(server)
    enter(server, match_id, {"play": "6-4"})
    phone.goto(f"{server.url}/matches/{match_id}")
    phone.context.set_offline(True)
    tile(phone, "6-3").click()
    tile(phone, "4-1").click()
    enter(server, match_id, {"play": "4-4"})  # Bo's tile, from the other phone
    phone.context.set_offline(False)
    expect(phone.get_by_role("alert")).to_have_text(
        "6-3 by Bo was not recorded: 4-4 by Bo came first from another phone."
    )
    expect(phone.locator(WAITING)).to_have_text("Also not sent, as made after it: 4-1.")
    at_version(phone, 4)
    shot(phone, "refused")
    assert events(server, match_id) == [
        {"player": "Ann", "play": "6-4"},
        {"player": "Bo", "play": "4-4"},
    ]


def test_a_tap_waiting_while_its_match_is_deleted_is_refused_and_lands_nowhere(server, phone):
    match_id = new_match(server)
    phone.goto(f"{server.url}/matches/{match_id}")
    phone.context.set_offline(True)
    tile(phone, "6-4").click()
    expect(phone.locator(WAITING)).to_have_text("1 tap waiting: 6-4")
    db = connect(server.db)
    try:
        store.delete(db, match_id)  # the club admin deletes it meanwhile
    finally:
        db.close()
    after = new_match(server)
    phone.context.set_offline(False)
    expect(phone.locator("#problem .problem-text")).to_contain_text("This match was deleted")
    expect(phone.locator("#taps .taps-count")).to_have_text("")
    assert after != match_id and events(server, after) == []


def test_an_idle_phone_follows_the_other_phone(server, phone):
    match_id = new_match(server)
    phone.goto(f"{server.url}/matches/{match_id}")
    for play in ("6-6", "6-5", "6-4"):
        enter(server, match_id, {"play": play})
    at_version(phone, 5, timeout=10000)
    expect(phone.locator("#table")).to_contain_text("Ann to play")
    assert phone.posts == []


def test_a_phone_being_typed_on_is_not_replaced_by_the_other_phones_table(server, phone):
    unsettled = example("partnership-spinner-hand")
    del unsettled["hands"][0]["left"]
    match_id = call(server.url + "/api/matches", unsettled)[1]["id"]
    idle = phone.context.new_page()  # a phone nobody types on, following the same table
    for page in (phone, idle):
        page.goto(f"{server.url}/matches/{match_id}")
    phone.get_by_label("Pips left by E").fill("12")
    call(f"{server.url}/api/matches/{match_id}/undo", {"version": 1})  # the other phone
    at_version(idle, 2, timeout=10000)
    expect(idle.get_by_label("Pips left by E")).to_have_count(0)
    expect(phone.get_by_label("Pips left by E")).to_have_value("12")
    assert not [post for post in phone.posts if "tap=" in post]  # only the settlement's preview


def test_a_tap_waiting_while_the_server_restarts_is_recorded_once_then_followed(server, phone):
    match_id = new_match(server)
    phone.goto(f"{server.url}/matches/{match_id}")
    server.stop()
    try:
        tile(phone, "5-5").click()
        expect(phone.locator(WAITING)).to_have_text("1 tap waiting: 5-5")
        shot(phone, "server-away")
    finally:
        server.start()
    at_version(phone, 3, timeout=15000)
    assert events(server, match_id) == [{"player": "Ann", "play": "5-5"}]
    enter(server, match_id, {"play": "5-4"})  # and it follows the other phone again
    at_version(phone, 4, timeout=10000)


def read_only(phone, server, screen: str, match_id: int) -> None:
    """The match's watch page (its address read off its table), or the club's board."""
    if screen == "watch":
        table = phone.context.new_page()
        table.goto(f"{server.url}/matches/{match_id}")
        phone.goto(server.url + table.get_by_role("link", name="Watch page").get_attribute("href"))
        table.close()
    else:
        phone.goto(f"{server.url}/board")


@pytest.mark.parametrize("screen", ["watch", "board"])
def test_read_only_screens_say_they_are_reconnecting_then_catch_up(server, phone, screen):
    match_id = new_match(server)
    read_only(phone, server, screen, match_id)
    phone.context.set_offline(True)
    reconnecting = phone.locator("#reconnecting")
    expect(reconnecting).to_contain_text("Reconnecting… Last updated at")
    expect(phone.get_by_text("Not saved", exact=False)).to_be_hidden()
    expect(phone.get_by_text("Tap again", exact=False)).to_be_hidden()
    shot(phone, f"reconnecting-{screen}")
    enter(server, match_id, {"play": "2-1"})
    phone.context.set_offline(False)
    expect(reconnecting).to_be_hidden()
    shown = phone.locator("#watch")
    if screen == "board":
        shown = phone.locator(".board-table", has_text=f"Match {match_id} hand")
    expect(shown).to_contain_text("2-1")


@pytest.mark.parametrize("screen", ["watch", "board"])
def test_read_only_screens_give_up_a_poll_the_wifi_lost(server, phone, screen):
    """The poll's answers lost on the way (they never come): the screen says it is reconnecting
    rather than waiting on the lost one, and polls again. The phone's clock is the test's."""
    match_id = new_match(server)
    phone.clock.install()
    read_only(phone, server, screen, match_id)
    lost = []
    phone.route(f"{server.url}/**", lambda route: lost.append(route))  # never answered
    phone.clock.run_for(1500)
    reconnecting = phone.locator("#reconnecting")
    expect(reconnecting).to_be_hidden()
    phone.clock.run_for(9000)
    expect(reconnecting).to_contain_text("Reconnecting… Last updated at")
    enter(server, match_id, {"play": "2-1"})
    phone.unroute(f"{server.url}/**")
    phone.clock.run_for(2000)
    expect(reconnecting).to_be_hidden()
    shown = phone.locator("#watch")
    if screen == "board":
        shown = phone.locator(".board-table", has_text=f"Match {match_id} hand")
    expect(shown).to_contain_text("2-1")


def test_a_reload_with_no_network_shows_the_table_and_its_waiting_taps(
    server, browser, browser_context_args
):
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    try:
        match_id = new_match(server)
        page.goto(f"{server.url}/matches/{match_id}")
        kept_by_worker(page)
        context.set_offline(True)
        tile(page, "6-4").click()
        expect(page.locator(WAITING)).to_have_text("1 tap waiting: 6-4")
        page.reload()
        expect(page.locator(WAITING)).to_have_text("1 tap waiting: 6-4")
        expect(tile(page, "6-4")).to_have_class("tile fits pending")
        shot(page, "offline-reload")
        context.set_offline(False)
        at_version(page, 3, timeout=10000)
        assert events(server, match_id) == [{"player": "Ann", "play": "6-4"}]
    finally:
        context.close()
