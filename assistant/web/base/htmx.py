"""The htmx extension object every screen asks (`if htmx:` is true for an htmx request)."""

from flask_htmx import HTMX

htmx = HTMX()
