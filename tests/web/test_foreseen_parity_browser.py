"""The phone's own drawing of the table while taps wait equals the server's drawing once they
are recorded: random hands of random rules, cut at a random entry, the next few entries left
waiting on the phone (their sending refused), then entered on the server and the table drawn
afresh. What a player reads is compared: the scores and the pegs, whose turn, the tiles held,
the open ends, the last play, which tiles may be tapped, and Draw or Pass."""

import json
import random
import re

import pytest

from assistant.simulate import random_match

pytestmark = pytest.mark.browser

SEEDS = range(24)


def cut(seed: int):
    """A record in play, cut inside one of its first hands, and the entries that come next (a
    draw of several tiles as that many taps of Draw), none of them ending the hand."""
    rng = random.Random(seed)
    while True:
        record = random_match(rng, max_hands=3)
        hands = [i for i, hand in enumerate(record["hands"]) if len(hand["events"]) >= 4]
        if hands:
            break
    cut_in = rng.choice(hands)
    events = record["hands"][cut_in]["events"]
    at = rng.randint(1, len(events) - 3)
    upto = rng.randint(at + 1, min(at + 4, len(events) - 1))
    record = record | {"hands": record["hands"][:cut_in] + [{"events": events[:at]}]}
    taps = []
    for event in events[at:upto]:
        if "play" in event:
            taps.append(
                {"play": event["play"]} | ({"end": event["end"]} if event.get("end") else {})
            )
        elif "draw" in event:
            taps.extend({"draw": 1} for _ in range(event["draw"]))
        else:
            taps.append({"pass": True})
    return record, taps


def queued(match_id: int, taps: list[dict]) -> list[dict]:
    """The taps as the phone keeps them waiting (static/app.js)."""
    queue = []
    for i, entry in enumerate(taps):
        if "play" in entry:
            action, fields = "play", [["tile", entry["play"]]]
            if "end" in entry:
                fields.append(["end", entry["end"]])
        else:
            action, fields = ("draw", []) if "draw" in entry else ("pass", [])
        queue.append(
            {
                "id": f"parity{i}",
                "url": f"/matches/{match_id}/{action}",
                "fields": fields,
                "label": action,
                "version": 0,
            }
        )
    return queue


def read(page) -> dict:
    """What a player reads of the table."""

    def text(selector: str) -> str:
        return re.sub(r"\s+", " ", page.locator(selector).first.inner_text()).strip()

    tiles = page.locator("#table form.picker button.tile")
    return {
        "scores": text("#table .scoreboard"),
        "sides": page.locator("#table .scoreboard .side").evaluate_all(
            "(all) => all.map((side) => side.className)"
        ),
        "pegs": page.locator("#table .scoreboard svg.board circle").evaluate_all(
            "(all) => all.map((peg) => `${peg.getAttribute('cx')} ${peg.getAttribute('cy')}`)"
        ),
        "whose": text("#table .turn .whose"),
        "held": text("#table .held"),
        "ends": text("#table .open-ends") if page.locator("#table .open-ends").count() else "",
        "last play": text("#table .last-play"),
        "tappable": tiles.evaluate_all(
            "(all) => all.filter((b) => !b.disabled).map((b) => b.value)"
        ),
        "draw or pass": page.locator(
            "#table [data-action=draw], #table [data-action=pass]"
        ).first.evaluate("(b) => `${b.textContent.trim()} ${b.disabled ? 'off' : 'on'}`"),
    }


@pytest.mark.parametrize("seed", SEEDS)
def test_the_phone_draws_the_table_the_server_will_draw(
    server, browser, browser_context_args, seed
):
    record, taps = cut(seed)
    match_id = server.played_here(record)
    version = server.get_json(f"/api/matches/{match_id}")["version"]

    context = browser.new_context(**browser_context_args, service_workers="block")
    context.route(
        "**/*", lambda route: route.abort() if route.request.method == "POST" else route.continue_()
    )
    queue = json.dumps(queued(match_id, taps))
    context.add_init_script(f"localStorage.setItem('taps:/matches/{match_id}', {queue!r})")
    phone = context.new_page()
    phone.goto(f"{server.url}/matches/{match_id}")
    phone.locator("#table .last-play.foreseen").wait_for()  # painted by the phone
    foreseen = read(phone)
    context.close()

    for step, entry in enumerate(taps):
        server.post_json(f"/api/matches/{match_id}/events", {"version": version + step} | entry)
    context = browser.new_context(**browser_context_args, service_workers="block")
    fresh = context.new_page()
    fresh.goto(f"{server.url}/matches/{match_id}")
    drawn = read(fresh)
    context.close()
    assert foreseen == drawn, (record, taps)
