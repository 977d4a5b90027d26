"""Shared by the benchmarks: the checkout and its example records, the real server in its own
process, and a recorded match turned into the taps a player makes for it."""

import http.client
import re
import shutil
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[1]
EXAMPLES = CHECKOUT / "tests" / "examples"
sys.path.insert(0, str(CHECKOUT))

from assistant.engine import read_entry, replay, tile_name  # noqa: E402
from assistant.simulate import as_entered  # noqa: E402


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


def renamed(record: dict, names: list[str]) -> dict:
    """The record with its players renamed, in seat order (it is changed in place too)."""
    to = dict(zip(record["players"], names, strict=True))
    for hand in record["hands"]:
        for event in hand["events"]:
            event["player"] = to[event["player"]]
        if "left" in hand:
            hand["left"] = {to[p]: v for p, v in hand["left"].items()}
    return record | {"players": names}


@dataclass
class Tap:
    """One tap on the table screen.

    kind: "leader" (who leads), "tile" (a tile that fits one end: saved at once), "choose"
    (a tile that fits several ends: the screen asks which), "end" (the end asked for),
    "draw", "pass", "left" (confirming the settlement)."""

    kind: str
    fields: dict = field(default_factory=dict)  # what the tapped form posts (besides the token)
    tile: str | None = None  # for "choose": the tile whose ends are asked


def taps(record: dict) -> list[Tap]:
    """Every tap a player makes to enter `record` from the start, as the table screen asks:
    the leader when nobody is known to lead, one tap per tile, a second one for the end when the
    tile fits ends that make different games (Hand.distinct_ends), one tap per tile drawn, a
    pass, the settlement's confirmation. The taps enter `as_entered(record)`: the same match,
    as the screen lays it (assistant.simulate.as_entered)."""
    entered = as_entered(record)
    match = replay(entered | {"hands": []})
    out: list[Tap] = []
    for hand in entered["hands"]:
        for n, event in enumerate(hand["events"]):
            if n == 0 and match.next_leader is None:
                out.append(Tap("leader", {"leader": event["player"]}))
            if "play" in event:
                tile = event["play"]
                if len(match.hand.distinct_ends(tile)) > 1:
                    out.append(Tap("choose", tile=tile))
                    out.append(Tap("end", {"tile": tile, "end": event["end"]}))
                else:
                    out.append(Tap("tile", {"tile": tile}))
            elif "draw" in event:
                out.extend(Tap("draw") for _ in range(event["draw"]))
            else:
                out.append(Tap("pass"))
            match = match.enter(read_entry(event))
        if "left" in hand:
            fields: dict = {}
            for player, left in hand["left"].items():
                if isinstance(left, list):
                    fields[f"tiles:{player}"] = [tile_name(t) for t in left]
                else:
                    fields[f"pips:{player}"] = str(left)
            out.append(Tap("left", fields))
            match = match.enter(read_entry({"left": hand["left"]}))
    return out


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


PDF_PAGE = re.compile(rb"/Type\s*/Page[^s]")


def printed(page, url: str, pdf: Path, resolution: int = 60) -> list[Path]:
    """The page at `url` printed on A4 to `pdf` (its page count said), and each printed page
    drawn to PNG beside it where pdftoppm is installed: the PNGs written."""
    page.goto(url)
    data = page.pdf(path=pdf, format="A4", print_background=True)
    print(f"{pdf}: {len(PDF_PAGE.findall(data))} A4 page(s)")
    if not shutil.which("pdftoppm"):
        return []
    stem = pdf.with_name(pdf.stem + "-print")
    for old in pdf.parent.glob(f"{stem.name}*.png"):
        old.unlink()
    command = ["pdftoppm", "-png", "-r", str(resolution), str(pdf), str(stem)]
    subprocess.run(command, check=True)
    return sorted(pdf.parent.glob(f"{stem.name}*.png"))
