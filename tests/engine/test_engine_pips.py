"""The pips left that follow from those known: with the boneyard empty, the last player's are
what the unplayed tiles hold less the others'; a player whose tiles can weigh only one total."""

import random

from assistant.engine import derived_pips, read_entry, read_event, replay
from assistant.simulate import random_match
from tests.records import hand, record


def test_with_the_boneyard_empty_the_last_players_pips_follow_from_the_others():
    checked = 0
    for seed in range(60):
        rec = random_match(random.Random(seed), max_hands=6)
        match = replay(rec | {"hands": []})
        for data in rec["hands"]:
            for event in data["events"]:
                match = match.enter(read_event(event))
            if "left" in data:
                match = match.enter(read_entry({"left": data["left"]}))
            ended = match.hands[-1]
            truth = ended.pips_left
            holding = [p for p in ended.players if ended.held[p]]
            needed = [p for p in holding if p in ended.needs_left]
            if ended.ended == "win" or not needed or not set(holding) <= set(truth):
                continue
            last = needed[-1]  # the partner of the player who went out may hold tiles unneeded
            known = [p for p in holding if p != last]
            derived = derived_pips(ended, {p: truth[p] for p in known})
            if ended.boneyard == 0:
                assert derived[last] == truth[last]
                checked += 1
            else:
                low, high = ended.pip_bounds(last)
                assert derived.get(last, truth[last]) == truth[last] and (last in derived) == (
                    low == high
                )
            if match.phase == "over":
                break
    assert checked > 5


def test_nothing_is_derived_from_a_total_that_is_not_a_number():
    h = replay(record("all-fives", "X Y", hand("X 6-6"))).hand
    assert derived_pips(h, {"X": "lots"}) == {}
