"""The table as a new user finds it, on a phone-sized Chromium (360×740) against the real server:
Fix without dead ends (a later tile's end asked, a missed entry put in, an extra one taken out),
the hand's end on one screen (pips worked out, nothing typed lost, ticked tiles counted), the
screen (nothing pinned over a tap, the layout one tap away and readable, the end asked only when
it changes the game, the scorepad a link away) and the new-match form; no console error on any
of them. One server serves the module; each test plays a match of its own.

With TABLE_SHOTS set to a folder, the screens worth looking at are saved there as PNGs."""

import os
import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from assistant.engine import replay
from assistant.simulate import random_match
from tests.browser import tap, version
from tests.live_server import LiveServer
from tests.records import hand, record

pytestmark = pytest.mark.browser
HEIGHT = 740


@pytest.fixture(autouse=True)
def no_console_error(page: Page):
    """Every test ends with nothing in the console: no error, no style the CSP refused. (A 409
    or 422 answer is the table's own reply, with the table and why: Chromium notes the status,
    which is not a fault of the page.)"""
    errors: list[str] = []
    page.set_default_timeout(8000)
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation', (e) => "
        "console.error('CSP refused', e.violatedDirective, e.sample))"
    )
    answered = re.compile(r"^Failed to load resource: .* status of (409|422) ")
    page.on(
        "console",
        lambda m: (
            errors.append(m.text) if m.type == "error" and not answered.match(m.text) else None
        ),
    )
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield
    assert errors == []


def shot(page: Page, name: str) -> None:
    folder = os.environ.get("TABLE_SHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def table(page: Page, server: LiveServer, match_record: dict) -> int:
    match_id = server.post_json("/api/matches", match_record)["id"]
    page.goto(f"{server.url}/matches/{match_id}")
    return match_id


def events(server: LiveServer, match_id: int) -> list[dict]:
    return server.get_json(f"/api/matches/{match_id}")["record"]["hands"][-1]["events"]


def uncovered(page: Page, selector: str) -> None:
    """Every element the selector finds is wholly on the first screen, and a tap anywhere on it
    (its middle, near its top, near its bottom) reaches it: nothing pinned lies over it."""
    assert page.evaluate("window.scrollY") == 0
    found = page.locator(selector).all()
    assert found, selector
    for element in found:
        box = element.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= HEIGHT, selector
        hit = element.evaluate(
            "(e) => { const r = e.getBoundingClientRect(); const x = r.x + r.width / 2;"
            " for (const y of [r.y + 3, r.y + r.height / 2, r.bottom - 3]) {"
            "   const at = document.elementFromPoint(x, y);"
            "   if (!e.contains(at)) return at.outerHTML.slice(0, 120); }"
            " return true; }"
        )
        assert hit is True, f"{element.get_attribute('aria-label')} under {hit}"


def fix(page: Page, position: int) -> None:
    page.get_by_role("button", name="Fix", exact=True).click()
    page.locator(".entry-link").filter(has=page.locator(".entry-number", has_text=re.compile(
        rf"^{position}$"))).click()  # fmt: skip


# -- Fix without dead ends ----------------------------------------------------------------------

# left 6, right 3 after the lead; Bo's 3-1 makes right 1; Ann's 6-4 then fits only the left
PLAYED = record("muggins", "Ann Bo", hand("Ann 6-3", "Bo 3-1", "Ann 6-4", "Bo 4-2"))


def test_a_correction_asks_the_end_of_a_later_tile_it_makes_fit_two(page: Page, server):
    match_id = table(page, server, PLAYED)
    fix(page, 2)
    expect(page.get_by_role("heading", name="Fix 3-1 by Bo")).to_be_visible()
    page.get_by_role("button", name="4-3", exact=True).click()  # right 4: 6-4 fits both ends
    expect(page.get_by_text("Where does Ann's 6-4 go now?")).to_be_visible()
    uncovered(page, ".end-choice button")
    shot(page, "fix-asks-end")
    assert len(events(server, match_id)) == 4 and events(server, match_id)[1]["play"] == "3-1"
    tap(page, "left")
    expect(page.locator(".last-play .notice")).to_have_text(
        "Corrected: 3-1 by Bo is now 4-3 by Bo. Everything after it still fits."
    )
    assert events(server, match_id)[1:] == [
        {"player": "Bo", "play": "4-3"},
        {"player": "Ann", "play": "6-4", "end": "left"},
        {"player": "Bo", "play": "4-2", "end": "left"},  # left 4, right 4: the same game
    ]


def test_a_refused_correction_says_why_in_a_sentence(page: Page, server):
    match_id = table(page, server, PLAYED)
    fix(page, 2)
    page.get_by_role("button", name="6-5", exact=True).click()  # left 5, right 3: 6-4 is out
    expect(page.locator(".message")).to_have_text(
        "After the correction, Ann's 6-4 no longer fits: 6-4 does not fit: open ends are "
        "left 5, right 3"
    )
    assert events(server, match_id)[1] == {"player": "Bo", "play": "3-1"}


def test_a_missed_entry_is_put_in_before_another(page: Page, server):
    # Bo's 3-1 was never entered: the table gave Ann's 6-4 to Bo and Bo's 4-2 to Ann
    match_id = table(page, server, record("muggins", "Ann Bo", hand("Ann 6-3", "Bo 6-4",
                                                                     "Ann 4-2")))  # fmt: skip
    fix(page, 2)
    page.get_by_role("button", name="Missed one before it").click()
    expect(page.get_by_role("heading", name="Missed before 6-4 by Bo")).to_be_visible()
    expect(page.get_by_text("What did Bo do that was not entered?")).to_be_visible()
    tap(page, "3-1")
    expect(page.locator(".last-play .notice")).to_have_text("Put in: 3-1 by Bo, before 6-4 by Ann.")
    assert [(e["player"], e.get("play")) for e in events(server, match_id)] == [
        ("Ann", "6-3"), ("Bo", "3-1"), ("Ann", "6-4"), ("Bo", "4-2")
    ]  # fmt: skip
    expect(page.locator(".whose")).to_have_text("Ann to play")


def test_an_extra_entry_is_removed(page: Page, server):
    extra = record("muggins", "Ann Bo", hand("Ann 6-3", "Bo draw 1", "Bo 3-1", "Ann 6-4"))
    match_id = table(page, server, extra)
    fix(page, 2)
    tap(page, "Remove it")
    expect(page.locator(".last-play .notice")).to_have_text("Removed: Bo's draw.")
    assert [e.get("play") for e in events(server, match_id)] == ["6-3", "3-1", "6-4"]
    expect(page.locator(".held")).to_contain_text("Bo 6")


# -- the hand's end on one screen -------------------------------------------------------------

ALL_DEALT = {"preset": "all-fives", "hand_size": 14, "boneyard_reserve": 0}  # nothing to draw


def test_pips_that_follow_from_the_others_are_filled_in_and_still_correctable(page: Page, server):
    match_id = table(page, server, record(ALL_DEALT, "Ann Bo", hand("Ann 6-6", "Bo pass",
                                                                      "Ann pass")))  # fmt: skip
    expect(page.get_by_role("heading", name="Blocked!")).to_be_visible()
    page.get_by_label("Pips left by Ann").fill("70")  # the 27 tiles left hold 156
    bo = page.get_by_label("Pips left by Bo")
    expect(bo).to_have_value("86")
    expect(page.locator(".left-hand", has_text="Bo holds").locator(".derived-mark")).to_have_text(
        "worked out"
    )
    expect(page.locator("#preview .outcome")).to_be_visible()
    shot(page, "derived-pips")
    page.get_by_label("Pips left by Ann").fill("72")
    expect(bo).to_have_value("84")  # worked out again from the new total
    bo.fill("90")  # typed over: Bo's own now, and 90 + 72 is more than the tiles hold
    expect(page.locator(".derived-mark")).to_have_count(0)
    expect(page.locator("#preview .error")).to_be_visible()
    bo.fill("84")
    expect(page.locator("#preview .outcome")).to_be_visible()
    tap(page, "Confirm")
    left = server.get_json(f"/api/matches/{match_id}")["record"]["hands"][0]["left"]
    assert left == {"Ann": 72, "Bo": 84}


def test_confirm_with_pips_missing_keeps_what_was_typed_and_names_them(page: Page, server):
    rules = {"preset": "all-fives", "hand_size": 2, "boneyard_reserve": 22}
    blocked = hand("Ann 6-6", "Bo pass", "Cy pass", "Ann pass")
    match_id = table(page, server, record(rules, "Ann Bo Cy", blocked))
    page.get_by_label("Pips left by Ann").fill("5")
    page.get_by_label("Pips left by Cy").fill("9")
    with page.expect_response(re.compile(r"/left$")) as answer:
        page.get_by_role("button", name="Confirm").click()
    assert answer.value.status == 422
    expect(page.locator(".message")).to_have_text("Still needed: the pips of Bo.")
    expect(page.get_by_label("Pips left by Ann")).to_have_value("5")
    expect(page.get_by_label("Pips left by Cy")).to_have_value("9")
    page.get_by_label("Pips left by Bo").fill("4")
    page.get_by_role("button", name="Check").click()
    expect(page.locator("#preview .outcome")).to_be_visible()
    expect(page.locator(".message")).to_have_count(0)  # the preview says what holds now
    assert "left" not in server.get_json(f"/api/matches/{match_id}")["record"]["hands"][0]


def test_a_check_answered_after_a_refused_confirm_leaves_the_refusal_shown(page: Page, server):
    """Leaving a field for Confirm also asks for a check; when the check answers after the
    refusal, the refusal is the newer word and stays."""
    rules = {"preset": "all-fives", "hand_size": 2, "boneyard_reserve": 22}
    blocked = hand("Ann 6-6", "Bo pass", "Cy pass", "Ann pass")
    table(page, server, record(rules, "Ann Bo Cy", blocked))
    held = []
    checks = re.compile(r"/left/preview$")

    def hold(route):
        held.append(route)

    page.route(checks, hold)
    page.get_by_label("Pips left by Ann").fill("5")
    page.get_by_label("Pips left by Cy").fill("9")
    with page.expect_response(re.compile(r"/left$")) as answer:
        page.get_by_role("button", name="Confirm").click()
    assert answer.value.status == 422
    expect(page.locator(".message")).to_have_text("Still needed: the pips of Bo.")
    assert held, "no check was asked on the way to Confirm"
    with page.expect_response(checks):
        for route in held:
            route.continue_()
    expect(page.locator("#preview")).to_contain_text("Still needed")
    expect(page.locator(".message")).to_have_text("Still needed: the pips of Bo.")


def test_ticked_tiles_give_the_total_and_the_grid_says_whose_they_are(page: Page, server):
    rules = {"preset": "all-fives", "hand_size": 2, "boneyard_reserve": 20}
    table(page, server, record(rules, "Ann Bo Cy Di", hand("Ann 6-6", "Bo pass", "Cy pass",
                                                             "Di pass", "Ann pass")))  # fmt: skip
    row = page.locator(".left-hand", has_text="Cy holds")
    row.locator("summary").click()
    expect(row.get_by_text("Tick the 2 tiles Cy holds:")).to_be_visible()
    row.get_by_role("checkbox", name="5-3", exact=True).check()
    expect(page.get_by_label("Pips left by Cy")).to_have_value("8")
    row.get_by_role("checkbox", name="2-1", exact=True).check()
    expect(page.get_by_label("Pips left by Cy")).to_have_value("11")
    for player, pips in (("Ann", "4"), ("Bo", "7"), ("Di", "3")):
        page.get_by_label(f"Pips left by {player}").fill(pips)
    expect(page.locator("#preview")).to_contain_text("Ann −5 · Bo −5 · Cy −10 · Di −5")
    # four players, one grid open: every field, tile and button on the first screen, and
    # nothing under the pinned Check/Confirm bar
    shot(page, "settle-four-grid-open")
    uncovered(page, ".left-hand input[type=number], [open] .tile-check input, .settle-bar button")


def test_confirm_stays_in_reach_with_three_tile_lists_open(page: Page, server):
    rules = {"preset": "all-fives", "hand_size": 5, "boneyard_reserve": 8}
    blocked = hand("Ann 6-6", "Bo pass", "Cy pass", "Di pass", "Ann pass")
    table(page, server, record(rules, "Ann Bo Cy Di", blocked))
    for player in ("Bo", "Cy", "Di"):
        page.locator(".left-hand", has_text=f"{player} holds").locator("summary").click()
    expect(page.locator(".left-tiles[open]")).to_have_count(3)
    assert page.evaluate("document.documentElement.scrollHeight") > HEIGHT  # past the fold
    page.evaluate("window.scrollTo(0, 0)")
    expect(page.locator(".scoreboard")).to_be_in_viewport()
    shot(page, "settle-three-grids-open")
    for button in ("Confirm", "Check"):
        box = page.get_by_role("button", name=button).bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= HEIGHT, button
    confirm = page.get_by_role("button", name="Confirm")
    reached = confirm.evaluate(
        "(e) => { const r = e.getBoundingClientRect();"
        " return e.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)); }"
    )
    assert reached  # nothing lies over it
    page.locator(".left-hand", has_text="Di holds").get_by_role(
        "checkbox"
    ).last.scroll_into_view_if_needed()
    box = confirm.bounding_box()
    assert box and box["y"] + box["height"] <= HEIGHT  # still there at the foot of the lists


# -- the screen ---------------------------------------------------------------------------------


def test_nothing_pinned_covers_the_tiles_when_the_top_grows(page: Page, server):
    # long names, four open ends, the draws since the last tile and a banner: the picker's last
    # row and the Draw · Undo · Fix bar are both tappable on the first screen
    four = record("all-fives", "Annabel Bartholomew Cyrielle Dominique", hand(
        "Annabel 5-5", "Bartholomew 5-1 right", "Cyrielle 5-4 left", "Dominique 5-3 up",
        "Annabel 5-2 down", "Bartholomew draw 1"))  # fmt: skip
    match_id = table(page, server, four)
    page.route("**/live", lambda route: route.abort())  # this phone does not catch up first
    server.post_json(f"/api/matches/{match_id}/events", {"version": version(page), "draw": 1})
    page.get_by_role("button", name="Draw", exact=True).click()  # a phone behind: refused
    expect(page.locator(".message")).to_contain_text("was not recorded")
    shot(page, "top-grown")
    uncovered(page, ".picker button:enabled, .actions button:enabled, .actions a")


def test_the_end_is_asked_only_when_the_ends_make_different_games(page: Page, server):
    # left 1, right 6, up 6 (both arms laid on): 6-2 on the right or up makes the same game
    same = record("all-fives", "X Y", hand("X 5-5", "Y 5-6 right", "X 5-1 left", "Y 5-3 up",
                                            "X 3-6 up"))  # fmt: skip
    match_id = table(page, server, same)
    tap(page, "6-2")  # placed at once
    assert events(server, match_id)[-1] == {"player": "Y", "play": "6-2", "end": "right"}
    page.get_by_role("button", name="2-1", exact=True).click()  # left 1 or right 2: asked
    expect(page.get_by_text("Where does 2-1 go?")).to_be_visible()


def long_hand() -> tuple[dict, int]:
    """The longest of some random two-player muggins hands, stopped before its last tile."""
    longest = max(
        (random_match(random.Random(seed), 2, "muggins", False, max_hands=1) for seed in range(40)),
        key=lambda rec: len(rec["hands"][0]["events"]),
    )
    events_ = longest["hands"][0]["events"][:-1]
    played = sum("play" in e for e in events_)
    return longest | {"hands": [{"events": events_}]}, played


def test_the_layout_of_a_long_hand_is_one_tap_away_and_readable(page: Page, server):
    long, played = long_hand()
    assert played >= 20
    match_id = table(page, server, long)
    page.get_by_role("button", name="The layout").click()
    drawing = page.locator(".layout-full svg")
    expect(drawing).to_be_visible()
    uncovered(page, ".layout-full svg, .back-to-tiles")
    shot(page, "layout-long-hand")
    tiles = drawing.locator(".laid").all()
    assert len(tiles) == played
    smallest = min(min(t.bounding_box()["width"], t.bounding_box()["height"]) for t in tiles)
    assert smallest >= 11  # a half tile of at least 11 px: pips countable at arm's length
    for label in drawing.locator(".end-label").all():
        assert label.bounding_box()["height"] >= 11
    page.get_by_role("button", name="Back to the tiles").click()
    expect(page.locator(".picker")).to_be_visible()
    scorepad = page.get_by_role("link", name="The scorepad")
    expect(scorepad).to_have_attribute("href", f"/history/{match_id}")
    assert replay(server.get_json(f"/api/matches/{match_id}")["record"]).hand.plays


# -- new match ----------------------------------------------------------------------------------


def test_advanced_options_stay_open_and_a_typed_target_stays(page: Page, server):
    page.goto(server.url + "/matches/new")
    for seat, name in enumerate(["Ann", "Bo", "Cy", "Di"], start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    page.locator("summary", has_text="Advanced options").click()
    page.get_by_label("Player 4", exact=True).fill("Dan")
    page.get_by_label("Player 4", exact=True).press("Tab")
    expect(page.get_by_role("combobox", name="Who leads the first hand?")).to_contain_text("Dan")
    expect(page.locator("#advanced-options")).to_have_attribute("open", "")
    page.locator("#partnership").click()  # the partners switch: no style the CSP refuses
    expect(page.get_by_text("Partners: Ann + Cy against Bo + Dan")).to_be_visible()
    expect(page.locator("#advanced-options")).to_have_attribute("open", "")
    target = page.get_by_role("spinbutton", name="Target")
    page.get_by_role("radio").nth(1).check()  # a preset, then the target typed at once
    target.fill("300")
    page.wait_for_load_state("networkidle")
    expect(target).to_have_value("300")
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+$"))
    match_id = int(page.url.rsplit("/", 1)[1])
    rules = server.get_json(f"/api/matches/{match_id}")["record"]["rules"]
    assert rules["target"] == 300 and version(page) >= 1


def names_typed_then_next_answer_held(page: Page, server, names: list[str]) -> list:
    """New match with `names` typed and their options in; the options' next answer is held
    (the route is in the list returned, until the test lets it go on: slow Wi-Fi)."""
    page.goto(server.url + "/matches/new")
    for seat, name in enumerate(names, start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    page.get_by_label(f"Player {len(names)}", exact=True).press("Tab")
    leader = page.get_by_role("combobox", name="Who leads the first hand?")
    expect(leader).to_contain_text(names[-1])
    page.wait_for_load_state("networkidle")
    held = []
    page.route("**/matches/new", lambda route: route.continue_() if held else held.append(route))
    return held


def asked_for_options(page: Page, preset: str) -> None:
    page.locator(f"input[name=preset][value={preset}]").check()
    page.wait_for_function("document.querySelector('.match-options.htmx-request') !== null")


def test_a_choice_made_while_an_answer_is_late_stays_when_it_arrives(page: Page, server):
    """Slow Wi-Fi: the options' answer to a tapped preset arrives after the player has already
    typed a target and picked who leads; what they chose is what the match starts with."""
    held = names_typed_then_next_answer_held(page, server, ["Ann", "Bo"])
    asked_for_options(page, "muggins")
    page.get_by_role("spinbutton", name="Target").fill("175")
    page.get_by_role("combobox", name="Who leads the first hand?").select_option(label="Bo")
    held[0].continue_()
    page.wait_for_load_state("networkidle")
    expect(page.get_by_role("spinbutton", name="Target")).to_have_value("175")
    expect(page.locator("input[name=preset][value=muggins]")).to_be_checked()
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+$"))
    match_id = int(page.url.rsplit("/", 1)[1])
    record = server.get_json(f"/api/matches/{match_id}")["record"]
    assert record["rules"] == {"preset": "muggins", "target": 175}
    assert record["hands"] == []
    expect(page.get_by_text("Bo leads hand 1")).to_be_visible()


def test_typing_goes_on_in_the_same_field_when_an_answer_redraws_it(page: Page, server):
    """Slow Wi-Fi: a player types a target while the options a preset tap asked for arrive and
    are drawn again. The field stays the one they type in: the rest of the number lands in it,
    and a number selected to be typed over is still selected; untouched, it shows the new
    preset's target, selected to be typed over."""
    held = names_typed_then_next_answer_held(page, server, ["Ann", "Bo"])
    target = page.get_by_role("spinbutton", name="Target")
    asked_for_options(page, "muggins")
    target.click()
    page.keyboard.press("ControlOrMeta+A")
    page.keyboard.type("1")
    held[0].continue_()
    expect(page.locator(".match-options.htmx-request")).to_have_count(0)
    page.keyboard.type("75")
    expect(target).to_have_value("175")
    expect(target).to_be_focused()

    held.clear()
    asked_for_options(page, "all-fives")
    target.click()
    page.keyboard.press("ControlOrMeta+A")
    held[0].continue_()
    expect(page.locator(".match-options.htmx-request")).to_have_count(0)
    page.keyboard.type("90")
    expect(target).to_have_value("90")

    page.unroute("**/matches/new")
    held = names_typed_then_next_answer_held(page, server, ["Ann", "Bo", "Cy", "Di"])
    page.unroute("**/matches/new")
    page.locator("#partnership").click()  # partners: all fives to 200, muggins to 250
    page.wait_for_load_state("networkidle")
    page.route("**/matches/new", lambda route: route.continue_() if held else held.append(route))
    asked_for_options(page, "muggins")
    target.click()
    held[0].continue_()
    expect(page.locator(".match-options.htmx-request")).to_have_count(0)
    expect(target).to_have_value("250")
    page.keyboard.type("300")
    expect(target).to_have_value("300")


def test_no_console_error_on_the_other_screens_a_table_leads_to(page: Page, server):
    match_id = table(page, server, PLAYED)
    page.get_by_role("link", name="The scorepad").click()
    expect(page).to_have_url(re.compile(rf"/history/{match_id}$"))
    for path in ("/", "/matches/new", "/history", f"/matches/{match_id}?fix=0"):
        page.goto(server.url + path)
        expect(page.locator("main")).to_be_visible()
    page.goto(f"{server.url}/matches/{match_id}")
    page.get_by_role("link", name="Watch page").click()
    expect(page.locator("main")).to_be_visible()
