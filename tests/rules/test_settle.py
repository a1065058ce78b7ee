"""A game that folds as it decides hands the session the state it reached, and that state is
exactly its events folded (issue 13: the session folds each command's events once)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fuzzing import doc_examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit import catalog
from tablekit.rules.errors import RuleError
from tablekit.rules.game import Game, fold, settle
from tablekit.session import codec
from tablekit.session.codec import CommandError

EXAMPLES = doc_examples()
GAMES = sorted(catalog.games())


def commands_of(game: Game[Any], order: list[int]) -> list[Any]:
    """The documented commands of ``game`` that parse, in ``order``."""
    known = codec.registry(game.commands)
    found = []
    for index in order:
        if EXAMPLES[index]["type"] in known:
            try:
                found.append(codec.from_json(EXAMPLES[index], known))
            except CommandError:
                continue
    return found


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=40, deadline=None)
@given(order=st.permutations(range(len(EXAMPLES))), seed=st.integers(0, 2**32 - 1))
def test_the_settled_state_is_the_decided_events_folded(
    name: str, order: list[int], seed: int
) -> None:
    game = catalog.games()[name]
    state, settled = game.start(), 0
    for command in commands_of(game, order):
        try:
            events, after = settle(game, state, command, random.Random(seed))
        except RuleError:
            continue
        assert after == fold(game, state, events)
        state, settled = after, settled + 1
    assert settled or not commands_of(game, order)


def test_a_game_without_a_draft_is_decided_then_folded() -> None:
    from fakegame import Add, Counter

    game = Counter()
    events, after = settle(game, game.start(), Add(3), random.Random(1))
    assert after == fold(game, game.start(), events) and after.added == (3,)
