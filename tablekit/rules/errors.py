"""Errors a player can read: why a command was refused."""


class RuleError(ValueError):
    """A command that the rules do not allow in the current state.

    The message is written for the people at the table, e.g.
    "Prince Collin is captured and cannot move".
    """


class UnknownCommandError(RuleError):
    """A command this game does not know."""
