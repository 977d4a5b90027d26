"""axe-core on the table at every step of a hand, as a player meets it on a phone (360×740)
against the real server: who leads, the lead, plays, an end asked, a draw, a pass tapped with
no network (waiting on the phone, marked), the hand's end with the pips form and its tile lists
open (also while the preview is being worked out), Confirm, the next hand, Fix (the list and one
entry), Undo, the match won and Final; in Muggins and All Fives (a spinner), then a Fives and
Threes hand (Knock, the cribbage board); what the phone draws itself with no network (the
table foreseen, an end asked, the pips, who leads, the next hand led); the same moments in
Danish, Swedish and French; then the watch page and the board once.

axe runs with the WCAG 2.1 A/AA tags after each step; each test fails listing every serious or
critical violation it met, with its rule, the elements at fault and the step. The watch page's
and the board's polls are answered 204 (left unswapped), so axe never reads a page being
replaced.

With TABLE_SHOTS set to a folder, each step is also saved there as PNGs, at 360×740 and at
1280×800 (`axe-<preset or test>-<step number>-<size>.png`)."""

import os
import re
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from assistant.engine import replay, tile_name
from tests.browser import saved, tap, version
from tests.live_server import LiveServer
from tests.records import hand, record

pytestmark = pytest.mark.browser

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
BLOCKING = {"serious", "critical"}
POLLS = re.compile(r"/(board|watch/[^/]+)/live(\?.*)?$")
# Two tiles each and one to draw: a draw, then a pass once the boneyard is empty.
SMALL = {"hand_size": 2, "boneyard_reserve": 23}
# Ann's lead of 5-5 in hand 2 wins: Muggins gives her Bo's 5 pips after hand 1, All Fives
# takes them from Bo.
TARGET = {"muggins": 25, "all-fives": 20}


class Audit:
    """axe run on the page after each step; what it found, step by step."""

    def __init__(self, page: Page, name: str):
        self.page = page
        self.name = name  # the screenshots' (see above)
        self.found: list[str] = []
        self.steps: list[str] = []

    def __call__(self, step: str) -> None:
        self.steps.append(step)
        self.shoot()
        options = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}
        results = Axe().run(self.page, options=options).response
        for violation in results["violations"]:
            if violation["impact"] not in BLOCKING:
                continue
            for node in violation["nodes"]:
                target = " ".join(str(t) for t in node["target"])
                why = node.get("failureSummary", "").splitlines()[-1].strip()
                self.found.append(
                    f"[{step}] {violation['id']} ({violation['impact']}): {target}: {why}"
                )

    def shoot(self) -> None:
        folder = os.environ.get("TABLE_SHOTS")
        if not folder:
            return
        for size, (width, height) in {"phone": (360, 740), "desk": (1280, 800)}.items():
            self.page.set_viewport_size({"width": width, "height": height})
            path = Path(folder) / f"axe-{self.name}-{len(self.steps):02}-{size}.png"
            self.page.screenshot(path=str(path))
        self.page.set_viewport_size({"width": 360, "height": 740})

    def clean(self) -> None:
        assert not self.found, "axe on the table:\n" + "\n".join(self.found)


@pytest.fixture
def audit(page: Page, request) -> Audit:
    page.set_default_timeout(8000)
    test = request.node.originalname.removeprefix("test_")
    variant = getattr(request.node, "callspec", None)
    name = variant.params["preset"] if variant and "preset" in variant.params else test
    return Audit(page, name)


def table(page: Page, server: LiveServer, match_record: dict) -> int:
    match_id = server.post_json("/api/matches", match_record)["id"]
    page.goto(f"{server.url}/matches/{match_id}")
    return match_id


def end_asked(page: Page, tile: str) -> None:
    page.get_by_role("button", name=tile, exact=True).click()
    expect(page.get_by_text(f"Where does {tile} go?")).to_be_visible()


def open_tiles(page: Page) -> None:
    """The first player's tiles to tick, shown (one tile held: shown already)."""
    tiles = page.locator(".left-tiles").first
    if tiles.get_attribute("open") is None:
        tiles.locator("summary").click()
    expect(tiles.locator(".tile-grid")).to_be_visible()


def first_end(page: Page) -> None:
    before = version(page)
    page.locator(".end-choice button.end").first.click()
    saved(page, before)


@pytest.mark.parametrize("preset", ["muggins", "all-fives"])
def test_a_whole_match_has_no_serious_violation_at_any_step(page: Page, server, audit, preset):
    table(page, server, record({"preset": preset, "target": TARGET[preset]} | SMALL, "Ann Bo"))
    expect(page.get_by_role("heading", name="Who leads hand 1?")).to_be_visible()
    audit("who leads")
    tap(page, "Ann")
    audit("the lead asked")
    tap(page, "6-4")
    audit("led")
    tap(page, "Draw")
    audit("drew")
    tap(page, "4-1")
    audit("played")
    # Pass tapped with no network: it waits on the phone, marked, and is said to wait.
    before = version(page)
    page.context.set_offline(True)
    page.get_by_role("button", name="Pass", exact=True).click()
    expect(page.locator("#taps")).to_be_visible()
    audit("a tap waiting, offline")
    page.context.set_offline(False)
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    saved(page, before)
    audit("passed")
    tap(page, "1-1")
    # 6-1 on the 6 leaves 1 and the double 1-1; on the 1-1 it leaves two sixes.
    end_asked(page, "6-1")
    audit("an end asked")
    first_end(page)
    expect(page.get_by_role("heading", name="Ann went out!")).to_be_visible()
    audit("the pips asked")
    open_tiles(page)
    # While the preview is worked out (held here) the fields stay as they are, readable.
    held = []
    page.route("**/left/preview", lambda route: held.append(route))
    page.get_by_role("checkbox", name="3-2").check()
    expect(page.locator("#table .asking")).to_have_count(1)
    audit("the tiles ticked, the preview asked")
    for route in held:
        route.continue_()
    page.unroute("**/left/preview")
    expect(page.get_by_label("Pips left by Bo")).to_have_value("5")
    expect(page.locator("#preview .outcome")).to_be_visible()
    audit("the tiles ticked")
    tap(page, "Confirm")
    audit("the hand confirmed")
    lead = page.get_by_role("heading", name="Who leads hand 2?")
    if lead.count():
        audit("who leads the next hand")
        tap(page, "Ann")
    tap(page, "3-2")
    audit("the next hand led")
    page.get_by_role("button", name="Fix", exact=True).click()
    expect(page.get_by_role("heading", name=re.compile("Fix an entry"))).to_be_visible()
    audit("Fix: the entries")
    page.locator(".entry-link").first.click()
    expect(page.get_by_role("heading", name=re.compile("Fix 3-2"))).to_be_visible()
    audit("Fix: one entry")
    page.get_by_role("button", name="Back to the list").click()
    page.get_by_role("button", name="Back to the table").click()
    expect(page.get_by_role("button", name="Undo")).to_be_visible()
    tap(page, "Undo")
    audit("undone")
    tap(page, "5-5")
    expect(page.get_by_role("heading", name="Ann wins!")).to_be_visible()
    audit("the match won")
    page.get_by_role("button", name="Final").click()
    expect(page.get_by_text("This match is final")).to_be_visible()
    audit("final")
    audit.clean()


# Ann leads 6-3; with no network Bo's 5-3, then Ann's 6-5 (asked: left 6, right 5).
# Then a blocked hand (two tiles each, nothing to draw): its pips and who leads asked on the phone.
LED = record("muggins", "Ann Bo", hand("Ann 6-3"))
NEARLY_BLOCKED = record(
    {"preset": "all-fives", "hand_size": 2, "boneyard_reserve": 22},
    "Ann Bo Cy",
    hand("Ann 6-6", "Bo pass", "Cy pass"),
)


def test_a_hand_with_no_network_has_no_serious_violation(page: Page, server, audit):
    """What the phone draws by itself: the end asked, the table foreseen, the pips asked when
    the hand ends, who leads the next, and the next hand led."""
    table(page, server, LED)
    page.context.set_offline(True)
    tile = page.locator("#table form.picker")
    tile.get_by_role("button", name="5-3", exact=True).click()
    audit("a tile waiting, the table foreseen")
    tile.get_by_role("button", name="6-5", exact=True).click()
    expect(page.locator(".end-choice.foreseen")).to_be_visible()
    audit("an end asked on the phone")
    page.context.set_offline(False)

    table(page, server, NEARLY_BLOCKED)
    page.context.set_offline(True)
    page.get_by_role("button", name="Pass", exact=True).click()
    expect(page.get_by_label("Pips left by Bo")).to_be_visible()
    audit("the pips asked on the phone")
    for player, pips in (("Ann", 5), ("Bo", 7), ("Cy", 9)):
        page.get_by_label(f"Pips left by {player}").fill(str(pips))
    page.get_by_role("button", name="Confirm", exact=True).click()
    expect(page.get_by_role("heading", name="Who leads hand 2?")).to_be_visible()
    audit("who leads asked on the phone")
    page.locator("#table .lead-choice").get_by_role("button", name="Bo", exact=True).click()
    tile.get_by_role("button", name="5-0", exact=True).click()
    expect(page.locator(".turn .whose")).to_have_text("Cy to play")
    audit("the next hand led on the phone")
    page.context.set_offline(False)
    audit.clean()


# Fives and Threes, Ann leads: 6-6 scores 4; Bo knocks; his 2-3 makes 12 + 3 = 15 (8); Ann
# chips out with 1-2.
FIVES_AND_THREES = ["Ann 6-6", "Bo 6-1 right", "Ann 1-0 right", "Bo knock", "Ann 0-2 right",
                    "Bo 2-3 right", "Ann 3-4 right", "Bo 6-5 left", "Ann 4-4 right",
                    "Bo 5-5 left", "Ann 4-1 right", "Bo 1-1 right", "Ann 1-2 right"]  # fmt: skip


def test_a_fives_and_threes_hand_has_no_serious_violation(page: Page, server, audit):
    audit.name = "fives-and-threes"
    match_id = table(page, server, record("fives-and-threes", "Ann Bo"))
    tap(page, "Ann")
    for step in FIVES_AND_THREES:
        player, action, *end = step.split()
        expect(page.locator("#table")).to_have_attribute("data-turn", player)
        if action == "knock":
            tap(page, "Knock")
        elif (
            end
            and len(
                replay(server.get_json(f"/api/matches/{match_id}")["record"]).end_choices(
                    tile_name(action)
                )
            )
            > 1
        ):
            before = version(page)
            end_asked(page, tile_name(action))
            audit(f"{step}: the end asked")
            page.get_by_role("button", name=end[0], exact=True).click()
            saved(page, before)
        else:
            tap(page, tile_name(action))
        audit(step)
    expect(page.locator(".board svg, svg.board").first).to_be_visible()
    audit.clean()


def test_the_watch_page_and_the_board_have_no_serious_violation(page: Page, server, audit):
    audit.name = "live"
    page.context.route(POLLS, lambda route: route.fulfill(status=204))
    table(page, server, record("muggins", "Ann Bo"))
    tap(page, "Ann")
    tap(page, "6-4")
    page.get_by_role("link", name="Watch page").click()
    expect(page.locator("#watch .layout svg")).to_be_visible()
    audit("the watch page")
    page.goto(server.url + "/board")
    expect(page.locator(".board-table").first).to_be_visible()
    audit("the board")
    audit.clean()


# The same hand's moments, reached from records sent whole, in each other language: longer
# words, other names on the buttons (found here by their place, not their words).
BEFORE_THE_END = ("Ann 6-4", "Bo draw 1", "Bo 4-1 right", "Ann pass", "Bo 1-1 right")


@pytest.mark.parametrize("language", ["da", "sv", "fr"])
def test_the_hand_in_each_language_has_no_serious_violation(page: Page, server, audit, language):
    audit.name = language
    page.goto(f"{server.url}/language/{language}?next=/")
    rules = {"preset": "muggins", "target": 25} | SMALL
    table(page, server, record(rules, "Ann Bo"))
    expect(page.locator(".lead-choice")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", language)
    audit("who leads")
    table(page, server, record(rules, "Ann Bo", hand(*BEFORE_THE_END)))
    audit("mid-hand")
    end_asked_anywhere(page, "6-1")
    audit("an end asked")
    first_end(page)
    expect(page.locator(".settle")).to_be_visible()
    open_tiles(page)
    audit("the pips asked, the tiles open")
    page.locator(".fix-link").click()
    expect(page.locator(".entry-link").first).to_be_visible()
    audit("Fix: the entries")
    page.locator(".entry-link").first.click()
    expect(page.locator("#fix-title")).to_be_visible()
    audit("Fix: one entry")
    won = record({"preset": "muggins", "target": 10}, "Ann Bo", hand("Ann 5-5"))
    table(page, server, won)
    expect(page.locator(".winner-screen")).to_be_visible()
    audit("the match won")
    knocked = record("fives-and-threes", "Ann Bo", hand("Ann 6-6", "Bo 6-1 right", "Ann pass"))
    table(page, server, knocked)
    expect(page.locator(".board svg, svg.board").first).to_be_visible()
    audit("Fives and Threes, a knock")
    audit.clean()


def end_asked_anywhere(page: Page, tile: str) -> None:
    page.get_by_role("button", name=tile, exact=True).click()
    expect(page.locator(".end-choice")).to_be_visible()
