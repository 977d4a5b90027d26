"""The house rules of the code's layout, checked on the code itself: imports point downward
(web → club → db and engine) in no circle, no import is made inside a function in web/ or club/,
the web layer opens no write transaction and only the club's store (and the file's opening)
does, and docs/architecture.md's path of one tap is the path a real tap takes. That no read
writes, on a read's connection that cannot, is held on the running app by
tests/test_reads_never_write.py."""

import ast
import re
import sys
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from tests.clients import fresh_match

PACKAGE = Path(__file__).resolve().parents[1] / "assistant"
FLOORS = {"engine": 0, "db": 0, "club": 1, "web": 2}


def modules(folder: str) -> list[Path]:
    return sorted((PACKAGE / folder).rglob("*.py"))


def imported(path: Path) -> list[tuple[str, ast.AST]]:
    tree = ast.parse(path.read_text())
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.append((node.module, node))
        elif isinstance(node, ast.Import):
            found += [(alias.name, node) for alias in node.names]
    return found


def floor(module: str) -> int | None:
    parts = module.split(".")
    if parts[0] != "assistant" or len(parts) < 2:
        return None
    return FLOORS.get(parts[1])


@pytest.mark.parametrize("folder", ["engine", "club", "web"])
def test_imports_point_downward(folder):
    upward = []
    for path in modules(folder):
        for module, _node in imported(path):
            target = floor(module)
            if target is not None and target > FLOORS[folder]:
                upward.append(f"{path.relative_to(PACKAGE)} imports {module}")
    assert not upward


def test_web_base_imports_no_screen():
    """The shared pieces sit below every family of screens."""
    upward = [
        f"{path.name} imports {module}"
        for path in modules("web/base")
        for module, _node in imported(path)
        if module.startswith("assistant.web.") and not module.startswith("assistant.web.base")
    ]
    assert not upward


CLUB_FLOORS = 6


def _club_room(module: str) -> str | None:
    """The room of the club a module is: the store's package counts as one room (it stands on
    everything else of the club), every other module as its own."""
    parts = module.split(".")
    if parts[:2] != ["assistant", "club"] or len(parts) < 3:
        return None
    return "store" if parts[2] == "store" else parts[2]


def test_the_club_stands_on_few_floors():
    """Each module of the club stands one floor above the highest it imports: the club stays a
    few floors tall, so a reader finds where a thing is done without climbing."""
    below: dict[str, set[str]] = {}
    for path in modules("club"):
        room = _club_room(_module_of(path))
        if room is None:
            continue
        targets = set()
        for module, node in imported(path):
            names = []
            if isinstance(node, ast.ImportFrom):  # `from assistant.club import cache`
                names = [f"{module}.{alias.name}" for alias in node.names]
            targets |= {_club_room(name) for name in [module, *names]} - {None}
        below.setdefault(room, set()).update(targets - {room})
    floors: dict[str, int] = {}

    def floor_of(room: str) -> int:
        if room not in floors:
            floors[room] = 1 + max((floor_of(lower) for lower in below.get(room, ())), default=0)
        return floors[room]

    tallest = max(below, key=floor_of)
    assert floor_of(tallest) <= CLUB_FLOORS, tallest


MAX_LINES = 600


def test_modules_are_short():
    long = [
        f"{path.relative_to(PACKAGE)}: {lines}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if (lines := len(path.read_text().splitlines())) > MAX_LINES
    ]
    assert not long


@pytest.mark.parametrize("folder", ["club", "web"])
def test_no_import_inside_a_function(folder):
    late = []
    for path in modules(folder):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Import | ast.ImportFrom):
                        late.append(f"{path.relative_to(PACKAGE)}:{inner.lineno}")
    assert not late


def test_the_web_opens_no_write_transaction():
    opened = [
        f"{path.relative_to(PACKAGE)}:{node.lineno}"
        for path in modules("web")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Name | ast.Attribute)
        and (getattr(node, "id", None) or getattr(node, "attr", None)) == "immediate"
    ]
    assert not opened


def test_the_tap_path_is_the_path_a_tap_takes(client):
    """docs/architecture.md's "The path of one tap" lists the files of the package a tap enters,
    in the order it first enters them, and every call it writes as `name()` is one the tap makes:
    followed on a real tap of a tile, posted as the table's button posts it."""
    match_id = fresh_match(client)
    table = f"/matches/{match_id}"
    htmx = {"HX-Request": "true"}
    assert client.post(f"{table}/leader", data={"leader": "X", "version": 1}).status_code == 303
    laid = client.post(f"{table}/play", data={"tile": "5-5", "version": 2}, headers=htmx)
    assert laid.status_code == 200
    # The phone says which drawing of the table it holds: the answer is what changed since.
    held = re.search(r'data-drawing="([^"]+)"', laid.get_data(as_text=True)).group(1)
    htmx |= {"X-Drawing": held}
    form = {"tile": "5-1", "end": "right", "version": 3, "tap": "tap-of-5-1", "csrf_token": ""}
    form["csrf_token"] = client.csrf_token()  # before following: the token is the test's own
    entered: list[tuple[str, str]] = []

    def follow(frame, event, _arg):
        if event == "call" and frame.f_code.co_filename.startswith(str(PACKAGE)):
            where = Path(frame.f_code.co_filename).relative_to(PACKAGE.parent).as_posix()
            entered.append((where, frame.f_code.co_name))

    sys.setprofile(follow)
    try:
        answer = FlaskClient.post(client, f"{table}/play", data=form, headers=htmx)
    finally:
        sys.setprofile(None)
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    assert "5-1" in answer.get_data(as_text=True)

    files = list(dict.fromkeys(where for where, _call in entered))
    text = (PACKAGE.parent / "docs" / "architecture.md").read_text()
    tap_path = text.split("## The path of one tap", 1)[1].split("\n## ", 1)[0]
    listed = list(dict.fromkeys(re.findall(r"`(assistant/[\w/]+\.py)`", tap_path)))
    assert listed == files, " ".join(files)
    calls = {call for _where, call in entered}
    named = set(re.findall(r"`(\w+)\(\)`", tap_path))
    assert named and named <= calls, named - calls


ALLOWED_TO_WRITE = {"club/opening.py", "db.py"}  # db.py defines `immediate`
STORE = "club/store/"


def test_only_the_store_opens_a_write_transaction():
    """Every write transaction is opened by the club's store (and by the file's opening, for
    the schema's steps and the cache rebuilt): nothing else in the package calls or imports
    `immediate`."""
    opened = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        if where in ALLOWED_TO_WRITE or where.startswith(STORE):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            called = isinstance(node, ast.Call) and _named(node.func) == "immediate"
            taken = isinstance(node, ast.ImportFrom) and any(
                alias.name == "immediate" for alias in node.names
            )
            if called or taken:
                opened.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert not opened


def _named(node: ast.AST) -> str | None:
    return getattr(node, "id", None) or getattr(node, "attr", None)


def _module_of(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_no_import_circle():
    """The package's modules import each other in no loop (a name imported from a package
    counts as its module when it is one)."""
    paths = {_module_of(path): path for path in PACKAGE.rglob("*.py")}
    graph = {}
    for module, path in paths.items():
        targets = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module in paths:
                inner = [f"{node.module}.{alias.name}" for alias in node.names]
                targets |= {name for name in inner if name in paths} or {node.module}
            elif isinstance(node, ast.Import):
                targets |= {alias.name for alias in node.names if alias.name in paths}
        graph[module] = targets - {module}
    circles, done, path = [], set(), []

    def visit(module):
        if module in path:
            circles.append(path[path.index(module) :] + [module])
            return
        if module in done:
            return
        path.append(module)
        for target in sorted(graph[module]):
            visit(target)
        path.pop()
        done.add(module)

    for module in sorted(graph):
        visit(module)
    assert not circles


def test_readme_is_a_front_door():
    """README.md stays short, and every document it points to is there."""
    readme = (PACKAGE.parent / "README.md").read_text()
    assert len(readme.splitlines()) <= 80
    pointed = set(re.findall(r"\]\(([^)#]+)\)", readme))
    pointed |= set(re.findall(r"`((?:docs|bench)/[\w./-]+\.md)`", readme))
    assert "docs/architecture.md" in pointed
    assert [path for path in sorted(pointed) if not (PACKAGE.parent / path).is_file()] == []
