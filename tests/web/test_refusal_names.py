"""The engine names players as values; the page names them as the club calls them now and joins
them in its own language. After every player of a match is renamed, each refusal the table can
give that names players says the new names, in all four languages, with no English "and" inside
another language."""

import re
import sqlite3

import pytest

from assistant.engine import RecordError, replay
from assistant.web.base.messages import explain
from tests.clients import admin_client, create
from tests.records import blank, hand, record

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
NOW = {"Ann": "Annie", "Bo": "Bobby", "Cy": "Cyril", "Di": "Diane"}
OLD = re.compile(r"\b(Ann|Bo|Cy|Di)\b")
MUGGINS = {"preset": "muggins", "target": 100, "hand_size": 2, "boneyard_reserve": 18}

# Each a record the engine refuses, with a message that names players.
REFUSED = {
    "the wrong player": record("muggins", PLAYERS, hand("Ann 6-4", "Cy 4-1 right")),
    "the pips still needed": record(
        MUGGINS,
        PLAYERS,
        hand("Ann 5-5", "Bo 5-1 right", "Cy 1-2 right", "Di 2-0 right", "Ann 5-3 left"),
        hand("Ann 6-6"),
        partnership=True,
    ),
    "a tile in two hands": record(
        MUGGINS,
        PLAYERS,
        hand(
            "Ann 5-5",
            "Bo 5-1 right",
            "Cy 1-2 right",
            "Di 2-0 right",
            "Ann 5-3 left",
            left={"Bo": ["3-1"], "Di": ["3-1"]},
        ),  # fmt: skip
        partnership=True,
    ),
    "the match is over": record(
        {"preset": "muggins", "target": 10}, PLAYERS, hand("Ann 5-5", "Bo 6-6"), partnership=True
    ),
    "the lead passes round": record(
        {"preset": "fives-and-threes", "hand_size": 1}, PLAYERS, hand("Ann 5-5"), hand("Ann 6-6")
    ),
    "two sides on the target": record(
        "fives-and-threes", PLAYERS, {"points": {"Ann": 61, "Bo": 61}}, partnership=True
    ),
}


@pytest.fixture(scope="module")
def renamed(tmp_path_factory):
    client = admin_client(tmp_path_factory.mktemp("names"))
    create(client, blank(REFUSED["the wrong player"]))
    with sqlite3.connect(client.application.config["DATABASE"]) as db:
        ids = dict(db.execute("SELECT name, id FROM players").fetchall())
    for old, new in NOW.items():
        response = client.post(f"/players/{ids[old]}/rename", data={"name": new})
        assert response.status_code == 303
    return client.application


def refusal(name: str) -> RecordError:
    with pytest.raises(RecordError) as refused:
        replay(REFUSED[name])
    return refused.value


@pytest.mark.parametrize("language", ["en", "da", "sv", "fr"])
@pytest.mark.parametrize("name", list(REFUSED))
def test_a_refusal_names_the_players_as_the_club_does_now(renamed, name, language):
    error = refusal(name)
    with renamed.test_request_context(headers={"Accept-Language": language}):
        said = explain(error, where=True)
    assert not OLD.search(said), said
    assert any(new in said for new in NOW.values()), said
    if language != "en":
        assert " and " not in said, said


def test_a_list_of_players_is_joined_in_the_page_language(renamed):
    error = refusal("the pips still needed")
    assert list(error.params["players"]) == ["Bo", "Di"]  # values, not English text
    joined = {}
    for language in ("en", "da", "sv", "fr"):
        with renamed.test_request_context(headers={"Accept-Language": language}):
            joined[language] = explain(error)
    assert "Bobby and Diane" in joined["en"]
    assert "Bobby og Diane" in joined["da"]
    assert "Bobby och Diane" in joined["sv"]
    assert "Bobby et Diane" in joined["fr"]


def test_a_side_is_named_by_its_players_now():
    error = refusal("two sides on the target")
    assert [list(side) for side in error.params["sides"]] == [["Ann", "Cy"], ["Bo", "Di"]]
    assert "Ann + Cy and Bo + Di would all be on the target of 61" in str(error)
