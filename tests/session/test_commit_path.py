"""One command, one round of statements (issue 13, target: apply + commit at most 1.5x a bare
INSERT + COMMIT; issue 26 item 5, at most 2x its CPU): the journal is not asked for the
session's version before it writes. When the session is as this journal's last commit left
it, one statement, its own transaction, checks the version, the head, the game, that no step
is undone and the new step's id, moves the session on and appends the step; otherwise a
transaction reads what the session is. A command decided on a state another process has since
moved past is decided again on the new one."""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3
from pathlib import Path

import pytest
from clocks import TEST_CLOCK
from fakegame import Add, Counter, Hide, Reveal, Tally
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit.rules.errors import RuleError
from tablekit.session import Journal, Session, Undo, acks, codec, store
from tablekit.session.errors import JournalError
from tablekit.session.journal import chain
from tablekit.session.salvage import inspect


def reopen(session: Session[Tally]) -> Session[Tally]:
    """The same session in another process's journal connection (a script, a second screen)."""
    return Session(Journal(session.journal.path, clock=TEST_CLOCK), session.name, Counter())


def statements(session: Session[Tally], command: object) -> list[str]:
    """The SQL ``session.apply(command)`` runs, in order (a trigger's statements are traced
    as the statement that fired them, so each is said once)."""
    run: list[str] = []
    session.journal._db.set_trace_callback(run.append)
    try:
        session.apply(command)  # type: ignore[arg-type]
    finally:
        session.journal._db.set_trace_callback(None)
    said = [line for n, line in enumerate(run) if not n or run[n - 1] != line]
    return [" ".join(line.split()[:3]) for line in said]


def test_a_command_is_one_statement_when_the_session_is_as_this_journal_left_it(
    session: Session[Tally],
) -> None:
    assert statements(session, Add(1)) == [  # the first since the session was made
        "BEGIN IMMEDIATE",
        "UPDATE sessions SET",
        "INSERT INTO steps",
        "COMMIT",
    ]
    assert statements(session, Add(2))[-1:] == ["INSERT INTO tablekit_step"]
    assert statements(session, Add(3)) == ["INSERT INTO tablekit_step"]
    session.apply(Undo())
    assert statements(session, Add(4)) == [  # the undone step is dropped in the same round
        "BEGIN IMMEDIATE",
        "UPDATE sessions SET",  # refused: a step is undone
        "SELECT version, head,",
        "DELETE FROM snapshots",
        "DELETE FROM steps",
        "SELECT checksum FROM",
        "UPDATE sessions SET",
        "INSERT INTO steps",
        "COMMIT",
    ]
    assert statements(session, Add(5)) == ["INSERT INTO tablekit_step"]
    assert session.state.added == (1, 2, 4, 5) and not session.can_redo
    assert reopen(session).state == session.state and inspect(session.journal, "friday").ok


def test_a_command_of_one_statement_is_acknowledged_and_leaves_the_file_s_layout(
    session: Session[Tally],
) -> None:
    """The sidecar hears of the version the statement committed, and the view it writes
    through is the connection's own: the file holds tablekit's tables and nothing else, so
    an older build reads it as it always did."""
    for amount in range(1, 4):
        session.apply(Add(amount))
    owner = session.journal._db.execute("SELECT journal FROM meta").fetchone()[0]
    acked = acks.read(session.journal.path, owner)
    assert acked is not None and acked.version == session.version == 3
    assert acked.head == acks.mark(session.journal.head("friday"))
    file = sqlite3.connect(session.journal.path)
    names = {row[0] for row in file.execute("SELECT name FROM sqlite_master")}
    file.close()
    assert "tablekit_step" not in names and "tablekit_step_in" not in names
    assert inspect(Journal(session.journal.path, clock=TEST_CLOCK), "friday").ok


def test_a_step_of_another_session_in_between_sends_the_command_the_long_way(
    session: Session[Tally],
) -> None:
    """Another process appended a step of another session, which took the id this journal
    would have given: the one statement is refused, and the transaction appends the step
    under the id SQLite gives, chained to this session's own steps."""
    session.apply(Add(1))
    session.apply(Add(2))
    other: Session[Tally] = Session.create(
        Journal(session.journal.path, clock=TEST_CLOCK), "saturday", Counter()
    )
    other.apply(Add(7))
    assert statements(session, Add(3))[:2] == ["INSERT INTO tablekit_step", "BEGIN IMMEDIATE"]
    ids = [step.id for step in session.journal.steps("friday")]
    assert ids == sorted(ids) and len(ids) == 3 and session._step == ids[-1]
    assert reopen(session).state.added == (1, 2, 3) and inspect(session.journal, "friday").ok
    assert statements(session, Add(4)) == ["INSERT INTO tablekit_step"]
    assert reopen(session).state.added == (1, 2, 3, 4)


def test_a_journal_that_misremembers_the_head_still_chains_to_the_real_one(
    session: Session[Tally],
) -> None:
    """What this journal remembers of its last commit is only a guess the UPDATE checks: a
    wrong head (as if another program had rewritten the session at the same version) is
    refused there, and the step chains to the head the journal holds."""
    session.apply(Add(1))
    known = session.journal._known
    assert known is not None and known[1] == session.version
    session.journal._known = (known[0], known[1], chain("", "forged", "[]"), known[3])
    assert statements(session, Add(2))[:3] == [
        "INSERT INTO tablekit_step",  # refused: not the head
        "BEGIN IMMEDIATE",
        "SELECT version, head,",
    ]
    assert inspect(Journal(session.journal.path, clock=TEST_CLOCK), "friday").ok
    assert reopen(session).state.added == (1, 2)


def test_a_session_row_read_at_its_version_is_moved_on_whatever_it_held(
    session: Session[Tally],
) -> None:
    """A version that is not a whole number (a hand-edited or damaged row) reads as the
    version the session holds; the record moves the row on as it always did, so the
    journal, its head and the sidecar agree and nothing is reported lost."""
    session.apply(Add(1))
    session.apply(Add(2))
    session.journal._db.execute("UPDATE sessions SET version = 2.5")
    session.journal._known = None
    session.version = session.journal.version("friday")
    session.apply(Add(3))
    version, head = session.journal._db.execute("SELECT version, head FROM sessions").fetchone()
    assert version == session.version == 3 and head == session.journal.head("friday")
    owner = session.journal._db.execute("SELECT journal FROM meta").fetchone()[0]
    acked = acks.read(session.journal.path, owner)
    assert acked is not None and acked.version == 3
    assert inspect(session.journal, "friday").ok
    assert not Journal(session.journal.path, clock=TEST_CLOCK).drops


def test_a_tap_after_another_process_wrote_is_decided_on_its_state(
    session: Session[Tally],
) -> None:
    other = reopen(session)
    other.apply(Add(5))
    before = session.version
    assert session.apply(Add(1))[0].amount == 1  # type: ignore[attr-defined]
    assert session.state.added == (5, 1) and session.version == before + 2
    assert reopen(session).state == session.state


def test_a_tap_on_a_session_another_program_renamed_is_refused_and_stores_nothing(
    session: Session[Tally],
) -> None:
    """No step is stored under a name that no longer has a session (a later session of
    that name would inherit it), and the sidecar is not told of a version nobody has."""
    session.apply(Add(1))
    store.rename(Journal(session.journal.path, clock=TEST_CLOCK), "friday", "saturday")
    sidecar = acks.sidecar(session.journal.path).read_bytes()
    with pytest.raises(JournalError, match="no session called 'friday'"):
        session.apply(Add(2))
    assert acks.sidecar(session.journal.path).read_bytes() == sidecar
    moved = Session(Journal(session.journal.path, clock=TEST_CLOCK), "saturday", Counter())
    assert moved.state.added == (1,) and len(moved.journal.steps("saturday")) == 1
    assert not Journal(session.journal.path, clock=TEST_CLOCK).steps("friday")


@pytest.mark.parametrize("played", [0, 2])
@pytest.mark.parametrize("tap", ["add", "undo"])
def test_a_session_replaced_by_another_games_under_its_name_is_not_written(
    session: Session[Tally], played: int, tap: str
) -> None:
    """Another program renames the session away and makes a Mice and Mystics session of the
    same name (both new ones start at version 0, with no head): a tap on the screen that
    still shows the counter is refused in one line, and neither session changes."""
    for amount in range(1, played + 1):
        session.apply(Add(amount))
    other = Journal(session.journal.path, clock=TEST_CLOCK)
    store.rename(other, "friday", "saturday")
    other.create("friday", "mice-mystics")
    other.close()
    with pytest.raises(JournalError, match="'friday' is now another game's"):
        session.apply(Add(9) if tap == "add" else Undo())
    reader = Journal(session.journal.path, clock=TEST_CLOCK)
    assert reader.steps("friday") == [] and reader.version("friday") == 0
    assert [step.command for step in reader.steps("saturday")] == [
        codec.dumps(Add(amount)) for amount in range(1, played + 1)
    ]
    assert inspect(reader, "saturday").ok


def test_a_command_the_old_state_refuses_is_decided_again_on_the_new_one(
    session: Session[Tally],
) -> None:
    """A script hid the patrol's note after this screen last read the journal: revealing
    it is refused on the screen's old state, and applies on the journal's."""
    reopen(session).apply(Hide("patrol", "ambush"))
    session.apply(Reveal("patrol"))
    assert [note.revealed for note in session.state.notes] == [True]
    assert reopen(session).state == session.state


def test_a_refusal_on_the_journal_s_own_state_changes_nothing(session: Session[Tally]) -> None:
    session.apply(Add(1))
    version, state = session.version, session.state
    with pytest.raises(RuleError, match="nothing hidden"):
        session.apply(Reveal("patrol"))
    assert (session.version, session.state) == (version, state)
    assert len(session.journal.steps("friday")) == 1


def test_steps_are_stored_as_compact_json_and_old_texts_still_verify(
    session: Session[Tally],
) -> None:
    """The journal stores what msgspec writes; a step an earlier build stored (spaces after
    its commas) keeps its text, and the chain through both still checks out."""
    journal = session.journal
    journal.append("friday", '{"type":"t.add","amount":2}', '[{"type": "t.added", "amount": 2}]', 0)
    fresh = reopen(session)
    fresh.apply(Add(3))
    old, new = fresh.journal.steps("friday")
    assert old.events == '[{"type": "t.added", "amount": 2}]'
    assert (new.command, new.events) == (
        '{"type":"t.add","amount":3}',
        '[{"type":"t.added","amount":3}]',
    )
    assert inspect(fresh.journal, "friday").ok and reopen(session).state.added == (2, 3)


TEXT = st.text(
    st.one_of(
        st.characters(), st.sampled_from(["\ud800", "\udcff", "\udfff", "\x85", "\x7f", "\n"])
    ),
    max_size=12,
)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(owner=TEXT, note=TEXT)
def test_stored_texts_read_back_as_the_events_and_command_they_were(owner: str, note: str) -> None:
    """Any text a command may hold comes back from the journal's texts unchanged; text the
    checks refuse never reaches them."""
    command = Hide(owner or "o", note)
    try:
        codec.check(command)
    except codec.CommandError:
        return
    events = Counter().decide(Tally(), command, random.Random(0))
    stored = codec.dumps_all(events)
    known = codec.registry(Counter.events)
    assert [codec.from_json(item, known) for item in json.loads(stored)] == events
    assert codec.from_json(codec.dumps(command), codec.registry(Counter.commands)) == command


def test_a_journal_file_keeps_every_step_across_processes(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    one: Session[Tally] = Session.create(Journal(path, clock=TEST_CLOCK), "s", Counter())
    two: Session[Tally] = Session(Journal(path, clock=TEST_CLOCK), "s", Counter())
    for amount in range(1, 7):
        (one if amount % 2 else two).apply(Add(amount))
    assert one.journal.version("s") == 6
    again = Session(Journal(path, clock=TEST_CLOCK), "s", Counter())
    assert again.state.added == (1, 2, 3, 4, 5, 6)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=70), TEXT, TEXT)
def test_a_step_s_checksum_is_the_sha256_of_its_texts_joined_by_nul(
    previous: str, command: str, events: str
) -> None:
    """As every journal stored it (older steps must still check out): the step before's
    checksum, NUL, the command, NUL, the events, as UTF-8 with stray bytes as they were."""
    previous = previous.encode("utf-8", "replace").decode()  # a checksum is always text
    try:
        parts = [
            previous.encode(),
            command.encode("utf-8", "surrogateescape"),
            events.encode("utf-8", "surrogateescape"),
        ]
    except UnicodeEncodeError:
        return  # a surrogate that is no stray byte: never stored (the checks refuse it)
    assert chain(previous, command, events) == hashlib.sha256(b"\0".join(parts)).hexdigest()


def test_a_step_another_process_commits_while_a_session_opens_is_not_damage(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13 item 8: opening reads the steps, then the session's newest checksum. A
    script's commit between the two made them disagree, and the racing script ended in
    "does not check out" and exit 2; the reads now see one moment of the journal."""
    path = tmp_path / "journal.sqlite3"
    Session.create(Journal(path, clock=TEST_CLOCK), "friday", Counter()).apply(Add(1))
    other = Session(Journal(path, clock=TEST_CLOCK), "friday", Counter())
    real_head = Journal.head

    def head_after_another_commit(self: Journal, session: str) -> str:
        monkeypatch.setattr(Journal, "head", real_head)
        other.apply(Add(2))  # another process's command lands right here
        return real_head(self, session)

    monkeypatch.setattr(Journal, "head", head_after_another_commit)
    opened = Session(Journal(path, clock=TEST_CLOCK), "friday", Counter())
    assert opened.state.added == (1,), "the journal as it was when the reads began"
    assert opened.apply(Add(3))[0].amount == 3  # type: ignore[attr-defined]
    assert Session(Journal(path, clock=TEST_CLOCK), "friday", Counter()).state.added == (1, 2, 3)


def test_a_command_inside_a_read_of_one_moment_is_refused_as_before(
    session: Session[Tally],
) -> None:
    """The one statement commits only as its own transaction: inside a read of one moment
    the command takes the transaction, which refuses to begin inside another, and neither
    the journal nor the sidecar moves."""
    session.apply(Add(1))
    session.apply(Add(2))
    sidecar = acks.sidecar(session.journal.path).read_bytes()
    with session.journal.reading(), pytest.raises(JournalError):
        session.journal.record("friday", codec.dumps(Add(3)), "[]", session.version)
    assert acks.sidecar(session.journal.path).read_bytes() == sidecar
    assert reopen(session).state.added == (1, 2)
    assert statements(session, Add(3)) == ["INSERT INTO tablekit_step"]
