"""No tap is lost without the network, in Chromium with no network (`context.set_offline`): the
phone knows the game, so a tile whose ends make different games has its end asked on the phone
and waits with it, alone or behind other taps, and the taps after it go to the right players;
the same tile tapped again after an Undo is a tap of its own. One server for the module, each
test its own match, each phone its own browser context (no service worker: the pages come from
the server). A server that does not answer is as no network."""

import pytest
from playwright.sync_api import expect

from tests.browser import online
from tests.live_server import call
from tests.records import hand, record

pytestmark = pytest.mark.browser

WAITING = "#taps .taps-count"
# Muggins, Ann to play: left 2, right 1. 2-1 fits both ends (counts 2 or 4): its end is asked;
# 2-0 fits only the left, 1-0 only the right.
ENDS_2_1 = record("muggins", "Ann Bo", hand("Ann 6-3", "Bo 3-1", "Ann 6-4", "Bo 4-2"))


def at_table(phone, server) -> int:
    match_id = server.post_json("/api/matches", ENDS_2_1)["id"]
    phone.goto(f"{server.url}/matches/{match_id}")
    return match_id


def events(server, match_id) -> list[dict]:
    _, body = call(f"{server.url}/api/matches/{match_id}", method="GET")
    return body["record"]["hands"][-1]["events"]


def button(phone, name: str):
    return phone.locator("#table").get_by_role("button", name=name, exact=True)


def at_version(phone, number: int) -> None:
    expect(phone.locator("#table input[name=version]").first).to_have_value(
        str(number), timeout=10000
    )


def test_a_tile_whose_end_is_asked_offline_is_asked_on_the_phone_and_waits(server, phone):
    match_id = at_table(phone, server)
    phone.context.set_offline(True)
    button(phone, "2-1").click()
    expect(phone.get_by_text("Where does 2-1 go?")).to_be_visible()
    button(phone, "left").click()
    expect(phone.locator(WAITING)).to_have_text("1 tap waiting: 2-1 left")
    online(phone)
    at_version(phone, 2)
    expect(phone.locator("#taps")).to_be_hidden()
    assert events(server, match_id)[-1] == {"player": "Ann", "play": "2-1", "end": "left"}


def test_the_same_tile_after_an_undo_offline_is_a_tap_of_its_own(server, phone):
    match_id = at_table(phone, server)
    before = events(server, match_id)
    phone.context.set_offline(True)
    button(phone, "2-0").click()
    button(phone, "Undo").click()
    button(phone, "2-0").click()
    expect(phone.locator(WAITING)).to_have_text("3 taps waiting: 2-0, Undo, 2-0")
    phone.context.set_offline(False)
    at_version(phone, 4)  # 2-0, undone, and 2-0 again
    expect(phone.locator("#taps")).to_be_hidden()
    assert events(server, match_id) == [*before, {"player": "Ann", "play": "2-0"}]


def test_a_tile_whose_end_is_asked_behind_a_waiting_tap_is_asked_on_the_phone(server, phone):
    match_id = at_table(phone, server)
    before = events(server, match_id)
    phone.context.set_offline(True)
    button(phone, "2-0").click()  # Ann's, on the left: the ends are now 0 and 1
    button(phone, "1-0").click()  # Bo's: it fits both ends, which make different games
    expect(phone.get_by_text("Where does 1-0 go?")).to_be_visible()
    button(phone, "right").click()  # on the 1: the ends are 0 and 0
    button(phone, "6-0").click()  # and Ann's after it
    expect(phone.locator(WAITING)).to_have_text("3 taps waiting: 2-0, 1-0 right, 6-0")
    expect(phone.locator(".whose")).to_have_text("Bo to play")
    online(phone)
    at_version(phone, 4)
    assert events(server, match_id) == [
        *before,
        {"player": "Ann", "play": "2-0"},
        {"player": "Bo", "play": "1-0", "end": "right"},
        {"player": "Ann", "play": "6-0", "end": "left"},  # both ends 0: the same game
    ]
    expect(phone.locator(".whose")).to_have_text("Bo to play")


def test_a_tile_whose_end_is_asked_while_the_server_is_away_waits_for_it(server, phone):
    match_id = at_table(phone, server)
    server.stop()  # the phone is on the Wi-Fi; the server does not answer
    try:
        button(phone, "2-1").click()
        expect(phone.get_by_text("Where does 2-1 go?")).to_be_visible()
        button(phone, "right").click()
        expect(phone.locator(WAITING)).to_have_text("1 tap waiting: 2-1 right")
    finally:
        server.start()
    at_version(phone, 2)
    assert events(server, match_id)[-1] == {"player": "Ann", "play": "2-1", "end": "right"}
