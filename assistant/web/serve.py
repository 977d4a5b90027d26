"""`python -m assistant serve`: the app on waitress, and the address phones should open."""

import ipaddress
import signal
import socket
import sqlite3
import sys
from contextlib import closing

import segno
import waitress

from assistant.web.app import create_app
from assistant.web.base.db import close_all


def lan_address() -> str:
    """This machine's address on the local network.

    Connecting a UDP socket only picks the route; no packet is sent."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            address = probe.getsockname()[0]
        except OSError:
            address = ""
    if address and not ipaddress.ip_address(address).is_unspecified:
        return address
    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:
        return socket.gethostname()


def phone_url(host: str, port: int) -> str:
    if host in ("0.0.0.0", "::", ""):
        host = lan_address()
    elif ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def on_the_network(host: str) -> bool:
    """Whether phones can reach the server: it listens on every address, or on one that is not
    this machine's loopback."""
    if host in ("0.0.0.0", "::", ""):
        return True
    if host == "localhost":
        return False
    try:
        return not ipaddress.ip_address(host).is_loopback
    except ValueError:
        return True  # a name: the network's to resolve


def serve_command(host: str, port: int, db: str | None) -> int:
    app = create_app(database=db)
    # Compiled now, so that the first phone to open each screen does not wait for it.
    for name in app.jinja_env.list_templates(extensions=["html"]):
        app.jinja_env.get_template(name)
    url = phone_url(host, port)
    if on_the_network(host):
        print(f"All Fives Scorepad: open {url} on a phone on the same network.", flush=True)
        segno.make(url, error="l").terminal(compact=True)
    else:
        print(
            f"All Fives Scorepad: open {url} in a browser on this machine (only this machine "
            "can reach it: serve with --host 0.0.0.0 for the phones).",
            flush=True,
        )
    print(f"Database: {app.config['DATABASE']}", flush=True)
    signal.signal(signal.SIGTERM, _stop)
    # waitress ends its loop on SystemExit or KeyboardInterrupt (Ctrl-C), lets the requests
    # under way finish, and returns. Every phone's browser keeps connections open, so a big
    # club's phones need more than waitress's default limit of 100 connections.
    waitress.serve(app, host=host, port=port, threads=8, connection_limit=1000)
    close_all(app)
    checkpoint(app.config["DATABASE"])
    return 0


def _stop(_signal: int, _frame) -> None:
    raise SystemExit(0)


def checkpoint(database: str) -> None:
    """Every entry moved from the WAL into the database file, and the WAL emptied: after a clean
    stop the `.sqlite` file alone holds everything (a club that copies only it loses nothing)."""
    with closing(sqlite3.connect(database, timeout=10)) as db:
        busy, _, _ = db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    if busy:  # another process still reads the file (a backup, `check`): its WAL stays
        print(f"{database}: still in use, its WAL kept beside it", file=sys.stderr, flush=True)
