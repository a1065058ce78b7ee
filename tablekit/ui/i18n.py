"""Translations of the interface, through the standard library's gettext.

English is the source language. Catalogues live in ``tablekit/locale`` as
``.po`` files (edited by people) and compiled ``.mo`` files (read here);
``make translations`` recompiles them with Babel.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from pathlib import Path

LOCALES = Path(__file__).resolve().parents[1] / "locale"
LANGUAGES = {"en": "English", "da": "Dansk"}


def translator(language: str) -> Callable[[str], str]:
    """The function that translates an English text into ``language``."""
    catalogue = gettext.translation(
        "tablekit", localedir=LOCALES, languages=[language], fallback=True
    )
    return catalogue.gettext
