"""Dominoes drawn in SVG, one way: a tile's face, split line and pips (`laid_svg`), placed in the
layout as it lies on the table, or standing alone in the picker and the settlement (`tile_svg`).

Coordinates are in half-tiles: a tile is 2 × 1, a crosswise double 1 × 2."""

from dataclasses import dataclass
from functools import cache

from markupsafe import Markup

from assistant.engine import Placed

SPOTS = {
    0: [],
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.2), (0.75, 0.2), (0.25, 0.5), (0.75, 0.5), (0.25, 0.8), (0.75, 0.8)],
}
# Which way each arm grows from the centre of the layout.
DIRECTION = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}


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
def tile_svg(a: int, b: int) -> Markup:
    """One tile standing (a on top) in an svg of its own, for a button or a checkbox: the
    picker draws 28 on every tap, so each is drawn once and kept."""
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

    @property
    def anchor(self) -> str:
        return {"left": "end", "right": "start"}.get(self.name, "middle")


def _fields(placed) -> tuple:
    if isinstance(placed, Placed):
        return placed.tile, placed.arm, placed.inner, placed.outer, placed.double, placed.spinner
    return tuple(placed)


def _tile_along(tile, arm, inner, outer, double, spinner, cursor) -> tuple[Drawn, tuple]:
    """Lays one tile on an arm, its inner half against the cursor; returns it and the new cursor."""
    dx, dy = DIRECTION[arm]
    cx, cy = cursor
    horizontal = dy == 0
    length = 1 if double else 2  # along the arm: a double lies across it
    if horizontal:
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


def layout(placed_tiles: list) -> dict:
    """The tiles of a hand placed on a plane, the open ends labelled, and the viewBox."""
    drawn: list[Drawn] = []
    cursors: dict[str, tuple[float, float]] = {}
    spinner_at: tuple[float, float] | None = None
    for placed in placed_tiles:
        tile, arm, inner, outer, double, spinner = _fields(placed)
        if arm == "lead":
            w, h = (1, 2) if double else (2, 1)
            drawn.append(Drawn(tile, -w / 2, -h / 2, w, h, inner, outer, spinner))
            cursors = {"left": (-w / 2, 0), "right": (w / 2, 0)}
            if spinner:
                spinner_at = (0, 0)
            continue
        if arm in ("up", "down") and arm not in cursors and spinner_at is not None:
            sx, sy = spinner_at
            cursors[arm] = (sx, sy - 1) if arm == "up" else (sx, sy + 1)
        tile_drawn, cursors[arm] = _tile_along(
            tile, arm, inner, outer, double, spinner, cursors[arm]
        )
        drawn.append(tile_drawn)
        if spinner:
            spinner_at = (tile_drawn.x + tile_drawn.w / 2, tile_drawn.y + tile_drawn.h / 2)
    if spinner_at is not None:
        sx, sy = spinner_at
        cursors.setdefault("up", (sx, sy - 1))
        cursors.setdefault("down", (sx, sy + 1))
    return {"tiles": drawn, "cursors": cursors}


def view(placed_tiles: list, open_ends: list) -> dict:
    laid = layout(placed_tiles)
    labels = []
    for end in open_ends:
        cx, cy = laid["cursors"].get(end.name, (0, 0))
        dx, dy = DIRECTION[end.name]
        labels.append(EndLabel(end.name, end.value, cx + dx * 0.3, cy + dy * 0.7))
    xs = [t.x for t in laid["tiles"]] + [t.x + t.w for t in laid["tiles"]]
    ys = [t.y for t in laid["tiles"]] + [t.y + t.h for t in laid["tiles"]]
    # A label is about 3 half-tiles wide, on the side its anchor leaves open.
    xs += [label.x + {"end": -3, "start": 3}.get(label.anchor, 1.5) for label in labels]
    xs += [label.x - 1.5 for label in labels if label.anchor == "middle"]
    ys += [label.y for label in labels]
    margin = 1.2
    box = (
        min(xs) - margin,
        min(ys) - margin,
        max(xs) - min(xs) + 2 * margin,
        max(ys) - min(ys) + 2 * margin,
    )
    return {"tiles": laid["tiles"], "labels": labels, "box": box}
