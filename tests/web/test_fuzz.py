"""Bad input, fuzzed with hypothesis through the Flask test client on a real SQLite file: every
route of the app (its url_map, so a new route cannot be forgotten) with every form field, query
parameter and API body it reads, junk of every type, names full of HTML, broken match records on
import. The app answers 2xx, 3xx or 4xx with a message, never 5xx (TESTING re-raises any crash);
a refused request leaves the database as it was; names are always escaped."""

import io
import json
import random
import re
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.engine import add_entry, read_entry, replay
from assistant.web.base.bounds import MAX_ID, IdConverter
from tests.clients import FormClient, app_with_admin, post_json
from tests.database import database_rows
from tests.fuzzing import (
    BOUNDARY,
    HISTORY_FILTER,
    MARKERS,
    NEW_MATCH_FIELDS,
    ROUTE_FIELDS,
    form_values,
    junk,
    texts,
)
from tests.paths import TEMPLATES
from tests.records import a_match

PASSWORD = "fuzzing the admin"

FUZZ = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    app = app_with_admin(tmp_path_factory.mktemp("fuzz"), PASSWORD)
    app.extensions["admin_logins"].limit = 10**9  # the fuzzer logs in and out at will
    return app


@pytest.fixture(scope="module")
def client(app):
    app.test_client_class = FormClient
    return app.test_client()


@pytest.fixture(autouse=True)
def in_english(client, request):
    """The route fuzzer may switch the shared phones' language (its cookie); every test starts
    in English, whatever ran before it."""
    client.delete_cookie("lang")
    if "admin" in request.fixturenames:
        request.getfixturevalue("admin").delete_cookie("lang")


def snapshot(client, match_id) -> dict:
    response = client.get(f"/api/matches/{match_id}")
    assert response.status_code == 200
    return response.get_json()


SPARE: dict = {}


def in_progress(client, entered: int = 3) -> tuple[int, list[dict]]:
    """A match a few entries in, and the entries still to come: the one from the example
    before when nothing changed it (refused entries leave it as it was), else a new one."""
    spare = SPARE.get(id(client))
    if spare:
        kept = client.get(f"/api/matches/{spare[0]}")  # deleted by the admin, or changed?
        if kept.status_code == 200 and kept.get_json()["version"] == spare[2]:
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
        record = add_entry(record, read_entry(entry))[0]
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
    assert "is not a player in this match" in response.get_json()["error"]
    assert snapshot(client, match_id) == before


# -- every route ------------------------------------------------------------------------------

ROUTE_FUZZ = settings(FUZZ, max_examples=8)  # per route: about 50 routes, 400 examples


def _rules(app, endpoint: str) -> list[tuple[str, object]]:
    """(method, rule) for each way the app answers at `endpoint`."""
    return [
        (method, rule)
        for rule in app.url_map.iter_rules(endpoint)
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"})
    ]


def test_every_route_is_in_the_fuzzing_table(app):
    missing = {rule.endpoint for rule in app.url_map.iter_rules()} - set(ROUTE_FIELDS)
    assert not missing, f"add what these routes read to ROUTE_FIELDS in tests/fuzzing.py: {missing}"


# A tag's attributes, Jinja's {{ … }} and {% … %} among them, each read one way only (a lazy
# `.*?` inside a lazy repetition tried every way to split a tag that has no name).
FIELD = re.compile(
    r"<(?:input|select|textarea|button)\b"
    r"(?:[^>{]|\{\{(?:(?!\}\}).)*\}\}|\{%(?:(?!%\}).)*%\})*?\bname=\"([^\"]*)\"",
    re.S,
)
FORM = re.compile(r"<form\b[^>]*?action=\"\{\{ url_for\('([\w.]+)'.*?</form>", re.S)
HIDDEN = re.compile(r"(?:hidden|ask) ?= ?\{([^}]*)\}")
# Fields whose name a template takes from Python: where the names come from.
DYNAMIC = {
    "table/_hidden.html": "the keys of every `hidden` and `ask` dict the templates pass",
    "new/_form.html": "newmatch.ADVANCED",
    "history/_exports.html": "the history's filter (HISTORY_FILTER)",
    "table/_later_end.html": "the change's own form, sent again with the end asked",
}


def _field_name(name: str) -> str:
    """A field as ROUTE_FIELDS writes it: "pips:{{ player }}" is "pips:*"."""
    return re.sub(r"\{\{.*?\}\}", "*", name)


def _listed(fields) -> set[str]:
    return {f if f.endswith(":*") else f.partition(":")[0] for f in fields}


def test_every_field_of_every_form_is_in_the_fuzzing_table():
    """Each field a template's forms send is listed for the route its form posts to (and a
    field of a form whose address is made elsewhere, for some route), so a new field fails here
    until it is listed in ROUTE_FIELDS, and is then fuzzed."""
    from assistant.web.home.newmatch import ADVANCED

    every = _listed(f for fields in ROUTE_FIELDS.values() for f in fields) | {"csrf_token"}
    unlisted = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        where = str(path.relative_to(TEMPLATES))
        html = path.read_text()
        for form in FORM.finditer(html):
            listed = _listed(ROUTE_FIELDS[form.group(1)]) | {"csrf_token"}
            for name in FIELD.findall(form.group(0)):
                if "*" != _field_name(name) not in listed:
                    unlisted.append(f"{where}: {name} (for {form.group(1)})")
        for name in FIELD.findall(html):
            field = _field_name(name)
            if field == "*":
                assert where in DYNAMIC, f"{where}: a field named by {name}: add it to DYNAMIC"
            elif field not in every:
                unlisted.append(f"{where}: {name}")
        for keys in HIDDEN.findall(html):
            unlisted += [f"{where}: {k}" for k in re.findall(r'"(\w+)": ', keys) if k not in every]
    unlisted += [f"new/_form.html: {name}" for name in ADVANCED if name not in NEW_MATCH_FIELDS]
    unlisted += [f"history/_exports.html: {n}" for n in HISTORY_FILTER if n not in every]
    assert not unlisted, "add these fields to ROUTE_FIELDS in tests/fuzzing.py:\n" + "\n".join(
        unlisted
    )


@pytest.fixture(scope="module")
def admin(app, client):
    """A second phone, logged in as the club admin."""
    phone = app.test_client()
    admin_login(phone)
    return phone


def admin_login(client) -> None:
    response = client.post("/admin/login", data={"password": PASSWORD})
    assert response.status_code == 303


@st.composite
def path_values(draw, app, match_id: int, rule) -> dict:
    """A value for each part of the route's address: ids that are there and ids that are not,
    real codes and junk."""
    values = {}
    for name, converter in rule._converters.items():
        if isinstance(converter, IdConverter):
            values[name] = draw(st.sampled_from([match_id, 1, 0, 99999, MAX_ID]))
        elif rule.endpoint == "i18n.switch":
            values[name] = draw(st.sampled_from(["da", "sv", "fr", "en", "xx"]) | texts)
        elif rule.endpoint.startswith("live."):
            values[name] = draw(st.sampled_from([watch_code(app, match_id)]) | texts)
        else:
            values[name] = draw(texts | st.sampled_from(["app.css", "../secret_key", "x" * 300]))
    return values


def watch_code(app, match_id: int) -> str:
    conn = sqlite3.connect(app.config["DATABASE"])
    try:
        query = "SELECT code FROM watch_codes WHERE match_id = ?"
        return conn.execute(query, [match_id]).fetchone()[0]
    finally:
        conn.close()


def field_value(field: str, players: list[str], value, raw: bytes = b""):
    """(name, value) as the route's form, query or body carries it: "pips:*" for each player
    (one of them here), "record:file" a file upload."""
    name, _, kind = field.partition(":")
    if kind == "file":
        return name, (io.BytesIO(raw), "x.json")
    if kind == "*":
        return f"{name}:{players[0]}", value
    return name, value


def send(app, phone, endpoint, method, url, values: dict, htmx=False, body=None, admin=False):
    """One request as a phone or a program would send it; it must not be a 5xx, and when it is
    refused, or only reads, the database must be as it was."""
    headers = {"HX-Request": "true"} if htmx else {}
    before = database_rows(app.config["DATABASE"])
    if method == "GET":
        query = {k: v for k, v in values.items() if not isinstance(v, tuple)}
        response = phone.get(url, query_string=query, headers=headers)
    elif url.startswith("/api/"):
        response = post_json(phone, url, values if body is None else body)
    else:
        files = any(isinstance(v, tuple) for v in values.values())
        kind = "multipart/form-data" if files else None
        response = phone.post(url, data=values, headers=headers, content_type=kind)
    assert_not_5xx(response)
    if response.status_code >= 400 or method == "GET":  # refused, or only read
        assert database_rows(app.config["DATABASE"]) == before, (endpoint, values)
    if response.status_code >= 400 and url.startswith("/api/"):
        assert isinstance(response.get_json()["error"], str)
    response.close()
    if endpoint == "admin.logout" and admin:
        admin_login(phone)  # the admin's phone logs in again
    return response


@pytest.mark.parametrize("endpoint", sorted(ROUTE_FIELDS))
@ROUTE_FUZZ
@given(data=st.data(), as_admin=st.booleans(), htmx=st.booleans())
def test_every_route_with_anything_in_its_fields(
    app, client, admin, endpoint, data, as_admin, htmx
):
    """Each route with any of its fields, each holding anything: no 5xx, and a refused request
    changes nothing in the database."""
    method, rule = data.draw(st.sampled_from(_rules(app, endpoint)), label="method")
    match_id, _ = in_progress(client)
    current = snapshot(client, match_id)
    players = current["record"]["players"]
    url = rule.build(data.draw(path_values(app, match_id, rule)), append_unknown=False)[1]
    fields = data.draw(st.sets(st.sampled_from(ROUTE_FIELDS[endpoint] or [""]), max_size=6))
    values = {}
    for field in fields - {""}:
        value = data.draw(st.sampled_from(BOUNDARY) | form_values | st.lists(form_values))
        raw = data.draw(st.binary(max_size=200) | junk.map(lambda v: json.dumps(v).encode()))
        player = data.draw(st.sampled_from(players) | texts)
        name, value = field_value(field, [player], value, raw)
        values[name] = value
    if "version" in values and data.draw(st.booleans()):
        values["version"] = current["version"]
    body = data.draw(junk) if "record:json" in fields else None
    phone = admin if as_admin else client
    send(app, phone, endpoint, method, url, values, htmx, body, admin=as_admin)


@pytest.mark.parametrize("endpoint", sorted(ROUTE_FIELDS))
def test_every_route_with_each_value_that_once_broke_the_server(app, client, admin, endpoint):
    """Each value of issue 12 in every field of every route at once (with the right version,
    so the other fields are read), as anyone and as the admin."""
    fields = ROUTE_FIELDS[endpoint]
    phones = [client] if endpoint == "admin.login" else [client, admin]  # one is in already
    match_id, _ = in_progress(client)
    current = snapshot(client, match_id)
    for method, rule in _rules(app, endpoint):
        for value in BOUNDARY if fields else [""]:  # a route with no fields: once
            for phone in phones:
                url = rule.build(_real_path(app, current["id"], rule), append_unknown=False)[1]
                players = current["record"]["players"]
                values = dict(field_value(f, players, value, value.encode()) for f in fields)
                if "version" in values:
                    values["version"] = current["version"]
                body = {"x": value} if "record:json" in fields else None
                answer = send(
                    app, phone, endpoint, method, url, values, body=body, admin=phone is admin
                )
                if answer.status_code < 400 and method != "GET":  # taken: the match as it is now
                    kept = client.get(f"/api/matches/{current['id']}")
                    if kept.status_code == 200:
                        current = kept.get_json()
                    else:  # the admin deleted it
                        current = snapshot(client, in_progress(client)[0])


def _real_path(app, match_id: int, rule) -> dict:
    """The parts of an address that lead somewhere: the match in progress, its code."""
    values = {}
    for name, converter in rule._converters.items():
        if isinstance(converter, IdConverter):
            values[name] = match_id
        elif rule.endpoint == "i18n.switch":
            values[name] = "da"
        elif rule.endpoint.startswith("live."):
            values[name] = watch_code(app, match_id)
        else:
            values[name] = "app.css"
    return values
