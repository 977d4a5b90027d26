"""Engine errors in the player's language."""

from flask_babel import gettext as _

from assistant.engine import RecordError


def explain(error: RecordError, where: bool = False) -> str:
    """The engine's sentence, translated; with its place in the record when `where`."""
    reason = _(error.template).format(**error.params)
    if not where or error.hand is None:
        return reason
    if error.event is None:
        place = _("hand %(hand)s", hand=error.hand)
    elif error.event == "left":
        place = _("hand %(hand)s, tiles left", hand=error.hand)
    else:
        place = _("hand %(hand)s, event %(event)s", hand=error.hand, event=error.event)
    return f"{place}: {reason}"
