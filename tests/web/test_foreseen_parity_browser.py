"""The phone's own drawing of the table while taps wait equals the server's drawing once they
are recorded: random hands of random rules, cut at a random entry, the next few entries left
waiting on the phone (their sending refused) — within the hand, or on past its end, its pips
and who leads into the next — then entered on the server and the table drawn afresh. What a
player reads is compared: the scores and the pegs, whose turn, the tiles held, the open ends,
the last play, which tiles may be tapped, and Draw or Pass. Some taps are taken back by Undo
and made again, and the last may be an Undo."""

import json
import random
import re

import pytest

from assistant.engine import replay
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
    return record, tapped(events[at:upto])


def across(seed: int):
    """A record in play, cut inside a hand that the next one follows, and the entries that come
    next: the rest of the hand, its pips (as numbers, as typed), who leads the next when the
    rules leave it open, and the first few entries of the next hand."""
    rng = random.Random(seed)
    while True:
        record = random_match(rng, max_hands=3)
        hands = record["hands"]
        ends = [i for i in range(len(hands) - 1) if len(hands[i + 1]["events"]) >= 3]
        if ends:
            break
    cut_in = rng.choice(ends)
    events, following = hands[cut_in]["events"], hands[cut_in + 1]["events"]
    at = rng.randint(max(1, len(events) - 4), len(events) - 1)
    record_now = record | {"hands": hands[:cut_in] + [{"events": events[:at]}]}
    taps = tapped(events[at:])
    if "left" in hands[cut_in]:
        left = {player: pips(held) for player, held in hands[cut_in]["left"].items()}
        taps.append({"left": left})
    settled = replay(record | {"hands": hands[: cut_in + 1]})
    if settled.turn(None) is None:
        taps.append({"leader": following[0]["player"]})
    taps.extend(tapped(following[: rng.randint(1, len(following) - 2)]))
    return record_now, taps


def pips(held) -> int:
    """Pips left as a number, from a number or the tiles held."""
    if isinstance(held, int):
        return held
    return sum(int(half) for tile in held for half in tile.split("-"))


def tapped(events: list[dict]) -> list[dict]:
    """Entries as the table taps them: a draw of several tiles as that many taps of Draw."""
    taps = []
    for event in events:
        if "play" in event:
            end = {"end": event["end"]} if event.get("end") else {}
            taps.append({"play": event["play"]} | end)
        elif "draw" in event:
            taps.extend({"draw": 1} for _ in range(event["draw"]))
        else:
            taps.append({"pass": True})
    return taps


def queued(match_id: int, taps: list[dict]) -> list[dict]:
    """The taps as the phone keeps them waiting (static/app.js)."""
    queue = []
    for i, entry in enumerate(taps):
        if "play" in entry:
            action, fields = "play", [["tile", entry["play"]]]
            if "end" in entry:
                fields.append(["end", entry["end"]])
        elif "left" in entry:
            action, fields = "left", [[f"pips:{p}", str(n)] for p, n in entry["left"].items()]
        elif "leader" in entry:
            action, fields = "leader", [["leader", entry["leader"]]]
        elif "undo" in entry:
            action, fields = "undo", []
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
        # Not what the last tap did ("Undone: …"): a table loaded afresh says nothing of it.
        "last play": page.locator("#table .last-play").first.evaluate(
            "(line) => [...line.children].filter((p) => !p.matches('.notice'))"
            ".map((p) => p.innerText.replace(/\\s+/g, ' ').trim()).join(' ')"
        ),
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
    same_table(server, browser, browser_context_args, *cut(seed))


@pytest.mark.parametrize("seed", range(10))
def test_the_phone_draws_the_next_hand_the_server_will_draw(
    server, browser, browser_context_args, seed
):
    same_table(server, browser, browser_context_args, *across(seed))


@pytest.mark.parametrize("seed", range(12))
def test_the_phone_draws_taps_undone_and_made_again_as_the_server_will(
    server, browser, browser_context_args, seed
):
    record, taps = (cut if seed % 2 else across)(seed)
    same_table(server, browser, browser_context_args, record, undone_and_again(seed, taps))


def undone_and_again(seed: int, taps: list[dict]) -> list[dict]:
    """The taps, some of them undone and made again, the last perhaps undone (not a choice of
    leader: Undo takes back the record's last entry, and the choice is not one)."""
    rng = random.Random(f"undo-{seed}")
    out = []
    for entry in taps:
        out.append(entry)
        if "leader" not in entry and rng.random() < 0.35:
            out += [{"undo": True}, entry]
    if "leader" not in out[-1] and rng.random() < 0.5:
        out.append({"undo": True})
    return out


def same_table(server, browser, browser_context_args, record: dict, taps: list[dict]) -> None:
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
        where = "leader" if "leader" in entry else "undo" if "undo" in entry else "events"
        server.post_json(f"/api/matches/{match_id}/{where}", {"version": version + step} | entry)
    context = browser.new_context(**browser_context_args, service_workers="block")
    fresh = context.new_page()
    fresh.goto(f"{server.url}/matches/{match_id}")
    drawn = read(fresh)
    context.close()
    assert foreseen == drawn, (record, taps)
