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


@pytest.fixture(scope="module")
def server(request, tmp_path_factory):
    """A live server on a SQLite file of its own, shared by the tests of one module (the
    browser's tables: each test makes its own match)."""
    folder = tmp_path_factory.mktemp(request.module.__name__.rsplit(".", 1)[-1])
    live = LiveServer(folder / "live.sqlite")
    live.start()
    yield live
    live.stop()


@pytest.fixture
def phone(browser, browser_context_args):
    """A phone at the table: a page of its own with its service worker blocked (the network is
    what the test makes it), whose scripts never fail. A module may ask for another phone."""
    context = browser.new_context(**browser_context_args, service_workers="block")
    page = context.new_page()
    page.set_default_timeout(8000)
    failures = []
    page.on("pageerror", lambda e: failures.append(str(e)))
    yield page
    context.close()
    assert failures == []


@pytest.fixture
def kept_phone(browser, browser_context_args):
    """A phone whose service worker keeps the table's shell (Fix's screens among it, loaded when
    first needed), as a phone at the table has; no script of the page fails."""
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    failures = []
    page.on("pageerror", lambda e: failures.append(str(e)))
    yield page
    context.close()
    assert failures == []


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
