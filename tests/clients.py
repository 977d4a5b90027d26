"""The Flask test client as a phone uses it: forms sent with their CSRF token, the club admin
logged in, matches created and played through the API, imports waited for, and pages read
as a player reads them."""

import json
import re
import secrets
import time
from pathlib import Path

from flask.testing import FlaskClient

from assistant.web.base.security import masked
from tests.records import A, blank, example

STALE = "The table changed — here is the latest."


class FormClient(FlaskClient):
    """Sends this session's CSRF token with every form POST, as the pages' hidden field does
    (tests/web/test_security.py checks that a POST without it is refused)."""

    def post(self, path, *args, data=None, **kwargs):
        if (data is None or isinstance(data, dict)) and not str(path).startswith("/api/"):
            data = {"csrf_token": self.csrf_token()} | (data or {})
        return super().post(path, *args, data=data, **kwargs)

    def csrf_token(self) -> str:
        with self.session_transaction() as session:
            return masked(session.setdefault("csrf_token", secrets.token_urlsafe(32)))


ADMIN_PASSWORD = "club admin 123"


def admin_client(folder: Path, **config) -> FormClient:
    """A test client of an app on its own SQLite file in `folder`, logged in as the club admin."""
    from assistant import create_app
    from assistant.web.base.auth import save_password

    folder.mkdir(parents=True, exist_ok=True)
    save_password(folder / "admin_password", ADMIN_PASSWORD)
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(folder / "club.sqlite"),
            "SECRET_KEY": "t",
            "ADMIN_PASSWORD_FILE": str(folder / "admin_password"),
        }
        | config
    )
    app.test_client_class = FormClient
    client = app.test_client()
    logged_in = client.post("/admin/login", data={"password": ADMIN_PASSWORD})
    assert logged_in.status_code == 303
    return client


def imported(client, response, timeout: float = 120) -> str:
    """The report of the import a POST /history/import started (its 303 followed), once the
    import process has finished: the page the admin sees then."""
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    location = response.headers["Location"]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        page = client.get(location)
        assert page.status_code == 200
        if 'hx-trigger="every 1s"' not in page.text:
            return page.text
        time.sleep(0.05)  # polling the page as it does itself, not a wait for a time
    raise AssertionError(f"the import at {location} did not finish in {timeout} s")


def post_json(client, path: str, body) -> object:
    return client.post(path, data=json.dumps(body), content_type="application/json")


def create(client, match_record: dict) -> int:
    """A match created through the API; its id."""
    response = post_json(client, "/api/matches", match_record)
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()["id"]


def won_at_the_table(client, won: dict | None = None) -> int:
    """A match started empty through the API and played entry by entry as a table enters it
    (`won`: a record of one hand, A by default, won by its first tile): it counts at once, and
    stays open to the table until it closes. Its version is then 1 + the entries."""
    won = won or A
    match_id = create(client, blank(won))
    for version, entry in enumerate(won["hands"][0]["events"], start=1):
        response = post_json(
            client, f"/api/matches/{match_id}/events", entry | {"version": version}
        )
        assert response.status_code == 200, response.get_data(as_text=True)
    return match_id


def shown(html: str) -> str:
    """A page's text as a player reads it: the names without the `<bdi>` that isolates them."""
    return re.sub(r"</?bdi>", "", html)


def fresh_match(client) -> int:
    """A two-player all-fives match with no tiles laid yet."""
    return create(client, blank(example("spinner-lead-four-arms")))


def app_with_admin(folder: Path, password: str):
    """The app on a database in `folder`, with a club admin password set beside it."""
    from assistant import create_app
    from assistant.web.base.auth import save_password

    save_password(folder / "admin_password", password)
    config = {
        "TESTING": True,
        "DATABASE": str(folder / "club.sqlite"),
        "SECRET_KEY": "t",
        "ADMIN_PASSWORD_FILE": str(folder / "admin_password"),
    }
    return create_app(config)


def page_token(client, path: str = "/") -> str:
    """The CSRF token a page's forms carry."""
    page = client.get(path).get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
