"""The club's exports written whole to a file by a process of their own, then sent.

A whole history's `hands.csv` replays every record: seconds of work that, in the server's
process, would hold Python's lock while the tables tap. A process of its own (one, kept for the
server's life, at a lower priority) writes the file instead, and only a finished file is sent:
an export that fails half-way answers an error, never a download cut short."""

import multiprocessing
import os
import tempfile
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from assistant.club import exports

KINDS = {
    "matches": exports.matches_csv,
    "players": exports.players_csv,
    "hands": exports.hands_csv,
}


class ExportFailed(RuntimeError):
    """The export process could not write the file (its reason in the message)."""


class _Writer:
    """The export process, started on first use and again if it dies."""

    def __init__(self):
        self.pool: ProcessPoolExecutor | None = None
        self.lock = threading.Lock()

    def run(self, *args) -> None:
        with self.lock:
            if self.pool is None:
                context = multiprocessing.get_context("spawn")  # no copy of the server's threads
                self.pool = ProcessPoolExecutor(1, context, initializer=_lower_priority)
            pool = self.pool
        try:
            pool.submit(_write, *args).result()
        except BrokenProcessPool as broken:
            with self.lock:
                if self.pool is pool:
                    self.pool = None
            raise ExportFailed("the export process stopped") from broken


_writer = _Writer()


def _lower_priority() -> None:
    os.nice(10)  # the tables' taps come first


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
        _writer.run(kind, selection, sheet, path)
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
