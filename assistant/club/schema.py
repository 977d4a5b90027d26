"""The database's schema as sqlite-utils migrations: the matches, then the club's tables. The
registry (players, the names that mean them, watch codes) is kept; everything else is a cache
derived from the match records and rebuilt by `rebuild-stats`.

sqlite-utils records each step applied by its name: a step is never renamed or reordered, only
added at the end. The SQL scripts the steps run are in `schema_tables.py`."""

import re
import secrets

import orjson
from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from assistant.club.schema_tables import GAME_RATINGS, SEASON_TABLES, create_tables, statements
from assistant.engine.limits import MAX_NAME
from assistant.engine.names import name_key

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


@migrations()
def import_processes(db: Database) -> None:
    """The process that runs an import, so that one found dead at start is marked stopped; when
    the admin discarded its matches."""
    db["imports"].add_column("pid", int)
    db["imports"].add_column("discarded", str)


@migrations()
def stopped_matches(db: Database) -> None:
    """A match that stops: `stopped`, when the table (confirming) or the admin ended a match
    that will not be finished; it leaves the lists of matches in play, its hands count in the
    figures, and the league counts it as the club's setting says (`seasons.stopped_counting`).
    In the cache: `stopped` per match and per seat, and `led`: the seat's side was alone ahead
    when it stopped. The league's indexes cover both.

    A match that arrived whole (an import, a record) and was never written here since (version
    1) is not being played now: it is archived, and comes back when someone plays on."""
    db["matches"].add_column("stopped", str)
    db["match_summary"].add_column("stopped", int, not_null_default=0)
    players = db["match_players"]
    players.add_column("stopped", int, not_null_default=0)
    players.add_column("led", int, not_null_default=0)
    db.execute("DROP INDEX match_players_league")
    db.execute("DROP INDEX match_players_night")
    db.execute(
        "CREATE INDEX match_players_league ON match_players(finished, counted, player_id, "
        "partner_id, night, won, hands, side_points, points_against, stopped, led)"
    )
    db.execute(
        "CREATE INDEX match_players_night ON match_players(night, finished, counted, player_id, "
        "partner_id, won, hands, side_points, points_against, stopped, led)"
    )
    db.execute(
        "UPDATE matches SET archived = updated WHERE origin != 'table' AND version = 1 "
        "AND (origin = 'import' OR json_array_length(record, '$.hands') > 0) "
        "AND archived IS NULL AND id IN (SELECT match_id FROM match_summary WHERE finished = 0)"
    )
    rebuild_cache_later(db)


@migrations()
def told_hands(db: Database) -> None:
    """Per seat in the cache: the hands of the match scored as told (on paper), which count in
    the points but have no plays, dominoes or pips (the figures say so)."""
    db["match_players"].add_column("told_hands", int, not_null_default=0)
    rebuild_cache_later(db)


@migrations()
def draw_comings_and_goings(db: Database) -> None:
    """A draw changed as people come and go: its revision (how many changes), the revision each
    round was seated at (a phone showing an older seating cannot start it), and the changes."""
    db["draws"].add_column("revision", int, not_null_default=0)
    db["draw_rounds"].add_column("revision", int, not_null_default=0)
    db.execute(
        "CREATE TABLE draw_changes (draw_id INTEGER NOT NULL REFERENCES draws(id), "
        "revision INTEGER NOT NULL, after_round INTEGER NOT NULL, change TEXT NOT NULL, "
        "entrant TEXT NOT NULL, made TEXT NOT NULL, PRIMARY KEY (draw_id, revision))"
    )


@migrations()
def one_key_per_person(db: Database) -> None:
    """Names compared as the engine compares them (`engine.names.name_key`: Unicode NFC, case
    folded, any run of spaces as one, invisible characters left out): each name is keyed again,
    and two players whose names now mean one person become one (the player made first keeps
    its name). The cache is rebuilt from the records, so their matches follow."""
    _key_names_again(db)


def _key_names_again(db: Database) -> None:
    rows = db.execute("SELECT key, player_id FROM player_names ORDER BY player_id").fetchall()
    owner: dict[str, int] = {}
    merged: dict[int, int] = {}
    for old, player_id in rows:
        player_id = merged.get(player_id, player_id)
        new = name_key(old)
        if new in owner and owner[new] != player_id:
            merged[player_id] = owner[new]
        else:
            owner.setdefault(new, player_id)
    db.execute("DELETE FROM player_names")
    for new, player_id in owner.items():
        db.execute("INSERT INTO player_names(key, player_id) VALUES (?, ?)", [new, player_id])
    for source, target in merged.items():
        while target in merged:
            target = merged[target]
        db.execute("UPDATE player_names SET player_id = ? WHERE player_id = ?", [target, source])
        db.execute("DELETE FROM ratings WHERE player_id = ?", [source])
        db.execute("DELETE FROM season_ratings WHERE player_id = ?", [source])
        db.execute("DELETE FROM players WHERE id = ?", [source])
    if merged:
        db.execute("INSERT OR REPLACE INTO club_meta(key, value) VALUES ('ratings_dirty', '1')")
        rebuild_cache_later(db)


@migrations()
def arrived_whole_closed(db: Database) -> None:
    """A match that arrived whole (an import, the API with hands) is closed from the start, and
    so is one the admin accepted: only the admin changes it (before, it closed 30 minutes after
    `updated`, which an import sets to its own time)."""
    db.execute(
        "UPDATE matches SET closed = updated WHERE closed IS NULL AND (origin = 'import' "
        "OR accepted = 0 OR (origin = 'api' AND json_array_length(record, '$.hands') > 0))"
    )


@migrations()
def one_seat_per_person(db: Database) -> None:
    """A record written before the engine compared names as one person's (`name_key`) may seat
    one name twice ("Kim" and "kim"): such records no longer replay. The later of the two seats
    is renamed "kim (2)" throughout the record (its events, the pips left, the chosen leader), as
    the engine's rule now reads two seats: two people. The version is bumped, so a phone still
    showing the match reloads it."""
    _one_seat_per_key(db)


def _one_seat_per_key(db: Database) -> None:
    changed = False
    for match_id, text, leader in db.execute("SELECT id, record, leader FROM matches").fetchall():
        record = orjson.loads(text)
        players = record.get("players") if isinstance(record, dict) else None
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            continue
        keys = [name_key(p) for p in players]
        if len(set(keys)) == len(keys) or len(set(players)) != len(players):
            continue  # one person a seat, or the same name twice (never a valid record)
        taken, seen, renamed = set(keys), set(), {}
        for player, key in zip(players, keys, strict=True):
            if key in seen:
                number = 2
                while True:
                    suffix = f" ({number})"
                    new = player[: MAX_NAME - len(suffix)] + suffix
                    if name_key(new) not in taken:
                        break
                    number += 1
                taken.add(name_key(new))
                renamed[player] = new
            seen.add(key)
        record["players"] = [renamed.get(p, p) for p in players]
        for hand in record.get("hands", []):
            for event in hand.get("events", []) if isinstance(hand, dict) else []:
                if isinstance(event, dict) and event.get("player") in renamed:
                    event["player"] = renamed[event["player"]]
            for field in ("left", "points"):
                if isinstance(hand, dict) and isinstance(hand.get(field), dict):
                    hand[field] = {renamed.get(k, k): v for k, v in hand[field].items()}
        db.execute(
            "UPDATE matches SET record = ?, leader = ?, version = version + 1 WHERE id = ?",
            [orjson.dumps(record).decode(), renamed.get(leader, leader), match_id],
        )
        changed = True
    if changed:
        rebuild_cache_later(db)


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


@migrations()
def ignorable_characters_unseen(db: Database) -> None:
    """`name_key` leaves out every character of Unicode's Default_Ignorable_Code_Point set, not
    only the format characters: "Ann\ufe0f" (a variation selector) and "Ann\u3164" (a Hangul
    filler) are Ann. The names are keyed again (lookalikes become one player) and a record that
    now seats one person twice gives the later seat a name of its own, as the two steps before."""
    _key_names_again(db)
    _one_seat_per_key(db)


@migrations()
def match_identity(db: Database) -> None:
    """A match keeps one identity for life. Its number is never given out again (the table is
    made again with AUTOINCREMENT: before, deleting the latest match gave its number to the
    next, and a tap still waiting on a phone for the deleted match landed in the new one), and
    beside it an opaque `uid`, which the table's taps and polls carry, so that a number met
    again (a backup restored, the club imported into a new file) is still not the same match.
    The table's indexes and triggers are made again as they were."""
    created = db.execute("SELECT sql FROM sqlite_master WHERE name = 'matches'").fetchone()[0]
    kept = db.execute(
        "SELECT sql FROM sqlite_master WHERE tbl_name = 'matches' AND type IN ('index', "
        "'trigger') AND sql IS NOT NULL"
    ).fetchall()
    autoincrement, count = re.subn(
        r"(\[id\]|\"id\"|\bid\b)\s+INTEGER\s+PRIMARY\s+KEY",
        r"\1 INTEGER PRIMARY KEY AUTOINCREMENT",
        created.replace("matches", "matches_with_identity", 1),
        count=1,
        flags=re.IGNORECASE,
    )
    if count != 1:
        raise ValueError(f"the matches table's key is not the one this step knows: {created}")
    db.execute(autoincrement)
    columns = ", ".join(f"[{column.name}]" for column in db["matches"].columns)
    db.execute(f"INSERT INTO matches_with_identity({columns}) SELECT {columns} FROM matches")
    db.execute("DROP TABLE matches")
    db.execute("ALTER TABLE matches_with_identity RENAME TO matches")
    for (sql,) in kept:
        db.execute(sql)
    db.execute("ALTER TABLE matches ADD COLUMN uid TEXT")
    for (match_id,) in db.execute("SELECT id FROM matches").fetchall():
        db.execute("UPDATE matches SET uid = ? WHERE id = ?", [new_uid(), match_id])
    db.execute("CREATE UNIQUE INDEX matches_uid ON matches(uid)")


def new_uid() -> str:
    """A match's opaque identity: 96 random bits, as letters and digits a form carries as is."""
    return secrets.token_urlsafe(12)


@migrations()
def scorepads_in_cache(db: Database) -> None:
    """Each match's scorepad (a row a hand: plays, how it ended, each side's points by plays, at
    the settlement and in all) kept in its summary: `hands.csv` reads it, as the other exports
    read the cache, rather than replaying every match."""
    db["match_summary"].add_column("hand_rows", str)
    rebuild_cache_later(db)


@migrations()
def games_apart(db: Database) -> None:
    """Each match's game in the cache (`games.game_of`: All Fives, or Fives and Threes), per
    match and per seat, and the figures Fives and Threes is read by per seat: plays that made 15,
    busts, hands the side went out. The league's indexes lead with the game (a league table is
    of one game), and the ratings, all time and per season, are kept per game: both are caches,
    made again from the matches."""
    db["match_summary"].add_column("game", str, not_null_default="all-fives")
    players = db["match_players"]
    players.add_column("game", str, not_null_default="all-fives")
    for figure in ("fifteens", "busts", "chip_outs"):
        players.add_column(figure, int, not_null_default=0)
    db.execute("DROP INDEX match_players_league")
    db.execute("DROP INDEX match_players_night")
    db.execute(
        "CREATE INDEX match_players_league ON match_players(game, finished, counted, player_id, "
        "partner_id, night, won, hands, side_points, points_against, stopped, led)"
    )
    db.execute(
        "CREATE INDEX match_players_night ON match_players(game, night, finished, counted, "
        "player_id, partner_id, won, hands, side_points, points_against, stopped, led)"
    )
    db.execute("CREATE INDEX match_summary_game ON match_summary(game, preset)")
    db.execute("DROP TABLE ratings")
    db.execute("DROP TABLE season_ratings")
    for statement in statements(GAME_RATINGS):
        db.execute(statement)
    db.execute("DELETE FROM club_meta WHERE key LIKE 'season_ratings:%'")
    db.execute("INSERT OR REPLACE INTO club_meta(key, value) VALUES ('ratings_dirty', '1')")
    rebuild_cache_later(db)


@migrations()
def what_started_a_match(db: Database) -> None:
    """Each match made by a request that may come twice names it (`started_by`): a form's own id
    with what it asks for (the new match, the file imported), or `rematch:` and the uid of the
    match a rematch was made of. Asked again (a double tap, a second phone at the table, a tap
    sent again when its answer was lost), the request is the match it made the first time,
    never a second one left empty among the matches in play; once that one is deleted, a new
    one."""
    db["matches"].add_column("started_by", str)
    db.execute(
        "CREATE UNIQUE INDEX matches_started_by ON matches(started_by) WHERE started_by IS NOT NULL"
    )
