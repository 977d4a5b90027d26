"""With no network the layout's drawing shows the table as it will be: each tile tapped appears
in it at once, with its end's new value, and what the phone drew is what the server draws once
the taps are recorded."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser import online, sent, tile
from tests.live_server import call
from tests.web.test_foreseen_browser import RECORD, started

pytestmark = pytest.mark.browser


def numbers(text: str) -> list[float]:
    """The numbers in an attribute: the phone writes 3 where the server writes 3.0."""
    return [float(n) for n in re.findall(r"-?[\d.]+", text)]


def drawing(page) -> dict:
    """The layout's drawing: its viewBox, each tile's place, face and kind, the labels' words."""
    svg = page.locator(".table-side section.layout svg")
    tiles = svg.locator("g.laid").evaluate_all(
        "tiles => tiles.map(t => [t.getAttribute('transform'), t.innerHTML, t.className.baseVal])"
    )
    return {
        "box": numbers(svg.get_attribute("viewBox")),
        "tiles": [(numbers(place), face, kind) for place, face, kind in tiles],
        "labels": svg.locator("text.end-label").all_text_contents(),
    }


def test_a_tile_tapped_offline_is_drawn_at_once_as_the_server_draws_it(server, phone):
    match_id = started(server)
    phone.goto(f"{server.url}/matches/{match_id}")
    laid = phone.locator(".table-side section.layout svg g.laid")
    labels = phone.locator(".table-side section.layout svg text.end-label")
    expect(laid).to_have_count(1)
    expect(labels).to_have_text(["left 6", "right 3"])
    phone.context.set_offline(True)

    tile(phone, "5-3").click()
    expect(laid).to_have_count(2)
    expect(labels).to_have_text(["left 6", "right 5"])
    tile(phone, "6-5").click()
    phone.get_by_role("dialog").get_by_role("button", name="left").click()
    expect(laid).to_have_count(3)
    expect(labels).to_have_text(["left 5", "right 5"])
    foreseen = drawing(phone)

    online(phone)
    sent(phone, 5)
    phone.reload()
    expect(laid).to_have_count(3)
    assert drawing(phone) == foreseen


def test_the_lead_tapped_offline_draws_the_layout_the_server_had_not(server, phone):
    match_id = call(server.url + "/api/matches", RECORD)[1]["id"]
    call(f"{server.url}/api/matches/{match_id}/leader", {"version": 1, "leader": "Ann"})
    phone.goto(f"{server.url}/matches/{match_id}")
    layout = phone.locator(".table-side section.layout")
    expect(layout).to_have_count(0)
    phone.context.set_offline(True)

    tile(phone, "6-6").click()
    expect(phone.get_by_role("region", name="The layout")).to_be_visible()
    expect(layout.get_by_role("img", name="Tiles on the table")).to_be_visible()
    expect(layout.locator("g.laid")).to_have_count(1)
    expect(layout.locator("text.end-label")).to_have_text(["left 6", "right 6"])

    online(phone)
    sent(phone, 3)
    expect(layout.locator("g.laid")).to_have_count(1)


def test_the_drawing_stays_while_the_pips_are_asked_and_goes_between_hands(server, phone):
    """Ann leads 6-6, Bo draws the one tile that may be drawn and passes, Ann goes out with 6-1:
    all with no network; the layout stays drawn while Bo's pips are asked (as the server draws
    it then), is gone once Confirm waits, and is drawn again from the next hand's lead."""
    rules = {"preset": "muggins", "hand_size": 2, "boneyard_reserve": 23}
    match_id = call(server.url + "/api/matches", RECORD | {"rules": rules})[1]["id"]
    call(f"{server.url}/api/matches/{match_id}/leader", {"version": 1, "leader": "Ann"})
    phone.goto(f"{server.url}/matches/{match_id}")
    phone.context.set_offline(True)
    table = phone.locator("#table")
    layout = phone.locator(".table-side section.layout")
    tile(phone, "6-6").click()
    table.get_by_role("button", name="Draw").click()
    table.get_by_role("button", name="Pass").click()
    tile(phone, "6-1").click()
    expect(phone.get_by_role("spinbutton", name="Pips left by Bo")).to_be_visible()
    expect(layout.locator("g.laid")).to_have_count(2)
    expect(layout.locator("text.end-label")).to_have_text(["left 1", "right 6"])

    phone.get_by_role("spinbutton", name="Pips left by Bo").fill("15")
    phone.get_by_role("button", name="Confirm").click()
    expect(phone.locator(".turn .whose")).to_contain_text("hand 2")
    expect(layout).to_be_hidden()
    tile(phone, "5-5").click()
    expect(layout).to_be_visible()
    expect(layout.locator("g.laid")).to_have_count(1)
    expect(layout.locator("text.end-label")).to_have_text(["left 5", "right 5"])
