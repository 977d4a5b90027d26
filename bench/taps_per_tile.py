"""Taps per tile, and scrolls per 100 taps, over whole recorded hands entered through the table
screen in a real browser at 360x740.

    .venv/bin/python bench/taps_per_tile.py

Goals: 0 scrolls: every tap of a hand reachable on the phone's screen as it stands;
and no more taps than the record needs: one per tile, one per tile drawn, per pass, per end
choice that makes a different game, per choice of who leads, one per player whose pips are
needed (not those the engine works out from the others), and Confirm.

Starts `python -m assistant serve` on a free port with a fresh SQLite file and drives Chromium
(Debian's /usr/bin/chromium) at 360x740 through whole hands, as a player would: the partnership
hand of tests/examples/partnership-spinner-hand.json, and the first three hands of six random
legal matches (assistant.simulate) of 2, 3 and 4 players, partners or not, under all three
presets, drawing and passing. Each match is entered from its start on a new match. The pips left
are entered the quickest way the screen offers: one tap on a player's single tile when their
tiles are shown at once, else one tap on their pips field and the digits typed (keystrokes,
counted apart). Before every tap the target is checked to be wholly on the screen without
scrolling; a target that is not counts as a scroll (Playwright then scrolls to it)."""

import json
import random
import re
import sys
import tempfile
import urllib.request
from collections import Counter
from pathlib import Path

from common import EXAMPLES, Tap, start_server, stop_server, taps
from playwright.sync_api import Page, expect, sync_playwright

from assistant.engine import derived_pips, halves, read_entry, replay
from assistant.simulate import as_entered, random_match

WIDTH, HEIGHT = 360, 740
MIRRORS = ({"left": "right", "right": "left"}, {"up": "down", "down": "up"})


def asked_before(layout, tile: str) -> bool:
    """Whether the end was asked before only the games that differ were: whenever the tile fit
    two ends whose layouts were not each other's mirror image (left and right swapped, or up and
    down), the figure this benchmark compares with."""
    a, b = halves(tile)
    states = []
    for name in layout.fitting_ends(a, b):
        trial = layout.tried(tile, a, b, name)
        ends = {n: (e.value, e.double, e.spinner, e.tile is None) for n, e in trial.ends.items()}
        lone = trial.ends["left"].tile == trial.ends["right"].tile
        states.append((ends, lone, trial.spinner_value, trial.spinner_arms))
    kept: list = []
    for state in states:
        ends, *rest = state
        mirrors = [({m.get(n, n): e for n, e in ends.items()}, *rest) for m in MIRRORS]
        if not any(state == seen or seen in mirrors for seen in kept):
            kept.append(state)
    return len(kept) > 1


def matches() -> list[tuple[str, dict]]:
    """(description, a record of whole hands)."""
    example = json.loads((EXAMPLES / "partnership-spinner-hand.json").read_text())
    out = [
        ("partnership-spinner-hand.json (4, partners)", example | {"hands": example["hands"][:1]})
    ]
    for label, seed, players, rules, partners in [
        ("all-fives, 2 players", 11, 2, "all-fives", False),
        ("all-fives, 3 players", 12, 3, "all-fives", False),
        ("all-fives, 4 players", 16, 4, "all-fives", False),
        ("muggins, 2 players", 13, 2, "muggins", False),
        ("muggins, 4 players, partners", 14, 4, "muggins", True),
        ("pagat, 3 players", 15, 3, "pagat", False),
    ]:
        played = random_match(random.Random(seed), players, rules, partners, max_hands=3)
        out.append((f"simulated {label}", played))
    return out


def needed(record: dict) -> Counter:
    """What the record needs tapped, by kind (the goal for each)."""
    entered = as_entered(record)
    match = replay(entered | {"hands": []})
    need: Counter = Counter()
    for hand in entered["hands"]:
        for n, event in enumerate(hand["events"]):
            if n == 0 and match.next_leader is None:
                need["who leads"] += 1
            if "play" in event:
                need["tile"] += 1
                need["end"] += len(match.hand.distinct_ends(event["play"])) > 1
                if match.hand.plays:
                    need["end asked before"] += asked_before(match.hand.layout, event["play"])
            elif "draw" in event:
                need["Draw"] += event["draw"]
            else:
                need["Pass"] += 1
            match = match.enter(read_entry(event))
        if "left" in hand:
            ended = match.hands[-1]
            match = match.enter(read_entry({"left": hand["left"]}))
            known: dict = {}  # typed in the screen's order; what follows is filled in
            for player in ended.needs_left:
                if player not in derived_pips(ended, known):
                    need["settlement: pips"] += 1
                    known[player] = ended.pips_left[player]
            need["settlement: Confirm"] += 1
    return need


class Player:
    def __init__(self, page: Page):
        self.page = page
        self.taps: Counter = Counter()
        self.keys = 0
        self.scrolls = 0

    def click(self, locator, kind: str) -> None:
        box = locator.bounding_box()
        if box is None or box["y"] < 0 or box["y"] + box["height"] > HEIGHT:
            self.scrolls += 1
        locator.click()
        self.taps[kind] += 1

    def saving(self, locator, kind: str) -> None:
        """A tap that saves an entry: waits for the table at the next version."""
        before = int(self.page.locator("#table input[name=version]").first.input_value())
        self.click(locator, kind)
        expect(self.page.locator("#table input[name=version]").first).to_have_value(str(before + 1))

    def button(self, name: str):
        return self.page.get_by_role("button", name=name, exact=True)

    def tap(self, tap: Tap) -> None:
        page = self.page
        if tap.kind == "leader":
            self.saving(self.button(tap.fields["leader"]), "who leads")
        elif tap.kind == "tile":
            self.saving(self.button(tap.fields["tile"]), "tile")
        elif tap.kind == "choose":
            self.click(self.button(tap.tile), "tile")
            expect(page.get_by_text(f"Where does {tap.tile} go?")).to_be_visible()
        elif tap.kind == "end":
            self.saving(self.button(tap.fields["end"]), "end")
        elif tap.kind in ("draw", "pass"):
            self.saving(self.button(tap.kind.title()), tap.kind.title())
        elif tap.kind == "left":
            self.settle(tap.fields)

    def settle(self, fields: dict) -> None:
        page = self.page
        for name, value in fields.items():
            player = name.split(":", 1)[1]
            if page.get_by_label(f"Pips left by {player}").count() == 0:
                continue  # the rules need no pips of this player (they went out, say)
            row = page.locator(f"fieldset:has-text('{player} holds')")
            tiles = value if isinstance(value, list) else None
            pips = str(sum(sum(halves(t)) for t in tiles)) if tiles else str(value)
            field = page.get_by_label(f"Pips left by {player}")
            if field.get_attribute("data-derived") is not None:
                expect(field).to_have_value(pips)  # worked out from the others: no tap
                continue
            if tiles and len(tiles) == 1 and row.locator("details[open]").count():
                self.click(
                    row.get_by_role("checkbox", name=tiles[0], exact=True), "settlement: pips"
                )
                continue
            self.click(field, "settlement: pips")
            field.press_sequentially(pips)
            self.keys += len(pips)
            # Checked: the pips that follow from these are filled in with the answer.
            missing = re.compile(rf"Still needed: .*\b{re.escape(player)}\b")
            expect(page.locator("#preview")).to_have_text(re.compile(r"\S"))
            expect(page.locator("#preview")).not_to_have_text(missing)
        expect(page.locator("#preview .outcome")).to_be_visible()
        self.saving(self.button("Confirm"), "settlement: Confirm")


def main() -> int:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        server, port = start_server(Path(tmp) / "bench.sqlite")
        base = f"http://127.0.0.1:{port}"
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(
                    executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
                )
                context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT})
                for label, record in matches():
                    blank = record | {"hands": []}
                    request = urllib.request.Request(
                        base + "/api/matches",
                        data=json.dumps(blank).encode(),
                        headers={"Content-Type": "application/json"},
                    )
                    with urllib.request.urlopen(request) as answer:
                        assert answer.status == 201
                        match_id = json.loads(answer.read())["id"]
                    page = context.new_page()
                    page.goto(f"{base}/matches/{match_id}")
                    player = Player(page)
                    for tap_ in taps(record):
                        player.tap(tap_)
                    with urllib.request.urlopen(f"{base}/api/matches/{match_id}") as answer:
                        assert answer.status == 200
                        stored = json.loads(answer.read())
                    expected = replay(record).scores
                    if stored["result"]["scores"] != expected:
                        raise SystemExit(
                            f"{label}: scores {stored['result']['scores']} != {expected}"
                        )
                    page.close()
                    rows.append((label, len(record["hands"]), player, needed(record)))
                browser.close()
        finally:
            stop_server(server)

    print(f"Whole hands entered through the table screen (Chromium, {WIDTH}x{HEIGHT}):")
    tapped, need, keys, scrolls = Counter(), Counter(), 0, 0
    for label, hands, player, wanted in rows:
        n, tiles = sum(player.taps.values()), wanted["tile"]
        needs = sum(wanted.values()) - wanted["end asked before"]
        print(
            f"  {label}: {hands} hands, {tiles} tiles, {n} taps (the record needs "
            f"{needs}) = {n / tiles:.2f} taps/tile, {player.scrolls} scrolls, "
            f"{player.keys} digits typed"
        )
        tapped += player.taps
        need += wanted
        keys += player.keys
        scrolls += player.scrolls
    before = need.pop("end asked before")
    total, tiles = sum(tapped.values()), need["tile"]
    extra = total - sum(need.values())
    print(
        f"All: {tiles} tiles, {total} taps = {total / tiles:.2f} taps per tile; "
        f"{scrolls} scrolls = {100 * scrolls / total:.1f} per 100 taps (goal 0: "
        f"{'met' if scrolls == 0 else 'MISSED'}); {total - extra} taps the record needs, "
        f"{extra} more (goal 0: {'met' if extra <= 0 else 'MISSED'}); {keys} digits typed"
    )
    print(
        f"End questions: {before} before (every end asked unless the layouts were mirror "
        f"images), {need['end']} now (only where the open ends after the play differ)"
    )
    print("  by kind, tapped / needed:")
    for kind in sorted(need | tapped):
        print(f"    {kind}: {tapped[kind]} / {need[kind]}")
    return 0 if scrolls == 0 and extra <= 0 else 1


if __name__ == "__main__":
    sys.exit(main())
