"""A whole Fives and Threes match on a phone-sized Chromium (360×740) against the real server
(issue 24): New match with the preset and its paper score, then every tile tapped: a knock, a
chip-out, the lead passed round, a bust and the win on exactly 61; then a partnership hand in
which one partner goes out first and is passed over. After every hand the scores shown are the
engine's own, replayed from the stored record."""

import re

import pytest
from playwright.sync_api import Page, expect

from assistant.engine import replay, tile_name
from tests.browser import saved, tap, version
from tests.live_server import LiveServer
from tests.records import event, example

pytestmark = pytest.mark.browser

# From the paper sheet: Ann 30, Bo 30. Hand 2, Ann leads: 6-6 scores 4; Bo knocks; his 2-3
# makes 12 + 3 = 15 (8); Ann chips out with 1-2 (12: 4, and 1 for going out): Ann 43, Bo 51.
HAND_2 = ["Ann 6-6", "Bo 6-1 right", "Ann 1-0 right", "Bo pass", "Ann 0-2 right",
          "Bo 2-3 right", "Ann 3-4 right", "Bo 6-5 left", "Ann 4-4 right", "Bo 5-5 left",
          "Ann 4-1 right", "Bo 1-1 right", "Ann 1-2 right"]  # fmt: skip
# Hand 3, the lead passed round to Bo. Bo reaches 59; his 4-0 would make 12 (4): 63 passes 61,
# a bust. Ann's 0-0 makes 59, her 6-1 lands on 61.
HAND_3 = ["Bo 5-1", "Ann 4-1 right", "Bo 6-5 left", "Ann 4-3 right", "Bo 6-3 right",
          "Ann 6-4 left", "Bo 6-6 right", "Ann 4-4 left", "Bo 4-0 left", "Ann 0-0 left",
          "Bo 5-0 left", "Ann 6-1 right"]  # fmt: skip


def the_engines_scores(server: LiveServer, match_id: int) -> list[str]:
    record = server.get_json(f"/api/matches/{match_id}")["record"]
    return [str(score) for score in replay(record).scores]


def scores_shown_are_the_engines(page: Page, server: LiveServer, match_id: int) -> None:
    expect(page.locator(".scoreboard .score")).to_have_text(the_engines_scores(server, match_id))


def play_hand(page: Page, server: LiveServer, match_id: int, events: list[dict]) -> None:
    """Each event tapped as the table enters it, by the player whose turn the table shows; a
    tile that fits ends making different games is put on its end when the table asks."""
    for entry in events:
        expect(page.locator("#table")).to_have_attribute("data-turn", entry["player"])
        if "pass" in entry:
            tap(page, "Knock")
            continue
        tile = tile_name(entry["play"])
        match = replay(server.get_json(f"/api/matches/{match_id}")["record"])
        if len(match.end_choices(tile)) < 2:
            tap(page, tile)
            if match.phase == "lead" and entry["play"] != tile:  # led the other way round
                tap(page, "⇄ Turn the lead")
            continue
        before = version(page)
        page.get_by_role("button", name=tile, exact=True).click()
        expect(page.get_by_text(f"Where does {tile} go?")).to_be_visible()
        page.get_by_role("button", name=entry["end"], exact=True).click()
        saved(page, before)


def test_a_whole_match_to_61_then_a_partner_passed_over(page: Page, server):
    page.goto(server.url + "/matches/new")
    page.get_by_label("Player 1", exact=True).fill("Ann")
    page.get_by_label("Player 2", exact=True).fill("Bo")
    page.locator("input[name=preset][value=fives-and-threes]").check()
    expect(page.get_by_text("Fives and Threes as your league plays it")).to_be_visible()
    expect(page.get_by_label("61: once round the board")).to_be_checked()
    page.get_by_label("Continue from paper").check()
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_role("heading", name="Continue from paper")).to_be_visible()
    match_id = int(re.search(r"/matches/(\d+)", page.url).group(1))
    assert server.get_json(f"/api/matches/{match_id}")["record"]["rules"] == "fives-and-threes"
    page.get_by_role("spinbutton", name="Ann").fill("30")
    page.get_by_role("spinbutton", name="Bo").fill("30")
    page.get_by_role("button", name="Score the hand").click()
    expect(page.get_by_role("heading", name="Who leads hand 2?")).to_be_visible()
    scores_shown_are_the_engines(page, server, match_id)
    tap(page, "Ann")

    # Hand 2: no boneyard, no Draw: Bo knocks; Ann chips out.
    table = page.locator("#table")
    expect(table).not_to_contain_text("Boneyard")
    expect(page.get_by_role("button", name="Draw", exact=True)).to_have_count(0)
    play_hand(page, server, match_id, [event(e) for e in HAND_2[:6]])
    expect(page.locator(".last-play")).to_contain_text("15: 5 threes and 3 fives → Bo +8")
    play_hand(page, server, match_id, [event(e) for e in HAND_2[6:]])
    expect(page.locator(".last-play")).to_contain_text("12: 4 threes → Ann +4")
    expect(page.locator(".hand-over")).to_contain_text("Hand 2: Ann chips out: +1.")
    expect(page.locator(".turn .whose")).to_have_text("Bo leads hand 3")  # no pips step
    scores_shown_are_the_engines(page, server, match_id)
    expect(page.locator(".scoreboard .score")).to_have_text(["43", "51"])
    expect(page.locator(".scoreboard .to-go")).to_have_text(["needs 18", "needs 10"])

    # Hand 3: Bo's bust, then Ann lands on 61.
    play_hand(page, server, match_id, [event(e) for e in HAND_3[:9]])
    expect(page.locator(".last-play")).to_contain_text("→ bust")
    expect(page.locator(".last-play .bust")).to_have_text(
        "63 would pass 61: nothing scored, Bo stays on 59."
    )
    scores_shown_are_the_engines(page, server, match_id)
    # The pegs: Ann's in hole 55, Bo's in 59, on the board's way back (holes 31 to 60).
    expect(page.locator(".board circle[fill='#c0392b']")).to_have_attribute("cx", "74")
    expect(page.locator(".board circle[fill='#1f6fb2']")).to_have_attribute("cx", "51")
    play_hand(page, server, match_id, [event(e) for e in HAND_3[9:]])
    expect(page.get_by_role("heading", name="Ann wins!")).to_be_visible()
    scores_shown_are_the_engines(page, server, match_id)
    expect(page.locator(".scoreboard .score")).to_have_text(["61", "59"])

    # Partners: Cy goes out first and is passed over; Hal's last tile ends the hand.
    partners = example("fives-and-threes-partners-both-out")
    blank = partners | {"hands": []}
    pairs_id = server.post_json("/api/matches", blank)["id"]
    page.goto(f"{server.url}/matches/{pairs_id}")
    tap(page, "Cy")
    events = partners["hands"][0]["events"]
    cy_out = next(i for i, e in enumerate(events) if e == {"player": "Cy", "play": "4-0"})
    play_hand(page, server, pairs_id, events[: cy_out + 1])
    expect(page.locator(".held li.out")).to_have_text("Cy out")
    play_hand(page, server, pairs_id, events[cy_out + 1 : cy_out + 4])  # Finn, Hal, Bo knocks
    expect(page.locator(".last-play .since")).to_have_text("Bo knocked")
    expect(table).to_have_attribute("data-turn", "Finn")  # Cy is passed over
    play_hand(page, server, pairs_id, events[cy_out + 4 :])
    expect(page.locator(".hand-over")).to_contain_text("Hand 1: Hal chips out: Cy + Hal +1.")
    expect(page.locator(".turn .whose")).to_have_text("Finn leads hand 2")
    scores_shown_are_the_engines(page, server, pairs_id)
