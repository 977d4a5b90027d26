"""Every message in the code and templates is translated in every language, placeholders kept."""

import re

import pytest

from assistant.web.base import catalogs
from assistant.web.base.i18n import LANGUAGES

HINT = "run `python -m assistant translations`, then translate them in assistant/translations/"
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|\{(\w*)\}")
SPACES_RUN = re.compile("[ \u00a0\u202f]{2,}")


@pytest.fixture(scope="module")
def extracted():
    return catalogs.extract()


def _strings(message) -> tuple:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def _ids(message) -> tuple:
    return message.id if isinstance(message.id, tuple) else (message.id,)


def test_every_language_has_a_catalog():
    assert set(catalogs.languages()) == set(LANGUAGES)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_message_is_missing_empty_or_fuzzy(extracted, language):
    catalog = catalogs.read_catalog(language)
    missing = []
    for message in extracted:
        if not message.id:
            continue
        found = catalog.get(message.id, context=message.context)
        if found is None or found.fuzzy or not all(_strings(found)):
            where = ", ".join(f"{path}:{line}" for path, line in message.locations[:2])
            missing.append(f"{_ids(message)[0]!r} ({where})")
    assert not missing, f"{len(missing)} untranslated in {language} ({HINT}):\n" + "\n".join(
        missing
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_the_placeholders(language):
    broken = []
    for message in catalogs.read_catalog(language):
        if not message.id or not all(_strings(message)):
            continue
        wanted = {m.group(0) for ids in _ids(message) for m in PLACEHOLDER.finditer(ids)}
        for string in _strings(message):
            found = {m.group(0) for m in PLACEHOLDER.finditer(string)}
            # A plural's form for one may leave the number out: "Tick the tile Bo holds".
            if found != wanted and not (len(_ids(message)) > 1 and found | {"%(num)s"} == wanted):
                broken.append(f"{_ids(message)[0]!r} → {string!r}")
    assert not broken, "\n".join(broken)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_translation_shows_a_run_of_spaces(language):
    """One space between words: French puts a single narrow no-break space inside « » and
    before : ; ? ! (a merge once left runs of six to eight, shown as a gap)."""
    runs = [
        f"{_ids(message)[0]!r} → {string!r}"
        for message in catalogs.read_catalog(language)
        if message.id
        for string in _strings(message)
        if string and SPACES_RUN.search(string)
    ]
    assert not runs, "\n".join(runs)


def test_catalogs_compile_once_into_a_given_folder(tmp_path):
    catalogs.compile_catalogs(tmp_path)
    compiled = {p.parts[-3]: p for p in tmp_path.glob("*/LC_MESSAGES/messages.mo")}
    assert set(compiled) == set(LANGUAGES)
    stamps = {code: p.stat().st_mtime_ns for code, p in compiled.items()}
    catalogs.compile_catalogs(tmp_path)  # nothing stale: nothing rewritten
    assert {code: p.stat().st_mtime_ns for code, p in compiled.items()} == stamps
    assert not list(catalogs.SOURCE.rglob("*.mo")), "compiled catalogs sit beside the sources"


def test_the_command_line_updates_the_catalogs(monkeypatch, tmp_path):
    # On a copy: the real catalogs stay as they are.
    import shutil

    copy = tmp_path / "translations"
    shutil.copytree(catalogs.SOURCE, copy)
    monkeypatch.setattr(catalogs, "SOURCE", copy)
    from assistant.__main__ import main

    assert main(["translations"]) == 0
    assert (copy / "messages.pot").exists()
    assert catalogs.read_catalog("da").get("Boneyard").string == "Bunken"
