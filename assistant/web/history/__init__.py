"""The club's history: matches, scorepads, replays, exports, imports."""
