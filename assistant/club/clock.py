"""The club's one clock: when a row was written (UTC), and the time as the club reads it."""

from datetime import UTC, datetime


def now() -> str:
    """Now in UTC (ISO 8601, to the second): when a row was made or changed."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def local_now() -> str:
    """Now as the club's clock reads it, with the server's UTC offset (ISO 8601,
    `2026-11-28T19:30:00+01:00`): the `date` of a match the table starts, and tonight's night."""
    return datetime.now().astimezone().isoformat(timespec="seconds")
