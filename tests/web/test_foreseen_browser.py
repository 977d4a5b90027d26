"""The table keeps the game on the phone while taps wait: with no network the phone's own rules
engine moves the turn on, shows each tap's count and points and the scores, asks where a tile
goes itself, and every tap lands once, in order, credited to the right player, once the network
is back."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser import online, sent, tile, version
from tests.live_server import call
from tests.records import hand, record

pytestmark = pytest.mark.browser

RECORD = {"format": "allfives-match/1", "rules": "muggins", "players": ["Ann", "Bo"], "hands": []}


def started(server) -> int:
    """Ann v Bo at Muggins, Ann has led 6-3: the ends are 6 and 3."""
    match_id = call(server.url + "/api/matches", RECORD)[1]["id"]
    call(f"{server.url}/api/matches/{match_id}/leader", {"version": 1, "leader": "Ann"})
    status, body = call(
        f"{server.url}/api/matches/{match_id}/events", {"version": 2, "play": "6-3"}
    )
    assert status == 200, body
    return match_id


def events(server, match_id) -> list[dict]:
    _, body = call(f"{server.url}/api/matches/{match_id}", method="GET")
    return [e for hand in body["record"]["hands"] for e in hand["events"]]


def test_with_no_network_the_phone_asks_the_end_moves_the_turn_and_scores(server, phone):
    match_id = started(server)
    phone.goto(f"{server.url}/matches/{match_id}")
    expect(phone.locator(".turn .whose")).to_have_text("Bo to play")
    phone.context.set_offline(True)

    tile(phone, "5-3").click()  # on the 3: the ends are now 6 and 5
    expect(phone.locator(".turn .whose")).to_have_text("Ann to play")
    ends = phone.locator(".open-ends li")
    expect(ends).to_have_text(["left 6", "right 5", "count 11"])
    expect(phone.locator("#taps .taps-count")).to_contain_text("1 tap waiting")

    tile(phone, "6-5").click()  # fits the 6 and the 5, which make different games: asked here
    asked = phone.get_by_role("dialog")
    expect(asked).to_contain_text("Where does 6-5 go?")
    expect(asked.get_by_role("button", name="left")).to_contain_text("+10")
    asked.get_by_role("button", name="left").click()
    expect(phone.locator(".turn .whose")).to_have_text("Bo to play")
    expect(phone.locator("#table .last-play")).to_have_text("6-5 5 + 5 = 10 → Ann +10")
    expect(ends).to_have_text(["left 5", "right 5", "count 10"])
    expect(phone.locator(".scoreboard .side").first.locator(".score")).to_have_text("10")

    phone.locator("#table").get_by_role("button", name="Draw").click()  # Bo's, not Ann's
    expect(phone.locator("#taps .taps-count")).to_contain_text("3 taps waiting")

    online(phone)
    sent(phone, 6)
    assert events(server, match_id) == [
        {"player": "Ann", "play": "6-3"},
        {"player": "Bo", "play": "5-3"},
        {"player": "Ann", "play": "6-5", "end": "left"},
        {"player": "Bo", "draw": 1},
    ]
    expect(phone.locator(".scoreboard .side").first.locator(".score")).to_have_text("10")


def test_undo_then_the_same_tile_offline_lands_once(server, phone):
    match_id = started(server)
    phone.goto(f"{server.url}/matches/{match_id}")
    phone.context.set_offline(True)
    tile(phone, "5-3").click()
    expect(phone.locator(".turn .whose")).to_have_text("Ann to play")
    phone.locator("#table").get_by_role("button", name="Undo").click()
    expect(phone.locator(".turn .whose")).to_have_text("Bo to play")
    tile(phone, "5-3").click()
    expect(phone.locator("#taps .taps-count")).to_contain_text("3 taps waiting")
    online(phone)
    sent(phone, 6)
    assert events(server, match_id) == [
        {"player": "Ann", "play": "6-3"},
        {"player": "Bo", "play": "5-3"},
    ]


def test_a_tile_that_will_not_fit_is_refused_on_the_phone(server, phone):
    match_id = started(server)
    phone.goto(f"{server.url}/matches/{match_id}")
    phone.context.set_offline(True)
    tile(phone, "5-3").click()  # the ends will be 6 and 5
    expect(tile(phone, "2-1")).to_be_disabled()
    expect(tile(phone, "6-5")).to_be_enabled()
    expect(tile(phone, "5-3")).to_have_class(re.compile(r"\bpending\b"))  # marked as waiting


def test_a_whole_hand_with_no_network_then_online_is_recorded_once(server, phone):
    """Ann leads 6-6, Bo draws the one tile that may be drawn, then passes; Ann goes out with
    6-1; Bo's pips are typed and confirmed: all with no network, then sent once it is back."""
    rules = {"preset": "muggins", "hand_size": 2, "boneyard_reserve": 23}
    match_id = call(server.url + "/api/matches", RECORD | {"rules": rules})[1]["id"]
    call(f"{server.url}/api/matches/{match_id}/leader", {"version": 1, "leader": "Ann"})
    phone.goto(f"{server.url}/matches/{match_id}")
    phone.context.set_offline(True)
    table = phone.locator("#table")
    tile(phone, "6-6").click()
    expect(phone.locator(".turn .whose")).to_have_text("Bo to play")
    table.get_by_role("button", name="Draw").click()
    table.get_by_role("button", name="Pass").click()  # nothing left to draw: Draw is now Pass
    expect(phone.locator(".turn .whose")).to_have_text("Ann to play")
    tile(phone, "6-1").click()
    pips = phone.get_by_role("spinbutton", name="Pips left by Bo")
    expect(pips).to_be_visible()
    pips.fill("15")
    phone.get_by_role("button", name="Confirm").click()
    waiting = phone.locator("#taps .taps-count")
    expect(waiting).to_contain_text("5 taps waiting")
    expect(phone.locator(".scoreboard .side").first.locator(".score")).to_have_text("15")
    # however many wait, their list takes one line of the banner: it covers no more than it must
    assert waiting.bounding_box()["height"] < 1.5 * float(
        waiting.evaluate("(e) => parseFloat(getComputedStyle(e).lineHeight)")
    )

    online(phone)
    sent(phone, 7)
    _, body = call(f"{server.url}/api/matches/{match_id}", method="GET")
    played = body["record"]["hands"][0]
    assert [(e["player"], e.get("play") or e.get("draw") or "pass") for e in played["events"]] == [
        ("Ann", "6-6"),
        ("Bo", 1),
        ("Bo", "pass"),
        ("Ann", "6-1"),
    ]
    assert played["left"] == {"Bo": 15}
    assert body["result"]["scores"] == [15, 0]


def test_two_phones_with_no_network_on_one_table(server, browser, browser_context_args):
    """Both phones tap Bo's 5-3 with no network; the second also Ann's 6-5. The first back
    online records 5-3; the second finds it already entered and its 6-5 goes on after it. A
    third phone's draw for Bo, made on the old table, was not recorded, and it says so."""
    match_id = started(server)
    phones = []
    for _ in range(3):
        context = browser.new_context(**browser_context_args, service_workers="block")
        page = context.new_page()
        page.goto(f"{server.url}/matches/{match_id}")
        context.set_offline(True)
        phones.append(page)
    first, second, third = phones
    try:
        tile(first, "5-3").click()
        tile(second, "5-3").click()
        tile(second, "6-5").click()
        second.get_by_role("dialog").get_by_role("button", name="left").click()
        third.locator("#table").get_by_role("button", name="Draw").click()
        expect(second.locator("#taps .taps-count")).to_contain_text("2 taps waiting")

        online(first)
        sent(first, 4)
        online(second)
        expect(second.locator("#table input[name=version]").first).to_have_value("5", timeout=15000)
        expect(second.locator("#taps")).to_contain_text(
            "Already entered on another phone: 5-3 by Bo"
        )
        online(third)
        expect(third.locator("#table input[name=version]").first).to_have_value("5", timeout=15000)
        expect(third.locator("#table")).to_contain_text("was not recorded")
        assert events(server, match_id) == [
            {"player": "Ann", "play": "6-3"},
            {"player": "Bo", "play": "5-3"},
            {"player": "Ann", "play": "6-5", "end": "left"},
        ]
    finally:
        for page in phones:
            page.context.close()


def test_fives_and_threes_with_no_network_knocks_chips_out_and_passes_the_lead(server, phone):
    """Ann leads 5-5 (10: 2 pegs), Bo knocks, Ann chips out with 5-0 (10: 2 pegs, and 1 for
    going out); the next hand is Bo's to lead, the lead passing round: all with no network."""
    rules = {"preset": "fives-and-threes", "hand_size": 2}
    match_id = call(server.url + "/api/matches", RECORD | {"rules": rules})[1]["id"]
    call(f"{server.url}/api/matches/{match_id}/leader", {"version": 1, "leader": "Ann"})
    phone.goto(f"{server.url}/matches/{match_id}")
    phone.context.set_offline(True)
    tile(phone, "5-5").click()
    phone.locator("#table").get_by_role("button", name="Knock").click()
    tile(phone, "5-0").click()
    expect(phone.locator(".scoreboard .side").first.locator(".score")).to_have_text("5")
    expect(phone.locator(".turn .whose")).to_have_text("Bo leads hand 2")  # as a reload says
    online(phone)
    sent(phone, 5)
    _, body = call(f"{server.url}/api/matches/{match_id}", method="GET")
    assert body["result"]["scores"] == [5, 0]
    assert body["result"]["hands"][0]["ended"] == "domino"
    assert phone.locator("#table").get_attribute("data-turn") == "Bo"


def test_a_tap_entered_on_another_phone_before_its_next_is_done_and_the_next_refused(server, phone):
    """Bo's 5-3 and Ann's 6-5 wait with no network. Meanwhile another phone entered 5-3, then
    Ann's 6-4. Back online, 5-3 is done as already entered; 6-5 is not recorded, named with
    Ann's name and what came first, and the table is the server's."""
    match_id = started(server)
    phone.goto(f"{server.url}/matches/{match_id}")
    phone.context.set_offline(True)
    tile(phone, "5-3").click()
    tile(phone, "6-5").click()
    phone.get_by_role("dialog").get_by_role("button", name="left").click()
    expect(phone.locator("#taps .taps-count")).to_contain_text("2 taps waiting")
    for other_version, tile_name in ((3, "5-3"), (4, "6-4")):
        status, body = call(
            f"{server.url}/api/matches/{match_id}/events",
            {"version": other_version, "play": tile_name},
        )
        assert status == 200, body

    online(phone)
    expect(phone.locator("#table input[name=version]").first).to_have_value("5", timeout=15000)
    expect(phone.locator("#taps")).to_contain_text("Already entered on another phone: 5-3 by Bo")
    expect(phone.locator("#table")).to_contain_text("6-5 by Ann was not recorded")
    expect(phone.locator(".turn .whose")).to_have_text("Bo to play")
    assert events(server, match_id) == [
        {"player": "Ann", "play": "6-3"},
        {"player": "Bo", "play": "5-3"},
        {"player": "Ann", "play": "6-4"},
    ]


def test_the_first_lead_made_with_no_network_may_be_undone(server, phone):
    match_id = call(server.url + "/api/matches", RECORD)[1]["id"]
    call(f"{server.url}/api/matches/{match_id}/leader", {"version": 1, "leader": "Ann"})
    phone.goto(f"{server.url}/matches/{match_id}")
    undo = phone.locator("#table").get_by_role("button", name="Undo")
    expect(undo).to_be_disabled()
    phone.context.set_offline(True)
    tile(phone, "6-3").click()
    expect(phone.locator(".turn .whose")).to_have_text("Bo to play")
    undo.click()
    expect(phone.locator(".turn .whose")).to_have_text("Ann leads hand 1")
    expect(undo).to_be_disabled()

    online(phone)
    sent(phone, 4)
    assert events(server, match_id) == []


def test_the_lead_may_be_turned_only_while_alone_on_the_table(server, phone):
    match_id = started(server)
    phone.goto(f"{server.url}/matches/{match_id}")
    turn_lead = phone.locator("#table").get_by_role("button", name="Turn the lead")
    expect(turn_lead).to_be_visible()
    phone.context.set_offline(True)
    tile(phone, "5-3").click()
    expect(turn_lead).to_be_hidden()
    phone.locator("#table").get_by_role("button", name="Undo").click()
    expect(turn_lead).to_be_visible()


@pytest.mark.parametrize("before", [0, 58])
def test_an_end_asked_with_no_network_says_what_the_server_says(server, phone, before):
    """Fives and Threes: Ann's last tile, 6-3, goes on the 3 (12: 4) or on the 6 (6: 2), and
    goes out; at 58 the first would pass 61. The phone's question says what the server's does."""
    rules = {"preset": "fives-and-threes", "hand_size": 2}
    told = [{"points": {"Ann": before}}] if before else []
    played = record(rules, "Ann Bo", *told, hand("Ann 3-1", "Bo 1-6 right"))
    match_id = server.played_here(played)
    asked = phone.context.new_page()
    asked.goto(f"{server.url}/matches/{match_id}?tile=6-3")
    said = [
        " ".join(words.split()) for words in asked.locator(".end-choice .end").all_text_contents()
    ]
    phone.goto(f"{server.url}/matches/{match_id}")
    phone.context.set_offline(True)
    tile(phone, "6-3").click()
    expect(phone.locator(".end-choice.foreseen .end")).to_have_text(said)
    assert any("for going out" in words for words in said)
    assert any("bust" in words for words in said) == bool(before)


def test_two_knocks_tapped_in_quick_succession_are_two_a_bounce_is_one(server, phone):
    """Bo and Cy cannot go: Pass tapped for each, a quarter of a second apart, is two passes,
    since the screen already showed Bo's done; a third tap a finger's bounce after is nothing."""
    no_draws = {"preset": "all-fives", "hand_size": 2, "boneyard_reserve": 22}
    knocks = record(no_draws, "Ann Bo Cy", hand("Ann 6-6"))
    match_id = server.played_here(knocks)
    phone.goto(f"{server.url}/matches/{match_id}")
    before = version(phone)
    expect(phone.locator(".turn .whose")).to_have_text("Bo to play")
    phone.context.set_offline(True)
    passed = phone.locator("#table").get_by_role("button", name="Pass", exact=True)

    phone.clock.set_fixed_time(1_800_000_000)
    passed.click()
    expect(phone.locator(".turn .whose")).to_have_text("Cy to play")
    phone.clock.set_fixed_time(1_800_000_000.25)
    passed.click()
    expect(phone.locator(".turn .whose")).to_have_text("Ann to play")
    phone.clock.set_fixed_time(1_800_000_000.3)
    passed.click()  # a bounce of the same finger
    expect(phone.locator("#taps .taps-count")).to_have_text("2 taps waiting: Pass, Pass")
    expect(phone.locator(".turn .whose")).to_have_text("Ann to play")

    online(phone)
    sent(phone, before + 2)
    assert events(server, match_id) == [
        {"player": "Ann", "play": "6-6"},
        {"player": "Bo", "pass": True},
        {"player": "Cy", "pass": True},
    ]


UNDONE = {
    "tile": (RECORD | {"hands": [{"events": [{"player": "Ann", "play": "6-3"}]}]}, "5-3",
             "Undone: 5-3 by Bo."),
    "draw": (RECORD | {"hands": [{"events": [{"player": "Ann", "play": "6-3"}]}]}, "Draw",
             "Undone: Bo's draw."),
    "knock": (record("fives-and-threes", "Ann Bo", hand("Ann 6-6")), "Knock",
              "Undone: Bo's knock."),
    "pass": (record({"preset": "all-fives", "hand_size": 2, "boneyard_reserve": 22}, "Ann Bo Cy",
                    hand("Ann 6-6")), "Pass", "Undone: Bo's pass."),
}  # fmt: skip


@pytest.mark.parametrize("kind", UNDONE)
def test_undo_with_no_network_says_what_it_took_back_as_the_server_does(server, phone, kind):
    match_record, tapped, said = UNDONE[kind]
    match_id = server.played_here(match_record)
    phone.goto(f"{server.url}/matches/{match_id}")
    before = version(phone)
    phone.context.set_offline(True)
    if "-" in tapped:
        tile(phone, tapped).click()
    else:
        phone.locator("#table").get_by_role("button", name=tapped, exact=True).click()
    expect(phone.locator("#taps .taps-count")).to_have_text(f"1 tap waiting: {tapped}")
    phone.get_by_role("button", name="Undo").click()
    notice = phone.locator("#table .last-play .notice")
    expect(notice).to_have_text(said)
    expect(phone.locator(".turn .whose")).to_have_text(re.compile("^Bo"))

    online(phone)
    sent(phone, before + 2)
    expect(notice).to_have_text(said)  # the server's own line, once both are recorded


@pytest.mark.parametrize("drawn_by", ["server", "phone"])
def test_undo_of_the_pips_confirmed_with_no_network_says_them_as_the_server_does(
    server, phone, drawn_by
):
    """The pips screen the server drew, or the phone's own once Ann's pass ends the hand
    offline: Confirm then Undo says what it took back and leaves the pips typed."""
    passes = ("Ann 6-6", "Bo pass", "Cy pass") + (("Ann pass",) if drawn_by == "server" else ())
    no_draws = {"preset": "all-fives", "hand_size": 2, "boneyard_reserve": 22}
    match_id = server.played_here(record(no_draws, "Ann Bo Cy", hand(*passes)))
    phone.goto(f"{server.url}/matches/{match_id}")
    before = version(phone)
    phone.context.set_offline(True)
    if drawn_by == "phone":
        phone.locator("#table").get_by_role("button", name="Pass", exact=True).click()
    for player, pips in (("Ann", "3"), ("Bo", "7"), ("Cy", "9")):
        phone.get_by_label(f"Pips left by {player}").fill(pips)
    phone.get_by_role("button", name="Confirm").click()
    expect(phone.locator("#taps .taps-count")).to_contain_text("Confirm")
    phone.get_by_role("button", name="Undo").click()
    said = "Undone: the pips left in hand 1 (Ann 3 · Bo 7 · Cy 9)."
    notice = phone.locator("#table .settle-head .notice:visible")  # the pips screen's own place
    expect(notice).to_have_text(said)
    expect(phone.get_by_label("Pips left by Bo")).to_have_value("7")  # kept, to be corrected

    online(phone)
    sent(phone, before + (2 if drawn_by == "server" else 3))
    expect(notice).to_have_text(said)
