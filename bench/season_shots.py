"""Screenshots of the season's screens on a demo club served by the real server: the
league table, seasons, club nights, the night's draw and its scoresheets, the board on a TV
with more tables in play than fit (both of its pages), at phone (360×740) and desk (1280×800)
size; and what prints, as PDF through Chromium's print (A4), each page also drawn to PNG when
poppler's pdftoppm is installed.

    .venv/bin/python bench/season_shots.py [OUTDIR]      # default: instance/screenshots/

Prints each file written, and how many A4 pages each PDF has (the night must fit on one).
"""

import random
import sys
import tempfile
from datetime import date, timedelta
from pathlib import Path

from common import CHECKOUT, printed, renamed, start_server, stop_server
from playwright.sync_api import sync_playwright

from assistant.club import clock, draws, nights, store
from assistant.club.opening import migrate
from assistant.db import connect, immediate
from assistant.simulate import random_match

SIZES = {"phone": (360, 740), "desk": (1280, 800)}
TV = (1920, 1080)
CLUB = ["Ann", "Bo", "Cy", "Di", "Eva", "Finn", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou"]
EIGHT = CLUB[:8]


def dated(record: dict, night: date, minutes: int) -> dict:
    """The record played on `night`, `minutes` after 19:00 local time."""
    when = clock.local_now()[19:]  # the server's UTC offset
    hour, minute = divmod(19 * 60 + minutes, 60)
    day = night + timedelta(days=hour // 24)
    return record | {"date": f"{day.isoformat()}T{hour % 24:02}:{minute:02}:00{when}"}


def seed(path: Path) -> dict:
    """Past nights of finished matches, two seasons, tonight's draw with round 1 half played,
    and more tables in play than the board shows at once."""
    migrate(path)
    db = connect(path)
    rng = random.Random(13)
    tonight = date.fromisoformat(nights.tonight())
    store.save_season(db, "Spring", (tonight - timedelta(days=200)).isoformat(),
                      (tonight - timedelta(days=91)).isoformat(), None)  # fmt: skip
    store.save_season(db, "Autumn", (tonight - timedelta(days=90)).isoformat(),
                      (tonight + timedelta(days=90)).isoformat(), None)  # fmt: skip
    store.set_league_minimum(db, 4)
    for back in (150, 120, 60, 30, 14, 7):
        night = tonight - timedelta(days=back)
        for n in range(8):
            players = rng.choice([2, 4, 4, 3])
            rules = rng.choice(["all-fives", "muggins"])
            record = random_match(rng, players=players, rules=rules, max_hands=200)
            record = renamed(record, rng.sample(CLUB[: 8 + back % 4], players))
            store.create(db, dated(record, night, 20 * n + 5 * (n > 5) * 30))
    draw_id = store.make_draw(db, tonight.isoformat(), "pairs_rotating", EIGHT, list(range(1, 9)),
                              3, "all-fives", True, 7)  # fmt: skip
    made = draws.get(db, draw_id)
    first, second = made.drawn[0].seatings
    done = store.start_draw_match(db, made, 1, first.table)
    playing = store.start_draw_match(db, made, 1, second.table)
    for match_id, seating, stop in ((done, first, False), (playing, second, True)):
        record = random_match(rng, players=4, rules="all-fives", partnership=True, max_hands=200)
        stored = store.get(db, match_id)
        record = renamed(record, list(seating.seats)) | {"date": stored.record["date"]}
        if stop:
            record["hands"] = record["hands"][:1]
            record["hands"][0]["events"] = record["hands"][0]["events"][:7]
            record["hands"][0].pop("left", None)
        store.change(db, match_id, stored.version, record)
    for table in range(3, 14):  # other games tonight, at tables 3 to 13
        players = rng.choice([2, 3, 4])
        record = random_match(rng, players=players, stop_chance=0.05)
        record = renamed(record, rng.sample(CLUB[8:] + ["Max", "Ned", "Oli", "Pat"], players))
        record["hands"] = record["hands"][:1]
        record["hands"][0]["events"] = record["hands"][0]["events"][:5]
        record["hands"][0].pop("left", None)
        match_id = store.create(db, dated(record, tonight, 0)).id
        with immediate(db):
            db.execute("UPDATE matches SET table_no = ? WHERE id = ?", [table, match_id])
    db.close()
    return {"night": tonight.isoformat(), "draw": draw_id, "table": playing,
            "past": (tonight - timedelta(days=7)).isoformat()}  # fmt: skip


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else CHECKOUT / "instance" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    db = Path(tempfile.mkdtemp()) / "season.sqlite"
    demo = seed(db)
    server, port = start_server(db)
    url = f"http://127.0.0.1:{port}"
    written = []
    screens = {
        "league": "/league",
        "league-all-time": "/league?season=all",
        "seasons": "/seasons",
        "nights": "/nights",
        "night": f"/nights/{demo['night']}",
        "night-past": f"/nights/{demo['past']}",
        "draw-form": f"/nights/{demo['night']}/draw",
        "draw": f"/draws/{demo['draw']}",
        "scoresheets": f"/draws/{demo['draw']}/scoresheets",
        "table-from-draw": f"/matches/{demo['table']}",
        "leaderboard-season": "/leaderboard",
    }
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            for size, (width, height) in SIZES.items():
                page = browser.new_page(viewport={"width": width, "height": height})
                for name, path in screens.items():
                    page.goto(url + path)
                    shot = out / f"season-{name}-{size}.png"
                    page.screenshot(path=shot, full_page=name != "table-from-draw")
                    written.append(shot)
                page.close()
            tv = browser.new_page(viewport={"width": TV[0], "height": TV[1]})
            tv.goto(url + "/board")
            tv.wait_for_selector(".board-frame[data-show='0']")
            for shown in ("0", "1"):
                tv.evaluate(f"document.querySelector('.board-frame').dataset.show = '{shown}'")
                shot = out / f"season-board-tv-page{int(shown) + 1}.png"
                tv.screenshot(path=shot)
                written.append(shot)
            tv.close()
            printer = browser.new_page()
            for name in ("night", "night-past", "draw", "scoresheets"):
                written += printed(printer, url + screens[name], out / f"season-{name}.pdf")
            browser.close()
    finally:
        stop_server(server)
    print("\n".join(str(p) for p in written))
    return 0


if __name__ == "__main__":
    sys.exit(main())
