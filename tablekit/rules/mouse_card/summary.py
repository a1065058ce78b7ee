"""What Home's session card says about a Mouse Card session: the task under way (who draws,
which turn, the successes so far and needed), the chapter, and who is at the table
(templates as phrases, so the catalogue of translations lists them).

Home puts the first line beside the game's title and the rest on one line below it, so
the task, when there is one, comes first: it is what the table resumes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablekit.rules.errors import Phrase
from tablekit.rules.summary import Line


def summary(view: Mapping[str, Any]) -> list[Line]:
    lines: list[Line] = []
    task = view["task"]
    if task is not None:
        lines.append(
            (
                Phrase("{name} draws, turn {turn}: {total} of {needed} successes"),
                {
                    "name": task["character"],
                    "turn": task["turn"],
                    "total": task["total"],
                    "needed": task["needed"],
                },
            )
        )
    lines.append((Phrase("Chapter {number}"), {"number": view["chapter"]}))
    names = ", ".join(character["name"] for character in view["characters"])
    if names:
        lines.append(("{names}", {"names": names}))
    return lines
