"""Fix with no network: the phone draws the hand's entries and what may replace one with its own
rules engine, the fix waits like any tap and the table is painted corrected at once; once the
network is back the record holds the corrected hand, each entry once. A fix a later entry no
longer fits is refused on the phone, in the server's sentence, and nothing waits."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.browser import kept_by_worker, online, sent, tile
from tests.live_server import LiveServer
from tests.records import hand, record

pytestmark = pytest.mark.browser

WAITING = "#taps .taps-count"


@pytest.fixture
def phone(kept_phone):
    return kept_phone


def offline_table(phone, server: LiveServer, match_record: dict) -> int:
    """The match entered entry by entry, its table open, then the network gone."""
    match_id = server.played_here(match_record)
    phone.goto(f"{server.url}/matches/{match_id}")
    kept_by_worker(phone)
    phone.context.set_offline(True)
    return match_id


def events(server: LiveServer, match_id: int) -> list[tuple]:
    played = server.get_json(f"/api/matches/{match_id}")["record"]["hands"][-1]["events"]
    return [(e["player"], e.get("play") or ("draw" if "draw" in e else "pass")) for e in played]


def fix(phone, position: int, heading: str) -> None:
    """Fix, then the hand's entry at `position`, with no network: drawn by the phone."""
    phone.get_by_role("button", name="Fix", exact=True).click()
    expect(phone.get_by_role("heading", name=re.compile("Fix an entry of hand 1"))).to_be_visible()
    phone.locator(".entry-link").filter(
        has=phone.locator(".entry-number", has_text=re.compile(rf"^{position}$"))
    ).click()
    expect(phone.get_by_role("heading", name=heading)).to_be_visible()


# Ann leads 6-5 (left 6, right 5); Bo's 5-3 goes on the 5.
ENTERED = record("muggins", "Ann Bo", hand("Ann 6-5", "Bo 5-3"))


def test_a_tile_entered_wrong_is_fixed_with_no_network(phone, server):
    """5-3 was really 5-4: at once left 6, right 4, count 10 and Bo's 10 points; then once."""
    match_id = offline_table(phone, server, ENTERED)
    phone.get_by_role("button", name="Fix", exact=True).click()
    entries = phone.locator(".entry-link")
    expect(entries).to_have_count(2)
    expect(entries.first).to_contain_text("2 Bo 5-3 on the right · count 9")  # newest first
    expect(entries.nth(1)).to_contain_text("1 Ann 6-5 lead · count 11")
    expect(phone.locator(WAITING)).to_be_hidden()  # nothing asked of the network
    entries.first.click()
    expect(phone.get_by_role("heading", name="Fix 5-3 by Bo")).to_be_visible()
    expect(phone.get_by_text("What did Bo do instead?")).to_be_visible()
    expect(tile(phone, "5-3")).to_have_class(re.compile(r"\breplacing\b"))
    expect(tile(phone, "6-6")).to_be_enabled()  # on the 6, as the table stood before 5-3
    expect(tile(phone, "6-5")).to_be_disabled()  # played
    tile(phone, "5-4").click()

    expect(phone.locator(WAITING)).to_have_text("1 tap waiting: Fix 5-3 by Bo: 5-4")
    expect(phone.get_by_role("heading", name="Fix 5-3 by Bo")).to_have_count(0)
    expect(phone.locator(".open-ends li")).to_have_text(["left 6", "right 4", "count 10"])
    expect(phone.locator(".scoreboard .side").nth(1).locator(".score")).to_have_text("10")
    expect(phone.locator(".turn .whose")).to_have_text("Ann to play")
    expect(phone.locator("#table .last-play.foreseen")).to_have_text("5-4 6 + 4 = 10 → Bo +10")

    online(phone)
    sent(phone, 4)
    assert events(server, match_id) == [("Ann", "6-5"), ("Bo", "5-4")]
    expect(phone.locator(".last-play .notice")).to_have_text(
        "Corrected: 5-3 by Bo is now 5-4 by Bo."
    )
    expect(phone.locator(".scoreboard .side").nth(1).locator(".score")).to_have_text("10")


def test_a_fix_behind_waiting_taps_and_the_taps_after_it(phone, server):
    """Ann's 6-1 tapped with no network, then Bo's 5-3 before it fixed to 5-4: the 6-1 still
    lands after it, on the 6, now scoring 5, and both are sent in order."""
    match_id = offline_table(phone, server, ENTERED)
    tile(phone, "6-1").click()
    expect(phone.locator(".turn .whose")).to_have_text("Bo to play")
    expect(phone.locator(".open-ends li")).to_have_text(["left 1", "right 3", "count 4"])
    fix(phone, 2, "Fix 5-3 by Bo")
    tile(phone, "5-4").click()
    expect(phone.locator(WAITING)).to_contain_text("2 taps waiting")
    expect(phone.locator(".open-ends li")).to_have_text(["left 1", "right 4", "count 5"])
    expect(phone.locator(".scoreboard .side").first.locator(".score")).to_have_text("5")
    online(phone)
    sent(phone, 5)
    assert events(server, match_id) == [("Ann", "6-5"), ("Bo", "5-4"), ("Ann", "6-1")]


def test_a_missed_draw_is_put_in_with_no_network(phone, server):
    match_id = offline_table(phone, server, ENTERED)
    fix(phone, 2, "Fix 5-3 by Bo")
    phone.get_by_role("button", name="Missed one before it").click()
    expect(phone.get_by_role("heading", name="Missed before 5-3 by Bo")).to_be_visible()
    expect(phone.get_by_text("What did Bo do that was not entered?")).to_be_visible()
    phone.get_by_role("button", name="Drew a tile").click()
    expect(phone.locator(".held")).to_contain_text("Bo 7")
    online(phone)
    sent(phone, 4)
    assert events(server, match_id) == [("Ann", "6-5"), ("Bo", "draw"), ("Bo", "5-3")]
    expect(phone.locator(".held")).to_contain_text("Bo 7")


def test_an_extra_entry_is_removed_with_no_network(phone, server):
    match_id = offline_table(
        phone, server, record("muggins", "Ann Bo", hand("Ann 6-5", "Bo draw 1", "Bo 5-3"))
    )
    expect(phone.locator(".held")).to_contain_text("Bo 7")
    fix(phone, 2, "Fix Bo's draw")
    phone.get_by_role("button", name="Remove it").click()
    expect(phone.locator(".held")).to_contain_text("Bo 6")
    online(phone)
    sent(phone, 5)
    assert events(server, match_id) == [("Ann", "6-5"), ("Bo", "5-3")]
    expect(phone.locator(".last-play .notice")).to_have_text("Removed: Bo's draw.")


# left 6, right 3 after the lead; Bo's 3-1 makes right 1; Ann's 6-4 then fits only the left
PLAYED = record("muggins", "Ann Bo", hand("Ann 6-3", "Bo 3-1", "Ann 6-4", "Bo 4-2"))


def test_a_fix_a_later_entry_no_longer_fits_is_refused_on_the_phone(phone, server):
    match_id = offline_table(phone, server, PLAYED)
    fix(phone, 2, "Fix 3-1 by Bo")
    tile(phone, "6-5").click()  # left 5, right 3: 6-4 is out
    expect(phone.get_by_role("alert")).to_have_text(
        "After the correction, Ann's 6-4 no longer fits: 6-4 does not fit: open ends are "
        "left 5, right 3"
    )
    expect(phone.get_by_role("heading", name="Fix 3-1 by Bo")).to_be_visible()  # still there
    expect(phone.locator("#taps")).to_be_hidden()  # nothing waits
    phone.get_by_role("button", name="Back to the list").click()
    phone.get_by_role("button", name="Back to the table").click()
    expect(phone.locator(".turn .whose")).to_have_text("Ann to play")
    online(phone)
    expected = [("Ann", "6-3"), ("Bo", "3-1"), ("Ann", "6-4"), ("Bo", "4-2")]
    assert events(server, match_id) == expected


def test_a_later_tile_the_fix_makes_fit_two_ends_is_asked_on_the_phone(phone, server):
    match_id = offline_table(phone, server, PLAYED)
    fix(phone, 2, "Fix 3-1 by Bo")
    tile(phone, "4-3").click()  # right 4: 6-4 fits both ends
    asked = phone.get_by_role("dialog")
    expect(asked).to_contain_text("Where does Ann's 6-4 go now?")
    expect(asked).to_contain_text("After this change 6-4 fits more than one end.")
    asked.get_by_role("button", name="left").click()
    expect(phone.locator(WAITING)).to_have_text("1 tap waiting: Fix 3-1 by Bo: 4-3")
    expect(phone.locator(".open-ends li")).to_have_text(["left 2", "right 4", "count 6"])
    online(phone)
    sent(phone, 6)
    played = server.get_json(f"/api/matches/{match_id}")["record"]["hands"][0]["events"]
    assert played[1:] == [
        {"player": "Bo", "play": "4-3"},
        {"player": "Ann", "play": "6-4", "end": "left"},
        {"player": "Bo", "play": "4-2", "end": "left"},
    ]


def test_the_end_of_the_tile_put_in_its_place_is_asked_on_the_phone(phone, server):
    """Ann's 6-5 was really 6-2, which fitted the 6 and the 2 then: where it went is asked."""
    match_id = offline_table(
        phone, server, record("muggins", "Ann Bo", hand("Ann 6-3", "Bo 3-2", "Ann 6-5"))
    )
    fix(phone, 3, "Fix 6-5 by Ann")
    tile(phone, "6-2").click()
    asked = phone.get_by_role("dialog")
    expect(asked).to_contain_text("Where does 6-2 go?")
    expect(asked.get_by_role("button", name="right")).to_contain_text("count 12")
    asked.get_by_role("button", name="Another tile").click()
    expect(phone.get_by_role("dialog")).to_have_count(0)
    tile(phone, "6-2").click()
    phone.get_by_role("dialog").get_by_role("button", name="left").click()
    expect(phone.locator(".open-ends li")).to_have_text(["left 2", "right 2", "count 4"])
    online(phone)
    sent(phone, 5)
    played = server.get_json(f"/api/matches/{match_id}")["record"]["hands"][0]["events"]
    assert played[2] == {"player": "Ann", "play": "6-2", "end": "left"}


def words(phone) -> list[str]:
    """What the Fix screen says, word by word, and each button's and link's name."""
    fixing = phone.locator("#table section.fix")
    names = fixing.locator("button, [role=button], a").evaluate_all(
        "(all) => all.map((e) => e.getAttribute('aria-label') || e.textContent.trim())"
    )
    return fixing.inner_text().split() + [" ".join(name.split()) for name in names]


def serious(phone) -> list[str]:
    """axe's serious or critical violations (WCAG 2.1 A/AA) on the page."""
    options = {
        "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
        "resultTypes": ["violations"],
    }
    found = Axe().run(phone, options=options).response["violations"]
    return [
        f"{v['id']}: {node['target']}"
        for v in found
        if v["impact"] in ("serious", "critical")
        for node in v["nodes"]
    ]


HANDS = {
    "muggins": record("muggins", "Ann Bo", hand("Ann 6-5", "Bo draw 1", "Bo 5-3")),
    "fives-and-threes": record("fives-and-threes", "Ann Bo", hand("Ann 6-6", "Bo 6-1", "Ann pass")),
}


@pytest.mark.parametrize(
    ("language", "game"),
    [("en", "muggins"), ("da", "muggins"), ("sv", "muggins"), ("fr", "muggins")]
    + [("en", "fives-and-threes"), ("fr", "fives-and-threes")],
)
def test_the_phone_draws_fix_in_the_servers_words(phone, server, language, game):
    """The same screens, drawn by the server online and by the phone with no network: the same
    words and names in every language (a knock in Fives and Threes); axe finds nothing serious
    on the phone's."""
    phone.goto(f"{server.url}/language/{language}?next=/")
    match_id = server.played_here(HANDS[game])
    phone.goto(f"{server.url}/matches/{match_id}")

    def screens() -> list[list[str]]:
        said = []
        phone.locator(".fix-link").click()
        expect(phone.locator(".entry-link")).to_have_count(3)
        said.append(words(phone))
        phone.locator(".entry-link").nth(1).click()  # the second entry (a draw, a tile)
        expect(phone.locator(".fix .remove")).to_be_visible()
        said.append(words(phone))
        phone.locator(".fix-buttons a[role=button]").click()  # missed one before it
        expect(phone.locator(".fix input[name=insert]").first).to_be_attached()
        said.append(words(phone))
        return said

    by_server = screens()
    phone.goto(f"{server.url}/matches/{match_id}")
    kept_by_worker(phone)
    phone.context.set_offline(True)
    by_phone = screens()
    assert phone.locator("#table section.fix.foreseen").count() == 1
    for phones, servers in zip(by_phone, by_server, strict=True):
        assert phones == servers
    assert serious(phone) == []
    phone.locator(".fix [role=button]").last.click()  # back to the entry
    expect(phone.locator(".fix .remove")).to_be_visible()
    assert serious(phone) == []


def test_a_waiting_fix_is_foreseen_after_a_reload_with_no_network(phone, server):
    match_id = offline_table(phone, server, ENTERED)
    fix(phone, 2, "Fix 5-3 by Bo")
    tile(phone, "5-4").click()
    phone.reload()
    expect(phone.locator(WAITING)).to_have_text("1 tap waiting: Fix 5-3 by Bo: 5-4")
    expect(phone.locator(".open-ends li")).to_have_text(["left 6", "right 4", "count 10"])
    tile(phone, "6-1").click()  # foreseen past the fix: on the 6
    expect(phone.locator(".open-ends li")).to_have_text(["left 1", "right 4", "count 5"])
    online(phone)
    sent(phone, 5)
    assert events(server, match_id) == [("Ann", "6-5"), ("Bo", "5-4"), ("Ann", "6-1")]


def test_fix_waits_for_the_network_when_its_screens_were_never_kept(
    server, browser, browser_context_args
):
    """No service worker, so Fix's screens were never loaded: Fix waits for the network, as
    a question of the server's, instead of failing."""
    context = browser.new_context(**browser_context_args, service_workers="block")
    phone = context.new_page()
    try:
        match_id = server.played_here(ENTERED)
        phone.goto(f"{server.url}/matches/{match_id}")
        expect(phone.locator(".fix-link")).to_be_visible()
        phone.context.set_offline(True)
        phone.get_by_role("button", name="Fix", exact=True).click()
        expect(phone.locator(WAITING)).to_have_text("1 tap waiting: Fix")
        online(phone)
        expect(phone.get_by_role("heading", name="Fix an entry of hand 1")).to_be_visible()
        assert phone.locator("#table section.fix.foreseen").count() == 0  # the server's
    finally:
        context.close()


@pytest.mark.parametrize("language", ["en", "da", "sv", "fr"])
def test_a_refused_fix_is_said_on_the_phone_as_the_server_says_it(phone, server, language):
    phone.goto(f"{server.url}/language/{language}?next=/")
    match_id = server.played_here(PLAYED)
    phone.goto(f"{server.url}/matches/{match_id}")
    kept_by_worker(phone)

    def refused() -> str:
        phone.locator(".fix-link").click()
        phone.locator(".entry-link").nth(2).click()  # Bo's 3-1
        tile(phone, "6-5").click()  # left 5, right 3: Ann's 6-4 is out
        expect(phone.get_by_role("alert")).to_be_visible()
        return phone.get_by_role("alert").inner_text()

    by_server = refused()
    phone.goto(f"{server.url}/matches/{match_id}")
    phone.context.set_offline(True)
    by_phone = refused()
    assert phone.locator("#table section.fix.foreseen").count() == 1
    assert by_phone == by_server
    expect(phone.locator("#taps")).to_be_hidden()


def test_a_later_tiles_end_that_breaks_the_next_entry_is_refused_on_the_phone(phone, server):
    match_id = offline_table(phone, server, PLAYED)
    fix(phone, 2, "Fix 3-1 by Bo")
    tile(phone, "4-3").click()  # right 4: 6-4 fits both ends
    phone.get_by_role("dialog").get_by_role("button", name="right").click()  # 6 and 6: 4-2 is out
    expect(phone.get_by_role("alert")).to_have_text(
        "After the correction, Bo's 4-2 no longer fits: 4-2 does not fit: open ends are "
        "left 6, right 6"
    )
    expect(phone.get_by_role("heading", name="Fix 3-1 by Bo")).to_be_visible()
    expect(phone.locator("#taps")).to_be_hidden()
    online(phone)
    assert events(server, match_id)[1] == ("Bo", "3-1")


def test_the_lead_tapped_with_no_network_is_fixed_on_the_phone(phone, server):
    """The table was drawn before the lead, with no Fix: the lead tapped with no network
    starts the hand, and Fix shows; Ann's 6-3 was really 6-4 (10, +10)."""
    match_id = server.post_json("/api/matches", record("muggins", "Ann Bo"))["id"]
    server.post_json(f"/api/matches/{match_id}/leader", {"version": 1, "leader": "Ann"})
    phone.goto(f"{server.url}/matches/{match_id}")
    kept_by_worker(phone)
    fix = phone.get_by_role("button", name="Fix", exact=True)
    expect(fix).to_have_count(0)
    phone.context.set_offline(True)
    tile(phone, "6-3").click()
    expect(fix).to_be_visible()
    fix.click()
    phone.locator(".entry-link").click()
    expect(phone.get_by_role("heading", name="Fix 6-3 by Ann")).to_be_visible()
    tile(phone, "6-4").click()
    expect(phone.locator(".scoreboard .side").first.locator(".score")).to_have_text("10")
    online(phone)
    sent(phone, 4)
    assert events(server, match_id) == [("Ann", "6-4")]


def test_the_lead_turned_round_with_no_network(phone, server):
    """Ann's 6-3 laid the other way round: at once the ends are 3 and 6, and Bo's 5-3 goes on
    the 3 with no end asked; once the network is back, the lead is 3-6 and 5-3 went on it."""
    match_id = offline_table(phone, server, record("muggins", "Ann Bo", hand("Ann 6-3")))
    phone.locator("#table").get_by_role("button", name="Turn the lead").click()
    ends = phone.locator(".open-ends li")
    expect(ends).to_have_text(["left 3", "right 6", "count 9"])
    tile(phone, "5-3").click()
    expect(ends).to_have_text(["left 5", "right 6", "count 11"])
    expect(phone.locator(".turn .whose")).to_have_text("Ann to play")

    online(phone)
    sent(phone, 4)
    assert events(server, match_id) == [("Ann", "3-6"), ("Bo", "5-3")]
