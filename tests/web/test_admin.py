"""The club admin: the password command, login, logout, the rate limit, what needs the admin."""

import json
import re
import subprocess
import sys

import pytest

from assistant.club import store
from assistant.web.base.auth import password_matches, save_password
from assistant.web.base.db import get_db
from tests.clients import app_with_admin, page_token, won_at_the_table

PASSWORD = "correct horse battery"


@pytest.fixture
def admin_app(tmp_path):
    return app_with_admin(tmp_path, PASSWORD)


@pytest.fixture
def admin_client(admin_app):
    return admin_app.test_client()


def login(client, password=PASSWORD, **extra):
    form = {"password": password, "csrf_token": page_token(client)} | extra
    return client.post("/admin/login", data=form)


def finished_match(client) -> int:
    return won_at_the_table(client)


def test_the_command_stores_a_scrypt_hash_from_stdin(tmp_path):
    path = tmp_path / "instance" / "admin_password"
    command = [sys.executable, "-m", "assistant", "admin-password", "--file", str(path)]
    typed = f"{PASSWORD}\n{PASSWORD}\n"
    done = subprocess.run(command, input=typed, text=True, capture_output=True)
    assert done.returncode == 0, done.stderr
    assert path.read_text().startswith("scrypt:")
    assert PASSWORD not in path.read_text()
    assert path.stat().st_mode & 0o077 == 0
    assert password_matches(path, PASSWORD)
    assert not password_matches(path, PASSWORD + "!")


@pytest.mark.parametrize(
    "typed", ["one-password\nanother-one\n", "short\nshort\n", ""], ids=["differ", "short", "none"]
)
def test_the_command_refuses_bad_passwords_and_keeps_the_old_one(tmp_path, typed):
    path = tmp_path / "admin_password"
    save_password(path, PASSWORD)
    command = [sys.executable, "-m", "assistant", "admin-password", "--file", str(path)]
    done = subprocess.run(command, input=typed, text=True, capture_output=True)
    assert done.returncode == 2
    assert password_matches(path, PASSWORD)


def test_login_and_logout(admin_client):
    assert login(admin_client, "wrong password").status_code == 401
    response = login(admin_client, next="/matches/new")
    assert response.status_code == 303
    assert response.headers["Location"] == "/matches/new"
    assert "You are logged in" in admin_client.get("/admin/login").get_data(as_text=True)
    out = admin_client.post("/admin/logout", data={"csrf_token": page_token(admin_client)})
    assert out.status_code == 303
    assert "You are logged in" not in admin_client.get("/admin/login").get_data(as_text=True)


def test_login_never_redirects_off_site(admin_client):
    for target in ["https://evil.example/", "//evil.example/", "/\\evil.example"]:
        response = login(admin_client, next=target)
        assert response.headers["Location"] == "/"


def test_login_without_a_password_set_says_how_to_set_one(client):
    page = client.get("/admin/login").get_data(as_text=True)
    form = {"password": "anything-at-all", "csrf_token": re.search(r'value="([^"]{20,})"', page)[1]}
    response = client.post("/admin/login", data=form)
    assert response.status_code == 403
    assert "admin-password" in response.get_data(as_text=True)


def test_five_attempts_a_minute_then_429(admin_client):
    for _ in range(5):
        assert login(admin_client, "guess-guess").status_code == 401
    refused = login(admin_client)  # even the right password, until the minute is over
    assert refused.status_code == 429
    assert "Too many login attempts" in refused.get_data(as_text=True)


def test_the_session_cookie_is_httponly_lax_and_secure_over_https(admin_client):
    response = login(admin_client)
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Secure" not in cookie
    admin_client.get("/admin/login", base_url="https://localhost")
    secure = admin_client.post(
        "/admin/login",
        data={"password": PASSWORD, "csrf_token": page_token(admin_client)},
        base_url="https://localhost",
    )
    assert "Secure" in secure.headers["Set-Cookie"]


def test_deleting_a_match_needs_the_admin(admin_client):
    match_id = finished_match(admin_client)
    csrf = page_token(admin_client)
    response = admin_client.post(f"/matches/{match_id}/delete", data={"csrf_token": csrf})
    assert response.status_code == 303
    assert response.headers["Location"].startswith("/admin/login?next=")
    htmx = admin_client.post(
        f"/matches/{match_id}/delete", data={"csrf_token": csrf}, headers={"HX-Request": "true"}
    )
    assert htmx.headers["HX-Redirect"].startswith("/admin/login")
    assert admin_client.get(f"/api/matches/{match_id}").status_code == 200

    assert f'href="/matches/{match_id}"' in admin_client.get("/").get_data(as_text=True)
    login(admin_client)
    stale = admin_client.post(f"/matches/{match_id}/delete", data={"csrf_token": csrf})
    assert stale.status_code == 400  # the login gave the session a new token
    csrf = page_token(admin_client)
    response = admin_client.post(f"/matches/{match_id}/delete", data={"csrf_token": csrf})
    assert response.status_code == 303
    assert admin_client.get(f"/api/matches/{match_id}").status_code == 404
    assert f'href="/matches/{match_id}"' not in admin_client.get("/").get_data(as_text=True)


def test_only_the_admin_sees_delete_on_the_match_page_and_confirms_first(admin_client):
    match_id = finished_match(admin_client)
    page = admin_client.get(f"/history/{match_id}").get_data(as_text=True)
    assert f"/matches/{match_id}/delete" not in page and "Delete match" not in page
    assert "/admin/login?next=" in page  # how the admin gets there
    confirm = admin_client.get(f"/matches/{match_id}/delete")
    assert confirm.status_code == 303 and "/admin/login" in confirm.headers["Location"]

    login(admin_client)
    page = admin_client.get(f"/history/{match_id}").get_data(as_text=True)
    assert f'href="/matches/{match_id}/delete"' in page and "Delete match" in page
    confirm = admin_client.get(f"/matches/{match_id}/delete")  # a page, no JavaScript needed
    html = confirm.get_data(as_text=True)
    assert confirm.status_code == 200
    assert f"Delete match {match_id}?" in html and "cannot be undone" in html
    assert f'<form method="post" action="/matches/{match_id}/delete"' in html
    assert 'name="csrf_token"' in html and f'href="/history/{match_id}"' in html  # or keep it
    assert admin_client.get(f"/api/matches/{match_id}").status_code == 200  # nothing gone yet

    csrf = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    done = admin_client.post(f"/matches/{match_id}/delete", data={"csrf_token": csrf})
    assert done.status_code == 303 and done.headers["Location"] == "/history"
    history = admin_client.get("/history").get_data(as_text=True)
    assert f"Match {match_id} was deleted." in history
    assert f'href="/history/{match_id}"' not in history
    assert admin_client.get(f"/api/matches/{match_id}").status_code == 404
    again = admin_client.get("/history").get_data(as_text=True)
    assert f"Match {match_id} was deleted." not in again  # said once


def test_deleting_needs_the_form_token_and_a_match(admin_client):
    match_id = finished_match(admin_client)
    login(admin_client)
    forged = admin_client.post(f"/matches/{match_id}/delete", data={"csrf_token": "forged"})
    assert forged.status_code == 400
    assert admin_client.get(f"/api/matches/{match_id}").status_code == 200
    csrf = page_token(admin_client)
    assert admin_client.get("/matches/99999/delete").status_code == 404
    gone = admin_client.post("/matches/99999/delete", data={"csrf_token": csrf})
    assert gone.status_code == 404


def test_the_delete_confirmation_speaks_danish(admin_client):
    match_id = finished_match(admin_client)
    login(admin_client)
    page = admin_client.get(f"/matches/{match_id}/delete", headers={"Accept-Language": "da"})
    html = page.get_data(as_text=True)
    assert f"Slet kamp {match_id}?" in html and "Behold den" in html


def test_a_finished_match_the_table_has_closed_needs_the_admin(admin_client, admin_app):
    match_id = finished_match(admin_client)
    version = admin_client.get(f"/api/matches/{match_id}").get_json()["version"]
    with admin_app.app_context():
        store.close(get_db(), match_id)  # the table tapped "Final"
    body = json.dumps({"version": version})
    undo = f"/api/matches/{match_id}/undo"
    refused = admin_client.post(undo, data=body, content_type="application/json")
    assert refused.status_code == 401
    assert "admin" in refused.get_json()["error"]
    form = {"version": version, "csrf_token": page_token(admin_client)}
    page = admin_client.post(f"/matches/{match_id}/undo", data=form)
    assert page.status_code == 303 and "/admin/login" in page.headers["Location"]
    assert admin_client.get(f"/api/matches/{match_id}").get_json()["version"] == version

    login(admin_client)
    done = admin_client.post(undo, data=body, content_type="application/json")
    assert done.status_code == 200
    assert done.get_json()["result"]["winner"] is None


def test_the_winning_tile_can_be_undone_at_the_table_before_it_closes(admin_client):
    match_id = finished_match(admin_client)
    version = admin_client.get(f"/api/matches/{match_id}").get_json()["version"]
    body = json.dumps({"version": version})
    done = admin_client.post(
        f"/api/matches/{match_id}/undo", data=body, content_type="application/json"
    )
    assert done.status_code == 200 and done.get_json()["result"]["winner"] is None


# -- sessions that end ----------------------------------------------------------------------------


def is_admin_now(client) -> bool:
    """Whether the club admin's page (a delete confirmation) opens for this phone."""
    return "You are logged in" in client.get("/admin/login").get_data(as_text=True)


def copied(admin_app, client):
    """Another browser holding a copy of `client`'s session cookie."""
    other = admin_app.test_client()
    other.set_cookie("session", client.get_cookie("session").value)
    return other


def test_logging_out_ends_the_session_and_every_copy_of_its_cookie(admin_app, admin_client):
    login(admin_client)
    copy = copied(admin_app, admin_client)
    assert is_admin_now(copy)
    admin_client.post("/admin/logout", data={"csrf_token": page_token(admin_client)})
    assert not is_admin_now(copy)
    assert not is_admin_now(admin_client)
    match_id = finished_match(copy)
    assert copy.get(f"/matches/{match_id}/delete").status_code == 303  # to the login


def test_logging_out_ends_only_that_session(admin_app):
    laptop, phone = admin_app.test_client(), admin_app.test_client()
    login(laptop)
    login(phone)
    phone.post("/admin/logout", data={"csrf_token": page_token(phone)})
    assert is_admin_now(laptop) and not is_admin_now(phone)


def test_a_new_password_ends_every_session(admin_app, admin_client, tmp_path):
    login(admin_client)
    copy = copied(admin_app, admin_client)
    path = admin_app.config["ADMIN_PASSWORD_FILE"]
    command = [sys.executable, "-m", "assistant", "admin-password", "--file", path]
    new = "a brand new password"
    done = subprocess.run(command, input=f"{new}\n{new}\n", text=True, capture_output=True)
    assert done.returncode == 0, done.stderr
    assert not is_admin_now(admin_client) and not is_admin_now(copy)
    assert login(admin_client, PASSWORD).status_code == 401
    assert login(admin_client, new).status_code == 303 and is_admin_now(admin_client)
    assert not is_admin_now(copy)


def test_a_cookie_of_the_old_kind_is_not_an_admin(admin_app):
    old = admin_app.test_client()
    with old.session_transaction() as session:
        session["admin"] = True  # what a cookie said before sessions were listed
    assert not is_admin_now(old)


# -- where a login sends you --------------------------------------------------------------------

OFF_SITE = [
    "/\t/evil.example",
    "/%09/evil.example",
    "/\r\nSet-Cookie: x=1",
    "/%0d%0aSet-Cookie:%20x=1",
    "/\\evil.example",
    "/%5cevil.example",
    "//evil.example",
    "/%2fevil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "/\x00",
]


@pytest.mark.parametrize("target", OFF_SITE)
def test_next_is_only_ever_a_local_path(admin_app, target):
    client = admin_app.test_client()
    page = client.get("/admin/login", query_string={"next": target}).get_data(as_text=True)
    assert re.search(r'name="next" value="([^"]*)"', page)[1] == ""  # the form drops it
    response = login(client, next=target)
    assert response.status_code == 303
    assert response.headers["Location"] == "/"
    assert "x=1" not in response.headers.get("Set-Cookie", "")
    switch = client.get("/language/da", query_string={"next": target})
    assert switch.status_code == 303 and switch.headers["Location"] == "/"


def test_the_issues_open_redirect_stays_home(admin_app):
    client = admin_app.test_client()
    client.get("/admin/login?next=/%09/evil.example")
    response = login(client, next="/\t/evil.example")  # what the form sent back
    assert response.headers["Location"] == "/"


def test_a_local_next_is_kept_with_its_query(admin_app):
    client = admin_app.test_client()
    response = login(client, next="/history?player=Ann&page=2")
    assert response.headers["Location"] == "/history?player=Ann&page=2"
