"""Paper at the table, on a phone-sized Chromium (360×740) against the real server: a hand
scored by hand in place of its tiles, and a match started from a paper sheet's scores."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.records import record

pytestmark = pytest.mark.browser


def test_a_hand_scored_on_paper_at_the_table(page: Page, server):
    """Muggins to 100: hand 1 played without the phone, Ann +25, Bo +10."""
    rules = {"preset": "muggins", "target": 100}
    match_id = server.post_json("/api/matches", record(rules, "Ann Bo"))["id"]
    page.goto(f"{server.url}/matches/{match_id}")
    page.get_by_role("button", name="On paper").click()
    expect(page.get_by_role("heading", name="Score hand 1 on paper")).to_be_visible()
    page.get_by_label("Ann").fill("25")
    page.get_by_label("Bo").fill("10")
    page.get_by_label("Note").fill("played without the phone")
    submit = page.get_by_role("button", name="Score the hand")
    box = submit.bounding_box()
    assert box and box["y"] + box["height"] <= 740  # on the first screen
    submit.click()
    expect(page.get_by_role("heading", name="Who leads hand 2?")).to_be_visible()
    expect(page.locator(".hand-over")).to_contain_text("scored on paper · Ann +25 · Bo +10")
    expect(page.locator(".scoreboard .score").first).to_have_text("25")
    hands = server.get_json(f"/api/matches/{match_id}")["record"]["hands"]
    assert hands == [{"points": {"Ann": 25, "Bo": 10}, "notes": "played without the phone"}]
    page.goto(f"{server.url}/history/{match_id}")
    expect(page.locator(".hand-told q")).to_have_text("played without the phone")


def test_a_match_started_from_a_paper_score(page: Page, server):
    page.goto(server.url + "/matches/new")
    page.get_by_label("Player 1", exact=True).fill("Cy")
    page.get_by_label("Player 2", exact=True).fill("Di")
    page.get_by_label("Continue from paper").check()
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/scored\?paper=1$"))
    expect(page.get_by_role("heading", name="Continue from paper")).to_be_visible()
    expect(page.get_by_label("Note")).to_have_value("Continued from paper")
    page.get_by_label("Cy").fill("85")
    page.get_by_label("Di").fill("60")
    page.get_by_role("button", name="Score the hand").click()
    expect(page.get_by_role("heading", name="Who leads hand 2?")).to_be_visible()
    match_id = int(re.search(r"/matches/(\d+)", page.url).group(1))
    state = server.get_json(f"/api/matches/{match_id}")
    assert state["record"]["hands"] == [
        {"points": {"Cy": 85, "Di": 60}, "notes": "Continued from paper"}
    ]
    assert state["result"]["scores"] == [85, 60]


def test_a_side_tapped_at_once_keeps_the_keys(page: Page, server):
    """A player who taps the second side's field the moment the form shows keeps typing into
    it: the form's first field does not take the focus back a moment later (it once did, 20 ms
    after the form was drawn, so the second side's points went into the first side's field)."""
    rules = {"preset": "muggins", "target": 100}
    match_id = server.post_json("/api/matches", record(rules, "Ann Bo"))["id"]
    page.goto(f"{server.url}/matches/{match_id}")
    focused = page.evaluate(
        """() => new Promise((done) => {
          const tap = () => document.querySelector("input[name='points:1']").focus();
          const focused = () => done(document.activeElement.name);
          const answered = () => setTimeout(() => { tap(); setTimeout(focused); });
          document.addEventListener("table:answered", answered, { once: true });
          const buttons = [...document.querySelectorAll("[role=button]")];
          buttons.find((b) => b.textContent.trim() === "On paper").click();
        })"""
    )
    assert focused == "points:1"
