"""The real app on waitress in its own process on a free port, and plain HTTP calls to it."""

import json
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from tests.database import accept_imported
from tests.records import blank, entries


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _ctrl_c_as_in_a_terminal() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class LiveServer:
    """The real app on waitress in its own process, on a real SQLite file."""

    def __init__(self, db: Path):
        self.db = db
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None

    def command(self) -> list[str]:
        command = [sys.executable, "-m", "assistant", "serve", "--host", "127.0.0.1"]
        return command + ["--port", str(self.port), "--db", str(self.db)]

    def start(self, ready: str = "/") -> None:
        """Started, and answering 200 at `ready`."""
        self.process = subprocess.Popen(
            self.command(),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            # As from a terminal, where Ctrl-C reaches the server, even when the tests run in a
            # shell's background, whose children ignore SIGINT from the start.
            preexec_fn=_ctrl_c_as_in_a_terminal,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(self.process.stderr.read().decode())
            try:
                with urllib.request.urlopen(self.url + ready, timeout=1) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.05)  # polling interval while the server starts, not a wait for state
        raise RuntimeError("the server did not answer within 30 s")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        if self.process and self.process.stderr:
            self.process.stderr.close()

    def restart(self) -> None:
        self.stop()
        self.start()

    def post_json(self, path: str, body: dict) -> dict:
        request = urllib.request.Request(
            self.url + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def get_json(self, path: str) -> dict:
        with urllib.request.urlopen(self.url + path, timeout=10) as response:
            return json.loads(response.read())

    def played_here(self, match_record: dict) -> int:
        """A match entered at a table, entry by entry through the API, up to where the record
        stands (in play, as a table's match is; one sent whole is filed away until played on);
        its id."""
        match_id = self.post_json("/api/matches", blank(match_record))["id"]
        for version, entry in enumerate(entries(match_record), start=1):
            self.post_json(f"/api/matches/{match_id}/events", {"version": version} | entry)
        return match_id

    def accept_imported(self) -> None:
        """What the club admin's acceptance does: every match that arrived whole counts."""
        accept_imported(self.db)


def call(url: str, body=None, method: str = "POST", timeout: float = 10) -> tuple[int, dict]:
    """(status, JSON body) of one request; a JSON body when `body` is not None."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    if body is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        with error:
            return error.code, json.loads(error.read() or b"null")
