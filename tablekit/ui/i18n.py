"""Translations of the interface, through the standard library's gettext.

English is the source language. Catalogues live in ``tablekit/locale`` as
``.po`` files (edited by people) and compiled ``.mo`` files (read here);
``make translations`` recompiles them with Babel. The rules' refusals are in
the catalogue too: each :class:`~tablekit.rules.errors.RuleError` carries its
English sentence as a template, which :func:`refusal` translates and fills;
a camera's status sentence works the same way (:func:`status_text`).
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from tablekit.rules.errors import Phrases, RuleError

if TYPE_CHECKING:
    from tablekit.devices.camera import CameraStatus

LOCALES = Path(__file__).parents[1] / "locale"  # the package is installed as plain files
LANGUAGES: list[tuple[str, Literal["en", "da"]]] = [("English", "en"), ("Dansk", "da")]
"""The languages tablekit speaks, each by its own name."""


def translator(language: str, words: Mapping[str, str] | None = None) -> Callable[[str], str]:
    """The function that translates an English text into ``language``.

    ``words`` (a game's own, from its listing: a ruleset's condition names,
    say) come first, so a table's own ruleset brings its translations with it.
    """
    catalogue = gettext.translation(
        "tablekit", localedir=LOCALES, languages=[language], fallback=True
    )
    if not words:
        return catalogue.gettext
    own = dict(words)
    return lambda text: own.get(text) or catalogue.gettext(text)


def refusal(tr: Callable[[str], str], error: RuleError) -> str:
    """Why the rules refused, in the language of ``tr``.

    The sentence is translated, and so are its values where the catalogue
    has them: a :class:`~tablekit.rules.errors.Phrase`, and a text such as a
    content pack's name ("Prince Collin"), which the rules keep in English.
    Names the catalogue does not know (a player's mouse, a card code) and
    numbers are put in as they are.
    """
    return localized(tr, error.template, error.params, str(error))


def status_text(tr: Callable[[str], str], status: CameraStatus) -> str:
    """A camera's status sentence in the language of ``tr`` (a driver's own words stay)."""
    return localized(tr, status.template or status.message, status.params, status.message)


def localized(
    tr: Callable[[str], str], template: str, params: Mapping[str, object], english: str
) -> str:
    """``template`` translated and filled with ``params``.

    A translation that does not fit its values (a placeholder misspelt or
    missing) never hides the sentence: the ``english`` one is shown instead.
    """
    values = {name: _translated(tr, v) for name, v in params.items()}
    try:
        return tr(template).format(**values) if values else tr(template)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):
        return english


def _translated(tr: Callable[[str], str], value: object) -> object:
    """A phrase or known text in the language of ``tr``; a list of phrases each; anything
    else (a number, a name the catalogue does not know) as it is."""
    if isinstance(value, Phrases):
        return ", ".join(tr(part) for part in value.parts)
    return tr(value) if isinstance(value, str) and value else value


def mark(text: str) -> str:
    """Mark ``text`` for the catalogue where it is translated later, through a variable."""
    return text


UNEXTRACTED = (
    # Translated inside f-strings or through variables, which extraction cannot see. The
    # content files' words (names, skills, conditions, conflict kinds, weapons) are not
    # here: tools/content_words.py extracts them from the files themselves (babel.cfg).
    mark("Wounds"),
    mark("Poison"),
    mark("poison"),
    mark("Cheese"),
    mark("Spaces"),
    mark("Melee"),
    mark("Ranged"),
    mark("Blocks"),
    mark("Stars"),
    mark("Up"),
    mark("Hourglass"),
    mark("End"),
    mark("Round"),
    mark("Chapter"),
    mark("Figures"),
    mark("Remove"),
    mark("Pack"),
    mark("Equipped"),
    mark("Face-up encounter"),
    mark("page"),
    mark("surge"),
    mark("numbers"),
    mark("ability card"),
    mark("next chapter"),
    mark("Settings file"),
    mark("Snakes"),
    mark("Swords"),
    mark("Axes"),
    # The Mouse Guard screen
    mark("dice"),
    mark("locked"),
    mark("Belief"),
    mark("Goal"),
    mark("Belief, goal, instinct"),
    mark("Numbers"),
    mark("Who"),
    mark("Instinct"),
    mark("Home"),
    mark("Fur"),
    mark("Cloak"),
    mark("cloak"),
    mark("Contacts"),
    mark("Gear"),
    mark("Win"),
    mark("Tie"),
    mark("Chance"),
    mark("After the roll: up to"),
    mark("vs GM"),
    mark("vs"),
    mark("Successes"),
    mark("GM"),
    mark("Tie!"),
    mark("Passed"),
    mark("Failed"),
    mark("Ratings"),
    mark("Conditions"),
    mark("Trait"),
    mark("Wise"),
    mark("Test"),
    mark("Fate"),
    mark("Persona"),
    mark("Checks"),
    mark("advance!"),
    mark("Traits"),
    mark("Wises"),
    mark("twist"),
    mark("Advance"),
    mark("Stunned"),
    mark("Webbed"),
    mark("Knocked down"),
    mark("Charmed"),
    mark("Battle"),
    mark("Defense"),
    mark("Lore"),
    mark("Life"),
    mark("Keep"),
    mark("Trick"),
    mark("Event"),
    mark("Party"),
    mark("Attack"),
    mark("Movement"),
    mark("Scurry"),
    mark("Ambush"),
    mark("Search"),
    mark("Recover"),
    mark("Mousetrap"),
    mark("Climb out"),
    mark("SETUP"),
    mark("PLAYING"),
    mark("DEFEAT"),
    mark("VICTORY"),
    mark("Defeat"),
    mark("Victory"),
    mark("cheese"),
    mark("sword_star"),
    mark("sword_shield"),
    mark("bow"),
    mark("bow_star"),
    mark("sword_shield_star"),
    mark("Achievements"),
    mark("ability"),
    mark("equipment"),
    mark("share"),
    mark("a roach steals"),
    mark("discard"),
    mark("card to keep"),
    mark("you play the minions."),
    mark("No camera is configured; enter rolls by hand."),
    mark("Opening the camera..."),
    mark("The camera is closed."),
    mark("snake"),
    mark("sword"),
    mark("axe"),
    # Phrases the rules put into refusals: actions, markers, a chapter's outcome.
    mark("battle"),
    mark("scurry"),
    mark("search"),
    mark("recover"),
    mark("explore"),
    mark("rescue"),
    mark("cross a mousetrap"),
    mark("climb out of the water"),
    mark("level up"),
    mark("equip"),
    mark("stunned"),
    mark("webbed"),
    mark("knocked_down"),
    mark("charmed"),
    mark("defeat"),
    mark("victory"),
)
