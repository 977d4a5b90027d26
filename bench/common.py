"""Shared by bench/tap_latency.py, bench/table_bytes.py and bench/taps_per_tile.py: the real
server in its own process, and a recorded match turned into the taps a player makes for it."""

import http.client
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from assistant.engine import replay, tile_name  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: Path) -> tuple[subprocess.Popen, int]:
    """`python -m assistant serve` on a free port of 127.0.0.1 with its own SQLite file."""
    port = free_port()
    command = [sys.executable, "-m", "assistant", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--db", str(db)]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            conn.request("GET", "/static/app.css")
            conn.getresponse().read()
            conn.close()
            return server, port
        except OSError:
            time.sleep(0.05)  # polling while the server starts
    server.kill()
    raise SystemExit("the server did not start")


def stop_server(server: subprocess.Popen) -> None:
    server.terminate()
    server.wait(timeout=10)


@dataclass
class Tap:
    """One tap on the table screen.

    kind: "leader" (who leads), "tile" (a tile that fits one end: saved at once), "choose"
    (a tile that fits several ends: the screen asks which), "end" (the end asked for),
    "draw", "pass", "left" (confirming the settlement)."""

    kind: str
    fields: dict = field(default_factory=dict)  # what the tapped form posts (besides the token)
    tile: str | None = None  # for "choose": the tile whose ends are asked


SWAPPED = {"left": "right", "right": "left"}


def taps(record: dict) -> list[Tap]:
    """Every tap a player makes to enter `record` from the start, as the table screen asks:
    the leader when nobody is known to lead, one tap per tile, a second one for the end when the
    tile fits several ends, one tap per tile drawn, a pass, the settlement's confirmation.

    The screen names every tile high half first (`tile_name`): a lead the record writes low half
    first ("0-2") lies the other way round on the phone, so its left and right are swapped."""
    start = {key: value for key, value in record.items() if key != "hands"} | {"hands": []}
    match = replay(start)
    phone = replay(start)  # the same match entered as the phone enters it
    out: list[Tap] = []
    for hand in record["hands"]:
        mirror = False
        for n, event in enumerate(hand["events"]):
            if n == 0 and match.next_leader is None:
                out.append(Tap("leader", {"leader": event["player"]}))
            entered = event
            if "play" in event:
                tile = tile_name(event["play"])
                if n == 0:
                    mirror = tile != event["play"]
                ends = phone.hand.fits(tile)
                entered = {"player": event["player"], "play": tile}
                if len(ends) > 1:
                    end = SWAPPED.get(event["end"], event["end"]) if mirror else event["end"]
                    out.append(Tap("choose", tile=tile))
                    out.append(Tap("end", {"tile": tile, "end": end}))
                    entered["end"] = end
                else:
                    out.append(Tap("tile", {"tile": tile}))
            elif "draw" in event:
                out.extend(Tap("draw") for _ in range(event["draw"]))
            else:
                out.append(Tap("pass"))
            match.enter(event)
            phone.enter(entered)
        if "left" in hand:
            fields: dict = {}
            for player, left in hand["left"].items():
                if isinstance(left, list):
                    fields[f"tiles:{player}"] = [tile_name(t) for t in left]
                else:
                    fields[f"pips:{player}"] = str(left)
            out.append(Tap("left", fields))
            match.enter({"left": hand["left"]})
            phone.enter({"left": hand["left"]})
    if phone.scores != match.scores:
        raise AssertionError("the phone's match scores differently from the record")
    return out


def api_entries(record: dict) -> list[dict]:
    """The record's entries in order, as `POST /api/matches/<id>/events` takes them."""
    out = []
    for hand in record["hands"]:
        out.extend(hand["events"])
        if "left" in hand:
            out.append({"left": hand["left"]})
    return out


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]
