"""The watch page and the club board."""
