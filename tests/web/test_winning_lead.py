"""A lead that wins the match at once may still be turned round on the winner's screen, as any
lead may until the second tile: the record's left and right are the table's; once the table
taps Final only the admin changes the match, and the button is gone."""

from tests.clients import create, post_json, shown
from tests.records import record

TO_10 = {"preset": "muggins", "target": 10}


def test_the_winning_lead_can_be_turned_until_the_match_is_final(client):
    match_id = create(client, record(TO_10, ["Ann", "Bo"]))
    led = post_json(client, f"/api/matches/{match_id}/events",
                    {"version": 1, "player": "Ann", "play": "6-4"})  # fmt: skip
    assert led.get_json()["result"]["winner"] == 0
    page = shown(client.get(f"/matches/{match_id}").get_data(as_text=True))
    assert "Ann wins!" in page and "⇄ Turn the lead" in page
    turned = client.post(f"/matches/{match_id}/turn", data={"version": "2"})
    assert turned.status_code == 303
    record_now = client.get(f"/api/matches/{match_id}").get_json()["record"]
    assert record_now["hands"][0]["events"] == [{"player": "Ann", "play": "4-6"}]
    assert client.get(f"/api/matches/{match_id}").get_json()["result"]["winner"] == 0
    assert client.post(f"/matches/{match_id}/final", data={"version": "3"}).status_code == 303
    page = shown(client.get(f"/matches/{match_id}").get_data(as_text=True))
    assert "⇄ Turn the lead" not in page  # the button (the phone's words keep its name)
    refused = client.post(f"/matches/{match_id}/turn", data={"version": "3"})
    assert refused.status_code == 422
    assert "only while it is the one tile" in refused.get_data(as_text=True)


def test_the_turn_says_the_ends_on_the_winners_screen(client):
    match_id = create(client, record(TO_10, ["Ann", "Bo"]))
    post_json(client, f"/api/matches/{match_id}/events",
              {"version": 1, "player": "Ann", "play": "6-4"})  # fmt: skip
    turned = client.post(
        f"/matches/{match_id}/turn", data={"version": "2"}, headers={"HX-Request": "true"}
    )
    assert turned.status_code == 200
    assert "The lead is turned: left 4, right 6." in shown(turned.get_data(as_text=True))
