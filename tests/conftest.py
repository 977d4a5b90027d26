import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from assistant import create_app
from assistant.web.security import masked

EXAMPLES = Path(__file__).parent / "examples"
CHROMIUM = "/usr/bin/chromium"


def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text())


@pytest.fixture
def app(tmp_path):
    return create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "test.sqlite"), "SECRET_KEY": "t"}
    )


class FormClient(FlaskClient):
    """Sends this session's CSRF token with every form POST, as the pages' hidden field does
    (tests/reliability/test_security.py checks that a POST without it is refused)."""

    def post(self, path, *args, data=None, **kwargs):
        if (data is None or isinstance(data, dict)) and not str(path).startswith("/api/"):
            data = {"csrf_token": self.csrf_token()} | (data or {})
        return super().post(path, *args, data=data, **kwargs)

    def csrf_token(self) -> str:
        with self.session_transaction() as session:
            return masked(session.setdefault("csrf_token", secrets.token_urlsafe(32)))


@pytest.fixture
def client(app):
    app.test_client_class = FormClient
    return app.test_client()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """The real app on waitress in its own process, on a real SQLite file."""

    def __init__(self, db: Path):
        self.db = db
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "assistant", "serve", "--host", "127.0.0.1"]
        command += ["--port", str(self.port), "--db", str(self.db)]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(self.process.stderr.read().decode())
            try:
                with urllib.request.urlopen(self.url + "/", timeout=1) as response:
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


@pytest.fixture
def live_server(tmp_path):
    server = LiveServer(tmp_path / "live.sqlite")
    server.start()
    yield server
    server.stop()


# -- Playwright on the system's Chromium (Playwright cannot download its own here) -----------


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 360, "height": 740}}


def pytest_collection_modifyitems(config, items):
    # On CI the browser tests must run: a missing Chromium there is a failure, not a skip.
    if os.environ.get("CI") == "true" or os.path.exists(CHROMIUM) or shutil.which("chromium"):
        return
    skip = pytest.mark.skip(reason=f"no Chromium at {CHROMIUM} (install Debian's chromium)")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)
