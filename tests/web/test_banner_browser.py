"""While taps wait with no network, on a phone (360×740): the banner saying so sits over the
header bar and no lower — the scores keep their names in view, the tiles do not move when it
comes — and the table's last-play line says the play the scores already show, in the words the
server writes once the taps are recorded."""

import pytest
from playwright.sync_api import expect

from tests.browser import online, sent, tile, version
from tests.live_server import call
from tests.records import event, example, hand, record

pytestmark = pytest.mark.browser

RECORD = {"format": "allfives-match/1", "rules": "muggins", "players": ["Ann", "Bo"], "hands": []}


def box(locator) -> tuple:
    found = locator.bounding_box()
    return found["x"], found["y"], found["width"], found["height"]


def line(page):
    """The paragraphs of the table's last-play line."""
    return page.locator("#table .last-play p")


def test_the_banner_covers_no_name_and_the_line_says_the_foreseen_play(server, phone):
    match_id = call(server.url + "/api/matches", RECORD)[1]["id"]
    call(f"{server.url}/api/matches/{match_id}/leader", {"version": 1, "leader": "Ann"})
    call(f"{server.url}/api/matches/{match_id}/events", {"version": 2, "play": "6-3"})
    phone.goto(f"{server.url}/matches/{match_id}")
    first_tile = phone.locator("#table form.picker button.tile").first
    expect(line(phone)).to_have_text(["6-3 count 6 + 3 = 9"])
    before = box(first_tile)
    was = version(phone)
    phone.context.set_offline(True)

    table = phone.locator("#table")
    tile(phone, "5-3").click()
    tile(phone, "6-5").click()
    phone.get_by_role("dialog").get_by_role("button", name="left").click()
    banner = phone.locator("#taps")
    expect(banner).to_contain_text("2 taps waiting")
    expect(line(phone)).to_have_text(["6-5 5 + 5 = 10 → Ann +10"])
    expect(table.locator(".last-play")).to_have_class("last-play foreseen scored")
    # Many taps: their list still takes one line, the banner no more room.
    for action in ["Draw", "Undo", "Draw", "Undo", "Draw", "Undo", "Draw"]:
        table.get_by_role("button", name=action, exact=True).click()
    expect(banner).to_contain_text("9 taps waiting")
    expect(banner.locator(".taps-why")).to_have_text("No network: they are sent once it is back.")
    expect(line(phone)).to_have_text(["6-5 5 + 5 = 10 → Ann +10", "Bo drew 1 tile — boneyard 13"])
    expect(phone.locator(".scoreboard .side").first.locator(".score")).to_have_text("10")

    bottom = banner.bounding_box()["y"] + banner.bounding_box()["height"]
    for name in phone.locator(".scoreboard .side .side-name").all():
        assert bottom <= name.bounding_box()["y"], "the banner covers whose score it is"
    assert box(first_tile) == before, "the tiles moved when the banner came"
    foreseen = line(phone).all_text_contents()

    online(phone)
    sent(phone, was + 9)
    expect(line(phone)).to_have_text(foreseen)  # what the server writes, once recorded
    assert box(first_tile) == before


def test_a_note_with_taps_waiting_is_never_cut(server, phone):
    match_id = call(server.url + "/api/matches", RECORD)[1]["id"]
    call(f"{server.url}/api/matches/{match_id}/leader", {"version": 1, "leader": "Ann"})
    phone.goto(f"{server.url}/matches/{match_id}")
    phone.context.set_offline(True)
    tile(phone, "6-3").click()
    said = "Already entered on another phone: 6-3 by Ann, 5-3 by Bo, 6-5 by Ann, Draw by Bo."
    phone.evaluate("(text) => window.tableTaps.note(text)", said)
    why = phone.locator("#taps .taps-why")
    expect(why).to_contain_text(said)
    assert why.evaluate("(e) => e.scrollWidth <= e.clientWidth")
    assert why.evaluate("(e) => e.getBoundingClientRect().height") > 2 * why.evaluate(
        "(e) => parseFloat(getComputedStyle(e).lineHeight)"
    )  # the note wraps, and why it waits is said under it


# Fives and Threes (Ann 30, Bo 30 from paper; RULES.md §7): hand 2 chipped out by Ann; hand 3 to
# where Bo, on 59, is about to bust: his 4-0 makes 12 (4) and 63 would pass 61.
HAND_2 = ["Ann 6-6", "Bo 6-1 right", "Ann 1-0 right", "Bo pass", "Ann 0-2 right",
          "Bo 2-3 right", "Ann 3-4 right", "Bo 6-5 left", "Ann 4-4 right", "Bo 5-5 left",
          "Ann 4-1 right", "Bo 1-1 right", "Ann 1-2 right"]  # fmt: skip
HAND_3 = ["Bo 5-1", "Ann 4-1 right", "Bo 6-5 left", "Ann 4-3 right", "Bo 6-3 right",
          "Ann 6-4 left", "Bo 6-6 right", "Ann 4-4 left"]  # fmt: skip


def fives_and_threes(server, *hands) -> int:
    told = {"points": {"Ann": 30, "Bo": 30}}
    played = [told, *({"events": [event(e) for e in h]} for h in hands)]
    match = RECORD | {"rules": "fives-and-threes", "hands": played}
    return server.post_json("/api/matches", match)["id"]


def played_offline(phone, tiles: list[tuple[str, str]]) -> None:
    """Each tile tapped, on its end when the phone asks (it asks in the same frame)."""
    for name, end in tiles:
        tile(phone, name).click()
        asked = phone.get_by_role("dialog")
        if asked.count():
            asked.get_by_role("button", name=end, exact=True).click()


def test_a_bust_foreseen_says_why_as_the_server_does(server, phone):
    match_id = fives_and_threes(server, HAND_2, HAND_3)
    phone.goto(f"{server.url}/matches/{match_id}")
    was = version(phone)
    phone.context.set_offline(True)
    played_offline(phone, [("4-0", "left")])
    expect(line(phone).first).to_contain_text("4-0 0 + 12 (6-6) = 12: 4 threes → bust")
    expect(line(phone).last).to_have_text("63 would pass 61: nothing scored, Bo stays on 59.")
    foreseen = line(phone).all_text_contents()
    online(phone)
    sent(phone, was + 1)
    expect(line(phone)).to_have_text(foreseen)


def test_a_knock_and_a_chip_out_foreseen_are_said_as_the_server_does(server, phone):
    match_id = fives_and_threes(server, HAND_2[:3])
    phone.goto(f"{server.url}/matches/{match_id}")
    was = version(phone)
    phone.context.set_offline(True)
    phone.locator("#table").get_by_role("button", name="Knock").click()
    expect(phone.locator("#table .last-play .since")).to_have_text("Bo knocked")
    played_offline(phone, [("2-0", "right"), ("3-2", "right"), ("4-3", "right"), ("6-5", "left")])
    played_offline(phone, [("4-4", "right"), ("5-5", "left"), ("4-1", "right"), ("1-1", "right")])
    played_offline(phone, [("2-1", "right")])
    expect(phone.locator(".turn .whose")).to_have_text("Bo leads hand 3")
    expect(phone.locator("#table .last-play .hand-over")).to_have_text("Hand 2: Ann chips out: +1.")
    foreseen = settled_line(phone)
    online(phone)
    sent(phone, was + 10)
    expect(phone.locator("#table .last-play.foreseen")).to_have_count(0)
    assert settled_line(phone) == foreseen


# Hands ended at a table, their pips left to confirm: Ann goes out; Ann leads and all pass.
WENT_OUT = ("Ann 6-6", "Bo 6-1 left", "Ann 6-5 right")
SMALL = {"hand_size": 2, "boneyard_reserve": 24}


def blocked_with(players: str) -> tuple:
    names = players.split()
    return ("Ann 6-6", *(f"{p} pass" for p in names[1:]), "Ann pass")


SETTLED = {
    "penalty own": (
        record({"preset": "all-fives"} | SMALL, "Ann Bo", hand(*WENT_OUT)),
        {"Bo": 8},
        "Hand 1: Ann went out. Everyone pays the pips left in their own hand, rounded.",
    ),
    "domino total": (
        record(
            {"preset": "all-fives", "hand_end": "winner_takes", "domino_rounding": "total"} | SMALL,
            "Ann Bo",
            hand(*WENT_OUT),
        ),
        {"Bo": 7},
        "Hand 1: Ann went out. Scored: the opponents' pips, added, then rounded once.",
    ),
    "muggins": (
        record({"preset": "muggins"} | SMALL, "Ann Bo", hand(*WENT_OUT)),
        {"Bo": 7},
        "Hand 1: Ann went out. Scored: each opponent's pips, rounded, then added.",
    ),
    "blocked partners": (
        record(
            {"preset": "muggins", "hand_size": 2, "boneyard_reserve": 20},
            "Ann Bo Cy Di",
            hand(*blocked_with("Ann Bo Cy Di")),
            partnership=True,
        ),
        {"Ann": 3, "Bo": 10, "Cy": 4, "Di": 12},
        "Hand 1: Blocked. Fewest pips: Ann + Cy, 7. Scored: the others' pips, rounded, minus"
        " their own.",
    ),
    "block tie": (
        record({"preset": "muggins"} | SMALL, "Ann Bo", hand(*blocked_with("Ann Bo"))),
        {"Ann": 7, "Bo": 7},
        "Hand 1: Blocked. Tied for the fewest pips (7): nobody scores.",
    ),
    "block split": (
        record(
            {"preset": "muggins", "hand_size": 2, "boneyard_reserve": 22, "block_tie": "split"},
            "Ann Bo Ed",
            hand(*blocked_with("Ann Bo Ed")),
        ),
        {"Ann": 4, "Bo": 4, "Ed": 14},
        "Hand 1: Blocked. Tied for the fewest pips (4): Ann and Bo split the pips of Ed, rounded,"
        " half each.",
    ),
    "block opponents' total unrounded": (
        record(
            {
                "preset": "muggins",
                "hand_size": 2,
                "boneyard_reserve": 22,
                "block_scoring": "opponents_total",
                "rounding": "none",
            },
            "Ann Bo Ed",
            hand(*blocked_with("Ann Bo Ed")),
        ),
        {"Ann": 3, "Bo": 8, "Ed": 9},
        "Hand 1: Blocked. Fewest pips: Ann, 3. Scored: the opponents' pips, added, then rounded"
        " once.",
    ),
    "refused at the exact target": (
        record(
            {"preset": "muggins", "target": 5, "exact_target": True} | SMALL,
            "Ann Bo",
            hand(*WENT_OUT),
        ),
        {"Bo": 8},
        "Hand 1: Ann went out. Scored: each opponent's pips, rounded, then added.",
    ),
    "kept in fives": (
        record({"preset": "muggins", "score_unit": "fives"} | SMALL, "Ann Bo", hand(*WENT_OUT)),
        {"Bo": 10},
        "Hand 1: Ann went out. Scored: each opponent's pips, rounded, then added.",
    ),
    "tied at the top": (
        record(
            {"preset": "all-fives", "target": 10, "win_check": "end_of_hand"} | SMALL,
            "Ann Bo",
            {"points": {"Ann": 10, "Bo": 10}},
            hand(*WENT_OUT),
        ),
        {"Bo": 2},
        "Hand 2: Ann went out. Everyone pays the pips left in their own hand, rounded.",
    ),
}


def settled_line(page) -> list:
    """The last-play line's paragraphs: each one's class and words, and each part in it."""
    return page.locator("#table .last-play p").evaluate_all(
        """paragraphs => {
          const words = (e) => e.textContent.replace(/\\s+/g, " ").trim();
          const part = (e) => `${e.localName}.${e.className} ${words(e)}`;
          const parts = (p) => [...p.querySelectorAll("*")].map(part);
          return paragraphs.map((p) => [p.className, words(p), parts(p)]);
        }"""
    )


@pytest.mark.parametrize("name", SETTLED)
def test_a_hand_confirmed_offline_is_said_as_the_server_says_it(server, phone, name):
    """The pips confirmed with no network: the line says how the hand ended, the rule, the pips
    counted and the arithmetic, the notes and what each side was credited, exactly as the server
    says it once the taps are sent."""
    match_record, pips, ended = SETTLED[name]
    settled_offline(server, phone, match_record, pips, ended)


def test_in_french_a_split_is_said_as_the_server_says_it(server, phone):
    """Elided before a name with a vowel ("d’Ed"), narrow spaces before the colon, a half with
    a decimal comma (7,5)."""
    match_record, pips, _ = SETTLED["block split"]
    ended = (
        "Donne 1\u202f: Bloqué. Égalité au plus petit total (4)\u202f: Ann et Bo se partagent les"
        " points d’Ed, arrondis, moitié chacun."
    )
    settled_offline(server, phone, match_record, pips, ended, language="FR")
    expect(line(phone).last).to_have_text("Ann +7,5 · Bo +7,5 · Ed +0")


def test_a_blocked_chip_out_foreseen_is_said_as_the_server_does(server, phone):
    """Fives and Threes: Ann knocks after Bo, the hand is blocked and nobody scores (no pips
    are counted)."""
    rules = {"preset": "fives-and-threes", "hand_size": 2}
    match_id = server.played_here(record(rules, "Ann Bo", hand("Ann 6-6", "Bo pass")))
    phone.goto(f"{server.url}/matches/{match_id}")
    was = version(phone)
    phone.context.set_offline(True)
    phone.locator("#table").get_by_role("button", name="Knock").click()
    expect(phone.locator("#table .last-play.foreseen .hand-over")).to_have_text(
        "Hand 1: Blocked. No pips are counted: nobody scores."
    )
    foreseen = settled_line(phone)
    online(phone)
    sent(phone, was + 1)
    expect(phone.locator("#table .last-play.foreseen")).to_have_count(0)
    assert settled_line(phone) == foreseen


def settled_offline(server, phone, match_record, pips, ended, language=None) -> None:
    match_id = server.played_here(match_record)
    phone.goto(f"{server.url}/matches/{match_id}")
    if language:
        phone.get_by_role("link", name=language, exact=True).click()
        expect(phone.locator("html")).to_have_attribute("lang", language.lower())
        phone.wait_for_load_state()  # its scripts too, before the network goes
    was = version(phone)
    phone.context.set_offline(True)
    for player, left in pips.items():
        phone.locator(f"#table input[aria-label$=' {player}']").fill(str(left))
    confirm = phone.locator("#taps").get_attribute("data-confirm")  # in the page's language
    phone.get_by_role("button", name=confirm, exact=True).click()
    expect(phone.locator("#table .last-play.foreseen .hand-over")).to_have_text(ended)
    foreseen = settled_line(phone)
    online(phone)
    sent(phone, was + 1)
    expect(phone.locator("#table .last-play.foreseen")).to_have_count(0)
    assert settled_line(phone) == foreseen


def test_the_winning_play_foreseen_shows_the_winners_screen(server, phone):
    """The winner's screen drawn on the phone (tests/web/test_winner_offline_browser.py): the
    line under the scores goes, as on the server's."""
    rules = {"preset": "muggins", "target": 10}
    match_id = server.post_json("/api/matches", RECORD | {"rules": rules})["id"]
    call(f"{server.url}/api/matches/{match_id}/leader", {"version": 1, "leader": "Ann"})
    phone.goto(f"{server.url}/matches/{match_id}")
    was = version(phone)
    phone.context.set_offline(True)
    tile(phone, "5-5").click()
    expect(phone.get_by_role("heading", name="Ann wins!")).to_be_visible()
    expect(phone.locator("#table .winning")).to_have_text("Won with 5-5 by Ann: count 10, +10.")
    expect(phone.locator("#table .table-screen > .last-play")).to_have_count(0)
    online(phone)
    sent(phone, was + 1)
    expect(phone.get_by_role("heading", name="Ann wins!")).to_be_visible()
    expect(phone.locator("#table .winning")).to_have_text("Won with 5-5 by Ann: count 10, +10.")


def test_in_danish_the_foreseen_line_is_the_servers(server, phone):
    """The count's sum and the spinner's terms, in the page's language."""
    record = example("spinner-lead-four-arms") | {"hands": []}
    match_id = server.post_json("/api/matches", record)["id"]
    call(f"{server.url}/api/matches/{match_id}/leader", {"version": 1, "leader": "X"})
    phone.goto(f"{server.url}/matches/{match_id}")
    phone.get_by_role("link", name="DA", exact=True).click()
    expect(phone.locator("html")).to_have_attribute("lang", "da")
    phone.wait_for_load_state()  # its scripts too, before the network goes
    was = version(phone)
    phone.context.set_offline(True)
    played_offline(phone, [("5-5", ""), ("5-1", "")])
    expect(line(phone)).to_have_text(["5-1 sum 1 + 10 (5-5) = 11 venstre 1 · højre: 5-5 = 10"])
    foreseen = line(phone).all_text_contents()
    online(phone)
    sent(phone, was + 2)
    expect(line(phone)).to_have_text(foreseen)
