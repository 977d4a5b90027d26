"""The fuzzed inputs against the real server process (waitress, real SQLite file): junk API
entries, raw bytes to every route that takes a body, and every value that once broke the server
in every query field of every page."""

import urllib.error
import urllib.parse
import urllib.request

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant import create_app
from tests.fuzzing import BOUNDARY, ROUTE_FIELDS, junk
from tests.live_server import call
from tests.records import a_match

LIVE = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # the answer itself (303 and its Location) is what the test looks at


OPENER = urllib.request.build_opener(NoRedirect)


def status_of(request: urllib.request.Request) -> tuple[int, dict]:
    try:
        with OPENER.open(request, timeout=10) as response:
            return response.status, dict(response.headers)
    except urllib.error.HTTPError as error:
        with error:
            return error.code, dict(error.headers)


def raw_post(url: str, data: bytes, content_type: str) -> int:
    request = urllib.request.Request(url, data=data, method="POST")
    request.add_header("Content-Type", content_type)
    return status_of(request)[0]


@pytest.fixture(scope="module")
def routes(tmp_path_factory) -> list[tuple[str, str, object]]:
    """(endpoint, method, rule) of every route of the app."""
    path = tmp_path_factory.mktemp("routes") / "routes.sqlite"
    app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "r"})
    return [
        (rule.endpoint, method, rule)
        for rule in app.url_map.iter_rules()
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"})
    ]


def address(rule, match_id: int) -> str:
    values = {name: match_id if name.endswith("_id") else "da" for name in rule.arguments}
    return rule.build(values, append_unknown=False)[1]


@LIVE
@given(body=junk)
def test_junk_entries_against_the_live_server(live_server, body):
    record, steps = a_match(seed=9)
    status, created = call(live_server.url + "/api/matches", record)
    url = f"{live_server.url}/api/matches/{created['id']}"
    status, answer = call(url + "/events", body)
    assert 400 <= status < 500 and isinstance(answer["error"], str)
    assert call(url, method="GET")[1]["version"] == 1


@LIVE
@given(raw=st.binary(max_size=300), kind=st.sampled_from(["application/json", "text/html"]))
def test_raw_bytes_against_the_live_server(live_server, raw, kind):
    for path in ["/api/matches", "/api/matches/1/events", "/matches/new", "/matches/import"]:
        status = raw_post(live_server.url + path, raw, kind)
        assert 200 <= status < 500, (path, status)


def test_a_huge_body_is_413(live_server):
    huge = b"[" + b"1," * (3 * 1024 * 1024) + b"1]"
    assert raw_post(live_server.url + "/api/matches", huge, "application/json") == 413


def test_every_route_with_raw_bytes_and_each_value_that_once_broke_it(live_server, routes):
    """No 5xx from the real server: every page with each value of issue 12 in every query field,
    and raw bytes (JSON or a form) to every route that takes a body."""
    record, _ = a_match(seed=9)
    match_id = call(live_server.url + "/api/matches", record)[1]["id"]
    for endpoint, method, rule in routes:
        url = live_server.url + address(rule, match_id)
        if method == "GET":
            fields = [f for f in ROUTE_FIELDS[endpoint] if ":" not in f]
            for value in BOUNDARY if fields else [""]:
                query = urllib.parse.urlencode(dict.fromkeys(fields, value))
                status, _ = status_of(urllib.request.Request(f"{url}?{query}"))
                assert status < 500, (endpoint, value, status)
        else:
            for raw, kind in [
                (b"[" * 1000 + b"]" * 1000, "application/json"),
                (b'{"version": ' + b"9" * 5000 + b"}", "application/json"),
                (
                    b"version=%C2%B2&position=99999999999999999999",
                    "application/x-www-form-urlencoded",
                ),
            ]:
                status = raw_post(url, raw, kind)
                assert status < 500, (endpoint, raw[:20], status)


@pytest.mark.parametrize("next_", ["/%09/evil.example", "/%0d%0aX-Evil:%201", "/%5cevil.example"])
def test_the_language_switch_stays_on_the_site(live_server, next_):
    status, headers = status_of(
        urllib.request.Request(f"{live_server.url}/language/da?next={next_}")
    )
    assert status == 303 and headers["Location"] in ("/", f"{live_server.url}/")
    assert "X-Evil" not in headers
