"""Helpers for the reliability tests: a match as its entries, and HTTP calls that return the
status instead of raising on 4xx."""

import json
import random
import urllib.error
import urllib.request

from assistant.engine import entries_of
from assistant.simulate import random_match

entries = entries_of  # the entries a table taps in, in order, to build a record


def blank(record: dict) -> dict:
    return {key: value for key, value in record.items() if key != "hands"} | {"hands": []}


def a_match(seed: int, players: int = 4) -> tuple[dict, list[dict]]:
    """A random legal finished match as an empty record and the entries that play it."""
    record = random_match(random.Random(seed), players=players, rules="all-fives", max_hands=3)
    return blank(record), entries(record)


def call(url: str, body=None, method: str = "POST", timeout: float = 10) -> tuple[int, dict]:
    """(status, JSON body) of one request; a JSON body when `body` is not None."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    if body is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        with error:
            return error.code, json.loads(error.read() or b"null")
