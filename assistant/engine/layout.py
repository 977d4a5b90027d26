"""The layout on the table: its open ends and what they count (RULES.md §1).

Ends are named `left` and `right` (the main line; the lead `a-b` lies with `a` on the left) and
`up` and `down` (the spinner's perpendicular arms). An end keeps its name as its arm grows.

How the count works, in one place:
* an end whose last tile is a plain tile counts its outer half;
* an end whose last tile is a double (laid crosswise) counts both halves;
* a double led in a two-ended game lies at both ends at once and counts once, both halves;
* the spinner (layout `spinner`: the first double played) counts by `spinner_count`:
  `all_fives` — both halves while fewer than two of its sides are covered, then nothing;
  `sniff_exposed` — its value times min(2, its sides and ends still uncovered);
  its `up`/`down` ends open once both sides are covered and count only once a tile is on them.
"""

from dataclasses import dataclass
from typing import NamedTuple

from .errors import N_, RecordError
from .values import FrozenMap, Value, made

END_NAMES = ("left", "right", "up", "down")


class End(NamedTuple):
    """An open end: the value a tile must match there, and the tile that shows it."""

    name: str
    value: int
    tile: str | None  # None on a spinner arm no tile has been laid on yet
    double: bool  # a crosswise double is the last tile here
    spinner: bool  # the spinner itself is the last tile here


class EndBuilder:
    """An open end of a layout tiles are still being laid on: the same fields as `End`,
    changed in place as each tile is laid there (no new value at every play)."""

    __slots__ = End._fields

    def __init__(self, name: str, value: int, tile: str | None, double: bool, spinner: bool):
        self.name = name
        self.value = value
        self.tile = tile
        self.double = double
        self.spinner = spinner


def _builder(layout, placed: list) -> "LayoutBuilder":
    return made(
        LayoutBuilder,
        spinner_layout=layout.spinner_layout,
        sniff=layout.sniff,
        ends=_growing(layout.ends),
        spinner_value=layout.spinner_value,
        spinner_arms=layout.spinner_arms,
        placed=placed,
    )


def _growing(ends) -> dict:
    return {n: EndBuilder(e.name, e.value, e.tile, e.double, e.spinner) for n, e in ends.items()}


@dataclass(frozen=True, slots=True)
class OpenEnd:
    name: str
    value: int
    double: bool


class EndList(list):
    """Ends and their values inside a message: "left 6, right 1". A list of (name, value), so a
    translation can name the ends in its own words."""

    def __init__(self, ends: list[tuple[str, int]], joiner: str):
        super().__init__(ends)
        self.joiner = joiner

    def __str__(self) -> str:
        return self.joiner.join(f"{name} {value}" for name, value in self)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


@dataclass(frozen=True, slots=True)
class Term:
    """One end's part of the count: `6-6 at right = 12`, `3 at left = 3`, `5-5 = 10`."""

    end: str | None  # None: a lone double or spinner that shows at both ends
    tile: str  # the double, or the value shown when it is a plain tile
    value: int

    def __str__(self) -> str:
        return (
            f"{self.tile} at {self.end} = {self.value}"
            if self.end
            else f"{self.tile} = {self.value}"
        )


class Placed(NamedTuple):
    """A tile as it lies, for drawing: on which arm, how far out, which half faces out."""

    tile: str
    arm: str  # "lead", or the end it was played on
    position: int  # 0 for the lead, then 1, 2, … outwards along the arm
    inner: int
    outer: int
    double: bool
    spinner: bool


class Layout(Value):
    """The tiles played in one hand and the open ends they leave, as a value; a hand lays its
    tiles on a `LayoutBuilder` and keeps the layout it leaves (`frozen()`)."""

    __slots__ = FIELDS = (
        "spinner_layout",  # the first double played becomes the spinner
        "sniff",  # spinner_count: sniff_exposed
        "ends",  # name → End
        "spinner_value",  # None until there is a spinner
        "spinner_arms",  # how many of the spinner's four sides have a tile against them
        "placed",  # (tile, end, inner, outer, double, spinner), in order
    )

    def building(self) -> "LayoutBuilder":
        """A builder that starts from this layout (which stays as it is)."""
        return _builder(self, list(self.placed))

    def fitting_ends(self, a: int, b: int) -> list[str]:
        return [end.name for end in self.ends.values() if end.value == a or end.value == b]

    def distinct_ends(self, tile: str, a: int, b: int) -> list[str]:
        """The ends a tile fits, keeping only the first of those that make the same game.

        Laid on one end or another, the tile leaves layouts whose open ends may show the same
        values, doubles and spinner, only under other names (say a double led, both sides
        showing 5, and 5-3 played; or 2-6 on either of two arms showing 6): the count is the
        same now and every later tile fits and counts the same way, so which end it went on
        changes nothing a referee would rule on. Such a tile need not be asked about.
        """
        fits = self.fitting_ends(a, b)
        if len(fits) < 2:
            return fits
        kept: list[str] = []
        games: set[tuple] = set()
        for name in fits:
            game = self.tried(tile, a, b, name).game()
            if game not in games:
                kept.append(name)
                games.add(game)
        return kept

    def game(self) -> tuple:
        """All that the count and every later play depend on, whatever the ends are called:
        each open end's value, whether a double or the spinner shows there and whether it is a
        spinner arm still empty (it does not count yet); a double led alone; the spinner."""
        ends = sorted((e.value, e.double, e.spinner, e.tile is None) for e in self.ends.values())
        lone = self.ends["left"].tile == self.ends["right"].tile
        return tuple(ends), lone, self.spinner_value, self.spinner_arms

    def tried(self, tile: str, a: int, b: int, end_name: str) -> "LayoutBuilder":
        """This layout with the tile laid on `end_name` (this one is left as it is)."""
        trial = _builder(self, [])  # only its game is asked for, not the tiles placed before
        trial.place(tile, a, b, end_name)
        return trial

    def _not_open(self, end_name: str) -> RecordError:
        """Why `up` or `down` is not open (left and right always are, once a tile is led)."""
        if not self.spinner_layout:
            return RecordError(
                N_("the {end} end is not open: a game with two ends has only left and right"),
                end=end_name,
            )
        if self.spinner_value is None:
            return RecordError(
                N_("the {end} end is not open: no double has been played, so there is no spinner"),
                end=end_name,
            )
        return RecordError(
            N_("the {end} end is not open: the spinner's sides are not both covered yet"),
            end=end_name,
        )

    def _misfit(self, tile: str, fits: list[str]) -> RecordError:
        if fits:
            ends = EndList([(n, self.ends[n].value) for n in fits], " and ")
            return RecordError(N_("{tile} fits {ends}: say which end"), tile=tile, ends=ends)
        ends = EndList([(end.name, end.value) for end in self.ends.values()], ", ")
        return RecordError(N_("{tile} does not fit: open ends are {ends}"), tile=tile, ends=ends)

    # -- the count ----------------------------------------------------------------------------

    def spinner_counts(self) -> int:
        """What the spinner itself adds to the count (RULES.md §1, `spinner_count`)."""
        v = self.spinner_value
        if v is None:
            return 0
        if self.sniff:
            return v * min(2, 4 - self.spinner_arms)
        return 2 * v if self.spinner_arms < 2 else 0

    def count(self) -> int:
        ends = self.ends
        left = ends["left"]
        right = ends["right"]
        if left.spinner:
            total = 0
        elif left.double:
            if left.tile == right.tile:
                return 2 * left.value  # a double led in a two-ended game: counted once
            total = 2 * left.value
        else:
            total = left.value
        if not right.spinner:
            total += 2 * right.value if right.double else right.value
        if self.spinner_value is not None:
            total += self.spinner_counts()
            if self.spinner_arms > 2:
                for name in ("up", "down"):
                    end = ends[name]
                    if end.tile is not None:
                        total += 2 * end.value if end.double else end.value
        return total

    def terms(self) -> list[Term]:
        """The count as its terms, end by end; they add up to `count()`."""
        terms = []
        left, right = self.ends["left"], self.ends["right"]
        spinner_shown = [end.name for end in (left, right) if end.spinner]
        if left.double and left.tile == right.tile and not left.spinner:
            terms.append(Term(None, left.tile, 2 * left.value))
        else:
            for end in (left, right):
                if end.spinner:
                    if spinner_shown[0] == end.name:
                        where = end.name if len(spinner_shown) == 1 else None
                        terms.append(Term(where, end.tile, self.spinner_counts()))
                elif end.double:
                    terms.append(Term(end.name, end.tile, 2 * end.value))
                else:
                    terms.append(Term(end.name, str(end.value), end.value))
        if self.spinner_value is not None and not spinner_shown and self.spinner_counts():
            v = self.spinner_value
            terms.append(Term(None, f"{v}-{v}", self.spinner_counts()))
        for name in ("up", "down"):
            end = self.ends.get(name)
            if end is not None and end.tile is not None:
                if end.double:
                    terms.append(Term(name, end.tile, 2 * end.value))
                else:
                    terms.append(Term(name, str(end.value), end.value))
        return terms

    def placements(self) -> list[Placed]:
        """Every tile as it lies, numbered outwards along its arm from the lead."""
        placed = []
        along = dict.fromkeys(END_NAMES, 0)
        for tile, arm, inner, outer, double, spinner in self.placed:
            if arm != "lead":
                along[arm] += 1
            placed.append(Placed(tile, arm, along.get(arm, 0), inner, outer, double, spinner))
        return placed

    def open_ends(self) -> list[OpenEnd]:
        return [OpenEnd(e.name, e.value, e.double or e.spinner) for e in self.ends.values()]


class LayoutBuilder(Layout):
    """A layout tiles are still being laid on: a hand's, while it is being played or tried."""

    __slots__ = ()
    __setattr__, __delattr__, __hash__ = object.__setattr__, object.__delattr__, None

    def __init__(self, layout: str, spinner_count: str):
        """The table before the lead, under the rules' `layout` and `spinner_count`."""
        self.spinner_layout = layout == "spinner"
        self.sniff = spinner_count == "sniff_exposed"
        self.ends = {}
        self.spinner_value = None
        self.spinner_arms = 0
        self.placed = []

    def frozen(self) -> Layout:
        """The layout as it lies now, as a value: this builder becomes it (and is done)."""
        self.ends = FrozenMap(
            {n: End(e.name, e.value, e.tile, e.double, e.spinner) for n, e in self.ends.items()}
        )
        self.placed = tuple(self.placed)
        object.__setattr__(self, "__class__", Layout)
        return self

    def lead(self, tile: str, a: int, b: int) -> None:
        """The first tile: `a` on the left, `b` on the right."""
        double = a == b
        spinner = double and self.spinner_layout
        if spinner:
            self.spinner_value = a
        self.ends["left"] = EndBuilder("left", a, tile, double, spinner)
        self.ends["right"] = EndBuilder("right", b, tile, double, spinner)
        self.placed.append((tile, "lead", a, b, double, spinner))

    def place(self, tile: str, a: int, b: int, end_name: str | None) -> str:
        """Lays a tile on an end (or the only end it fits); returns the end's name."""
        if end_name is None:
            fits = [end for end in self.ends.values() if end.value == a or end.value == b]
            if len(fits) != 1:
                raise self._misfit(tile, [end.name for end in fits])
            end = fits[0]
            end_name = end.name
            value = end.value
        else:
            end = self.ends.get(end_name)
            if end is None:
                if end_name not in END_NAMES:
                    raise RecordError(
                        N_("{end} is not an end: use left, right, up or down"),
                        end=repr(end_name),
                    )
                raise self._not_open(end_name)
            value = end.value
            if a != value and b != value:
                raise RecordError(
                    N_("{tile} does not fit the {end} end, which shows {value}"),
                    tile=tile,
                    end=end_name,
                    value=value,
                )
        outer = b if a == value else a
        double = a == b
        if end.spinner or end.tile is None:
            self._cover_spinner_side()
        becomes_spinner = double and self.spinner_layout and self.spinner_value is None
        if becomes_spinner:
            self.spinner_value = a
            self.spinner_arms = 1  # the tile it was played against covers one side
        end.value, end.tile, end.double, end.spinner = outer, tile, double, becomes_spinner
        self.placed.append((tile, end_name, value, outer, double, becomes_spinner))
        return end_name

    def _cover_spinner_side(self) -> None:
        self.spinner_arms += 1
        if self.spinner_arms == 2 and "up" not in self.ends:
            # Both sides covered: the spinner's perpendicular ends open, empty.
            v = self.spinner_value
            self.ends["up"] = EndBuilder("up", v, None, False, False)
            self.ends["down"] = EndBuilder("down", v, None, False, False)
