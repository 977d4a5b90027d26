"""The import process, `python -m assistant import FILE`: a club file imported by a process of
its own, at a lower priority than the server (the admin's import page starts it for the file it
was sent, `start_import`). The file is read and its records checked with no lock held
(`club_file.py`), and written by the store's imports (`imports.py` beside this one), each slice
a short transaction (`prepare_import`, `write_import_slice`, `end_import`)."""

import contextlib
import os
import sys
import threading
from pathlib import Path

import orjson

from assistant.club import cache, club_file, imports, opening
from assistant.club.store.imports import (
    begin_import,
    end_import,
    prepare_import,
    write_import_slice,
)
from assistant.db import connect, default_database
from assistant.engine.errors import N_

NICE = 10  # the import yields the processor to the server's taps


def run(db, import_id: int, path: Path, server_gone: threading.Event | None = None) -> None:
    """The whole import of the file at `path` into import `import_id`; its row says how it
    ended: done, failed (with why) or interrupted (Ctrl-C, or `server_gone` set: the server
    that started it is gone; looked at between two records, so every slice is written whole)."""
    positions = [0]
    writer = imports.Writer(db, import_id, positions)
    status, error = "done", None
    try:
        head = club_file.header(path)
        writer.places = head["places"]
        writer.draws = prepare_import(db, cache.missing_digests(db), head["players"], head["draws"])
        items = (
            (n, club_file.dated(record, created, head["created"]), created, size)
            for n, record, created, size in club_file.records(path, head, positions)
        )
        for item, result in club_file.checked(items):
            if server_gone is not None and server_gone.is_set():
                status = "interrupted"
                break
            writer.take(item, result)
            if writer.due():
                write_import_slice(db, writer)
    except club_file.BrokenFile as broken:
        status = "failed"
        error = broken.error
    except KeyboardInterrupt:
        status = "interrupted"
    except Exception:
        status = "failed"
        error = club_file.BrokenFile(
            N_("the import stopped after record {n}: an error in the app (see the server's log)"),
            n=writer.done,
        ).error
        raise
    finally:
        if writer.pending:
            write_import_slice(db, writer)
        position = os.path.getsize(path) if status == "done" else positions[0]
        end_import(db, writer, status, position, error)


def _end_with_server() -> threading.Event | None:
    """Started by the server (`imports.launch`): set once the server is gone however it ended
    (kill -9 too), and the import then stops as Ctrl-C stops it, saying so in its row. Nothing
    is ever sent down the pipe: it reads as ended when the server's end closes. None when the
    import was run by hand."""
    lifeline = os.environ.pop(imports.LIFELINE, None)
    if lifeline is None:
        return None
    gone = threading.Event()

    def watch() -> None:
        with contextlib.suppress(OSError):
            os.read(int(lifeline), 1)
        gone.set()

    threading.Thread(target=watch, daemon=True).start()
    return gone


def import_command(file: str, database: str | None, import_id: int | None, remove: bool) -> int:
    """`python -m assistant import FILE`: imports a club file into the server's database (or
    `--db`); the web page starts it with `--import-id` for the row it made."""
    server_gone = _end_with_server()
    path = Path(file)
    database = database or str(default_database())
    with contextlib.suppress(OSError):
        os.nice(NICE)
    opening.migrate(database)
    db = connect(database)
    try:
        if import_id is None:
            import_id = begin_import(db, path.name, path.stat().st_size)
        run(db, import_id, path, server_gone)
        row = db.execute(
            "SELECT status, imported, duplicates, broken, error FROM imports WHERE id = ?",
            [import_id],
        ).fetchone()
    finally:
        db.close()
        if remove:
            path.unlink(missing_ok=True)
    status, imported, duplicates, broken, error = row
    print(f"import {import_id}: {status}: {imported} imported, {duplicates} already here, "
          f"{broken} broken")  # fmt: skip
    if error:
        problem = orjson.loads(error)
        print(problem["template"].format(**problem["params"]), file=sys.stderr)
    return 0 if status == "done" else 1
