"""A tap's answer as only what changed (assistant/web/table/patch.py): the steps turn the drawing
the phone holds into the new one, whatever the tap did (a tile, a draw, a pass, Undo, the hand's
end, a new hand, Fives and Threes' board); a poll after it is a 304; a drawing the server no
longer keeps brings the whole table; a drawing's name that is none of the app's is refused."""

import copy
import random
import re

import pytest

from assistant.engine import halves
from assistant.simulate import as_entered, random_match
from assistant.web.table import patch
from assistant.web.table.dominoes import laid_svg

HTMX = {"HX-Request": "true"}


def apply(tree: patch.Element, answer: dict) -> patch.Element:
    """The steps applied as static/app.js applies them, on the tree the server read."""
    root = copy.deepcopy(tree)
    for element in _elements(root):
        if patch._is_version(element):
            element.attrs["value"] = str(answer["v"])
    for kind, path, *rest in answer["steps"]:
        node = root
        for i in path:
            node = node.children[i]
        if kind == "t":
            parent = root
            for i in path[:-1]:
                parent = parent.children[i]
            parent.children[path[-1]] = type(node)(rest[0])
        elif kind == "a":
            for name, value in rest[0].items():
                name = name.lower()
                if value is None:
                    node.attrs.pop(name)
                elif isinstance(value, list):
                    was = node.attrs[name]
                    node.attrs[name] = was[: value[0]] + value[2] + was[len(was) - value[1] :]
                else:
                    node.attrs[name] = value
        else:
            start, end, html = rest
            added = patch.read(f'<div id="table">{html}</div>').children
            for tile in (e for child in added for e in _elements(child)):
                laid = tile.attrs.pop("data-laid", None)
                if laid:
                    first, second = map(int, laid[:-1].split("-"))
                    drawn = laid_svg(first, second, laid[-1] == "h")
                    tile.children = patch.read(f'<div id="table"><svg>{drawn}</svg></div>')
                    tile.children = tile.children.children[0].children
            node.children[start:end] = added
    return root


def _elements(node):
    if isinstance(node, patch.Element):
        yield node
        for child in node.children:
            yield from _elements(child)


def held(text: str) -> tuple[str, patch.Element]:
    name = re.search(r'data-drawing="([0-9a-f]{8})"', text).group(1)
    tree = patch.read(text)
    tree.attrs.pop("data-drawing")
    return name, tree


def followed(client, match_id: int, entries: list[dict]) -> int:
    """Each entry posted as the table's buttons post it, with the drawing held: the steps give
    the table the server drew (its checksum), and the next poll is a 304."""
    table = f"/matches/{match_id}"
    name, tree = held(client.get(f"{table}/live", headers=HTMX).get_data(as_text=True))
    stepped = 0
    for entry in entries:
        version = int(next(e for e in tree.children if patch._is_version(e)).attrs["value"])
        path, form = _form(entry)
        answer = client.post(f"{table}/{path}", data=form | {"version": version},
                             headers=HTMX | {"X-Drawing": name})  # fmt: skip
        assert answer.status_code == 200, answer.get_data(as_text=True)[:500]
        if answer.mimetype == "application/json":
            policy = answer.headers["Content-Security-Policy"]
            assert "default-src 'none'" in policy and "frame-ancestors 'none'" in policy
            assert answer.headers["X-Content-Type-Options"] == "nosniff"
            body = answer.get_json()
            tree = apply(tree, body)
            assert patch.signature(tree) == body["sign"]
            name = f"{body['sign']:08x}"
            stepped += 1
        else:
            name, tree = held(answer.get_data(as_text=True))
        poll = client.get(
            f"{table}/live",
            headers=HTMX | {"If-None-Match": answer.headers["ETag"], "X-Drawing": name},
        )
        assert poll.status_code == 304
    return stepped


def _form(entry: dict) -> tuple[str, dict]:
    if "play" in entry:
        return "play", {
            "tile": entry["play"],
            **({"end": entry["end"]} if entry.get("end") else {}),
        }
    if "draw" in entry:
        return "draw", {}
    if "pass" in entry:
        return "pass", {}
    left = {player: tiles if isinstance(tiles, int) else sum(sum(halves(t)) for t in tiles)
            for player, tiles in entry["left"].items()}  # fmt: skip
    return "left", {f"pips:{player}": pips for player, pips in left.items()}


@pytest.mark.parametrize("rules", ["muggins", "all-fives", "fives-and-threes"])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_steps_give_the_table_the_server_drew(client, rules, seed):
    """A hand played as the table enters it (a random legal one, 2 to 4 players)."""
    record = as_entered(random_match(random.Random(seed), rules=rules, max_hands=1))
    # The table's Draw draws one tile a tap.
    events = [
        one for event in record["hands"][0]["events"] for one in [event] * event.get("draw", 1)
    ]
    blank = {key: value for key, value in record.items() if key != "hands"} | {"hands": []}
    match_id = client.post("/api/matches", json=blank).get_json()["id"]
    leader = {"leader": events[0]["player"], "version": 1}
    assert client.post(f"/matches/{match_id}/leader", data=leader).status_code == 303
    stepped = followed(client, match_id, events)
    assert stepped >= len(events) - 2  # a hand's end may bring the whole table


def test_a_drawing_not_kept_brings_the_whole_table_and_a_forged_one_is_refused(client):
    record = {"format": "allfives-match/1", "rules": "muggins", "players": ["Ann", "Bo"]}
    match_id = client.post("/api/matches", json=record | {"hands": []}).get_json()["id"]
    client.post(f"/matches/{match_id}/leader", data={"leader": "Ann", "version": 1})
    table = f"/matches/{match_id}"
    unknown = client.get(f"{table}/live", headers=HTMX | {"X-Drawing": "0badf00d"})
    assert unknown.status_code == 200 and unknown.mimetype == "text/html"
    for forged in ("../../x", "<script>", "zzzzzzzz", "1" * 40):
        answer = client.post(f"{table}/play", data={"tile": "6-6", "version": 2},
                             headers=HTMX | {"X-Drawing": forged})  # fmt: skip
        assert answer.status_code == 400
        assert "reload the page" in answer.get_data(as_text=True)
        assert client.get(f"{table}/live", headers=HTMX | {"X-Drawing": forged}).status_code == 400
    assert client.get(f"/api/matches/{match_id}").get_json()["version"] == 2  # nothing entered
