"""A few of the fuzzed inputs against the real server process (waitress, real SQLite file)."""

import urllib.error
import urllib.request

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import a_match, call, junk

LIVE = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def raw_post(url: str, data: bytes, content_type: str) -> int:
    request = urllib.request.Request(url, data=data, method="POST")
    request.add_header("Content-Type", content_type)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        error.close()
        return error.code


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
