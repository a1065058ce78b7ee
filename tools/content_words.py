"""The words a screen shows from the content files, for the translation catalogue.

A babel extractor (``babel.cfg`` names it; ``make translations`` and
``tests/ui/test_i18n.py`` run it): the names of the Mice and Mystics content
pack's heroes, classes, minions and boss cards, a Mouse Guard ruleset's skills,
conditions and nature, and the conflict tables' kinds, skills, abilities and
weapons. The screens translate these through variables, where extraction from
the code cannot see them, so without this they would be kept by hand in a list.
A ruleset's own ``[translations]`` and its ids, switches and numbers are not words
to translate.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from typing import IO, Any

SHOWN: dict[str, tuple[tuple[str, ...], ...]] = {
    "content": (
        ("heroes", "*", "name"),
        ("heroes", "*", "classes", "[]"),
        ("minions", "*", "name"),
        ("minions", "*", "cards", "[]", "name"),
    ),
    "ruleset": (
        ("skills", "[]"),
        ("conditions", "[]", "name"),
        ("nature", "name"),
    ),
    "conflict tables": (
        ("kinds", "*", "title"),
        *(("kinds", "*", action, "[]") for action in ("attack", "defend", "feint", "maneuver")),
        ("kinds", "*", "skill", "[]"),
        ("kinds", "*", "abilities", "[]"),
        ("weapons", "*", "title"),
    ),
}
"""Where each kind of content file keeps the words it shows: keys, ``*`` for every key of a
table, ``[]`` for every item of a list."""


def kind_of(data: dict[str, Any]) -> str:
    """Which kind of content file ``data`` is, from its top-level keys."""
    if "heroes" in data or "minions" in data:
        return "content"
    return "conflict tables" if "kinds" in data else "ruleset"


def words_at(value: Any, path: tuple[str, ...]) -> Iterator[str]:
    """Every text found by following ``path`` into ``value``."""
    if not path:
        if isinstance(value, str):
            yield value
        return
    step, rest = path[0], path[1:]
    if step == "*" and isinstance(value, dict):
        children: list[Any] = list(value.values())
    elif step == "[]" and isinstance(value, list):
        children = value
    elif isinstance(value, dict) and step in value:
        children = [value[step]]
    else:
        children = []
    for child in children:
        yield from words_at(child, rest)


def extract(
    fileobj: IO[bytes], keywords: object, comment_tags: object, options: object
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """babel's extractor interface: (line, function, message, comments) per word, each once."""
    data = tomllib.load(fileobj)
    seen: set[str] = set()
    for path in SHOWN[kind_of(data)]:
        for word in words_at(data, path):
            if word not in seen:
                seen.add(word)
                yield 0, None, word, []
