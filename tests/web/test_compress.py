"""Answers are sent gzipped to browsers that accept it: static files, pages, htmx pieces, API."""

import gzip
import re

from tests.paths import STATIC
from tests.records import example


def test_a_stylesheet_is_gzipped_for_a_browser_that_accepts_it(client):
    response = client.get("/static/app.css", headers={"Accept-Encoding": "gzip, deflate, br"})
    response.close()
    assert response.status_code == 200
    assert response.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response.headers["Vary"]
    sent = gzip.decompress(response.data)  # the file as written, less its comments
    assert sent == re.sub(rb"/\*.*?\*/", b"", (STATIC / "app.css").read_bytes(), flags=re.S)
    assert b".table" in sent and b"/*" not in sent
    assert int(response.headers["Content-Length"]) == len(response.data)
    assert "Accept-Ranges" not in response.headers
    etag = response.headers["ETag"]
    assert etag.startswith("W/")
    with client.get(
        "/static/app.css", headers={"Accept-Encoding": "gzip", "If-None-Match": etag}
    ) as again:
        assert again.status_code == 304


def test_a_vendors_stylesheet_keeps_its_licence(client):
    with client.get(
        "/static/vendor/pico-2.1.1-app.min.css", headers={"Accept-Encoding": "gzip"}
    ) as response:
        sent = gzip.decompress(response.data).decode("utf-8-sig")
    assert sent.startswith("/*!\n * Pico CSS") and "Licensed under MIT" in sent


def test_the_apps_scripts_are_sent_without_their_comment_lines_and_vendors_as_they_are(client):
    with client.get("/static/app.js", headers={"Accept-Encoding": "gzip"}) as response:
        sent = gzip.decompress(response.data)
    written = (STATIC / "app.js").read_bytes()
    assert sent == re.sub(rb"(?m)^[ \t]*//[^\n]*\n", b"", written)
    assert b"\n// " in written and b"\n// " not in sent and b"localStorage" in sent
    path = "/static/vendor/htmx-2.0.11.min.js"
    with client.get(path, headers={"Accept-Encoding": "gzip"}) as response:
        sent = gzip.decompress(response.data)
    assert sent == (STATIC / "vendor" / "htmx-2.0.11.min.js").read_bytes()


def test_without_gzip_the_file_is_sent_as_it_is(client):
    for accept in ("", "identity", "gzip;q=0", "br"):
        path = "/static/vendor/htmx-2.0.11.min.js"
        with client.get(path, headers={"Accept-Encoding": accept}) as response:
            assert "Content-Encoding" not in response.headers
            assert response.data == (STATIC / "vendor" / "htmx-2.0.11.min.js").read_bytes()


def without_tokens(page: bytes) -> bytes:
    """The page without its CSRF tokens, masked afresh in every answer, the name of the
    table's drawing (its checksum, tokens included) and a form's own id, new each time the
    form is drawn."""
    page = re.sub(rb'data-drawing="[^"]*"', b"", page)
    page = re.sub(rb'name="start" value="[^"]*"', b"", page)
    return re.sub(rb"[A-Za-z0-9_-]{60,}={0,2}", b"", page)


def test_pages_pieces_and_api_answers_are_gzipped_too(client):
    match_id = client.post("/api/matches", json=example("partnership-spinner-hand")).get_json()[
        "id"
    ]
    gzip_ok = {"Accept-Encoding": "gzip"}
    for path, headers in (
        ("/", {}),
        (f"/matches/{match_id}", {}),
        (f"/matches/{match_id}", {"HX-Request": "true"}),
        (f"/api/matches/{match_id}", {}),
    ):
        plain = client.get(path, headers=headers)
        packed = client.get(path, headers=headers | gzip_ok)
        assert "Content-Encoding" not in plain.headers
        assert packed.headers["Content-Encoding"] == "gzip", path
        assert "Accept-Encoding" in packed.headers["Vary"]
        assert len(packed.data) < len(plain.data) / 2
        unpacked = gzip.decompress(packed.data)
        assert without_tokens(unpacked) == without_tokens(plain.data)
