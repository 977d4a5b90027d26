"""Static files are sent gzipped to browsers that accept it; pages and htmx pieces are not."""

import gzip
from pathlib import Path

STATIC = Path(__file__).resolve().parents[1] / "static"


def test_a_stylesheet_is_gzipped_for_a_browser_that_accepts_it(client):
    response = client.get("/static/app.css", headers={"Accept-Encoding": "gzip, deflate, br"})
    response.close()
    assert response.status_code == 200
    assert response.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response.headers["Vary"]
    assert gzip.decompress(response.data) == (STATIC / "app.css").read_bytes()
    assert int(response.headers["Content-Length"]) == len(response.data)
    assert "Accept-Ranges" not in response.headers
    etag = response.headers["ETag"]
    assert etag.startswith("W/")
    with client.get(
        "/static/app.css", headers={"Accept-Encoding": "gzip", "If-None-Match": etag}
    ) as again:
        assert again.status_code == 304


def test_without_gzip_the_file_is_sent_as_it_is(client):
    for accept in ("", "identity", "gzip;q=0", "br"):
        path = "/static/vendor/htmx-2.0.11.min.js"
        with client.get(path, headers={"Accept-Encoding": accept}) as response:
            assert "Content-Encoding" not in response.headers
            assert response.data == (STATIC / "vendor" / "htmx-2.0.11.min.js").read_bytes()


def test_pages_are_not_compressed(client):
    response = client.get("/", headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in response.headers
