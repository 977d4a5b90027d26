"""Nobody let in: CSRF tokens on form POSTs, JSON-only API bodies, security headers, no inline
script, the secret key in instance/."""

import random
import re

import pytest

from assistant.simulate import random_match
from assistant.web.app import _secret_key
from tests.clients import create, fresh_match, page_token
from tests.paths import STATIC, TEMPLATES


def stored(client, match_id) -> dict:
    return client.get(f"/api/matches/{match_id}").get_json()


@pytest.fixture
def bare(app):
    """A test client that sends only what the test gives it (no automatic CSRF token)."""
    return app.test_client()


def test_a_form_post_without_the_token_is_refused_and_changes_nothing(bare):
    match_id = fresh_match(bare)
    before = stored(bare, match_id)
    form = {"version": before["version"], "leader": "X"}
    for extra in [{}, {"csrf_token": "forged"}, {"csrf_token": ""}]:
        response = bare.post(f"/matches/{match_id}/leader", data=form | extra)
        assert response.status_code == 400
        assert "reload the page" in response.get_data(as_text=True)
    forged = bare.post(f"/matches/{match_id}/leader", data=form, headers={"X-CSRF-Token": "x"})
    assert forged.status_code == 400
    assert stored(bare, match_id) == before


def test_the_token_from_the_page_works_as_field_or_header(bare):
    match_id = fresh_match(bare)
    token = page_token(bare, f"/matches/{match_id}")
    form = {"version": 1, "leader": "X", "csrf_token": token}
    assert bare.post(f"/matches/{match_id}/leader", data=form).status_code == 303
    headers = {"X-CSRF-Token": token, "HX-Request": "true"}
    response = bare.post(
        f"/matches/{match_id}/play", data={"version": 2, "tile": "5-5"}, headers=headers
    )
    assert response.status_code == 200  # htmx gets the new table at once, not a 303
    assert response.data.startswith(b'<div id="table"')
    assert stored(bare, match_id)["version"] == 3


def test_another_sessions_token_does_not_work(app):
    phone, attacker = app.test_client(), app.test_client()
    match_id = fresh_match(phone)
    page_token(phone, f"/matches/{match_id}")
    stolen = page_token(attacker, "/")
    form = {"version": 1, "leader": "X", "csrf_token": stolen}
    assert phone.post(f"/matches/{match_id}/leader", data=form).status_code == 400


def test_every_post_form_carries_the_token(client):
    match_id = fresh_match(client)
    pages = ["/", "/matches/new", "/admin/login", f"/matches/{match_id}"]
    client.post(f"/matches/{match_id}/leader", data={"version": 1, "leader": "X"})
    pages.append(f"/matches/{match_id}")  # the picker, the actions
    client.post(f"/matches/{match_id}/play", data={"version": 2, "tile": "5-5"})
    pages.append(f"/matches/{match_id}?tile=5-1")  # choosing an end
    finished = create(client, random_match(random.Random(4), players=2, rules="all-fives"))
    pages.append(f"/matches/{finished}")
    forms = 0
    for path in pages:
        html = client.get(path).get_data(as_text=True)
        for form in re.findall(r"<form\b.*?</form>", html, flags=re.S):
            if re.search(r'method="post"', form, flags=re.I):
                forms += 1
                assert 'name="csrf_token"' in form, (path, form[:200])
    assert forms >= 8
    assert 'name="csrf_token"' in html and "Rematch" in html  # the winner screen
    assert 'hx-headers=\'{"X-CSRF-Token": "' in client.get("/").get_data(as_text=True)


def test_every_post_form_in_the_templates_carries_the_token():
    for path in TEMPLATES.rglob("*.html"):
        text = path.read_text()
        posts = len(re.findall(r'<form\b[^>]*method="post"', text, flags=re.I))
        assert text.count("csrf_field()") >= posts, path


@pytest.mark.parametrize(
    "content_type, body",
    [
        ("application/x-www-form-urlencoded", "version=1&player=Ann&play=6-6"),
        ("multipart/form-data; boundary=x", "--x\r\n\r\n--x--\r\n"),
        ("text/plain", '{"version": 1, "player": "Ann", "play": "5-5"}'),
        (None, ""),
    ],
)
def test_the_api_takes_only_json(bare, content_type, body):
    match_id = fresh_match(bare)
    before = stored(bare, match_id)
    for path in [
        "/api/matches",
        f"/api/matches/{match_id}/events",
        f"/api/matches/{match_id}/undo",
    ]:
        response = bare.post(path, data=body, content_type=content_type)
        assert response.status_code == 415, path
        assert "application/json" in response.get_json()["error"]
    assert stored(bare, match_id) == before


@pytest.mark.parametrize(
    "path", ["/", "/matches/new", "/matches/1", "/api/matches/1", "/static/app.js", "/nowhere"]
)
def test_security_headers_on_every_response(client, path):
    fresh_match(client)
    response = client.get(path)
    response.close()
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "'unsafe-inline'" not in csp
    assert "frame-ancestors 'none'" in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["Referrer-Policy"] == "same-origin"


def test_no_inline_script_anywhere(client):
    match_id = fresh_match(client)
    client.post(f"/matches/{match_id}/leader", data={"version": 1, "leader": "X"})
    sources = {str(p): p.read_text() for p in TEMPLATES.rglob("*.html")}
    for path in ["/", "/matches/new", f"/matches/{match_id}", "/admin/login"]:
        sources[path] = client.get(path).get_data(as_text=True)
    for where, html in sources.items():
        for tag in re.findall(r"<script\b[^>]*>", html, flags=re.I):
            assert "src=" in tag, (where, tag)
        assert not re.search(r"<script\b[^>]*>\s*(?!</script>)\S", html, flags=re.I), where
        assert not re.search(r"\son[a-z]+\s*=", html, flags=re.I), where
        assert "hx-on" not in html and "javascript:" not in html, where
        assert not re.search(r"\sstyle\s*=", html, flags=re.I), where
    assert (STATIC / "app.js").exists()


def test_the_secret_key_is_made_once_in_the_instance_folder(tmp_path):
    key = _secret_key(str(tmp_path / "instance"))
    path = tmp_path / "instance" / "secret_key"
    assert len(key) >= 64 and path.stat().st_mode & 0o077 == 0
    assert _secret_key(str(tmp_path / "instance")) == key
    assert _secret_key(str(tmp_path / "other")) != key


def test_the_token_reads_differently_in_every_answer_and_each_one_works(bare):
    """Pages are sent gzipped: a token that never changed could be guessed a character at a
    time from the size of compressed answers that also echo what an attacker typed (BREACH)."""
    match_id = fresh_match(bare)
    first, second = page_token(bare), page_token(bare)
    assert first != second
    lead = {"csrf_token": first, "version": 1, "leader": "X"}
    assert bare.post(f"/matches/{match_id}/leader", data=lead).status_code == 303
    tile = {"csrf_token": second, "version": 2, "tile": "6-6"}
    assert bare.post(f"/matches/{match_id}/play", data=tile).status_code == 303
    with bare.session_transaction() as session:
        raw = session["csrf_token"]  # the session's own token, never sent as it is
    refused = bare.post(f"/matches/{match_id}/draw", data={"csrf_token": raw, "version": 3})
    assert refused.status_code == 400
    assert stored(bare, match_id)["version"] == 3
