"""Where the tests find the checkout's files: the example records, the static files and the
templates."""

from pathlib import Path

TESTS = Path(__file__).resolve().parent
CHECKOUT = TESTS.parent
EXAMPLES = TESTS / "examples"
STATIC = CHECKOUT / "static"
TEMPLATES = CHECKOUT / "templates"
