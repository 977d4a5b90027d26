"""Dominoes drawn in SVG, one way: a tile's face, split line and pips (`laid_svg`), placed in the
layout as it lies on the table, or standing alone in the picker and the settlement (`tile_svg`).

Coordinates are in half-tiles: a tile is 2 × 1, a crosswise double 1 × 2."""

from dataclasses import dataclass
from functools import cache

from markupsafe import Markup

from assistant.engine import Placed, halves

SPOTS = {
    0: [],
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.2), (0.75, 0.2), (0.25, 0.5), (0.75, 0.5), (0.25, 0.8), (0.75, 0.8)],
}


@cache
def laid_svg(first: int, second: int, horizontal: bool) -> Markup:
    """A laid tile's face, split line and pips with its top-left corner at 0,0 (the layout
    places it with a translate): 28 tiles × 2 ways, drawn once each."""
    w, h = (2, 1) if horizontal else (1, 2)
    if horizontal:
        split = '<line x1="1" y1="0.15" x2="1" y2="0.85" class="split"/>'
        halves = [(first, 0, 0), (second, 1, 0)]
    else:
        split = '<line x1="0.15" y1="1" x2="0.85" y2="1" class="split"/>'
        halves = [(first, 0, 0), (second, 0, 1)]
    pips = "".join(
        f'<circle cx="{hx + x:g}" cy="{hy + y:g}" r="0.1" class="pip"/>'
        for value, hx, hy in halves
        for x, y in SPOTS[value]
    )
    size = f'width="{w - 0.08:g}" height="{h - 0.08:g}"'
    face = f'<rect x="0.04" y="0.04" {size} rx="0.12" class="face"/>'
    return Markup(face + split + pips)


@cache
def tile_svg(tile: str) -> Markup:
    """One tile ("6-4") standing, its first half on top, in an svg of its own, for a button or
    a checkbox: the picker draws 28 on every tap, so each is drawn once and kept."""
    a, b = halves(tile)
    svg = '<svg class="domino" viewBox="0 0 1 2" aria-hidden="true" focusable="false">'
    return Markup(svg) + laid_svg(a, b, False) + Markup("</svg>")


@dataclass
class Drawn:
    tile: str
    x: float  # top-left corner
    y: float
    w: float
    h: float
    first: int  # the half drawn at the top or on the left
    second: int
    spinner: bool


@dataclass
class EndLabel:
    name: str
    value: int
    x: float
    y: float
    direction: tuple[int, int]  # which way its arm grows where it ends

    @property
    def anchor(self) -> str:
        dx, _dy = self.direction
        return "start" if dx > 0 else "end" if dx < 0 else "middle"


# The left and right arms run this many half-tiles out from the centre (the spinner, or the
# lead), then turn a corner, as a line does at the edge of a real table: right turns down, left
# turns up, each beside the spinner's own down or up arm, never across it. The drawing keeps to
# a phone's width, with pips large enough to count; the spinner's arms run straight.
REACH = 7
CLOCKWISE = {(1, 0): (0, 1), (-1, 0): (0, -1)}


def _fields(placed) -> tuple:
    if isinstance(placed, Placed):
        return placed.tile, placed.arm, placed.inner, placed.outer, placed.double, placed.spinner
    return tuple(placed)


def _tile_along(tile, inner, outer, double, spinner, cursor, direction) -> tuple[Drawn, tuple]:
    """Lays one tile on an arm growing in `direction`, its inner half against the cursor;
    returns it and the new cursor. A double lies across the arm."""
    dx, dy = direction
    cx, cy = cursor
    length = 1 if double else 2  # along the arm
    if dy == 0:
        w, h = (1, 2) if double else (2, 1)
        x = cx if dx > 0 else cx - length
        y = cy - h / 2
        first, second = (inner, outer) if dx > 0 else (outer, inner)
    else:
        w, h = (2, 1) if double else (1, 2)
        x = cx - w / 2
        y = cy if dy > 0 else cy - length
        first, second = (inner, outer) if dy > 0 else (outer, inner)
    drawn = Drawn(tile, x, y, w, h, first, second, spinner)
    return drawn, (cx + dx * length, cy + dy * length)


def _corner(tile, inner, outer, cursor, direction) -> tuple[Drawn, tuple, tuple]:
    """The tile where an arm turns: it lies along the new direction, its inner half against the
    end of the line so far; returns it, the new cursor and the new direction."""
    (dx, dy), (cx, cy) = direction, cursor
    nx, ny = CLOCKWISE[direction]
    corners = [(cx + dx * a + nx * b, cy + dy * a + ny * b) for a in (0, 1) for b in (-0.5, 1.5)]
    x, y = min(c[0] for c in corners), min(c[1] for c in corners)
    w, h = (2, 1) if ny == 0 else (1, 2)
    inner_first = nx > 0 or ny > 0  # the inner half drawn at the top or on the left
    first, second = (inner, outer) if inner_first else (outer, inner)
    drawn = Drawn(tile, x, y, w, h, first, second, False)
    cursor = (cx + dx * 0.5 + nx * 1.5, cy + dy * 0.5 + ny * 1.5)
    return drawn, cursor, (nx, ny)


def _lay(placed_tiles: list, centre: tuple | None, reach: int = REACH) -> dict:
    """The tiles placed on a plane from the lead at 0,0; with `centre`, the left and right arms
    turn their corner once they run `REACH` half-tiles out from it. The spinner's up and down
    arms grow across its part of the line (sideways, if it lies where an arm has turned)."""
    drawn: list[Drawn] = []
    arms: dict[str, list] = {}  # arm → [cursor, direction, turned]
    spinner_at: tuple[float, float] | None = None
    down = (0, 1)  # which way the spinner's down arm grows
    for placed in placed_tiles:
        tile, arm, inner, outer, double, spinner = _fields(placed)
        if arm == "lead":
            w, h = (1, 2) if double else (2, 1)
            drawn.append(Drawn(tile, -w / 2, -h / 2, w, h, inner, outer, spinner))
            arms = {"left": [(-w / 2, 0), (-1, 0), False], "right": [(w / 2, 0), (1, 0), False]}
            if spinner:
                spinner_at = (0, 0)
            continue
        if arm not in arms and spinner_at is not None:  # up or down: from the spinner's side
            arms[arm] = _from_spinner(arm, spinner_at, down)
        cursor, direction, turned = arms[arm]
        clear = _clear_of_spinner(spinner_at, cursor, direction)
        turns = _turns(centre, cursor, direction, turned, double, reach)
        if arm in ("left", "right") and clear and turns:
            tile_drawn, cursor, direction = _corner(tile, inner, outer, cursor, direction)
            turned = True
        else:
            tile_drawn, cursor = _tile_along(tile, inner, outer, double, spinner, cursor, direction)
        arms[arm] = [cursor, direction, turned]
        drawn.append(tile_drawn)
        if spinner:
            spinner_at = (tile_drawn.x + tile_drawn.w / 2, tile_drawn.y + tile_drawn.h / 2)
            down = (0, 1) if direction[1] == 0 else (-1, 0)
    if spinner_at is not None:
        for arm in ("up", "down"):
            arms.setdefault(arm, _from_spinner(arm, spinner_at, down))
    return {"tiles": drawn, "arms": arms, "spinner_at": spinner_at}


def _from_spinner(arm: str, spinner_at: tuple, down: tuple) -> list:
    """Where the spinner's up or down arm starts: its side, across the line it lies in."""
    dx, dy = down if arm == "down" else (-down[0], -down[1])
    sx, sy = spinner_at
    return [(sx + dx, sy + dy), (dx, dy), False]


def _clear_of_spinner(spinner_at, cursor, direction) -> bool:
    """An arm turning just past the spinner would run into the spinner's own up or down arm:
    it turns only a tile and a half or more beyond it (a double across the turned part reaches
    half a tile back)."""
    if spinner_at is None:
        return True
    past = (cursor[0] - spinner_at[0]) * direction[0] + (cursor[1] - spinner_at[1]) * direction[1]
    return not 0 <= past < 1.5


def _turns(centre, cursor, direction, turned, double, reach: int = REACH) -> bool:
    """Whether the next tile turns the arm's corner: once, on a plain tile that would run past
    `REACH` from the centre."""
    if centre is None or turned or double or direction not in CLOCKWISE:
        return False
    (dx, dy), (cx, cy) = direction, cursor
    out = (cx - centre[0]) * dx + (cy - centre[1]) * dy
    return out + 2 > reach


def layout(placed_tiles: list, reach: int = REACH) -> dict:
    """The tiles of a hand placed on a plane, long arms turned at their corner, with each arm's
    open end (cursor) and direction there, and the centre the picture is drawn around: the
    spinner, the lead when there is none, or None (the picture's own middle) when the spinner
    lies too far out along the line to be its centre."""
    spinner = _lay(placed_tiles, None)["spinner_at"]
    if spinner is None or abs(spinner[0]) + 1 <= reach:
        centre = spinner or (0, 0)
        laid = _lay(placed_tiles, centre, reach)
        laid["centre"] = centre
    else:
        laid = _lay(placed_tiles, (0, 0), reach)
        laid["centre"] = None
    return laid


def fitted(placed_tiles: list, open_ends: list, width: float, height: float) -> dict:
    """The layout drawn as large as a `width` x `height` box allows (the layout on a screen of
    its own): its arms turn where the picture then fills the box best, its viewBox just holds
    it."""
    best, scale = None, 0.0
    for reach in range(REACH, REACH + 14):
        drawn = view(placed_tiles, open_ends, centred=False, reach=reach)
        box = drawn["box"]
        fits = min(width / box[2], height / box[3])
        if fits > scale * 1.02:  # a longer reach only when it draws noticeably larger
            best, scale = drawn, fits
    return best


def view(placed_tiles: list, open_ends: list, centred: bool = True, reach: int = REACH) -> dict:
    """What `_drawing.html` draws: the tiles, the open ends' labels, and a viewBox centred on
    the spinner (or the lead); not `centred`: the viewBox just holds them."""
    laid = layout(placed_tiles, reach)
    labels = []
    for end in open_ends:
        cursor, direction, _turned = laid["arms"].get(end.name, [(0, 0), (0, 0), False])
        (cx, cy), (dx, dy) = cursor, direction
        labels.append(EndLabel(end.name, end.value, cx + dx * 0.3, cy + dy * 0.7, direction))
    xs = [t.x for t in laid["tiles"]] + [t.x + t.w for t in laid["tiles"]]
    ys = [t.y for t in laid["tiles"]] + [t.y + t.h for t in laid["tiles"]]
    # A label is about 3 half-tiles wide (5.2 in the larger letters of the layout's own screen),
    # on the side its anchor leaves open.
    wide = 3 if centred else 5.2
    xs += [label.x + {"end": -wide, "start": wide}.get(label.anchor, wide / 2) for label in labels]
    xs += [label.x - wide / 2 for label in labels if label.anchor == "middle"]
    ys += [label.y for label in labels]
    margin = 0.8
    middle = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    ox, oy = (laid["centre"] if centred else None) or middle
    half_w = max(ox - min(xs), max(xs) - ox) + margin
    half_h = max(oy - min(ys), max(ys) - oy) + margin
    box = (ox - half_w, oy - half_h, 2 * half_w, 2 * half_h)
    return {"tiles": laid["tiles"], "labels": labels, "box": box}
