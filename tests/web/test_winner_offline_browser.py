"""The match won by taps waiting on the phone (no network): the phone draws the winner's screen
itself, in the server's words — who wins, the winning line, the hand's settlement — and once
the network is back the server's screen reads the same, in every language. Undo still takes
the winning tap back (on the server's own winner's screen too); Final waits like any tap;
Rematch, the scorepad and Home say plainly that they need the network. axe-core finds no
serious violation on the screen the phone draws.

With TABLE_SHOTS set to a folder, the screens are saved there at 360×740
(`winner-<test>-<step>.png`)."""

import os
import re
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.browser import kept_by_worker, online, sent, tile, version
from tests.live_server import call
from tests.records import D, play, record
from tests.web.test_layout_screen_browser import drawn

pytestmark = pytest.mark.browser

MUGGINS = {"preset": "muggins", "target": 10}
# Ann leads 5-0 (5), Bo 0-0 on the right (5 + 0: Bo 5); Ann's 5-5, on the 5, (10 + 0) wins.
BEFORE_WIN = record(
    MUGGINS, ["Ann", "Bo"], {"events": [play("Ann", "5-0"), play("Bo", "0-0", "right")]}
)
# The same at Fives and Threes to 3, partners Ann + Cy against Bo + Di: 5-0 scores 1 for Ann +
# Cy, 0-0 on the right 1 for Bo + Di, Cy's 5-5 on the left (count 10) 2: Ann + Cy on 3.
PARTNERS = record(
    {"preset": "fives-and-threes", "target": 3},
    ["Ann", "Bo", "Cy", "Di"],
    {"events": [play("Ann", "5-0"), play("Bo", "0-0", "right")]},
    partnership=True,
)
# Fives and Threes to 4, two tiles each: Ann's 5-5 (count 10: 2) is her last tile, and going
# out scores 1 more: 1 + 2 + 1 = 4.
CHIPS_OUT = record(
    {"preset": "fives-and-threes", "target": 4, "hand_size": 2},
    ["Ann", "Bo"],
    {"events": [play("Ann", "5-0"), play("Bo", "0-0", "right")]},
)
# records.D up to Bo's 0-2: Ann goes out with 6-5 on the 5 (left), Bo's 4 pips → 5 take her to 10.
BEFORE_SETTLEMENT = D | {"hands": [{"events": D["hands"][0]["events"][:2]}]}


def shot(page, name: str) -> None:
    folder = os.environ.get("TABLE_SHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"winner-{name}.png"))


def said(page) -> dict:
    """What the winner's screen says: who wins, how, and the hand's settlement."""
    screen = page.locator("#table .winner-screen:visible")
    expect(screen).to_have_count(1)

    def text(selector: str) -> str:
        found = screen.locator(selector)
        return re.sub(r"\s+", " ", found.first.inner_text()).strip() if found.count() else ""

    return {"heading": text("h1"), "winning": text(".winning"), "settlement": text(".last-play")}


def events(server, match_id: int) -> list[dict]:
    _, body = call(f"{server.url}/api/matches/{match_id}", method="GET")
    return [e for hand in body["record"]["hands"] for e in hand["events"]]


def fresh(server, browser, browser_context_args, match_id: int, language: str = "") -> dict:
    """The winner's screen as a phone that never waited draws it: the server's."""
    context = browser.new_context(**browser_context_args, service_workers="block")
    page = context.new_page()
    if language:
        page.goto(f"{server.url}/language/{language}?next=/")
    page.goto(f"{server.url}/matches/{match_id}")
    drawn = said(page)
    context.close()
    return drawn


def won_offline(server, phone, match_record: dict, winning: str) -> tuple[int, int]:
    """The match on the phone, the network gone, the winning tile tapped; its id and the
    version the table showed."""
    match_id = server.played_here(match_record)
    phone.goto(f"{server.url}/matches/{match_id}")
    before = version(phone)
    phone.context.set_offline(True)
    tile(phone, winning).click()
    return match_id, before


def test_the_winning_tile_tapped_offline_shows_the_winner_as_the_server_will(
    server, phone, browser, browser_context_args
):
    match_id, before = won_offline(server, phone, BEFORE_WIN, "5-5")
    screen = phone.locator("#table .winner-screen")
    expect(screen.locator("h1")).to_have_text("Ann wins!")
    expect(screen.locator(".winning")).to_have_text("Won with 5-5 by Ann: count 10, +10.")
    expect(screen).to_contain_text("Wrong tile? Undo still works here")
    expect(phone.locator("#table form.picker")).to_be_hidden()
    expect(phone.locator("#taps .taps-count")).to_contain_text("1 tap waiting")
    shot(phone, "tile-offline")
    foreseen = said(phone)

    online(phone)
    sent(phone, before + 1)
    assert said(phone) == foreseen
    assert fresh(server, browser, browser_context_args, match_id) == foreseen
    shot(phone, "tile-online")


def test_partners_at_fives_and_threes_win_as_a_side(server, phone, browser, browser_context_args):
    match_id, before = won_offline(server, phone, PARTNERS, "5-5")
    screen = phone.locator("#table .winner-screen")
    expect(screen.locator("h1")).to_have_text("Ann + Cy win!")
    expect(screen.locator(".winning")).to_have_text("Won with 5-5 by Cy: count 10, +2.")
    shot(phone, "partners-offline")
    foreseen = said(phone)

    online(phone)
    sent(phone, before + 1)
    assert said(phone) == foreseen
    assert fresh(server, browser, browser_context_args, match_id) == foreseen


def test_going_out_at_fives_and_threes_says_the_chip_out(
    server, phone, browser, browser_context_args
):
    match_id, before = won_offline(server, phone, CHIPS_OUT, "5-5")
    screen = phone.locator("#table .winner-screen")
    expect(screen.locator("h1")).to_have_text("Ann wins!")
    expect(screen.locator(".last-play")).to_contain_text("Ann chips out: +1.")
    foreseen = said(phone)

    online(phone)
    sent(phone, before + 1)
    assert said(phone) == foreseen
    assert fresh(server, browser, browser_context_args, match_id) == foreseen


def test_a_match_won_by_the_settlement_offline(server, phone, browser, browser_context_args):
    match_id, before = won_offline(server, phone, BEFORE_SETTLEMENT, "6-5")
    pips = phone.get_by_role("spinbutton", name="Pips left by Bo")
    pips.fill("4")
    phone.get_by_role("button", name="Confirm").click()
    screen = phone.locator("#table .winner-screen")
    expect(screen.locator("h1")).to_have_text("Ann wins!")
    expect(screen.locator(".winning")).to_have_text("Won on the settlement of hand 1: +5.")
    expect(screen.locator(".last-play")).to_contain_text("Ann went out.")
    shot(phone, "settlement-offline")
    foreseen = said(phone)

    online(phone)
    sent(phone, before + 2)
    assert said(phone) == foreseen
    assert fresh(server, browser, browser_context_args, match_id) == foreseen


@pytest.mark.parametrize("language", ["da", "sv", "fr"])
@pytest.mark.parametrize("by", ["tile", "settlement"])
def test_the_winner_in_each_language_reads_as_the_servers(
    server, phone, browser, browser_context_args, language, by
):
    """The side's plural, the winning line and the settlement in the page's language (French's
    narrow space before "!")."""
    phone.goto(f"{server.url}/language/{language}?next=/")
    if by == "tile":
        match_id, before = won_offline(server, phone, PARTNERS, "5-5")
    else:
        match_id, before = won_offline(server, phone, BEFORE_SETTLEMENT, "6-5")
        phone.locator("#table input[name='pips:Bo']").fill("4")
        phone.locator("#table form.settle.foreseen button[type=submit]").click()
    expect(phone.locator("#table .winner-screen h1")).to_be_visible()
    foreseen = said(phone)
    online(phone)
    sent(phone, before + (1 if by == "tile" else 2))
    assert fresh(server, browser, browser_context_args, match_id, language) == foreseen


def test_undo_offline_takes_the_winning_tile_back(server, phone):
    match_id, before = won_offline(server, phone, BEFORE_WIN, "5-5")
    expect(phone.locator("#table .winner-screen h1")).to_have_text("Ann wins!")
    phone.locator("#table").get_by_role("button", name="Undo").click()
    expect(phone.locator("#table .winner-screen")).to_have_count(0)
    expect(phone.locator(".turn .whose")).to_have_text("Ann to play")
    expect(tile(phone, "5-5")).to_be_enabled()
    shot(phone, "undo-offline")
    tile(phone, "5-5").click()  # again: the match is won again, once
    expect(phone.locator("#table .winner-screen h1")).to_have_text("Ann wins!")

    online(phone)
    sent(phone, before + 3)
    assert events(server, match_id) == [
        {"player": "Ann", "play": "5-0"},
        {"player": "Bo", "play": "0-0", "end": "right"},
        {"player": "Ann", "play": "5-5"},
    ]
    expect(phone.locator("#table .winner-screen h1")).to_have_text("Ann wins!")


def test_undo_offline_on_the_servers_winner_screen_brings_the_table_back(server, phone):
    won = BEFORE_WIN["hands"][0]["events"] + [play("Ann", "5-5")]
    match_id = server.played_here(BEFORE_WIN | {"hands": [{"events": won}]})
    phone.goto(f"{server.url}/matches/{match_id}")
    before = version(phone)
    phone.context.set_offline(True)
    phone.locator("#table").get_by_role("button", name="Undo").click()
    expect(phone.locator("#table .winner-screen")).to_be_hidden()
    expect(phone.locator(".turn .whose")).to_have_text("Ann to play")
    expect(phone.locator(".scoreboard .side").first.locator(".score")).to_have_text("5")
    expect(phone.locator("#table").get_by_role("button", name="Draw")).to_be_enabled()
    shot(phone, "undo-on-servers-screen")
    tile(phone, "5-5").click()
    expect(phone.locator("#table .winner-screen:visible h1")).to_have_text("Ann wins!")

    online(phone)
    sent(phone, before + 2)
    assert events(server, match_id) == won
    expect(phone.locator("#table .winner-screen h1")).to_have_text("Ann wins!")


def test_fix_offline_on_the_table_taken_back_from_the_servers_winner_screen(
    server, kept_phone, browser, browser_context_args
):
    """The winning 5-5 undone with no network, Fix is there as on any table: Bo's 0-0 was
    really 0-4, so Bo has nothing and the ends are 5 and 4; Ann's 5-1 (count 5) then wins."""
    phone = kept_phone
    won = BEFORE_WIN["hands"][0]["events"] + [play("Ann", "5-5")]
    match_id = server.played_here(BEFORE_WIN | {"hands": [{"events": won}]})
    phone.goto(f"{server.url}/matches/{match_id}")
    kept_by_worker(phone)
    before = version(phone)
    fix = phone.locator("#table").get_by_role("button", name="Fix", exact=True)
    expect(fix).to_have_count(0)  # none on the winner's screen
    phone.context.set_offline(True)
    phone.locator("#table").get_by_role("button", name="Undo").click()
    expect(phone.locator(".turn .whose")).to_have_text("Ann to play")
    expect(fix).to_be_visible()
    shot(phone, "fix-taken-back")
    fix.click()
    entries = phone.locator(".entry-link")
    expect(entries).to_have_count(2)
    expect(entries.first).to_contain_text("2 Bo 0-0 on the right · count 5 · +5")
    entries.first.click()
    expect(phone.get_by_role("heading", name="Fix 0-0 by Bo")).to_be_visible()
    tile(phone, "4-0").click()
    scores = phone.locator(".scoreboard .side .score")
    expect(scores).to_have_text(["5", "0"])
    expect(phone.locator(".open-ends li")).to_have_text(["left 5", "right 4", "count 9"])
    expect(phone.locator(".turn .whose")).to_have_text("Ann to play")
    tile(phone, "5-1").click()
    expect(phone.locator("#table .winner-screen:visible h1")).to_have_text("Ann wins!")
    expect(fix).to_be_hidden()
    foreseen = said(phone)
    assert foreseen["winning"] == "Won with 5-1 by Ann: count 5, +5."

    online(phone)
    sent(phone, before + 3)
    assert events(server, match_id) == [
        {"player": "Ann", "play": "5-0"},
        {"player": "Bo", "play": "4-0", "end": "right"},
        {"player": "Ann", "play": "5-1"},
    ]
    assert said(phone) == foreseen
    assert fresh(server, browser, browser_context_args, match_id) == foreseen


def test_the_layout_offline_on_the_table_taken_back_from_the_servers_winner_screen(server, phone):
    """The layout button comes back with the hand, and the phone draws the layout as the
    server's own screen will once the Undo is recorded."""
    won = BEFORE_WIN["hands"][0]["events"] + [play("Ann", "5-5")]
    match_id = server.played_here(BEFORE_WIN | {"hands": [{"events": won}]})
    phone.goto(f"{server.url}/matches/{match_id}")
    before = version(phone)
    layout = phone.locator("#table").get_by_role("button", name="The layout")
    expect(layout).to_be_hidden()
    phone.context.set_offline(True)
    phone.locator("#table").get_by_role("button", name="Undo").click()
    expect(phone.locator(".turn .whose")).to_have_text("Ann to play")
    layout.click()
    foreseen = drawn(phone)
    assert len(foreseen["tiles"]) == 2
    assert foreseen["ends"] == ["left 5", "right 0 double", "count 5"]
    assert foreseen["back"] and not foreseen["picker"]
    shot(phone, "layout-taken-back")

    online(phone)
    sent(phone, before + 1)
    assert drawn(phone) == foreseen
    phone.get_by_role("button", name="Back to the tiles").click()
    expect(tile(phone, "5-5")).to_be_enabled()
    phone.goto(f"{server.url}/matches/{match_id}?layout=1")  # the server's own screen
    assert drawn(phone) == foreseen


# Muggins to 10, nothing played yet: Ann's lead 6-4 (count 10) wins at once.
TO_10 = record(MUGGINS, ["Ann", "Bo"])


def lead_row(page) -> str:
    """What the winner's screen says of a winning lead: its open ends, and Turn the lead."""
    row = page.locator("#table .winner-screen:visible .ends-row")
    return re.sub(r"\s+", " ", row.inner_text()).strip() if row.count() else ""


def turn_lead(page):
    return page.locator("#table .winner-screen:visible").get_by_role(
        "button", name="⇄ Turn the lead"
    )


def test_the_winning_lead_is_turned_round_offline_on_the_phones_winner_screen(
    server, kept_phone, browser, browser_context_args
):
    """As the server's screen offers it, the phone's offers to turn a winning lead round: the
    ends turn at once, and once the network is back the record holds the lead turned, once."""
    phone = kept_phone
    match_id = server.played_here(TO_10)
    phone.goto(f"{server.url}/matches/{match_id}")
    kept_by_worker(phone)
    phone.locator("#table .lead-choice").get_by_role("button", name="Ann").click()
    expect(phone.locator(".turn .whose")).to_have_text("Ann leads hand 1")
    expect(phone.locator("#taps")).to_be_hidden()  # the choice recorded
    before = version(phone)
    phone.context.set_offline(True)
    tile(phone, "6-4").click()
    expect(phone.locator("#table .winner-screen h1")).to_have_text("Ann wins!")
    ends = phone.locator("#table .winner-screen:visible .open-ends li")
    expect(ends).to_have_text(["left 6", "right 4", "count 10"])
    turn_lead(phone).click()
    expect(ends).to_have_text(["left 4", "right 6", "count 10"])
    waiting = phone.locator("#taps .taps-count")
    expect(waiting).to_contain_text("2 taps waiting: 6-4, ⇄ Turn the lead")
    expect(turn_lead(phone)).to_be_visible()  # as on the server's: it may be turned back
    shot(phone, "lead-turned-offline")
    foreseen = said(phone), lead_row(phone)

    online(phone)
    sent(phone, before + 2)
    assert events(server, match_id) == [{"player": "Ann", "play": "4-6"}]
    assert (said(phone), lead_row(phone)) == foreseen
    page = browser.new_context(**browser_context_args, service_workers="block").new_page()
    page.goto(f"{server.url}/matches/{match_id}")
    assert (said(page), lead_row(page)) == foreseen
    page.context.close()


@pytest.mark.parametrize("language", ["da", "fr"])
def test_the_winning_lead_in_each_language_reads_as_the_servers(
    server, kept_phone, browser, browser_context_args, language
):
    """The ends, their count and Turn the lead in the page's language, the lead turned once."""
    phone = kept_phone
    phone.goto(f"{server.url}/language/{language}?next=/")
    match_id = server.played_here(TO_10)
    phone.goto(f"{server.url}/matches/{match_id}")
    kept_by_worker(phone)
    phone.locator("#table .lead-choice button[value=Ann]").click()
    expect(phone.locator("#taps")).to_be_hidden()
    before = version(phone)
    phone.context.set_offline(True)
    tile(phone, "6-4").click()
    phone.locator("#table .winner-screen:visible .turn-lead").click()
    expect(phone.locator("#table .winner-screen:visible .open-ends li").first).to_contain_text("4")
    foreseen = said(phone), lead_row(phone)
    assert "⇄" in foreseen[1]
    online(phone)
    sent(phone, before + 2)
    context = browser.new_context(**browser_context_args, service_workers="block")
    page = context.new_page()
    page.goto(f"{server.url}/language/{language}?next=/")
    page.goto(f"{server.url}/matches/{match_id}")
    assert (said(page), lead_row(page)) == foreseen
    context.close()


def test_the_winning_lead_turned_offline_on_the_servers_winner_screen(server, kept_phone):
    """Turn the lead tapped on the server's own screen with no network: the phone's screen takes
    its place with the ends turned; Final after it, the button goes, as on the server's."""
    phone = kept_phone
    match_id = server.played_here(TO_10 | {"hands": [{"events": [play("Ann", "6-4")]}]})
    phone.goto(f"{server.url}/matches/{match_id}")
    kept_by_worker(phone)
    before = version(phone)
    served = lead_row(phone)
    assert served == "left 6 right 4 count 10 ⇄ Turn the lead"
    phone.context.set_offline(True)
    expect(turn_lead(phone)).to_be_visible()
    turn_lead(phone).click()
    expect(phone.locator("#table .winner-screen:visible .open-ends li")).to_have_text(
        ["left 4", "right 6", "count 10"]
    )
    phone.locator("#table .winner-screen:visible").get_by_role("button", name="Final").click()
    expect(phone.locator("#table .winner-screen:visible")).to_contain_text("This match is final")
    expect(phone.locator("#table .winner-screen:visible .ends-row")).to_have_count(0)

    online(phone)
    sent(phone, before + 1)
    assert events(server, match_id) == [{"player": "Ann", "play": "4-6"}]
    expect(phone.locator("#table .winner-screen:visible")).to_contain_text(
        "This match is final: only the club admin can change it now."
    )
    expect(phone.locator("#table .winner-screen:visible .ends-row")).to_have_count(0)


def test_undo_offline_at_fives_and_threes_brings_back_knock(server, phone):
    won = PARTNERS["hands"][0]["events"] + [play("Cy", "5-5")]
    match_id = server.played_here(PARTNERS | {"hands": [{"events": won}]})
    phone.goto(f"{server.url}/matches/{match_id}")
    phone.context.set_offline(True)
    phone.locator("#table").get_by_role("button", name="Undo").click()
    expect(phone.locator(".turn .whose")).to_have_text("Cy to play")
    expect(phone.locator("#table").get_by_role("button", name="Knock")).to_be_enabled()


def test_undo_offline_of_the_winning_settlement_asks_the_pips_again(server, phone):
    match_id = server.played_here(D)
    phone.goto(f"{server.url}/matches/{match_id}")
    before = version(phone)
    phone.context.set_offline(True)
    phone.locator("#table").get_by_role("button", name="Undo").click()
    pips = phone.get_by_role("spinbutton", name="Pips left by Bo")
    expect(pips).to_be_visible()
    expect(phone.locator("#table .winner-screen")).to_be_hidden()
    expect(phone.locator("#table form.picker")).to_be_hidden()
    expect(phone.locator("#table").get_by_role("button", name="Fix", exact=True)).to_be_visible()
    shot(phone, "undo-settlement-on-servers-screen")
    pips.fill("4")
    phone.get_by_role("button", name="Confirm").click()
    expect(phone.locator("#table .winner-screen:visible h1")).to_have_text("Ann wins!")

    online(phone)
    sent(phone, before + 2)
    _, body = call(f"{server.url}/api/matches/{match_id}", method="GET")
    assert body["record"]["hands"][0]["left"] == {"Bo": 4}
    assert len(body["record"]["hands"]) == 1


def test_final_offline_waits_and_is_recorded_once_online(server, phone, browser):
    match_id, before = won_offline(server, phone, BEFORE_WIN, "5-5")
    screen = phone.locator("#table .winner-screen")
    screen.get_by_role("button", name="Final").click()
    expect(phone.locator("#taps .taps-count")).to_contain_text("2 taps waiting")
    expect(screen).to_contain_text("This match is final")
    expect(screen.get_by_role("button", name="Final")).to_have_count(0)
    expect(phone.locator("#table").get_by_role("button", name="Undo")).to_be_disabled()
    shot(phone, "final-offline")

    online(phone)
    sent(phone, before + 1)
    expect(screen).to_contain_text("This match is final: only the club admin can change it now.")
    page = phone.context.new_page()
    page.goto(f"{server.url}/matches/{match_id}")
    expect(page.locator("#table .winner-screen")).to_contain_text("This match is final")
    assert len(events(server, match_id)) == 3


def test_final_offline_on_the_servers_winner_screen_waits_too(server, phone):
    match_id = server.played_here(
        BEFORE_WIN
        | {"hands": [{"events": BEFORE_WIN["hands"][0]["events"] + [play("Ann", "5-5")]}]}
    )
    phone.goto(f"{server.url}/matches/{match_id}")
    before = version(phone)
    phone.context.set_offline(True)
    phone.locator("#table .winner-screen").get_by_role("button", name="Final").click()
    screen = phone.locator("#table .winner-screen:visible")
    expect(screen).to_contain_text("This match is final")
    expect(phone.locator("#taps .taps-count")).to_contain_text("1 tap waiting: Final")

    online(phone)
    sent(phone, before)
    expect(screen).to_contain_text("This match is final: only the club admin can change it now.")
    expect(phone.locator("#table .winner-screen.foreseen")).to_have_count(0)


def test_what_needs_the_network_says_so(server, phone):
    won_offline(server, phone, BEFORE_WIN, "5-5")
    screen = phone.locator("#table .winner-screen")
    at = phone.url
    for name in ["Rematch", "The scorepad", "Home"]:
        screen.get_by_role("button", name=name, exact=True).click()
        expect(phone.locator("#taps")).to_contain_text(f"{name} needs the network")
        assert phone.url == at
    shot(phone, "needs-network")
    expect(phone.locator("#taps .taps-count")).to_contain_text("1 tap waiting")


def test_axe_finds_nothing_serious_on_the_winner_the_phone_draws(server, phone):
    won_offline(server, phone, BEFORE_SETTLEMENT, "6-5")
    phone.get_by_role("spinbutton", name="Pips left by Bo").fill("4")
    phone.get_by_role("button", name="Confirm").click()
    expect(phone.locator("#table .winner-screen h1")).to_have_text("Ann wins!")
    options = {
        "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
        "resultTypes": ["violations"],
    }
    results = Axe().run(phone, options=options).response
    serious = [
        f"{v['id']}: {[n['target'] for n in v['nodes']]}"
        for v in results["violations"]
        if v["impact"] in {"serious", "critical"}
    ]
    assert serious == []


def reachable(phone, name: str) -> None:
    """The link, brought into view, takes a tap at its middle: nothing pinned lies over it."""
    link = phone.locator("#table .winner-screen:visible").get_by_role("button", name=name)
    link.scroll_into_view_if_needed()
    hit = link.evaluate(
        "(e) => { const r = e.getBoundingClientRect();"
        " return e.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)); }"
    )
    assert hit, name


def test_the_winners_links_are_never_under_undo(server, phone):
    """A settlement's words make the screen taller than a 360×740 phone: Undo then follows the
    scorepad and Home instead of lying over them, on the phone's screen and on the server's."""
    match_id, before = won_offline(server, phone, BEFORE_SETTLEMENT, "6-5")
    phone.get_by_role("spinbutton", name="Pips left by Bo").fill("4")
    phone.get_by_role("button", name="Confirm").click()
    expect(phone.locator("#table .winner-screen h1")).to_have_text("Ann wins!")
    for name in ("The scorepad", "Home"):
        reachable(phone, name)
    online(phone)
    sent(phone, before + 2)
    phone.goto(f"{server.url}/matches/{match_id}")
    for name in ("The scorepad", "Home"):
        reachable(phone, name)
