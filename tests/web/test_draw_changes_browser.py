"""The draw as people come and go, in a real Chromium on the real server: a phone still showing
round 2 as it was first drawn taps "Start at table 1" after a latecomer came; it is told the
seating was replaced and shown the draw as it is now, with the rounds numbered on, and the
table it taps then starts the match of the seating shown."""

import re

import pytest
from playwright.sync_api import Page, expect

from assistant.club import draws, nights, store
from assistant.db import connect

pytestmark = pytest.mark.browser

TWELVE = [f"P{k:02}" for k in range(1, 13)]


def test_a_phone_showing_a_replaced_seating_cannot_start_it(page: Page, live_server):
    db = connect(live_server.db)
    draw_id = store.make_draw(
        db, nights.tonight(), "pairs_rotating", TWELVE, 3, 3, "muggins", False
    )
    for table in (1, 2, 3):
        store.start_draw_match(db, draws.get(db, draw_id), 1, table)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/draws/{draw_id}")
    round_2 = page.locator("section[aria-labelledby=round-2]")
    expect(round_2.get_by_role("button", name="Start at table 1")).to_be_visible()

    store.join_draw(db, draws.get(db, draw_id), "Latecomer")  # the organiser, meanwhile
    seated = draws.get(db, draw_id).drawn[1].seatings[0]
    db.close()

    round_2.get_by_role("button", name="Start at table 1").click()
    expect(page.get_by_role("alert")).to_have_text(
        "That seating was replaced when someone came or went: here is the draw as it is now."
    )
    expect(page.get_by_text("After round 1: Latecomer came")).to_be_visible()
    headings = page.locator(".draw-round h2").all_inner_texts()
    assert headings == ["Round 1", "Round 2", "Round 3"]
    expect(round_2).to_contain_text("Latecomer")

    round_2.get_by_role("button", name="Start at table 1").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+$"))
    expect(page.get_by_text("Table 1 · Round 2")).to_be_visible()
    for side in seated.sides:
        for name in side:
            expect(page.get_by_text(name, exact=True).first).to_be_visible()
