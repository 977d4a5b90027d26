"""The club's CSV exports as LibreOffice reads them, in en-US (`,`, decimal point) and da-DK (`;`,
decimal comma): each file converted headless (`soffice --headless --convert-to xlsx`, the CSV
filter told the file's separator, UTF-8 and the language) and read back with openpyxl: the date
column must hold dates, the time column times, and the number columns numbers.

Needs LibreOffice Calc (Debian: `apt-get install libreoffice-calc-nogui`) and openpyxl (`pip
install openpyxl`); neither is a dependency of the app or its tests.

    .venv/bin/python bench/exports_in_libreoffice.py

Prints each file's columns as LibreOffice typed them, and exits 1 if any is not what it should.
"""

import datetime as dt
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from common import CHECKOUT  # noqa: F401  (puts the checkout on sys.path)
from openpyxl import load_workbook

from assistant.club import store
from assistant.club.opening import migrate
from assistant.db import connect
from assistant.web.app import create_app

# CSV filter options: separator, text delimiter ("), character set (76: UTF-8), first line,
# column formats (standard), language (LCID). "Detect special numbers" is left as it comes.
LOCALES = {
    "en-US": {"sheet": "comma", "accept": "en", "separator": 44, "lcid": 1033},
    "da-DK": {"sheet": "semicolon", "accept": "da", "separator": 59, "lcid": 1030},
}
EXPECTED = {
    "matches": {
        "dates": ["date"],
        "times": ["time"],
        "numbers": ["match", "players", "hands", "target", "side1 score", "side2 score"],
    },
    "players": {
        "dates": ["date"],
        "times": ["time"],
        "numbers": ["match", "seat", "side", "hands", "side points", "plays", "play points"],
    },
    "hands": {"dates": [], "times": [], "numbers": ["match", "hand", "plays", "score"]},
}


def seed(path: Path) -> None:
    """Matches dated by the table's clock, a day alone, and a hand that splits 15 into 7½."""
    sys.path.insert(0, str(CHECKOUT))
    from tests.records import A, D, hand, record

    migrate(path)
    db = connect(path)
    split = record(
        {"preset": "pagat", "hand_size": 2, "boneyard_reserve": 22},
        "X Y Z",
        hand("X 5-0", "Y 0-1 right", "Z pass", "X pass", "Y pass", left={"X": 4, "Y": 4, "Z": 13}),
    )
    store.create(db, D | {"date": "2026-10-01T19:05:00+02:00"})
    store.create(db, A | {"date": "2026-10-08"})
    store.create(db, split | {"date": "2026-10-15T21:40:00+02:00"})
    db.close()


def convert(csv_path: Path, locale: dict, profile: Path) -> Path:
    options = f"CSV:{locale['separator']},34,76,1,,{locale['lcid']}"
    subprocess.run(
        [
            "soffice",
            f"-env:UserInstallation={profile.as_uri()}",
            "--headless",
            f"--infilter={options}",
            "--convert-to",
            "xlsx",
            "--outdir",
            str(csv_path.parent),
            str(csv_path),
        ],  # fmt: skip
        check=True,
        capture_output=True,
        timeout=180,
    )
    return csv_path.with_suffix(".xlsx")


def typed(value) -> str:
    if isinstance(value, dt.datetime):
        return "date" if value.time() == dt.time() else "date-time"
    if isinstance(value, dt.time):
        return "time"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    return "empty" if value is None else "text"


def check(xlsx: Path, expected: dict) -> list[str]:
    sheet = load_workbook(xlsx).active
    rows = list(sheet.iter_rows(values_only=True))
    header, body = rows[0], rows[1:]
    problems = []
    for kind, wanted in (("dates", "date"), ("times", "time"), ("numbers", "number")):
        for column in expected[kind]:
            index = header.index(column)
            found = {typed(row[index]) for row in body} - {"empty"}
            print(f"    {column!r:16} {sorted(found)}  e.g. {body[0][index]!r}")
            if found != {wanted}:
                problems.append(f"{xlsx.name}: {column} is {sorted(found)}, not {wanted}")
    if "side1 score" in header:  # the split hand: 12.5 against 7.5, read with its decimals
        scores = [
            (row[header.index("side1 score")], row[header.index("side2 score")]) for row in body
        ]
        print(f"    the split hand's scores {scores[-1]!r}")
        if scores[-1] != (12.5, 7.5):
            problems.append(f"{xlsx.name}: the split hand reads {scores[-1]!r}, not (12.5, 7.5)")
    return problems


def main() -> int:
    if shutil.which("soffice") is None:
        raise SystemExit("LibreOffice is not installed (apt-get install libreoffice-calc-nogui)")
    problems = []
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        seed(work / "club.sqlite")
        client = create_app(database=str(work / "club.sqlite")).test_client()
        for name, locale in LOCALES.items():
            for kind, expected in EXPECTED.items():
                response = client.get(
                    f"/history/{kind}.csv?sheet={locale['sheet']}",
                    headers={"Accept-Language": locale["accept"]},
                )
                csv_path = work / f"{kind}-{name}.csv"
                csv_path.write_bytes(response.get_data())
                print(f"{csv_path.name}: {response.get_data(as_text=True).splitlines()[1]!r}")
                xlsx = convert(csv_path, locale, work / "profile")
                problems += check(xlsx, expected)
    print("\n".join(problems) if problems else "every date a date, every time a time, every "
          "number a number, in en-US and da-DK")  # fmt: skip
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
