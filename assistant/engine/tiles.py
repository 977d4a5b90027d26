"""The double-six set: 28 tiles, 0-0 … 6-6, written "a-b"."""

from .errors import N_, RecordError

PIPS = range(7)

# Every way of writing a tile ("5-3" and "3-5") → its halves as written.
HALVES: dict[str, tuple[int, int]] = {f"{a}-{b}": (a, b) for a in PIPS for b in PIPS}

# The 28 tiles by their usual name, high half first: "6-6", "6-5", … "0-0".
TILES: tuple[str, ...] = tuple(f"{a}-{b}" for a in reversed(PIPS) for b in reversed(range(a + 1)))

TOTAL_PIPS = sum(a + b for a, b in map(HALVES.__getitem__, TILES))  # 168


def halves(tile: object) -> tuple[int, int]:
    """The two halves of a tile as written, or a RecordError if it is not a tile."""
    try:
        return HALVES[tile]  # type: ignore[index]
    except (KeyError, TypeError):
        raise RecordError(N_("{tile} is not a tile of a double-six set"), tile=repr(tile)) from None


def tile_name(tile: str) -> str:
    """The usual name of a tile, high half first: "3-5" → "5-3"."""
    a, b = halves(tile)
    return f"{a}-{b}" if a >= b else f"{b}-{a}"


def pips(tile: str) -> int:
    a, b = halves(tile)
    return a + b


def is_double(tile: str) -> bool:
    a, b = halves(tile)
    return a == b
