"""A club file's import, read and checked with no lock held (`club_file.py`, `imports.py`) and
written here slice by slice, by a process of its own."""

import os
import threading
from pathlib import Path

from sqlite_utils import Database

from assistant.club import (
    cache,
    draw_files,
    draws,
    imports,
)
from assistant.db import connect, immediate


def begin_import(db: Database, name: str, size: int) -> int:
    """The row of a new import of a file `name` of `size` bytes (status running, run by this
    process until `start_import` hands it to a process of its own); its id."""
    with immediate(db):
        return imports.insert(db, name, size)


def start_import(db: Database, database: str, import_id: int, path: Path):
    """Runs the import of the file at `path` in a process of its own (`imports.launch`); its row
    keeps the process's id, for the next start of the server to know whether it still runs. The
    process."""
    process = imports.launch(database, import_id, path)
    with immediate(db):
        imports.set_process(db, import_id, process.pid)
    threading.Thread(target=_after_import, args=(database, import_id, process), daemon=True).start()
    return process


def _after_import(database: str, import_id: int, process) -> None:
    """Once the import's process has ended: if it ended without saying how (killed, or out of
    memory), the import is marked stopped and its file removed, so its page offers to accept or
    discard what it brought instead of showing it running for ever."""
    process.wait()
    os.close(process.lifeline)
    db = connect(database)
    try:
        with immediate(db):
            if imports.is_running(db, import_id):
                imports.mark_stopped(db, [import_id])
    finally:
        db.close()
    imports.upload_path(database, import_id).unlink(missing_ok=True)


def stop_dead_imports(db: Database, database: str | Path) -> list[int]:
    """At the server's start: every import whose process is gone (killed with the server, or
    the machine stopped) is marked stopped, so its page says so and its matches can be accepted
    or discarded; the files kept for imports no longer running are removed. The ids stopped."""
    running = imports.running(db)
    dead = [import_id for import_id, alive in running if not alive]
    if dead:
        with immediate(db):
            imports.mark_stopped(db, dead)
    imports.remove_uploads(database, [import_id for import_id, alive in running if alive])
    return dead


def prepare_import(db: Database, digests: list, players: list, night_draws: list = ()) -> dict:
    """Before an import's first slice: the digests of the matches in play it needs to find its
    duplicates (`cache.missing_digests`, made with no lock held), the export's players
    (`imports.add_players`) and its night's draws (`draw_files.add`). The file's draw id → the
    club's, for its matches to find their seatings."""
    with immediate(db):
        cache.set_digests(db, digests)
        imports.add_players(db, players)
        return draw_files.add(db, list(night_draws), draws.new_id)


def write_import_slice(db: Database, writer: imports.Writer) -> None:
    """The checked records `writer` holds, written in one short transaction: a table that taps
    meanwhile waits for this slice at most."""
    with immediate(db):
        writer.write_slice()
    writer.next_slice()


def end_import(
    db: Database, writer: imports.Writer, status: str, position: int, error: dict | None
) -> None:
    """How the import ended: done, failed (`error` says why) or interrupted."""
    with immediate(db):
        writer.end(status, position, error)
