"""Properties of every legal match, over random matches played out by assistant.simulate:
real dealt hands, draws until a tile fits, random legal choices, every preset and option,
2–4 players and partnerships."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.engine import (
    TILES,
    RecordError,
    add_entry,
    entries_of,
    read_entry,
    replace_entry,
    replay,
    tile_name,
    undo_entry,
)
from assistant.simulate import random_match
from tests.cli import run_replay

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
        assert hand.boneyard >= hand.setup.rules.boneyard_reserve


@SETTINGS
@given(seeds)
def test_every_credited_score_is_what_its_count_scores(seed):
    match = replay(match_for(seed))
    fives = match.rules.score_unit == "fives"
    threes = match.rules.count_scoring == "fives_and_threes"
    for hand in match.hands:
        for play in hand.plays:
            count = play["count"]
            if play["points"] and threes:
                assert count % 3 == 0 or count % 5 == 0
                by_threes = count // 3 if count % 3 == 0 else 0
                assert play["points"] == by_threes + (count // 5 if count % 5 == 0 else 0)
            elif play["points"]:
                assert count % 5 == 0
                assert play["points"] == (count // 5 if fives else count)
        chip_out = match.rules.hand_end == "chip_out"
        if hand.settlement and match.rules.rounding != "none" and not fives and not chip_out:
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
        assert tuple(totals) == hand.scores
    assert tuple(totals) == match.scores


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
            add_entry(record, read_entry(event))
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
            updated, after = add_entry(
                record, read_entry({"player": hand.turn, "play": tile, "end": end})
            )
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


# -- what a record may carry, the settlement rules, and the one entry path -----------------------


def plain(record: dict) -> dict:
    """The record without what the result ignores: date, notes, `"end": null`, the pips left
    of a hand the match was won in."""
    won = replay(record)
    hands = []
    for data, hand in zip(record["hands"], won.hands, strict=True):
        events = [
            {k: v for k, v in e.items() if not (k == "end" and v is None)} for e in data["events"]
        ]
        kept = {"events": events}
        if "left" in data and hand.ended != "win":
            kept["left"] = data["left"]
        hands.append(kept)
    header = {k: v for k, v in record.items() if k not in ("date", "notes", "hands")}
    return header | {"hands": hands}


@SETTINGS
@given(seeds)
def test_dates_notes_null_ends_and_pips_left_of_a_won_hand_change_nothing(seed):
    record = match_for(seed, extras=True)
    assert replay(record).result() == replay(plain(record)).result()


@SETTINGS
@given(seeds)
def test_pip_totals_are_within_what_the_unplayed_tiles_allow(seed):
    record = match_for(seed, extras=True, max_hands=6)
    before = {**record, "hands": []}
    for data in record["hands"]:
        if "left" in data and any(type(v) is int for v in data["left"].values()):
            hand = replay(
                {**before, "hands": [*before["hands"], {"events": data["events"]}]}
            ).hands[-1]
            for player, given in data["left"].items():
                low, high = hand.pip_bounds(player)
                if type(given) is int:
                    assert low <= given <= high
                for wrong in (low - 1, high + 1):
                    broken = {**data, "left": {**data["left"], player: wrong}}
                    try:
                        replay({**before, "hands": [*before["hands"], broken]})
                    except RecordError as refused:
                        assert refused.event == "left"
                    else:
                        raise AssertionError(f"{player} with {wrong} pips was accepted")
        before = {**before, "hands": [*before["hands"], data]}


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds)
def test_a_block_tie_splits_only_two_of_three_sides_else_nobody_scores(seed):
    match = replay(match_for(seed, players=3, rules="pagat", max_hands=8))
    for hand in match.hands:
        settlement = hand.settlement
        if settlement is None or hand.ended != "blocked":
            continue
        totals = settlement.side_pips
        fewest = min(totals)
        tied = [i for i, t in enumerate(totals) if t == fewest]
        if len(tied) == 2:
            (third,) = set(range(3)) - set(tied)
            half = settlement.side_rounded[third] / 2
            assert [settlement.changes[i] for i in tied] == [half, half]
            assert settlement.changes[third] == 0
        elif len(tied) == 3:
            assert settlement.changes == (0, 0, 0)


def as_said(match, event: dict) -> dict:
    """What a player says for a recorded event: no player, and no end when the ends it fits all
    make the same game and the record names the first of them."""
    said = {k: v for k, v in event.items() if k != "player"}
    tile, end = event.get("play"), event.get("end")
    if end is not None and match.phase == "play":
        hand = match.hands[-1]
        if len(hand.fits(tile)) > 1 and hand.distinct_ends(tile) == [end]:
            del said["end"]
    return said


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds)
def test_entries_as_players_say_them_build_the_same_record(seed):
    record = match_for(seed, max_hands=4)
    built, match = {**record, "hands": []}, None
    for entry in entries_of(record):
        current = replay(built) if match is None else match
        leader = entry.get("player") if current.phase == "lead" else None
        said = entry if "left" in entry else as_said(current, entry)
        built, match = add_entry(built, read_entry(said), leader=leader, replayed=current)
    assert built == record
    assert match.result() == replay(record).result()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, st.randoms(use_true_random=False))
def test_an_entry_replaced_by_itself_changes_nothing(seed, rng):
    record = match_for(seed, max_hands=3, stop_chance=0.02)
    if not record["hands"]:
        return
    events = record["hands"][-1]["events"]
    position = rng.randint(1, len(events))
    same, match = replace_entry(record, position, read_entry(events[position - 1]))
    assert same == record
    assert match.result() == replay(record).result()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds)
def test_undo_from_the_last_version_agrees_with_a_whole_replay(seed):
    record = match_for(seed, max_hands=4)
    match = replay(record)
    while record["hands"]:
        record, match = undo_entry(record, replayed=match)
        assert match.result() == replay(record).result()
