"""The app answers only for its own host names and those the club sets; logging in gives a new
CSRF token; `serve` offers the phones an address only when it listens on the network."""

import http.client
import json
import socket
import subprocess
import sys

from assistant import create_app
from assistant.web.base.hosts import own_names
from assistant.web.serve import on_the_network
from tests.clients import ADMIN_PASSWORD, FormClient, admin_client
from tests.database import database_rows
from tests.live_server import free_port
from tests.records import blank, example

RECORD = blank(example("spinner-lead-four-arms"))


def test_a_foreign_host_name_is_refused_and_nothing_is_written(live_server):
    """DNS rebinding: a page elsewhere points its own name at this server and posts."""
    before = database_rows(live_server.db)
    connection = http.client.HTTPConnection("127.0.0.1", live_server.port, timeout=10)
    headers = {
        "Host": "evil.example",
        "Origin": "http://evil.example",
        "Content-Type": "application/json",
    }
    connection.request("POST", "/api/matches", body=json.dumps(RECORD), headers=headers)
    answer = connection.getresponse()
    assert answer.status == 400
    assert json.loads(answer.read())["error"] == "This server does not answer for that host name."
    connection.request("GET", "/", headers={"Host": f"evil.example:{live_server.port}"})
    page = connection.getresponse()
    assert page.status == 400 and "does not answer for that host name" in page.read().decode()
    connection.close()
    assert database_rows(live_server.db) == before


def test_its_own_names_and_the_clubs_are_answered(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "club.sqlite"),
            "SECRET_KEY": "t",
            "TRUSTED_HOSTS": ["scores.club.example", ".lan.example"],
        }
    )
    client = app.test_client()
    own = [
        "localhost",
        "localhost:8000",
        "127.0.0.1:8000",
        "[::1]:8000",
        socket.gethostname(),
        "scores.club.example",
        "table.lan.example:8000",
    ]
    for host in own:
        assert client.get("/", headers={"Host": host}).status_code == 200, host
    for host in ("evil.example", "scores.club.example.evil", "lan.example.evil", "[::2]"):
        assert client.get("/", headers={"Host": host}).status_code == 400, host
    for address in own_names() - {"localhost"}:  # the machine's addresses, as phones use them
        if ":" in address:
            address = f"[{address}]"
        assert client.get("/", headers={"Host": f"{address}:8000"}).status_code == 200, address
    assert client.get("/", headers={"Host": "0.0.0.0"}).status_code == 400


def test_logging_in_gives_a_new_csrf_token(tmp_path):
    """A token someone saw before the login (a shared laptop, a page kept) is no use after."""
    app = admin_client(tmp_path).application
    app.test_client_class = FormClient
    phone = app.test_client()
    with phone.session_transaction() as session:
        session["csrf_token"] = "seen by someone else"
    logged_in = phone.post("/admin/login", data={"password": ADMIN_PASSWORD})
    assert logged_in.status_code == 303
    with phone.session_transaction() as session:
        assert session["csrf_token"] != "seen by someone else"


def test_serve_names_the_phones_address_only_when_it_listens_on_the_network(tmp_path):
    assert not on_the_network("127.0.0.1") and not on_the_network("::1")
    assert not on_the_network("localhost")
    assert on_the_network("0.0.0.0") and on_the_network("192.168.1.20")
    port = free_port()
    command = [sys.executable, "-m", "assistant", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--db", str(tmp_path / "club.sqlite")]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        first = server.stdout.readline()
    finally:
        server.terminate()
        server.wait(timeout=10)
        server.stdout.close()
    assert f"open http://127.0.0.1:{port}/ in a browser on this machine" in first
    assert "phone on the same network" not in first
