"""The table: its routes, what it shows, the settlement in words, the domino drawing."""
