"""The limits of every Mouse Guard command field, declared once (``msgspec.Meta``).

The session holds every command to them, from a script line or a touch form alike
(:func:`tablekit.session.codec.check`), and a refusal names the field, the value and
what is allowed. The rules check only what depends on the table: who is there, what a
sheet holds, what the conflict is waiting for.
"""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta

from tablekit.rules.mouse_guard.character import MAX_RATING
from tablekit.rules.mouse_guard.conflict.state import TERMS_LENGTH
from tablekit.rules.mouse_guard.dice import MAX_DICE, MAX_OB
from tablekit.rules.mouse_guard.state import NOTE_LENGTH

NAME_LENGTH = 40
"""The longest name of a mouse, an opponent, a rating, a trait, a wise or a condition."""
TEXT_LENGTH = 200
"""The longest goal or mission, in the table's words."""
MAX_FACES = 2 * MAX_DICE
"""The most faces one roll gives: a pool's dice, and as many again for exploded axes."""
MAX_MEMBERS = 12
"""The most members one side of a conflict names."""
MAX_DISPOSITION = 99
"""The highest starting disposition a side is given."""
MAX_CHECKS = 99
"""The most checks earned or spent at a time."""
MAX_TRAIT_LEVEL = 3
"""The highest trait level any ruleset has (the ruleset may allow fewer)."""

Name = Annotated[str, Meta(min_length=1, max_length=NAME_LENGTH, pattern=r"\S")]
"""A name as the table types it: 1 to 40 characters, not all spaces."""
Named = Annotated[str, Meta(max_length=NAME_LENGTH)]
"""A name that may be left out ("" for the default)."""
Text = Annotated[str, Meta(max_length=TEXT_LENGTH)]
Terms = Annotated[str, Meta(max_length=TERMS_LENGTH)]
NoteText = Annotated[str, Meta(min_length=1, max_length=NOTE_LENGTH, pattern=r"\S")]
"""An obstacle or a twist the GM notes: 1 to 80 characters, not all spaces."""
Names = Annotated[tuple[Name, ...], Meta(max_length=MAX_MEMBERS)]
Id = Annotated[str, Meta(max_length=20, pattern=r"^[A-Za-z_ ]*$")]
"""A weapon or a choice as the sheet's tables name it, in ASCII letters ("" for none)."""
RatingValue = Annotated[int, Meta(ge=0, le=MAX_RATING)]
TraitLevel = Annotated[int, Meta(ge=0, le=MAX_TRAIT_LEVEL)]
Ob = Annotated[int, Meta(ge=0, le=MAX_OB)]
Dice = Annotated[int, Meta(ge=0, le=MAX_DICE)]
"""Dice a side without a sheet rolls (0: none given)."""
Points = Annotated[int, Meta(ge=1, le=MAX_DICE)]
"""Persona points spent for dice, one die each."""
Gear = Annotated[int, Meta(ge=-MAX_DICE, le=MAX_DICE)]
"""Points gear adds to (or takes from) a starting disposition."""
Disposition = Annotated[int, Meta(ge=1, le=MAX_DISPOSITION)]
Checks = Annotated[int, Meta(ge=1, le=MAX_CHECKS)]
Face = (
    Annotated[str, Meta(pattern=r"^(?i:snake|sword|axe|[1-6])$")] | Annotated[int, Meta(ge=1, le=6)]
)
"""A die's face by name ("axe", any case) or by its pips (6 or "6")."""
Faces = Annotated[tuple[Face, ...], Meta(max_length=MAX_FACES)] | None
"""The faces of a roll the table made itself; None: the session rolls."""
