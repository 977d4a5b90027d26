"""Real server, real Chromium: a watcher sees a tile tapped at the table within 2 s, and the
replay of a shared example steps through its counts with the Next button."""

import json

import pytest
from playwright.sync_api import Page, expect

from tests.browser import tap
from tests.paths import EXAMPLES
from tests.records import F, example

pytestmark = pytest.mark.browser
WITHIN = 2000  # ms: the watch page follows the table within 2 s


def test_a_watcher_sees_each_tile_within_two_seconds(page: Page, live_server):
    record = {"format": "allfives-match/1", "rules": "all-fives", "players": ["Ann", "Bo"],
              "hands": []}  # fmt: skip
    match_id = live_server.post_json("/api/matches", record)["id"]
    page.goto(f"{live_server.url}/matches/{match_id}")

    watcher = page.context.browser.new_context(viewport={"width": 1920, "height": 1080})
    watch = watcher.new_page()
    watch.goto(f"{live_server.url}/history/{match_id}")
    watch.get_by_role("button", name="Watch page").click()
    expect(watch.locator(".watch-status")).to_have_text("Waiting for the lead.")
    assert "/watch/" in watch.url

    tap(page, "Ann")
    tap(page, "5-5")
    expect(watch.locator(".watch-last .tile-name")).to_have_text("5-5", timeout=WITHIN)
    expect(watch.locator(".watch-last .count-value")).to_have_text("10", timeout=WITHIN)
    expect(watch.locator(".scoreboard .score")).to_have_text(["10", "0"], timeout=WITHIN)

    tap(page, "5-4")  # either side of the lone spinner: the same game, so not asked
    expect(watch.locator(".watch-last .tile-name")).to_have_text("5-4", timeout=WITHIN)
    expect(watch.locator(".watch-last .count-value")).to_have_text("14", timeout=WITHIN)
    expect(watch.locator(".watch-status")).to_have_text("Ann to play", timeout=WITHIN)
    watcher.close()


def test_the_replay_steps_through_the_counts(page: Page, live_server):
    name = "partnership-spinner-hand"
    match_id = live_server.post_json("/api/matches", example(name))["id"]
    plays = json.loads((EXAMPLES / f"{name}.expected.json").read_text())["hands"][0]["plays"]
    page.goto(f"{live_server.url}/history/{match_id}")
    page.get_by_role("button", name="Replay it step by step").click()
    for number, play in enumerate(plays, start=1):
        expect(page.locator(".step-number")).to_have_text(f"Step {number} of {len(plays) + 1}")
        expect(page.locator(".entry .tile-name")).to_have_text(play["tile"])
        expect(page.locator(".count-value")).to_have_text(str(play["count"]))
        page.get_by_role("button", name="Next →").click()
    expect(page.locator(".entry")).to_contain_text("The tiles left are counted.")
    page.get_by_role("button", name="← Previous").click()
    expect(page.locator(".count-value")).to_have_text(str(plays[-1]["count"]))
    assert page.url.endswith(f"step={len(plays)}")


def test_player_names_are_thumb_sized_links_on_a_phone(page: Page, live_server):
    """On the leaderboard and the players list a short name (N) is still a 44 px target."""
    live_server.post_json("/api/matches", F)  # N and S beat E and W
    live_server.accept_imported()
    for path, links in (("/leaderboard", ".leaderboard td a"), ("/players", ".player-list a")):
        page.goto(live_server.url + path)
        names = page.locator(links)
        expect(names).to_have_count(4)
        for box in names.evaluate_all("as => as.map(a => a.getBoundingClientRect().toJSON())"):
            assert box["height"] >= 44 and box["width"] >= 44, (path, box)
    target = page.locator(".player-list a").first  # the whole target opens the player
    href, box = target.get_attribute("href"), target.bounding_box()
    page.mouse.click(box["x"] + box["width"] - 4, box["y"] + box["height"] - 4)
    expect(page).to_have_url(live_server.url + href)
