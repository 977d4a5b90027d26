"""Players and their statistics, the leaderboard, renames and merges."""
