"""An entry of a match as a value: a hand scored as told.

A value is read once where it arrives (a form, a JSON body, a record file) and the engine takes
it as it is: `ScoredHand.read` checks the shape of `{"points": {...}, "notes": ...}`, the match
checks what only the match knows (its players, its rules, its target)."""

import math
from dataclasses import dataclass, field

from .errors import N_, RecordError
from .limits import MAX_TOLD


@dataclass(frozen=True)
class ScoredHand:
    """A hand scored as told (RULES.md §5): what each player gained (or, under `penalty_own`,
    lost) in it, everything included, in the match's score unit; players left out scored 0.
    `notes`: why, or where the scores come from ("scored on paper")."""

    points: dict[str, int | float] = field(default_factory=dict)
    notes: str | None = None

    @classmethod
    def read(cls, data: dict) -> "ScoredHand":
        """The value of a record's hand `{"points": {...}, "notes": ...}` (or an entry said so):
        a map of names to numbers, each whole or a half, within the limits; notes as text."""
        points = data["points"]
        if type(points) is not dict:
            raise RecordError(N_("points must map players to the points each scored"))
        told = {player: _told(player, value) for player, value in points.items()}
        notes = data.get("notes")
        if notes is not None and type(notes) is not str:
            raise RecordError(N_("notes must be text"))
        return cls(told, notes)

    def as_record(self) -> dict:
        """The hand as the record holds it."""
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
