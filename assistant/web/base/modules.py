"""The modules a page's module scripts import, named in its head so the phone asks for them all
at once.

A browser learns what a module imports only once it has that module: a chain of imports is
fetched a link at a time, one round trip each, and on a club's slow Wi-Fi the table's rules
engine would arrive seconds after the page. `<link rel="modulepreload">` for every module of the
graph asks for them together. The graph is read from the modules' own `import … from "./…"`
lines, so the list cannot fall behind the code; a module imported only when first needed
(`import("./…")`) is left to be fetched then."""

import posixpath
import re
from functools import cache
from pathlib import Path

from flask import Flask, current_app

COMMENT_LINE = re.compile(r"^[ \t]*//[^\n]*$", re.M)
STATIC_IMPORT = re.compile(r"""\b(?:import|export)\b[^;"'`()]*?\bfrom\s*["'](\.{1,2}/[^"']+)["']""")


def module_graph(*entries: str) -> list[str]:
    """Every module the entries (paths under static/) import, directly or not, the entries
    first, each once."""
    return list(_graph(current_app.static_folder, entries))


@cache
def _graph(static: str, entries: tuple[str, ...]) -> tuple[str, ...]:
    found = list(entries)
    for module in found:
        for imported in _imports(Path(static, module)):
            path = posixpath.normpath(posixpath.join(posixpath.dirname(module), imported))
            if path not in found and not path.startswith(".."):
                found.append(path)
    return tuple(found)


def _imports(path: Path) -> list[str]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return []
    return STATIC_IMPORT.findall(COMMENT_LINE.sub("", text))


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(module_graph=module_graph)
