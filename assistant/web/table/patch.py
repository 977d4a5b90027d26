"""A tap's answer as only what changed on the table: the phone keeps the table as the server
drew it last (its drawing named by its checksum, `data-drawing`), and says which one it holds
(`X-Drawing`); the server keeps its last drawings, and answers with the steps that turn
that drawing into the new one, and a checksum of the result. The phone applies them to its copy
(static/app.js) and shows exactly what a reload shows; a checksum that does not agree, or a
drawing the server no longer keeps (a restart), brings the whole table, as without this.

The table is read as the browser reads it: a small reader for the app's own well-formed
templates (not a general HTML parser), checked by that checksum on every answer."""

import copy
import html
import json
import re
import threading
import zlib
from collections import OrderedDict
from difflib import SequenceMatcher
from functools import lru_cache

from flask import Response, abort, request
from flask_babel import gettext as _

from assistant.web.table.dominoes import laid_svg

KEPT = 512  # drawings kept: a few per table in play at a busy club
LATEST = 64  # each screen's latest drawing also kept read, for the tap that follows it
LONG = 64  # an attribute longer than this (the record) is sent as the part that changed
STEPS_POLICY = "default-src 'none'; frame-ancestors 'none'"
ESCAPED = re.compile(r'[&<>"\']')
DRAWING = re.compile(r"[0-9a-f]{8}")
ROOTS = ("table", "watch", "board")  # the screens that follow by steps
TOKEN = re.compile(
    r"<!--(.*?)-->|<(/?)([a-zA-Z][^\s/>]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>|[^<]+|<", re.S
)
ATTR = re.compile(r"""([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?""")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source"}
VOID |= {"track", "wbr"}
SVG_CASE = {"viewbox": "viewBox", "preserveaspectratio": "preserveAspectRatio"}
NEWLINE_DROPPED = {"pre", "textarea", "listing"}  # the browser drops a newline right after these

_kept: OrderedDict[tuple, bytes] = OrderedDict()
_latest: OrderedDict[object, tuple[int, "Element"]] = OrderedDict()
_lock = threading.Lock()


class Comment(str):
    pass


class Element:
    __slots__ = ("tag", "attrs", "children", "_same", "_signed")

    def __init__(self, tag: str, attrs: dict[str, str]):
        self.tag, self.attrs, self.children, self._same = tag, attrs, [], None
        self._signed = None

    def same(self) -> int:
        """A hash of the element and all it holds, worked out once (two elements alike in all
        have the same; two that differ, a different one, but for a chance the checksum of
        the result would still catch)."""
        if self._same is None:
            inner = tuple(_hashed(child) for child in self.children)
            self._same = hash((self.tag, tuple(self.attrs.items()), inner))
        return self._same


class Shared(Element):
    """An element read once and shared between the trees read (a tile's drawing, `_svg`), so
    never changed in place; its checksum's part is worked out once. A copy is an Element of its
    own, free to change."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict) -> Element:
        copied = Element(self.tag, dict(self.attrs))
        copied.children = copy.deepcopy(self.children, memo)
        return copied


def _hashed(node) -> int:
    if isinstance(node, Element):
        return node.same()
    return hash((type(node), node))


def read(text: str, root: str = "table") -> Element | None:
    """The element `<div id="table">` (or another `root`) that `text` holds, as a tree of
    Elements, strings and Comments; None when there is none."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    start = text.find(f'<div id="{root}"')
    return _tree(text, start) if start >= 0 else None


def _tree(text: str, at: int) -> Element | None:
    """The first element that begins at or after `at`, read to its end."""
    stack: list[Element] = []
    root = None
    while token := TOKEN.match(text, at):
        at = token.end()
        comment, closing, tag, rest = token.groups()
        if tag is None and comment is None:
            if not stack:
                continue
            data = html.unescape(token.group()) if "&" in token.group() else token.group()
            parent = stack[-1]
            if not parent.children and parent.tag in NEWLINE_DROPPED and data.startswith("\n"):
                data = data[1:]
            if data:
                _append_text(parent, data)
        elif comment is not None:
            if stack:
                stack[-1].children.append(Comment(comment))
        elif closing:
            tag = tag.lower()
            if stack and stack[-1].tag == tag:
                stack.pop()
            else:
                names = [element.tag for element in stack]
                if tag in names:
                    del stack[len(names) - 1 - names[::-1].index(tag) :]
            if not stack and root is not None:
                break
        else:
            if stack and tag == "svg" and not rest.rstrip().endswith("/"):
                end = text.find("</svg>", at)
                if end >= 0 and text.find("<svg", at, end) < 0:
                    stack[-1].children.append(_svg(text[token.start() : end + len("</svg>")]))
                    at = end + len("</svg>")
                    continue
            element = Element(tag.lower(), _attributes(rest))
            if stack:
                stack[-1].children.append(element)
            else:
                root = element
            empty = element.tag in VOID
            if not empty and rest.rstrip().endswith("/"):  # "/>" closes only a foreign element
                empty = element.tag == "svg" or any(e.tag == "svg" for e in stack)
            if not empty:
                stack.append(element)
            elif root is element:
                break
    return root


@lru_cache(maxsize=1024)
def _svg(text: str) -> Element:
    """A drawing of a tile, read once: a table draws the same few dozen tiles on every answer.
    Shared between the trees read, so never changed in place (nor is any element below it)."""
    read = _tree(text, 0)
    shared = Shared(read.tag, read.attrs)
    shared.children = read.children
    return shared


def _append_text(parent: Element, data: str) -> None:
    last = parent.children[-1] if parent.children else None
    if isinstance(last, str) and not isinstance(last, Comment):
        parent.children[-1] = last + data
    else:
        parent.children.append(data)


def _attributes(text: str) -> dict[str, str]:
    return dict(_attributes_read(text))


@lru_cache(maxsize=4096)  # a table repeats most of its tags exactly (28 tiles' pips)
def _attributes_read(text: str) -> tuple:
    found: dict[str, str] = {}
    for name, double, single, bare in ATTR.findall(text.rstrip("/")):
        value = double or single or bare
        found.setdefault(name.lower(), html.unescape(value) if "&" in value else value)
    return tuple(found.items())


def _escaped(value: str) -> str:
    return html.escape(value) if ESCAPED.search(value) else value


def signature(node) -> int:
    """A checksum of the table as the browser holds it: each element's name and attributes (in
    name order), each text and comment, in document order (static/app.js works out the same)."""
    parts: list[str] = []
    _sign(node, parts)
    return zlib.crc32("".join(parts).encode("utf-8", "replace"))


def _sign(node, parts: list[str]) -> None:
    if isinstance(node, Comment):
        parts.append("C" + node)
    elif isinstance(node, str):
        parts.append("T" + node)
    elif isinstance(node, Shared):
        if node._signed is None:
            own: list[str] = []
            _sign_element(node, own)
            node._signed = "".join(own)
        parts.append(node._signed)
    else:
        _sign_element(node, parts)


def _sign_element(node: Element, parts: list[str]) -> None:
    parts.append("<" + node.tag)
    parts.extend(f" {name}={value}" for name, value in sorted(node.attrs.items()))
    parts.append(">")
    for child in node.children:
        _sign(child, parts)
    parts.append("</>")


def written(node, foreign: bool = False, memo: dict | None = None) -> str:
    """A node written back as HTML (to be read in its parent's place); `memo` keeps each
    element's writing for the diff under way."""
    if isinstance(node, Comment):
        return f"<!--{node}-->"
    if isinstance(node, str):
        return html.escape(node, quote=False) if ESCAPED.search(node) else node
    if memo is not None and id(node) in memo:
        return memo[id(node)]
    foreign = foreign or node.tag == "svg"
    attrs = "".join(f' {name}="{_escaped(value)}"' for name, value in node.attrs.items())
    if node.tag in VOID:
        text = f"<{node.tag}{attrs}>"
    elif foreign and not node.children:
        text = f"<{node.tag}{attrs}/>"
    else:
        inner = "".join(written(child, foreign, memo) for child in node.children)
        if node.tag in NEWLINE_DROPPED and inner.startswith("\n"):
            inner = "\n" + inner  # read again, the first newline is dropped
        text = f"<{node.tag}{attrs}>{inner}</{node.tag}>"
    if memo is not None:
        memo[id(node)] = text
    return text


def steps(old: Element, new: Element) -> list:
    """What turns `old` into `new`, to be applied in order: `["a", path, {name: value}]` sets
    attributes (None removes one; `[kept before, kept after, between]` changes a long one in
    place), `["t", path, text]` changes a text, `["r", path, start, end, html]` replaces the
    children from start to end. A path is child indexes from the table; each step leaves the
    paths of the steps after it where they were (they go from the end backwards)."""
    return _diffed(old, new).found


def _diffed(old: Element, new: Element) -> "_Diff":
    diff = _Diff(next((e.attrs.get("value", "") for e in new.children if _is_version(e)), ""))
    diff.element(old, new, [], False)
    return diff


class _Diff:
    def __init__(self, version: str):
        self.found: list = []
        self.memo: dict[int, str] = {}
        self.version = version
        self.tokens: list[
            tuple[str, str]
        ] = []  # each CSRF token of the new drawing, and the one kept

    def element(self, old: Element, new: Element, path: list, foreign: bool) -> None:
        if _is_token(old) and _is_token(new):
            # Any masked CSRF token of the session will do: the phone keeps its own, and an
            # answer carries no token at all (nothing for a compressed size to tell).
            self.tokens.append((new.attrs.get("value", ""), old.attrs.get("value", "")))
            new.attrs["value"] = old.attrs.get("value", "")
        # Every version field of the table says the answer's version: the phone writes it.
        versioned = _is_version(old) and _is_version(new) and new.attrs["value"] == self.version
        if old.attrs != new.attrs:
            changed = {}
            for name, value in new.attrs.items():
                was = old.attrs.get(name)
                if versioned and name == "value":
                    continue
                if was != value:
                    changed[name] = _spliced(was, value) if was is not None else value
            changed.update({name: None for name in old.attrs.keys() - new.attrs.keys()})
            if foreign:  # setAttribute on an SVG element takes the name as written: viewBox
                changed = {SVG_CASE.get(name, name): value for name, value in changed.items()}
            if changed:
                self.found.append(["a", path, changed])
        foreign = foreign or new.tag == "svg"
        self.children(old.children, new.children, 0, path, foreign, self.same)

    def children(self, old, new, offset, path, foreign, key) -> None:
        """The children `old` (from index `offset`) made `new`: the same ones lined up by `key`
        (first the very same, then those alike but for their own attributes), a run of as many
        compared one by one, the rest written out."""
        keys = [key(child) for child in old], [key(child) for child in new]
        if key == self.same and keys[0] == keys[1]:
            return  # the very same children (an element whose own attributes changed)
        blocks = SequenceMatcher(None, *keys, autojunk=False).get_opcodes()
        for kind, i1, i2, j1, j2 in reversed(blocks):
            if kind == "equal" and key == self.same:
                continue
            if kind in ("equal", "replace") and i2 - i1 == j2 - j1:
                for i, j in reversed(list(zip(range(i1, i2), range(j1, j2), strict=True))):
                    self.pair(old[i], new[j], path, offset + i, foreign)
            elif key == self.same:
                self.children(old[i1:i2], new[j1:j2], offset + i1, path, foreign, self.alike)
            else:
                put = "".join(_sent(child, foreign, self.memo) for child in new[j1:j2])
                self.found.append(["r", path, offset + i1, offset + i2, put])

    def pair(self, old, new, path: list, i: int, foreign: bool) -> None:
        if isinstance(old, Element) and isinstance(new, Element) and old.tag == new.tag:
            foreign = foreign or new.tag == "svg"
            if not foreign or all(name in SVG_CASE or name.islower() for name in new.attrs):
                return self.element(old, new, path + [i], foreign)
        elif isinstance(old, str) and isinstance(new, str) and type(old) is type(new):
            if old != new:
                self.found.append(["t", path + [i], str(new)])
            return
        # An SVG attribute not known above is written as the parser reads it, in its element.
        self.found.append(["r", path, i, i + 1, _sent(new, foreign, self.memo)])

    def same(self, node) -> int:
        return _hashed(node)

    def alike(self, node) -> tuple:
        if isinstance(node, Element):
            inner = tuple(_hashed(child) for child in node.children)
            return (node.tag, node.attrs.get("id", ""), inner)
        return ("!",) if isinstance(node, Comment) else ()


def _sent(node, foreign: bool, memo: dict) -> str:
    """A node as an answer writes it: a tile laid in the layout as its tile and which way it
    lies (`data-laid="5-3h"`), which the phone draws as `dominoes.laid_svg` does."""
    if isinstance(node, Element) and node.tag == "g" and "laid" in node.attrs.get("class", ""):
        inner = "".join(written(child, True, memo) for child in node.children)
        pips = [c for c in node.children if isinstance(c, Element) and c.tag == "circle"]
        horizontal = any(
            c.tag == "rect" and c.attrs.get("width") == "1.92"
            for c in node.children
            if isinstance(c, Element)
        )
        far = "cx" if horizontal else "cy"
        second = sum(1 for c in pips if float(c.attrs.get(far, 0)) > 1)
        first = len(pips) - second
        if inner == laid_svg(first, second, horizontal):
            shown = Element(
                "g", node.attrs | {"data-laid": f"{first}-{second}{'h' if horizontal else 'v'}"}
            )
            return written(shown, True)
    if isinstance(node, Element) and node.children:
        foreign = foreign or node.tag == "svg"
        attrs = "".join(f' {name}="{_escaped(value)}"' for name, value in node.attrs.items())
        inner = "".join(_sent(child, foreign, memo) for child in node.children)
        return f"<{node.tag}{attrs}>{inner}</{node.tag}>"
    return written(node, foreign, memo)


def _spliced(was: str, value: str):
    if len(was) < LONG or len(value) < LONG:
        return value
    before = _common(was, value)
    after = _common(was[before:][::-1], value[before:][::-1])
    return [before, after, value[before : len(value) - after]]


def _common(a: str, b: str) -> int:
    """How many characters `a` and `b` begin with alike (halving, each test a slice compare)."""
    low, high = 0, min(len(a), len(b))
    while low < high:
        middle = (low + high + 1) // 2
        if a[:middle] == b[:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def drawn(response: Response, shown, patchable: bool, root: str = "table") -> Response:
    """The table (or the watch page's or board's `root`) this answer draws, kept under its
    checksum (its name, `data-drawing`) for what it shows (`shown`: the match's id, …); with
    `patchable` (an answer the page applies to what it holds) and the page's drawing still
    kept, only what changed."""
    if response.mimetype != "text/html" or root not in ROOTS:
        return response
    text = response.get_data(as_text=True)
    start = text.find(f'<div id="{root}"')
    tree = read(text[start:], root) if start >= 0 else None
    if tree is None:
        return response
    response.vary.add("X-Drawing")
    held = _held(shown, root) if patchable else None
    kept = text[start:]
    if held is not None:
        diff = _diffed(held, tree)
        found = diff.found
        for new, old in diff.tokens:  # the drawing kept as the page will hold it
            kept = kept.replace(f'value="{new}"', f'value="{old}"', 1)
    name = signature(tree)
    kept = zlib.compress(kept.encode(), 1)  # a tenth of the tree's text, not its objects
    with _lock:
        _kept[(shown, name)] = kept
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
        _latest[shown] = (name, tree)  # the one the next tap or poll most likely holds
        _latest.move_to_end(shown)
        while len(_latest) > LATEST:
            _latest.popitem(last=False)
    if held is None:
        at = start + len(f'<div id="{root}"')
        response.set_data(f'{text[:at]} data-drawing="{name:08x}"{text[at:]}')
        return response
    version = int(next((e.attrs.get("value", 0) for e in tree.children if _is_version(e)), 0))
    body = {"v": version, "steps": found, "sign": name}
    response.set_data(json.dumps(body, ensure_ascii=False, separators=(",", ":")))
    response.mimetype = "application/json"
    # Steps are data, never a document: the strictest policy (security.py adds the others).
    response.headers["Content-Security-Policy"] = STEPS_POLICY
    return response


def _is_token(node: Element) -> bool:
    return node.tag == "input" and node.attrs.get("name") == "csrf_token"


def _is_version(node) -> bool:
    return isinstance(node, Element) and node.tag == "input" and node.attrs.get("name") == "version"


def check_drawing() -> None:
    """Before a screen's route: a drawing's name that this app never makes is refused, before
    anything is written."""
    name = request.headers.get("X-Drawing")
    if name and not DRAWING.fullmatch(name):
        abort(400, _("The table this phone holds is not one this app drew: reload the page."))


def _held(shown, root: str) -> Element | None:
    """The drawing the page says it holds, when the server still keeps it for what it shows."""
    name = request.headers.get("X-Drawing")
    if not name or not DRAWING.fullmatch(name):
        return None
    with _lock:
        latest = _latest.get(shown)
        if latest and latest[0] == int(name, 16):
            return latest[1]  # never changed: a diff changes only the new drawing
        kept = _kept.get((shown, int(name, 16)))
    return read(zlib.decompress(kept).decode(), root) if kept else None
