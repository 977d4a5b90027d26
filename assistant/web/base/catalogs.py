"""The translation catalogs: extracting the messages, updating the .po files, compiling .mo files.

The .po files in assistant/translations/ are the source; .mo files are never committed: the app
compiles stale ones into its instance folder when it starts (`compile_catalogs`), and
`python -m assistant translations` re-extracts the messages and updates every catalog.
"""

import copy
import io
import os
import re
import tempfile
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

PACKAGE = Path(__file__).resolve().parents[2]  # assistant/
SOURCE = PACKAGE / "translations"
CHECKOUT = PACKAGE.parent
KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "lazy_gettext": None,
    "lazy_ngettext": (1, 2),
    "N_": None,
}
DOMAIN = "messages"


def languages() -> list[str]:
    """The languages with a catalog, English first."""
    found = sorted(p.name for p in SOURCE.iterdir() if (p / "LC_MESSAGES" / "messages.po").exists())
    return sorted(found, key=lambda code: code != "en")


def po_path(language: str) -> Path:
    return SOURCE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(language: str) -> Catalog:
    with open(po_path(language), "rb") as f:
        return read_po(f, locale=language, domain=DOMAIN)


def _mapping():
    with open(CHECKOUT / "babel.cfg") as f:
        return parse_mapping_cfg(f)


def extract() -> Catalog:
    """Every message marked in the Python sources and the templates of the checkout (babel.cfg)."""
    method_map, options_map = _mapping()
    template = Catalog(project="All Fives Scorepad", domain=DOMAIN)
    found = extract_from_dir(
        str(CHECKOUT), method_map, options_map, keywords=KEYWORDS, strip_comment_tags=True
    )
    for filename, lineno, message, comments, context in found:
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return template


def update_catalogs() -> list[str]:
    """Re-extracts and brings every catalog up to date; English translations are the msgids."""
    template = extract()
    with open(SOURCE / f"{DOMAIN}.pot", "wb") as f:
        write_po(f, template, width=100, include_lineno=False)
    report = []
    for language in languages():
        catalog = read_catalog(language)
        # A copy each: update() adopts the template's messages, and English fills them in.
        catalog.update(copy.deepcopy(template), no_fuzzy_matching=language == "en")
        if language == "en":
            for message in catalog:
                if message.id and not _translated(message):
                    message.string = message.id  # a plural's (singular, plural) too
                    message.flags.discard("fuzzy")
        write_catalog(language, catalog)
        missing = [m.id for m in catalog if m.id and (not _translated(m) or m.fuzzy)]
        report.append(f"{language}: {len(catalog)} messages, {len(missing)} to translate")
    return report


def write_catalog(language: str, catalog: Catalog) -> None:
    """Writes the .po file, unless only its header's dates would change (less churn in git)."""
    out = io.BytesIO()
    write_po(out, catalog, width=100, ignore_obsolete=True, include_lineno=False)
    path = po_path(language)
    old = path.read_bytes() if path.exists() else b""
    if _undated(out.getvalue()) != _undated(old):
        path.write_bytes(out.getvalue())


def _undated(po: bytes) -> bytes:
    return re.sub(rb'"(POT-Creation-Date|PO-Revision-Date): [^"]*"', b"", po)


def _translated(message) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return all(strings)


def compile_catalogs(target: str | os.PathLike) -> Path:
    """Compiles every .po newer than its .mo into `target`/<lang>/LC_MESSAGES; returns target."""
    target = Path(target)
    for language in languages():
        po = po_path(language)
        mo = target / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
        stamp = po.stat().st_mtime_ns
        if mo.exists() and mo.stat().st_mtime_ns == stamp:
            continue  # compiled from this very .po: its time is the .po's
        mo.parent.mkdir(parents=True, exist_ok=True)
        catalog = read_catalog(language)
        # Written aside, then renamed: another process starting at once never reads half a file.
        fd, temporary = tempfile.mkstemp(dir=mo.parent, suffix=".mo.tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                write_mo(f, catalog, use_fuzzy=False)
            os.utime(temporary, ns=(stamp, stamp))
            os.replace(temporary, mo)
        except BaseException:
            os.unlink(temporary)
            raise
    return target
