"""Seasons and the league, club nights, the night's draw."""
