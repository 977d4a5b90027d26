"""axe-core on every screen: no serious or critical WCAG 2.1 A/AA violation, and no error in
the browser's console.

Run it alone with

    .venv/bin/python -m pytest -q -p no:cacheprovider tests/web/test_accessibility.py

(add `-k board` for one screen). It needs Debian's Chromium at /usr/bin/chromium, like the other
browser tests; axe-core comes inside the `axe-playwright-python` wheel (the `test` extras), so
nothing is fetched at run time.

One real server and one phone-sized page (360×740) serve the whole module. The server is seeded
through the JSON API with a two-player match in the middle of a hand, a finished match (with a
settlement and a second hand), a four-player partnership match in its second hand and another
whose hand is over and waits for the pips left; the players come with them. Each screen is its
own test: home, new match, the table mid-hand, its end choice ("Where does X go?", reached by
tapping a tile that fits two ends that make different games), the settlement, the hand's entries
to fix and one being fixed, a lead that may be turned, who leads a match not begun and its
hand scored on paper, the finished table before and after
"Final", the history, a match, its replay, the players, a player, the leaderboard, the board (at
360×740 and at 1920×1080 for the TV, with tonight's standings), a watch page, the league table,
the seasons, the club nights, a night, the night's draw (its form, its page and its
scoresheets), the error page (a 404) and the admin login; and Fives and Threes: its new match,
a table after a bust (the board, "needs 1"), a partner who is out, an end that would bust.

axe runs with the tags wcag2a, wcag2aa, wcag21a and wcag21aa; a test fails listing each serious
or critical violation with its id, impact, help and the offending elements. Minor and moderate
findings are not failures. The board and the watch page poll every second: here their polls are
answered 204 (which htmx leaves unswapped), so axe never reads a page that is being replaced.

The last test checks that the watch page's drawing fits the phone through its redraws (its polls
run there, on a page of its own).
"""

import re
from dataclasses import dataclass

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from assistant.club import nights, seasons, store
from assistant.db import connect, immediate
from assistant.engine import replay, tile_name
from tests.live_server import LiveServer
from tests.records import blank, example, hand, record, won

pytestmark = pytest.mark.browser

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
BLOCKING = {"serious", "critical"}
PHONE = {"width": 360, "height": 740}
TV = {"width": 1920, "height": 1080}
POLLS = re.compile(r"/(board|watch/[^/]+)/live(\?.*)?$")

# Two hands: Ann goes out in the first (Bo's tiles are counted), then wins the second at once.
FINISHED = record(
    {"preset": "muggins", "target": 15, "hand_size": 2, "boneyard_reserve": 24},
    ["Ann", "Bo"],
    hand("Ann 5-0", "Bo 0-2 right", "Ann 5-6 left", left={"Bo": ["3-1"]}),
    hand("Ann 5-5"),
)


@dataclass
class Club:
    """The seeded server and the addresses of what it holds."""

    server: LiveServer
    mid: int = 0  # X and Y, Y to play, a spinner with four arms
    choice: str = ""  # a tile Y may lay on two ends that make different games
    finished: int = 0
    partnership: int = 0  # N + S against E + W, in hand 2
    settle: int = 0  # N went out: the pips left are asked for
    night: str = ""  # tonight, with a match won and a draw
    draw: int = 0
    turnable: int = 0  # X led 6-1, alone on the table: the lead may be turned
    fives_and_threes: int = 0  # Ann's bust, the next lead Bo's: the board, "needs 1"
    partner_out: int = 0  # Fives and Threes: Cy is out and passed over
    would_bust: int = 0  # Fives and Threes: 6-3 goes out on either end, one would bust
    fresh: int = 0  # X and Y, nothing played: who leads is asked

    def url(self, path: str) -> str:
        return self.server.url + path


def two_end_tile(match_record: dict) -> str:
    """A tile the player to play may lay on two ends that make different games."""
    match = replay(match_record)
    for tile in match.hand.unplayed():
        if len(match.hand.distinct_ends(tile)) > 1:
            return tile_name(tile)
    raise AssertionError("no tile fits two ends that make different games")


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    server = LiveServer(tmp_path_factory.mktemp("axe") / "live.sqlite")
    server.start()
    seeded = Club(server)
    mid = example("spinner-lead-four-arms")
    # The matches in play are entered here, entry by entry, as tables do (on the board).
    seeded.mid = server.played_here(mid)
    seeded.choice = two_end_tile(mid)
    seeded.finished = server.post_json("/api/matches", FINISHED)["id"]
    seeded.partnership = server.played_here(example("next-hand-led-by-winner"))
    unsettled = example("partnership-spinner-hand")
    del unsettled["hands"][0]["left"]
    seeded.settle = server.played_here(unsettled)
    server.post_json("/api/matches", blank(example("hoyle-lead-double-two-ends")))
    lead = record("all-fives", ["X", "Y"], hand("X 6-1"))
    seeded.turnable = server.played_here(lead)
    seed_fives_and_threes(seeded)
    seeded.fresh = server.post_json("/api/matches", record("muggins", ["X", "Y"]))["id"]
    seed_season(seeded)
    yield seeded
    server.stop()


def seed_fives_and_threes(seeded: Club) -> None:
    server = seeded.server
    bust = example("fives-and-threes-bust-going-out")
    created = server.post_json("/api/matches", bust | {"hands": bust["hands"][:2]})
    seeded.fives_and_threes = created["id"]
    pairs = example("fives-and-threes-partners-both-out")
    events = pairs["hands"][0]["events"][:20]
    seeded.partner_out = server.played_here(pairs | {"hands": [{"events": events}]})
    near = record({"preset": "fives-and-threes", "hand_size": 2}, ["Ann", "Bo"],
                  {"points": {"Ann": 58}}, hand("Ann 3-1", "Bo 1-6 right"))  # fmt: skip
    seeded.would_bust = server.post_json("/api/matches", near)["id"]


def seed_season(seeded: Club) -> None:
    """A season holding tonight, a match won tonight (the night's standings, on the board too)
    and tonight's draw, written to the server's file by the club's own functions."""
    seeded.night = nights.tonight()
    seeded.server.post_json("/api/matches", won("Ann Bo", seeded.night))
    seeded.server.accept_imported()
    db = connect(seeded.server.db)
    with immediate(db):
        seasons.save(db, "Autumn", seeded.night, seeded.night)
    eight = ["Ann", "Bo", "Cy", "Di", "Eva", "Finn", "Gus", "Hal"]
    seeded.draw = store.make_draw(db, seeded.night, "pairs_rotating", eight, 2, 2, "muggins", False)
    db.close()


@pytest.fixture(scope="module")
def screen(browser, browser_context_args, club):
    """The one page every test of the module drives; the live pages' polls are held still."""
    context = browser.new_context(**(browser_context_args | {"viewport": PHONE}))
    context.route(POLLS, lambda route: route.fulfill(status=204))
    page = context.new_page()
    page.errors = []  # what the browser's console says went wrong, screen by screen
    page.on("console", lambda message: message.type == "error" and page.errors.append(message.text))
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    yield page
    context.close()


# -- the screens: how to reach each one from the seeded club -----------------------------------


def home(page: Page, club: Club) -> None:
    page.goto(club.url("/"))
    expect(page.get_by_role("heading", name="In progress")).to_be_visible()


def new_match(page: Page, club: Club) -> None:
    page.goto(club.url("/matches/new"))
    expect(page.get_by_role("button", name="Start the match")).to_be_visible()


def table_mid_hand(page: Page, club: Club) -> None:
    page.goto(club.url(f"/matches/{club.mid}"))
    expect(page.get_by_text("Y to play")).to_be_visible()


def table_end_choice(page: Page, club: Club) -> None:
    table_mid_hand(page, club)
    page.get_by_role("button", name=club.choice, exact=True).click()
    expect(page.get_by_text(f"Where does {club.choice} go?")).to_be_visible()


def table_settlement(page: Page, club: Club) -> None:
    page.goto(club.url(f"/matches/{club.settle}"))
    expect(page.get_by_role("heading", name="N went out!")).to_be_visible()


def table_partnership(page: Page, club: Club) -> None:
    page.goto(club.url(f"/matches/{club.partnership}"))
    expect(page.locator(".scoreboard .side")).to_have_count(2)


def table_fix_list(page: Page, club: Club) -> None:
    table_mid_hand(page, club)
    page.get_by_role("button", name="Fix", exact=True).click()
    expect(page.locator(".entry-link")).to_have_count(5)


def table_fix_entry(page: Page, club: Club) -> None:
    table_fix_list(page, club)
    page.locator(".entry-link", has_text="5-1").click()
    expect(page.get_by_role("heading", name="Fix 5-1 by Y")).to_be_visible()


def table_lead_turnable(page: Page, club: Club) -> None:
    page.goto(club.url(f"/matches/{club.turnable}"))
    expect(page.get_by_role("button", name="⇄ Turn the lead")).to_be_visible()


def table_who_leads(page: Page, club: Club) -> None:
    page.goto(club.url(f"/matches/{club.fresh}"))
    expect(page.get_by_role("button", name="Pick at random")).to_be_visible()


def table_on_paper(page: Page, club: Club) -> None:
    table_who_leads(page, club)
    page.get_by_role("button", name="On paper").click()
    expect(page.get_by_role("heading", name="Score hand 1 on paper")).to_be_visible()


def table_finished(page: Page, club: Club) -> None:
    page.goto(club.url(f"/matches/{club.finished}"))
    expect(page.get_by_role("heading", name="Ann wins!")).to_be_visible()


def table_final(page: Page, club: Club) -> None:
    """The winner's screen once the table tapped Final: only the admin may change it now."""
    table_finished(page, club)
    final = page.get_by_role("button", name="Final")
    if final.count():
        final.click()
    expect(page.get_by_text("This match is final")).to_be_visible()


def new_fives_and_threes(page: Page, club: Club) -> None:
    new_match(page, club)
    page.locator("input[name=preset][value=fives-and-threes]").check()
    expect(page.get_by_text("Fives and Threes as your league plays it")).to_be_visible()
    page.wait_for_load_state("networkidle")


def fives_and_threes_table(page: Page, club: Club) -> None:
    page.goto(club.url(f"/matches/{club.fives_and_threes}"))
    # On the phone, before the next lead, the hand just settled is the news: the last tile says
    # "→ bust", its workings fold (the desk shows them).
    expect(page.locator(".last-play")).to_contain_text("→ bust")
    expect(page.get_by_text("63 would pass 61")).to_be_attached()


def fives_and_threes_partner_out(page: Page, club: Club) -> None:
    page.goto(club.url(f"/matches/{club.partner_out}"))
    expect(page.locator(".held li.out")).to_have_text("Cy out")


def fives_and_threes_end_choice(page: Page, club: Club) -> None:
    page.goto(club.url(f"/matches/{club.would_bust}"))
    page.get_by_role("button", name="6-3", exact=True).click()
    expect(page.get_by_text("Where does 6-3 go?")).to_be_visible()


def history(page: Page, club: Club) -> None:
    page.goto(club.url("/history"))
    expect(page.locator("#history-list .match-link").first).to_be_visible()


def match(page: Page, club: Club) -> None:
    page.goto(club.url(f"/history/{club.finished}"))
    expect(page.locator(".scorepad")).to_be_visible()


def match_partnership(page: Page, club: Club) -> None:
    page.goto(club.url(f"/history/{club.partnership}"))
    expect(page.locator(".scorepad")).to_be_visible()


def replay_step(page: Page, club: Club) -> None:
    page.goto(club.url(f"/history/{club.partnership}/replay?step=17"))
    expect(page.locator(".replay-layout svg")).to_be_visible()


def players(page: Page, club: Club) -> None:
    page.goto(club.url("/players"))
    expect(page.get_by_role("link", name="Ann", exact=True)).to_be_visible()


def player(page: Page, club: Club) -> None:
    players(page, club)
    page.get_by_role("link", name="Ann", exact=True).click()
    expect(page.get_by_role("heading", name="Ann")).to_be_visible()


def leaderboard(page: Page, club: Club) -> None:
    page.goto(club.url("/leaderboard"))
    expect(page.locator(".leaderboard")).to_be_visible()


def board(page: Page, club: Club) -> None:
    page.goto(club.url("/board"))
    expect(page.locator(".board-table")).to_have_count(7)  # every match of the club in play


def watch(page: Page, club: Club) -> None:
    page.goto(club.url(f"/matches/{club.mid}"))
    page.get_by_role("link", name="Watch page").click()
    expect(page.locator("#watch .layout svg")).to_be_visible()


def league(page: Page, club: Club) -> None:
    page.goto(club.url("/league"))
    expect(page.locator(".standings").first).to_be_visible()


def seasons_page(page: Page, club: Club) -> None:
    page.goto(club.url("/seasons"))
    expect(page.get_by_role("link", name=re.compile("Autumn"))).to_be_visible()


def nights_page(page: Page, club: Club) -> None:
    page.goto(club.url("/nights"))
    expect(page.locator(".night-list .match-link").first).to_be_visible()


def night(page: Page, club: Club) -> None:
    page.goto(club.url(f"/nights/{club.night}"))
    expect(page.locator(".night-winner")).to_be_visible()


def draw_form(page: Page, club: Club) -> None:
    page.goto(club.url(f"/nights/{club.night}/draw"))
    expect(page.get_by_role("button", name="Make the draw")).to_be_visible()


def draw(page: Page, club: Club) -> None:
    page.goto(club.url(f"/draws/{club.draw}"))
    expect(page.get_by_role("button", name="Start at table 1").first).to_be_visible()


def scoresheets(page: Page, club: Club) -> None:
    page.goto(club.url(f"/draws/{club.draw}/scoresheets"))
    expect(page.locator(".sheet").first).to_be_visible()


def error_404(page: Page, club: Club) -> None:
    response = page.goto(club.url("/history/999999"))
    assert response.status == 404


def admin_login(page: Page, club: Club) -> None:
    page.goto(club.url("/admin/login"))
    expect(page.get_by_label("Admin password")).to_be_visible()


SCREENS = [
    pytest.param(home, PHONE, id="home"),
    pytest.param(new_match, PHONE, id="new-match"),
    pytest.param(table_mid_hand, PHONE, id="table-mid-hand"),
    pytest.param(table_end_choice, PHONE, id="table-end-choice"),
    pytest.param(table_settlement, PHONE, id="table-settlement"),
    pytest.param(table_partnership, PHONE, id="table-partnership"),
    pytest.param(table_fix_list, PHONE, id="table-fix-list"),
    pytest.param(table_fix_entry, PHONE, id="table-fix-entry"),
    pytest.param(table_lead_turnable, PHONE, id="table-lead-turnable"),
    pytest.param(table_who_leads, PHONE, id="table-who-leads"),
    pytest.param(table_on_paper, PHONE, id="table-on-paper"),
    pytest.param(table_finished, PHONE, id="table-finished"),
    pytest.param(table_final, PHONE, id="table-final"),
    pytest.param(new_fives_and_threes, PHONE, id="new-fives-and-threes"),
    pytest.param(fives_and_threes_table, PHONE, id="fives-and-threes-table"),
    pytest.param(fives_and_threes_partner_out, PHONE, id="fives-and-threes-partner-out"),
    pytest.param(fives_and_threes_end_choice, PHONE, id="fives-and-threes-end-choice"),
    pytest.param(history, PHONE, id="history"),
    pytest.param(match, PHONE, id="match"),
    pytest.param(match_partnership, PHONE, id="match-partnership"),
    pytest.param(replay_step, PHONE, id="replay"),
    pytest.param(players, PHONE, id="players"),
    pytest.param(player, PHONE, id="player"),
    pytest.param(leaderboard, PHONE, id="leaderboard"),
    pytest.param(board, PHONE, id="board-phone"),
    pytest.param(board, TV, id="board-tv"),
    pytest.param(watch, PHONE, id="watch"),
    pytest.param(league, PHONE, id="league"),
    pytest.param(seasons_page, PHONE, id="seasons"),
    pytest.param(nights_page, PHONE, id="nights"),
    pytest.param(night, PHONE, id="night"),
    pytest.param(draw_form, PHONE, id="draw-form"),
    pytest.param(draw, PHONE, id="draw"),
    pytest.param(scoresheets, PHONE, id="scoresheets"),
    pytest.param(error_404, PHONE, id="error-404"),
    pytest.param(admin_login, PHONE, id="admin-login"),
]


def blocking(results: dict) -> list[str]:
    """Each serious or critical violation: its id, impact, help and the elements at fault."""
    lines = []
    for violation in results["violations"]:
        if violation["impact"] not in BLOCKING:
            continue
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"]:
            target = " ".join(str(t) for t in node["target"])
            lines.append(f"    {target}: {node.get('failureSummary', '').splitlines()[-1].strip()}")
    return lines


@pytest.mark.parametrize(("reach", "viewport"), SCREENS)
def test_no_serious_violation(screen: Page, club: Club, reach, viewport):
    screen.set_viewport_size(viewport)
    screen.errors.clear()
    reach(screen, club)
    options = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}
    results = Axe().run(screen, options=options).response
    found = blocking(results)
    assert not found, f"axe on {screen.url}:\n" + "\n".join(found)
    # No console error on any screen (the error page's own 404 is what it is there to show).
    assert [e for e in screen.errors if "status of 404" not in e] == [], screen.url


def test_the_watch_drawing_fits_the_phone_through_a_redraw(page: Page, club: Club):
    """The drawing fits its box (nothing scrolls sideways, so a redraw every second has no
    scroll position to lose, and no keyboard stop is needed)."""
    watch(page, club)
    for _ in range(2):
        drawing = page.locator("#watch .layout")
        scroll, width = drawing.evaluate("element => [element.scrollWidth, element.clientWidth]")
        assert scroll <= width
        box = page.locator("#watch .layout svg").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        drawing.evaluate("element => { element.dataset.before = 'redraw'; }")
        # The watch page is drawn again when its match changes (a poll is a 304 meanwhile): the
        # piece asked for whole, as after a change, draws a new drawing (without the mark).
        page.evaluate(
            "() => htmx.ajax('GET', document.getElementById('watch').getAttribute('hx-get'),"
            " {source: document.body, target: '#watch', swap: 'outerHTML'})"
        )
        expect(page.locator("#watch .layout:not([data-before])")).to_be_attached()
