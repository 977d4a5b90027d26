"""The player registry: one player per name as the engine compares names (`name_key`: case,
spaces, encodings and invisible characters aside), rename, merge. A record keeps the names as
they were entered; `player_names` maps each of them, by its key, to a player."""

from operator import itemgetter

from assistant.club import collation
from assistant.club.clock import now
from assistant.engine.errors import N_
from assistant.engine.limits import MAX_NAME, unprintable
from assistant.engine.names import name_key


class RegistryError(ValueError):
    """A rename or merge that cannot be done: a sentence (translated by the web layer, so its
    %(name)s-style parameters are kept apart) that says why."""

    def __init__(self, template: str, **params):
        super().__init__(template % params)
        self.template, self.params = template, params


def checked_name(name: str) -> str:
    """The name as the registry keeps it (spaces tidied), or RegistryError: the record's own
    limits (engine/limits.py) hold for the registry too."""
    name = " ".join(name.split())
    if not name_key(name):  # nothing but spaces and invisible characters
        raise RegistryError(N_("A player needs a name."))
    if len(name) > MAX_NAME:
        raise RegistryError(N_("A name has at most %(limit)s characters."), limit=MAX_NAME)
    if unprintable(name):
        raise RegistryError(N_("A name cannot hold a control character."))
    return name


def key(name: str) -> str:
    return name_key(name)


def find(db, name: str) -> int | None:
    row = db.execute("SELECT player_id FROM player_names WHERE key = ?", [key(name)]).fetchone()
    return row[0] if row else None


def get(db, player_id: int) -> dict | None:
    row = db.execute("SELECT id, name FROM players WHERE id = ?", [player_id]).fetchone()
    return {"id": row[0], "name": row[1]} if row else None


def ensure(db, name: str, cache: dict | None = None) -> int:
    """The player a name means, added to the registry when new. `cache` speeds up bulk work."""
    k = key(name)
    if cache is not None and k in cache:
        return cache[k]
    player_id = find(db, name)
    if player_id is None:
        player_id = db.execute(
            "INSERT INTO players(name, created) VALUES (?, ?)", [" ".join(name.split()), now()]
        ).lastrowid
        db.execute("INSERT INTO player_names(key, player_id) VALUES (?, ?)", [k, player_id])
    if cache is not None:
        cache[k] = player_id
    return player_id


NAMES_NOW = "SELECT n.key, p.name FROM player_names n JOIN players p ON p.id = n.player_id"


def current_names(db, names=None) -> dict[str, str]:
    """Each name as entered in a record → the name its player has now (after renames and
    merges); a name the registry does not know stays as it is. Without `names`: every name
    the registry knows, by its key (an export reads them all at once)."""
    if names is None:
        return dict(db.execute(NAMES_NOW).fetchall())
    keys = {name: key(name) for name in names}
    if not keys:
        return {}
    wanted = list(set(keys.values()))
    marks = ",".join("?" * len(wanted))
    found = dict(db.execute(f"{NAMES_NOW} WHERE n.key IN ({marks})", wanted).fetchall())
    return {name: found.get(k, name) for name, k in keys.items()}


def names_now(db) -> str:
    """Every player's name now, in one string that changes with any rename or merge: a polled
    screen that names players is shown again when it changes."""
    row = db.execute("SELECT group_concat(id || ':' || name, char(31)) FROM players").fetchone()
    return row[0] or ""


def all_players(db, language: str = "en") -> list[dict]:
    """Every player, in the order `language` sorts names."""
    rows = db.execute("SELECT id, name FROM players").fetchall()
    return [{"id": i, "name": n} for i, n in collation.sorted_names(rows, language, itemgetter(1))]


def rename(db, player_id: int, new_name: str) -> None:
    """The player is shown under the new name; the old one still finds them."""
    new_name = checked_name(new_name)
    if get(db, player_id) is None:
        raise RegistryError(N_("There is no such player."))
    owner = find(db, new_name)
    if owner is not None and owner != player_id:
        raise RegistryError(
            N_("%(name)s is already another player: merge them instead."), name=new_name
        )
    db.execute("UPDATE players SET name = ? WHERE id = ?", [new_name, player_id])
    db.execute(
        "INSERT OR REPLACE INTO player_names(key, player_id) VALUES (?, ?)",
        [key(new_name), player_id],
    )


def merge(db, source_id: int, target_id: int) -> None:
    """`source` becomes `target`: its names, its matches and its history. Ratings are recomputed
    (the caller marks them dirty)."""
    if source_id == target_id:
        raise RegistryError(N_("Pick two different players to merge."))
    if get(db, source_id) is None or get(db, target_id) is None:
        raise RegistryError(N_("There is no such player."))
    clash = db.execute(
        "SELECT 1 FROM match_players a JOIN match_players b ON a.match_id = b.match_id "
        "WHERE a.player_id = ? AND b.player_id = ? LIMIT 1",
        [source_id, target_id],
    ).fetchone()
    if clash:
        raise RegistryError(N_("These two played in the same match: they are different people."))
    db.execute("UPDATE player_names SET player_id = ? WHERE player_id = ?", [target_id, source_id])
    db.execute("UPDATE match_players SET player_id = ? WHERE player_id = ?", [target_id, source_id])
    db.execute(
        "UPDATE match_players SET partner_id = ? WHERE partner_id = ?", [target_id, source_id]
    )
    db.execute("DELETE FROM ratings WHERE player_id = ?", [source_id])
    db.execute("DELETE FROM players WHERE id = ?", [source_id])
