"""Rounds and turns: ending a turn, starting the next, and what happens between.

Ending the last mouse's turn with no minions on the board puts a cheese on
the wheel (Time is Short). A captured mouse is rescued when its turn comes
and no minion is left on the board (the rescue is its whole turn);
otherwise its turn is skipped.
"""

from __future__ import annotations

from tablekit.rules.errors import RuleError
from tablekit.rules.mice_mystics.acting import RESCUE
from tablekit.rules.mice_mystics.draft import Draft
from tablekit.rules.mice_mystics.events import (
    ActionTaken,
    MarkerSet,
    MouseRescued,
    TurnSkipped,
    TurnStarted,
)
from tablekit.rules.mice_mystics.mice import Marker
from tablekit.rules.mice_mystics.state import State
from tablekit.rules.mice_mystics.surges import feed_wheel


def last_mouse(state: State) -> str | None:
    """The mouse card lowest on the track."""
    return next((c for c in reversed(state.track.cards) if state.is_mouse(c)), None)


def end_turn(d: Draft) -> None:
    """Finish the current card's turn (or the turn of a card that just left) and start the next."""
    card = d.state.track.current
    if d.state.track.round == 0:
        raise RuleError("No card is taking a turn")
    if card is not None and d.state.is_mouse(card):
        if card == last_mouse(d.state) and not d.state.minions_on_board:
            feed_wheel(d, 1, "time is short")
        if d.state.mouse(card).has(Marker.CHARMED):
            d.emit(MarkerSet(card, Marker.CHARMED, False))
    next_turn(d)


def next_turn(d: Draft) -> None:
    """Start the next turn, skipping captured mice that cannot be rescued yet."""
    for _ in range(2 * len(d.state.track.cards) + 1):
        track = d.state.track.advanced()
        card = track.current
        if card is None or d.over:
            return
        d.emit(TurnStarted(card, track.round))
        if not d.state.is_mouse(card) or not d.state.mouse(card).captured:
            return
        if not d.state.minions_on_board:
            d.emit(MouseRescued(card), ActionTaken(card, RESCUE))
            return
        d.emit(TurnSkipped(card, f"{d.state.mouse(card).name} is captured and minions remain"))
