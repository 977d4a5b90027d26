"""Bad input, fuzzed with hypothesis through the Flask test client on a real SQLite file: every
form field and API body, junk of every type, names full of HTML, broken match records on import.
The app answers 2xx, 3xx or 4xx with a message, never 5xx (TESTING re-raises any crash); a
refused entry leaves the stored match as it was; names are always escaped."""

import io
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant import create_app
from assistant.engine import add_entry, replay
from tests.helpers import (
    MARKERS,
    FormClient,
    a_match,
    form_values,
    junk,
    post_json,
    texts,
)

FUZZ = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    path = tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite"
    return create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "fuzz"})


@pytest.fixture(scope="module")
def client(app):
    app.test_client_class = FormClient
    return app.test_client()


def snapshot(client, match_id) -> dict:
    response = client.get(f"/api/matches/{match_id}")
    assert response.status_code == 200
    return response.get_json()


SPARE: dict = {}


def in_progress(client, entered: int = 3) -> tuple[int, list[dict]]:
    """A match a few entries in, and the entries still to come: the one from the example
    before when nothing changed it (refused entries leave it as it was), else a new one."""
    spare = SPARE.get(id(client))
    if spare and snapshot(client, spare[0])["version"] == spare[2]:
        return spare[0], spare[1]
    match_id, steps = _new_in_progress(client, entered)
    SPARE[id(client)] = (match_id, steps, snapshot(client, match_id)["version"])
    return match_id, steps


def _new_in_progress(client, entered: int) -> tuple[int, list[dict]]:
    record, steps = a_match(seed=7)
    body = post_json(client, "/api/matches", record).get_json()
    version = body["version"]
    for entry in steps[:entered]:
        version = post_json(
            client, f"/api/matches/{body['id']}/events", entry | {"version": version}
        )
        version = version.get_json()["version"]
    return body["id"], steps[entered:]


def assert_not_5xx(response) -> None:
    assert response.status_code < 500, response.get_data(as_text=True)[:500]


def assert_escaped(html: str) -> None:
    for marker in MARKERS:
        assert marker not in html


# -- the JSON API -----------------------------------------------------------------------------


@FUZZ
@given(body=junk, version_right=st.booleans(), extra=st.dictionaries(texts, junk, max_size=3))
def test_api_entries_never_crash_and_a_refusal_changes_nothing(client, body, version_right, extra):
    match_id, _ = in_progress(client)
    before = snapshot(client, match_id)
    if isinstance(body, dict):
        body = body | extra
        if version_right:
            body["version"] = before["version"]
    for path in ["events", "undo"]:
        response = post_json(client, f"/api/matches/{match_id}/{path}", body)
        assert_not_5xx(response)
        if response.status_code >= 400:
            assert isinstance(response.get_json()["error"], str)
            assert snapshot(client, match_id) == before
        else:
            replay(snapshot(client, match_id)["record"])
            return


@FUZZ
@given(
    field=st.sampled_from(["player", "play", "end", "draw", "pass", "left", "version"]),
    value=junk,
)
def test_api_one_wrong_field_in_a_legal_entry(client, field, value):
    match_id, steps = in_progress(client)
    before = snapshot(client, match_id)
    body = steps[0] | {"version": before["version"], field: value}
    response = post_json(client, f"/api/matches/{match_id}/events", body)
    assert_not_5xx(response)
    if response.status_code != 200:
        assert snapshot(client, match_id) == before


@FUZZ
@given(record=junk)
def test_api_create_with_any_json(client, record):
    response = post_json(client, "/api/matches", record)
    assert_not_5xx(response)
    if response.status_code == 201:
        replay(snapshot(client, response.get_json()["id"])["record"])


@FUZZ
@given(raw=st.binary(max_size=200), path=st.sampled_from(["", "/1/events", "/1/undo"]))
def test_api_raw_bytes_as_json(client, raw, path):
    response = client.post("/api/matches" + path, data=raw, content_type="application/json")
    assert_not_5xx(response)


# -- import -----------------------------------------------------------------------------------


def _paths(node, path=()):
    """Every place in a JSON tree, as the keys that lead to it."""
    yield path
    if isinstance(node, dict | list):
        for key, child in node.items() if isinstance(node, dict) else enumerate(node):
            yield from _paths(child, (*path, key))


@st.composite
def poked(draw, record: dict) -> str:
    """The record with one value somewhere replaced by junk, or one key deleted."""
    copy = json.loads(json.dumps(record))
    path = draw(st.sampled_from([p for p in _paths(copy) if p]))
    parent = copy
    for key in path[:-1]:
        parent = parent[key]
    if isinstance(parent, dict) and draw(st.booleans()):
        del parent[path[-1]]
    else:
        parent[path[-1]] = draw(junk)
    return json.dumps(copy)


def mutations(record: dict):
    text = json.dumps(record)
    truncate = st.integers(min_value=0, max_value=len(text) - 1).map(lambda n: text[:n])
    return st.one_of(truncate, poked(record))


def _record_after(entries: int) -> dict:
    record, steps = a_match(seed=11)
    for entry in steps[:entries]:
        record = add_entry(record, entry)[0]
    return record


RECORD = _record_after(8)


@FUZZ
@given(text=mutations(RECORD), names=st.lists(texts, min_size=2, max_size=4))
def test_import_of_truncated_and_mutated_records(client, text, names):
    if '"players"' in text and len(set(names)) == len(names):
        text = text.replace(json.dumps(RECORD["players"]), json.dumps(names))
    upload = {"record": (io.BytesIO(text.encode()), "match.json")}
    response = client.post("/matches/import", data=upload, content_type="multipart/form-data")
    assert_not_5xx(response)
    assert response.status_code in (303, 422)
    if response.status_code == 422:
        assert "match record" in response.get_data(as_text=True)
    else:
        page = client.get(response.headers["Location"])
        assert page.status_code == 200
        assert_escaped(page.get_data(as_text=True))


def test_import_of_random_bytes_and_no_file(client):
    rng = random.Random(5)
    for size in [0, 1, 10, 1000]:
        raw = bytes(rng.randrange(256) for _ in range(size))
        upload = {"record": (io.BytesIO(raw), "x.json")}
        response = client.post("/matches/import", data=upload, content_type="multipart/form-data")
        assert response.status_code == 422
    assert client.post("/matches/import", data={}).status_code == 422


# -- the forms --------------------------------------------------------------------------------


@FUZZ
@given(
    players=st.lists(texts, max_size=6),
    fields=st.dictionaries(
        st.sampled_from(
            [
                "preset",
                "partnership",
                "target",
                "hand_size",
                "leader",
                "move",
                "target_default",
                "hand_size_default",
                "spinner_count",
                "layout",
                "boneyard_reserve",
                "block_scoring",
                "exact_target",
                "create",
            ]
        ),
        form_values,
    ),
    create=st.booleans(),
)
def test_new_match_form(client, players, fields, create):
    form = {"player": players} | fields | ({"create": "1"} if create else {})
    response = client.post("/matches/new", data=form)
    assert_not_5xx(response)
    assert response.status_code in (200, 303, 422)
    if response.status_code == 303:
        page = client.get(response.headers["Location"]).get_data(as_text=True)
        assert_escaped(page)
        assert_escaped(client.get("/").get_data(as_text=True))
    else:
        assert_escaped(response.get_data(as_text=True))


TABLE_POSTS = ["play", "draw", "pass", "undo", "leader", "left", "left/preview", "rematch"]


@FUZZ
@given(
    action=st.sampled_from(TABLE_POSTS),
    fields=st.dictionaries(
        st.sampled_from(["version", "tile", "end", "leader", "pips:X", "tiles:X", "pips:Ann"]),
        form_values,
    ),
    version_right=st.booleans(),
    htmx=st.booleans(),
)
def test_table_forms(client, action, fields, version_right, htmx):
    match_id, _ = in_progress(client)
    before = snapshot(client, match_id)
    if version_right:
        fields = fields | {"version": str(before["version"])}
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.post(f"/matches/{match_id}/{action}", data=fields, headers=headers)
    assert_not_5xx(response)
    assert_escaped(response.get_data(as_text=True))
    if response.status_code >= 400 or action in ("left/preview", "rematch"):
        assert snapshot(client, match_id) == before
    if response.status_code in (409, 422):
        assert 'role="alert"' in response.get_data(as_text=True)


@pytest.fixture(scope="module", autouse=True)
def a_match_to_look_at(client):
    in_progress(client)


@FUZZ
@given(tile=texts, match=st.sampled_from(["1", "0", "999999", "-1", "x", "1" * 40]))
def test_table_page_query_and_ids(client, tile, match):
    response = client.get(f"/matches/{match}", query_string={"tile": tile})
    assert_not_5xx(response)
    response = client.get(f"/api/matches/{match}")
    assert_not_5xx(response)


def test_names_full_of_html_are_escaped_everywhere(client):
    players = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "Bo"]
    response = client.post("/matches/new", data={"player": players, "create": "1"})
    assert response.status_code == 303
    for path in [response.headers["Location"], "/", "/matches/new"]:
        html = client.get(path).get_data(as_text=True)
        assert_escaped(html)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in client.get("/").get_data(as_text=True)


def test_an_unhashable_player_is_refused_not_a_crash(client):
    match_id, steps = in_progress(client)
    before = snapshot(client, match_id)
    body = steps[0] | {"version": before["version"], "player": []}
    response = post_json(client, f"/api/matches/{match_id}/events", body)
    assert response.status_code == 422
