"""A frame costs what it draws (issue 13, Build 4): a second frame of an unchanged screen
renders no text and measures none, and the view a scene draws is built once per change."""

from __future__ import annotations

from typing import Any

from fakegame import Add

from tablekit.rules.secret import GM
from tablekit.session import Session
from tablekit.ui import widgets


def misses() -> tuple[int, int, int, int]:
    return (
        widgets.rendered.cache_info().misses,
        widgets.width_of.cache_info().misses,
        widgets.fit_size.cache_info().misses,
        widgets._lines.cache_info().misses,
    )


def test_a_second_frame_of_the_same_screen_renders_and_measures_nothing(make_app: Any) -> None:
    app = make_app()
    app.start("test-counter")
    app.submit(Add(3))
    app.draw()
    before = misses()
    app.draw()
    app.draw()
    assert misses() == before
    app.submit(Add(4))  # a change: only its new words are rendered anew
    app.draw()
    assert misses()[0] > before[0]


def test_the_view_is_built_once_per_change(session: Session[Any]) -> None:
    first = session.table_view()
    assert session.table_view() is first and session.view(GM) is not first
    session.apply(Add(2))
    again = session.table_view()
    assert again is not first and again["total"] == 2 and session.table_view() is again
