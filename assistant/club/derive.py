"""What the club pages show of one match, derived from its replayed record: a summary row and
one row of tile-level statistics per player. Pure functions: no Flask, no database."""

import hashlib
import weakref
from datetime import date, datetime, timedelta

import orjson

from assistant.club.games import FIVES_AND_THREES, game_of
from assistant.engine import Match, RecordError, replay


def preset_of(record: dict) -> tuple[str, bool]:
    """The preset the rules start from, and whether options were changed from it."""
    rules = record.get("rules")
    if isinstance(rules, dict):
        return str(rules.get("preset", "?")), len(rules) > 1
    return str(rules), False


def digest(record: dict) -> str:
    """The same record gives the same digest, whatever the key order: finds duplicates."""
    return hashlib.sha1(orjson.dumps(record, option=orjson.OPT_SORT_KEYS)).hexdigest()


NIGHT_ENDS = 6  # a club night runs until 06:00 the next morning


def night_of(played: str | None) -> str | None:
    """The club night a match belongs to (YYYY-MM-DD), from the record's `date`: a date is its
    own night; a date-time counts by the local time written in it (its UTC offset is ignored),
    and before 06:00 it belongs to the evening before. None for an undated match."""
    if not played:
        return None
    if len(played) <= 10:
        return date.fromisoformat(played).isoformat()
    when = datetime.fromisoformat(played).replace(tzinfo=None)
    return (when - timedelta(hours=NIGHT_ENDS)).date().isoformat()


def summary(match: Match, with_digest: bool = True) -> dict:
    """The match's summary row; its digest only `with_digest` (else "": made when needed)."""
    record = match.record
    preset, custom = preset_of(record)
    return {
        "preset": preset,
        "custom": int(custom),
        "game": game_of(match.rules),
        "players": ", ".join(match.players),
        "partnership": int(match.partnership),
        "n_players": len(match.players),
        "hands": len(match.hands),
        "sides": orjson.dumps(match.sides).decode(),
        "scores": orjson.dumps(match.scores).decode(),
        "winner": match.winner,
        "finished": int(match.winner is not None),
        "digest": digest(record) if with_digest else "",
        "played": record.get("date"),
        "target": match.rules.target,
        "unit": match.rules.score_unit,
        "hand_rows": orjson.dumps(scorepad(match)).decode(),
    }


SCOREPAD = ("number", "plays", "ended", "went_out", "by_plays", "settlement", "scores")


def scorepad(match: Match) -> list[list]:
    """`hand_rows` as the cache keeps them: a list a hand, in `SCOREPAD`'s order (the notes of a
    hand scored on paper stay in the record)."""
    return [[row[key] for key in SCOREPAD] for row in hand_rows(match)]


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
    figures add matches of both kinds in one unit. Fives and Threes adds its own figures: the
    player's plays that made 15, the scoring counts the exact target refused (busts), and the
    hands their side went out (chipped out)."""
    unit = 5 if match.rules.score_unit == "fives" else 1
    told = sum(1 for hand in match.hands if hand.scored)  # no tiles: points only
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
                "points_against": (sum(match.scores) - match.scores[side]) * unit,
                "plays": 0,
                "scoring_plays": 0,
                "play_points": 0,
                "largest": 0,
                "dominoes": 0,
                "blocks_won": 0,
                "pips_caught": 0,
                "told_hands": told,
                "fifteens": 0,
                "busts": 0,
                "chip_outs": 0,
            }
        )
    by_name = {row["name"]: row for row in rows}
    threes = game_of(match.rules) == FIVES_AND_THREES
    for hand in match.hands:
        for player, counts in _tally(match, hand).items():
            plays, scoring, points, largest, dominoes, blocks, pips, *own = counts
            row = by_name[player]
            if threes:
                row["fifteens"] += own[0]
                row["busts"] += own[1]
                row["chip_outs"] += own[2]
            row["plays"] += plays
            row["scoring_plays"] += scoring
            row["play_points"] += points * unit
            row["largest"] = max(row["largest"], largest * unit)
            row["dominoes"] += dominoes
            row["blocks_won"] += blocks
            row["pips_caught"] += pips
    return rows


_tallies: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _tally(match: Match, hand) -> dict:
    """What each player did in one hand: plays, scoring plays, play points, largest, dominoes,
    blocks won, pips caught; and as Fives and Threes reads them: plays that made 15, busts (a
    count that would score in threes and fives, refused: 0 points), hands their side went out
    (the caller keeps these for a match of that game only). A settled hand is shared by every
    later version of its match (`replay(prefix=…)`), so its tally is kept with it: a tap
    tallies only the current hand."""
    kept = _tallies.get(hand)
    if kept is not None:
        return kept
    tally = {player: [0] * 10 for player in match.players}
    for play in hand.plays:
        counts, points = tally[play["player"]], play["points"]
        counts[0] += 1
        counts[7] += play["count"] == 15
        counts[8] += not points and match.count_points(play["count"]) > 0
        if points:
            counts[1] += 1
            counts[2] += points
            counts[3] = max(counts[3], points)
    if hand.went_out is not None:
        tally[hand.went_out][4] += 1
        if hand.ended == "domino":
            side = match.side_of[hand.went_out]
            for player in match.sides[side]:
                tally[player][9] += 1
    block_side = blocks_won(match, hand)
    for player, pips in hand.pips_left.items():
        tally[player][6] += pips
        if block_side is not None and match.side_of[player] == block_side:
            tally[player][5] += 1
    if hand.settlement is not None:
        _tallies[hand] = tally
    return tally


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
                "notes": hand.told.notes if hand.told else None,
                "by_plays": by_plays,
                "settlement": list(hand.settlement.changes) if hand.settlement else None,
                "scores": list(hand.scores),
            }
        )
    return rows


def derived(match: Match, with_digest: bool = True) -> dict:
    """What the club's cache keeps of one match (assistant/club/cache.rows makes its rows)."""
    return {
        "summary": summary(match, with_digest),
        "players": player_rows(match),
        "names": match.players,
    }


def check(record: object) -> dict:
    """One imported record replayed: what `derived` gives, or the broken rule (as plain data, so
    it can come back from another process)."""
    try:
        match = replay(record)
    except RecordError as error:
        where = {"template": error.template, "params": error.params}
        return {"error": where | {"hand": error.hand, "event": error.event}}
    return derived(match)
