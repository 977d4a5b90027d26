"""The JSON API on a real SQLite file: status codes and the record as the only truth."""

from tests.clients import create, post_json
from tests.records import example, hand, record


def new_match(client, name="spinner-lead-four-arms"):
    record = example(name)
    record["hands"] = []
    response = post_json(client, "/api/matches", record)
    assert response.status_code == 201
    return response.get_json()


def test_create_with_hands_returns_the_engine_result(client):
    response = post_json(client, "/api/matches", example("spinner-lead-four-arms"))
    assert response.status_code == 201
    body = response.get_json()
    assert body["version"] == 1
    assert body["result"]["scores"] == [25, 0]
    fetched = client.get(f"/api/matches/{body['id']}").get_json()
    assert fetched["record"] == example("spinner-lead-four-arms")
    assert fetched["result"] == body["result"]


def test_events_and_undo_bump_the_version(client):
    match = new_match(client)
    path = f"/api/matches/{match['id']}"
    state = post_json(client, f"{path}/events", {"version": 1, "player": "X", "play": "5-5"})
    assert state.status_code == 200
    assert state.get_json()["version"] == 2
    assert state.get_json()["result"]["scores"] == [10, 0]
    undone = post_json(client, f"{path}/undo", {"version": 2})
    assert undone.status_code == 200
    assert undone.get_json()["version"] == 3
    assert undone.get_json()["record"]["hands"] == []


def test_stale_version_is_409_with_the_fresh_state_and_changes_nothing(client):
    match = new_match(client)
    path = f"/api/matches/{match['id']}"
    post_json(client, f"{path}/events", {"version": 1, "player": "X", "play": "5-5"})
    stale = post_json(client, f"{path}/events", {"version": 1, "player": "X", "play": "6-6"})
    assert stale.status_code == 409
    assert stale.get_json()["version"] == 2
    assert stale.get_json()["record"]["hands"][0]["events"] == [{"player": "X", "play": "5-5"}]
    assert client.get(path).get_json()["version"] == 2


def test_broken_rule_is_422_in_words_and_changes_nothing(client):
    match = new_match(client)
    path = f"/api/matches/{match['id']}"
    post_json(client, f"{path}/events", {"version": 1, "player": "X", "play": "5-5"})
    response = post_json(client, f"{path}/events", {"version": 2, "player": "Y", "play": "4-2"})
    assert response.status_code == 422
    assert "4-2 does not fit" in response.get_json()["error"]
    assert client.get(path).get_json()["version"] == 2


def test_settlement_entry(client):
    record = example("partnership-spinner-hand")
    left = record["hands"][0].pop("left")
    created = post_json(client, "/api/matches", record).get_json()
    response = post_json(
        client, f"/api/matches/{created['id']}/events", {"version": 1, "left": left}
    )
    assert response.status_code == 200
    assert response.get_json()["result"]["scores"] == [20, 10]


def test_invalid_record_is_422(client):
    response = post_json(client, "/api/matches", example("pass-with-boneyard"))
    assert response.status_code == 422
    assert "must draw" in response.get_json()["error"]


def test_only_json_is_accepted(client):
    response = client.post("/api/matches", data="format=x")
    assert response.status_code == 415
    assert "error" in response.get_json()


def test_malformed_json_is_400_with_a_message(client):
    response = client.post("/api/matches", data="{nope", content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["error"]


def test_missing_version_is_400(client):
    match = new_match(client)
    response = post_json(
        client, f"/api/matches/{match['id']}/events", {"player": "X", "play": "5-5"}
    )
    assert response.status_code == 400


def test_unknown_match_is_404_json(client):
    assert client.get("/api/matches/99").status_code == 404
    response = post_json(client, "/api/matches/99/undo", {"version": 1})
    assert response.status_code == 404
    assert response.get_json()["error"]


def test_nothing_to_undo_is_422(client):
    match = new_match(client)
    response = post_json(client, f"/api/matches/{match['id']}/undo", {"version": 1})
    assert response.status_code == 422


def test_a_correction_names_the_end_of_a_later_tile_it_makes_fit_two(client):
    # Bo's 3-1 corrected to 4-3: Ann's 6-4 then fits left 6 and right 4, ends of different games
    played = record("muggins", "Ann Bo", hand("Ann 6-3", "Bo 3-1", "Ann 6-4", "Bo 4-2"))
    match_id = create(client, played)
    url = f"/api/matches/{match_id}/correct"
    asked = post_json(client, url, {"version": 1, "position": 2, "play": "4-3"})
    assert asked.status_code == 422
    assert "Ann's 6-4 fits more than one end: say which" in asked.get_json()["error"]
    for ends in ({"3": "middle"}, {"x": "left"}, ["left"], {"0": "left"}):
        body = {"version": 1, "position": 2, "play": "4-3", "ends": ends}
        assert post_json(client, url, body).status_code == 400
    body = {"version": 1, "position": 2, "play": "4-3", "ends": {"3": "left"}}
    saved = post_json(client, url, body)
    assert saved.status_code == 200
    assert saved.get_json()["record"]["hands"][0]["events"][2]["end"] == "left"
