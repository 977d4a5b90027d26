"""The rules engine: pure Python, no web, no database.

Where to look:
* tiles.py — the double-six set and how tiles are written;
* rules.py — every option of RULES.md and the four presets;
* layout.py — the line, the spinner, the open ends and the count;
* values.py — what makes a state or an entry a value: `FrozenMap`, `Value`, the builders' rule;
* setup.py — who plays, in which sides, under which rules;
* match.py — the match as a value: `enter(match, entry)` gives the next one; its hands in order,
  the count's points, the scores, the winner, and the questions a screen asks (whose turn,
  which ends a tile may go on and what each would score);
* hand.py — one hand, a value: the lead, plays, draws, passes (knocks), the turn (a player who
  is out is passed over), a domino or a block, the pips left and the settlement;
* settlement.py — rounding the pips left and settling a hand;
* moves.py — an entry as a value: `Play`, `Draw`, `Pass`, `Left` (the tiles left), `ScoredHand`
  (a hand scored as told);
* record.py — the record's JSON: `replay(record)` reads it into a `Match`, `read_entry` reads an
  entry said in JSON, `event_json`/`entry_json` write them;
* entries.py — entering a match as the players say it: add an entry, undo the last one,
  correct one in the current hand;
* corrections.py — fixing the current hand: an entry replaced, inserted or removed, the later
  ones replayed after it (a later tile that now fits ends making different games asks its end);
* pips.py — the pips left that follow from those known at the end of a hand;
* limits.py — what one record may hold;
* names.py — when two names are one person's (the seats, the registry);
* cli.py — `python -m assistant replay`.
"""

from .corrections import EndAsked, correct_entry, insert_entry, remove_entry
from .entries import add_entry, entries_of, last_entry, new_record, replace_entry, undo_entry
from .errors import Names, RecordError
from .hand import Hand
from .layout import OpenEnd, Placed, Term
from .match import EndChoice, Match, enter
from .moves import Draw, Entry, Event, Left, Pass, Play, ScoredHand
from .pips import derived_pips
from .record import entry_json, event_json, read_entry, read_event, replay
from .rules import DESCRIPTIONS, PRESETS, Rules, preset, rules_for
from .settlement import Settlement, rounded
from .setup import Setup
from .tiles import TILES, halves, is_double, pips, tile_name
from .values import FrozenMap

__all__ = [
    "DESCRIPTIONS",
    "PRESETS",
    "TILES",
    "Draw",
    "EndAsked",
    "EndChoice",
    "Entry",
    "Event",
    "FrozenMap",
    "Hand",
    "Left",
    "Match",
    "Names",
    "OpenEnd",
    "Pass",
    "Placed",
    "Play",
    "RecordError",
    "Rules",
    "ScoredHand",
    "Settlement",
    "Setup",
    "Term",
    "add_entry",
    "correct_entry",
    "derived_pips",
    "enter",
    "entries_of",
    "entry_json",
    "event_json",
    "halves",
    "insert_entry",
    "is_double",
    "last_entry",
    "new_record",
    "pips",
    "preset",
    "read_entry",
    "read_event",
    "remove_entry",
    "replace_entry",
    "replay",
    "rounded",
    "rules_for",
    "tile_name",
    "undo_entry",
]
