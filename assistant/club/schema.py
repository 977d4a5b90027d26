"""The database's schema as sqlite-utils migrations: the matches, then the club's tables. The
registry (players, the names that mean them, watch codes) is kept; everything else is a cache
derived from the match records and rebuilt by `rebuild-stats`.

sqlite-utils records each step applied by its name: a step is never renamed or reordered, only
added at the end."""

import sqlite3
from pathlib import Path

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from assistant.db import connect, immediate

migrations = Migrations("allfives")


@migrations()
def create_matches(db: Database) -> None:
    db["matches"].create(
        {
            "id": int,
            "record": str,  # the allfives-match/1 JSON: the source of truth
            "version": int,  # increases on every write; a stale phone is refused
            "leader": str,  # who leads hand `leader_hand`, when the rules leave it open
            "leader_hand": int,
            "created": str,
            "updated": str,
        },
        pk="id",
        not_null={"record", "version", "created", "updated"},
    )


@migrations()
def club_tables(db: Database) -> None:
    """Players, watch codes and the derived statistics cache (filled by a later step)."""
    create_tables(db)


@migrations()
def home_index(db: Database) -> None:
    """The index the home screen's list of matches in play reads."""
    create_tables(db)


@migrations()
def provenance_and_dates(db: Database) -> None:
    """Where each match came from and whether it counts, when it was closed or archived; the
    imports; the match's date and whether it counts, in the cache (rebuilt once every step has
    run: `rebuild_cache_later`).

    A match entered at the table counts at once. A finished match that arrives whole (an
    import, the API) is `imported` and counts in ratings and standings only once the admin
    accepts it (`accepted`). `closed`: when the table closed a finished match ("Final", a
    rematch); after that only the admin may change it. Matches from before this step count."""
    matches = db["matches"]
    matches.add_column("origin", str, not_null_default="table")  # table, api or import
    matches.add_column("import_id", int)
    matches.add_column("accepted", int, not_null_default=1)
    matches.add_column("closed", str)
    matches.add_column("archived", str)
    summary = db["match_summary"]
    summary.add_column("played", str)  # the record's date; NULL: undated
    summary.add_column("counted", int, not_null_default=1)
    summary.add_column("archived", int, not_null_default=0)
    db["match_players"].add_column("counted", int, not_null_default=1)
    create_tables(db)  # the imports table
    db.execute("CREATE INDEX match_summary_played ON match_summary(played, match_id)")
    rebuild_cache_later(db)


@migrations()
def seasons_nights_and_draws(db: Database) -> None:
    """The club's seasons and settings; each match's night and the points against each seat, in
    the cache; the night's draws, and the physical table and round of a match started from
    one. The ratings of each season are a cache too (`ratings.season_ratings`)."""
    for statement in statements(SEASON_TABLES):
        db.execute(statement)
    matches = db["matches"]
    matches.add_column("table_no", int)  # the physical table it is played at, from a draw
    matches.add_column("draw_id", int)
    matches.add_column("draw_round", int)
    summary = db["match_summary"]
    summary.add_column("night", str)  # the club night of `played`: see derive.night_of
    players = db["match_players"]
    players.add_column("night", str)
    players.add_column("points_against", float, not_null_default=0)  # the other sides' points
    db.execute("CREATE INDEX match_summary_night ON match_summary(night, match_id)")
    # The league table reads only an index: this one all time, grouped by player as it goes ...
    db.execute(
        "CREATE INDEX match_players_league ON match_players(finished, counted, player_id, "
        "partner_id, night, won, hands, side_points, points_against)"
    )
    # ... and this one for a range of nights (a season, a night), named in its SQL.
    db.execute(
        "CREATE INDEX match_players_night ON match_players(night, finished, counted, player_id, "
        "partner_id, won, hands, side_points, points_against)"
    )
    rebuild_cache_later(db)


SEASON_TABLES = """
-- Named date ranges set by the admin, by night, both ends included; they never overlap.
CREATE TABLE seasons (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    starts TEXT NOT NULL,
    ends TEXT NOT NULL
);
CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
-- Cache: the ratings of each season's matches alone, with what they were computed from.
CREATE TABLE season_ratings (
    season_id INTEGER NOT NULL,
    player_id INTEGER NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    ordinal REAL NOT NULL,
    games INTEGER NOT NULL,
    recent TEXT NOT NULL,
    PRIMARY KEY (season_id, player_id)
);
-- The night's draw: who is here (JSON names, or pairs of names), the game, the tables and
-- rounds, the rules of its matches (JSON), whether later rounds follow the standings.
CREATE TABLE draws (
    id INTEGER PRIMARY KEY,
    night TEXT NOT NULL,
    created TEXT NOT NULL,
    kind TEXT NOT NULL,
    entrants TEXT NOT NULL,
    tables TEXT NOT NULL,
    rounds INTEGER NOT NULL,
    rules TEXT NOT NULL,
    swiss INTEGER NOT NULL,
    seed INTEGER NOT NULL
);
CREATE INDEX draws_night ON draws(night, id);
CREATE TABLE draw_rounds (
    draw_id INTEGER NOT NULL REFERENCES draws(id),
    round INTEGER NOT NULL,
    sitting_out TEXT NOT NULL,
    PRIMARY KEY (draw_id, round)
);
-- One table of one round: its sides (JSON, seat order within a side) and the match started.
CREATE TABLE draw_seatings (
    draw_id INTEGER NOT NULL REFERENCES draws(id),
    round INTEGER NOT NULL,
    table_no INTEGER NOT NULL,
    sides TEXT NOT NULL,
    match_id INTEGER,
    PRIMARY KEY (draw_id, round, table_no)
);
"""


def rebuild_cache_later(db: Database) -> None:
    """A step that changes the cache's columns asks for it to be rebuilt once every step has
    run (by `migrate`): the rebuild writes the latest columns, which an early step's table does
    not have yet."""
    db.execute("INSERT OR REPLACE INTO club_meta(key, value) VALUES ('cache_stale', '1')")


@migrations()
def targets_and_units(db: Database) -> None:
    """Each match's target and score unit in the cache (the exports and the league table show
    them); points in the per-player rows counted in points (a match in fives: 5 each)."""
    db["match_summary"].add_column("target", int)
    db["match_summary"].add_column("unit", str)
    rebuild_cache_later(db)


@migrations()
def import_progress(db: Database) -> None:
    """What an import of a club file has read so far and what it found: the bytes read of the
    file's size (its progress), the records imported, already here and broken, why a file
    stopped, and the first broken records with the broken rule."""
    imports = db["imports"]
    imports.add_column("size", int, not_null_default=0)
    imports.add_column("position", int, not_null_default=0)
    imports.add_column("imported", int, not_null_default=0)
    imports.add_column("duplicates", int, not_null_default=0)
    imports.add_column("broken", int, not_null_default=0)
    imports.add_column("error", str)  # the file as a whole could not be read: why (JSON)
    db.execute(
        "CREATE TABLE import_problems (import_id INTEGER NOT NULL, n INTEGER NOT NULL, "
        "error TEXT NOT NULL, PRIMARY KEY (import_id, n))"
    )
    db.execute("CREATE INDEX matches_import ON matches(import_id) WHERE import_id IS NOT NULL")
    db.execute("CREATE INDEX matches_waiting ON matches(id) WHERE accepted = 0")


def migrate(path: str | Path) -> None:
    """The file brought to the latest schema (made, with its folder, when missing)."""
    from assistant.club import cache

    Path(path).parent.mkdir(parents=True, exist_ok=True)
    db = connect(path)
    try:
        with db.ensure_autocommit_on():
            db.execute("PRAGMA journal_mode=WAL")
        migrations.apply(db)
        stale = db.execute("SELECT value FROM club_meta WHERE key = 'cache_stale'").fetchone()
        if stale and stale[0] == "1":
            with immediate(db):
                cache.rebuild(db)
                db.execute("DELETE FROM club_meta WHERE key = 'cache_stale'")
    finally:
        db.close()


TABLES = """
CREATE TABLE IF NOT EXISTS players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    created TEXT
);
-- Every name (case folded) that means a player: the name entered in a record, old names after a
-- rename, and the names of players merged into this one.
CREATE TABLE IF NOT EXISTS player_names (
    key TEXT PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players(id)
);
CREATE INDEX IF NOT EXISTS player_names_player ON player_names(player_id);
CREATE TABLE IF NOT EXISTS watch_codes (
    match_id INTEGER PRIMARY KEY,
    code TEXT NOT NULL UNIQUE
);

-- The derived cache: one row per match ...
CREATE TABLE IF NOT EXISTS match_summary (
    match_id INTEGER PRIMARY KEY,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    finished_at TEXT,
    preset TEXT NOT NULL,
    custom INTEGER NOT NULL,
    players TEXT NOT NULL,
    partnership INTEGER NOT NULL,
    n_players INTEGER NOT NULL,
    hands INTEGER NOT NULL,
    sides TEXT NOT NULL,
    scores TEXT NOT NULL,
    winner INTEGER,
    finished INTEGER NOT NULL,
    digest TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS match_summary_created ON match_summary(created, match_id);
CREATE INDEX IF NOT EXISTS match_summary_finished ON match_summary(finished, created);
CREATE INDEX IF NOT EXISTS match_summary_preset ON match_summary(preset, created);
CREATE INDEX IF NOT EXISTS match_summary_digest ON match_summary(digest);
CREATE INDEX IF NOT EXISTS match_summary_rated ON match_summary(finished_at, match_id)
    WHERE finished = 1;
-- The home screen: the matches in play, last touched first, and the latest finished.
CREATE INDEX IF NOT EXISTS match_summary_home ON match_summary(finished, updated, match_id);
CREATE INDEX IF NOT EXISTS match_summary_latest ON match_summary(finished, finished_at, match_id);

-- ... and one per match and seat.
CREATE TABLE IF NOT EXISTS match_players (
    match_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    player_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    side INTEGER NOT NULL,
    partner_id INTEGER,
    preset TEXT NOT NULL,
    finished INTEGER NOT NULL,
    won INTEGER NOT NULL,
    hands INTEGER NOT NULL,
    side_points REAL NOT NULL,
    plays INTEGER NOT NULL,
    scoring_plays INTEGER NOT NULL,
    play_points REAL NOT NULL,
    largest REAL NOT NULL,
    dominoes INTEGER NOT NULL,
    blocks_won INTEGER NOT NULL,
    pips_caught INTEGER NOT NULL,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX IF NOT EXISTS match_players_player ON match_players(player_id, match_id);
CREATE INDEX IF NOT EXISTS match_players_pair ON match_players(player_id, partner_id);

CREATE TABLE IF NOT EXISTS ratings (
    player_id INTEGER PRIMARY KEY,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    ordinal REAL NOT NULL,
    games INTEGER NOT NULL,
    recent TEXT NOT NULL  -- the ordinal after each of the last few games, JSON
);
CREATE INDEX IF NOT EXISTS ratings_ordinal ON ratings(ordinal);
CREATE TABLE IF NOT EXISTS club_meta (
    key TEXT PRIMARY KEY,
    value TEXT
);

-- Each import of a file: what it held, how far it got, and when the admin accepted it.
CREATE TABLE IF NOT EXISTS imports (
    id INTEGER PRIMARY KEY,
    created TEXT NOT NULL,
    name TEXT,
    total INTEGER NOT NULL DEFAULT 0,
    done INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'running',
    accepted TEXT
);

-- A match deleted by any route takes its cache rows with it; the ratings are then recomputed.
CREATE TRIGGER IF NOT EXISTS matches_deleted AFTER DELETE ON matches BEGIN
    DELETE FROM match_summary WHERE match_id = OLD.id;
    DELETE FROM match_players WHERE match_id = OLD.id;
    DELETE FROM watch_codes WHERE match_id = OLD.id;
    INSERT OR REPLACE INTO club_meta(key, value) VALUES ('ratings_dirty', '1');
END;
"""


def statements(script: str) -> list[str]:
    """The script's statements one by one (a trigger's body keeps its inner semicolons)."""
    found, buffer = [], ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            found.append(buffer.strip())
            buffer = ""
    return found


def create_tables(db) -> None:
    """Inside the caller's transaction (a migration step)."""
    for statement in statements(TABLES):
        db.execute(statement)


@migrations()
def tap_ids(db: Database) -> None:
    """The ids of the taps each match recorded lately, with the version each made: a phone that
    sends a tap again (its answer was lost) is told it is done, not refused as stale. Only the
    latest few per match are kept (`store.KEPT_TAPS`); a deleted match takes its own."""
    db.execute(
        "CREATE TABLE taps (match_id INTEGER NOT NULL, tap TEXT NOT NULL, "
        "version INTEGER NOT NULL, PRIMARY KEY (match_id, tap)) WITHOUT ROWID"
    )
    db.execute(
        "CREATE TRIGGER matches_deleted_taps AFTER DELETE ON matches BEGIN "
        "DELETE FROM taps WHERE match_id = OLD.id; END"
    )
