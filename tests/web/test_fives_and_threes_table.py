"""Fives and Threes at the table without a browser (issue 24): New match offers the leagues'
choices in words; the table knocks instead of drawing, explains a count in threes and fives, a
bust and the point for going out, names the next leader, shows a partner who is out, what each
side needs near the end, and the cribbage board."""

import re

from tests.clients import create, post_json, shown
from tests.records import blank, example, hand, record

HTMX = {"HX-Request": "true"}
FT = "fives-and-threes"


def text(html: str) -> str:
    """The page's words, tags and runs of space taken out."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", shown(html)))


def new_match(client, **fields) -> dict:
    form = {"player": ["Ann", "Bo", "", ""], "preset": FT, "create": "1"} | fields
    answer = client.post("/matches/new", data=form)
    assert answer.status_code == 303, answer.text
    match_id = answer.headers["Location"].rsplit("/", 1)[1]
    return client.get(f"/matches/{match_id}/record.json").get_json()


def test_new_match_offers_fives_and_threes_with_the_league_choices_in_words(client):
    page = text(client.post("/matches/new", data={"player": ["Ann", "Bo"], "preset": FT}).text)
    assert "Fives and Threes as your league plays it" in page
    assert "61: once round the board" in page and "121: twice round the board (pairs)" in page
    assert "7 tiles each" in page and "9 tiles each, as the Teesdale League deals" in page
    assert "No winning on the lead" in page
    assert "Partners both go out" not in page  # two players: no partners
    assert new_match(client)["rules"] == FT
    # The numbers of the preset shown before (All Fives's 250) do not follow it into the match.
    chosen = new_match(client, target="250", target_default="250", hand_size="9",
                       hand_size_default="9", league_target="121", league_deal="league",
                       no_win_on_lead="on")  # fmt: skip
    assert chosen["rules"] == {"preset": FT, "target": 121, "hand_size": 9, "lead_can_win": False}


def test_four_players_choose_whether_partners_both_go_out(client):
    four = {"player": ["Ann", "Bo", "Cy", "Di"], "partnership": "on"}
    page = text(client.post("/matches/new", data=four | {"preset": FT}).text)
    assert "5 tiles each" in page and "6 tiles each, as the Teesdale League deals" in page
    assert "Partners both go out: the hand goes on until both are out" in page
    assert new_match(client, **four, partners_out="both")["rules"] == FT
    one = new_match(client, **four, partners_out="one", league_deal="league")
    assert one["rules"] == {"preset": FT, "hand_size": 6, "go_out": "player"}
    assert one["partnership"] is True


def test_the_league_choices_are_ignored_by_the_other_presets(client):
    chosen = new_match(client, preset="all-fives", league_target="121", no_win_on_lead="on")
    assert chosen["rules"] == "all-fives"


def test_a_knock_and_no_boneyard_and_a_count_in_threes_and_fives(client):
    played = example("fives-and-threes-counts")
    first = played["hands"][0]["events"]
    match_id = create(client, blank(played) | {"hands": [{"events": first[:1]}]})
    page = text(client.get(f"/matches/{match_id}").text)
    assert "6-6 12 (6-6): 4 threes → Ann +4" in page
    assert "Boneyard" not in page and "Draw" not in page
    assert ">Knock</button>" in client.get(f"/matches/{match_id}").text
    version = 1
    for event in first[1:4]:  # Bo 6-3 (15), Ann 3-0 (12), Bo 6-5 on the left: 5 + 0 = 5
        answer = post_json(client, f"/api/matches/{match_id}/events", event | {"version": version})
        assert answer.status_code == 200, answer.text
        version += 1
    page = text(client.get(f"/matches/{match_id}").text)
    assert "5 + 0 = 5: 1 five → Bo +1" in page
    knocked = client.post(f"/matches/{match_id}/pass", data={"version": version}, headers=HTMX).text
    assert "Ann knocked" in text(knocked)
    assert "knocked" in text(client.get(f"/matches/{match_id}?fix=0").text)
    undone = client.post(f"/matches/{match_id}/undo", data={"version": version + 1}, headers=HTMX)
    assert "Undone: Ann&#39;s knock." in text(undone.text)


def test_fifteen_scores_eight_and_says_why(client):
    fifteen = record(FT, "Ann Bo", hand("Ann 6-6", "Bo 6-3 right"))
    page = text(client.get(f"/matches/{create(client, fifteen)}").text)
    assert "12 (6-6) + 3 = 15: 5 threes and 3 fives → Bo +8" in page


def test_a_bust_and_a_chip_out_explained_and_the_next_leader_named(client):
    played = example("fives-and-threes-bust-going-out")
    bust = played | {"hands": played["hands"][:2]}
    page = text(client.get(f"/matches/{create(client, bust)}").text)
    assert "4-3 3 + 3 = 6: 2 threes → bust" in page
    assert "63 would pass 61: nothing scored, Ann stays on 60." in page
    assert "Hand 2: Ann chips out: the point for going out is not scored." in page
    assert "Bo leads hand 3" in page  # Ann led hand 2: the lead passes round
    assert "Ann 60 needs 1" in page and "Bo 40 21 to go" in page
    rules = {"preset": FT, "hand_size": 2}
    out = record(rules, "Ann Bo", {"points": {"Ann": 30}}, hand("Ann 5-0", "Bo 0-1 right",
                                                              "Ann 5-4 left"))  # fmt: skip
    page = text(client.get(f"/matches/{create(client, out)}").text)
    assert "4 + 1 = 5: 1 five → Ann +1" in page
    assert "Hand 2: Ann chips out: +1." in page
    assert "Ann 33 28 to go" in page
    assert "Bo leads hand 3" in page


def test_no_winning_on_the_lead(client):
    rules = {"preset": FT, "lead_can_win": False}
    lead = record(rules, "Ann Bo", {"points": {"Ann": 59}}, hand("Ann 5-5"))
    page = text(client.get(f"/matches/{create(client, lead)}").text)
    assert "5-5 10 (5-5): 2 fives → bust" in page
    assert (
        "No winning on the lead: the lead would make 61, so nothing is scored; Ann stays on 59."
        in page
    )
    assert "Ann 59 needs 2" in page
    lead["rules"] = FT  # the preset lets a lead win
    assert "Ann wins!" in text(client.get(f"/matches/{create(client, lead)}").text)


def test_a_partner_who_is_out_is_shown_out_and_passed_over(client):
    played = example("fives-and-threes-partners-both-out")
    events = played["hands"][0]["events"]
    # Cy's 4-0 is his last tile; Finn, Hal and Bo play on, and Cy is passed over.
    cut = next(i for i, e in enumerate(events) if e["player"] == "Bo" and e.get("pass"))
    match_id = create(client, played | {"hands": [{"events": events[: cut + 1]}]})
    page = client.get(f"/matches/{match_id}").text
    assert (
        '<li data-player="Cy" class="out"><span class="name"><bdi>Cy</bdi></span> <b>out</b>'
        in page
    )
    assert "Bo knocked" in text(page) and "Finn to play" in text(page)
    every = create(client, played)
    page = text(client.get(f"/matches/{every}").text)
    assert "Hal chips out: Cy + Hal +1." in page
    assert "Finn leads hand 2" in page


def test_the_board_draws_each_sides_peg(client):
    played = example("fives-and-threes-bust-going-out")
    page = client.get(f"/matches/{create(client, played)}").text
    board = re.search(r'<svg class="board".*?</svg>', page).group(0)
    # Ann's peg in the game hole; Bo's in hole 40, on the way back (row 2, 10th from the end).
    assert board.count('r="2.7"') == 2  # a peg each
    assert '<circle cx="41.5" cy="10.5" r="2.7" fill="#c0392b"/>' in board
    assert '<circle cx="158" cy="29.5" r="2.7" fill="#1f6fb2"/>' in board
    pairs = record({"preset": FT, "target": 121}, "Ann Bo Cy Di", partnership=True)
    page = client.get(f"/matches/{create(client, pairs)}").text
    board = re.search(r'<svg class="board".*?</svg>', page).group(0)
    assert board.count("M1 ") == 4  # twice round the board: 4 rows to a lane
    # All Fives has no board.
    assert (
        'class="board"'
        not in client.get(f"/matches/{create(client, example('spinner-lead-four-arms'))}").text
    )


def test_an_end_button_says_the_point_for_going_out_and_a_bust(client):
    rules = {"preset": FT, "hand_size": 2}
    # Ann leads 3-1 (4: nothing); Bo 1-6 on the right (3 + 6 = 9: 3); Ann's last tile, 6-3,
    # goes on the 3 (6 + 6 = 12: 4) or on the 6 (3 + 3 = 6: 2), and goes out.
    match_id = create(client, record(rules, "Ann Bo", hand("Ann 3-1", "Bo 1-6 right")))
    page = text(client.get(f"/matches/{match_id}?tile=6-3").text)
    assert "count 12 · +4 · +1 for going out" in page
    assert "count 6 · +2 · +1 for going out" in page
    # At 58, 4 + 1 would pass 61: a bust; 2 + 1 lands on it.
    near = record(rules, "Ann Bo", {"points": {"Ann": 58}}, hand("Ann 3-1", "Bo 1-6 right"))
    page = text(client.get(f"/matches/{create(client, near)}?tile=6-3").text)
    assert "count 12 · bust" in page
    assert "count 6 · +2 · +1 for going out" in page
