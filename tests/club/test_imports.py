"""Importing club files: the admin's action with its progress and report, provenance (imported
matches are marked and count once accepted), dates, the registry of an export, hostile files,
and a table that keeps entering tiles while a large file is imported."""

import io
import json
import random
import re
import sqlite3
import subprocess
import sys
import time
from contextlib import closing

import orjson
import pytest
from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from assistant.club import club_file as reading
from assistant.club import registry
from assistant.db import connect, immediate
from assistant.simulate import random_match
from tests.clients import admin_client, create, imported, page_token
from tests.live_server import LiveServer, call
from tests.records import A, D, E, G, a_match


@pytest.fixture
def admin(tmp_path):
    return admin_client(tmp_path / "club")


def upload(client, data: bytes, name: str = "club.json"):
    """The file sent as the import form sends it (encoded in memory: the test client's own
    encoder spools a large body to a file it never closes)."""
    form = {"csrf_token": page_token(client), "file": FileStorage(io.BytesIO(data), name)}
    boundary, body = encode_multipart(form)
    return client.post(
        "/history/import", data=body, content_type=f"multipart/form-data; boundary={boundary}"
    )


def club_file(records: list, created: str | None = None, players: list | None = None) -> bytes:
    body: dict = {"format": "allfives-club/1"}
    if created:
        body["created"] = created
    if players is not None:
        body["players"] = players
    items = [r if "record" in r else {"record": r} for r in records]
    return orjson.dumps(body | {"matches": items})


def played(client) -> dict:
    """Each match's date as the club keeps it (match_summary.played), by its first player."""
    db = connect(client.application.config["DATABASE"])
    rows = db.execute("SELECT players, played FROM match_summary").fetchall()
    db.close()
    return {players.split(",")[0]: date for players, date in rows}


def test_a_club_file_import_is_the_admins_and_one_record_is_anyones(client):
    assert client.get("/history/import").status_code == 303
    refused = upload(client, club_file([A]))
    assert refused.status_code == 303 and "/admin/login" in refused.headers["Location"]
    assert client.get("/history").text.count('class="match-link"') == 0
    form = {"record": (io.BytesIO(json.dumps(D).encode()), "d.json")}
    at_the_table = client.post("/matches/import", data=form, content_type="multipart/form-data")
    assert at_the_table.status_code == 303
    assert "not counted yet" in client.get("/history").text


def test_imported_matches_are_marked_and_count_once_the_admin_accepts_them(admin):
    report = imported(admin, upload(admin, club_file([D, E, dict(G, hands=[])])))
    assert "3 imported, 0 already here, 0 broken" in report
    assert "3 matches of this import show in the history marked “not counted yet”" in report
    history = admin.get("/history").text
    assert history.count("imported-tag") == 3  # sent whole, even the empty one: the admin decides
    assert "<bdi>Ann</bdi>" not in admin.get("/leaderboard").text  # not in the random token

    import_id = re.search(r"/history/imports/(\d+)/accept", report).group(1)
    accepted = admin.post(f"/history/imports/{import_id}/accept", follow_redirects=True)
    assert "3 imported matches now count in ratings and standings." in accepted.text
    assert "Accepted: these matches count" in accepted.text
    assert admin.get("/history").text.count("imported-tag") == 0
    assert "<bdi>Ann</bdi>" in admin.get("/leaderboard").text

    single = create(admin, A)  # a finished match sent whole through the API waits too
    page = admin.get("/history/import").text
    assert "1 match waits for you: sent whole one by one" in page
    assert "imported-tag" in admin.get(f"/history/{single}").text
    admin.post("/history/waiting/accept")
    assert "waits for you" not in admin.get("/history/import").text
    assert "imported-tag" not in admin.get(f"/history/{single}").text


def test_imports_keep_the_date_else_take_the_created_of_the_item_or_the_file(admin):
    own = _renamed(A, ["Own", "Bo"]) | {"date": "2024-05-01"}
    by_item = {"record": _renamed(A, ["Item", "Bo"]), "created": "2024-06-02T20:00:00+00:00"}
    by_file = _renamed(A, ["File", "Bo"])
    body = club_file([own, by_item, by_file], created="2024-07-03T10:00:00+00:00")
    assert "3 imported" in imported(admin, upload(admin, body))
    bare = orjson.dumps([_renamed(A, ["Bare", "Bo"])])  # no created anywhere: undated
    assert "1 imported" in imported(admin, upload(admin, bare))
    assert played(admin) == {
        "Own": "2024-05-01",
        "Item": "2024-06-02T20:00:00+00:00",
        "File": "2024-07-03T10:00:00+00:00",
        "Bare": None,
    }
    again = imported(admin, upload(admin, body))  # dated before the digest: still duplicates
    assert "0 imported, 3 already here, 0 broken" in again


def _renamed(match: dict, names: list[str]) -> dict:
    text = orjson.dumps(match)
    for old, new in zip(match["players"], names, strict=True):
        text = text.replace(orjson.dumps(old), orjson.dumps(new))
    return orjson.loads(text)


def test_an_export_with_its_registry_keeps_renames_and_merges(admin, tmp_path):
    # Made by hand as the export will write it: Ann was renamed Ann Smith, and Annie (who played
    # one match) was merged into her; Bo is Bo.
    players = [
        {"name": "Ann Smith", "names": ["ann", "annie", "ann smith"]},
        {"name": "Bo", "names": ["bo"]},
    ]
    body = club_file([D, _renamed(D, ["Annie", "Bo"]) | {"date": "2024-01-01"}], None, players)
    assert "2 imported" in imported(admin, upload(admin, body))
    page = admin.get("/players").text
    assert "Ann Smith" in page and "Annie" not in page
    db = connect(admin.application.config["DATABASE"])
    assert registry.find(db, "ann") == registry.find(db, "ANNIE") == registry.find(db, "Ann Smith")

    # A club that already knows Annie as someone else keeps her, and learns only the rest.
    other = admin_client(tmp_path / "other")
    create(other, _renamed(E, ["Bo", "Annie"]))
    imported(other, upload(other, body))
    db = connect(other.application.config["DATABASE"])
    annie = registry.find(db, "annie")
    assert registry.get(db, annie)["name"] == "Annie"  # the club's own name and mapping stay
    assert registry.find(db, "ann smith") == registry.find(db, "ann") == annie  # names it lacked


def test_hostile_files_are_answered_quickly_and_refused_in_words(admin):
    zeros = b"[" + b",".join([b"0"] * 100_000) + b"]"  # 0.2 MB
    started = time.monotonic()
    report = imported(admin, upload(admin, zeros))
    assert time.monotonic() - started < 30
    assert "0 imported, 0 already here, 100000 broken" in report
    assert "record 1: a match record must be a JSON object" in report
    assert "… and 99900 more broken records." in report

    huge = orjson.dumps(dict(A, notes="x" * (2 * 1024 * 1024)))
    report = imported(admin, upload(admin, club_file([A])[:-2] + b"," + huge + b"]}"))
    assert "1 imported" in report and "record 2 is larger than 1 MB" in report

    deep = b"[" + b"[" * 100_000 + b"]" * 100_000 + b"]"
    report = imported(admin, upload(admin, club_file([A])[:-2] + b"," + deep + b"]}"))
    assert "1 already here" in report
    assert "record 2 is larger than 1 MB, or nested too deeply" in report
    shallow = b"[" * 200 + b"]" * 200  # deeper than any record: the engine says why
    report = imported(admin, upload(admin, b"[" + shallow + b"," + shallow + b"]"))
    assert "0 imported, 0 already here, 2 broken" in report

    for junk in (b"", b"nonsense", b'{"format": "allfives-club/1"}', b"\xef\xbb\xbf<html>"):
        refused = upload(admin, junk)
        assert refused.status_code == 422 and "Nothing was imported" in refused.text


def test_a_record_is_timed_only_while_it_is_read_not_while_the_import_waits(tmp_path, monkeypatch):
    """The import stops a record that takes too long to parse (JSON nested thousands deep), but
    a wait between two records (the writer waiting for the tables' write lock on a busy night,
    or for the checking processes) is not the next record's parsing: the file comes in whole."""
    monkeypatch.setattr(reading, "RECORD_SECONDS", 0.1)  # the wait below outlasts it sooner
    path = tmp_path / "club.json"
    long_match = A | {"notes": "x" * 20_000}  # more than a read of the file (16 KB) a record
    path.write_bytes(club_file([long_match] * 3))
    found = reading.records(path, reading.header(path), [0])
    next(found)
    # Between two records the writer is held up by a table's write transaction, and gives up
    # only once it has waited longer than a record may take to parse.
    database = tmp_path / "club.sqlite"
    with closing(sqlite3.connect(database, isolation_level=None)) as table:
        table.execute("BEGIN IMMEDIATE")
        patience = 2 * reading.RECORD_SECONDS
        with closing(sqlite3.connect(database, timeout=patience, isolation_level=None)) as writer:
            waited = time.monotonic()
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                writer.execute("BEGIN IMMEDIATE")
        assert time.monotonic() - waited > reading.RECORD_SECONDS
    assert len(list(found)) == 2


def test_a_table_keeps_entering_while_a_large_file_is_imported(tmp_path):
    """One table enters tile after tile through the API while 2,000 records are imported by
    the import process (as the admin's page starts it): every entry is taken. How long an entry
    waits meanwhile is bench/imports.py's figure (a timed test fails on a busy machine)."""
    rng = random.Random(7)
    bases = [random_match(random.Random(n), max_hands=4) for n in range(40)]
    names = [f"Player {n}" for n in range(200)]
    records = [
        _renamed(base, rng.sample(names, len(base["players"])))
        for base in (bases[n % len(bases)] for n in range(2000))
    ]
    path = tmp_path / "club.json"
    path.write_bytes(club_file(records))
    server = LiveServer(tmp_path / "live.sqlite")
    server.start()
    try:
        importing = subprocess.Popen(
            [sys.executable, "-m", "assistant", "import", str(path), "--db", str(server.db)],
            stdout=subprocess.PIPE,
            text=True,
        )
        entered, seed = 0, 0
        while importing.poll() is None:
            seed += 1
            empty, entries = a_match(seed)
            status, body = call(server.url + "/api/matches", empty)
            assert status == 201
            match_id, version = body["id"], body["version"]
            for entry in entries:
                status, body = call(
                    f"{server.url}/api/matches/{match_id}/events", entry | {"version": version}
                )
                assert status == 200, body
                entered += 1
                version = body["version"]
                if importing.poll() is not None:
                    break
        out = importing.stdout.read()
        importing.stdout.close()
    finally:
        server.stop()
    assert importing.returncode == 0 and "2000 imported" in out, out
    assert entered >= 20


def test_export_then_import_into_an_empty_club_keeps_renames_and_merges(admin, tmp_path):
    """The real round trip: this club's records.json, imported by another club's admin."""
    create(admin, D)  # Ann v Bo
    create(admin, _renamed(D, ["Annie", "Cy"]) | {"date": "2026-11-28"})
    db = connect(admin.application.config["DATABASE"])
    with immediate(db):
        registry.rename(db, registry.find(db, "Bo"), "Bob")
        registry.merge(db, registry.find(db, "Annie"), registry.find(db, "Ann"))
    db.close()
    exported = admin.get("/history/records.json").get_data()

    other = admin_client(tmp_path / "other")
    assert "2 imported" in imported(other, upload(other, exported))
    db = connect(other.application.config["DATABASE"])
    assert [p["name"] for p in registry.all_players(db)] == ["Ann", "Bob", "Cy"]
    assert registry.find(db, "annie") == registry.find(db, "ann")
    assert registry.find(db, "bo") == registry.find(db, "bob")
    db.close()
    matches = other.get("/history/matches.csv?sheet=comma").get_data(as_text=True)
    assert "Ann,10,Bob,0" in matches and "Ann,10,Cy,0" in matches
    assert other.get("/history").get_data(as_text=True).count("not counted yet") == 2


def test_a_json_lines_file_is_found_by_what_it_holds_and_a_broken_line_named(admin):
    """One record a line (what `replay --jsonl` reads), under any name: every line imported; a
    line that is not JSON is counted broken, with its line and what it reads, and the next lines
    still come in."""
    lines = [orjson.dumps(D), orjson.dumps(E), b"", b'{"format": "allfives-match/1", oops}']
    lines.append(orjson.dumps({"record": _renamed(D, ["Cy", "Di"]), "created": "2026-10-01"}))
    report = imported(admin, upload(admin, b"\n".join(lines) + b"\n", name="night.txt"))
    assert "3 imported, 0 already here, 1 broken" in report, report
    assert "record 3: line 4 is not JSON: at character 32 it reads “oops}”" in report
    assert played(admin)["Cy"] == "2026-10-01"

    two = b"\n".join(
        [orjson.dumps(_renamed(D, ["Ed", "Flo"])), orjson.dumps(_renamed(E, ["Gus", "Hal"]))]
    )
    assert "2 imported, 0 already here, 0 broken" in imported(admin, upload(admin, two))


def test_a_broken_list_of_records_says_what_it_reads_where_it_breaks(admin):
    body = b"[" + orjson.dumps(D) + b",\n {oops: 1}]"
    report = imported(admin, upload(admin, body))
    assert "1 imported, 0 already here, 0 broken" in report
    assert "record 2 is not JSON: where it breaks, it reads “}]}, {oops: 1}]”" in report


def test_the_import_command_reads_json_lines_and_says_what_it_found_where(tmp_path):
    path = tmp_path / "records.jsonl"
    path.write_bytes(orjson.dumps(D) + b"\n" + orjson.dumps(E) + b"\n")
    command = [sys.executable, "-m", "assistant", "import", str(path), "--db", str(tmp_path / "c")]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "2 imported, 0 already here, 0 broken" in done.stdout

    path.write_bytes(b"<html><body>not a club file</body></html>")
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert "this file is not JSON: it begins “<html><body>not a club f…”" in done.stderr
