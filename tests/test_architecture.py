"""The house rules of the code's layout, checked on the code itself: imports point downward
(web → club → db and engine) in no circle, no import is made inside a function in web/ or club/,
the web layer opens no write transaction and only the club's store (and the file's opening)
does, and README's path of one tap names calls that exist."""

import ast
import importlib
from pathlib import Path

import pytest

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


TAP_PATH = {  # README's "One tap, from button to record and back", call by call
    "assistant.web.table.routes": ["play", "_enter", "_write", "_tap"],
    "assistant.club.store": [
        "enter", "_write", "_current", "get", "replayed", "is_closed", "_update", "_saved",
        "TapDone", "StaleVersion", "ClosedMatch", "StoppedMatch", "Saved",
    ],
    "assistant.db": ["immediate"],
    "assistant.engine": ["add_entry", "read_entry", "Play", "RecordError"],
    "assistant.engine.match": ["Match"],
    "assistant.engine.record": ["event_json"],
    "assistant.club.cache": ["refresh"],
    "assistant.web.table.view": ["build", "Table"],
    "assistant.web.table.answers": ["form_version", "table_page"],
    "assistant.web.base.pages": ["page"],
    "assistant.web.base.messages": ["explain"],
}  # fmt: skip


def test_readme_names_the_calls_a_tap_makes():
    readme = (PACKAGE.parent / "README.md").read_text()
    for module, names in TAP_PATH.items():
        loaded = importlib.import_module(module)
        for name in names:
            assert hasattr(loaded, name), f"{module}.{name}"
            assert f"{name}" in readme, name
    for method in ("completed", "enter"):
        assert hasattr(importlib.import_module("assistant.engine").Match, method)


ALLOWED_TO_WRITE = {"club/store.py", "club/opening.py", "db.py"}  # db.py defines `immediate`


def test_only_the_store_opens_a_write_transaction():
    """Every write transaction is opened by the club's store (and by the file's opening, for
    the schema's steps and the cache rebuilt): nothing else in the package calls or imports
    `immediate`."""
    opened = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.relative_to(PACKAGE).as_posix() in ALLOWED_TO_WRITE:
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
