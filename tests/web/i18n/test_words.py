"""The words a Danish, Swedish or French player would stumble on: a hand is "hånd" in Danish
(a draw's round stays "omgang"), the pips "i sin egen hånd/hand", French elision before a name
("domino d’Ann") and a narrow no-break space (U+202F) before : ; ? ! and inside « »."""

import json
import re

from assistant.web.base import catalogs
from assistant.web.base.i18n import elided
from tests.clients import create
from tests.records import D

NARROW = "\u202f"
# The engine's three sentences about drawing and the pips a player holds are another change's.
ELSEWHERE = ("{player} must draw", "{player} holds", "pips can only be scored in fives")


def translations(language: str) -> list[tuple[list[str], list[str]]]:
    """(msgids, msgstrs) of every message of the catalog, plurals as their forms."""
    found = []
    for message in catalogs.read_catalog(language):
        if message.id and not str(
            message.id if isinstance(message.id, str) else message.id[0]
        ).startswith(ELSEWHERE):
            ids = [message.id] if isinstance(message.id, str) else list(message.id)
            strings = [message.string] if isinstance(message.string, str) else list(message.string)
            found.append((ids, strings))
    return found


def test_danish_says_hand_for_a_hand_and_omgang_for_a_round():
    for ids, strings in translations("da"):
        text = " ".join(strings)
        assert not re.search(r"\b[Rr]unde(n|r|rne)?\b", text), (ids, text)
        about_a_hand = [i for i in ids if re.search(r"\bhands?\b", i, re.I)]
        if about_a_hand and not ids[0].startswith("hands "):  # the record's field `hands`
            assert re.search(r"[Hh]ånd|[Hh]ænder", text), (ids, text)
        if any(re.search(r"\brounds?\b(?! (to|down|up|off)\b)", i, re.I) for i in ids):
            assert re.search(r"[Oo]mgang", text), (ids, text)


def test_the_phrases_the_players_read_badly_are_gone():
    said = {
        language: " ".join(" ".join(strings) for _ids, strings in translations(language))
        for language in ("da", "sv", "fr")
    }
    for language, wrong, right in (
        ("da", "på egen hånd", "i sin egen hånd"),
        ("da", "Delt færrest øjne", "Lige få øjne"),
        ("da", "som sagt ved bordet", "som aftalt"),
        ("da", "rundet af", "afrundet"),
        ("da", "tæller med i tallene", "tæller med i statistikken"),
        ("sv", "på sin egen hand", "i sin egen hand"),
        ("sv", "Delat lägst antal prickar", "Lika få prickar"),
        ("sv", "som det sades vid bordet", "som ni kom överens om"),
        ("sv", "räknas i siffrorna", "räknas i statistiken"),
        ("fr", "Un oubli avant", "Un coup oublié avant"),
        ("fr", "pas de dominos, donc ni poses", "ni coups, ni comptes"),
        ("fr", "Égalité pour le moins de points", "Égalité au plus petit total"),
        ("fr", "restés", "points restant dans"),
    ):
        assert wrong not in said[language] and right in said[language], (language, wrong)


def test_one_word_for_a_hand_and_for_a_match_and_one_apostrophe():
    """Swedish says "giv" for a hand (never "omgång"), French "donne" (never "manche"), Danish
    "kamp" for a match (never "spil", kept for the game itself); French writes ’ alone."""
    for ids, strings in translations("sv"):
        assert not re.search(r"[Oo]mgång", " ".join(strings)), ids
    for ids, strings in translations("fr"):
        assert not re.search(r"[Mm]anches?\b|'", " ".join(strings)), ids
    match_as_spil = re.compile(
        r"\b([Ee]t|[Dd]ette|[Dd]et|[Nn]yt|langt|afsluttede|alle) spil\b|\b[Ss]pillene\b|\b[Ss]pil %"
    )
    for ids, strings in translations("da"):
        if re.search(r"\bmatch", ids[0], re.I):  # "et spil med to ender" is a game, kept
            assert not match_as_spil.search(" ".join(strings)), ids


def test_french_puts_a_narrow_no_break_space_before_a_colon_and_never_a_plain_one():
    marks = 0
    for ids, strings in translations("fr"):
        for text in strings:
            assert not re.search(r"[ \u00a0][:;!?]|«[ \u00a0]|[ \u00a0]»", text), (ids, text)
            # a colon in a sentence (not in 19:30, nor JSON's "pass": true) has the narrow space
            for mark in re.finditer(r'(?<!")[:;!?](?=\s|$)', text):
                assert text[mark.start() - 1] == NARROW, (ids, text)
                marks += 1
    assert marks > 100


def test_french_elides_de_before_a_name_that_starts_with_a_vowel(client):
    french = {"Accept-Language": "fr"}
    ann = create(client, D)  # Ann goes out
    swapped = json.loads(json.dumps(D).replace('"Ann"', '"Yann"').replace('"Bo"', '"Yves"'))
    yann = create(client, swapped)  # Yann goes out: y before a vowel is no vowel sound
    page = client.get(f"/history/{ann}", headers=french).get_data(as_text=True)
    assert "domino d’<bdi>Ann</bdi>" in page  # each name isolated, the elision outside it
    page = client.get(f"/history/{yann}", headers=french).get_data(as_text=True)
    assert "domino de <bdi>Yann</bdi>" in page and "d’<bdi>Yann" not in page
    english = client.get(f"/history/{ann}").get_data(as_text=True)
    assert "<bdi>Ann</bdi> out" in english
    match = client.get(f"/history/{ann}", headers=french).get_data(as_text=True)
    assert "en 10 points" in match


def test_elision_follows_the_sound_and_only_in_french(app):
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        said = [elided(f"la pioche de {name}") for name in ("Éva", "Yves", "Yann", "Hans", "Ole")]
        assert said == [
            "la pioche d’Éva", "la pioche d’Yves", "la pioche de Yann", "la pioche de Hans",
            "la pioche d’Ole",
        ]  # fmt: skip
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert elided("Ann de Ole") == "Ann de Ole"
