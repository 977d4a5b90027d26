"""Taps per tile over whole scripted hands, entered through the table screen in a real browser.

    .venv/bin/python bench/taps_per_tile.py

Goal (issue 3): at most 1.3 taps per tile played.

Starts `python -m assistant serve` on a free port with a fresh SQLite file and drives Playwright's
Chromium (Debian's /usr/bin/chromium) at 360x740 through whole hands, as a player would:
* the partnership hand of tests/examples/partnership-spinner-hand.json (4 players, no boneyard);
* the first hand of three random legal matches (assistant.simulate): 2-player all-fives,
  3-player all-fives, 2-player muggins (these draw from the boneyard and some pass).
Every event is entered through the screen: who leads (when the screen asks), the tile, the end
when the screen asks for one, Draw once per tile drawn, Pass, and the settlement (per player
whose pips are needed: a tap on the pips field and the digits typed, or a tap opening "or tap
X's tiles" (already open for 3 tiles or fewer) and a tap per tile; then Confirm). Counted as
taps: every click (buttons, the pips field, the tiles box, tile checkboxes). Typed digits are
counted apart as keystrokes. Each hand is played on a new match; the taps per tile is all taps
divided by the tiles played.
"""

import json
import random
import sys
import tempfile
import urllib.request
from collections import Counter
from pathlib import Path

from common import EXAMPLES, Tap, start_server, stop_server, taps
from playwright.sync_api import Page, expect, sync_playwright

from assistant.engine import replay
from assistant.simulate import as_entered, random_match

GOAL = 1.3


def hands() -> list[tuple[str, dict]]:
    """(description, a record holding one whole hand, settled)."""
    out = []
    example = json.loads((EXAMPLES / "partnership-spinner-hand.json").read_text())
    out.append(
        ("partnership-spinner-hand.json (4, partners)", example | {"hands": example["hands"][:1]})
    )
    for label, seed, players, rules in [
        ("simulated all-fives, 2 players", 11, 2, "all-fives"),
        ("simulated all-fives, 3 players", 12, 3, "all-fives"),
        ("simulated muggins, 2 players", 13, 2, "muggins"),
    ]:
        record = random_match(random.Random(seed), players=players, rules=rules)
        out.append((label, record | {"hands": record["hands"][:1]}))
    return out


def version(page: Page) -> int:
    return int(page.locator("#table input[name=version]").first.input_value())


class Player:
    def __init__(self, page: Page):
        self.page = page
        self.taps: Counter = Counter()
        self.keys = 0

    def click(self, locator, kind: str) -> None:
        locator.click()
        self.taps[kind] += 1

    def saving(self, locator, kind: str) -> None:
        """A tap that saves an entry: waits for the table at the next version."""
        before = version(self.page)
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
        elif tap.kind == "draw":
            self.saving(self.button("Draw"), "Draw")
        elif tap.kind == "pass":
            self.saving(self.button("Pass"), "Pass")
        elif tap.kind == "left":
            for name, value in tap.fields.items():
                kind, player = name.split(":", 1)
                if page.get_by_label(f"Pips left by {player}").count() == 0:
                    continue  # the settlement does not need this player's pips
                if kind == "pips":
                    field = page.get_by_label(f"Pips left by {player}")
                    self.click(field, "settlement: pips field")
                    field.press_sequentially(value)
                    self.keys += len(value)
                else:
                    tiles = page.locator(f"fieldset:has-text('{player} holds') details")
                    if tiles.get_attribute("open") is None:  # shown at once for 3 or fewer
                        self.click(
                            page.get_by_text(f"or tap {player}'s tiles"), "settlement: tiles box"
                        )
                    for tile in value:
                        box = page.locator(f"fieldset:has-text('{player} holds')").get_by_role(
                            "checkbox", name=tile, exact=True
                        )
                        self.click(box, "settlement: tile checked")
            self.saving(self.button("Confirm"), "settlement: Confirm")


def end_choices(record: dict) -> tuple[int, int]:
    """How many plays of the hand fit several ends, and how many of those the screen asked
    about (the ends made different games: Hand.distinct_ends)."""
    entered = as_entered(record)
    match = replay(entered | {"hands": []})
    several = asked = 0
    for event in entered["hands"][0]["events"]:
        if "play" in event and len(match.hand.fits(event["play"])) > 1:
            several += 1
            asked += len(match.hand.distinct_ends(event["play"])) > 1
        match.enter(event)
    return several, asked


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
                context = browser.new_context(viewport={"width": 360, "height": 740})
                for label, record in hands():
                    blank = record | {"hands": []}
                    request = urllib.request.Request(
                        base + "/api/matches",
                        data=json.dumps(blank).encode(),
                        headers={"Content-Type": "application/json"},
                    )
                    with urllib.request.urlopen(request) as answer:
                        match_id = json.loads(answer.read())["id"]
                    page = context.new_page()
                    page.goto(f"{base}/matches/{match_id}")
                    player = Player(page)
                    for tap_ in taps(record):
                        player.tap(tap_)
                    with urllib.request.urlopen(f"{base}/api/matches/{match_id}") as answer:
                        stored = json.loads(answer.read())
                    expected = replay(record).scores
                    if stored["result"]["scores"] != expected:
                        raise SystemExit(
                            f"{label}: scores {stored['result']['scores']} != {expected}"
                        )
                    page.close()
                    tiles = sum("play" in e for e in record["hands"][0]["events"])
                    several, asked = end_choices(record)
                    rows.append((label, tiles, player.taps, player.keys, several, asked))
                browser.close()
        finally:
            stop_server(server)

    print("Whole hands entered through the table screen (Chromium, 360x740):")
    total_tiles = total_taps = 0
    every = Counter()
    for label, tiles, counted, keys, several, asked in rows:
        n = sum(counted.values())
        total_tiles += tiles
        total_taps += n
        every += counted
        detail = ", ".join(f"{kind} {count}" for kind, count in sorted(counted.items()))
        print(
            f"  {label}: {tiles} tiles, {n} taps = {n / tiles:.2f} taps/tile ({detail}); "
            f"{keys} digits typed; {several} tiles fitted several ends, the screen asked for "
            f"{asked} of them (the others fitted only ends making the same game)"
        )
    print(
        f"All: {total_tiles} tiles, {total_taps} taps: {total_taps / total_tiles:.2f} taps per "
        f"tile played (goal <= {GOAL}: {'met' if total_taps / total_tiles <= GOAL else 'MISSED'})"
    )
    print("  by kind: " + ", ".join(f"{kind} {count}" for kind, count in sorted(every.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
