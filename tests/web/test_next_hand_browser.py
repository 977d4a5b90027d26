"""The hand's end with no network: the settlement drawn online, the pips typed and Confirm tapped
offline, the phone goes on to the next hand by itself — who leads it asked on the phone when the
rules leave it open, the lead tile foreseen — and every tap lands once when the network is back.
In Chromium against the real server, each phone with its service worker blocked."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser import online, sent, tile
from tests.live_server import LiveServer
from tests.records import hand, record

pytestmark = pytest.mark.browser

# All Fives, two tiles each: Ann leads 6-6 and nobody can follow — blocked, the next lead open.
BLOCKED = record(
    {"preset": "all-fives", "hand_size": 2, "boneyard_reserve": 22},
    "Ann Bo Cy",
    hand("Ann 6-6", "Bo pass", "Cy pass", "Ann pass"),
)
# Nothing to draw; Ann goes out with 6-5: she leads the next hand.
WON = record(
    {"preset": "all-fives", "hand_size": 2, "boneyard_reserve": 24},
    "Ann Bo",
    hand("Ann 6-6", "Bo 6-1 left", "Ann 6-5 right"),
)


def settling(phone, server: LiveServer, match_record: dict) -> int:
    """The match's settlement screen, drawn online; then the network goes."""
    match_id = server.post_json("/api/matches", match_record)["id"]
    phone.goto(f"{server.url}/matches/{match_id}")
    expect(phone.get_by_role("button", name="Confirm", exact=True)).to_be_visible()
    phone.context.set_offline(True)
    return match_id


def confirm(phone, pips: dict) -> None:
    for player, left in pips.items():
        phone.get_by_label(f"Pips left by {player}").fill(str(left))
    phone.get_by_role("button", name="Confirm", exact=True).click()


def as_reloaded(phone, server: LiveServer, match_id: int) -> None:
    fresh = phone.context.new_page()
    fresh.goto(f"{server.url}/matches/{match_id}")
    assert phone.locator("#table").inner_text() == fresh.locator("#table").inner_text()
    fresh.close()


def test_after_a_block_confirm_who_leads_and_the_lead_wait_on_the_phone(phone, server):
    match_id = settling(phone, server, BLOCKED)
    version = int(phone.locator("#table input[name=version]").first.input_value())
    confirm(phone, {"Ann": 5, "Bo": 7, "Cy": 9})

    asked = phone.locator("#table .lead-choice")
    expect(asked.get_by_role("heading")).to_have_text("Who leads hand 2?")
    expect(phone.locator("#table section.settle")).to_be_hidden()
    expect(phone.locator(".scoreboard .target")).to_contain_text("hand 2")
    asked.get_by_role("button", name="Bo", exact=True).click()
    expect(asked).to_have_count(0)
    expect(phone.locator(".turn .whose")).to_have_text("Bo leads hand 2")
    expect(phone.locator("#taps .taps-count")).to_contain_text("2 taps waiting")

    tile(phone, "5-0").click()
    expect(phone.locator(".turn .whose")).to_have_text("Cy to play")
    expect(phone.locator("#table .last-play")).to_have_text("5-0 5 + 0 = 5 → Bo +5")
    # Nothing may be drawn: Cy's Draw is a Pass.
    expect(phone.locator("#table").get_by_role("button", name="Pass")).to_be_enabled()

    online(phone)
    sent(phone, version + 3)
    played = server.get_json(f"/api/matches/{match_id}")["record"]["hands"]
    assert played[0]["left"] == {"Ann": 5, "Bo": 7, "Cy": 9}
    assert played[1:] == [{"events": [{"player": "Bo", "play": "5-0"}]}]
    expect(phone.locator(".turn .whose")).to_have_text("Cy to play")
    as_reloaded(phone, server, match_id)


def test_after_a_domino_the_winner_leads_with_nothing_asked(phone, server):
    match_id = settling(phone, server, WON)
    version = int(phone.locator("#table input[name=version]").first.input_value())
    confirm(phone, {"Bo": 5})

    expect(phone.locator("#table .lead-choice")).to_have_count(0)
    expect(phone.locator(".turn .whose")).to_have_text("Ann leads hand 2")
    tile(phone, "5-5").click()
    expect(phone.locator(".turn .whose")).to_have_text("Bo to play")
    expect(phone.locator("#table .last-play")).to_have_text("5-5 10 (5-5) → Ann +10")
    ends = phone.locator(".open-ends li")
    foreseen = ["left 5 double", "right 5 double", "count 10"]  # as the server draws them
    expect(ends).to_have_text(foreseen)

    online(phone)
    sent(phone, version + 2)
    played = server.get_json(f"/api/matches/{match_id}")["record"]["hands"]
    assert played[0]["left"] == {"Bo": 5}
    assert played[1:] == [{"events": [{"player": "Ann", "play": "5-5"}]}]
    as_reloaded(phone, server, match_id)
    expect(ends).to_have_text(foreseen)


def test_undo_after_confirm_with_no_network_brings_the_settlement_back(phone, server):
    match_id = settling(phone, server, BLOCKED)
    version = int(phone.locator("#table input[name=version]").first.input_value())
    confirm(phone, {"Ann": 5, "Bo": 7, "Cy": 9})
    expect(phone.locator("#table .lead-choice")).to_be_visible()

    phone.locator("#table").get_by_role("button", name="Undo").click()
    expect(phone.locator("#table section.settle")).to_be_visible()
    expect(phone.locator("#table .lead-choice")).to_have_count(0)
    expect(phone.get_by_label("Pips left by Bo")).to_have_value("7")
    expect(tile(phone, "5-0")).to_be_hidden()

    online(phone)
    sent(phone, version + 2)
    played = server.get_json(f"/api/matches/{match_id}")["record"]["hands"]
    assert "left" not in played[0]
    expect(phone.get_by_role("button", name="Confirm", exact=True)).to_be_visible()


def test_a_hand_blocked_with_no_network_asks_who_leads_the_next(phone, server):
    """The hand ends on the phone (Ann's pass blocks it): the pips and who leads are asked
    here, in place of the tiles, and the lead tile is foreseen for the player chosen."""
    playing = record(BLOCKED["rules"], "Ann Bo Cy", hand("Ann 6-6", "Bo pass", "Cy pass"))
    match_id = server.post_json("/api/matches", playing)["id"]
    phone.goto(f"{server.url}/matches/{match_id}")
    version = int(phone.locator("#table input[name=version]").first.input_value())
    phone.context.set_offline(True)
    phone.locator("#table").get_by_role("button", name="Pass").click()
    confirm(phone, {"Ann": 5, "Bo": 7, "Cy": 9})
    asked = phone.locator("#table .lead-choice")
    expect(asked.get_by_role("heading")).to_have_text("Who leads hand 2?")
    expect(tile(phone, "5-0")).to_be_hidden()
    asked.get_by_role("button", name="Cy", exact=True).click()
    tile(phone, "5-0").click()
    expect(phone.locator(".turn .whose")).to_have_text("Ann to play")

    online(phone)
    sent(phone, version + 4)
    played = server.get_json(f"/api/matches/{match_id}")["record"]["hands"]
    assert played[1:] == [{"events": [{"player": "Cy", "play": "5-0"}]}]
    as_reloaded(phone, server, match_id)


def test_the_pips_asked_on_the_phone_read_as_the_server_asks_them(phone, server):
    """The hand ended on the phone: its pips are asked with the server's words for each player
    (who, how many tiles, the range), and the hand's turn and Draw are gone, as on the server's
    screen once the pass is recorded."""
    playing = record(BLOCKED["rules"], "Ann Bo Cy", hand("Ann 6-6", "Bo pass", "Cy pass"))
    match_id = server.post_json("/api/matches", playing)["id"]
    phone.goto(f"{server.url}/matches/{match_id}")
    phone.context.set_offline(True)
    phone.locator("#table").get_by_role("button", name="Pass").click()
    asked = phone.locator("#table form.settle.foreseen")
    expect(asked.get_by_role("heading")).to_have_text("Blocked!")
    expect(phone.locator("#table .turn")).to_be_hidden()
    expect(phone.locator("#table [data-action]:visible")).to_have_count(0)
    rows = [" ".join(row.split()) for row in asked.locator(".left-hand legend").all_inner_texts()]

    online(phone)
    expect(phone.locator("#table section.settle")).to_be_visible(timeout=15000)
    served = phone.locator("#table section.settle .left-hand legend").all_inner_texts()
    assert rows == [" ".join(row.split()) for row in served]
    assert rows[0] == "Ann holds 1 tile 0 to 11 pips"


def test_who_leads_asked_by_the_server_then_answered_with_no_network(phone, server):
    left = {"left": {"Ann": 5, "Bo": 7, "Cy": 9}}
    settled = record(BLOCKED["rules"], "Ann Bo Cy", BLOCKED["hands"][0] | left)
    match_id = server.post_json("/api/matches", settled)["id"]
    phone.goto(f"{server.url}/matches/{match_id}")
    version = int(phone.locator("#table input[name=version]").first.input_value())
    phone.context.set_offline(True)
    phone.locator("#table .lead-choice").get_by_role("button", name="Bo", exact=True).click()
    expect(phone.locator("#table .lead-choice")).to_be_hidden()
    expect(phone.locator(".turn .whose")).to_have_text("Bo leads hand 2")
    tile(phone, "5-0").click()
    expect(phone.locator(".turn .whose")).to_have_text("Cy to play")

    online(phone)
    sent(phone, version + 2)
    played = server.get_json(f"/api/matches/{match_id}")["record"]["hands"]
    assert played[1:] == [{"events": [{"player": "Bo", "play": "5-0"}]}]
    as_reloaded(phone, server, match_id)


def test_pick_at_random_with_no_network_is_drawn_on_the_phone(phone, server):
    left = {"left": {"Ann": 5, "Bo": 7, "Cy": 9}}
    settled = record(BLOCKED["rules"], "Ann Bo Cy", BLOCKED["hands"][0] | left)
    match_id = server.post_json("/api/matches", settled)["id"]
    phone.goto(f"{server.url}/matches/{match_id}")
    version = int(phone.locator("#table input[name=version]").first.input_value())
    phone.context.set_offline(True)
    phone.get_by_role("button", name="Pick at random").click()
    whose = phone.locator(".turn .whose")
    expect(whose).to_have_text(re.compile(r"^(Ann|Bo|Cy) leads hand 2$"))
    leader = whose.inner_text().split()[0]
    tile(phone, "5-0").click()

    online(phone)
    sent(phone, version + 2)
    played = server.get_json(f"/api/matches/{match_id}")["record"]["hands"]
    assert played[1:] == [{"events": [{"player": leader, "play": "5-0"}]}]


def test_a_confirm_and_lead_entered_on_another_phone_are_done_and_the_lead_tile_goes_on(
    phone, server
):
    """The pips and who leads, entered the same on another phone while this one had no
    network: both are done, and the lead tile made here after them is recorded."""
    match_id = settling(phone, server, BLOCKED)
    version = int(phone.locator("#table input[name=version]").first.input_value())
    confirm(phone, {"Ann": 5, "Bo": 7, "Cy": 9})
    phone.locator("#table .lead-choice").get_by_role("button", name="Bo", exact=True).click()
    tile(phone, "5-0").click()
    expect(phone.locator("#taps .taps-count")).to_contain_text("3 taps waiting")
    other = f"/api/matches/{match_id}"
    pips = {"version": version, "left": {"Ann": 5, "Bo": 7, "Cy": 9}}
    server.post_json(f"{other}/events", pips)
    server.post_json(f"{other}/leader", {"version": version + 1, "leader": "Bo"})

    online(phone)
    expect(phone.locator("#table input[name=version]").first).to_have_value(str(version + 3))
    expect(phone.locator("#taps")).to_have_text(
        "Already entered on another phone: Confirm, Bo leads hand 2."
    )
    expect(phone.locator(".turn .whose")).to_have_text("Cy to play")
    played = server.get_json(other)["record"]["hands"]
    assert played[0]["left"] == {"Ann": 5, "Bo": 7, "Cy": 9}
    assert played[1:] == [{"events": [{"player": "Bo", "play": "5-0"}]}]


def test_another_phone_choosing_another_leader_comes_first(phone, server):
    """The same pips confirmed on another phone, but Cy chosen there to lead: the Confirm made
    here is done; Bo's lead and the tile after it are not recorded, and said so."""
    match_id = settling(phone, server, BLOCKED)
    version = int(phone.locator("#table input[name=version]").first.input_value())
    confirm(phone, {"Ann": 5, "Bo": 7, "Cy": 9})
    phone.locator("#table .lead-choice").get_by_role("button", name="Bo", exact=True).click()
    tile(phone, "5-0").click()
    other = f"/api/matches/{match_id}"
    server.post_json(f"{other}/events", {"version": version, "left": {"Ann": 5, "Bo": 7, "Cy": 9}})
    server.post_json(f"{other}/leader", {"version": version + 1, "leader": "Cy"})

    online(phone)
    expect(phone.locator(".turn .whose")).to_have_text("Cy leads hand 2", timeout=15000)
    expect(phone.locator("#taps")).to_contain_text("Already entered on another phone: Confirm.")
    expect(phone.locator("#taps")).to_contain_text("Also not sent, as made after it: 5-0.")
    assert server.get_json(other)["record"]["hands"][1:] == []
