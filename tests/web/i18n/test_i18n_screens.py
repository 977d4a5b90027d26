"""Every screen in Danish, Swedish and French: <html lang>, the game's words, no English left."""

import functools
import re
from html.parser import HTMLParser

import pytest

from assistant.engine import RecordError, replay
from assistant.web.base import catalogs
from assistant.web.base.i18n import number, signed
from assistant.web.base.messages import explain
from tests.clients import create
from tests.records import example

OTHERS = ["da", "sv", "fr"]
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w*\}")


class _Text(HTMLParser):
    """What a player sees or hears: text, and the labels and titles of elements."""

    def __init__(self):
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1
        for name, value in attrs:
            if name in ("aria-label", "title", "placeholder", "alt") and value:
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return re.sub(r"[ \t\r\n]+", " ", " ".join(parser.parts)).strip()


@functools.cache
def english_words(language: str) -> tuple[str, ...]:
    """Stretches of English messages that their translation does not keep: none may show."""
    catalog = [m for m in catalogs.read_catalog(language) if m.id and isinstance(m.id, str)]
    translated = "\n".join(m.string for m in catalog)
    found = set()
    for message in catalog:
        for chunk in PLACEHOLDER.split(message.id):
            chunk = chunk.strip(" .,:;!?·()+=–—'\"")
            if len(chunk) < 4 or not re.search("[A-Za-z]{3}", chunk):
                continue
            # Words the language shares with English ("hand" in Swedish) are not left-overs.
            if not re.search(rf"\b{re.escape(chunk)}\b", translated):
                found.add(chunk)
    return tuple(sorted(found, key=len, reverse=True))


def _lead(client) -> str:
    record = example("spinner-lead-four-arms")
    record["hands"] = []
    return f"/matches/{create(client, record)}"


def _play(client) -> str:
    record = example("spinner-lead-four-arms")
    record["hands"][0]["events"] = record["hands"][0]["events"][:3]
    return f"/matches/{create(client, record)}"


def _end_choice(client) -> str:
    record = example("spinner-lead-four-arms")
    record["hands"][0]["events"] = record["hands"][0]["events"][:3]  # left shows 4, right 1
    return f"/matches/{create(client, record)}?tile=4-1"


def _settle(client) -> str:
    record = example("partnership-spinner-hand")
    record["hands"][0].pop("left")
    return f"/matches/{create(client, record)}"


def _next_lead(client) -> str:
    return f"/matches/{create(client, example('partnership-spinner-hand'))}"


def _winner(client) -> str:
    record = {
        "format": "allfives-match/1",
        "rules": {"preset": "all-fives", "target": 10},
        "players": ["Ann", "Bo"],
        "hands": [{"events": [{"player": "Ann", "play": "5-5"}]}],
    }
    return f"/matches/{create(client, record)}"


def _home(client) -> str:
    _winner(client)
    _lead(client)  # started here: in play (one that arrives with hands is not, until played on)
    return "/"


def _new(client) -> str:
    return "/matches/new"


# Each screen, and a word of the game it must show in each language.
SCREENS = {
    "home": (_home, {"da": "I gang", "sv": "Pågår", "fr": "En cours"}),
    "new match": (_new, {"da": "Alle femmere", "sv": "Alla femmor", "fr": "Tous les cinq"}),
    "lead": (_lead, {"da": "Vælg tilfældigt", "sv": "Välj slumpvis", "fr": "Choisir au hasard"}),
    "play": (_play, {"da": "Bunken", "sv": "Högen", "fr": "Pioche"}),
    "end choice": (_end_choice, {"da": "venstre", "sv": "vänster", "fr": "gauche"}),
    "settle": (_settle, {"da": "domino!", "sv": "domino!", "fr": "domino\u202f!"}),
    "next lead": (_next_lead, {"da": "lægger ud", "sv": "spelar ut", "fr": "entame"}),
    "winner": (_winner, {"da": "vinder!", "sv": "vinner!", "fr": "gagne\u202f!"}),
}


@pytest.mark.parametrize("language", OTHERS)
@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_screen_speaks_the_language(client, screen, language):
    setup, words = SCREENS[screen]
    path = setup(client)
    page = client.get(path, headers={"Accept-Language": f"{language}, en;q=0.5"})
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert f'<html lang="{language}"' in html
    text = visible_text(html)
    assert words[language] in text
    words_left = english_words(language)
    left_in_english = [w for w in words_left if re.search(rf"\b{re.escape(w)}\b", text)]
    assert not left_in_english, f"English on the {screen} screen in {language}: {left_in_english}"


def test_the_tile_and_end_buttons_keep_their_names(client):
    path = _end_choice(client)
    picker = client.get(path.split("?")[0], headers={"Accept-Language": "da"}).text
    assert 'aria-label="5-1"' in picker  # tiles are named the same in every language
    html = client.get(path, headers={"Accept-Language": "da"}).get_data(as_text=True)
    assert re.search(r'data-end="left"[^>]*>venstre <span', html)
    assert 'name="end" value="right"' in html


def test_the_language_switch_is_remembered_and_goes_back(client):
    path = _play(client)
    switched = client.get(f"/language/fr?next={path}")
    assert switched.status_code == 303 and switched.headers["Location"] == path
    assert "lang=fr" in switched.headers["Set-Cookie"]
    # The cookie wins over the browser's own languages.
    page = client.get(path, headers={"Accept-Language": "da"}).get_data(as_text=True)
    assert '<html lang="fr"' in page and "Pioche" in page
    assert f'href="/language/sv?next={path}"' in page
    assert 'data-lang="fr" aria-current="true"' in page


@pytest.mark.parametrize(
    "target", ["//evil.example/", "https://evil.example/", "/\\evil.example", "javascript:x", ""]
)
def test_the_switch_only_goes_back_to_this_site(client, target):
    response = client.get("/language/sv", query_string={"next": target})
    assert response.status_code == 303 and response.headers["Location"] == "/"


def test_an_unknown_language_is_404(client):
    assert client.get("/language/xx?next=/").status_code == 404


def test_a_page_answering_a_form_switches_back_to_the_screen(client):
    record = example("spinner-lead-four-arms")
    record["hands"][0]["events"] = record["hands"][0]["events"][:1]
    path = f"/matches/{create(client, record)}"
    response = client.post(
        f"{path}/play",
        data={"version": 1, "tile": "6-6"},
        headers={"Accept-Language": "sv", "Referer": f"http://localhost{path}"},
    )
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "6-6 passar inte: de öppna ändarna är vänster 5, höger 5" in html
    assert f'href="/language/da?next={path}"' in html


def test_numbers_and_dates_are_local(app):
    with app.test_request_context(headers={"Accept-Language": "da"}):
        assert number(7.5) == "7,5" and signed(7.5) == "+7,5" and signed(-5.0) == "\u22125"
        assert number(-35) == "\u221235"  # a real minus sign, as people write it
        assert app.jinja_env.filters["date"]("2025-05-03T10:00:00+00:00") == "3. maj 2025"
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        assert number(192.5) == "192,5" and signed(0) == "+0"
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert number(7.5) == "7.5" and signed(10.0) == "+10"


def test_engine_errors_name_the_ends_in_the_language(app):
    # In a record the end is named even where the choice makes the same game (a lone spinner).
    record = example("spinner-lead-four-arms")
    record["hands"][0]["events"] = [
        *record["hands"][0]["events"][:1],
        {"player": "Y", "play": "5-1"},
    ]
    try:
        replay(record)
    except RecordError as error:
        fits = error
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        assert explain(fits) == "5-1 va à gauche 5 et droite 5\u202f: dites à quel bout"
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert explain(fits) == "5-1 fits left 5 and right 5: say which end"


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a" and "download" not in attrs and (attrs.get("href") or "").startswith("/"):
            self.links.append(attrs["href"].split("#")[0])


def _seeds(app, client) -> list[str]:
    """Every screen the app routes with GET, a played match's screens among them."""
    match_id = create(client, example("next-hand-led-by-winner"))
    _winner(client)
    values = {"match_id": match_id, "player_id": 1, "step": 3}
    paths = []
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods or rule.endpoint.split(".")[0] in ("static", "i18n", "api"):
            continue
        if set(rule.arguments) <= set(values):
            paths.append(rule.build({a: values[a] for a in rule.arguments})[1])
    return sorted(set(paths))


@pytest.mark.parametrize("language", OTHERS)
def test_no_screen_shows_english(app, client, language):
    """The routed screens and every page their links reach (a watch page, say), in the language."""
    todo, seen, checked = _seeds(app, client), set(), []
    while todo and len(seen) < 80:
        path = todo.pop(0)
        if path in seen or path.startswith(("/language/", "/static/", "/api/")):
            continue
        seen.add(path)
        page = client.get(path, headers={"Accept-Language": language})
        if page.status_code != 200 or page.mimetype != "text/html":
            continue
        html = page.get_data(as_text=True)
        if "<html" in html:
            assert f'<html lang="{language}"' in html, path
        text = visible_text(html)
        english = [w for w in english_words(language) if re.search(rf"\b{re.escape(w)}\b", text)]
        assert not english, f"English on {path} in {language}: {english}"
        checked.append(path)
        links = _Links()
        links.feed(html)
        todo += links.links
    assert {"/", "/matches/new"} <= set(checked), checked
