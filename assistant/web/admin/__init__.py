"""The club admin's own screens."""
