"""tablekit: a table-side companion for mouse-themed tabletop games.

The rules live in :mod:`tablekit.rules` (pure), state changes only through
:mod:`tablekit.session`, and everything else (screen, buttons, camera,
scripts) turns input into commands and renders views.
"""

__version__ = "0.1.0"
