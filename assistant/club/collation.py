"""Names in the order the club's language sorts them.

The Unicode Collation Algorithm with its default table (pyuca: accents and case count only after
the letters, so Éva sorts with the E's in every language), and the one change Danish and Swedish
make to it (CLDR's tailorings): their extra letters come after z, in their alphabet's order.
Danish: æ (ä) < ø (ö) < å (aa); Swedish: å < ä (æ) < ö (ø). Those letters are written, for the
key alone, as Greek ones, which the default table puts after every Latin letter."""

from functools import cache, lru_cache

from pyuca import Collator

AFTER_Z = {
    "da": [("æä", "ÆÄ"), ("øö", "ØÖ"), ("å", "Å")],
    "sv": [("å", "Å"), ("äæ", "ÄÆ"), ("öø", "ÖØ")],
}
GREEK = [("α", "Α"), ("β", "Β"), ("γ", "Γ")]  # after z in the default table, in this order
DANISH_AA = {"aa": "γ", "Aa": "Γ", "AA": "Γ"}  # an old spelling of å (Aage, Aase)


@cache
def _collator() -> Collator:
    return Collator()  # reading the default table is slow: once a process


@cache
def _letters(language: str) -> dict[int, str]:
    table = {}
    for (lower, upper), (greek_lower, greek_upper) in zip(
        AFTER_Z.get(language, []), GREEK, strict=False
    ):
        table |= {ord(letter): greek_lower for letter in lower}
        table |= {ord(letter): greek_upper for letter in upper}
    return table


@lru_cache(maxsize=65536)
def sort_key(name: str, language: str) -> tuple:
    """What orders `name` among others in `language` (en, da, sv, fr)."""
    collator = _collator()
    spelled = name
    if language == "da":
        for pair, letter in DANISH_AA.items():
            spelled = spelled.replace(pair, letter)
    spelled = spelled.translate(_letters(language))
    return collator.sort_key(spelled), collator.sort_key(name)


def sorted_names(names, language: str, key=lambda name: name) -> list:
    """`names` (or things named by `key`) in the language's order."""
    return sorted(names, key=lambda item: sort_key(key(item), language))
