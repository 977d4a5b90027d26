"""What the club pages show of one match, derived from its replayed record: a summary row and
one row of tile-level statistics per player. Pure functions: no Flask, no database."""

import hashlib

import orjson

from assistant.engine import Match


def preset_of(record: dict) -> tuple[str, bool]:
    """The preset the rules start from, and whether options were changed from it."""
    rules = record.get("rules")
    if isinstance(rules, dict):
        return str(rules.get("preset", "?")), len(rules) > 1
    return str(rules), False


def digest(record: dict) -> str:
    """The same record gives the same digest, whatever the key order: finds duplicates."""
    return hashlib.sha1(orjson.dumps(record, option=orjson.OPT_SORT_KEYS)).hexdigest()


def summary(match: Match) -> dict:
    record = match.record
    preset, custom = preset_of(record)
    return {
        "preset": preset,
        "custom": int(custom),
        "players": ", ".join(match.players),
        "partnership": int(match.partnership),
        "n_players": len(match.players),
        "hands": len(match.hands),
        "sides": orjson.dumps(match.sides).decode(),
        "scores": orjson.dumps(match.scores).decode(),
        "winner": match.winner,
        "finished": int(match.winner is not None),
        "digest": digest(record),
        "played": record.get("date"),
        "target": match.rules.target,
        "unit": match.rules.score_unit,
    }


def blocks_won(match: Match, hand) -> int | None:
    """The side with the fewest pips (raw, partners added) after a block; None on a tie or when
    the pips are not all known."""
    if hand.ended != "blocked" or any(p not in hand.pips_left for p in match.players):
        return None
    totals = [sum(hand.pips_left[p] for p in side) for side in match.sides]
    fewest = min(totals)
    return totals.index(fewest) if totals.count(fewest) == 1 else None


def player_rows(match: Match) -> list[dict]:
    """Per seat: who, which side, and what they did with the tiles. Points are in points: a
    match scored in fives (`score_unit: fives`) counts 5 points for each, so that the club's
    figures add matches of both kinds in one unit."""
    unit = 5 if match.rules.score_unit == "fives" else 1
    rows = []
    for seat, player in enumerate(match.players):
        side = match.side_of[player]
        partner = match.players[(seat + 2) % 4] if match.partnership else None
        rows.append(
            {
                "seat": seat,
                "name": player,
                "side": side,
                "partner": partner,
                "won": int(match.winner == side),
                "side_points": match.scores[side] * unit,
                "plays": 0,
                "scoring_plays": 0,
                "play_points": 0,
                "largest": 0,
                "dominoes": 0,
                "blocks_won": 0,
                "pips_caught": 0,
            }
        )
    by_name = {row["name"]: row for row in rows}
    for hand in match.hands:
        for play in hand.plays:
            row = by_name[play["player"]]
            row["plays"] += 1
            points = play["points"] * unit
            if points:
                row["scoring_plays"] += 1
                row["play_points"] += points
                row["largest"] = max(row["largest"], points)
        if hand.went_out is not None:
            by_name[hand.went_out]["dominoes"] += 1
        block_side = blocks_won(match, hand)
        for player, pips in hand.pips_left.items():
            by_name[player]["pips_caught"] += pips
            if block_side is not None and match.side_of[player] == block_side:
                by_name[player]["blocks_won"] += 1
    return rows


def hand_rows(match: Match) -> list[dict]:
    """The scorepad: per hand, what each side scored by plays, the settlement and the totals."""
    rows = []
    for hand in match.hands:
        by_plays = [0] * len(match.sides)
        for play in hand.plays:
            by_plays[match.side_of[play["player"]]] += play["points"]
        rows.append(
            {
                "number": hand.number,
                "plays": len(hand.plays),
                "ended": hand.ended,
                "went_out": hand.went_out,
                "by_plays": by_plays,
                "settlement": hand.settlement.changes if hand.settlement else None,
                "scores": list(hand.scores),
            }
        )
    return rows


def derived(match: Match) -> dict:
    """What the club's cache keeps of one match (assistant/club/cache.rows makes its rows)."""
    return {"summary": summary(match), "players": player_rows(match), "names": match.players}


def check(record: object) -> dict:
    """One imported record replayed: what `derived` gives, or the broken rule (as plain data, so
    it can come back from another process)."""
    from assistant.engine import RecordError, replay

    try:
        match = replay(record)
    except RecordError as error:
        where = {"template": error.template, "params": error.params}
        return {"error": where | {"hand": error.hand, "event": error.event}}
    return derived(match)
