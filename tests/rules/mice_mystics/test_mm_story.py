"""Story achievements: each earned once, kept through a campaign, a bounded list.

Rulebook "Achievements" (the mice earn story achievements that their chapter
describes) and "Playing Mice and Mystics as a Campaign" (the mice keep them
from one chapter to the next).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace
from rules.mice_mystics.mm_support import GAME, Table, started

from tablekit.rules.errors import RuleError
from tablekit.rules.mice_mystics.campaign import STORY_LIMIT, story_name, story_number
from tablekit.rules.mice_mystics.commands import (
    DeclareVictory,
    HeroChoice,
    StartChapter,
    StoryAchievement,
)
from tablekit.session.codec import CommandError

DOC = Path(__file__).parents[3] / "docs" / "commands.md"


def test_a_story_achievement_the_mice_hold_is_refused_and_changes_nothing() -> None:
    """Rulebook "Achievements": an achievement is a named thing a chapter describes, earned
    once; recording it again is the same tap twice."""
    table = started(("collin", "nez"))
    table.do(StoryAchievement("Freed Lily", pages=1))
    before = table.state
    for again in ("Freed Lily", "  freed lily ", "FREED  LILY"):
        with pytest.raises(RuleError, match="already hold the story achievement 'Freed Lily'"):
            table.do(StoryAchievement(again, pages=1))
        assert table.state == before
    assert table.view()["story_achievements"] == ["Freed Lily"]
    assert table.view()["chapter_track"]["end"] == 7, "the end marker moved once"
    table.do(StoryAchievement("Found the key"))
    assert table.view()["story_achievements"] == ["Freed Lily", "Found the key"]


def test_a_numbered_achievement_is_refused_by_its_number() -> None:
    """The touchscreen records the story book's achievements by number; a refusal says the
    number, so it reads in any language, where a script's own name is quoted as given."""
    table = started(("collin", "nez"))
    table.do(StoryAchievement(story_name(3)))
    with pytest.raises(RuleError) as refused:
        table.do(StoryAchievement("story achievement 3"))
    assert str(refused.value) == "The mice already hold story achievement 3"
    assert refused.value.params == {"number": 3}
    assert story_number(story_name(12)) == 12 and story_number("Freed Lily") is None


def test_an_achievement_carried_from_the_last_chapter_is_not_earned_again() -> None:
    """Rulebook "Playing Mice and Mystics as a Campaign": the mice keep their story
    achievements, so the next chapter cannot record the same one a second time."""
    table = started(("collin", "nez"))
    table.do(StoryAchievement("Freed Lily"))
    table.do(DeclareVictory())
    table.do(StartChapter("chapter 2", 8, (HeroChoice("collin"), HeroChoice("nez")), campaign=True))
    with pytest.raises(RuleError, match="already hold"):
        table.do(StoryAchievement("Freed Lily"))
    table.do(StoryAchievement("Crossed the river"))
    assert table.view()["story_achievements"] == ["Freed Lily", "Crossed the river"]


def test_a_campaign_holds_at_most_the_limit_of_story_achievements() -> None:
    """Issue 12: every list has a maximum. A story book describes a few dozen achievements."""
    table = started(("collin", "nez"))
    for number in range(STORY_LIMIT):
        table.do(StoryAchievement(f"Deed {number}"))
    assert len(table.state.story) == STORY_LIMIT == 100
    assert "mm.story_achievement" not in GAME.legal_commands(table.state)
    before = table.state
    with pytest.raises(RuleError, match="at most 100 story achievements"):
        table.do(StoryAchievement("One more"))
    assert table.state == before


def test_docs_commands_md_quotes_the_rules_own_refusals() -> None:
    """docs/commands.md's ``mm.story_achievement`` gives both refusals word for word."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("#### mm.story_achievement", 1)[1].split("####", 1)[0]
    documented = " ".join(section.split())
    table = started(("collin", "nez"))
    table.do(StoryAchievement("Freed Lily"))
    with pytest.raises(RuleError) as twice:
        table.do(StoryAchievement("freed lily "))
    table.state = replace(table.state, story=tuple(f"Deed {n}" for n in range(STORY_LIMIT)))
    with pytest.raises(RuleError) as past:
        table.do(StoryAchievement("One more"))
    table.state = replace(table.state, story=(story_name(3),))
    with pytest.raises(RuleError) as numbered:
        table.do(StoryAchievement(story_name(3)))
    for refusal in (twice.value, past.value, numbered.value):
        assert f"`{refusal}`" in documented


def test_a_blank_name_is_refused() -> None:
    table = started(("collin", "nez"))
    with pytest.raises(RuleError, match="Name the achievement"):
        table.do(StoryAchievement("   "))
    assert table.state.story == ()


_NAMES = st.sampled_from(("Freed Lily", "freed lily", " Freed  Lily", "Key", "KEY ", "Map"))


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(
    held=st.integers(0, STORY_LIMIT),
    commands=st.lists(
        st.tuples(st.one_of(_NAMES, st.text(min_size=1, max_size=12)), st.integers(0, 2)),
        max_size=30,
    ),
)
def test_story_stays_unique_and_bounded_and_a_refusal_changes_nothing(
    held: int, commands: list[tuple[str, int]]
) -> None:
    """After any story commands, from any number already held: no achievement twice (in any
    case or spacing), never more than the limit, and a refused command leaves the state equal."""
    table: Table = started(("collin", "nez"))
    table.state = replace(table.state, story=tuple(f"Earlier {n}" for n in range(held)))
    for name, pages in commands:
        before = table.state
        try:
            table.do(StoryAchievement(name, pages))
        except (RuleError, CommandError):  # a control character fails the schema first
            assert table.state == before
    story = table.state.story
    compared = [" ".join(name.split()).casefold() for name in story]
    assert len(compared) == len(set(compared))
    assert len(story) <= STORY_LIMIT
