"""Compromise (the summary's Conflicts, "Work out compromise"), with terms in our words.

Both sides' terms follow from how much of its starting disposition the
winner lost (with several teams, of their starting dispositions together):
nothing, less than half, about half, or most. "About half" is read as from three
eighths to five eighths of the start, so an 8-point
disposition is dented (1-2 lost), halved (3-5) or nearly broken (6-8).
"""

from __future__ import annotations

from typing import cast

from tablekit.rules.errors import Phrase
from tablekit.rules.mouse_guard import view_types as vt
from tablekit.rules.mouse_guard.conflict.state import Conflict, other

BANDS: tuple[vt.Band, ...] = ("none", "minor", "compromise", "major")

WINNER_TERMS = {  # Phrases: the screen shows them in the table's language
    "none": Phrase("The winners pay nothing: they get their goal as stated."),
    "minor": Phrase(
        "A small price: Tired or Angry, or a small twist such as a follow-up conflict."
    ),
    "compromise": Phrase(
        "A real price: Injured; or Hungry/Thirsty and Angry; or one of "
        "Hungry/Thirsty, Tired or Angry together with other terms."
    ),
    "major": Phrase(
        "A heavy price: two of Tired, Angry and Injured; or Sick and Tired; or Injured "
        "or Sick with other terms; or a major twist."
    ),
}

LOSER_TERMS = {
    "none": Phrase("The losers get nothing of their goal."),
    "minor": Phrase("The losers keep a small part of their goal."),
    "compromise": Phrase(
        "The losers get half their goal; the players may set a twist, and the "
        "winners get only half of theirs."
    ),
    "major": Phrase(
        "The losers get most of their goal, a major twist, or promises wrung from the winners."
    ),
}


def band(lost: int, start: int) -> vt.Band:
    """How badly a side was hurt: "none", "minor", "compromise" or "major"."""
    if lost <= 0 or start <= 0:
        return "none"
    if 8 * lost < 3 * start:
        return "minor"
    if 8 * lost <= 5 * start:
        return "compromise"
    return "major"


def share(conflict: Conflict) -> vt.Band:
    """The band of a conflict that is over: the winner's loss, "major" when nobody won."""
    winner = conflict.winner
    return band(conflict.lost(winner), conflict.start(winner)) if winner else "major"


def compromise(conflict: Conflict) -> vt.CompromiseView | None:
    """The compromise once a side has won: its band, both sides' terms and the whole table."""
    if not conflict.over:
        return None
    winner = conflict.winner
    paid = share(conflict)
    return {
        "winner": cast(vt.Winner, winner),
        "loser": cast(vt.Winner, other(winner) if winner else ""),
        "lost": {"gm": conflict.lost("gm"), "patrol": conflict.lost("patrol")},
        "band": paid,
        "winner_terms": WINNER_TERMS[paid] if winner else "",
        "loser_terms": LOSER_TERMS[paid],
        "table": [{"band": b, "winner": WINNER_TERMS[b], "loser": LOSER_TERMS[b]} for b in BANDS],
    }
