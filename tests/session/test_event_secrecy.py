"""Events are projected per audience like views: no secret leaves its owner (hypothesis).

A random run of the counter game hides notes and scripts pad presses (both
secret to their owner), reveals some, and undoes and redoes. After every
command, what each audience is shown of the events must hold no value that
the same audience's view hides.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from tempfile import TemporaryDirectory

import pytest
from clocks import TEST_CLOCK
from fakegame import Add, Counter, Hide, Press, Reveal
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit.rules.errors import RuleError
from tablekit.rules.game import Command
from tablekit.rules.mouse_guard.game import MouseGuard
from tablekit.rules.pads import BUTTONS
from tablekit.rules.secret import GM, HIDDEN, TABLE, Audience, pad_audience
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


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.lists(commands, min_size=1, max_size=25))
def test_no_event_shows_an_audience_what_its_view_hides(run: list[Command]) -> None:
    with TemporaryDirectory() as folder:
        journal = Journal(Path(folder) / "journal.sqlite3", clock=TEST_CLOCK)
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


MG_DATA = Path(__file__).parents[1] / "rules" / "mouse_guard" / "data"
"""A Mouse Guard journal written by an earlier release (its own build script is there)."""


def test_a_scripted_action_stored_without_its_actor_undoes_and_redoes(tmp_path: Path) -> None:
    """The documented ``mg.script`` lines leave ``actor`` out, and a journal stores the line
    so (this one's newest step is such a line): its undo and redo are shown to each
    audience with the actor as the line left it, hidden from all but its side."""
    for name in ("conflict-one-team.sqlite3", "conflict-one-team.sqlite3-acked"):
        shutil.copy(MG_DATA / name, tmp_path / name)
    journal = Journal(tmp_path / "conflict-one-team.sqlite3", clock=TEST_CLOCK)
    try:
        session = Session(journal, "ambush", MouseGuard())
        [*_, newest] = journal.steps("ambush")
        assert '"actor"' not in newest.command
        patrol = pad_audience("patrol")
        for flip in (Undo(), Redo()):
            events = session.apply(flip)
            [table] = session.project(events, TABLE)
            assert json.loads(table["command"]) == {
                "type": "mg.script", "side": "patrol", "action": HIDDEN, "actor": HIDDEN
            }  # fmt: skip
            [own] = session.project(events, patrol)
            assert json.loads(own["command"])["action"] == "defend"
            assert json.loads(own["command"])["actor"] == ""
    finally:
        journal.close()


def test_a_new_scripted_action_without_its_actor_undoes_by_its_id(tmp_path: Path) -> None:
    """Sent as the documentation writes it, then undone, redone and resent by id."""
    journal = Journal(tmp_path / "journal.sqlite3", clock=TEST_CLOCK)
    try:
        session = Session.create(journal, "ambush", MouseGuard())
        for line in MG_SET_UP:
            session.apply(session.parse(line))
        scripted = session.parse({"type": "mg.script", "side": "gm", "action": "attack"})
        first = session.project(session.apply(scripted, "s1"), TABLE)
        undone = session.project(session.apply(Undo(), "u1"), TABLE)
        redone = session.project(session.apply(Redo(), "r1"), TABLE)
        assert [json.loads(e["command"])["actor"] for e in undone + redone] == [HIDDEN] * 2
        assert session.project(session.apply(scripted, "s1"), TABLE) == first
        assert session.project(session.apply(Undo(), "u1"), TABLE) == undone
        assert session.view(GM)["conflict"]["teams"][0]["actions"] == [
            {"action": "attack", "actor": "Weasel"}
        ]
    finally:
        journal.close()


MG_SET_UP = [
    {"type": "mg.add_character", "sheet": {"name": "Saxon", "ratings": [
        {"name": "Nature", "rating": 3}, {"name": "Health", "rating": 4},
        {"name": "Fighter", "rating": 3}]}},
    {"type": "mg.begin_conflict", "conflict": "fight", "patrol": ["Saxon"], "captain": "Saxon",
     "opponent": "Weasels", "gm_members": ["Weasel"], "gm_dice": 3},
    {"type": "mg.set_disposition", "side": "patrol", "disposition": 5},
    {"type": "mg.set_disposition", "side": "gm", "disposition": 3},
]  # fmt: skip
