"""Screenshots of the club screens at phone (360×740) and TV (1920×1080) size, on a demo club
served by the real server: /tmp/shots/club-<screen>-<size>.png.

    .venv/bin/python bench/club_shots.py
"""

import json
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from common import renamed
from playwright.sync_api import sync_playwright

from assistant.simulate import random_match

OUT = Path("/tmp/shots")
SIZES = {"phone": (360, 740), "tv": (1920, 1080)}
PORT = 8765
URL = f"http://127.0.0.1:{PORT}"
CLUB = ["Ann", "Bo", "Cy", "Di", "Eva", "Finn", "Gus", "Hal"]


def post(path: str, body: dict) -> dict:
    request = urllib.request.Request(
        URL + path, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def demo() -> tuple[int, int]:
    """Finished matches among the club's players, and a few tables in play."""
    rng = random.Random(5)
    for _ in range(30):
        players = rng.choice([2, 2, 3, 4])
        record = random_match(rng, players=players, rules=rng.choice(["all-fives", "muggins"]))
        post("/api/matches", renamed(record, rng.sample(CLUB, players)))
    playing = []
    for n in range(5):
        record = random_match(rng, players=[2, 4, 3, 4, 2][n], stop_chance=0.02)
        record["partnership"] = record["partnership"] and len(record["players"]) == 4
        playing.append(post("/api/matches", record)["id"])
    return playing[1], playing[1]


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    db = Path(tempfile.mkdtemp()) / "club.sqlite"
    command = [sys.executable, "-m", "assistant", "serve", "--host", "127.0.0.1"]
    server = subprocess.Popen(command + ["--port", str(PORT), "--db", str(db)])
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(URL + "/", timeout=1)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)  # polling while the server starts
        watched, replayed = demo()
        code = (
            sqlite3.connect(db)
            .execute("SELECT code FROM watch_codes WHERE match_id = ?", [watched])
            .fetchone()[0]
        )
        player = sqlite3.connect(db).execute("SELECT id FROM players WHERE name = 'Ann'").fetchone()
        screens = {
            "history": "/history",
            "replay": f"/history/{replayed}/replay?step=12",
            "statistics": f"/players/{player[0]}",
            "leaderboard": "/leaderboard",
            "players": "/players",
            "watch": f"/watch/{code}",
            "board": "/board",
        }
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            for size, (width, height) in SIZES.items():
                page = browser.new_page(viewport={"width": width, "height": height})
                for name, path in screens.items():
                    page.goto(URL + path)
                    page.screenshot(path=OUT / f"club-{name}-{size}.png")
                page.close()
            browser.close()
    finally:
        server.terminate()
        server.wait(10)
    print("\n".join(sorted(str(p) for p in OUT.glob("club-*.png"))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
