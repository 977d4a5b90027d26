"""The process of its own that the server keeps for exports and ratings (worker.py) ends with the
server, however the server ends: a real server, killed with SIGKILL (nothing of it runs to say
goodbye), leaves no process behind."""

import os
import select
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.live_server import LiveServer

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid`."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(") ")[2].split()
        except OSError:
            continue  # ended meanwhile
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def test_the_worker_ends_when_its_server_is_killed(tmp_path):
    server = LiveServer(tmp_path / "club.sqlite")
    server.start()
    try:
        with urllib.request.urlopen(server.url + "/history/players.csv", timeout=30) as answer:
            assert answer.status == 200  # written by the process of its own, now started
        left = children(server.process.pid)
        assert left, "the export started no process of its own"
        # Watched as they are now: a pid taken by another process later is never mistaken.
        watched = [os.pidfd_open(pid) for pid in left]
    finally:
        server.process.kill()
        server.process.wait(timeout=10)
        server.process.stderr.close()
    try:
        for watch in watched:
            ended, _, _ = select.select([watch], [], [], 10)  # readable once the process ended
            assert ended, "a process of the killed server still runs"
    finally:
        for watch in watched:
            os.close(watch)
