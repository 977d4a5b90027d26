"""The screen and the JSON API accept exactly the same entries: every kind of entry is sent
through both, to two matches that start alike, and the answers and the records must agree.

The screen's forms say what a player says (a tile, with its end only when asked; Draw; Pass;
the pips left; Undo; a correction; who leads); the API takes the same as JSON. Neither names the
player: the engine knows whose turn it is (store.enter → engine.add_entry)."""

import pytest

from tests.clients import create, post_json
from tests.records import blank

OK, REFUSED, STALE = "saved", "refused", "stale"


def screen_outcome(response) -> str:
    return {303: OK, 422: REFUSED, 409: STALE}.get(response.status_code, response.status_code)


def api_outcome(response) -> str:
    return {200: OK, 422: REFUSED, 409: STALE}.get(response.status_code, response.status_code)


class Twins:
    """Two matches made from one record: one entered on the screen, one through the API."""

    def __init__(self, client, record: dict):
        self.client = client
        self.screen = create(client, record)
        self.api = create(client, record)

    def version(self, match_id: int) -> int:
        return self.client.get(f"/api/matches/{match_id}").get_json()["version"]

    def record(self, match_id: int) -> dict:
        return self.client.get(f"/api/matches/{match_id}").get_json()["record"]

    def send(self, form: tuple[str, dict], body: tuple[str, dict], stale: bool = False) -> str:
        """The same entry on the screen (form path and fields) and in the API (path and body);
        both must answer alike and leave the same record."""
        path, fields = form
        version = self.version(self.screen) - stale
        on_screen = self.client.post(
            f"/matches/{self.screen}/{path}", data=fields | {"version": version}
        )
        api_path, entry = body
        version = self.version(self.api) - stale
        in_api = post_json(
            self.client, f"/api/matches/{self.api}/{api_path}", entry | {"version": version}
        )
        assert screen_outcome(on_screen) == api_outcome(in_api), (
            fields,
            entry,
            on_screen.status_code,
            in_api.get_json(),
        )
        assert self.record(self.screen) == self.record(self.api)
        return api_outcome(in_api)


def play(tile: str, end: str | None = None):
    fields = {"tile": tile} | ({"end": end} if end else {})
    return ("play", fields), ("events", {"play": tile} | ({"end": end} if end else {}))


DRAW = ("draw", {}), ("events", {"draw": 1})
PASS = ("pass", {}), ("events", {"pass": True})
UNDO = ("undo", {}), ("undo", {})


def leader(name: str):
    return ("leader", {"leader": name}), ("leader", {"leader": name})


def correction(position: int, tile: str, end: str | None = None):
    fields = {"position": str(position), "tile": tile} | ({"end": end} if end else {})
    entry = {"position": position, "play": tile} | ({"end": end} if end else {})
    return ("correct", fields), ("correct", entry)


def left(pips: dict):
    return ("left", {f"pips:{p}": str(n) for p, n in pips.items()}), ("events", {"left": pips})


MUGGINS = blank({"format": "allfives-match/1", "rules": "muggins", "players": ["Ann", "Bo"]})


def test_every_kind_of_entry_is_taken_alike_on_the_screen_and_in_the_api(client):
    twins = Twins(client, MUGGINS)
    steps = [
        (play("6-6"), REFUSED),  # who leads? nobody chose yet
        (leader("Ann"), OK),
        (play("6-6"), OK),  # Ann leads: 6 on both sides
        (play("6-3"), OK),  # Bo: either side of a lone 6-6 is the same game: not asked
        (play("3-2"), OK),  # Ann: fits one end (left 3)
        (play("6-2"), REFUSED),  # Bo: fits left 2 and right 6: say which end
        (play("6-2", "right"), OK),
        (play("1-1"), REFUSED),  # Ann: fits no end
        (play("7-7"), REFUSED),  # not a tile
        (play("5-2", "up"), REFUSED),  # no up end in a game with two ends
        (PASS, REFUSED),  # the boneyard still has tiles
        (DRAW, OK),
        (UNDO, OK),
        (DRAW, OK),
        (correction(3, "3-1"), OK),  # Ann's 3-2 was a 3-1: Bo's 6-2 and the draw still fit
        (correction(2, "6-4"), REFUSED),  # Bo's 6-3 a 6-4? Ann's 3-1 no longer fits
        (correction(4, "6-5"), OK),  # Bo's 6-2 was a 6-5, on the right
        (correction(4, "2-4"), REFUSED),  # fits neither end
    ]
    for (form, body), expected in steps:
        assert twins.send(form, body) == expected, form
    events = twins.record(twins.api)["hands"][0]["events"]
    assert events == [
        {"player": "Ann", "play": "6-6"},
        {"player": "Bo", "play": "6-3", "end": "left"},
        {"player": "Ann", "play": "3-1"},
        {"player": "Bo", "play": "6-5", "end": "right"},  # where the 6-2 it replaces lay
        {"player": "Ann", "draw": 1},
    ]


def test_a_stale_phone_is_refused_alike(client):
    twins = Twins(client, MUGGINS)
    twins.send(*leader("Ann"))
    twins.send(*play("6-6"))
    assert twins.send(*play("6-5"), stale=True) == STALE


@pytest.mark.parametrize("rules", ["all-fives", "muggins", "pagat"])
def test_the_end_of_a_hand_and_the_next_lead_alike(client, rules):
    record = blank(MUGGINS) | {"rules": {"preset": rules, "hand_size": 1}}
    twins = Twins(client, record)
    assert twins.send(*leader("Bo")) == OK
    assert twins.send(*play("6-1")) == OK  # Bo is out
    assert twins.send(*left({"Ann": 13})) == REFUSED  # one tile after 6-1: 0 to 12
    assert twins.send(*left({"Ann": 12})) == OK
    assert twins.send(*play("5-5")) == OK  # Bo went out: he leads, nobody need say so
    assert twins.record(twins.api)["hands"][1]["events"][0]["player"] == "Bo"
