import os
import shutil

import pytest

from assistant import create_app
from tests.browser import CHROMIUM
from tests.clients import FormClient
from tests.live_server import LiveServer


@pytest.fixture
def app(tmp_path):
    return create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "test.sqlite"), "SECRET_KEY": "t"}
    )


@pytest.fixture
def client(app):
    app.test_client_class = FormClient
    return app.test_client()


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
