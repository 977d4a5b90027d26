"""While the pips are counted the scores stand on one line (the fields need the room); at 360×740
four sides with three-figure and negative scores still show every name whole."""

import pytest
from playwright.sync_api import Page, expect

from tests.records import hand, record

pytestmark = pytest.mark.browser

RULES = {"preset": "all-fives", "hand_size": 2, "boneyard_reserve": 20}


def test_four_names_stay_whole_beside_their_scores_while_the_pips_are_counted(
    page: Page, live_server
):
    scores = {"Ann": 105, "Bo": -110, "Cy": 95, "Di": 110}
    blocked = hand("Ann 6-6", "Bo pass", "Cy pass", "Di pass", "Ann pass")
    match_record = record(RULES, "Ann Bo Cy Di", {"points": scores}, blocked)
    match_id = live_server.post_json("/api/matches", match_record)["id"]
    page.goto(f"{live_server.url}/matches/{match_id}")
    expect(page.get_by_role("heading", name="Blocked!")).to_be_visible()
    expect(page.locator(".scoreboard .score")).to_have_text(["105", "−110", "95", "110"])
    for name in page.locator(".scoreboard .side-name").all():
        cut = name.evaluate("element => element.scrollWidth > element.clientWidth")
        assert not cut, name.inner_text()
