"""The club's exports as a spreadsheet and another club read them: files named *.csv that start
with a UTF-8 byte-order mark, no cell a spreadsheet would run as a formula, a column pair per
side, a row per player per match, `;` and a decimal comma on request, the history's filter
followed, current names after a rename and a merge, and the registry in the JSON export."""

import csv
import io
import json

from assistant.club import exports, queries, registry, store
from assistant.db import immediate
from assistant.web.base.db import get_db
from tests.clients import create
from tests.records import SMALL, A, D, G, hand, play, record


def rows(response) -> list[list[str]]:
    text = response.get_data(as_text=True)
    assert text.startswith("\ufeff")
    delimiter = ";" if text.splitlines()[0].count(";") > 1 else ","
    return list(csv.reader(io.StringIO(text[1:]), delimiter=delimiter))


def as_dicts(table: list[list[str]]) -> list[dict]:
    return [dict(zip(table[0], row, strict=True)) for row in table[1:]]


def test_csv_files_are_named_csv_and_start_with_a_byte_order_mark(client):
    create(client, A)
    for kind in ("matches", "players", "hands"):
        response = client.get(f"/history/{kind}.csv")
        assert response.status_code == 200 and response.mimetype == "text/csv"
        disposition = response.headers["Content-Disposition"]
        assert disposition.startswith(f'attachment; filename="allfives-{kind}-')
        assert disposition.endswith('.csv"')
        assert response.get_data(as_text=True).startswith("\ufeff")
    json_name = client.get("/history/records.json").headers["Content-Disposition"]
    assert json_name.endswith('.json"')


def test_no_cell_starts_a_formula(client):
    names = ['=HYPERLINK("http://evil")', "+cmd", "-Bo", "@SUM(A1)"]
    for first, second in (names[:2], names[2:]):
        create(client, record({"preset": "muggins", "target": 10}, [first, second],
                              {"events": [play(first, "5-5")]}))  # fmt: skip
    cells = [c for kind in ("matches", "players", "hands")
             for row in rows(client.get(f"/history/{kind}.csv"))[1:] for c in row]  # fmt: skip
    for name in names:
        assert name not in cells and "'" + name in cells
    formulas = [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")]
    assert all(c[1:].replace(".", "", 1).isdigit() for c in formulas)  # numbers only, as -5
    comma = exports.SPREADSHEETS["comma"]
    tab, cr = "\tx", "\rx"  # a tab or a carriage return first: no name holds one, a cell may
    assert [exports.cell(v, comma) for v in (tab, cr, "-5", "+7.5", -5, 7.5, "Søren")] == [
        "'" + tab, "'" + cr, "-5", "+7.5", -5, "7.5", "Søren"
    ]  # fmt: skip


def test_matches_have_a_column_pair_per_side_the_target_and_the_unit(client):
    create(client, D)  # Ann 10, Bo 0; target 10 in points
    fives = record(
        {"preset": "muggins", "target": 2, "score_unit": "fives"}, ["Cy", "Di"], hand("Cy 5-5")
    )  # 5-5 counts 10: 2 fives, the target
    create(client, fives)
    table = as_dicts(rows(client.get("/history/matches.csv?sheet=comma")))
    assert [
        (r["side1 names"], r["side1 score"], r["side2 names"], r["side2 score"]) for r in table
    ] == [
        ("Ann", "10", "Bo", "0"),
        ("Cy", "2", "Di", "0"),
    ]
    assert [(r["target"], r["unit"], r["winner"]) for r in table] == [
        ("10", "points", "Ann"),
        ("2", "fives", "Cy"),
    ]
    assert table[0]["side3 names"] == "" and table[0]["side4 score"] == ""


def test_semicolons_and_a_decimal_comma_for_a_danish_spreadsheet(client):
    # Three players, pagat: X and Y tie on 4 pips and split Z's 13 → 15: 7½ each.
    split = record(
        {"preset": "pagat", "hand_size": 2, "boneyard_reserve": 22},
        "X Y Z",
        hand("X 5-0", "Y 0-1 right", "Z pass", "X pass", "Y pass",
             left={"X": 4, "Y": 4, "Z": 13}),
    )  # fmt: skip
    create(client, split)
    danish = client.get("/history/matches.csv", headers={"Accept-Language": "da"})
    text = danish.get_data(as_text=True)
    assert text.splitlines()[0].startswith("\ufeffmatch;date;time;game;rules")
    table = as_dicts(rows(danish))
    assert (table[0]["side1 score"], table[0]["side2 score"]) == ("12,5", "7,5")
    english = as_dicts(rows(client.get("/history/matches.csv?sheet=comma")))
    assert (english[0]["side1 score"], english[0]["side2 score"]) == ("12.5", "7.5")
    assert client.get("/history/matches.csv?sheet=tab").status_code == 400


def test_players_csv_has_a_row_per_player_per_match(client):
    create(client, D)
    create(client, G)  # in progress
    table = as_dicts(rows(client.get("/history/players.csv?sheet=comma")))
    assert [(r["match"], r["player"], r["won"], r["finished"]) for r in table] == [
        ("1", "Ann", "1", "1"),
        ("1", "Bo", "0", "1"),
        ("2", "Ann", "0", "0"),
        ("2", "Cy", "0", "0"),
    ]
    # D: Ann led 5-0 (5) and laid 5-6 (8: nothing), then took Bo's 4 pips → 5: 10 in all.
    ann = table[0]
    assert (ann["side points"], ann["plays"], ann["scoring plays"], ann["play points"]) == (
        "10", "2", "1", "5"
    )  # fmt: skip


def test_exports_follow_the_history_filter(client):
    create(client, A | {"date": "2026-10-01"})
    create(client, D | {"date": "2026-11-15T20:30:00+01:00"})
    create(client, G | {"date": "2026-11-20"})
    november = as_dicts(rows(client.get("/history/matches.csv?since=2026-11-01&sheet=comma")))
    assert [r["match"] for r in november] == ["2", "3"]
    finished = as_dicts(rows(client.get("/history/players.csv?status=finished&sheet=comma")))
    assert sorted({r["match"] for r in finished}) == ["1", "2"]
    cy = json.loads(client.get("/history/records.json?player=cy").get_data())
    assert [m["id"] for m in cy["matches"]] == [3]
    assert client.get("/history/matches.csv?since=31/12/2025").status_code == 400
    nobody = rows(client.get("/history/matches.csv?player=Nobody"))
    assert len(nobody) == 1  # the header only


def test_current_names_after_a_rename_and_a_merge_and_the_registry_in_json(app, client):
    create(client, D)  # Ann v Bo
    create(client, record(SMALL, ["Annie", "Cy"]))
    with app.app_context():
        db = get_db()
        with immediate(db):
            registry.rename(db, registry.find(db, "Bo"), "Bob")
            registry.merge(db, registry.find(db, "Annie"), registry.find(db, "Ann"))
    matches = as_dicts(rows(client.get("/history/matches.csv?sheet=comma")))
    assert [(r["side1 names"], r["side2 names"]) for r in matches] == [
        ("Ann", "Bob"),
        ("Ann", "Cy"),
    ]
    players = as_dicts(rows(client.get("/history/players.csv?sheet=comma")))
    assert [(r["player"], r["entered as"]) for r in players][:3] == [
        ("Ann", "Ann"),
        ("Bob", "Bo"),
        ("Ann", "Annie"),
    ]
    hands = as_dicts(rows(client.get("/history/hands.csv?sheet=comma")))
    assert hands[0]["went out"] == "Ann" and hands[1]["side"] == "Bob"
    exported = json.loads(client.get("/history/records.json").get_data())
    assert exported["format"] == "allfives-club/1" and exported["created"]
    assert {p["name"]: sorted(p["names"]) for p in exported["players"]} == {
        "Ann": ["ann", "annie"],
        "Bob": ["bo", "bob"],
        "Cy": ["cy"],
    }


def test_fives_matches_count_in_points_in_the_statistics(app):
    with app.app_context():
        db = get_db()
        # In points: Ann leads 5-5 (10) and wins to 10.
        store.create(db, A)
        # In fives: Ann leads 5-5 (10: 2 fives) and wins to 2; 2 fives are 10 points.
        store.create(db, A | {"rules": {"preset": "muggins", "target": 2, "score_unit": "fives"}})
        ann = queries.player_stats(db, registry.find(db, "Ann"))["overall"]
        assert (ann["matches"], ann["points"], ann["play_points"], ann["largest"]) == (
            2,
            20,
            20,
            10,
        )


def test_the_date_is_a_date_column_and_a_time_column_as_the_clubs_clock_read(client):
    create(client, D | {"date": "2026-10-01T19:05:00+02:00"})  # written by the table's server
    create(client, A | {"date": "2026-11-15"})  # a day alone: no time
    create(client, G | {"date": "2026-11-20T23:59:30"})
    for sheet, language in (("comma", "en"), ("semicolon", "da")):
        text = client.get(
            f"/history/matches.csv?sheet={sheet}", headers={"Accept-Language": language}
        ).get_data(as_text=True)
        separator = "," if sheet == "comma" else ";"
        lines = text.splitlines()
        header = separator.join(["\ufeffmatch", "date", "time", "game", "rules"])
        assert lines[0].startswith(header)
        assert [line.split(separator)[:3] for line in lines[1:]] == [
            ["1", "2026-10-01", "19:05"],
            ["2", "2026-11-15", ""],
            ["3", "2026-11-20", "23:59"],
        ]
    players = as_dicts(rows(client.get("/history/players.csv?sheet=comma")))
    assert [(r["match"], r["date"], r["time"]) for r in players][:2] == [
        ("1", "2026-10-01", "19:05"),
        ("1", "2026-10-01", "19:05"),
    ]
    assert exports.date_and_time(None) == (None, None)
