"""Random legal matches, played out with real dealt hands: for tests, benchmarks and demo data.

Each player holds real tiles; whoever cannot play draws until a tile fits, or passes when the
boneyard is down to the reserve (knocks at once where there is no drawing); a random legal tile
and end are chosen. The engine keeps the
layout and the scores; the record is what the players at the table would have entered.
"""

import random

from .engine import TILES, Play, halves, read_entry, replay
from .engine.rules import CHOICES, preset

NAMES = ["Ann", "Bo", "Cy", "Di", "Eva", "Finn", "Gus", "Hal", "Ida", "Jo", "Kim", "Lev"]


def random_rules(rng: random.Random, players: int, partnership: bool) -> object:
    """A preset, or a preset with random overrides of every kind of option."""
    name = rng.choice(["all-fives", "muggins", "pagat", "fives-and-threes"])
    if rng.random() < 0.4:
        return name
    spec: dict = {"preset": name}
    for option, choices in CHOICES.items():
        if rng.random() < 0.3:
            spec[option] = rng.choice(choices)
    if spec.get("score_unit") == "fives" and spec.get("rounding") == "none":
        spec["rounding"] = "nearest"
    rules = preset(name, players, partnership)
    counting = spec.get("count_scoring", rules.count_scoring)
    if counting == "fives_and_threes" and spec.get("score_unit") == "fives":
        del spec["score_unit"]
    if rng.random() < 0.3 and spec.get("boneyard", rules.boneyard) == "draw":
        spec["boneyard_reserve"] = rng.choice([0, 1, 2])
    if rng.random() < 0.2:
        spec["go_bonus"] = rng.choice([0, 1, 2, 5])
    if (
        spec.get("hand_end", rules.hand_end) == "chip_out"
        and spec.get("exact_target", rules.exact_target)
        and spec.get("win_check") == "end_of_hand"
    ):
        spec["win_check"] = "immediate"
    if rng.random() < 0.2:
        spec["hand_size"] = rng.randint(1, (28 - spec.get("boneyard_reserve", 0)) // players)
    if rng.random() < 0.5:
        fives = spec.get("score_unit") == "fives" or counting == "fives_and_threes"
        spec["target"] = rng.choice([31, 61, 121]) if fives else rng.choice([50, 100, 150, 250])
    return spec


def random_match(
    rng: random.Random,
    players: int | None = None,
    rules: object = None,
    partnership: bool | None = None,
    max_hands: int = 25,
    stop_chance: float = 0.0,
    extras: bool = False,
) -> dict:
    """A legal record: played to its end, or stopped after `max_hands`, or with probability
    `stop_chance` per entry stopped mid-match (a match in progress).

    `extras`: also what a record may carry and a result ignores, at random: a `date`, `notes` on
    the record and its hands, `"end": null` on leads and plays that fit one end, and the `left`
    of a hand the match was won in."""
    players = players or rng.randint(2, 4)
    if partnership is None:
        partnership = players == 4 and rng.random() < 0.5
    names = rng.sample(NAMES, players)
    if rules is None:
        rules = random_rules(rng, players, partnership)
    record = {
        "format": "allfives-match/1",
        "rules": rules,
        "players": names,
        "partnership": partnership,
        "hands": [],
    }
    if extras:
        _annotate(rng, record)
    match = replay(record)
    reserve = match.rules.boneyard_reserve
    drawing = match.rules.boneyard == "draw"

    def enter(entry: dict) -> bool:
        nonlocal match
        if "left" in entry:
            record["hands"][-1]["left"] = entry["left"]
        elif match.phase == "lead":
            record["hands"].append({"events": [entry]})
        else:
            record["hands"][-1]["events"].append(entry)
        match = match.enter(read_entry(entry))
        return rng.random() < stop_chance

    while match.phase != "over" and len(match.hands) < max_hands:
        deck = list(TILES)
        rng.shuffle(deck)
        size = match.rules.hand_size
        held = {p: deck[i * size : (i + 1) * size] for i, p in enumerate(names)}
        boneyard = deck[players * size :]
        leader = match.next_leader or rng.choice(names)
        lead = {"player": leader, "play": _written(rng, held[leader].pop())}
        if extras and rng.random() < 0.3:
            lead["end"] = None
        if enter(lead):
            return record
        if extras and rng.random() < 0.2:
            record["hands"][-1]["notes"] = rng.choice(["Ann kept score", "Disputed: 5-5 was down"])
        while not match.hands[-1].ended:
            hand = match.hands[-1]
            player = hand.turn
            drawn = 0
            playable = [(t, e) for t in held[player] if (e := hand.fits(t))]
            while not playable and drawing and len(boneyard) > reserve:
                tile = boneyard.pop()
                held[player].append(tile)
                drawn += 1
                if hand.fits(tile):
                    playable = [(tile, hand.fits(tile))]
            while drawn:
                step = rng.randint(1, drawn)
                drawn -= step
                if enter({"player": player, "draw": step}):
                    return record
            if playable:
                tile, ends = rng.choice(playable)
                held[player].remove(tile)
                event = {"player": player, "play": _written(rng, tile)}
                if len(ends) > 1 or rng.random() < 0.5:
                    event["end"] = rng.choice(ends)
                elif extras and rng.random() < 0.3:
                    event["end"] = None
                stop = enter(event)
            else:
                stop = enter({"player": player, "pass": True})
            if stop:
                return record
        hand = match.hands[-1]
        if hand.ended in ("domino", "blocked") and hand.settlement is None:
            needed = set(hand.needs_left)
            left = {}
            for p in names:
                if p in needed or rng.random() < 0.2:
                    left[p] = _left(rng, held[p])
            if enter({"left": left}):
                return record
        elif extras and rng.random() < 0.5:  # won, or chipped out: checked and ignored
            record["hands"][-1]["left"] = {p: _left(rng, held[p]) for p in names if held[p]}
    return record


def _left(rng: random.Random, tiles: list[str]) -> list[str] | int:
    """The tiles a player holds at the end of a hand, as tiles or as their pip total."""
    if rng.random() < 0.5:
        return [_written(rng, t) for t in tiles]
    return sum(sum(halves(t)) for t in tiles)


def _annotate(rng: random.Random, record: dict) -> None:
    if rng.random() < 0.5:
        day = f"2026-{rng.randint(1, 12):02}-{rng.randint(1, 28):02}"
        record["date"] = day if rng.random() < 0.5 else f"{day}T19:{rng.randint(0, 59):02}:00+01:00"
    if rng.random() < 0.3:
        record["notes"] = rng.choice(["Club night, table 2", "Ann's kitchen", "Søren: «nej»"])


def _written(rng: random.Random, tile: str) -> str:
    """A tile as a player might tap it in: either half first."""
    if rng.random() < 0.5:
        return tile
    a, b = halves(tile)
    return f"{b}-{a}"


def as_entered(record: dict) -> dict:
    """The same match as the table screen enters it, tap by tap (for tests and benchmarks that
    drive the screen with a record).

    The screen names every tile high half first, so a lead the record writes low half first
    ("0-2") lies the other way round, left and right swapped; and a tile whose ends all make the
    same game (Hand.distinct_ends) is laid on the first of them without asking, which may be
    the mirror image of where the record laid it. Later ends are renamed to match, so every
    play scores as in the record (checked: AssertionError otherwise). The result writes every
    tile high half first and gives an end exactly where the screen would ask for one or lays
    the tile itself."""
    players = {key: value for key, value in record.items() if key != "hands"}
    match, phone = replay(players | {"hands": []}), replay(players | {"hands": []})
    hands = []
    for hand in record["hands"]:
        names = {"left": "left", "right": "right", "up": "up", "down": "down"}
        events = []
        for n, data in enumerate(hand["events"]):
            event = read_entry(data)
            entered = data
            if type(event) is Play:
                a, b = halves(event.tile)
                tile = f"{max(a, b)}-{min(a, b)}"
                if n == 0 and tile != event.tile:
                    names |= {"left": "right", "right": "left"}
                entered = {"player": event.player, "play": tile}
                fits, distinct = phone.hand.fits(tile), phone.hand.distinct_ends(tile)
                wanted = names[event.end] if event.end is not None else None
                if len(distinct) > 1:
                    entered["end"] = wanted
                elif len(fits) > 1:  # not asked: the screen lays it on the first of them
                    entered["end"] = distinct[0]
                    if wanted != distinct[0]:
                        swap = {wanted: distinct[0], distinct[0]: wanted}
                        names = {k: swap.get(v, v) for k, v in names.items()}
            match = match.enter(event)
            phone = phone.enter(read_entry(entered))
            events.append(entered)
            if (
                type(event) is Play
                and match.hands[-1].plays[-1]["points"] != phone.hands[-1].plays[-1]["points"]
            ):
                raise AssertionError(f"hand {len(hands) + 1}: {data} scores differently")
        entered_hand = {"events": events}
        if "left" in hand:
            entered_hand["left"] = hand["left"]
            left = read_entry({"left": hand["left"]})
            match = match.enter(left)
            phone = phone.enter(left)
        hands.append(entered_hand)
    if phone.scores != match.scores:
        raise AssertionError("the match as entered scores differently from the record")
    return players | {"hands": hands}
