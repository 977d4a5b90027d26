"""The one exception for a record that breaks a rule, and the names it carries as values."""


def N_(message: str) -> str:
    """Marks an English message template for translation without translating it here."""
    return message


class Names(tuple):
    """Players named inside a message, as values: the page names each as the club calls them
    now and joins them in its own language. `joiner` is "and" for a list of players, "+" for
    the players of one side; an item may itself be a side (`Names` of its players)."""

    def __new__(cls, names, joiner: str = "and"):
        named = super().__new__(cls, names)
        named.joiner = joiner
        return named

    def __str__(self) -> str:
        return f" {self.joiner} ".join(str(name) for name in self)

    def __reduce__(self):
        return (Names, (tuple(self), self.joiner))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class RecordError(ValueError):
    """A record breaks a rule: where (hand, event) and why, in words a player understands.

    `template` is an English sentence with `{named}` fields filled from `params`; the web layer
    translates the template, the CLI prints it as it is.
    """

    def __init__(
        self, template: str, hand: int | None = None, event: int | str | None = None, **params
    ):
        self.template = template
        self.params = params
        self.hand = hand
        self.event = event
        super().__init__(str(self))

    @property
    def reason(self) -> str:
        """The sentence; an error inside it (a later entry that no longer fits) by its reason."""
        params = {
            name: value.reason if isinstance(value, RecordError) else value
            for name, value in self.params.items()
        }
        return self.template.format(**params)

    @property
    def where(self) -> str:
        if self.hand is None:
            return ""
        if self.event is None:
            return f"hand {self.hand}"
        if isinstance(self.event, int):
            return f"hand {self.hand}, event {self.event}"
        return f"hand {self.hand}, {self.event}"

    def located(self, hand: int, event: int | str | None) -> "RecordError":
        """The same error, placed at a hand and event if it has no place yet."""
        if self.hand is None:
            self.hand, self.event = hand, event
            self.args = (str(self),)
        return self

    def __str__(self) -> str:
        where = self.where
        return f"{where}: {self.reason}" if where else self.reason
