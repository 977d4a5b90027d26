"""Screenshots of every screen a player or the club admin sees, at phone (360×740) and desk
(1280×800) size: a real server on a temporary database, each state reached through the real
UI (taps) or the JSON API, the way a table would get there.

    .venv/bin/python bench/screenshots.py [OUTDIR]      # default: instance/screenshots/

Writes OUTDIR/<screen>-phone.png and OUTDIR/<screen>-desk.png (what the first screen shows),
<screen>-phone-full.png when the page is taller than the phone's screen, and <lang>-<screen>-phone
for the screens with the longest words in Danish, Swedish and French. Prints any target under
44 px and any page wider than the screen.
"""

import copy
import json
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from common import CHECKOUT, EXAMPLES, renamed
from playwright.sync_api import Page, expect, sync_playwright

from assistant.simulate import random_match
from assistant.web.base.auth import save_password

SIZES = {"phone": (360, 740), "desk": (1280, 800)}
LANGUAGES = ["da-DK", "sv-SE", "fr-FR"]
PASSWORD = "club-admin-pw"

SERVER = """
import sys, waitress
from assistant import create_app
db, password_file, port = sys.argv[1:]
app = create_app({"DATABASE": db, "ADMIN_PASSWORD_FILE": password_file, "SECRET_KEY": "shots"})
waitress.serve(app, host="127.0.0.1", port=int(port), threads=4)
"""


class Server:
    def __init__(self, workdir: Path):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        password_file = workdir / "admin_password"
        save_password(password_file, PASSWORD)
        args = [str(workdir / "shots.sqlite"), str(password_file), str(self.port)]
        self.process = subprocess.Popen([sys.executable, "-c", SERVER, *args], cwd=CHECKOUT)
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(self.url + "/", timeout=1)
                return
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    self.stop()
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.1)  # polling while the server starts

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)

    def post(self, path: str, body: dict) -> dict:
        request = urllib.request.Request(
            self.url + path, json.dumps(body).encode(), {"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request) as response:
            return json.loads(response.read())

    def create(self, record: dict) -> int:
        return self.post("/api/matches", record)["id"]

    def event(self, match_id: int, event: dict) -> None:
        current = json.loads(urllib.request.urlopen(f"{self.url}/api/matches/{match_id}").read())
        self.post(f"/api/matches/{match_id}/events", event | {"version": current["version"]})


def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text())


def without_left(name: str, names: list[str]) -> dict:
    """An example's first hand played out, its tiles left not yet entered: the settlement step."""
    record = copy.deepcopy(example(name))
    record["hands"] = [{"events": record["hands"][0]["events"]}]
    return renamed(record, names)


def matches(server: Server) -> dict[str, int]:
    """The matches each screen starts from; the home page lists them all."""
    rng = random.Random(7)
    ids = {}
    for names in (["Ann", "Bo"], ["Cy", "Di", "Eva"]):
        finished = random_match(rng, players=len(names), rules="all-fives")
        ids["finished"] = server.create(renamed(finished, names))
    playing = random_match(rng, players=4, rules="muggins", partnership=True, stop_chance=0.03)
    server.create(renamed(playing, ["Finn", "Gus", "Hal", "Ida"]))
    fresh = example("spinner-lead-four-arms") | {"hands": []}
    ids["lead"] = server.create(renamed(fresh, ["Ann", "Bo"]))
    ids["spinner"] = server.create(renamed(example("spinner-lead-four-arms"), ["Ann", "Bo"]))
    ids["stale"] = server.create(renamed(example("spinner-lead-four-arms"), ["Ann", "Bo"]))
    ids["settle"] = server.create(
        without_left("partnership-spinner-hand", ["Ann", "Bo", "Cy", "Di"])
    )
    ids["settled"] = server.create(
        renamed(example("partnership-spinner-hand"), ["Ann", "Bo", "Cy", "Di"])
    )
    ids["watch"] = server.create(renamed(example("spinner-lead-four-arms"), ["Ann", "Bo"]))
    return ids


def per_size(server: Server) -> dict[str, int]:
    """The matches a size's screens change (a lead turned, a correction, Final): its own."""
    four = {"preset": "all-fives", "hand_size": 2, "boneyard_reserve": 20}
    blocked = {"events": [{"player": "Ann", "play": "6-6"}] + [
        {"player": p, "pass": True} for p in ("Bo", "Cy", "Di", "Ann")]}  # fmt: skip
    won = {
        "format": "allfives-match/1",
        "rules": {"preset": "all-fives", "target": 10},
        "players": ["Ann", "Bo"],
        "hands": [{"events": [{"player": "Ann", "play": "5-5"}]}],
    }
    return {
        "lead": server.create(
            renamed(example("spinner-lead-four-arms"), ["Ann", "Bo"]) | {"hands": []}
        ),
        "stale": server.create(renamed(example("spinner-lead-four-arms"), ["Ann", "Bo"])),
        "settle": server.create(
            without_left("partnership-spinner-hand", ["Ann", "Bo", "Cy", "Di"])
        ),
        "fix": server.create(renamed(example("spinner-lead-four-arms"), ["Ann", "Bo"])),
        "four": server.create(
            {
                "format": "allfives-match/1",
                "rules": four,
                "players": ["Ann", "Bo", "Cy", "Di"],
                "hands": [blocked],
            }
        ),  # fmt: skip
        "won": server.create(won),
    }


def version(page: Page) -> int:
    return int(page.locator("#table input[name=version]").first.input_value())


def tap(page: Page, name: str) -> None:
    """Taps a table button and waits until the tap is saved."""
    before = version(page)
    page.get_by_role("button", name=name, exact=True).click()
    expect(page.locator("#table input[name=version]").first).to_have_value(str(before + 1))


# Everything a thumb taps that is not a link inside a sentence.
TARGETS = (
    "button, [role=button], input:not([type=hidden]), select, summary, nav a, label.tile-check, "
    ".leaderboard td a, .player-list a"
)
AUDIT = """targets => {
  const small = [];
  for (let el of document.querySelectorAll(targets)) {
    // A radio button or a checkbox is tapped through its label.
    if (el.matches("[type=radio], [type=checkbox]")) el = el.closest("label") || el;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || el.closest("details:not([open])") && el.tagName !== "SUMMARY") continue;
    if (box.height < 44 || box.width < 44) {
      const name = (el.innerText || el.value || el.name || "").trim().slice(0, 24);
      small.push(`${el.tagName.toLowerCase()} "${name}" ${box.width | 0}x${box.height | 0}`);
    }
  }
  const wide = document.documentElement.scrollWidth - document.documentElement.clientWidth;
  return {small, wide};
}"""


def audit(page: Page, screen: str, size: str) -> None:
    """Says what a player would trip over: targets under 44 px, a page wider than the screen."""
    found = page.evaluate(AUDIT, TARGETS)
    if found["wide"] > 0:
        print(f"{screen}-{size}: the page scrolls sideways by {found['wide']} px")
    for target in found["small"]:
        print(f"{screen}-{size}: small target {target}")


def shoot(page: Page, out: Path, screen: str, size: str) -> None:
    page.wait_for_load_state("networkidle")
    audit(page, screen, size)
    page.screenshot(path=out / f"{screen}-{size}.png")
    height = page.evaluate("document.documentElement.scrollHeight")
    if size == "phone" and height > page.viewport_size["height"] + 4:
        page.screenshot(path=out / f"{screen}-{size}-full.png", full_page=True)


def screens(page: Page, server: Server, ids: dict[str, int], out: Path, size: str) -> None:
    url = server.url

    def go(path: str) -> None:
        page.goto(url + path)

    go("/")
    shoot(page, out, "home", size)

    go("/matches/new")
    shoot(page, out, "new-match", size)
    for n, name in enumerate(["Ann", "Bo", "Cy", "Di"]):
        page.locator(f"#seat-{n}").fill(name)
        page.locator(f"#seat-{n}").press("Tab")  # the options follow the names
        page.wait_for_load_state("networkidle")
    expect(page.locator("#partnership")).to_be_visible()
    page.get_by_text("Advanced options").click()
    shoot(page, out, "new-match-advanced", size)

    own = ids[size]
    go(f"/matches/{own['lead']}")
    shoot(page, out, "lead-choice", size)
    tap(page, "Ann")
    shoot(page, out, "table-lead", size)
    tap(page, "6-1")
    shoot(page, out, "lead-turnable", size)
    tap(page, "⇄ Turn the lead")
    shoot(page, out, "lead-turned", size)
    tap(page, "Draw")
    shoot(page, out, "drew", size)
    tap(page, "Undo")
    shoot(page, out, "undone", size)

    go(f"/matches/{ids['spinner']}")
    shoot(page, out, "spinner-four-arms", size)
    page.get_by_role("button", name="4-1", exact=True).click()
    expect(page.get_by_text("Where does 4-1 go?")).to_be_visible()
    shoot(page, out, "which-end", size)

    # A rule broken: a phone that still offers a tile the table no longer takes (the phone's
    # engine refuses it at once, above the table; the server's 422 would say it in the table).
    go(f"/matches/{ids['spinner']}")
    page.locator("button.tile[value='6-6']").evaluate("b => b.removeAttribute('disabled')")
    page.locator("button.tile[value='6-6']").click()
    expect(page.locator("#table .message").or_(page.locator("#taps")).first).to_be_visible()
    shoot(page, out, "rule-422", size)

    # A stale phone (409): another phone entered a tile meanwhile.
    stale = own["stale"]
    go(f"/matches/{stale}")
    server.event(stale, {"player": "Bo", "play": "4-4", "end": "left"})
    page.locator("button.tile[value='1-0']").click()
    expect(page.locator("#table .message")).to_be_visible()
    shoot(page, out, "stale-409", size)

    # A form that expired (the session is gone): the tap is refused and the banner says why.
    go(f"/matches/{ids['spinner']}")
    page.context.clear_cookies()
    page.locator("button.tile[value='1-0']").click()
    expect(page.locator("#problem")).to_be_visible()
    shoot(page, out, "expired-400", size)

    # Fixing an entry: the hand's entries, one of them, a correction refused, one made.
    go(f"/matches/{own['fix']}")
    page.get_by_role("button", name="Fix", exact=True).click()
    expect(page.locator(".entry-link")).to_have_count(5)
    shoot(page, out, "fix-list", size)
    page.locator(".entry-link", has_text="5-1").click()
    expect(page.get_by_role("heading", name="Fix 5-1 by Bo")).to_be_visible()
    shoot(page, out, "fix-entry", size)
    page.get_by_role("button", name="5-4", exact=True).click()
    expect(page.locator("#table .message")).to_be_visible()
    shoot(page, out, "fix-refused", size)
    tap(page, "5-0")
    shoot(page, out, "fixed", size)

    go(f"/matches/{own['settle']}")
    page.get_by_label("Pips left by Cy").fill("4")
    page.get_by_label("Pips left by Di").fill("8")
    page.get_by_label("Pips left by Bo").fill("12")
    expect(page.locator("#preview .outcome")).to_be_visible()
    page.wait_for_load_state("networkidle")
    shoot(page, out, "settle", size)

    go(f"/matches/{own['four']}")
    for player, pips in {"Ann": 3, "Bo": 8, "Cy": 12, "Di": 1}.items():
        page.get_by_label(f"Pips left by {player}").fill(str(pips))
    expect(page.locator("#preview")).to_contain_text("Di 1 → 0")
    page.wait_for_load_state("networkidle")
    shoot(page, out, "settle-four", size)

    for screen, path in {
        "hand-settled": f"/matches/{ids['settled']}",
        "winner": f"/matches/{ids['finished']}",
        "history-match": f"/history/{ids['finished']}",
        "scorepad-partners": f"/history/{ids['settled']}",
        "replay-settlement": f"/history/{ids['settled']}/replay?step=18",
        "replay": f"/history/{ids['finished']}/replay?step=12",
        "winner-won-by-a-tile": f"/matches/{own['won']}",
    }.items():
        go(path)
        shoot(page, out, screen, size)
    final = page.get_by_role("button", name="Final")
    if final.count():  # a match that arrived whole is final from the start
        final.click()
    expect(page.get_by_text("This match is final")).to_be_visible()
    shoot(page, out, "winner-final", size)

    go(f"/matches/{ids['watch']}")
    page.get_by_role("link", name="Watch page").click()
    expect(page.locator("#watch .layout svg")).to_be_visible()
    shoot(page, out, "watch", size)
    go("/history")
    shoot(page, out, "history", size)
    go("/leaderboard")
    shoot(page, out, "leaderboard", size)

    go("/admin/login")
    shoot(page, out, "admin-login", size)

    # The club admin deletes a match: the button on its page, the confirmation, the history.
    page.locator("#admin-password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    # The club admin imports a club file: its report once done (one broken record named).
    go("/history/import")
    records = [example("double-at-one-end"), example("tile-played-twice")]
    page.locator("input[type=file]").set_input_files(
        {
            "name": "club.json",
            "mimeType": "application/json",
            "buffer": json.dumps(records).encode(),
        }
    )
    page.get_by_role("button", name="Import", exact=True).click()
    expect(page.locator("#import")).to_contain_text("already here")
    shoot(page, out, "import", size)

    doomed = server.create(renamed(example("double-at-one-end"), ["Ann", "Bo"]))
    go(f"/history/{doomed}")
    shoot(page, out, "history-match-admin", size)
    page.get_by_role("button", name="Delete match").click()
    shoot(page, out, "delete-confirm", size)
    page.get_by_role("button", name=f"Delete match {doomed}").click()
    expect(page.get_by_text(f"Match {doomed} was deleted.")).to_be_visible()
    shoot(page, out, "deleted", size)

    go("/matches/99999")
    shoot(page, out, "not-found-404", size)
    fives_and_threes(page, server, out, size)


def fives_and_threes(page: Page, server: Server, out: Path, size: str) -> None:
    """Fives and Threes: New match with the leagues' choices, a bust and the lead passed on, a
    partner who is out passed over, an end that would bust, and the 121-hole board."""
    page.goto(server.url + "/matches/new")
    page.locator("input[name=preset][value=fives-and-threes]").check()
    page.wait_for_load_state("networkidle")
    shoot(page, out, "ft-new-match", size)
    played = example("fives-and-threes-bust-going-out")
    bust = server.create(played | {"hands": played["hands"][:2]})
    pairs = example("fives-and-threes-partners-both-out")
    events = pairs["hands"][0]["events"]
    out_first = server.create(pairs | {"hands": [{"events": events[:20]}]})
    near = {"preset": "fives-and-threes", "hand_size": 2}
    near_end = server.create({
        "format": "allfives-match/1", "rules": near, "players": ["Ann", "Bo"],
        "hands": [{"points": {"Ann": 58, "Bo": 47}}, {"events": [
            {"player": "Ann", "play": "3-1"}, {"player": "Bo", "play": "1-6", "end": "right"}]}],
    })  # fmt: skip
    twice = server.create({
        "format": "allfives-match/1", "rules": {"preset": "fives-and-threes", "target": 121},
        "players": ["Ann", "Bo", "Cy", "Di"], "partnership": True,
        "hands": [{"points": {"Ann": 77, "Bo": 104}}],
    })  # fmt: skip
    for screen, path in {
        "ft-bust-next-lead": f"/matches/{bust}",
        "ft-partner-out": f"/matches/{out_first}",
        "ft-end-would-bust": f"/matches/{near_end}?tile=6-3",
        "ft-pairs-121": f"/matches/{twice}",
        "ft-won": f"/matches/{server.create(played)}",
        "ft-chipped-out": f"/matches/{server.create(pairs)}",
    }.items():
        page.goto(server.url + path)
        shoot(page, out, screen, size)


def in_language(page: Page, server: Server, ids: dict[str, int], out: Path, lang: str) -> None:
    """The screens where longer words could wrap or overflow, in another language, on a phone."""
    url = server.url
    settle = server.create(without_left("partnership-spinner-hand", ["Ann", "Bo", "Cy", "Di"]))
    for screen, path in {
        "table": f"/matches/{ids['spinner']}",
        "which-end": f"/matches/{ids['spinner']}?tile=4-1",
        "fix-list": f"/matches/{ids['spinner']}?fix=0",
        "fix-entry": f"/matches/{ids['spinner']}?fix=2",
        "settle": f"/matches/{settle}",
        "hand-settled": f"/matches/{ids['settled']}",
        "winner": f"/matches/{ids['finished']}",
        "scorepad": f"/history/{ids['settled']}",
        "new-match": "/matches/new",
        "not-found-404": "/matches/99999",
    }.items():
        page.goto(url + path)
        shoot(page, out, f"{lang}-{screen}", "phone")


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else CHECKOUT / "instance" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    server = Server(Path(tempfile.mkdtemp()))
    try:
        ids = matches(server)
        # Each size plays its own copy of the screens that change the match.
        for size in SIZES:
            ids[size] = per_size(server)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            for size, (width, height) in SIZES.items():
                context = browser.new_context(
                    viewport={"width": width, "height": height}, locale="en-GB"
                )
                screens(context.new_page(), server, ids, out, size)
                context.close()
            for lang in LANGUAGES:
                context = browser.new_context(viewport={"width": 360, "height": 740}, locale=lang)
                in_language(context.new_page(), server, ids, out, lang.split("-")[0])
                context.close()
            browser.close()
    finally:
        server.stop()
    print("\n".join(sorted(str(p) for p in out.glob("*.png"))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
