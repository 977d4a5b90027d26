"""Errors a player can read: HTML error pages in the site's layout and the player's language with
a way back, JSON for the API, a banner when an htmx tap is refused (expired form, deleted match)."""

import sqlite3

import pytest
from playwright.sync_api import Page, expect

from assistant import create_app
from assistant.web.base import catalogs
from tests.browser import version
from tests.clients import fresh_match
from tests.records import example

EXPIRED = "This form has expired or did not come from this app: reload the page."


def translated(language: str, english: str) -> str:
    return catalogs.read_catalog(language)[english].string


def assert_error_page(response, code: int, language: str, title: str, message: str) -> None:
    html = response.get_data(as_text=True)
    assert response.status_code == code
    assert response.mimetype == "text/html"
    assert f'<html lang="{language}"' in html  # the site's layout, not Werkzeug's page
    assert f"<h1>{translated(language, title)}</h1>" in html
    assert translated(language, message).replace("'", "&#39;") in html
    assert 'href="/"' in html  # a way back
    assert "Werkzeug" not in html and "The requested URL" not in html


def test_an_unknown_address_is_a_404_page_in_danish(client):
    response = client.get("/no-such-page", headers={"Accept-Language": "da"})
    message = "There is nothing here: the address is wrong, or what it showed was deleted."
    assert_error_page(response, 404, "da", "Not found", message)


def test_an_unknown_match_says_so_in_the_players_language(client):
    for language in ("da", "sv", "fr"):
        response = client.get("/matches/99999", headers={"Accept-Language": language})
        assert_error_page(response, 404, language, "Not found", "There is no such match.")


def test_an_expired_form_is_a_400_page_with_the_reason_and_a_way_back(app):
    bare = app.test_client()
    match_id = fresh_match(bare)
    back = f"http://localhost/matches/{match_id}"
    response = bare.post(
        f"/matches/{match_id}/leader",
        data={"version": 1, "leader": "X", "csrf_token": "expired"},
        headers={"Accept-Language": "sv", "Referer": back},
    )
    assert_error_page(response, 400, "sv", "That did not work", EXPIRED)
    assert f'href="/matches/{match_id}"' in response.get_data(as_text=True)  # back to the table


def test_a_wrong_method_is_a_405_page_keeping_allow(client):
    response = client.get("/matches/1/play", headers={"Accept-Language": "fr"})
    message = "This address does not take that: go back and use the page's buttons."
    assert_error_page(response, 405, "fr", "Not like that", message)
    assert "POST" in response.headers["Allow"]


def test_a_too_big_form_is_a_413_page(app, client):
    app.config["MAX_CONTENT_LENGTH"] = 1000
    response = client.post("/matches/new", data={"player": "x" * 5000})
    assert_error_page(response, 413, "en", "Too big", "That is too big to send here.")


def test_a_crash_is_a_500_page_in_the_layout(tmp_path):
    app = create_app(
        {"DATABASE": str(tmp_path / "crash.sqlite"), "SECRET_KEY": "t", "TESTING": False}
    )

    @app.get("/crash")
    def crash():
        raise RuntimeError("a bug")

    response = app.test_client().get("/crash", headers={"Accept-Language": "da"})
    message = "Something went wrong on the server: reload the page and try again."
    assert_error_page(response, 500, "da", "Something went wrong", message)
    assert "a bug" not in response.get_data(as_text=True)


def test_htmx_gets_only_the_message(client):
    response = client.get("/matches/99999", headers={"HX-Request": "true"})
    html = response.get_data(as_text=True)
    assert response.status_code == 404
    assert "<html" not in html and "data-error-message" in html
    assert "There is no such match." in html


@pytest.mark.parametrize(
    "method, path, body, code",
    [
        ("get", "/api/no-such-thing", None, 404),
        ("get", "/api/matches/99999", None, 404),
        ("get", "/api/matches/1/events", None, 405),
        ("post", "/api/matches", "players=a", 415),
        ("post", "/api/matches", "{not json", 400),
    ],
)
def test_api_errors_stay_json(app, method, path, body, code):
    bare = app.test_client()
    fresh_match(bare)
    content_type = "application/json" if body and body.startswith("{") else "text/plain"
    response = getattr(bare, method)(path, data=body, content_type=content_type)
    assert response.status_code == code
    assert response.mimetype == "application/json"
    assert set(response.get_json()) >= {"error"} and response.get_json()["error"]


# -- in a real browser ------------------------------------------------------------------------


@pytest.fixture
def danish(browser, browser_context_args):
    context = browser.new_context(**browser_context_args, locale="da-DK")
    yield context.new_page()
    context.close()


@pytest.mark.browser
def test_an_expired_form_on_a_tap_says_so_and_the_table_stays(danish: Page, live_server):
    page = danish
    record = example("spinner-lead-four-arms") | {"hands": []}
    match_id = live_server.post_json("/api/matches", record)["id"]
    page.goto(f"{live_server.url}/matches/{match_id}")
    before = version(page)
    page.context.clear_cookies()  # the session, and with it the form's token, is gone

    page.get_by_role("button", name="X", exact=True).click()
    banner = page.locator("#problem")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text(translated("da", EXPIRED))
    expect(page.locator("#table")).to_be_visible()
    assert version(page) == before
    assert live_server.get_json(f"/api/matches/{match_id}")["version"] == int(before)

    banner.get_by_role("button", name=translated("da", "Reload")).click()
    expect(banner).to_be_hidden()
    page.get_by_role("button", name="X", exact=True).click()
    expect(page.locator("#table input[name=version]").first).to_have_value(str(int(before) + 1))


@pytest.mark.browser
def test_a_tap_on_a_deleted_match_says_so(page: Page, live_server):
    record = example("spinner-lead-four-arms") | {"hands": []}
    match_id = live_server.post_json("/api/matches", record)["id"]
    page.goto(f"{live_server.url}/matches/{match_id}")
    with sqlite3.connect(live_server.db) as db:
        db.execute("DELETE FROM matches WHERE id = ?", [match_id])

    page.get_by_role("button", name="X", exact=True).click()
    expect(page.locator("#problem")).to_contain_text("There is no such match.")
    expect(page.locator("#table")).to_be_visible()
    page.get_by_role("button", name="Close").click()
    expect(page.locator("#problem")).to_be_hidden()
