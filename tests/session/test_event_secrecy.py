"""Events are projected per audience like views: no secret leaves its owner (hypothesis).

A random run of the counter game hides notes and scripts pad presses (both
secret to their owner), reveals some, and undoes and redoes. After every
command, what each audience is shown of the events must hold no value that
the same audience's view hides.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from tempfile import TemporaryDirectory

from fakegame import Add, Counter, Hide, Press, Reveal
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit.rules.errors import RuleError
from tablekit.rules.game import Command
from tablekit.rules.pads import BUTTONS
from tablekit.rules.secret import HIDDEN, TABLE, Audience
from tablekit.session import Journal, Redo, Session, Undo

OWNERS = ("gm", "pad-1", "pad-2")
SEES = {owner: Audience(f"pad:{owner}", owner) for owner in OWNERS}
AUDIENCES = (TABLE, *SEES.values())

commands = st.one_of(
    st.builds(Add, st.integers(1, 5)),
    st.builds(Hide, st.sampled_from(OWNERS), st.integers(0, 10**6).map(lambda n: f"note{n}z")),
    st.builds(Press, st.sampled_from(OWNERS), st.sampled_from(BUTTONS)),
    st.builds(Reveal, st.sampled_from(OWNERS)),
    st.just(Undo()),
    st.just(Redo()),
)


def revealed(session: Session[object]) -> set[str]:
    """The note texts the view shows everyone."""
    return {note.text for note in session.state.notes if note.revealed}  # type: ignore[attr-defined]


@settings(max_examples=300, deadline=None)
@given(st.lists(commands, min_size=1, max_size=25))
def test_no_event_shows_an_audience_what_its_view_hides(run: list[Command]) -> None:
    with TemporaryDirectory() as folder:
        journal = Journal(Path(folder) / "journal.sqlite3")
        session = Session.create(journal, "s", Counter())
        session.rng = random.Random(1)
        owners: dict[str, set[str]] = {}
        for hide in (c for c in run if isinstance(c, Hide)):
            owners.setdefault(hide.note, set()).add(hide.owner)
        for command in run:
            before = revealed(session)
            try:
                events = session.apply(command)
            except RuleError:
                continue
            public = before | revealed(session)
            for audience in AUDIENCES:
                shown = json.dumps(session.project(events, audience), ensure_ascii=False)
                hidden = {n for n, mine in owners.items() if audience.side not in mine} - public
                assert not {note for note in hidden if note in shown}
                _check_presses(command, events, session, audience)
        journal.close()


def _check_presses(
    command: Command, events: list, session: Session[object], audience: Audience
) -> None:
    """A pressed button reaches its own pad and nobody else, not the table, not the GM's view."""
    if not isinstance(command, Press):
        return
    [shown] = session.project(events, audience)
    if audience.side == command.pad:
        assert shown["button"] == command.button
    else:
        assert shown["button"] == HIDDEN


def test_an_undone_secret_stays_secret(session: Session[object]) -> None:
    session.apply(Hide("pad-1", "note42z"))
    undone = session.apply(Undo())
    assert "note42z" not in json.dumps(session.project(undone, TABLE))
    assert "note42z" not in json.dumps(session.project(undone, SEES["pad-2"]))
    assert "note42z" in json.dumps(session.project(undone, SEES["pad-1"]), ensure_ascii=False)


def test_public_events_reach_every_audience_whole(session: Session[object]) -> None:
    events = session.apply(Add(3))
    assert {json.dumps(session.project(events, a)) for a in AUDIENCES} == {
        json.dumps([{"type": "t.added", "amount": 3}])
    }
