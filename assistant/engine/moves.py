"""An entry of a match as a value: a play, a draw, a pass, the tiles left at the end of a hand,
a hand scored as told.

A value holds what was said, read once where it arrives (a form, a JSON body, a record file:
`record.py` reads and writes the JSON); the match judges it (`Match.enter`), as python-chess
reads `Move.from_uci` apart from `Board.push`. Whether a tile is a tile, fits, or is another
player's turn is the game's to say, so a value may hold a tile the game then refuses.
`player` is None where the player is not said: the match fills in whose turn it is
(`Match.completed`). A record's events always name it."""

import math
from dataclasses import dataclass
from typing import NamedTuple

from .errors import N_, RecordError
from .limits import MAX_TOLD
from .values import EMPTY, FrozenMap, frozen_json, plain_json

# Play, Draw and Pass are named tuples: frozen, and as cheap to make as a tuple (a record's
# replay makes one per event), but each equal only to a value of its own kind.


def _same_kind(self: tuple, other: object) -> bool:
    return type(other) is type(self) and tuple.__eq__(self, other)


def _other_kind(self: tuple, other: object) -> bool:
    return not _same_kind(self, other)


class Play(NamedTuple):
    """A tile laid: as written ("1-6" lies with 1 on the left when it leads), on `end`
    (`left`, `right`, `up`, `down`; None for the lead, or where the tile fits one end)."""

    tile: str
    end: str | None = None
    player: str | None = None

    __eq__, __ne__, __hash__ = _same_kind, _other_kind, tuple.__hash__


class Draw(NamedTuple):
    """Tiles taken from the boneyard (how many; which ones nobody knows)."""

    tiles: int = 1
    player: str | None = None

    __eq__, __ne__, __hash__ = _same_kind, _other_kind, tuple.__hash__


class Pass(NamedTuple):
    """A turn passed (only when nothing can be drawn)."""

    player: str | None = None

    __eq__, __ne__, __hash__ = _same_kind, _other_kind, tuple.__hash__


@dataclass(frozen=True, slots=True)
class Left:
    """The tiles still in hand when a hand ended, per player: a list of tiles or a pip total.
    Kept as said, as a value (`frozen_json`: a FrozenMap, lists as tuples), for the hand to
    judge; `as_json()` gives it back as the record writes it."""

    left: FrozenMap

    def __post_init__(self):
        object.__setattr__(self, "left", frozen_json(self.left))

    def pips_of(self, player: str) -> object:
        """What was said for `player`: their tiles (a tuple), a pip total, or None."""
        return self.left.get(player)

    def as_json(self) -> object:
        return plain_json(self.left)


Event = Play | Draw | Pass
EVENTS = (Play, Draw, Pass)


@dataclass(frozen=True, slots=True)
class ScoredHand:
    """A hand scored as told (RULES.md §5): what each player gained (or, under `penalty_own`,
    lost) in it, everything included, in the match's score unit; players left out scored 0.
    `notes`: why, or where the scores come from ("scored on paper")."""

    points: FrozenMap = EMPTY  # player → points
    notes: str | None = None

    def __post_init__(self):
        if type(self.points) is not FrozenMap:
            object.__setattr__(self, "points", FrozenMap(self.points))

    @classmethod
    def read(cls, data: dict) -> "ScoredHand":
        """The value of a record's hand `{"points": {...}, "notes": ...}` (or an entry said so):
        a map of names to numbers, each whole or a half, within the limits; notes as text. What
        only the match knows (its players, whether halves are scored, the target) it checks."""
        points = data["points"]
        if type(points) is not dict:
            raise RecordError(N_("points must map players to the points each scored"))
        told = {player: _told(player, value) for player, value in points.items()}
        notes = data.get("notes")
        if notes is not None and type(notes) is not str:
            raise RecordError(N_("notes must be text"))
        return cls(told, notes)

    def as_record(self) -> dict:
        """The hand as the record holds it (and as an entry is said in JSON)."""
        hand: dict = {"points": dict(self.points)}
        if self.notes is not None:
            hand["notes"] = self.notes
        return hand


def _told(player: object, value: object) -> int | float:
    """One player's points: a whole number, or a half, from -MAX_TOLD to MAX_TOLD."""
    if type(value) not in (int, float):
        raise RecordError(
            N_("the points of {player} must be a number, not {points}"),
            player=player,
            points=_shown(value),
        )
    if not -MAX_TOLD <= value <= MAX_TOLD:  # NaN is not within either
        raise RecordError(
            N_("the points of {player} must be from {low} to {high}, not {points}"),
            player=player,
            low=-MAX_TOLD,
            high=MAX_TOLD,
            points=value,
        )
    if value != math.floor(value * 2) / 2:
        raise RecordError(
            N_("the points of {player} must be whole or a half, not {points}"),
            player=player,
            points=value,
        )
    return int(value) if value == int(value) else value


def _shown(value: object) -> str:
    return repr(value) if isinstance(value, str) else str(value)


Entry = Play | Draw | Pass | Left | ScoredHand
ENTRIES = (Play, Draw, Pass, Left, ScoredHand)


def an_entry(entry: object) -> Entry:
    """`entry`, once it is known to be an entry value: JSON is read where it arrives
    (`record.read_entry`), never on the rules' path."""
    if type(entry) not in ENTRIES:
        raise TypeError(
            "an entry is a Play, Draw, Pass, Left or ScoredHand value"
            f" (got {type(entry).__name__}): read JSON with read_entry first"
        )
    return entry
