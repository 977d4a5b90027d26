"""The referee's findings, as a player reads them: a side of two wins in the plural, a match won
on a hand scored on paper says so, the settlement's grid asks for "the tile" one player holds,
the French banner's colon is the catalog's (with its narrow space), a stopped match that waits
for the admin says when its hands count, and the player's page says which matches its figures
leave out until then."""

import html
import re

from tests.clients import create, shown
from tests.records import play, record, won
from tests.web.test_paper_forms import scored

TO_30 = {"preset": "muggins", "target": 30}


def text(response) -> str:
    assert response.status_code in (200, 422), response.status_code
    return html.unescape(shown(response.get_data(as_text=True)))


def test_a_side_of_two_wins_in_the_plural(client):
    pair = create(client, won("Ann Bo Cy Di"))
    assert "Ann + Cy win!" in text(client.get(f"/matches/{pair}"))
    alone = create(client, won("Ann Bo"))
    assert "Ann wins!" in text(client.get(f"/matches/{alone}"))
    french = text(client.get(f"/matches/{pair}", headers={"Accept-Language": "fr"}))
    assert "Ann + Cy gagnent\u202f!" in french


def test_a_match_won_on_a_hand_scored_on_paper_says_so(client):
    match_id = create(client, record(TO_30, ["Ann", "Bo"]))
    assert scored(client, match_id, 1, "35", "10").status_code == 303
    page = text(client.get(f"/matches/{match_id}"))
    screen = page[page.index('<section class="winner-screen">') :]
    screen = screen[: screen.index("</section>")]  # not the words the page keeps for the phone
    assert "Won on hand 1, scored on paper: +35." in screen
    assert "settlement" not in screen


def test_the_french_banner_of_a_hand_on_paper_has_the_catalogs_colon(client):
    match_id = create(client, record({"preset": "muggins", "target": 100}, ["Ann", "Bo"]))
    assert scored(client, match_id, 1, "25", "10").status_code == 303
    page = text(client.get(f"/matches/{match_id}", headers={"Accept-Language": "fr"}))
    assert re.search(r"Donne 1\u202f:", page) and not re.search(r"(Manche|Donne) 1:", page)


def test_the_grid_asks_for_the_tile_one_player_holds(client):
    rules = {"preset": "all-fives", "hand_size": 2, "boneyard_reserve": 22}
    passes = [{"player": name, "pass": True} for name in ("Bo", "Cy", "Ann")]
    blocked = {"events": [play("Ann", "6-6"), *passes]}
    match_id = create(client, record(rules, ["Ann", "Bo", "Cy"], blocked))
    page = text(client.get(f"/matches/{match_id}"))
    assert "Tick the tile Ann holds:" in page and "Tick the 2 tiles Bo holds:" in page
    assert "Tick the 1 tile" not in page
    singular = {"da": "Sæt kryds ved den brik, Ann har:", "sv": "Bocka för brickan Ann har:",
                "fr": "Cochez le domino de"}  # fmt: skip
    for language, one in singular.items():
        page = text(client.get(f"/matches/{match_id}", headers={"Accept-Language": language}))
        assert one in page, language


def test_a_stopped_match_waiting_for_the_admin_says_when_its_hands_count(client):
    match_id = create(client, record(TO_30, ["Ann", "Bo"]))
    assert scored(client, match_id, 1, "20", "10").status_code == 303  # a hand on paper
    asked = text(client.get(f"/matches/{match_id}/stop"))
    assert "Its hands count in the figures once the club admin accepts it" in asked
    assert "and its hands count in the figures." not in asked
    version = client.get(f"/api/matches/{match_id}").get_json()["version"]
    assert (
        client.post(f"/matches/{match_id}/stop", data={"version": str(version)}).status_code == 303
    )
    assert client.get(f"/api/matches/{match_id}").get_json()["stopped"]
    players = client.get("/players").get_data(as_text=True)
    ann = re.search(r'href="/players/(\d+)"[^>]*>(<bdi>)?Ann', players).group(1)
    page = text(client.get(f"/players/{ann}"))
    assert "1 match is not in these figures yet: it waits for the club admin" in page
