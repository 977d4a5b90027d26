"""Work that takes seconds, done by a process of its own: a whole history's export (written
whole to a file, then sent) and every rating from scratch.

In the server's process such work would hold Python's lock while the tables tap: a whole
history's `hands.csv` replays every record, the ratings of 20,000 matches take most of a second.
One process, kept for the server's life at a lower priority, does it instead, reading the file
on its own connection. An export that fails half-way answers an error, never a download cut
short."""

import contextlib
import multiprocessing
import os
import sqlite3
import tempfile
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from assistant.club import exports, ratings

KINDS = {
    "matches": exports.matches_csv,
    "players": exports.players_csv,
    "hands": exports.hands_csv,
}


class WorkerStopped(RuntimeError):
    """The process of its own stopped before it gave an answer."""


class _Worker:
    """The process of its own, started on first use and again if it dies, and ended with the
    server however the server ends (kill -9 too): it holds the reading end of a pipe whose only
    writing end stays in the server, and a pipe whose every writer is gone reads as ended."""

    def __init__(self):
        self.pool: ProcessPoolExecutor | None = None
        self.lock = threading.Lock()
        self.lifeline: tuple | None = None  # (reading end, writing end), kept for the server's life

    def run(self, work, *args):
        with self.lock:
            if self.pool is None:
                context = multiprocessing.get_context("spawn")  # no copy of the server's threads
                if self.lifeline is None:
                    self.lifeline = context.Pipe(duplex=False)
                self.pool = ProcessPoolExecutor(
                    1, context, initializer=_start, initargs=(self.lifeline[0],)
                )
            pool = self.pool
        try:
            return pool.submit(work, *args).result()
        except BrokenProcessPool as broken:
            with self.lock:
                if self.pool is pool:
                    self.pool = None
            raise WorkerStopped("the process of its own stopped") from broken


_worker = _Worker()


def _start(lifeline) -> None:
    """In the process of its own, first: a lower priority (the tables' taps come first), and a
    thread that ends the process once the server is gone (nothing is ever sent down
    `lifeline`: it ends when the server does)."""
    os.nice(10)
    threading.Thread(target=_end_with_server, args=(lifeline,), daemon=True).start()


def _end_with_server(lifeline) -> None:
    with contextlib.suppress(EOFError, OSError):
        lifeline.recv_bytes()
    os._exit(0)


def _write(kind: str, selection: exports.Selection, sheet, path: str) -> None:
    pieces = exports.records_json(selection) if kind == "records" else KINDS[kind](selection, sheet)
    with open(path, "wb") as out:
        for piece in pieces:
            out.write(piece.encode() if isinstance(piece, str) else piece)


def written(kind: str, selection: exports.Selection, sheet=None) -> Path:
    """The export `kind` (matches, players, hands or records) written whole to a temporary
    file, which the caller sends and removes (`sent`)."""
    fd, path = tempfile.mkstemp(prefix=f"allfives-{kind}-", suffix=".part")
    os.close(fd)
    try:
        _worker.run(_write, kind, selection, sheet, path)
    except BaseException:
        os.unlink(path)
        raise
    return Path(path)


def sent(path: Path, chunk: int = 1 << 16):
    """The file's bytes, in pieces; the file is removed once sent (or the download stopped)."""
    try:
        with open(path, "rb") as f:
            while piece := f.read(chunk):
                yield piece
    finally:
        path.unlink(missing_ok=True)


def _rated(path: str, nights: tuple[str, str] | None) -> dict:
    conn = sqlite3.connect(path, timeout=10)
    try:
        return ratings.rate_all(conn) if nights is None else ratings.rate_season(conn, nights)
    finally:
        conn.close()


def rated(path: str, nights: tuple[str, str] | None = None) -> dict:
    """Every rating from scratch (of one season's nights when given), read from the file at
    `path` by the process of its own."""
    return _worker.run(_rated, path, nights)
