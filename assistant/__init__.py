"""All Fives Scorepad: the scoring assistant for All Fives and Muggins."""


def create_app(test_config: dict | None = None, database: str | None = None):
    """The Flask app (see assistant.web.app). Imported lazily: the engine and the replay
    command must not load Flask."""
    from assistant.web.app import create_app as build

    return build(test_config, database)
