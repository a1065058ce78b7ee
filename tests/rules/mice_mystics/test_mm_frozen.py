"""The state's fast update (``frozen.replace``) makes exactly what ``dataclasses.replace`` makes:
over random games, folding every event with either gives equal states, and a class the
fast path cannot copy (a ``__post_init__``, slots, a cached property, a name that is not a
field) goes to ``dataclasses.replace`` and behaves as it always did."""

from __future__ import annotations

import dataclasses
import random
from functools import cached_property

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules.mice_mystics.mm_support import GAME, started
from rules.mice_mystics.test_mm_properties import _command

from tablekit.rules.errors import RuleError
from tablekit.rules.mice_mystics import evolve, frozen, state
from tablekit.rules.mice_mystics.mice import Mouse
from tablekit.rules.mice_mystics.state import State, Turn


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.integers(0, 2**16))
def test_folding_with_the_fast_update_equals_folding_with_dataclasses_replace(
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
        patch.setattr(evolve, "replace", dataclasses.replace)
        patch.setattr(state, "replace", dataclasses.replace)
        plain = [GAME.start()]
        for event in table.events:
            plain.append(GAME.evolve(plain[-1], event))
    assert fast == plain
    assert [vars(s).keys() for s in fast] == [vars(s).keys() for s in plain]


def test_the_state_a_mouse_and_a_turn_take_the_fast_path() -> None:
    """What makes a command cheap: none of them is copied through ``__init__``."""
    for cls in (State, Mouse, Turn):
        assert frozen._plain_fields(cls) == {field.name for field in dataclasses.fields(cls)}


@dataclasses.dataclass(frozen=True)
class Checked:
    low: int
    high: int

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise ValueError("low above high")


@dataclasses.dataclass(frozen=True, slots=True)
class Slotted:
    a: int
    b: str = "b"


@dataclasses.dataclass(frozen=True)
class Cached:
    a: int

    @cached_property
    def double(self) -> int:
        return 2 * self.a


def test_a_class_the_fast_path_cannot_copy_is_replaced_as_before() -> None:
    with pytest.raises(ValueError, match="low above high"):
        frozen.replace(Checked(1, 2), low=3)  # __post_init__ still runs
    assert frozen.replace(Slotted(1), b="c") == Slotted(1, "c")
    cached = Cached(2)
    assert cached.double == 4
    assert frozen.replace(cached, a=5).double == 10  # the cache is not copied with the fields
    with pytest.raises(TypeError):
        frozen.replace(Turn(), flown=True)  # type: ignore[call-arg]
    assert frozen._plain_fields(Checked) is None and frozen._plain_fields(Cached) is None
