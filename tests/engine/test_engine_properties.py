"""Properties of every legal match, over random matches played out by assistant.simulate:
real dealt hands, draws until a tile fits, random legal choices, every preset and option,
2–4 players and partnerships."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.engine import TILES, RecordError, add_entry, replay, tile_name, undo_entry
from assistant.simulate import random_match
from tests.helpers import run_replay

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def match_for(seed: int, **options) -> dict:
    return random_match(random.Random(seed), **options)


@SETTINGS
@given(seeds)
def test_no_tile_is_played_twice_in_a_hand(seed):
    result = replay(match_for(seed)).result()
    for played in result["hands"]:
        names = [tile_name(p["tile"]) for p in played["plays"]]
        assert len(names) == len(set(names))


@SETTINGS
@given(seeds)
def test_hands_boneyard_and_layout_always_hold_28_tiles(seed):
    record = match_for(seed, max_hands=4, stop_chance=0.02)
    for hand in replay(record).hands:
        assert sum(hand.tiles_held.values()) + hand.boneyard + len(hand.played) == 28
        assert hand.boneyard >= hand.match.rules.boneyard_reserve


@SETTINGS
@given(seeds)
def test_every_credited_score_is_a_whole_number_of_fives(seed):
    match = replay(match_for(seed))
    fives = match.rules.score_unit == "fives"
    for hand in match.hands:
        for play in hand.plays:
            if play["points"]:
                assert play["count"] % 5 == 0
                assert play["points"] == (play["count"] // 5 if fives else play["count"])
        if hand.settlement and match.rules.rounding != "none" and not fives:
            assert all(float(change * 2) % 5 == 0 for change in hand.settlement.changes)


@SETTINGS
@given(seeds)
def test_scores_add_up_from_plays_and_settlements(seed):
    match = replay(match_for(seed))
    totals = [0] * len(match.sides)
    for hand in match.hands:
        for play in hand.plays:
            totals[match.side_of[play["player"]]] += play["points"]
        if hand.settlement:
            totals = [t + c for t, c in zip(totals, hand.settlement.changes, strict=True)]
        assert totals == hand.scores
    assert totals == match.scores


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds)
def test_every_prefix_of_a_valid_record_is_valid(seed):
    record = match_for(seed, max_hands=2)
    entries = sum(len(h["events"]) + ("left" in h) for h in record["hands"])
    for _ in range(entries):
        record, match = undo_entry(record)  # replays the shorter record: it must be valid
        assert match.result()["hands"] == replay(record).result()["hands"]
    assert record["hands"] == []


@SETTINGS
@given(seeds)
def test_replaying_is_deterministic(seed):
    record = match_for(seed)
    text = json.dumps(record)
    assert replay(json.loads(text)).result() == replay(json.loads(text)).result()


@SETTINGS
@given(seeds, st.randoms(use_true_random=False))
def test_a_tile_that_fits_no_end_is_always_refused(seed, rng):
    record = match_for(seed, stop_chance=0.05)
    match = replay(record)
    if match.phase != "play":
        return
    hand = match.hand
    for tile in TILES:
        ends = hand.fits(tile)
        if ends:
            continue
        event = {"player": hand.turn, "play": tile}
        if hand.open_ends() and rng.random() < 0.5:
            event["end"] = rng.choice([e.name for e in hand.open_ends()])
        try:
            add_entry(record, event)
        except RecordError:
            pass
        else:
            raise AssertionError(f"{tile} was accepted at {event.get('end')}")


@SETTINGS
@given(seeds)
def test_a_tile_that_fits_is_accepted_at_each_end_it_fits(seed):
    record = match_for(seed, stop_chance=0.05)
    match = replay(record)
    if match.phase != "play":
        return
    hand = match.hand
    for tile in hand.unplayed():
        for end in hand.fits(tile):
            updated, after = add_entry(record, {"player": hand.turn, "play": tile, "end": end})
            assert after.hands[-1].plays[-1]["end"] == end


def test_jsonl_agrees_with_the_engine_on_many_random_matches():
    rng = random.Random(7)
    records = [random_match(rng, stop_chance=0.01) for _ in range(300)]
    done = run_replay("--jsonl", stdin="".join(json.dumps(r) + "\n" for r in records))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == len(records)
    for record, line in zip(records, lines, strict=True):
        assert json.loads(line) == replay(record).result()
