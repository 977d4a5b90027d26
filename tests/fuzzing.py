"""Fuzzing: nasty values and hypothesis strategies, and every route with what it reads from a
form, a query or a JSON body (tests/web/test_fuzz.py fuzzes each route with them)."""

from hypothesis import strategies as st

NASTY = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "'; DROP TABLE matches; --",
    "{{ 7*7 }}",
    "\u202eevil",
    "\x00",
    "A" * 5000,
    "ü🀰",
    "",
    " ",
    "-1",
    "1e309",
    "NaN",
]
MARKERS = ["<script>alert", "<img src=x"]

texts = st.one_of(st.sampled_from(NASTY), st.text(max_size=40))
numbers = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
)
scalars = st.one_of(st.none(), st.booleans(), numbers, texts)
junk = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(texts, inner, max_size=4)),
    max_leaves=10,
)
# What broke the server once (issue 12): digits int() cannot read, numbers too long for int() or
# too big for SQLite, redirects that leave the site or break the header.
BOUNDARY = [
    "²",
    "١٢",
    "٣",
    "1-²",
    "9" * 5000,
    str(2**63),
    str(10**30),
    "-1",
    "0",
    "/%09/evil.example",
    "/\t/evil.example",
    "/\r\nX-Evil: 1",
    "//evil.example",
    "/\\evil.example",
    "1:up",
    "²:down",
]
form_values = st.one_of(
    texts, numbers.map(str), st.sampled_from(["5-5", "6-6", "left", "up", *BOUNDARY])
)


# What each route reads from a form, a query or a JSON body. A new route must be added here
# (tests/web/test_fuzz.py fails until it is); it is then fuzzed with everything in its fields.
# "pips:*": a field per player; "record:file": an upload; "record:json": a whole JSON body.
MATCH_FIELDS = ["version", "tile", "end", "leader", "position", "draw", "pass", "tap", "turn"]
ENTRY_FIELDS = ["version", "play", "end", "draw", "pass", "left", "player", "position", "leader",
                "points", "notes", "tap"]  # fmt: skip
PAPER_FIELDS = ["version", "points:*", "notes", "paper"]
NEW_MATCH_FIELDS = [
    "player", "preset", "partnership", "target", "hand_size", "leader", "move", "create",
    "target_default", "hand_size_default", "layout", "spinner_count", "hand_end",
    "domino_rounding", "block_scoring", "block_tie", "rounding", "win_check", "score_unit",
    "exact_target", "boneyard_reserve", "count_scoring", "boneyard", "go_bonus", "go_out",
    "next_lead", "lead_can_win", "league_target", "league_deal", "no_win_on_lead",
    "partners_out",
]  # fmt: skip
HISTORY_FILTER = ["player", "since", "until", "preset", "status", "game", "page"]
DRAW_FIELDS = ["kind", "player", "new_names", "pairs", "rounds", "tables", "preset", "target",
               "swiss", "replace"]  # fmt: skip
ROUTE_FIELDS = {
    "static": [],
    "home.home": [],
    "home.new_match": [],
    "home.create_match": [*NEW_MATCH_FIELDS, "paper", "start"],
    "table.table": ["tile", "fix", "insert", "layout"],
    "table.play": MATCH_FIELDS,
    "table.draw": MATCH_FIELDS,
    "table.pass_turn": MATCH_FIELDS,
    "table.undo": MATCH_FIELDS,
    "table.correct": [*MATCH_FIELDS, "end:*"],
    "table.insert_missed": [*MATCH_FIELDS, "end:*"],
    "table.remove_extra": [*MATCH_FIELDS, "end:*"],
    "table.choose_leader": MATCH_FIELDS,
    "table.preview_left": ["version", "pips:*", "tiles:*", "derived"],
    "table.enter_left": ["version", "pips:*", "tiles:*", "derived", "tap"],
    "table.rematch": [],
    "table.final": [],
    "table.turn_lead": ["version", "tap"],
    "home.archive": [],
    "table.export": [],
    "home.import_match": ["record:file", "start"],
    "api.create_match": ["record:json"],
    "api.get_match": [],
    "api.add_event": ENTRY_FIELDS,
    "api.undo": ENTRY_FIELDS,
    "api.correct": [*ENTRY_FIELDS, "ends"],
    "api.choose_leader": ENTRY_FIELDS,
    "api.stop": ["version"],
    "admin.login": ["next", "password"],
    "admin.logout": [],
    "admin.confirm_delete": [],
    "admin.delete_match": [],
    "history.history": HISTORY_FILTER,
    "history.match": [],
    "history.replay_step": ["step"],
    "history.edit": ["version", "record"],
    "history.matches_csv": [*HISTORY_FILTER, "sheet"],
    "history.players_csv": [*HISTORY_FILTER, "sheet"],
    "history.hands_csv": [*HISTORY_FILTER, "sheet"],
    "history.records_json": HISTORY_FILTER,
    "history.import_form": [],
    "history.import_file": ["file:file"],
    "history.import_status": [],
    "history.accept_import": [],
    "history.discard_import": [],
    "history.accept_waiting": [],
    "history.accept_match": [],
    "i18n.switch": ["next"],
    "players.players": [],
    "players.add_player": ["name"],
    "players.player": ["season", "game"],
    "players.rename": ["name"],
    "players.merge": ["source", "target"],
    "players.leaderboard": ["page", "season", "game"],
    "live.watch": [],
    "live.watch_live": [],
    "live.board": [],
    "live.board_live": [],
    "phone.table_live": [],
    "phone.service_worker": [],
    "phone.manifest": [],
    "season.league": ["season", "game"],
    "season.seasons_page": [],
    "season.add_season": ["name", "starts", "ends"],
    "season.edit_season": ["name", "starts", "ends"],
    "season.delete_season": [],
    "season.set_minimum": ["minimum"],
    "season.set_stopped": ["stopped"],
    "stopping.confirm": [],
    "stopping.stop": ["version"],
    "stopping.resume": ["version"],
    "paper.form": ["paper"],
    "paper.score": PAPER_FIELDS,
    "nights.nights_list": ["page"],
    "nights.night": [],
    "nights.accept": [],
    "draws.new_draw": [],
    "draws.create_draw": DRAW_FIELDS,
    "draws.show": [],
    "draws.scoresheets": ["sheet"],
    "draws.next_round": [],
    "draws.start": ["round", "table", "revision", "paper"],
    "draws.arrive": ["name", "revision"],
    "draws.leave": ["name", "revision"],
    "draws.delete": [],
    "draws.put": ["match", "place", "revision"],
}
