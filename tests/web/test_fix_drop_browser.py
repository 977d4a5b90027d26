"""Fix's screens drawn by the server, open when the network goes: what the player taps next on
them is taken by the phone, as on the screens it draws itself (static/phone-fix.mjs). An entry
tapped in the server's list opens the phone's screen for it; a replacement tapped on the
server's screen waits like any tap and the table is painted corrected at once; an end asked by
the server is answered on the phone; Back returns to the table as it will be. Once the network
is back the record holds the corrected hand, each entry once."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser import kept_by_worker, online, sent, tile
from tests.live_server import LiveServer
from tests.records import example, hand, record

pytestmark = pytest.mark.browser

WAITING = "#taps .taps-count"
SERVERS = "#table section.fix:not(.foreseen)"
PHONES = "#table section.fix.foreseen"

# Ann leads 6-5 (left 6, right 5); Bo's 5-3 goes on the 5.
ENTERED = record("muggins", "Ann Bo", hand("Ann 6-5", "Bo 5-3"))
# left 6, right 3 after the lead; Bo's 3-1 makes right 1; Ann's 6-4 then fits only the left
PLAYED = record("muggins", "Ann Bo", hand("Ann 6-3", "Bo 3-1", "Ann 6-4", "Bo 4-2"))


def servers_fix(phone, server: LiveServer, match_record: dict, position: int | None = None):
    """The match's table, Fix asked of the server (and the entry at `position`), then the
    network gone; the match's id."""
    match_id = server.played_here(match_record)
    phone.goto(f"{server.url}/matches/{match_id}")
    phone.get_by_role("button", name="Fix", exact=True).click()
    expect(phone.get_by_role("heading", name="Fix an entry of hand 1")).to_be_visible()
    if position is not None:
        entry(phone, position).click()
        expect(phone.locator(".fix .remove")).to_be_visible()
    expect(phone.locator(SERVERS)).to_have_count(1)
    offline(phone)
    return match_id


def screens_held(phone) -> None:
    """Waits until the phone holds Fix's screens, loaded while the server's are open (the
    service worker is blocked: nothing else keeps them)."""
    phone.wait_for_function(
        """() => ["/static/phone-fix-screens.mjs", "/static/engine/corrections.mjs"].every(
            (path) => performance.getEntriesByType("resource").some(
                (e) => new URL(e.name).pathname === path && e.responseEnd > 0))"""
    )


def offline(phone) -> None:
    """The network gone once the phone holds Fix's screens."""
    screens_held(phone)
    phone.context.set_offline(True)


def entry(phone, position: int):
    return phone.locator(".entry-link").filter(
        has=phone.locator(".entry-number", has_text=re.compile(rf"^{position}$"))
    )


def events(server: LiveServer, match_id: int) -> list[tuple]:
    played = server.get_json(f"/api/matches/{match_id}")["record"]["hands"][-1]["events"]
    return [(e["player"], e.get("play") or ("draw" if "draw" in e else "pass")) for e in played]


def corrected_at_once(phone) -> None:
    """5-3 fixed to 5-4: painted at once, the fix waiting."""
    expect(phone.locator(WAITING)).to_have_text("1 tap waiting: Fix 5-3 by Bo: 5-4")
    expect(phone.locator("#table section.fix")).to_have_count(0)
    expect(phone.locator(".open-ends li")).to_have_text(["left 6", "right 4", "count 10"])
    expect(phone.locator(".scoreboard .side").nth(1).locator(".score")).to_have_text("10")
    expect(phone.locator(".turn .whose")).to_have_text("Ann to play")
    expect(phone.locator("#table .last-play.foreseen")).to_have_text("5-4 6 + 4 = 10 → Bo +10")


def test_an_entry_tapped_in_the_servers_list_with_no_network(phone, server):
    match_id = servers_fix(phone, server, ENTERED)
    entry(phone, 2).click()
    expect(phone.get_by_role("heading", name="Fix 5-3 by Bo")).to_be_visible()
    expect(phone.locator(PHONES)).to_have_count(1)
    expect(phone.locator(SERVERS)).to_have_count(0)
    expect(phone.locator("#taps")).to_be_hidden()  # nothing asked of the network
    expect(tile(phone, "5-3")).to_have_class(re.compile(r"\breplacing\b"))
    tile(phone, "5-4").click()
    corrected_at_once(phone)

    online(phone)
    sent(phone, 4)
    assert events(server, match_id) == [("Ann", "6-5"), ("Bo", "5-4")]
    expect(phone.locator(".last-play .notice")).to_have_text(
        "Corrected: 5-3 by Bo is now 5-4 by Bo."
    )


def test_a_replacement_tapped_on_the_servers_entry_with_no_network(phone, server):
    match_id = servers_fix(phone, server, ENTERED, position=2)
    tile(phone, "5-4").click()
    corrected_at_once(phone)
    tile(phone, "6-1").click()  # the next tap, foreseen past the fix: Ann's, on the 6
    expect(phone.locator(".open-ends li")).to_have_text(["left 1", "right 4", "count 5"])

    online(phone)
    sent(phone, 5)
    assert events(server, match_id) == [("Ann", "6-5"), ("Bo", "5-4"), ("Ann", "6-1")]


def test_remove_it_on_the_servers_entry_with_no_network(phone, server):
    match_id = servers_fix(
        phone, server, record("muggins", "Ann Bo", hand("Ann 6-5", "Bo draw 1", "Bo 5-3")), 2
    )
    phone.get_by_role("button", name="Remove it").click()
    expect(phone.locator(WAITING)).to_have_text("1 tap waiting: Fix Bo's draw: Remove it")
    expect(phone.locator(".held")).to_contain_text("Bo 6")
    online(phone)
    sent(phone, 5)
    assert events(server, match_id) == [("Ann", "6-5"), ("Bo", "5-3")]


def test_a_missed_draw_put_in_from_the_servers_entry_with_no_network(phone, server):
    match_id = servers_fix(phone, server, ENTERED, position=2)
    phone.get_by_role("button", name="Missed one before it").click()
    expect(phone.get_by_role("heading", name="Missed before 5-3 by Bo")).to_be_visible()
    expect(phone.locator(PHONES)).to_have_count(1)
    phone.get_by_role("button", name="Drew a tile").click()
    waits = "1 tap waiting: Missed before 5-3 by Bo: Drew a tile"
    expect(phone.locator(WAITING)).to_have_text(waits)
    expect(phone.locator(".held")).to_contain_text("Bo 7")
    online(phone)
    sent(phone, 4)
    assert events(server, match_id) == [("Ann", "6-5"), ("Bo", "draw"), ("Bo", "5-3")]


THREE = record("muggins", "Ann Bo", hand("Ann 6-3", "Bo 3-2", "Ann 6-5"))


def test_the_end_of_a_tile_tapped_on_the_servers_entry_is_asked_on_the_phone(phone, server):
    """Ann's 6-5 was really 6-2, which fitted the 6 and the 2 then: tapped on the server's
    screen with no network, where it went is asked by the phone."""
    match_id = servers_fix(phone, server, THREE, position=3)
    tile(phone, "6-2").click()
    asked = phone.get_by_role("dialog")
    expect(asked).to_contain_text("Where does 6-2 go?")
    expect(phone.locator(PHONES)).to_have_count(1)
    asked.get_by_role("button", name="left").click()
    expect(phone.locator(".open-ends li")).to_have_text(["left 2", "right 2", "count 4"])
    online(phone)
    sent(phone, 5)
    played = server.get_json(f"/api/matches/{match_id}")["record"]["hands"][0]["events"]
    assert played[2] == {"player": "Ann", "play": "6-2", "end": "left"}


def test_the_servers_end_question_answered_with_no_network(phone, server):
    """The server asked where 6-2 goes; the network went; the end tapped is taken by the phone."""
    match_id = server.played_here(THREE)
    phone.goto(f"{server.url}/matches/{match_id}")
    phone.get_by_role("button", name="Fix", exact=True).click()
    entry(phone, 3).click()
    tile(phone, "6-2").click()
    asked = phone.get_by_role("dialog")
    expect(asked).to_contain_text("Where does 6-2 go?")
    expect(phone.locator(SERVERS)).to_have_count(1)
    offline(phone)
    asked.get_by_role("button", name="left").click()
    expect(phone.locator(WAITING)).to_have_text("1 tap waiting: Fix 6-5 by Ann: left")
    expect(phone.locator("#table section.fix")).to_have_count(0)
    expect(phone.locator(".open-ends li")).to_have_text(["left 2", "right 2", "count 4"])
    online(phone)
    sent(phone, 5)
    played = server.get_json(f"/api/matches/{match_id}")["record"]["hands"][0]["events"]
    assert played[2] == {"player": "Ann", "play": "6-2", "end": "left"}


def test_the_servers_later_end_question_answered_with_no_network(phone, server):
    """Bo's 3-1 fixed to 4-3 online made Ann's 6-4 fit both ends: the server asks which; the
    network goes; the end tapped is taken by the phone, and the fix waits."""
    match_id = server.played_here(PLAYED)
    phone.goto(f"{server.url}/matches/{match_id}")
    phone.get_by_role("button", name="Fix", exact=True).click()
    entry(phone, 2).click()
    tile(phone, "4-3").click()
    asked = phone.get_by_role("dialog")
    expect(asked).to_contain_text("Where does Ann's 6-4 go now?")
    expect(phone.locator(SERVERS)).to_have_count(1)
    offline(phone)
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


def test_back_from_the_servers_screens_with_no_network(phone, server):
    """Back to the list and Back to the table, tapped on the server's screens: the phone's
    list, then the table as it is, ready for the next tap; nothing waits."""
    match_id = servers_fix(phone, server, ENTERED, position=2)
    phone.get_by_role("button", name="Back to the list").click()
    expect(phone.get_by_role("heading", name="Fix an entry of hand 1")).to_be_visible()
    expect(phone.locator(PHONES)).to_have_count(1)
    phone.get_by_role("button", name="Back to the table").click()
    expect(phone.locator("#table section.fix")).to_have_count(0)
    expect(phone.locator(".turn .whose")).to_have_text("Ann to play")
    expect(phone.locator(".open-ends li")).to_have_text(["left 6", "right 3", "count 9"])
    expect(phone.locator("#taps")).to_be_hidden()
    tile(phone, "6-1").click()
    expect(phone.locator(WAITING)).to_have_text("1 tap waiting: 6-1")
    online(phone)
    sent(phone, 4)
    assert events(server, match_id) == [("Ann", "6-5"), ("Bo", "5-3"), ("Ann", "6-1")]


def test_back_to_the_table_from_the_servers_list_with_no_network(phone, server):
    servers_fix(phone, server, ENTERED)
    phone.get_by_role("button", name="Back to the table").click()
    expect(phone.locator("#table section.fix")).to_have_count(0)
    expect(phone.locator(".turn .whose")).to_have_text("Ann to play")
    expect(phone.get_by_role("button", name="Fix", exact=True)).to_be_visible()
    expect(phone.locator("#taps")).to_be_hidden()


def test_a_fix_refused_on_the_servers_entry_with_no_network(phone, server):
    match_id = servers_fix(phone, server, PLAYED, position=2)
    tile(phone, "6-5").click()  # left 5, right 3: Ann's 6-4 is out
    expect(phone.get_by_role("alert")).to_have_text(
        "After the correction, Ann's 6-4 no longer fits: 6-4 does not fit: open ends are "
        "left 5, right 3"
    )
    expect(phone.get_by_role("heading", name="Fix 3-1 by Bo")).to_be_visible()
    expect(phone.locator("#taps")).to_be_hidden()  # nothing waits
    online(phone)
    expected = [("Ann", "6-3"), ("Bo", "3-1"), ("Ann", "6-4"), ("Bo", "4-2")]
    assert events(server, match_id) == expected


def test_the_servers_fix_while_the_pips_are_counted_with_no_network(phone, server):
    """N went out with 2-2 and the pips are asked: Fix asked of the server, the network gone,
    Back to the table shows the pips asked again; 2-2 then removed on the phone's screens: N
    to play again, and once the network is back the hand is played again from there."""
    unsettled = example("partnership-spinner-hand")
    del unsettled["hands"][0]["left"]
    match_id = server.played_here(unsettled)
    phone.goto(f"{server.url}/matches/{match_id}")
    expect(phone.get_by_label("Pips left by E")).to_be_visible()
    phone.get_by_role("button", name="Fix", exact=True).click()
    expect(phone.locator(SERVERS)).to_have_count(1)
    offline(phone)
    phone.get_by_role("button", name="Back to the table").click()
    expect(phone.locator("#table section.fix")).to_have_count(0)
    expect(phone.get_by_label("Pips left by E")).to_be_visible()
    phone.get_by_role("button", name="Fix", exact=True).click()
    entry(phone, 17).click()
    expect(phone.get_by_role("heading", name="Fix 2-2 by N")).to_be_visible()
    phone.get_by_role("button", name="Remove it").click()
    expect(phone.get_by_label("Pips left by E")).to_be_hidden()
    expect(phone.locator(".turn .whose")).to_have_text("N to play")
    online(phone)
    sent(phone, 19)
    assert len(events(server, match_id)) == 16
    expect(phone.locator(".turn .whose")).to_have_text("N to play")


def test_the_servers_screen_waits_for_the_network_when_the_phone_could_not_load_its_own(
    phone, server
):
    """Fix's screens never reached the phone: what is tapped on the server's screen with no
    network waits for it, as a question of the server's, and is answered once it is back."""
    phone.route("**/phone-fix-screens.mjs", lambda route: route.abort())
    match_id = server.played_here(ENTERED)
    phone.goto(f"{server.url}/matches/{match_id}")
    phone.get_by_role("button", name="Fix", exact=True).click()
    expect(phone.locator(SERVERS)).to_have_count(1)
    phone.context.set_offline(True)
    entry(phone, 2).click()
    expect(phone.locator(WAITING)).to_have_text("1 tap waiting: 2 Bo 5-3 on the right · count 9")
    online(phone)
    expect(phone.get_by_role("heading", name="Fix 5-3 by Bo")).to_be_visible()
    expect(phone.locator(SERVERS)).to_have_count(1)
    assert events(server, match_id) == [("Ann", "6-5"), ("Bo", "5-3")]


def test_the_servers_screen_while_its_fix_waits_for_an_answer(phone, server):
    """Online, 5-4 tapped on the server's screen; its answer slow to come. Tapped again, it is
    one tap; Back to the list then shows the phone's list, 5-4 in place; once the answer comes
    the record holds the fix once."""
    match_id = server.played_here(ENTERED)
    phone.goto(f"{server.url}/matches/{match_id}")
    phone.get_by_role("button", name="Fix", exact=True).click()
    entry(phone, 2).click()
    expect(phone.locator(".fix .remove")).to_be_visible()
    screens_held(phone)
    held = []
    phone.route("**/correct", lambda route: held.append(route))
    tile(phone, "5-4").click()
    expect(phone.locator(WAITING)).to_have_text("1 tap waiting: 5-4")
    tile(phone, "5-4").click()
    phone.get_by_role("button", name="Back to the list").click()
    expect(phone.locator(PHONES)).to_have_count(1)
    expect(phone.locator(".entry-link").first).to_contain_text("2 Bo 5-4 on the right · count 10")
    expect(phone.locator(WAITING)).to_have_text("1 tap waiting: 5-4")
    assert len(held) == 1
    held[0].continue_()
    sent(phone, 4)
    assert events(server, match_id) == [("Ann", "6-5"), ("Bo", "5-4")]


def test_a_reload_with_no_network_after_the_phone_took_the_servers_screen_over(
    server, browser, browser_context_args
):
    """With a service worker keeping the table: the fix made on the server's screen with no
    network, then a reload: the table as it will be, the fix waiting, not the server's screen."""
    context = browser.new_context(**browser_context_args)
    phone = context.new_page()
    failures = []
    phone.on("pageerror", lambda e: failures.append(str(e)))
    try:
        match_id = server.played_here(ENTERED)
        phone.goto(f"{server.url}/matches/{match_id}")
        kept_by_worker(phone)
        phone.get_by_role("button", name="Fix", exact=True).click()
        entry(phone, 2).click()
        expect(phone.locator(".fix .remove")).to_be_visible()
        offline(phone)
        tile(phone, "5-4").click()
        corrected_at_once(phone)
        phone.reload()
        expect(phone.locator(WAITING)).to_have_text("1 tap waiting: Fix 5-3 by Bo: 5-4")
        expect(phone.locator("#table section.fix")).to_have_count(0)
        expect(phone.locator(".open-ends li")).to_have_text(["left 6", "right 4", "count 10"])
        online(phone)
        sent(phone, 4)
        assert events(server, match_id) == [("Ann", "6-5"), ("Bo", "5-4")]
    finally:
        context.close()
    assert failures == []


def test_the_servers_refusal_goes_with_its_screen_with_no_network(phone, server):
    """6-5 for Bo's 3-1 refused by the server; the network goes; Back to the list: the phone's
    list, without the refusal; Missed one before it there, then Passed: the pass waits."""
    match_id = server.played_here(PLAYED)
    phone.goto(f"{server.url}/matches/{match_id}")
    phone.get_by_role("button", name="Fix", exact=True).click()
    entry(phone, 3).click()
    tile(phone, "6-5").click()  # for Ann's 6-4: left 5, right 1, and Bo's 4-2 is out
    expect(phone.get_by_role("alert")).to_contain_text("no longer fits")
    expect(phone.locator(SERVERS)).to_have_count(1)
    offline(phone)
    phone.get_by_role("button", name="Back to the list").click()
    expect(phone.locator(PHONES)).to_have_count(1)
    expect(phone.get_by_role("alert")).to_have_count(0)
    entry(phone, 3).click()
    phone.get_by_role("button", name="Missed one before it").click()
    phone.get_by_role("button", name="Drew a tile").click()
    waits = "1 tap waiting: Missed before 6-4 by Ann: Drew a tile"
    expect(phone.locator(WAITING)).to_have_text(waits)
    expect(phone.get_by_role("alert")).to_have_count(0)
    online(phone)
    sent(phone, 6)
    assert events(server, match_id)[2:4] == [("Ann", "draw"), ("Ann", "6-4")]
