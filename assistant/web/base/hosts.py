"""The host names the app answers for: its own (localhost, the loopback addresses, this
machine's names and addresses) and any the club sets in `TRUSTED_HOSTS` (instance/config.py:
names or addresses, a leading dot for every name under a domain). Any other Host header gets a
400: a web page a player opens elsewhere cannot reach the club's writes by pointing a name of
its own at this server (DNS rebinding).

The check is ours, not Flask's: Flask's cannot take an IPv6 address (`[::1]`)."""

import contextlib
import ipaddress
import socket
import threading
import time

from flask import Flask, abort, current_app, request
from flask_babel import gettext as _

LOOPBACK = {"localhost", "127.0.0.1", "::1"}
RELOOK_AFTER = 30  # seconds: the laptop may have joined another network since


def host_name(host: str) -> str:
    """The name or address in a Host header, without its port or IPv6 brackets, lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].partition("]")[0]
    return host.rpartition(":")[0] if host.count(":") == 1 else host


def own_names() -> set[str]:
    """This machine's names and the addresses they and its network routes give."""
    names = set(LOOPBACK)
    for name in (socket.gethostname(), socket.getfqdn()):
        if name:
            names |= {name.lower(), f"{name.lower()}.local"}
            with contextlib.suppress(OSError):
                names |= {info[4][0].partition("%")[0] for info in socket.getaddrinfo(name, None)}
    for family, probe in ((socket.AF_INET, "10.255.255.255"), (socket.AF_INET6, "2001:db8::1")):
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as udp:
                udp.connect((probe, 1))  # picks the route; no packet is sent
                names.add(udp.getsockname()[0].partition("%")[0])
        except OSError:
            pass
    return names


def is_local_address(name: str) -> bool:
    """Whether `name` is an address of one of this machine's network interfaces (the system
    lets a socket bind only to those)."""
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False
    if address.is_unspecified or address.is_multicast:
        return False
    family = socket.AF_INET6 if address.version == 6 else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.bind((name, 0))
    except OSError:
        return False
    return True


class Hosts:
    def __init__(self, club: list[str]):
        self.club = [name.strip().lower().strip("[]") for name in club if name.strip()]
        self.own: set[str] = set()
        self.looked = float("-inf")
        self.lock = threading.Lock()

    def trusts(self, host: str) -> bool:
        name = host_name(host).rstrip(".")
        if not name:
            return False
        if name in LOOPBACK or self._by_club(name) or name in self.own:
            return True
        if is_local_address(name):
            with self.lock:
                self.own.add(name)
            return True
        with self.lock:
            if name not in self.own and time.monotonic() - self.looked > RELOOK_AFTER:
                self.own, self.looked = own_names(), time.monotonic()
            return name in self.own

    def _by_club(self, name: str) -> bool:
        return any(
            name == trusted or (trusted.startswith(".") and name.endswith(trusted))
            for trusted in self.club
        )


def init_app(app: Flask) -> None:
    club = app.config.get("TRUSTED_HOSTS") or []
    app.extensions["hosts"] = Hosts([club] if isinstance(club, str) else list(club))
    app.config["TRUSTED_HOSTS"] = None  # checked here, with the app's own names added
    app.before_request(_check_host)


def _check_host():
    host = request.headers.get("Host")
    if host is not None and not current_app.extensions["hosts"].trusts(host):
        abort(400, _("This server does not answer for that host name."))
