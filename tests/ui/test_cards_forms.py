"""The Mouse Card forms never hand the session a command outside its schema (issue 12): a
player tapping steppers, options and the on-screen keys at random meets a rule's refusal
at worst, never a schema message. Steppers stop at the schema's bounds, and Add, Begin
and Approve stay off while a typed text is empty or only spaces."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablekit.rules.game import Command
from tablekit.rules.mouse_card import commands as cmd
from tablekit.rules.mouse_card.game import MouseCard
from tablekit.session import codec
from tablekit.ui import theme
from tablekit.ui.cards import forms
from tablekit.ui.form import Form
from tablekit.ui.layout import Layout
from tablekit.ui.widgets import Button

SIZE = (800, 480)
LAYOUT = Layout(*SIZE)
AREA = pygame.Rect(0, 0, *SIZE)


@pytest.fixture(scope="module", autouse=True)
def fonts() -> Iterator[None]:
    pygame.init()
    yield
    theme.font.cache_clear()
    pygame.quit()


def saxon() -> dict[str, Any]:
    """The table's view with old Saxon: a scout, aged and a leader, with a fate chip."""
    game = MouseCard()
    state = game.start()
    joined = cmd.AddCharacter(
        "Saxon", traits={"Scout": 4, "Fighter": 2}, disadvantages={"Aged": 1, "Leader": 1}, fate=1
    )
    for event in game.decide(state, joined, __import__("random").Random(1)):
        state = game.evolve(state, event)
    return game.view(state)


def buttons(form: Form) -> list[Button]:
    return [b for b in form.buttons(LAYOUT, AREA, str) if b.enabled and b.label != "Cancel"]


def confirm_of(form: Form) -> Button | None:
    return next((b for b in buttons(form) if b.label == form.confirm_label), None)


FORMS: dict[str, Callable[[Callable[[Command], bool]], Form]] = {
    "new character": lambda submit: forms.new_character(submit, str),
    "task": lambda submit: forms.task(saxon(), "Saxon", submit, str),
    "award": lambda submit: forms.award(saxon(), submit, str),
    "miracle": lambda submit: forms.miracle(saxon(), submit, str),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(FORMS))
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(taps=st.lists(st.integers(min_value=0, max_value=10_000), max_size=120))
def test_random_taps_only_ever_submit_a_command_its_schema_allows(
    name: str, taps: list[int]
) -> None:
    submitted: list[Command] = []

    def submit(command: Command) -> bool:
        codec.check(command)  # a CommandError here is a schema message a tap reached
        submitted.append(command)
        return True

    form = FORMS[name](submit)
    for tap in taps:
        if form.closed:
            break
        found = buttons(form)
        found[tap % len(found)].action()
    if not form.closed and (ready := confirm_of(form)) is not None:
        ready.action()
    assert all(isinstance(c, cmd.COMMANDS) for c in submitted)


@pytest.mark.parametrize("typed", ["", " ", "   "])
@pytest.mark.parametrize("name", ["new character", "miracle"])
def test_a_text_of_only_spaces_holds_the_form(name: str, typed: str) -> None:
    """The schema wants a letter in a name and a miracle; the form waits for one."""
    form = FORMS[name](lambda command: True)
    form.page = next(i for i, page in enumerate(form.pages) if any(f.kind == "text" for f in page))
    form.type(typed)
    labels = {b.label for b in buttons(form)}
    assert "Next" not in labels and form.confirm_label not in labels
    form.type("a")
    assert {"Next", form.confirm_label} & {b.label for b in buttons(form)}


def test_the_keys_type_no_more_than_the_schema_s_longest_name() -> None:
    form = FORMS["new character"](lambda command: True)
    for _ in range(60):
        [*(b for b in buttons(form) if b.label == "q")][-1].action()  # the key, not the field
    assert form.values["name"] == "q" * 40


def test_every_stepper_stays_within_its_schema() -> None:
    bounds = {
        "level": (1, cmd.MAX_LEVEL),
        "aged": (0, cmd.MAX_LEVEL),
        "leader": (0, cmd.MAX_LEVEL),
        "fate": (0, cmd.MAX_FATE),
        "needed": (1, cmd.MAX_NEEDED),
        "chips": (1, cmd.MAX_AWARD),
    }
    for make in FORMS.values():
        form = make(lambda command: True)
        for page in form.pages:
            for item in page:
                if item.kind == "count":
                    low, high = bounds[item.key]
                    assert low <= item.low and item.high <= high, item.key
