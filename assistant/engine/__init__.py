"""The rules engine: pure Python, no web, no database.

Where to look:
* tiles.py — the double-six set and how tiles are written;
* rules.py — every option of RULES.md and the three presets;
* layout.py — the line, the spinner, the open ends and the count;
* match.py — turns, drawing, passing, domino and block, scores and the winner;
* settlement.py — rounding the pips left and settling a hand;
* moves.py — an entry as a value: a hand scored as told (`ScoredHand`);
* entries.py — entering a match as the players say it: add an entry, undo the last one,
  correct one in the current hand;
* limits.py — what one record may hold;
* cli.py — `python -m assistant replay`.
"""

from .entries import add_entry, entries_of, last_entry, new_record, replace_entry, undo_entry
from .errors import RecordError
from .layout import OpenEnd, Placed, Term
from .match import EndChoice, Hand, Match, replay
from .moves import ScoredHand
from .rules import DESCRIPTIONS, PRESETS, Rules, preset, rules_for
from .settlement import Settlement, rounded
from .tiles import TILES, halves, is_double, pips, tile_name

__all__ = [
    "DESCRIPTIONS",
    "PRESETS",
    "TILES",
    "EndChoice",
    "Hand",
    "Match",
    "OpenEnd",
    "Placed",
    "RecordError",
    "Rules",
    "ScoredHand",
    "Settlement",
    "Term",
    "add_entry",
    "entries_of",
    "halves",
    "is_double",
    "last_entry",
    "new_record",
    "pips",
    "preset",
    "replace_entry",
    "replay",
    "rounded",
    "rules_for",
    "tile_name",
    "undo_entry",
]
