"""The table's new forms without a browser (issue 11): where a new match, a rematch and an import
leave the address bar, "Final", corrections and turning the lead with and without htmx, what
the table says after Undo, and the words the club pages gained (the hand in play on home, the
rules by name with what they change)."""

import io
import json

from tests.clients import create, post_json, shown, won_at_the_table
from tests.records import blank, example, hand, record

HTMX = {"HX-Request": "true"}
WON = record({"preset": "all-fives", "target": 10}, "Ann Bo", hand("Ann 5-5"))


def test_htmx_is_sent_to_the_new_table_as_a_page_of_its_own(client):
    form = {"player": ["Ann", "Bo", "", ""], "preset": "muggins", "create": "1"}
    created = client.post("/matches/new", data=form, headers=HTMX)
    assert created.status_code == 204 and created.headers["HX-Redirect"] == "/matches/1"
    rematch = client.post(f"/matches/{create(client, WON)}/rematch", headers=HTMX)
    assert rematch.status_code == 204 and rematch.headers["HX-Redirect"] == "/matches/3"
    upload = {"record": (io.BytesIO(json.dumps(WON).encode()), "match.json")}
    imported = client.post("/matches/import", data=upload, headers=HTMX)
    assert imported.headers["HX-Redirect"] == "/matches/4"
    assert "<bdi>Ann</bdi> wins!" in client.get("/matches/4").text


def test_final_and_a_rematch_close_the_match_then_undo_asks_for_the_admin(client):
    match_id = won_at_the_table(client, WON)
    page = shown(client.get(f"/matches/{match_id}").text)
    assert "Undo still works here until someone taps Final" in page
    assert "Won with 5-5 by Ann: count 10, +10." in page
    final = client.post(f"/matches/{match_id}/final", headers=HTMX)
    assert "This match is final: only the club admin can change it now." in final.text
    assert 'name="version" value="2"' in final.text  # closing is no change to the record
    undo = client.post(f"/matches/{match_id}/undo", data={"version": 2})
    assert undo.status_code == 303
    assert undo.headers["Location"] == f"/admin/login?next=/matches/{match_id}"
    undo = client.post(f"/matches/{match_id}/undo", data={"version": 2}, headers=HTMX)
    assert undo.headers["HX-Redirect"] == f"/admin/login?next=/matches/{match_id}"
    # A rematch closes the match it follows.
    other = won_at_the_table(client, WON)
    client.post(f"/matches/{other}/rematch")
    assert "This match is final" in client.get(f"/matches/{other}").text


def test_undo_says_what_it_took_away(client):
    match_id = won_at_the_table(client, WON)
    undone = client.post(f"/matches/{match_id}/undo", data={"version": 2}, headers=HTMX)
    assert '<p class="notice">Undone: 5-5 by Ann.</p>' in undone.text
    plain = client.post(f"/matches/{match_id}/undo", data={"version": 3})
    assert plain.status_code == 422  # nothing left to undo
    assert "There is nothing to undo" in plain.text


def test_a_correction_without_javascript_and_its_list(client):
    played = example("spinner-lead-four-arms")
    match_id = create(client, played)
    listed = client.get(f"/matches/{match_id}?fix=0").text
    assert listed.index(">5-3<") < listed.index(">5-5<")  # newest first
    editor = client.get(f"/matches/{match_id}?fix=2").text
    assert "Fix 5-1 by Y" in editor and 'name="position" value="2"' in editor
    fixed = client.post(f"/matches/{match_id}/correct", data={"version": 1, "position": "2",
                                                              "tile": "5-0"})  # fmt: skip
    assert fixed.status_code == 303
    page = client.get(fixed.headers["Location"]).text
    assert "Corrected: 5-1 by Y is now 5-0 by Y. Everything after it still fits." in page
    events = client.get(f"/api/matches/{match_id}").get_json()["record"]["hands"][0]["events"]
    assert events[1] == {"player": "Y", "play": "5-0", "end": "right"}
    refused = client.post(f"/matches/{match_id}/correct", data={"version": 2, "position": "2",
                                                                "tile": "5-3"})  # fmt: skip
    assert refused.status_code == 422
    assert "After the correction, X&#39;s 5-3 no longer fits" in refused.text
    assert "Fix 5-0 by Y" in refused.text  # the correction stays open
    assert client.get(f"/matches/{match_id}?fix=99").text.count('class="entry-link"') == 5


def test_the_lead_turns_only_while_it_is_alone(client):
    match_id = create(client, record("all-fives", "X Y", hand("X 6-1")))
    turned = client.post(f"/matches/{match_id}/turn", data={"version": 1}, headers=HTMX)
    assert "The lead is turned: left 1, right 6." in turned.text
    events = client.get(f"/api/matches/{match_id}").get_json()["record"]["hands"][0]["events"]
    assert events == [{"player": "X", "play": "1-6"}]
    client.post(f"/matches/{match_id}/play", data={"version": 2, "tile": "6-6"})
    refused = client.post(f"/matches/{match_id}/turn", data={"version": 3})
    assert refused.status_code == 422
    assert "only while it is the one tile on the table" in refused.text


def test_a_tie_at_the_top_after_a_settlement_is_said(client):
    # Pagat, three players, blocked at once: X and Y tie on 4 pips and split Z's 17 → 15, 7.5
    # each: both pass the target of 5, level, so another hand is played.
    rules = {"preset": "pagat", "hand_size": 2, "boneyard_reserve": 22, "target": 5}
    blocked = hand("X 6-6", "Y pass", "Z pass", "X pass", left={"X": 4, "Y": 4, "Z": 17})
    page = client.get(f"/matches/{create(client, record(rules, 'X Y Z', blocked))}").text
    assert "Tied at 7.5: another hand." in page
    assert "X and Y split the pips of Z, rounded, half each." in page


def test_home_shows_the_hand_in_play(client):
    match_id = create(client, example("partnership-spinner-hand"))  # hand 1 settled
    # It arrived whole: in play once played on here (hand 2 led).
    led = post_json(client, f"/api/matches/{match_id}/events", {"version": 1, "play": "6-6"})
    assert led.status_code == 200, led.get_data(as_text=True)
    home = client.get("/").text
    assert "Hand 2" in home and "Hand 1" not in home


def test_the_match_page_names_the_rules_and_what_they_change(client):
    rules = {"preset": "muggins", "target": 100, "block_tie": "split"}
    match_id = create(client, blank(record(rules, "Ann Bo Cy")))
    page = client.get(f"/history/{match_id}").text
    assert (
        "Muggins (own rules: Target: 100 · A tie in a blocked hand: The tied players split" in page
    )
    danish = client.get(f"/history/{match_id}", headers={"Accept-Language": "da"}).text
    assert "Muggins (egne regler: Mål: 100" in danish
