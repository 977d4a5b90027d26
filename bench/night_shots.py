"""Screenshots of a club night as it really goes, on the real server: 12 players at three tables
of rotating partners, a latecomer after round 1, a leaver after round 2, a table stopped early, a
hand scored on paper and a draw's table continued from a paper sheet (the night of
tests/web/test_whole_night_browser.py). At phone (360×740) and desk (1280×800) size: the night's
page, the draw, the board, the league, the stopped table, the table after its hand on paper and
the scorepad holding it; and every printed page (A4 PDF through Chromium, each page drawn to PNG
with poppler's pdftoppm).

    .venv/bin/python bench/night_shots.py [OUTDIR]      # default: instance/screenshots/

Prints each file written.
"""

import json
import sys
import tempfile
import urllib.request
from pathlib import Path

from common import CHECKOUT, printed, start_server, stop_server
from playwright.sync_api import Page, sync_playwright

from assistant.club import draws, nights, store
from assistant.club.opening import migrate
from assistant.db import connect

SIZES = {"phone": (360, 740), "desk": (1280, 800)}
TWELVE = ["Ann", "Bo", "Cy", "Di", "Eva", "Finn", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou"]
RULES = {"preset": "muggins", "target": 10}


def call(url: str, body: dict | None = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def lead(url: str, match_id: int, seat: int, tile: str) -> None:
    """The player in `seat` leads `tile`, through the JSON API."""
    state = call(f"{url}/api/matches/{match_id}")
    leader = state["record"]["players"][seat]
    try:
        body = {"version": state["version"], "leader": leader}
        version = call(f"{url}/api/matches/{match_id}/leader", body)["version"]
    except urllib.error.HTTPError:
        version = state["version"]  # the rules say who leads
    body = {"version": version, "player": leader, "play": tile}
    call(f"{url}/api/matches/{match_id}/events", body)


def on_paper(page: Page, url: str, match_id: int, points: tuple[int, int], note: str) -> None:
    page.goto(f"{url}/matches/{match_id}/scored")
    page.locator("input[name='points:0']").fill(str(points[0]))
    page.locator("input[name='points:1']").fill(str(points[1]))
    page.locator("input[name=notes]").fill(note)
    page.get_by_role("button", name="Score the hand").click()
    page.locator(".hand-over").wait_for()


def shoot(page: Page, path: str, out: Path, name: str, full_page: bool = True) -> list[Path]:
    """`path` at each size: the files written."""
    page.goto(path)
    shots = []
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        shots.append(out / f"night-{name}-{size}.png")
        page.screenshot(path=shots[-1], full_page=full_page)
    page.set_viewport_size({"width": 360, "height": 740})
    return shots


def night(db_path: Path, url: str, page: Page, out: Path) -> tuple[dict, list[Path]]:
    """The night played out: the ids of the draw and of the matches to show, and the shots of
    the table right after its hand on paper, taken on the way."""
    db = connect(db_path)
    tonight = nights.tonight()
    draw_id = store.make_draw(db, tonight, "pairs_rotating", TWELVE, [1, 2, 3], 3, RULES, False, 7)
    store.set_stopped_counting(db, "leader")
    store.set_league_minimum(db, 1)
    for table in (1, 2, 3):
        lead(url, store.start_draw_match(db, draws.get(db, draw_id), 1, table), 0, "5-5")
    store.join_draw(db, draws.get(db, draw_id), "Max")
    second = [store.start_draw_match(db, draws.get(db, draw_id), 2, table) for table in (1, 2, 3)]
    lead(url, second[0], 0, "5-5")
    lead(url, second[1], 0, "5-0")
    version = call(f"{url}/api/matches/{second[1]}")["version"]
    call(f"{url}/api/matches/{second[1]}/stop", {"version": version})
    on_paper(page, url, second[2], (5, 5), "the phone was flat")
    shots = shoot(page, f"{url}/matches/{second[2]}", out, "paper-table", full_page=False)
    lead(url, second[2], 1, "5-5")
    store.leave_draw(db, draws.get(db, draw_id), "Ida")
    for table, seat in ((1, 0), (2, 1)):
        lead(url, store.start_draw_match(db, draws.get(db, draw_id), 3, table), seat, "5-5")
    from_paper = store.start_draw_match(db, draws.get(db, draw_id), 3, 3)  # played on paper so far
    on_paper(page, url, from_paper, (5, 0), "Continued from paper")
    store.accept(db, [second[2]])  # one accepted, the other still waiting for the admin
    db.close()
    return {"night": tonight, "draw": draw_id, "stopped": second[1], "paper": second[2],
            "from_paper": from_paper}, shots  # fmt: skip


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else CHECKOUT / "instance" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    db = Path(tempfile.mkdtemp()) / "night.sqlite"
    migrate(db)
    server, port = start_server(db)
    url = f"http://127.0.0.1:{port}"
    written = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 360, "height": 740})
            shown, written = night(db, url, page, out)
            page.close()
            screens = {
                "night": f"/nights/{shown['night']}",
                "draw": f"/draws/{shown['draw']}",
                "board": "/board",
                "league": "/league",
                "stopped-table": f"/matches/{shown['stopped']}",
                "from-paper-table": f"/matches/{shown['from_paper']}",
                "paper-scorepad": f"/history/{shown['paper']}",
                "stopped-scorepad": f"/history/{shown['stopped']}",
            }
            for size, (width, height) in SIZES.items():
                page = browser.new_page(viewport={"width": width, "height": height})
                for name, path in screens.items():
                    page.goto(url + path)
                    shot = out / f"night-{name}-{size}.png"
                    page.screenshot(path=shot, full_page="table" not in name)
                    written.append(shot)
                page.close()
            printer = browser.new_page()
            printing = {
                "night": screens["night"],
                "draw": screens["draw"],
                "scoresheets": f"/draws/{shown['draw']}/scoresheets",
                "paper-scorepad": screens["paper-scorepad"],
            }
            for name, path in printing.items():
                written += printed(printer, url + path, out / f"night-{name}.pdf")
            browser.close()
    finally:
        stop_server(server)
    print("\n".join(str(p) for p in written))
    return 0


if __name__ == "__main__":
    sys.exit(main())
