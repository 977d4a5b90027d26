"""The layout on a screen of its own is drawn by the phone from the table it holds: at once
online, and with no network as the table will be once the taps waiting are recorded; the same
drawing, open ends and words as the server's own screen (`?layout=1`), which a reload there
still shows. "Back to the tiles" returns to the table painted as it will be."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser import online, sent, tile, version
from tests.records import hand, record
from tests.web.test_fix_offline_browser import serious

pytestmark = pytest.mark.browser

# Ann has led 6-3 at Muggins, Bo laid 3-5: the ends are 6 and 5; a double follows.
PLAYED = record("muggins", "Ann Bo", hand("Ann 6-3", "Bo 3-5 right"))


def drawn(phone) -> dict:
    """What the layout's own screen shows: its drawing (the viewBox and where each tile lies, as
    numbers), the ends' labels, the open ends above it and the way back."""
    screen = phone.locator("#table .layout-full svg")
    expect(screen).to_be_visible()
    places = screen.locator(".laid").evaluate_all("ts => ts.map(t => t.getAttribute('transform'))")
    return {
        "box": numbers(screen.get_attribute("viewBox")),
        "tiles": [numbers(place) for place in places],
        "labels": screen.locator(".end-label").all_text_contents(),
        "ends": phone.locator("#table .open-ends li:visible").all_text_contents(),
        "back": phone.get_by_role("button", name="Back to the tiles").is_visible(),
        "picker": phone.locator("#table form.picker").is_visible(),
    }


def numbers(text: str) -> list[float]:
    """The numbers written in an attribute (Python writes 3.0 where JavaScript writes 3)."""
    return [round(float(n), 6) for n in re.findall(r"-?[\d.]+", text)]


def test_with_no_network_the_layout_is_the_table_as_it_will_be_as_the_server_draws_it(
    server, phone
):
    match_id = server.played_here(PLAYED)
    phone.goto(f"{server.url}/matches/{match_id}")
    before = version(phone)
    phone.context.set_offline(True)
    tile(phone, "5-5").click()  # Ann's double on the 5: ends 6 and 5, count 16
    expect(phone.locator(".turn .whose")).to_have_text("Bo to play")

    phone.get_by_role("button", name="The layout").click()
    foreseen = drawn(phone)
    assert foreseen["labels"] == ["left 6", "right 5"]
    assert len(foreseen["tiles"]) == 3
    assert foreseen["back"] and not foreseen["picker"]
    expect(phone.locator(".turn .whose")).to_be_hidden()
    assert phone.url.endswith(f"/matches/{match_id}?layout=1")
    assert serious(phone) == []

    online(phone)  # the waiting tile is recorded while the screen is up: it stays up
    sent(phone, before + 1)
    assert drawn(phone) == foreseen

    phone.get_by_role("button", name="Back to the tiles").click()
    expect(tile(phone, "6-4")).to_be_enabled()
    expect(phone.locator(".turn .whose")).to_have_text("Bo to play")
    expect(phone.get_by_role("button", name="Back to the tiles")).to_have_count(0)
    assert phone.url.endswith(f"/matches/{match_id}")

    phone.goto(f"{server.url}/matches/{match_id}?layout=1")  # the server's own screen
    assert drawn(phone) == foreseen


def test_online_the_layout_opens_without_asking_the_server(server, phone):
    match_id = server.played_here(PLAYED)
    phone.goto(f"{server.url}/matches/{match_id}")
    asked = []
    phone.on("request", lambda r: asked.append(r.url))
    phone.get_by_role("button", name="The layout").click()
    assert drawn(phone)["labels"] == ["left 6", "right 5"]
    expect(phone.get_by_role("button", name="Back to the tiles")).to_be_focused()
    phone.get_by_role("button", name="Back to the tiles").click()
    expect(phone.get_by_role("button", name="The layout")).to_be_focused()
    assert [url for url in asked if "/matches/" in url] == []


def test_the_lead_alone_is_drawn_and_once_undone_there_is_no_layout_to_show(server, phone):
    match_id = server.played_here(record("muggins", "Ann Bo", hand("Ann 6-3")))
    phone.goto(f"{server.url}/matches/{match_id}")
    phone.context.set_offline(True)
    phone.get_by_role("button", name="The layout").click()
    assert len(drawn(phone)["tiles"]) == 1
    phone.get_by_role("button", name="Back to the tiles").click()
    phone.get_by_role("button", name="Undo").click()  # the lead taken back: no layout at all
    expect(phone.get_by_role("button", name="The layout")).to_be_hidden()
    online(phone)
    expect(phone.locator("#taps")).to_be_hidden()
    hands = server.get_json(f"/api/matches/{match_id}")["record"]["hands"]
    assert [e for h in hands for e in h["events"]] == []
