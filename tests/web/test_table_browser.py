"""The table at a club night (issue 11), on a phone-sized Chromium (360×740) against the real
server: the address after starting a match, Undo on the winner's screen until "Final", fixing
an entry in place, turning the lead, and settlements whose preview says what is credited. One
server serves the module; each test plays a match of its own."""

import re
from urllib.error import HTTPError

import pytest
from playwright.sync_api import Page, expect

from assistant.engine import read_entry, replace_entry, replay
from tests.browser import tap, version
from tests.live_server import LiveServer
from tests.records import blank, example, hand, record

pytestmark = pytest.mark.browser


def table(page: Page, server: LiveServer, match_record: dict) -> int:
    """A match made through the API, its table open on the phone; its id."""
    match_id = server.post_json("/api/matches", match_record)["id"]
    page.goto(f"{server.url}/matches/{match_id}")
    return match_id


def in_view(page: Page, selector: str) -> None:
    """Every element the selector finds is on the phone's screen without scrolling."""
    assert page.evaluate("window.scrollY") == 0
    for element in page.locator(selector).all():
        box = element.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= 740, selector


def test_a_new_match_is_at_its_own_address_and_a_reload_finds_it(page: Page, server):
    page.goto(server.url + "/matches/new")
    page.get_by_label("Player 1", exact=True).fill("Ann")
    page.get_by_label("Player 2", exact=True).fill("Bo")
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+$"))
    expect(page.get_by_role("heading", name="Who leads hand 1?")).to_be_visible()
    expect(page).to_have_title(re.compile("Ann"))
    expect(page.get_by_role("link", name="Watch page")).to_be_visible()
    page.reload()
    expect(page.get_by_role("heading", name="Who leads hand 1?")).to_be_visible()
    expect(page.get_by_role("button", name="Start the match")).to_have_count(0)


def test_start_tapped_again_when_its_answer_was_lost_starts_one_match(page: Page, server):
    """The server made the match but its answer never came (the Wi-Fi lost it): the phone
    says it was not sent, the player taps Start again, and lands on the match made the first
    time; no second one is left empty among the matches in play."""
    page.goto(server.url + "/matches/new")
    page.get_by_label("Player 1", exact=True).fill("Ann")
    page.get_by_label("Player 2", exact=True).fill("Bo")
    made = []

    def answer_lost(route):
        if "create=1" in (route.request.post_data or "") and not made:
            made.append(route.fetch().headers.get("hx-redirect"))  # the server made it
            return route.abort()
        return route.continue_()

    page.route("**/matches/new", answer_lost)
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator("#offline")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/matches/new$"))
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+$"))
    assert page.url.endswith(made[0])
    match_id = int(page.url.rsplit("/", 1)[1])
    with pytest.raises(HTTPError):
        server.get_json(f"/api/matches/{match_id + 1}")


def test_the_winning_tile_is_undone_at_the_table_until_final(page: Page, server):
    rules = {"preset": "all-fives", "target": 10}
    match_id = table(page, server, record(rules, "Ann Bo"))
    tap(page, "Ann")
    tap(page, "5-5")
    expect(page.get_by_role("heading", name="Ann wins!")).to_be_visible()
    expect(page.get_by_text("Won with 5-5 by Ann: count 10, +10.")).to_be_visible()
    expect(page.get_by_text("Undo still works here until someone taps Final")).to_be_visible()
    tap(page, "Undo")  # no password asked
    expect(page.locator(".last-play .notice")).to_have_text("Undone: 5-5 by Ann.")
    expect(page.locator(".scoreboard .score")).to_have_text(["0", "0"])
    tap(page, "5-5")
    page.get_by_role("button", name="Final").click()
    expect(
        page.get_by_text("This match is final: only the club admin can change it now.")
    ).to_be_visible()
    expect(page.get_by_role("button", name="Final")).to_have_count(0)
    page.get_by_role("button", name="Undo").click()
    expect(page).to_have_url(re.compile(rf"/admin/login\?next=/matches/{match_id}$"))
    result = server.get_json(f"/api/matches/{match_id}")["result"]
    assert result["winner"] == 0 and result["scores"] == [10, 0]


def test_a_rematch_closes_the_old_match_and_shows_the_new_one(page: Page, server):
    rules = {"preset": "all-fives", "target": 10}
    old = table(page, server, record(rules, "Ann Bo", hand("Ann 5-5")))
    page.get_by_role("button", name="Rematch").click()
    expect(page.get_by_role("heading", name="Who leads hand 1?")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/matches/\d+$"))
    assert not page.url.endswith(f"/matches/{old}")
    page.goto(f"{server.url}/matches/{old}")
    expect(page.get_by_text("This match is final")).to_be_visible()


def fix(page: Page, entry: str) -> None:
    """Opens the hand's entries and the one named, e.g. "5-1 by Y"."""
    page.get_by_role("button", name="Fix", exact=True).click()
    expect(page.get_by_role("heading", name=re.compile("Fix an entry of hand"))).to_be_visible()
    page.locator(".entry-link", has_text=entry.split(" by ")[0]).click()
    expect(page.get_by_role("heading", name=f"Fix {entry}")).to_be_visible()


def test_a_play_is_corrected_in_place_the_later_plays_kept(page: Page, server):
    played = example("spinner-lead-four-arms")  # X 5-5, Y 5-1 right, X 5-4, Y 5-2, X 5-3
    match_id = table(page, server, played)
    fix(page, "5-1 by Y")
    # The newest first; the list shows what each entry scored.
    before = version(page)
    page.get_by_role("button", name="5-0", exact=True).click()  # where 5-1 lay: on the right
    expect(page.locator("#table input[name=version]").first).to_have_value(str(before + 1))
    expect(page.locator(".last-play .notice")).to_have_text(
        "Corrected: 5-1 by Y is now 5-0 by Y. Everything after it still fits."
    )
    corrected, match = replace_entry(played, 2, read_entry({"play": "5-0"}))
    assert server.get_json(f"/api/matches/{match_id}")["record"] == corrected
    expect(page.locator(".scoreboard .score")).to_have_text([str(s) for s in match.scores])
    expect(page.get_by_text("Y to play")).to_be_visible()


def test_a_correction_a_later_play_no_longer_fits_is_refused_and_named(page: Page, server):
    played = example("spinner-lead-four-arms")
    match_id = table(page, server, played)
    fix(page, "5-1 by Y")
    page.get_by_role("button", name="5-4", exact=True).click()  # X laid 5-4 next
    expect(page.get_by_role("alert")).to_have_text(
        "After the correction, X's 5-4 no longer fits: 5-4 has already been played this hand"
    )
    expect(page.get_by_role("heading", name="Fix 5-1 by Y")).to_be_visible()  # still there
    assert server.get_json(f"/api/matches/{match_id}")["record"] == played  # nothing changed


def test_the_lead_is_turned_until_the_second_tile(page: Page, server):
    table(page, server, blank(example("spinner-lead-four-arms")))
    tap(page, "X")
    tap(page, "6-1")
    expect(page.locator(".open-ends")).to_contain_text("left 6")
    tap(page, "⇄ Turn the lead")
    expect(page.locator(".last-play .notice")).to_have_text("The lead is turned: left 1, right 6.")
    expect(page.locator(".open-ends li").first).to_have_text("left 1")
    tap(page, "⇄ Turn the lead")
    expect(page.locator(".open-ends li").first).to_have_text("left 6")
    tap(page, "Draw")  # a draw is no tile: the lead may still turn
    expect(page.locator(".last-play .since")).to_have_text("Y drew 1 tile — boneyard 9")
    expect(page.get_by_role("button", name="⇄ Turn the lead")).to_be_visible()
    tap(page, "1-0")  # the second tile: the lead lies as it is now
    expect(page.get_by_role("button", name="⇄ Turn the lead")).to_have_count(0)


def settle(page: Page, pips: dict[str, int]) -> str:
    """Types each player's pips and returns the preview's words once it has them all."""
    for player, value in pips.items():
        page.get_by_label(f"Pips left by {player}").fill(str(value))
    preview = page.locator("#preview")
    expect(preview.locator(".outcome")).to_be_visible()
    in_view(page, "#preview, .left-hand input[type=number], .settle-bar button")
    return preview.inner_text()


def test_a_pagat_three_player_split_says_what_it_credits(page: Page, server):
    rules = {"preset": "pagat", "hand_size": 2, "boneyard_reserve": 22}  # nothing to draw
    match_id = table(page, server, record(rules, "X Y Z"))
    tap(page, "X")
    tap(page, "6-6")
    for _ in range(3):
        tap(page, "Pass")
    expect(page.get_by_role("heading", name="Blocked!")).to_be_visible()
    said = settle(page, {"X": 4, "Y": 4, "Z": 17})
    assert "Tied for the fewest pips (4): X and Y split the pips of Z, rounded, half each." in said
    assert "Z 17 → 15" in said and "15 × ½ = 7.5" in said
    assert "X +7.5 · Y +7.5 · Z +0" in said
    tap(page, "Confirm")
    result = server.get_json(f"/api/matches/{match_id}")["result"]
    assert result["hands"][0]["settlement"] == [7.5, 7.5, 0]
    expect(page.locator(".scoreboard .score")).to_have_text(["7.5", "7.5", "0"])
    banner = page.locator(".last-play")  # the settlement stays in view after Confirm
    expect(banner).to_contain_text("Hand 1: Blocked. Tied for the fewest pips (4)")
    expect(banner).to_contain_text("X +7.5 · Y +7.5 · Z +0")


def test_a_muggins_partnership_block_says_what_it_credits(page: Page, server):
    rules = {"preset": "muggins", "hand_size": 2, "boneyard_reserve": 20}
    match_id = table(page, server, record(rules, "N E S W", partnership=True))
    tap(page, "N")
    tap(page, "6-6")
    for _ in range(4):
        tap(page, "Pass")
    said = settle(page, {"N": 3, "S": 3, "E": 7, "W": 7})
    # Each side's pips added, then rounded once: not each player's (E 7 → 5, W 7 → 5).
    assert "Fewest pips: N + S, 6. Scored: the others' pips, rounded, minus their own." in said
    assert "N + S 3 + 3 = 6 → 5 · E + W 7 + 7 = 14 → 15 · 15 − 5 = 10" in said
    assert "N + S +10 · E + W +0" in said
    tap(page, "Confirm")
    result = server.get_json(f"/api/matches/{match_id}")["result"]
    assert result["hands"][0]["settlement"] == [10, 0]
    assert replay(server.get_json(f"/api/matches/{match_id}")["record"]).scores == (10, 0)
    page.goto(f"{server.url}/history/{match_id}")  # and in the scorepad, hand by hand
    expect(page.locator(".hand-settled")).to_contain_text("15 − 5 = 10")


def test_every_tap_of_a_four_player_settlement_is_on_the_screen(page: Page, server):
    rules = {"preset": "all-fives", "hand_size": 2, "boneyard_reserve": 20}
    table(page, server, record(rules, "Ann Bo Cy Di", hand("Ann 6-6", "Bo pass", "Cy pass",
                                                             "Di pass", "Ann pass")))  # fmt: skip
    said = settle(page, {"Ann": 3, "Bo": 8, "Cy": 12, "Di": 1})
    assert "Everyone pays the pips left in their own hand, rounded." in said
    assert "Ann −5 · Bo −10 · Cy −10 · Di +0" in said
