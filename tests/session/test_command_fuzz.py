"""Fuzzed command lines for every game in the catalogue (issue 12, hypothesis).

Each line is built from a command's declared fields (names the game knows,
edge numbers, any JSON), sometimes mutated as text, and goes through the
session's parser and rules on a session set up from the examples in
docs/commands.md. It is either applied or refused with a CommandError or a
RuleError that changes nothing; nothing else escapes. ``make fuzz`` runs the
long campaign of the same kind.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from clocks import TEST_CLOCK
from fuzzing import doc_examples, fields_of, mutated, words_in
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablekit import catalog
from tablekit.rules.errors import RuleError
from tablekit.session import Journal, Redo, Session, Undo
from tablekit.session.codec import CommandError

GAMES = sorted(catalog.listings())


@pytest.fixture(scope="module")
def sessions(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Session[Any]]]:
    """One session per game, advanced through every docs example its rules accept.

    A fuzzed line that is applied is undone at once, so every example meets the same state.
    """
    journal = Journal(Path(tmp_path_factory.mktemp("fuzz")) / "journal.sqlite3", clock=TEST_CLOCK)
    made = {}
    for name, game in catalog.games().items():
        session = Session.create(journal, name, game)
        session.rng = random.Random(12)
        for example in doc_examples():
            try:
                session.apply(session.parse(example))
            except (RuleError, CommandError):
                continue
        made[name] = session
    yield made
    journal.close()


@st.composite
def lines(draw: st.DrawFn, session: Session[Any], words: list[str]) -> str:
    kind = draw(st.sampled_from(sorted(session.commands)))
    data = {"type": kind, **draw(fields_of(session.commands[kind], words))}
    line = json.dumps(data, ensure_ascii=False)
    return draw(mutated(line)) if draw(st.booleans()) else line


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_fuzzed_line_is_applied_or_refused_and_a_refusal_changes_nothing(
    sessions: dict[str, Session[Any]], game: str, data: st.DataObject
) -> None:
    session = sessions[game]
    line = data.draw(lines(session, sorted(words_in(session.view(), set()))))
    state, version = session.state, session.version
    try:
        command = session.parse(line)
        session.apply(command)
    except (RuleError, CommandError) as error:
        assert str(error) and "\n" not in str(error)
        assert session.state is state and session.version == version
        assert session.journal.version(session.name) == version
        return
    session.apply(Redo() if isinstance(command, Undo) else Undo())
    assert session.state == state


def test_every_game_of_the_catalogue_is_fuzzed() -> None:
    assert set(GAMES) >= {"mice-mystics", "mouse-guard"}
