"""Names in the order the page's language sorts them: Éva with the E's in every language, and
the Danish and Swedish letters after z, on /players, in the draw's form, in the new match's
suggestions and in a night's standings."""

import re

from assistant.club.collation import sorted_names
from tests.clients import create, page_token
from tests.database import accept_imported
from tests.records import won

CLUB = ["Zoe", "Mads", "Søren", "Éva", "Emil", "Åse", "Ole", "Ærø", "Øster", "Ann", "ebba"]


def test_each_language_sorts_names_its_own_way():
    assert sorted_names(CLUB, "en") == [
        "Ærø", "Ann", "Åse", "ebba", "Emil", "Éva", "Mads", "Ole", "Øster", "Søren", "Zoe",
    ]  # fmt: skip
    assert sorted_names(CLUB, "fr") == sorted_names(CLUB, "en")
    assert sorted_names(CLUB, "da") == [
        "Ann", "ebba", "Emil", "Éva", "Mads", "Ole", "Søren", "Zoe", "Ærø", "Øster", "Åse",
    ]  # fmt: skip
    assert sorted_names(CLUB, "sv") == [
        "Ann", "ebba", "Emil", "Éva", "Mads", "Ole", "Søren", "Zoe", "Åse", "Ærø", "Øster",
    ]  # fmt: skip
    assert sorted_names(["Aase", "Aage", "Zakarias", "Abel"], "da") == [
        "Abel", "Zakarias", "Aage", "Aase",
    ]  # fmt: skip


def listed(page: str, names: list[str]) -> list[str]:
    """The names in the order the page shows them (each name's first place)."""
    places = {name: page.index(f">{name}<") for name in names if f">{name}<" in page}
    places |= {
        name: match.start()
        for name in names
        if name not in places and (match := re.search(rf"[> ]{re.escape(name)}<", page))
    }
    return sorted(places, key=places.get)


def test_players_the_draw_form_and_the_new_match_list_names_in_the_pages_language(client):
    csrf = page_token(client)
    for name in CLUB:
        assert client.post("/players", data={"csrf_token": csrf, "name": name}).status_code == 303
    english = sorted_names(CLUB, "en")
    danish = sorted_names(CLUB, "da")
    for path in ("/players", "/nights/2026-11-28/draw"):
        assert listed(client.get(path).get_data(as_text=True), CLUB) == english, path
        page = client.get(path, headers={"Accept-Language": "da"}).get_data(as_text=True)
        assert listed(page, CLUB) == danish, path
    swedish = client.get("/matches/new", headers={"Accept-Language": "sv"})
    suggestions = swedish.get_data(as_text=True)
    values = re.findall(r'<option value="([^"]+)"', suggestions)
    assert [v for v in values if v in CLUB] == sorted_names(CLUB, "sv")


def test_equal_standings_are_listed_in_the_pages_language(app, client):
    for players, hour in (("Ole Pia", 20), ("Éva Øster", 21)):
        create(client, won(players, f"2026-11-28T{hour}:00:00+01:00"))
    accept_imported(app.config["DATABASE"])
    names = ["Ole", "Éva", "Øster", "Pia"]
    english = client.get("/nights/2026-11-28").get_data(as_text=True)
    assert listed(english, names) == ["Éva", "Ole", "Øster", "Pia"]
    danish = client.get("/nights/2026-11-28", headers={"Accept-Language": "da"})
    assert listed(danish.get_data(as_text=True), names) == ["Éva", "Ole", "Pia", "Øster"]
