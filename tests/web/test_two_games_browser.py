"""Real server, real Chromium on a phone's screen: a club that plays both games reads the league
table of one, switches to the other, and follows a name to that player's figures in that game;
axe finds no serious violation on the pages with the switch, nor on a night of both games."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from assistant.club import store
from assistant.db import connect
from tests.two_games import both_games
from tests.web.test_accessibility import TAGS, blocking

pytestmark = pytest.mark.browser


def test_the_game_switch_from_the_league_to_a_players_figures(page: Page, live_server):
    db = connect(live_server.db)
    try:
        for made in both_games():
            store.create(db, made)
        store.set_league_minimum(db, 0)
    finally:
        db.close()

    def accessible() -> None:
        options = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}
        found = blocking(Axe().run(page, options=options).response)
        assert not found, f"axe on {page.url}:\n" + "\n".join(found)

    page.goto(f"{live_server.url}/league?season=all")
    expect(page.get_by_role("heading", level=1)).to_have_text("League table · All Fives · All time")
    players = page.get_by_role("table", name="Players")
    expect(players.locator("tbody th")).to_have_text(["Cy", "Ann", "Bo"])

    page.get_by_role("navigation", name="Game").get_by_role("link", name="Fives and Threes").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "League table · Fives and Threes · All time"
    )
    expect(players.locator("tbody th")).to_have_text(["Bo", "Cy", "Ann"])
    accessible()

    players.get_by_role("link", name="Bo").click()
    expect(page.get_by_role("heading", level=2).first).to_have_text(
        "Finished matches · Fives and Threes"
    )
    figures = page.locator("table.stats").first
    expect(figures.get_by_role("row", name="15s made")).to_contain_text("1")
    expect(figures.get_by_role("row", name="Chip-outs")).to_contain_text("2")
    expect(figures.get_by_role("row", name="Pegs / hand")).to_contain_text("4")
    accessible()

    page.goto(f"{live_server.url}/nights/2026-10-01")
    expect(page.locator("h2.night-game")).to_have_text(["All Fives", "Fives and Threes"])
    accessible()
