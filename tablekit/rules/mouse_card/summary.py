"""What Home's session card says about a Mouse Card session: the chapter, who is drawing,
and who is at the table (templates as phrases, so the catalogue of translations lists them)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablekit.rules.errors import Phrase
from tablekit.rules.listing import Line


def summary(view: Mapping[str, Any]) -> list[Line]:
    lines: list[Line] = [(Phrase("Chapter {number}"), {"number": view["chapter"]})]
    if view["task"] is not None:
        lines.append((Phrase("{name} is drawing"), {"name": view["task"]["character"]}))
    names = ", ".join(character["name"] for character in view["characters"])
    if names:
        lines.append(("{names}", {"names": names}))
    return lines
