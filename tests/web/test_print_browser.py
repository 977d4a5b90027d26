"""What the organiser prints, as Chromium prints it on A4: the draw's pairings keep every box
whole inside the page, and the scoresheets are a page a table and round with no grey band, 30
hands a sheet, and continuation sheets for a long match."""

import re

import pytest
from playwright.sync_api import Page, expect

from assistant.club import nights, store
from assistant.db import connect
from tests.records import record

pytestmark = pytest.mark.browser

A4_CONTENT = 703  # CSS pixels across A4 (210 mm) less the 12 mm margins
PLAYERS = ["Ann", "Bo", "Cy", "Di", "Éva", "Finn", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou"]


def pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


@pytest.fixture
def draw_url(live_server) -> str:
    db = connect(live_server.db)
    draw_id = store.make_draw(db, "2026-11-28", "pairs_rotating", PLAYERS, 3, 3, "muggins", False)
    db.close()
    return f"{live_server.url}/draws/{draw_id}"


def test_the_pairings_print_on_one_page_with_every_box_inside_it(page: Page, draw_url: str):
    page.goto(draw_url)
    assert pages(page.pdf(format="A4")) == 1
    page.set_viewport_size({"width": A4_CONTENT, "height": 1000})
    page.emulate_media(media="print")
    rights = page.eval_on_selector_all(
        ".draw-table", "boxes => boxes.map(box => box.getBoundingClientRect().right)"
    )
    assert len(rights) == 9 and max(rights) <= A4_CONTENT - 1  # its right border on the paper


def test_scoresheets_are_a_page_each_with_no_grey_band_and_go_on_for_a_long_match(
    page: Page, draw_url: str
):
    page.goto(f"{draw_url}/scoresheets")
    assert pages(page.pdf(format="A4")) == 9  # 3 tables, 3 rounds
    page.emulate_media(media="print")
    looks = page.eval_on_selector(
        ".sheet",
        """sheet => [sheet, sheet.querySelector('.sheet-head')].map(e => {
            const s = getComputedStyle(e);
            return [s.backgroundColor, s.boxShadow];
        })""",
    )
    assert looks == [["rgba(0, 0, 0, 0)", "none"]] * 2
    assert page.locator(".sheet").first.locator("tbody tr").count() == 30
    page.goto(f"{draw_url}/scoresheets?sheet=2")
    assert pages(page.pdf(format="A4")) == 9
    first = page.locator(".sheet").first
    assert first.locator("tbody th").first.inner_text() == "Carried over"
    assert first.locator("tbody th").last.inner_text() == "60"


def test_the_printed_nights_note_runs_across_the_page(page: Page, live_server):
    """Points below 0 are explained under the standings: on paper the note runs the page's
    width, never squeezed into a column of one word a line beside the tables."""
    rules = {"preset": "all-fives", "target": 100, "hand_size": 2, "boneyard_reserve": 24}
    match_id = live_server.post_json("/api/matches", record(rules, ["Ann", "Bo"]))["id"]
    plays = [
        {"player": "Ann", "play": "5-0"},
        {"player": "Bo", "play": "0-3", "end": "right"},
        {"player": "Ann", "play": "5-5", "end": "left"},
        {"left": {"Bo": ["6-6"]}},
    ]
    for version, entry in enumerate(plays, start=1):
        live_server.post_json(f"/api/matches/{match_id}/events", {"version": version} | entry)
    live_server.post_json(f"/api/matches/{match_id}/stop", {"version": 5})
    db = connect(live_server.db)
    store.set_stopped_counting(db, "no_winner")  # the admin's setting: counted as played
    db.close()
    page.set_viewport_size({"width": A4_CONTENT, "height": 1000})
    page.emulate_media(media="print")
    page.goto(f"{live_server.url}/nights/{nights.tonight()}")
    note = page.locator("#below-zero")
    expect(note).to_be_visible()
    box = note.bounding_box()
    assert box and box["width"] > 0.8 * A4_CONTENT and box["height"] < 60
