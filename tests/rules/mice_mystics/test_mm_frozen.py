"""The state's fast update (``frozen.replace``, msgspec's copy of a frozen ``Struct``) makes
exactly what building the value anew through its class makes: over random games, folding
every event with either gives equal states; and a name that is not a field is refused."""

from __future__ import annotations

import random
from typing import Any, TypeVar

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules.mice_mystics.mm_support import GAME, started
from rules.mice_mystics.test_mm_properties import _command

from tablekit.rules.errors import RuleError
from tablekit.rules.mice_mystics import evolve, frozen, state
from tablekit.rules.mice_mystics.mice import Mouse
from tablekit.rules.mice_mystics.state import State, Turn

T = TypeVar("T", bound=msgspec.Struct)


def anew(value: T, /, **changes: Any) -> T:
    """``value`` with ``changes``, built through its class's ``__init__``."""
    return type(value)(**{**msgspec.structs.asdict(value), **changes})


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.integers(0, 2**16))
def test_folding_with_the_fast_update_equals_folding_with_values_built_anew(
    data: st.DataObject, seed: int
) -> None:
    table = started(None, heroes=("collin", "nez", "lily"), end_page=5, seed=seed)
    table.rng = random.Random(seed)
    for _ in range(60):
        if table.state.outcome.value != "playing":
            break
        try:
            table.do(_command(table.state, data))
        except RuleError:
            continue
    fast = [GAME.start()]
    for event in table.events:
        fast.append(GAME.evolve(fast[-1], event))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(evolve, "replace", anew)
        patch.setattr(state, "replace", anew)
        plain = [GAME.start()]
        for event in table.events:
            plain.append(GAME.evolve(plain[-1], event))
    assert fast == plain


def test_the_state_a_mouse_and_a_turn_are_frozen_structs() -> None:
    """What makes a command cheap: each is copied in C, never through ``__init__``."""
    for cls in (State, Mouse, Turn):
        assert issubclass(cls, msgspec.Struct) and cls.__struct_config__.frozen


def test_a_name_that_is_not_a_field_is_refused() -> None:
    with pytest.raises(TypeError):
        frozen.replace(Turn(), flown=True)  # type: ignore[call-arg]
    assert frozen.replace(Turn(), moved=True) == Turn(moved=True)
