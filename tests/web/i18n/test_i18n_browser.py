"""Switching language in the middle of a match, on a phone-sized Chromium: nothing is lost."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser import saved, version
from tests.records import example

pytestmark = pytest.mark.browser


def test_switching_to_danish_mid_match_keeps_the_table(page: Page, live_server):
    record = example("spinner-lead-four-arms")
    record["hands"] = []
    match_id = live_server.post_json("/api/matches", record)["id"]
    page.goto(f"{live_server.url}/matches/{match_id}")
    expect(page.locator("html")).to_have_attribute("lang", "en")

    before = version(page)
    page.get_by_role("button", name="X", exact=True).click()  # who leads
    saved(page, before)
    before = version(page)
    page.get_by_role("button", name="5-5", exact=True).click()
    saved(page, before)
    expect(page.get_by_text("Y to play")).to_be_visible()

    page.get_by_role("link", name="DA", exact=True).click()
    expect(page.locator("html")).to_have_attribute("lang", "da")
    expect(page).to_have_url(f"{live_server.url}/matches/{match_id}")
    expect(page.get_by_text("Y er i tur")).to_be_visible()
    expect(page.locator(".scoreboard .score")).to_have_text(["10", "0"])
    expect(page.locator(".held")).to_contain_text("Bunken 10")

    # 5-1 fits both sides of the lone spinner: the same game either way, so it is not asked.
    before = version(page)
    page.get_by_role("button", name="5-1", exact=True).click()
    saved(page, before)
    expect(page.locator(".open-ends")).to_contain_text("venstre 1")
    expect(page.locator(".last-play")).to_contain_text("sum 1 + 10 (5-5) = 11")
    expect(page.locator(".last-play .terms")).to_have_text("venstre 1 · højre: 5-5 = 10")
    before = version(page)
    page.get_by_role("button", name="6-5", exact=True).click()
    saved(page, before)
    # 6-1 fits left 1 and right 6: the ends are asked in Danish, tiles keep their names.
    page.get_by_role("button", name="6-1", exact=True).click()
    expect(page.get_by_text("Hvor skal 6-1 ligge?")).to_be_visible()
    before = version(page)
    page.get_by_role("button", name="højre", exact=True).click()
    saved(page, before)
    expect(page.locator(".open-ends")).to_contain_text("højre 1")
    expect(page.get_by_text("X er i tur")).to_be_visible()

    page.reload()  # the cookie keeps Danish
    expect(page.locator("html")).to_have_attribute("lang", "da")
    danish = page.get_by_role("link", name="DA", exact=True)
    expect(danish).to_have_attribute("aria-current", "true")
    assert live_server.get_json(f"/api/matches/{match_id}")["record"]["hands"][0]["events"] == [
        {"player": "X", "play": "5-5"},
        {"player": "Y", "play": "5-1", "end": "left"},
        {"player": "X", "play": "6-5"},
        {"player": "Y", "play": "6-1", "end": "right"},
    ]


@pytest.mark.parametrize("code", ["fr", "sv", "da"])
def test_four_open_ends_and_the_count_fit_on_one_line_of_a_phone(page: Page, live_server, code):
    match_id = live_server.post_json("/api/matches", example("spinner-lead-four-arms"))["id"]
    page.goto(f"{live_server.url}/language/{code}?next=/matches/{match_id}")
    chips = page.locator(".open-ends li")
    expect(chips).to_have_count(5)  # four arms of the spinner and the count
    tops = chips.evaluate_all("items => items.map(li => li.getBoundingClientRect().top)")
    assert len(set(tops)) == 1, f"{code}: {chips.all_inner_texts()} wrap"


def test_a_number_beyond_its_bounds_is_answered_in_the_pages_language(page: Page, live_server):
    """The browser's own message would be English on a Danish page: the page gives its own."""
    page.goto(f"{live_server.url}/language/da?next=/matches/new")
    expect(page.locator("html")).to_have_attribute("lang", "da")
    target = page.locator("#target")
    top = target.get_attribute("max")
    target.fill("999999")
    page.locator("button[name=create]").click()
    said = target.evaluate("field => field.validationMessage")
    assert said == f"Skriv et tal fra 1 til {top}."
    target.fill("7.5")
    assert target.evaluate("field => field.reportValidity() || field.validationMessage") == (
        "Skriv et helt tal."
    )
    target.fill("50")
    assert target.evaluate("field => field.checkValidity()")
