"""The rules engine: pure Python, no web, no database.

Where to look:
* tiles.py — the double-six set and how tiles are written;
* rules.py — every option of RULES.md and the three presets;
* layout.py — the line, the spinner, the open ends and the count;
* match.py — turns, drawing, passing, domino and block, scores and the winner;
* settlement.py — rounding the pips left and settling a hand;
* entries.py — entering a match as the players say it: add an entry, undo the last one,
  correct one in the current hand;
* corrections.py — fixing the current hand: an entry replaced, inserted or removed, the later
  ones replayed after it (a later tile that now fits ends making different games asks its end);
* pips.py — the pips left that follow from those known at the end of a hand;
* limits.py — what one record may hold;
* cli.py — `python -m assistant replay`.
"""

from .corrections import EndAsked, correct_entry, insert_entry, remove_entry
from .entries import add_entry, entries_of, last_entry, new_record, replace_entry, undo_entry
from .errors import RecordError
from .layout import OpenEnd, Placed, Term
from .match import EndChoice, Hand, Match, replay
from .pips import derived_pips
from .rules import DESCRIPTIONS, PRESETS, Rules, preset, rules_for
from .settlement import Settlement, rounded
from .tiles import TILES, halves, is_double, pips, tile_name

__all__ = [
    "DESCRIPTIONS",
    "PRESETS",
    "TILES",
    "EndAsked",
    "EndChoice",
    "Hand",
    "Match",
    "OpenEnd",
    "Placed",
    "RecordError",
    "Rules",
    "Settlement",
    "Term",
    "add_entry",
    "correct_entry",
    "derived_pips",
    "entries_of",
    "halves",
    "insert_entry",
    "is_double",
    "last_entry",
    "new_record",
    "pips",
    "preset",
    "remove_entry",
    "replace_entry",
    "replay",
    "rounded",
    "rules_for",
    "tile_name",
    "undo_entry",
]
