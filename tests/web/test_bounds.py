"""Issue 12's inputs, each once a 500 or worse, now a 4xx with a sentence that changes nothing:
numbers int() cannot read or SQLite cannot hold, JSON nested 1,000 deep, a lone surrogate, a
target of 10^30, the 2 MB request of 30,000 hands, names past the engine's limit; and the sizes
each kind of route takes (assistant/web/base/bounds.py)."""

import io
import json

import pytest

from assistant.engine.limits import MAX_HANDS, MAX_NAME
from assistant.web.base import bounds
from tests.clients import FormClient, app_with_admin, post_json
from tests.database import database_rows
from tests.records import a_match

PASSWORD = "bounds and limits"
DEEP = "[" * 1000 + "]" * 1000
LONG = "9" * 5000  # past int()'s 4,300 digits
BIG = str(2**63)  # past SQLite's integers


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    return app_with_admin(tmp_path_factory.mktemp("bounds"), PASSWORD)


@pytest.fixture(scope="module")
def client(app):
    app.test_client_class = FormClient
    phone = app.test_client()
    assert phone.post("/admin/login", data={"password": PASSWORD}).status_code == 303
    return phone  # the admin: every route answers them, so each bound is reached


@pytest.fixture(scope="module")
def match(client) -> dict:
    """A match three entries in: its id, players and version."""
    record, steps = a_match(seed=7)
    body = post_json(client, "/api/matches", record).get_json()
    version = body["version"]
    for entry in steps[:3]:
        answer = post_json(
            client, f"/api/matches/{body['id']}/events", entry | {"version": version}
        )
        version = answer.get_json()["version"]
    return {"id": body["id"], "players": record["players"], "version": version}


def refused(app, send, status: int, sentence: str):
    """`send()` is answered `status` with `sentence` in it, and the database is as it was."""
    before = database_rows(app.config["DATABASE"])
    response = send()
    text = response.get_data(as_text=True).replace("&#39;", "'")
    assert response.status_code == status, text[:300]
    assert sentence in text
    assert database_rows(app.config["DATABASE"]) == before
    return response


# -- numbers from forms and queries -------------------------------------------------------------


@pytest.mark.parametrize("value", ["²", LONG, "-1", "0", "١"])
def test_page_numbers(app, client, value):
    sentence = "The page is a whole number from 1 to 100000."
    refused(app, lambda: client.get("/history", query_string={"page": value}), 400, sentence)
    refused(app, lambda: client.get("/leaderboard", query_string={"page": value}), 400, sentence)


def test_a_leaderboard_page_past_sqlite(app, client):
    sentence = "The page is a whole number from 1 to 100000."
    refused(app, lambda: client.get("/leaderboard", query_string={"page": BIG}), 400, sentence)


@pytest.mark.parametrize("value", ["²", LONG, BIG, "-1"])
def test_the_replay_step(app, client, match, value):
    url = f"/history/{match['id']}/replay"
    sentence = "The step is a whole number from 0 to 100000."
    refused(app, lambda: client.get(url, query_string={"step": value}), 400, sentence)


@pytest.mark.parametrize("value", ["²", LONG, BIG, "0", " "])
def test_the_version_a_tap_carries(app, client, match, value):
    url = f"/matches/{match['id']}/draw"
    sentence = "The form is missing the match's version: reload the page."
    refused(app, lambda: client.post(url, data={"version": value}), 400, sentence)


@pytest.mark.parametrize("value", ["²", LONG, BIG, "0"])
def test_the_position_of_a_correction(app, client, match, value):
    url = f"/matches/{match['id']}/correct"
    form = {"version": match["version"], "position": value, "draw": "1"}
    refused(app, lambda: client.post(url, data=form), 400, "Say which entry to correct.")


@pytest.mark.parametrize("value", ["²", LONG, "999999"])
def test_pips_typed_get_the_engines_sentence(app, client, match, value):
    url = f"/matches/{match['id']}/left"
    form = {"version": match["version"], f"pips:{match['players'][0]}": value}
    sentence = "There is no ended hand to settle"  # the engine judges, as for any pips
    refused(app, lambda: client.post(url, data=form), 422, sentence)
    preview = client.post(url + "/preview", data=form)
    assert preview.status_code == 200


@pytest.mark.parametrize("value", ["²", LONG, BIG])
def test_a_seat_move(client, value):
    form = {"player": ["Ann", "Bo"], "move": f"{value}:down"}
    response = client.post("/matches/new", data=form)
    assert response.status_code == 200  # the form again, nobody moved
    page = response.get_data(as_text=True)
    assert page.index('value="Ann"') < page.index('value="Bo"')


@pytest.mark.parametrize(
    ("field", "value", "sentence"),
    [
        ("target", "²", "Target must be a whole number from 1 to 10000."),
        ("target", str(10**30), "Target must be a whole number from 1 to 10000."),
        ("target", LONG, "Target must be a whole number from 1 to 10000."),
        ("hand_size", BIG, "Tiles per hand must be a whole number from 1 to 28."),
        (
            "boneyard_reserve",
            "²",
            "Tiles left in the boneyard must be a whole number from 0 to 28.",
        ),
    ],
)
def test_the_new_match_numbers(app, client, field, value, sentence):
    form = {"player": ["Ann", "Bo"], field: value, "create": "1"}
    refused(app, lambda: client.post("/matches/new", data=form), 422, sentence)


@pytest.mark.parametrize("field", ["source", "target"])
@pytest.mark.parametrize("value", ["²", LONG, BIG])
def test_merging_players(app, client, field, value):
    form = {"source": "1", "target": "2"} | {field: value}
    send = lambda: client.post("/players/merge", data=form)  # noqa: E731
    refused(app, send, 422, "Pick the two players to merge.")


@pytest.mark.parametrize("path", ["/players/{}", "/matches/{}", "/history/{}", "/api/matches/{}"])
def test_ids_past_sqlite_are_not_found(client, path):
    for number in [BIG, "9" * 30, "²"]:
        assert client.get(path.format(number)).status_code == 404


def test_renaming_a_player_past_sqlite_is_not_found(app, client):
    send = lambda: client.post(f"/players/{BIG}/rename", data={"name": "Ann"})  # noqa: E731
    refused(app, send, 404, "Not found")


def test_the_admin_editor_version(app, client, match):
    url = f"/history/{match['id']}/edit"
    record = client.get(f"/api/matches/{match['id']}").get_json()["record"]
    form = {"version": BIG + "0", "record": json.dumps(record)}
    sentence = "The form is missing the match's version: reload the page."
    refused(app, lambda: client.post(url, data=form), 422, sentence)


# -- JSON -----------------------------------------------------------------------------------------


def raw_json(client, path: str, text: str):
    return client.post(path, data=text.encode(), content_type="application/json")


@pytest.mark.parametrize("path", ["/api/matches", "/api/matches/{}/events", "/api/matches/{}/undo"])
def test_json_nested_1000_deep_is_a_400_with_a_sentence(app, client, match, path):
    url = path.format(match["id"])
    sentence = "This JSON nests more than 20 levels deep."
    refused(app, lambda: raw_json(client, url, DEEP), 400, sentence)
    refused(app, lambda: raw_json(client, url, '{"a":' * 1000 + "1" + "}" * 1000), 400, sentence)


def test_json_nested_30_deep_inside_a_record_is_refused(app, client):
    record, _ = a_match(seed=3)
    record["notes"] = json.loads("[" * 30 + "]" * 30)
    sentence = "This JSON nests more than 20 levels deep."
    refused(app, lambda: post_json(client, "/api/matches", record), 400, sentence)


@pytest.mark.parametrize(
    "text",
    [
        '{"version": ' + LONG + ', "draw": 1}',
        '{"version": NaN, "draw": 1}',
        '{"version": 1, "play": "\\ud800"}',
    ],
    ids=["5000-digit number", "NaN", "lone surrogate"],
)
def test_json_we_do_not_take(app, client, match, text):
    url = f"/api/matches/{match['id']}/events"
    refused(app, lambda: raw_json(client, url, text), 400, "This is not valid JSON")


@pytest.mark.parametrize("where", ["players", "notes"])
def test_a_lone_surrogate_in_a_record(app, client, where):
    record, _ = a_match(seed=3)
    text = json.dumps(record)
    if where == "players":
        text = text.replace(json.dumps(record["players"][0]), '"\\udc00"')
    else:
        text = text[:-1] + ', "notes": "\\ud800"}'
    refused(app, lambda: raw_json(client, "/api/matches", text), 400, "This is not valid JSON")
    upload = {"record": (io.BytesIO(text.encode()), "match.json")}
    send = lambda: client.post("/matches/import", data=upload)  # noqa: E731
    refused(app, send, 422, "This file is not a match record: it is not JSON.")


@pytest.mark.parametrize("value", [2**63, 2**64, 0, -1, True, 1.0, "1"])
def test_api_versions_and_positions_are_bounded_whole_numbers(app, client, match, value):
    base = f"/api/matches/{match['id']}"
    sentence = "The body must carry the match's version as a whole number."
    body = {"version": value, "draw": 1}
    refused(app, lambda: post_json(client, base + "/events", body), 400, sentence)
    refused(app, lambda: post_json(client, base + "/undo", {"version": value}), 400, sentence)
    body = {"version": match["version"], "position": value, "draw": 1}
    sentence = "The body must say which event to correct, as a whole number from 1 to 10000."
    refused(app, lambda: post_json(client, base + "/correct", body), 400, sentence)


def test_the_table_import_of_a_record_nested_deep_or_with_a_huge_number(app, client):
    for text, sentence in [
        (DEEP, "This JSON nests more than 20 levels deep."),
        ('{"format": ' + LONG + "}", "This file is not a match record: it is not JSON."),
    ]:
        upload = {"record": (io.BytesIO(text.encode()), "match.json")}
        send = lambda upload=upload: client.post("/matches/import", data=upload)  # noqa: E731
        refused(app, send, 422, sentence)


@pytest.mark.parametrize(
    ("target", "sentence"),
    [
        (10**30, "target must be a whole number, not 1e+30"),  # past 64 bits: JSON reads a float
        (10**15, "the target must be from 1 to 10000 points"),
    ],
)
def test_a_huge_target_is_refused_by_the_engine(app, client, target, sentence):
    record, _ = a_match(seed=3)
    record["rules"] = {"preset": "all-fives", "target": target}
    refused(app, lambda: post_json(client, "/api/matches", record), 422, sentence)


# -- the 2 MB request of 30,000 hands ----------------------------------------------------------


def record_with_hands(count: int) -> dict:
    record, steps = a_match(seed=5)
    hand = {"events": steps[:2]}
    return record | {"hands": [hand] * count}


def test_a_2_mb_request_of_30000_hands_is_refused_before_it_is_read(app, client):
    body = json.dumps(record_with_hands(30_000))
    assert len(body) > 2_000_000
    refused(app, lambda: raw_json(client, "/api/matches", body), 413, "too big")


def test_201_hands_within_the_size_limit_get_the_engines_sentence(app, client):
    body = json.dumps(record_with_hands(MAX_HANDS + 1))
    assert len(body) < bounds.JSON_BODY
    sentence = f"a match has at most {MAX_HANDS} hands, not {MAX_HANDS + 1}"
    refused(app, lambda: raw_json(client, "/api/matches", body), 422, sentence)


# -- sizes per kind of route --------------------------------------------------------------------


def test_a_tap_takes_a_form_not_a_megabyte(app, client, match):
    form = {"version": match["version"], "tile": "x" * (bounds.FORM + 1)}
    send = lambda: client.post(f"/matches/{match['id']}/play", data=form)  # noqa: E731
    refused(app, send, 413, "That is too big to send here.")


def test_an_api_body_takes_a_whole_record_but_not_more(app, client):
    record, _ = a_match(seed=3)
    record["notes"] = "n" * (bounds.FORM * 2)  # more than a form, well within a body
    assert post_json(client, "/api/matches", record).status_code == 201
    record["notes"] = "n" * bounds.JSON_BODY
    refused(app, lambda: post_json(client, "/api/matches", record), 413, "too big")


def test_the_table_import_takes_one_record(app, client):
    part = b'--B\r\nContent-Disposition: form-data; name="record"; filename="m.json"\r\n\r\n'
    body = part + b" " * bounds.RECORD_FILE + b"\r\n--B--\r\n"
    kind = "multipart/form-data; boundary=B"
    send = lambda: client.post("/matches/import", data=body, content_type=kind)  # noqa: E731
    refused(app, send, 413, "too big")


# -- names ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["x" * (MAX_NAME + 1), "A" * 5000])
def test_names_past_the_engines_limit_in_every_form(app, client, name):
    sentence = f"has at most {MAX_NAME} characters"
    send = lambda: client.post("/matches/new", data={"player": [name, "Bo"], "create": "1"})  # noqa: E731
    refused(app, send, 422, sentence)
    refused(app, lambda: client.post("/players", data={"name": name}), 422, sentence)
    client.post("/players", data={"name": "Renamed Later"})
    players = client.get("/players").get_data(as_text=True)
    assert "Renamed Later" in players
    player_id = database_rows(app.config["DATABASE"])["players"][-1][0]
    send = lambda: client.post(f"/players/{player_id}/rename", data={"name": name})  # noqa: E731
    refused(app, send, 422, sentence)


def test_a_control_character_in_a_typed_name(app, client):
    sentence = "A name cannot hold a control character."
    refused(app, lambda: client.post("/players", data={"name": "Ann\x07"}), 422, sentence)
    send = lambda: client.post("/matches/new", data={"player": ["Ann\x07", "Bo"], "create": "1"})  # noqa: E731
    refused(app, send, 422, "it holds a control character")


def test_the_forms_say_the_limit_to_the_browser(client):
    for path in ["/players", "/matches/new"]:
        assert f'maxlength="{MAX_NAME}"' in client.get(path).get_data(as_text=True)


# -- the one number helper ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7", 7),
        (" 12 ", 12),
        ("010", 10),
        ("0010", None),  # more digits than 100 has
        ("²", None),
        ("١", None),
        ("1e3", None),
        ("-3", None),
        ("+3", None),
        ("", None),
        (None, None),
        (LONG, None),
        ("101", None),
    ],
)
def test_whole_number_reads_ascii_digits_within_its_range(text, expected):
    assert bounds.whole_number(text, 0, 100) == expected
