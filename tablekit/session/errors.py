"""Errors the journal raises, in a module of their own so the file checks can share them."""

from __future__ import annotations

from tablekit.rules.errors import Refusal


class JournalError(Refusal):
    """A session that does not exist or exists already, or a journal that cannot be used."""


class NotAJournal(JournalError):
    """A file that is not a tablekit journal: refused, and left exactly as it was."""


class NoJournalYet(JournalError):
    """No journal was ever made at the path: nothing is there, or only a first creation that
    a killed writer left unfinished (which SQLite undoes to nothing)."""
