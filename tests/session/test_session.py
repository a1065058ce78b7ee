"""Session.apply: validate, journal, then change; undo and redo survive restarts."""

import random

import pytest
from clocks import TEST_CLOCK
from fakegame import Add, Counter, Hide, Roll, Tally

from tablekit.rules.errors import RuleError
from tablekit.rules.secret import GM, pad_audience
from tablekit.session import Journal, Redo, Session, Undo
from tablekit.session.journal import JournalError, StaleSession


def reopen(session: Session[Tally]) -> Session[Tally]:
    """The same session as the app sees it after a restart."""
    return Session(Journal(session.journal.path, clock=TEST_CLOCK), session.name, Counter())


def test_apply_returns_events_and_changes_state(session: Session[Tally]) -> None:
    events = session.apply(Add(3))
    assert [e.kind for e in events] == ["t.added"]
    assert session.state.total == 3
    assert reopen(session).state.total == 3


def test_rejected_command_changes_nothing(session: Session[Tally]) -> None:
    session.apply(Add(2))
    with pytest.raises(RuleError, match="positive"):
        session.apply(Add(-1))
    assert session.state.total == 2
    assert len(list(session.journal.steps("friday"))) == 1


def test_rolls_are_recorded_not_rerolled(session: Session[Tally]) -> None:
    session.apply(Roll(dice=5))
    rolled = session.state.rolls
    again = reopen(session)
    again.rng = random.Random(12345)
    assert again.state.rolls == rolled


def test_undo_and_redo_survive_restart(session: Session[Tally]) -> None:
    for amount in (1, 2, 4):
        session.apply(Add(amount))
    session.apply(Undo())
    session.apply(Undo())
    assert session.state.total == 1
    restarted = reopen(session)
    assert restarted.state.total == 1
    assert restarted.can_redo
    restarted.apply(Redo())
    assert restarted.state.total == 3
    assert reopen(restarted).state.total == 3


def test_new_command_clears_redo(session: Session[Tally]) -> None:
    session.apply(Add(1))
    session.apply(Add(2))
    session.apply(Undo())
    session.apply(Add(5))
    assert not session.can_redo
    with pytest.raises(RuleError, match="nothing to redo"):
        session.apply(Redo())
    assert session.state.added == (1, 5)


def test_undo_with_empty_history_is_refused(session: Session[Tally]) -> None:
    with pytest.raises(RuleError, match="nothing to undo"):
        session.apply(Undo())


def test_named_sessions_are_separate_and_last_is_resumed(journal: Journal) -> None:
    campaign = Session.create(journal, "campaign", Counter())
    oneshot = Session.create(journal, "one-shot", Counter())
    campaign.apply(Add(10))
    oneshot.apply(Add(1))
    campaign.apply(Add(10))
    last = journal.last()
    assert last is not None and last.name == "campaign"
    assert Session(journal, "one-shot", Counter()).state.total == 1
    assert {info.name for info in journal.sessions()} == {"campaign", "one-shot"}
    with pytest.raises(JournalError, match="already"):
        Session.create(journal, "campaign", Counter())


def test_views_hide_notes_from_table_and_other_pads(session: Session[Tally]) -> None:
    session.apply(Hide("patrol", "attack"))
    assert session.table_view()["notes"] == [{"owner": "patrol", "note": {"hidden": True}}]
    assert session.view(pad_audience("patrol"))["notes"][0]["note"] == "attack"
    assert session.view(pad_audience("opponents"))["notes"][0]["note"] == {"hidden": True}
    assert session.view(GM)["notes"][0]["note"] == {"hidden": True}
    assert "attack" not in repr(session.table_view())


def test_two_processes_on_one_journal_never_decide_on_stale_state(session: Session[Tally]) -> None:
    """A script and the table app may share the journal: each sees the other's commands."""
    other = reopen(session)
    other.apply(Add(5))
    session.apply(Add(1))
    assert session.state.added == (5, 1)
    assert reopen(session).state == session.state
    other.apply(Undo())
    assert reopen(session).state.added == (5,)


def test_a_write_racing_another_is_refused_and_changes_nothing(session: Session[Tally]) -> None:
    session.apply(Add(1))
    journal = session.journal
    stale = journal.version("friday") - 1
    with pytest.raises(StaleSession):
        journal.append("friday", '{"type": "t.add", "amount": 9}', "[]", stale)
    assert reopen(session).state.added == (1,)


def test_a_busy_or_broken_journal_is_a_journal_error(tmp_path) -> None:
    broken = tmp_path / "not-a-journal.sqlite3"
    broken.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(JournalError, match="cannot use the journal"):
        Journal(broken, clock=TEST_CLOCK)
