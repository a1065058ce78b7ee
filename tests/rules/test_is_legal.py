"""Legality in two tiers (issue 25 item 6): ``is_legal(state, command)`` is true exactly when
applying the command succeeds, and a command that succeeds is of a kind ``legal_commands``
offers, so a screen that greys by kind never greys a move the rules allow."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from fuzzing import doc_examples, fields_of, words_in
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablekit.rules.errors import RuleError
from tablekit.rules.game import Command, Game, settle
from tablekit.rules.mice_mystics.content import shipped_pack
from tablekit.rules.mice_mystics.game import MiceAndMystics
from tablekit.rules.mouse_card import commands as mc
from tablekit.rules.mouse_card.game import MouseCard
from tablekit.rules.mouse_guard.game import MouseGuard
from tablekit.rules.mouse_guard.ruleset import shipped_ruleset
from tablekit.session import codec
from tablekit.session.codec import CommandError

GAMES: dict[str, Callable[[], Game[Any]]] = {
    "mice-mystics": lambda: MiceAndMystics(shipped_pack("base")),
    "mouse-guard": lambda: MouseGuard(shipped_ruleset("mouse-guard")),
    "regelhuskeark": lambda: MouseGuard(shipped_ruleset("regelhuskeark")),
    "mouse-card": MouseCard,
}
EXAMPLES = doc_examples()


def applies(game: Game[Any], state: Any, command: Command, seed: int) -> Any | None:
    """The state after ``command`` with dice from ``seed``, or None when the rules refuse."""
    try:
        return settle(game, state, command, random.Random(seed))[1]
    except RuleError:
        return None


def documented(game: Game[Any]) -> list[Command]:
    """The commands docs/commands.md shows for ``game``, in the order it tells an evening."""
    known = codec.registry(game.commands)
    found = []
    for body in EXAMPLES:
        if body["type"] in known:
            try:
                found.append(codec.from_json(body, known))
            except CommandError:
                continue
    return found


def probe(game: Game[Any], state: Any, data: st.DataObject) -> Command | None:
    """A command built from a declared command's fields with the names the current view
    holds (so some of them fit the state); None when it does not parse."""
    known = codec.registry(game.commands)
    kind = data.draw(st.sampled_from(sorted(known)))
    words = sorted(words_in(game.view(state), set()))[:60]
    try:
        return codec.from_json({"type": kind, **data.draw(fields_of(known[kind], words))}, known)
    except CommandError:
        return None


def check(game: Game[Any], state: Any, command: Command, seed: int) -> Any | None:
    """Assert both tiers agree with applying ``command``; the state after it, if it applied."""
    after = applies(game, state, command, seed)
    assert game.is_legal(state, command) is (after is not None), command
    if after is not None:
        assert command.kind in game.legal_commands(state), command
    return after


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_is_legal_says_whether_applying_succeeds(name: str, data: st.DataObject, seed: int) -> None:
    """States are reached by the documented evening, some of its commands skipped; at each,
    every documented command tried and a generated one are checked."""
    game = GAMES[name]()
    state = game.start()
    for command in documented(game):
        generated = probe(game, state, data)
        if generated is not None:
            check(game, state, generated, seed)
        after = check(game, state, command, seed)
        if after is not None and data.draw(st.integers(0, 3)):
            state = after


def test_is_legal_changes_nothing_and_refuses_what_decide_refuses() -> None:
    game = MouseCard()
    state = game.start()
    assert not game.is_legal(state, mc.BeginTask("Nobody", "Climb"))
    assert game.is_legal(state, mc.AddCharacter("Kenzie", traits={"Climb": 2}))
    assert state == game.start()


def test_a_command_of_another_game_is_not_legal() -> None:
    game = MouseGuard(shipped_ruleset("mouse-guard"))
    assert not game.is_legal(game.start(), mc.AddCharacter("Kenzie", traits={"Climb": 2}))
