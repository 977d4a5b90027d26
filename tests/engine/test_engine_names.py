"""One person, one seat: names are compared as the engine compares them (`name_key`)."""

import pytest

from assistant.engine import RecordError, replay
from assistant.engine.names import name_key

ONE_PERSON = [
    ("Kim", "kim"),
    ("Straße", "STRASSE"),
    ("Max", "Max\u00a0"),
    ("Al Bo", "Al  Bo"),
    ("Zo\u00eb", "Zoe\u0308"),  # NFC and NFD
    ("Lee", "Lee\u200b"),  # a zero-width space
    ("Ann", "\u202eAnn"),  # a right-to-left override
    ("Bo Di", "Bo\u2003Di"),  # an em space
    # Unicode's default ignorable characters outside the format characters (category Cf):
    ("Ann", "A\u034fnn"),  # the combining grapheme joiner
    ("Ann", "Ann\ufe0f"),  # a variation selector
    ("Ann", "Ann\u3164"),  # the Hangul filler
    ("Ann", "\u115fAnn"),  # the Hangul choseong filler
    ("Pia", "Pia\ufe0f"),
]


@pytest.mark.parametrize(("first", "second"), ONE_PERSON)
def test_two_spellings_of_one_name_are_one_person_and_cannot_take_two_seats(first, second):
    assert name_key(first) == name_key(second)
    record = {"format": "allfives-match/1", "rules": "muggins", "players": [first, second]}
    with pytest.raises(RecordError) as refused:
        replay(record | {"hands": []})
    assert str(refused.value) == (
        f"{first!r} and {second!r} are one person's name: players must be 2 to 4 different names"
    )


def test_different_people_stay_different_and_names_are_kept_as_typed():
    record = {"format": "allfives-match/1", "rules": "muggins", "hands": []}
    match = replay(record | {"players": ["Zoë", "Zoe", "Lee\u200b", "Le e"]})
    assert match.players == ("Zoë", "Zoe", "Lee\u200b", "Le e")


def test_a_name_of_invisible_characters_only_is_no_name():
    record = {"format": "allfives-match/1", "rules": "muggins", "hands": []}
    with pytest.raises(RecordError, match="players must be 2 to 4 different names"):
        replay(record | {"players": ["Ann", "\u200b\u200e"]})
