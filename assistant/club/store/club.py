"""The club's other writes: players (added, renamed, merged), seasons, the league's settings,
and the ratings brought up to date by the writes that change them."""

from sqlite_utils import Database

from assistant.club import (
    ratings,
    registry,
    seasons,
)
from assistant.club.store.fresh_ratings import keep_ratings_fresh
from assistant.db import immediate


def add_player(db: Database, name: str) -> int:
    with immediate(db):
        return registry.ensure(db, name)


def rename_player(db: Database, player_id: int, name: str) -> None:
    with immediate(db):
        registry.rename(db, player_id, name)


def merge_players(db: Database, source: int, target: int) -> None:
    with immediate(db):
        registry.merge(db, source, target)
        ratings.mark_dirty(db)
    keep_ratings_fresh(db)


def save_season(db: Database, name: str, starts: str, ends: str, season_id: int | None) -> None:
    with immediate(db):
        seasons.save(db, name, starts, ends, season_id)
    keep_ratings_fresh(db)  # the season's nights: its own ratings


def delete_season(db: Database, season_id: int) -> None:
    with immediate(db):
        seasons.delete(db, season_id)


def set_league_minimum(db: Database, games: int) -> None:
    with immediate(db):
        seasons.set_league_minimum(db, games)


def set_stopped_counting(db: Database, counting: str) -> None:
    with immediate(db):
        seasons.set_stopped_counting(db, counting)
