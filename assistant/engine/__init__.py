"""The rules engine: pure Python, no web, no database.

Where to look:
* tiles.py — the double-six set and how tiles are written;
* rules.py — every option of RULES.md and the three presets;
* layout.py — the line, the spinner, the open ends and the count;
* match.py — turns, drawing, passing, domino and block, scores and the winner;
* settlement.py — rounding the pips left and settling a hand;
* entries.py — adding an entry to a record and undoing the last one;
* cli.py — `python -m assistant replay`.
"""

from .entries import add_entry, entries_of, new_record, undo_entry
from .errors import RecordError
from .layout import OpenEnd, Placed, Term
from .match import Hand, Match, replay
from .rules import DESCRIPTIONS, PRESETS, Rules, preset, rules_for
from .settlement import rounded
from .tiles import TILES, halves, is_double, pips, tile_name

__all__ = [
    "DESCRIPTIONS",
    "PRESETS",
    "TILES",
    "Hand",
    "Match",
    "OpenEnd",
    "Placed",
    "Play",
    "RecordError",
    "Rules",
    "Term",
    "add_entry",
    "entries_of",
    "halves",
    "is_double",
    "new_record",
    "pips",
    "preset",
    "replay",
    "rounded",
    "rules_for",
    "tile_name",
    "undo_entry",
]
