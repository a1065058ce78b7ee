"""The content's names in the table's language, translated where shown, never stored.

A session keeps the content pack's English names and chapters as "Chapter 3",
whatever language it was played in; :func:`in_language` gives the screen a
copy of the view with every name in the current language, so a session
started in English reads in Danish after the language changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from tablekit.rules.mice_mystics.summary import chapter_number
from tablekit.rules.mice_mystics.view_types import MiceMysticsView
from tablekit.ui.i18n import mark

Tr = Callable[[str], str]

CONTENT = (
    # The base pack's names and classes (tablekit/rules/mice_mystics/content/base.toml).
    mark("Prince Collin"),
    mark("Rat warrior"),
    mark("Elite rat warrior"),
    mark("Roach"),
    mark("Spider"),
    mark("Centipede"),
    mark("Captain Vurst"),
    mark("Brodie pounces"),
    mark("Brodie chases"),
    mark("leader"),
    mark("warrior"),
    mark("healer"),
    mark("mystic"),
    mark("tinkerer"),
    mark("scamp"),
    mark("archer"),
    mark("Large"),
)


REMINDERS = (
    # The rules' reminders (tablekit/rules/mice_mystics/minions.py, view.py), said as they are.
    mark(
        "A minion attacks the closest mouse not yet attacked this turn; "
        "if several are equally close, or all have been attacked, the one highest on the track."
    ),
    mark("Mousetraps: one on each red X space of the tile where this encounter began."),
)


def chapter_title(chapter: str, tr: Tr) -> str:
    """A chapter stored as "Chapter N" in the table's language; any other name as it is."""
    number = chapter_number(chapter)
    return chapter if number is None else f"{tr('Chapter')} {number}"


def in_language(view: MiceMysticsView, tr: Tr) -> MiceMysticsView:
    """A copy of ``view`` whose names, classes and chapter are in the language of ``tr``."""
    shown: dict[str, Any] = dict(view)
    shown["chapter"] = chapter_title(view["chapter"], tr)
    shown["track"] = [_named(card, tr) for card in view["track"]]
    shown["heroes"] = [_named(hero, tr) for hero in view["heroes"]]
    catalogue = dict(view["catalogue"])
    catalogue["heroes"] = [_named(hero, tr) for hero in view["catalogue"]["heroes"]]
    catalogue["minions"] = [
        {**_named(minion, tr), "cards": [_named(card, tr) for card in minion["cards"]]}
        for minion in view["catalogue"]["minions"]
    ]
    shown["catalogue"] = catalogue
    return cast(MiceMysticsView, shown)


def _named(entry: Any, tr: Tr) -> dict[str, Any]:
    named = dict(entry)
    name = entry["name"]
    named["name"] = tr(name)
    if "classes" in entry:
        named["classes"] = [tr(kind) for kind in entry["classes"]]
    return named
