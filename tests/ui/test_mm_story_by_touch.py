"""A story achievement recorded by touch, and the same one tapped in again refused in words.

From an empty data directory, by taps alone: set-up, Chapter…, Story, the
achievement's number, Record. Rulebook "Achievements": a story achievement is
a named thing its chapter describes, earned once, so the second Record of
achievement 3 is a double tap and changes nothing.
"""

from __future__ import annotations

import pygame
import pytest
from ui.test_mm_chapter_by_touch import SIZES, Table, set_up

from tablekit.local import paths
from tablekit.session import Journal
from tablekit.ui import theme


def record(table: Table, number: int) -> None:
    """Chapter…, Story, step the number up to ``number``, Record."""
    tr = table.tr
    table.tap(tr("Chapter…"))
    table.tap(tr("Story"))
    for _ in range(number - 1):
        table.tap("+", 0)
    table.tap(tr("Record"))


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "da"])
def test_story_achievement_three_is_recorded_once_and_refused_the_second_time(
    journal: Journal, size: tuple[int, int], language: str
) -> None:
    assert not paths.data_dir().joinpath("box.toml").exists()
    table = Table(journal, size, language)
    tr = table.tr
    set_up(table)
    end = table.view()["chapter_track"]["end"]

    record(table, 3)
    assert table.view()["story_achievements"] == ["Story achievement 3"]
    assert table.app.notice_text == ""
    version = table.app.session.version

    record(table, 3)
    said = table.app.notice_text
    expected = {
        "en": "The mice already hold story achievement 3",
        "da": "Musene har allerede historiebedrift 3",
    }
    assert said == expected[language]
    assert "{" not in said and "mm." not in said
    assert table.view()["story_achievements"] == ["Story achievement 3"]
    assert table.view()["chapter_track"]["end"] == end
    assert table.app.session.version == version, "nothing journalled"
    assert table.form().title == tr("Story achievement"), "the refused form stays open"
    table.tap(tr("Cancel"))
    table.tap(tr("Close"))  # Cancel went back one step, to the chapter's menu

    record(table, 4)
    assert table.view()["story_achievements"] == ["Story achievement 3", "Story achievement 4"]
    table.tap(tr("Chapter…"))  # the menu says which the mice hold, so none is recorded twice
    assert table.app.scene.form.facts == [f"{tr('Story achievements')}: 3, 4"]
    table.app.scene.exit()
    theme.font.cache_clear()
    pygame.quit()
