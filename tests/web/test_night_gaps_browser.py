"""The night's loose ends, in a real Chromium on a real server: a table phone sends a finished
match whole (its record file, imported at the table) and puts it on the draw's round 3, table 3;
the night's page then shows it there and the draw offers no other start at that table; the club
admin accepts tonight's from the night's page; the club exported and imported into another
club keeps the draw's tables and rounds.

The servers run the app in this process (werkzeug, on a free port), each with a club admin
password of its own beside its SQLite file."""

import re
import threading
from pathlib import Path

import orjson
import pytest
from playwright.sync_api import Browser, Page, expect
from werkzeug.serving import make_server

from assistant.club import draws, nights, store
from assistant.db import connect
from tests.clients import ADMIN_PASSWORD
from tests.live_server import free_port
from tests.records import won

pytestmark = pytest.mark.browser

SIX = ["Ann", "Bo", "Cy", "Di", "Eva", "Finn"]


class Club:
    """The app on its own database and admin password, served on a free port."""

    def __init__(self, folder: Path):
        from assistant import create_app
        from assistant.web.base.auth import save_password

        folder.mkdir(parents=True)
        save_password(folder / "admin_password", ADMIN_PASSWORD)
        self.db = str(folder / "club.sqlite")
        app = create_app(
            {"DATABASE": self.db, "SECRET_KEY": "night",
             "ADMIN_PASSWORD_FILE": str(folder / "admin_password")}
        )  # fmt: skip
        self.server = make_server("127.0.0.1", free_port(), app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.thread.join()


@pytest.fixture
def clubs(tmp_path):
    made = [Club(tmp_path / "here"), Club(tmp_path / "other")]
    yield made
    for club in made:
        club.stop()


def log_in(page: Page, club: Club) -> None:
    page.goto(f"{club.url}/admin/login")
    page.get_by_label("Admin password").fill(ADMIN_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(f"{club.url}/")


def test_the_nights_gaps(browser: Browser, clubs, tmp_path):
    here, other = clubs
    tonight = nights.tonight()
    db = connect(here.db)
    draw_id = store.make_draw(db, tonight, "two", SIX, [1, 2, 3], 3, "muggins", False, seed=5)
    made = draws.get(db, draw_id)
    db.close()
    seated = next(s for s in made.drawn[2].seatings if s.table == 3)
    first, second = (side[0] for side in seated.sides)

    # A table phone sends its finished match whole, then puts it on round 3, table 3.
    phone = browser.new_page()
    sent = tmp_path / "table-3.json"
    sent.write_bytes(orjson.dumps(won(f"{first} {second}", store.local_now())))
    phone.goto(here.url)
    phone.get_by_text("Import a match record").click()
    phone.get_by_label("Match record file").set_input_files(sent)
    phone.get_by_role("button", name="Import", exact=True).click()
    expect(phone).to_have_url(re.compile(r"/matches/\d+$"))
    match_id = int(phone.url.rsplit("/", 1)[1])
    phone.goto(f"{here.url}/nights/{tonight}")
    row = phone.locator(f"#match-{match_id}")
    expect(row.get_by_label("Its place in the draw")).to_have_value("3-3")  # theirs alone
    row.get_by_role("button", name="Put it on the draw").click()
    expect(phone.locator(f"#match-{match_id}")).to_contain_text("Table 3 · Round 3")
    expect(phone.locator(f"#match-{match_id} form")).to_have_count(0)
    phone.goto(f"{here.url}/draws/{draw_id}")
    table = phone.locator("section[aria-labelledby=round-3] .draw-table").nth(2)
    expect(table.locator(".draw-table-no")).to_have_text("Table 3")
    expect(table.get_by_role("button", name="Start at table 3")).to_have_count(0)
    expect(table.locator(".draw-result")).to_contain_text(f"{first} won")
    expect(table.locator(".draw-result")).to_contain_text("10 – 0")
    phone.close()

    # The club admin accepts tonight's from the night's page: the standings count it.
    admin = browser.new_page()
    log_in(admin, here)
    admin.goto(f"{here.url}/nights/{tonight}")
    expect(admin.locator(".night-standings")).to_have_count(0)
    admin.get_by_role("button", name="Accept tonight's (1)").click()
    expect(
        admin.get_by_text("1 imported matches now count in ratings and standings.")
    ).to_be_visible()
    expect(admin.get_by_text("Waiting for the club admin")).to_have_count(0)
    expect(admin.locator(".night-standings")).to_contain_text(first)

    # The club's file, exported here and imported by another club, keeps the draw's tables.
    exported = tmp_path / "records.json"
    exported.write_bytes(admin.request.get(f"{here.url}/history/records.json").body())
    log_in(admin, other)
    admin.goto(f"{other.url}/history/import")
    admin.get_by_label("File to import").set_input_files(exported)
    admin.get_by_role("button", name="Import", exact=True).click()
    expect(admin.get_by_text("1 imported, 0 already here, 0 broken")).to_be_visible(timeout=60_000)
    admin.goto(f"{other.url}/nights/{tonight}")
    expect(admin.locator(".night-matches li")).to_contain_text(["Table 3 · Round 3"])
    admin.get_by_role("link", name=re.compile("The draw")).click()
    table = admin.locator("section[aria-labelledby=round-3] .draw-table").nth(2)
    expect(table.get_by_role("button", name="Start at table 3")).to_have_count(0)
    expect(table.locator(".draw-result")).to_contain_text(f"{first} won")
    expect(admin.get_by_role("button", name=re.compile("Start at table"))).to_have_count(8)
    admin.close()
