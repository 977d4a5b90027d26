"""Every page names its icon, so a phone's first visit does not ask for /favicon.ico and get
the 404 page: the icon is a small SVG domino served from static/ (CSP: images from 'self')."""

import re

from assistant.web.base.security import CSP
from tests.paths import STATIC
from tests.records import example


def icon_of(html: str) -> str:
    links = re.findall(r'<link rel="icon" href="([^"]+)" type="image/svg\+xml">', html)
    assert len(links) == 1, "one icon in the page's head"
    return links[0]


def test_every_page_names_the_domino_icon_and_it_is_served(client):
    created = client.post("/api/matches", json=example("spinner-lead-four-arms"))
    match_id = created.get_json()["id"]
    pages = ["/", "/matches/new", f"/matches/{match_id}", "/history", "/leaderboard", "/board"]
    for path in pages + ["/matches/99999"]:
        response = client.get(path)
        assert response.status_code == (404 if path == "/matches/99999" else 200), path
        html = response.get_data(as_text=True)
        assert icon_of(html) == "/static/favicon.svg", path
        assert '<link rel="apple-touch-icon" href="/static/apple-touch-icon.png">' in html, path
    with client.get("/static/favicon.svg") as icon:
        assert icon.status_code == 200
        assert icon.mimetype == "image/svg+xml"
        assert icon.data == (STATIC / "favicon.svg").read_bytes()
    with client.get("/static/apple-touch-icon.png") as icon:  # an iPhone's home screen
        assert icon.status_code == 200 and icon.mimetype == "image/png"
        assert icon.data.startswith(b"\x89PNG")
    assert "img-src 'self'" in CSP


def test_the_icon_is_a_small_plain_svg():
    svg = (STATIC / "favicon.svg").read_text()
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">')
    assert len(svg.encode()) < 2048
    assert "<script" not in svg and "href" not in svg  # nothing it could load or run
