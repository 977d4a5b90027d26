"""The tables the schema's steps make (`schema.py`), as the SQL scripts they run: the club's
tables as the first steps made them (made if missing, so a later step may run the script again),
the seasons' and the draws', the ratings kept per game. A step that has run is never changed,
and so the script it ran is not: a new table or column is a new step."""

import sqlite3

# Made if missing by the steps `club_tables`, `home_index` and `provenance_and_dates`.
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


# Made by the step `seasons_nights_and_draws`.
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


# The ratings kept per game, made again by the step `games_apart`.
GAME_RATINGS = """
CREATE TABLE ratings (
    game TEXT NOT NULL,
    player_id INTEGER NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    ordinal REAL NOT NULL,
    games INTEGER NOT NULL,
    recent TEXT NOT NULL,  -- the ordinal after each of the last few games, JSON
    PRIMARY KEY (game, player_id)
);
CREATE INDEX ratings_ordinal ON ratings(game, ordinal);
CREATE TABLE season_ratings (
    season_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    player_id INTEGER NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    ordinal REAL NOT NULL,
    games INTEGER NOT NULL,
    recent TEXT NOT NULL,
    PRIMARY KEY (season_id, game, player_id)
);
"""
