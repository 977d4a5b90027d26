"""The club's seasons and settings. A season is a named range of club nights (derive.night_of),
both ends included, set by the admin; seasons never overlap, so a night is in one season at most,
and the current season is the one that holds tonight. Settings: the fewest games a player (or a
pair) plays to be ranked in the league table, and how the league counts a match that stopped
before anyone won (`STOPPED_COUNTS`)."""

from dataclasses import dataclass

MINIMUM_DEFAULT = 5
# How the league counts a stopped match: not at all; as played, with no winner (each side has
# played a game and lost it); or won by the side alone ahead when it stopped (a tie: no winner).
STOPPED_COUNTS = ("none", "no_winner", "leader")


@dataclass(frozen=True)
class Season:
    id: int
    name: str
    starts: str  # YYYY-MM-DD, the first night
    ends: str  # YYYY-MM-DD, the last night

    @property
    def nights(self) -> tuple[str, str]:
        return self.starts, self.ends


def _seasons(db, where: str = "", params: list | None = None) -> list[Season]:
    rows = db.execute(
        f"SELECT id, name, starts, ends FROM seasons {where} ORDER BY starts DESC, id DESC",
        params or [],
    ).fetchall()
    return [Season(*row) for row in rows]


def all_seasons(db) -> list[Season]:
    """The newest first."""
    return _seasons(db)


def get(db, season_id: int) -> Season | None:
    found = _seasons(db, "WHERE id = ?", [season_id])
    return found[0] if found else None


def holding(db, night: str) -> Season | None:
    """The season that holds this night, if any (the current season: tonight's)."""
    found = _seasons(db, "WHERE starts <= ? AND ends >= ?", [night, night])
    return found[0] if found else None


def overlapping(db, starts: str, ends: str, except_id: int | None = None) -> Season | None:
    """A season other than `except_id` that shares a night with starts..ends."""
    found = _seasons(
        db, "WHERE starts <= ? AND ends >= ? AND id IS NOT ?", [ends, starts, except_id]
    )
    return found[0] if found else None


def save(db, name: str, starts: str, ends: str, season_id: int | None = None) -> int:
    """Adds a season, or changes one (its ratings are then recomputed); inside the caller's
    transaction. The caller has checked the name and that it overlaps no other season."""
    if season_id is None:
        return db.execute(
            "INSERT INTO seasons(name, starts, ends) VALUES (?, ?, ?)", [name, starts, ends]
        ).lastrowid
    db.execute(
        "UPDATE seasons SET name = ?, starts = ?, ends = ? WHERE id = ?",
        [name, starts, ends, season_id],
    )
    return season_id


def delete(db, season_id: int) -> None:
    """The season goes; its matches stay (inside the caller's transaction)."""
    db.execute("DELETE FROM season_ratings WHERE season_id = ?", [season_id])
    db.execute("DELETE FROM seasons WHERE id = ?", [season_id])


def league_minimum(db) -> int:
    row = db.execute("SELECT value FROM settings WHERE key = 'league_minimum'").fetchone()
    return int(row[0]) if row else MINIMUM_DEFAULT


def set_league_minimum(db, games: int) -> None:
    db.execute(
        "INSERT OR REPLACE INTO settings(key, value) VALUES ('league_minimum', ?)", [str(games)]
    )


def stopped_counting(db) -> str:
    row = db.execute("SELECT value FROM settings WHERE key = 'stopped_counts'").fetchone()
    return row[0] if row and row[0] in STOPPED_COUNTS else STOPPED_COUNTS[0]


def set_stopped_counting(db, counting: str) -> None:
    """Inside the caller's transaction; `counting` is one of STOPPED_COUNTS."""
    if counting not in STOPPED_COUNTS:
        raise ValueError(counting)
    db.execute(
        "INSERT OR REPLACE INTO settings(key, value) VALUES ('stopped_counts', ?)", [counting]
    )
