"""Home and the new match."""
