"""What Home's session card says about a Mice and Mystics session: chapter, round, mice.

A chapter is stored as its English name, "Chapter 3", so any screen can say it
in its own language (sessions from before that stored it in theirs; such a
name is shown as it is).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from tablekit.rules.errors import Phrase, Phrases
from tablekit.rules.summary import Line

CHAPTER = re.compile(r"Chapter (\d+)")


def chapter_number(chapter: str) -> int | None:
    """The number in a chapter stored as "Chapter N", or None for any other name."""
    found = CHAPTER.fullmatch(chapter)
    return int(found.group(1)) if found else None


def summary(view: Mapping[str, Any]) -> list[Line]:
    """Where the chapter stands and which mice play it (templates as phrases, so the
    catalogue of translations lists them)."""
    if view["outcome"] == "setup":
        return [(Phrase("Setting up a chapter"), {})]
    number = chapter_number(view["chapter"])
    round_ = view["round"]
    if number is not None:
        where: Line = (
            Phrase("Chapter {number} · round {round}"),
            {"number": number, "round": round_},
        )
    else:
        where = (Phrase("{chapter} · round {round}"), {"chapter": view["chapter"], "round": round_})
    heroes = Phrases([hero["name"] for hero in view["heroes"]])  # names in the card's language
    return [where, ("{heroes}", {"heroes": heroes})] if view["heroes"] else [where]
