"""One whole club night in a real Chromium on the real server: the organiser draws eight
players at two tables for two rounds of partnerships (partners change each round; round 2 from
the night's standings), each table's match is started from the draw and entered tap by tap, and
the night's page and the board show the standings worked out from the results.

Every match is muggins to 10. At table 1 the first seat leads 5-5: its side wins 10–0. At table
2 the first seat leads 5-0 (5), the second lays 0-0 (5), the third 5-5 (10): the first side
wins 15–5 (tests/records.py `won`)."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser import tap
from tests.records import won

pytestmark = pytest.mark.browser

KNOWN = ["Ann", "Bo", "Cy", "Di"]  # in the club already
NEW = ["Eva", "Finn", "Gus", "Hal"]  # typed in on the night
PLAYS = {1: ["5-5"], 2: ["5-0", "0-0", "5-5"]}
RESULT = {1: (10, 0), 2: (15, 5)}  # (first side, second side)


def seatings(page: Page, number: int) -> dict[int, list[list[str]]]:
    """Round `number` as the draw's page shows it: table → its two sides' names."""
    found = {}
    for item in page.locator(f"section[aria-labelledby=round-{number}] .draw-table").all():
        table = int(item.locator(".draw-table-no").inner_text().split()[-1])
        sides = [side.split(" + ") for side in item.locator(".draw-side").all_inner_texts()]
        found[table] = sides
    return found


def play_round(page: Page, draw_url: str, number: int, tally: dict) -> None:
    """Starts each table of the round from the draw and enters its plays, tap by tap."""
    page.goto(draw_url)
    for table, (first, second) in seatings(page, number).items():
        page.get_by_role("button", name=f"Start at table {table}").click()
        expect(page.locator(".table-place")).to_have_text(f"Table {table} · Round {number}")
        seats = [first[0], second[0], first[1], second[1]]  # partners sit opposite
        tap(page, seats[0])  # who leads
        for tile in PLAYS[table]:
            tap(page, tile)
        winners = re.compile(rf"{first[0]} \+ {first[1]} wins?!")
        expect(page.get_by_role("heading", name=winners)).to_be_visible()
        won_points, lost_points = RESULT[table]
        for names, result in ((first, (1, won_points, lost_points)),
                              (second, (0, lost_points, won_points))):  # fmt: skip
            for name in names:
                tally[name] = [a + b for a, b in zip(tally[name], result, strict=True)]
        page.goto(draw_url)


def expected_standings(tally: dict) -> list[tuple[int, str, int, int, int]]:
    """(place, name, won, for, against): by wins, then for less against, then for; equal
    figures share a place."""
    key = {name: (-w, -(f - a), -f) for name, (w, f, a) in tally.items()}
    order = sorted(tally, key=lambda name: (key[name], name.casefold()))
    rows = []
    for n, name in enumerate(order):
        place = rows[-1][0] if n and key[order[n - 1]] == key[name] else n + 1
        rows.append((place, name, *tally[name]))
    return rows


def test_a_club_night_from_the_draw_to_the_board(page: Page, live_server):
    live_server.post_json("/api/matches", won(" ".join(KNOWN), "2020-01-10"))  # they are known
    page.goto(f"{live_server.url}/nights")
    page.get_by_role("button", name="Make tonight's draw").click()
    page.get_by_label("Partnerships: partners change each round").check()
    for name in KNOWN:
        page.get_by_label(name, exact=True).check()
    page.get_by_label("New players, one a line").fill("\n".join(NEW))
    page.get_by_label("Rounds", exact=True).fill("2")
    page.get_by_label("Free tables").fill("1-2")
    page.get_by_label("Rules").select_option("muggins")
    page.get_by_label("Target").fill("10")
    page.get_by_label("Swiss: draw round 2").check()
    page.get_by_role("button", name="Make the draw").click()
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    draw_url = page.url
    assert re.fullmatch(rf"{live_server.url}/draws/\d+", draw_url)

    tally = {name: [0, 0, 0] for name in KNOWN + NEW}  # won, for, against
    play_round(page, draw_url, 1, tally)
    expect(page.locator(".draw-table.done")).to_have_count(2)
    page.get_by_role("button", name="Draw round 2 from tonight's standings").click()
    expect(page.get_by_role("heading", name="Round 2")).to_be_visible()
    play_round(page, draw_url, 2, tally)
    expect(page.locator(".draw-table.done")).to_have_count(4)

    standings = expected_standings(tally)
    leaders = [name for place, name, *_ in standings if place == 1]
    page.get_by_role("link", name="The night's results").click()
    rows = page.locator(".night-standings table").first.locator("tbody tr")
    shown = [
        (int(cells[0]), cells[1], int(cells[3]), int(cells[6]), int(cells[7]))
        for cells in (row.locator("td, th").all_inner_texts() for row in rows.all())
    ]
    assert shown == standings
    assert all(int(r[1]) == 2 for r in (row.locator("td").all_inner_texts() for row in rows.all()))
    winner = page.locator(".night-winner")
    if len(leaders) == 1:
        expect(winner).to_have_text(f"Winner of the night: {leaders[0]}")
    else:
        expect(winner).to_contain_text("Sharing the night")
    expect(page.locator(".night-matches li")).to_have_count(4)

    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/board")
    expect(page.locator(".board-round")).to_have_text("Round 2 of 2")
    expect(page.locator(".board-table.done .board-id")).to_have_text(["Table 1", "Table 2"])
    board_rows = page.locator(".board-standings tbody tr")
    expect(board_rows).to_have_count(8)
    expected = [
        [str(place), name, str(w), "2", f"{f - a:+d}".replace("-", "\u2212")]
        for place, name, w, f, a in standings
    ]  # a real minus sign
    assert [row.locator("td, th").all_inner_texts() for row in board_rows.all()] == expected
