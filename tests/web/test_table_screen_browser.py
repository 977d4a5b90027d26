"""The table screen as a player at a noisy table meets it, on a phone-sized Chromium (360×740)
against the real server: the tiles and the action bar stay where the thumb learnt them from tap
to tap, Confirm and the bar stay in reach, the picker's order is one rule, and what a tap did
is said in words. One server serves the module; each test plays a match of its own."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser import tap
from tests.live_server import LiveServer
from tests.records import example, hand, record

pytestmark = pytest.mark.browser
HEIGHT = 740


@pytest.fixture(autouse=True)
def patient(page: Page):
    page.set_default_timeout(8000)


def table(page: Page, server: LiveServer, match_record: dict) -> int:
    match_id = server.post_json("/api/matches", match_record)["id"]
    page.goto(f"{server.url}/matches/{match_id}")
    return match_id


def box(page: Page, locator) -> tuple[float, ...]:
    found = locator.bounding_box()
    assert found, locator
    return tuple(round(found[key]) for key in ("x", "y", "width", "height"))


def in_reach(page: Page, locator) -> None:
    """Wholly inside the phone's screen as it is now, and a tap on its middle reaches it."""
    x, y, width, height = box(page, locator)
    assert y >= 0 and y + height <= HEIGHT, (y, height)
    hit = locator.evaluate(
        "(e) => { const r = e.getBoundingClientRect();"
        " return e.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)); }"
    )
    assert hit, "covered"


THREE = {"format": "allfives-match/1", "rules": "all-fives", "players": ["Ann", "Bo", "Cy"],
         "hands": []}  # fmt: skip


def test_the_tiles_and_the_bar_stay_put_through_a_run_of_taps(page: Page, server):
    table(page, server, THREE)
    bar = page.locator(".actions")
    _x, top, _width, height = box(page, bar)  # who leads: the bar already where it stays
    tap(page, "Ann")  # who leads, saved: the phone shows the tiles before the answer comes
    picker, draw = page.locator(".picker"), page.get_by_role("button", name="Draw", exact=True)
    expect(picker).to_be_visible()
    assert box(page, bar)[1::2] == (top, height)
    seen = set()
    # the lines above the tiles grow and shrink: the last tile, its sum, the draws since
    for name in ("6-6", "6-5", "Draw", "Draw", "Draw", "Draw", "5-5", "Draw", "Draw"):
        tap(page, name)
        seen.add((box(page, picker), box(page, draw)))
    assert len(seen) == 1, seen
    in_reach(page, draw)


def test_the_tiles_and_the_bar_stay_put_in_fives_and_threes_too(page: Page, server):
    table(page, server, record("fives-and-threes", "Ann Bo"))
    tap(page, "Ann")  # who leads, saved: the phone shows the tiles before the answer comes
    picker, knock = page.locator(".picker"), page.get_by_role("button", name="Knock", exact=True)
    expect(picker).to_be_visible()
    seen = set()
    # 6-3 on the double makes 12 + 3 = 15, a line that wraps with its terms; a knock follows it
    for name in ("6-6", "6-3", "Knock", "3-3", "Knock", "3-1"):
        tap(page, name)
        seen.add((box(page, picker), box(page, knock)))
    assert len(seen) == 1, seen
    in_reach(page, knock)


@pytest.mark.parametrize("played", ["fives-and-threes-partners-both-out",
                                    "fives-and-threes-bust-going-out"])  # fmt: skip
def test_the_next_lead_finds_the_tiles_where_the_hand_keeps_them(page: Page, server, played):
    # before the lead the hand just settled shows under the last tile's count: a taller box
    match = example(played)
    table(page, server, match | {"hands": match["hands"][:2]})
    picker, bar = page.locator(".picker"), page.locator(".actions")
    before = (box(page, picker), box(page, bar)[1::2])
    tap(page, "6-6")
    assert (box(page, picker), box(page, bar)[1::2]) == before


def test_the_bar_stays_in_reach_after_a_missed_tile_is_put_in(page: Page, server):
    table(page, server, record("muggins", "Ann Bo", hand("Ann 6-3", "Bo 6-4", "Ann 4-2")))
    before = box(page, page.locator(".picker"))
    page.get_by_role("button", name="Fix", exact=True).click()
    page.locator(".entry-link").nth(1).click()
    page.get_by_role("button", name="Missed one before it").click()
    tap(page, "3-1")
    expect(page.locator(".last-play .notice")).to_contain_text("Put in: 3-1 by Bo")
    assert box(page, page.locator(".picker")) == before
    for name in ("Draw", "Undo", "Fix"):
        in_reach(page, page.get_by_role("button", name=name, exact=True))


def test_confirm_stays_in_reach_with_three_tile_lists_open(page: Page, server):
    rules = {"preset": "all-fives", "hand_size": 3, "boneyard_reserve": 19}
    table(page, server, record(rules, "Ann Bo Cy", hand("Ann 6-6", "Bo pass", "Cy pass",
                                                         "Ann pass")))  # fmt: skip
    for summary in page.locator(".left-hand summary").all():
        summary.click()
    expect(page.locator(".left-tiles[open]")).to_have_count(3)
    for scrolled in (0, 10_000):  # the top of the form, and its last tiles
        page.evaluate(f"window.scrollTo(0, {scrolled})")
        for name in ("Check", "Confirm"):
            in_reach(page, page.get_by_role("button", name=name, exact=True))


def picker_rows(page: Page) -> list[list[str]]:
    return page.locator(".picker .tile-row").evaluate_all(
        "(rows) => rows.map((row) => [...row.querySelectorAll('button')]"
        ".map((b) => b.getAttribute('aria-label')))"
    )


def test_the_picker_keeps_one_order_a_player_learns_at_once(page: Page, server):
    table(page, server, THREE)
    tap(page, "Ann")  # who leads, saved: the phone shows the tiles before the answer comes
    expect(page.locator(".picker")).to_be_visible()
    # a row per high half, the other half counting up to the double, then the small suit
    assert picker_rows(page) == [
        ["6-0", "6-1", "6-2", "6-3", "6-4", "6-5", "6-6"],
        ["5-0", "5-1", "5-2", "5-3", "5-4", "5-5", "0-0"],
        ["4-0", "4-1", "4-2", "4-3", "4-4", "1-0", "1-1"],
        ["3-0", "3-1", "3-2", "3-3", "2-0", "2-1", "2-2"],
    ]
    before = [box(page, page.get_by_role("button", name=t, exact=True)) for t in ("5-2", "2-2")]
    tap(page, "6-6")
    tap(page, "6-2")
    played = page.locator(".picker").get_by_role("button", name="6-2", exact=True)
    expect(played).to_be_disabled()  # kept in its place, only its outline
    assert picker_rows(page)[0][2] == "6-2"
    after = [box(page, page.get_by_role("button", name=t, exact=True)) for t in ("5-2", "2-2")]
    assert after == before
    # the same low half, the same column
    columns = {box(page, page.get_by_role("button", name=t, exact=True))[0] for t in
               ("6-2", "5-2", "4-2", "3-2")}  # fmt: skip
    assert len(columns) == 1


ALL_DEALT = {"preset": "all-fives", "hand_size": 14, "boneyard_reserve": 0}  # nothing to draw


def test_undo_after_confirm_says_what_it_took_back_and_keeps_the_pips(page: Page, server):
    match_id = table(page, server, record(ALL_DEALT, "Ann Bo", hand("Ann 6-6", "Bo pass",
                                                                      "Ann pass")))  # fmt: skip
    page.get_by_label("Pips left by Ann").fill("70")
    expect(page.get_by_label("Pips left by Bo")).to_have_value("86")
    tap(page, "Confirm")
    expect(page.get_by_role("heading", name="Who leads hand 2?")).to_be_visible()
    tap(page, "Undo")
    expect(page.get_by_role("status").filter(has_text="Undone")).to_have_text(
        "Undone: the pips left in hand 1 (Ann 70 · Bo 86)."
    )
    expect(page.get_by_label("Pips left by Ann")).to_have_value("70")
    expect(page.get_by_label("Pips left by Bo")).to_have_value("86")
    page.get_by_label("Pips left by Ann").fill("72")  # corrected, and confirmed again
    page.get_by_label("Pips left by Bo").fill("84")
    tap(page, "Confirm")
    left = server.get_json(f"/api/matches/{match_id}")["record"]["hands"][0]["left"]
    assert left == {"Ann": 72, "Bo": 84}


def test_the_address_follows_the_table_after_continue_from_paper(page: Page, server):
    rules = {"preset": "muggins", "target": 150}
    match_id = server.post_json("/api/matches", record(rules, "Cy Di"))["id"]
    page.goto(f"{server.url}/matches/{match_id}/scored?paper=1")
    expect(page.get_by_role("heading", name="Continue from paper")).to_be_visible()
    page.get_by_label("Cy").fill("85")
    page.get_by_label("Di").fill("60")
    page.get_by_role("button", name="Score the hand").click()
    expect(page.get_by_role("heading", name="Who leads hand 2?")).to_be_visible()
    expect(page).to_have_url(f"{server.url}/matches/{match_id}")
    page.reload()
    expect(page.get_by_role("heading", name="Who leads hand 2?")).to_be_visible()
    expect(page.get_by_role("heading", name="Continue from paper")).to_have_count(0)


@pytest.mark.parametrize("language", ["en", "da", "sv", "fr"])
def test_one_word_per_action_choosing_the_leader_is_not_drawing(page: Page, server, language):
    table(page, server, THREE)
    page.locator(f".languages [data-lang={language}]").click()
    random_leader = page.locator("#table button[value=lots]")
    said = random_leader.inner_text().lower()
    tap(page, "Ann")  # who leads, saved: the phone shows the tiles before the answer comes
    expect(page.locator(".picker")).to_be_visible()
    draw = page.locator(".actions button").first  # Draw (not yet, before the lead)
    word = draw.inner_text().strip().lower()
    assert word not in said.split(), (word, said)


def test_the_pips_field_says_its_range_in_words(page: Page, server):
    rules = {"preset": "all-fives", "hand_size": 3, "boneyard_reserve": 19}
    table(page, server, record(rules, "Ann Bo Cy", hand("Ann 6-6", "Bo pass", "Cy pass",
                                                         "Ann pass")))  # fmt: skip
    field = page.get_by_label("Pips left by Bo")
    expect(field).to_have_value("")
    assert field.get_attribute("placeholder") is None  # nothing that looks like a value
    expect(field).to_have_accessible_description("3 to 31 pips")
    expect(page.locator(".left-hand", has_text="Bo holds")).to_contain_text("3 to 31 pips")


@pytest.mark.parametrize("language", ["en", "da", "sv", "fr"])
def test_home_is_one_small_tap_away_from_the_table(page: Page, server, language):
    table(page, server, THREE)
    page.locator(f".languages [data-lang={language}]").click()
    home = page.locator(".home-link")
    in_reach(page, home)
    # in the header's one line, beside the name: the table below keeps its room
    assert box(page, home)[1] < box(page, page.locator(".brand"))[1] + 20
    assert box(page, home)[2] >= 44 and box(page, home)[3] >= 44
    home.click()
    expect(page).to_have_url(server.url + "/")


def shows_version(page: Page, server: LiveServer, match_id: int) -> None:
    """The table's own hidden input named version holds the version the server has."""
    version = server.get_json(f"/api/matches/{match_id}")["version"]
    expect(page.locator("#table > input[type=hidden][name=version]")).to_have_value(str(version))


def test_a_hand_by_the_names_people_and_tests_rely_on(page: Page, server):
    # muggins, Ann to play: left 2, right 1, so 2-1 asks its end
    played = record("muggins", "Ann Bo", hand("Ann 6-3", "Bo 3-1", "Ann 6-4", "Bo 4-2"))
    match_id = table(page, server, played)
    shows_version(page, server, match_id)
    expect(page.get_by_role("region", name="Ann to play")).to_be_visible()
    page.get_by_role("button", name="2-1", exact=True).click()
    expect(page.get_by_role("button", name="right", exact=True)).to_be_visible()
    shows_version(page, server, match_id)
    tap(page, "left")
    expect(page.get_by_role("region", name="Bo to play")).to_be_visible()
    shows_version(page, server, match_id)
    tap(page, "Draw")
    tap(page, "Undo")
    page.get_by_role("button", name="Fix", exact=True).click()
    expect(page.get_by_role("heading", name="Fix an entry of hand 1")).to_be_visible()
    shows_version(page, server, match_id)  # a screen with no form carries it too
    page.get_by_role("button", name="Back to the table").click()
    expect(page.get_by_role("region", name="Bo to play")).to_be_visible()

    blocked = table(page, server, record(ALL_DEALT, "Ann Bo", hand("Ann 6-6", "Bo pass",
                                                                     "Ann pass")))  # fmt: skip
    shows_version(page, server, blocked)
    page.get_by_label("Pips left by Ann").fill("70")
    expect(page.get_by_label("Pips left by Bo")).to_have_value("86")
    tap(page, "Confirm")
    shows_version(page, server, blocked)
