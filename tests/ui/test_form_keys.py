"""The shared form's keys (issue 21 item 5): a keypad for numbers, a shift key for capitals,
and a choice that is confirmed by the tap that picks it. Driven by taps on the buttons."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from tablekit.ui import theme
from tablekit.ui.form import Field, Form, NumberBox
from tablekit.ui.layout import Layout

LAYOUT = Layout(800, 480)
AREA = LAYOUT.content()


@pytest.fixture(autouse=True)
def fonts() -> Iterator[None]:
    pygame.init()
    yield
    theme.font.cache_clear()
    pygame.quit()


def press(form: Form, label: str, last: bool = False) -> None:
    """Tap the button called ``label`` (the last of them with ``last``: a keypad key)."""
    found = [b for b in form.buttons(LAYOUT, AREA, str) if b.label == label and b.enabled]
    assert found, f"no enabled {label!r} in {[b.label for b in form.buttons(LAYOUT, AREA, str)]}"
    (found[-1] if last else found[0]).action()


def box(form: Form, key: str) -> NumberBox:
    return next(
        b for b in form.buttons(LAYOUT, AREA, str) if isinstance(b, NumberBox) and b.key == key
    )


def numbers(saved: list[dict[str, Any]]) -> Form:
    fields = [
        Field("battle", "Battle", "number", None, high=9, required=True),
        Field("defense", "Defense", "number", 2, high=9),
        Field("life", "Life", "number", None, low=1, high=12, required=True),
    ]
    return Form("Numbers", [fields], lambda values: saved.append(values) or True, "Save")


def test_the_keypad_types_into_the_first_unknown_and_goes_on_by_itself() -> None:
    saved: list[dict[str, Any]] = []
    form = numbers(saved)
    assert box(form, "battle").selected, "the first unknown number has the keypad"
    assert "Save" not in [b.label for b in form.buttons(LAYOUT, AREA, str) if b.enabled]
    press(form, "3", last=True)  # no second digit fits under 10: on to the next unknown
    assert form.values["battle"] == 3 and box(form, "life").selected
    press(form, "1", last=True)
    press(form, "2", last=True)  # a life of 12: two digits
    assert form.values["life"] == 12
    press(form, "delete")
    assert form.values["life"] == 1
    press(form, "Save")
    assert saved == [{"battle": 3, "defense": 2, "life": 1}]


def test_a_tap_on_a_number_gives_it_the_keypad_afresh() -> None:
    form = numbers([])
    box(form, "defense").action()
    press(form, "7", last=True)
    assert form.values["defense"] == 7, "the digit replaces the number shown"
    form.type("4")  # a keyboard's digits go where the keypad's would: the next unknown
    assert form.values["life"] == 4 and form.values["battle"] is None and form.takes_keys


def test_a_number_out_of_its_range_holds_the_form() -> None:
    form = numbers([])
    press(form, "5", last=True)
    press(form, "0", last=True)  # a life of 0 is under its least, 1
    assert form.values["life"] == 0
    assert "Save" not in [b.label for b in form.buttons(LAYOUT, AREA, str) if b.enabled]


def test_shift_gives_the_next_letter_a_capital() -> None:
    typed: list[str] = []
    form = Form("Name", [[Field("name", "Name", "text", "")]], lambda v: typed.append(v["name"]))
    for key in ("shift", "k", "i", "t"):
        press(form, key)
    assert form.values["name"] == "Kit", "shift holds for one letter"


def test_a_name_starts_with_a_capital_by_itself() -> None:
    name = Field("name", "Name", "text", "", capitals=True)
    form = Form("Name", [[name]], lambda v: True)
    shift = [b.label for b in form.buttons(LAYOUT, AREA, str) if b.label.lower() == "shift"]
    assert shift == ["SHIFT"], "the shift key says that the first letter is a capital"
    for key in ("b", "o", "b"):
        press(form, key)
    assert form.values["name"] == "Bob"
    form.values["name"] = ""
    for key in ("SHIFT", "b"):
        press(form, key)
    assert form.values["name"] == "b", "shift at a name's start gives a small letter"


def test_a_choice_that_submits_is_confirmed_by_the_tap_that_picks_it() -> None:
    chosen: list[str] = []
    options = [("a", "Aim"), ("b", "Bash")]
    field = Field("card", "", "choice", None, options, wide=True, required=True, submits=True)
    form = Form("Card", [[field]], lambda v: chosen.append(v["card"]) or True)
    press(form, "Bash")
    assert chosen == ["b"] and form.closed and not form.cancelled


def test_cancel_says_so() -> None:
    form = numbers([])
    press(form, "Cancel")
    assert form.closed and form.cancelled
