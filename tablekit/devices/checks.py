"""One start-up check's outcome, as ``tablekit doctor`` prints it and the first screen shows it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Check:
    """One check's outcome: a sentence saying what was found and, when not ok, what to do.

    ``template`` is English with ``{name}`` placeholders, so the start-up
    screen can show it in the table's language; ``text`` is it filled in.
    """

    name: str
    ok: bool
    text: str
    template: str = field(default="", compare=False)
    params: Mapping[str, object] = field(default_factory=dict, compare=False)
    why: str = field(default="", compare=False)
    """The underlying error in its own (English) words, for the log and the command line."""

    @classmethod
    def say(cls, ok: bool, template: str, name: str, **params: object) -> Check:
        return cls(name, ok, template.format(**params), template, params)

    def line(self) -> str:
        """The check as ``tablekit doctor`` prints it."""
        why = f" ({self.why})" if self.why else ""
        return f"{'ok' if self.ok else 'PROBLEM':8} {self.name:8} {self.text}{why}"
