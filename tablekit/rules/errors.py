"""Errors a player can read: why a command was refused.

A refusal is an English sentence template with named placeholders plus the
values that fill them, so an interface in another language can translate the
sentence and keep the values (names of heroes, cards, tiles, numbers)::

    raise RuleError("{mouse} is captured and cannot move", mouse=mouse.name)

``str(error)`` is always the English sentence, filled in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


class Phrase(str):
    """English words inside a refusal that an interface translates too.

    Most values in a refusal are names and stay as they are; a phrase is part
    of the sentence that the rules pass in from elsewhere, such as the action
    a mouse cannot take ("search", "level up") or a marker ("webbed").
    """

    __slots__ = ()


class Phrases(str):
    """Several phrases listed in a refusal ("battle, defense, life"), each translated.

    It reads as the English list; ``parts`` are the phrases an interface
    translates one by one before listing them again.
    """

    def __new__(cls, parts: Sequence[str]) -> Phrases:
        listed = super().__new__(cls, ", ".join(parts))
        listed.parts = tuple(parts)
        return listed

    parts: tuple[str, ...]


class Refusal(ValueError):
    """Input a person can put right, refused with one clear line and nothing changed.

    The error of every boundary derives from it (a rule, a command line, the journal, the
    settings, an audience), so that the command line reports them all alike without
    importing the modules that raise them.
    """


class RuleError(Refusal):
    """A command that the rules do not allow in the current state.

    ``template`` is the English sentence with ``{name}`` placeholders and
    ``params`` the values for them; the message is the template filled in,
    written for the people at the table, e.g.
    "Prince Collin is captured and cannot move". A template given without
    params is the message as it stands, braces and all.
    """

    template: str
    params: Mapping[str, object]

    def __init__(self, template: str, /, **params: object) -> None:
        super().__init__(template.format(**params) if params else template)
        self.template = template
        self.params = dict(params)


class UnknownCommandError(RuleError):
    """A command this game does not know."""
