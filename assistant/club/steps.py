"""Stepping through a match entry by entry: the record as it stood after each entry, replayed,
so the layout, the open ends and the count are shown as they were at that moment."""

from dataclasses import dataclass

from assistant.engine import Match, replay


@dataclass
class Step:
    number: int  # 1 … total; 0 is the empty table before the first lead
    total: int
    entry: dict | None  # the event, {"left": ...} or a hand scored as told ({"points": ...})
    match: Match  # replayed up to and including this step
    hand_number: int

    @property
    def hand(self):
        """The hand this step belongs to (what the table's layout partials draw)."""
        return self.match.hands[self.hand_number - 1] if self.match.hands else self.match.hand

    @property
    def phase(self) -> str:
        return "play" if self.match.hands else "lead"

    @property
    def play(self) -> dict | None:
        """The play entered at this step, with its count and points."""
        if self.entry and "play" in self.entry and self.hand.plays:
            return self.hand.plays[-1]
        return None

    @property
    def terms(self) -> list:
        return self.hand.play_terms[-1] if self.play and self.hand.play_terms else []


def entries(record: dict) -> list[tuple[int, int | None]]:
    """Every entry as (hand index, event index), or (hand index, None) for its `left` or for a
    hand scored as told (one step: the whole hand)."""
    found = []
    for h, hand in enumerate(record.get("hands", [])):
        found += [(h, e) for e in range(len(hand.get("events", [])))]
        if "left" in hand or "points" in hand:
            found.append((h, None))
    return found


def record_at(record: dict, where: tuple[int, int | None] | None) -> dict:
    """The record as it stood once the entry `where` was entered (None: before the first)."""
    cut = {key: value for key, value in record.items() if key != "hands"}
    if where is None:
        return cut | {"hands": []}
    h, e = where
    hands = [dict(hand) for hand in record["hands"][: h + 1]]
    if e is not None:
        hands[-1] = {"events": hands[-1]["events"][: e + 1]}
    return cut | {"hands": hands}


def step(record: dict, number: int) -> Step:
    """Step `number`, clamped to the match (0 … the number of entries)."""
    found = entries(record)
    number = max(0, min(number, len(found)))
    where = found[number - 1] if number else None
    match = replay(record_at(record, where), explain=True)
    entry = None
    if where is not None:
        h, e = where
        hand = record["hands"][h]
        if e is not None:
            entry = hand["events"][e]
        else:
            entry = dict(hand) if "points" in hand else {"left": hand["left"]}
    hand_number = where[0] + 1 if where else 1
    return Step(number, len(found), entry, match, hand_number)
