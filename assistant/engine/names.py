"""When two names mean one person: the one comparison of player names, used by the record's
seats (a person takes one seat) and by the club's registry (a name finds one player).

Names are kept and shown as typed; they are compared by `name_key`: the same letters however
they were encoded (Unicode NFC), in any case (case folded: "Straße" is "STRASSE"), whatever
space separates the words (any run of Unicode spaces, no-break ones included, counts as one, and
none at either end), and without the characters a name may carry unseen: Unicode's
Default_Ignorable_Code_Point set (zero-width spaces and joiners, the byte-order mark, the
bidirectional controls, variation selectors, the combining grapheme joiner, the Hangul fillers,
…). The set is Unicode's, read through the `regex` module's `\\p{DI}`, not a list kept here:
it grows with Unicode, and a list of our own missed the characters outside category Cf."""

import unicodedata

import regex

_IGNORABLE = regex.compile(r"\p{Default_Ignorable_Code_Point}")


def name_key(name: str) -> str:
    visible = _IGNORABLE.sub("", unicodedata.normalize("NFC", name))
    folded = unicodedata.normalize("NFC", visible.casefold())
    return " ".join(folded.split())


def same_person(names: list[str]) -> tuple[str, str] | None:
    """The first two names that are one person's name, if any."""
    seen: dict[str, str] = {}
    for name in names:
        key = name_key(name)
        if key in seen:
            return seen[key], name
        seen[key] = name
    return None
