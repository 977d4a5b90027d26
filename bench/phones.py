"""One phone at one table, as the benchmarks drive it: a keep-alive connection, its session
cookie, its match, and each tap sent exactly as the table's forms send it."""

import gzip
import http.client
import json
import random
import re
import time
import zlib
from urllib.parse import urlencode, urlsplit

from common import Tap, taps

from assistant.engine import entries_of
from assistant.simulate import random_match

STATIC = "/static/app.css"
BROWSER = {
    "User-Agent": "Mozilla/5.0 (Linux; Android 14) bench/tap_latency.py",
    "Accept-Encoding": "gzip, deflate, br",
    "Accept-Language": "en",
}
PATHS = {
    "leader": "leader",
    "tile": "play",
    "end": "play",
    "draw": "draw",
    "pass": "pass",
    "left": "left",
}
VERSION = re.compile(rb'name="version" value="(\d+)"')
TOKEN = re.compile(rb'name="csrf_token" value="([^"]+)"')


def _body(response: http.client.HTTPResponse) -> bytes:
    data = response.read()
    encoding = response.getheader("Content-Encoding", "")
    if encoding == "gzip":
        return gzip.decompress(data)
    if encoding == "deflate":
        return zlib.decompress(data)
    if encoding == "br":
        raise RuntimeError("brotli answer: this client cannot read it")
    return data


class Phone:
    """One phone at one table: a keep-alive connection, its session cookie, its match."""

    def __init__(self, port: int, seed: int):
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.rng = random.Random(seed)
        self.cookie = ""
        self.pending: list = []
        self.record: dict = {}

    def request(self, method: str, path: str, body=None, headers=None) -> tuple[int, dict, bytes]:
        headers = BROWSER | (headers or {})
        if self.cookie:
            headers["Cookie"] = self.cookie
        try:
            self.conn.request(method, path, body, headers)
            response = self.conn.getresponse()
        except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
            # The server closed this keep-alive connection while it sat idle (waitress's
            # channel_timeout, between two phases of a bench): a browser sends again on a new one.
            self.conn.close()
            self.conn.request(method, path, body, headers)
            response = self.conn.getresponse()
        data = _body(response)
        cookie = response.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";", 1)[0]
        return response.status, dict(response.getheaders()), data

    # -- set-up (not timed) -------------------------------------------------------------------

    def new_match(self, api: bool) -> None:
        self.record = random_match(self.rng, players=self.rng.choice([2, 3, 4]), rules="all-fives")
        body = json.dumps(self.record | {"hands": []})
        status, _headers, data = self.request(
            "POST", "/api/matches", body, {"Content-Type": "application/json"}
        )
        if status != 201:
            raise RuntimeError(f"create: {status} {data[:200]!r}")
        created = json.loads(data)
        self.id, self.version = created["id"], created["version"]
        self.url = f"http://127.0.0.1:{self.port}/matches/{self.id}"
        if api:
            self.pending = entries_of(self.record)
            return
        status, _headers, page = self.request("GET", f"/matches/{self.id}")
        if status != 200:
            raise RuntimeError(f"table: {status}")
        self.token = TOKEN.search(page).group(1).decode()
        self.pending = taps(self.record)

    # -- one timed step -----------------------------------------------------------------------

    def _htmx(self) -> dict:
        return {
            "HX-Request": "true",
            "HX-Current-URL": self.url,
            "HX-Target": "table",
            "X-CSRF-Token": self.token,
        }

    def tap(self) -> tuple[float, int]:
        """The next tap of this phone's match; returns its seconds and how many requests."""
        if not self.pending:
            self.new_match(api=False)
        tap: Tap = self.pending.pop(0)
        start = time.perf_counter()
        requests = 1
        if tap.kind == "choose":
            status, _h, data = self.request(
                "GET", f"/matches/{self.id}?tile={tap.tile}", headers=self._htmx()
            )
            expected = self.version
        else:
            form = {"csrf_token": self.token, "version": str(self.version)} | tap.fields
            body = urlencode(form, doseq=True)
            headers = self._htmx() | {"Content-Type": "application/x-www-form-urlencoded"}
            status, h, data = self.request(
                "POST", f"/matches/{self.id}/{PATHS[tap.kind]}", body, headers
            )
            if status in (302, 303):  # XMLHttpRequest follows it, with the same headers
                location = urlsplit(h["Location"])
                path = location.path + (f"?{location.query}" if location.query else "")
                status, _h, data = self.request("GET", path, headers=self._htmx())
                requests += 1
            expected = self.version + 1
        took = time.perf_counter() - start
        found = VERSION.search(data)
        if status != 200 or not found or int(found.group(1)) != expected:
            raise RuntimeError(f"{tap.kind} {tap.fields}: {status} {data[:300]!r}")
        self.version = expected
        return took, requests

    def api_entry(self) -> tuple[float, int]:
        if not self.pending:
            self.new_match(api=True)
        entry = self.pending.pop(0)
        body = json.dumps(entry | {"version": self.version})
        start = time.perf_counter()
        status, _h, data = self.request(
            "POST", f"/api/matches/{self.id}/events", body, {"Content-Type": "application/json"}
        )
        took = time.perf_counter() - start
        if status != 200:
            raise RuntimeError(f"api {entry}: {status} {data[:300]!r}")
        self.version = json.loads(data)["version"]
        return took, 1

    def static(self) -> tuple[float, int]:
        start = time.perf_counter()
        status, _h, data = self.request("GET", STATIC, headers={"Accept": "text/css,*/*;q=0.1"})
        took = time.perf_counter() - start
        if status != 200 or not data:
            raise RuntimeError(f"static: {status}")
        return took, 1
