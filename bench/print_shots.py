"""Every printed page as Chromium prints it (A4, `page.pdf`), each page drawn to PNG with poppler's
pdftoppm, to look at: the night's page, the draw's pairings, the scoresheets (a sheet a table and
round, and the continuation sheets of a long match) and a long match's scorepad, on the demo club
of bench/season_shots.py served by the real server.

    .venv/bin/python bench/print_shots.py [OUTDIR]      # default: instance/screenshots/print/

Prints each PDF with its number of A4 pages, then each PNG written.
"""

import random
import sys
import tempfile
from datetime import date
from pathlib import Path

from common import CHECKOUT, printed, renamed, start_server, stop_server
from playwright.sync_api import sync_playwright
from season_shots import dated, seed

from assistant.club import store
from assistant.db import connect
from assistant.simulate import random_match


def long_match(path: Path, night: str) -> int:
    """A four-player match of many hands (the scorepad's longest print)."""
    rng = random.Random(5)
    db = connect(path)
    record = None
    for _ in range(200):
        candidate = random_match(rng, players=4, rules="all-fives", max_hands=200)
        if record is None or len(candidate["hands"]) > len(record["hands"]):
            record = candidate
        if len(record["hands"]) >= 30:
            break
    record = renamed(record, ["Ann", "Éva", "Søren", "Bo"])
    match_id = store.create(db, dated(record, date.fromisoformat(night), 30)).id
    db.close()
    return match_id


def main() -> int:
    default = CHECKOUT / "instance" / "screenshots" / "print"
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else default
    out.mkdir(parents=True, exist_ok=True)
    db = Path(tempfile.mkdtemp()) / "print.sqlite"
    demo = seed(db)
    long_id = long_match(db, demo["night"])
    server, port = start_server(db)
    url = f"http://127.0.0.1:{port}"
    pages = {
        "night": f"/nights/{demo['night']}",
        "draw": f"/draws/{demo['draw']}",
        "scoresheets": f"/draws/{demo['draw']}/scoresheets",
        "scoresheets-continued": f"/draws/{demo['draw']}/scoresheets?sheet=2",
        "scorepad": f"/history/{long_id}",
    }
    written = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            printer = browser.new_page()
            for name, path in pages.items():
                written += printed(printer, url + path, out / f"print-{name}.pdf", 70)
            browser.close()
    finally:
        stop_server(server)
    print("\n".join(str(p) for p in written))
    return 0


if __name__ == "__main__":
    sys.exit(main())
