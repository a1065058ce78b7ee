"""Scenarios for playing chapters as a campaign."""

from __future__ import annotations

import pytest
from rules.mice_mystics.mm_support import Table, started

from tablekit.rules.errors import RuleError
from tablekit.rules.mice_mystics.commands import (
    Attack,
    DeclareVictory,
    GainCheese,
    HeroChoice,
    LevelUp,
    PartyItem,
    Search,
    StartChapter,
    StoryAchievement,
    TakeSearchCard,
)


def _finished_chapter() -> Table:
    table = started(("collin", "nez"))
    table.do(Search("Hall", faces=("sword_star",)))
    table.do(TakeSearchCard("keep", "Dagger"))
    table.do(GainCheese("collin", 9))
    table.do(LevelUp("Battle Cry"))
    table.do(PartyItem("Disguises"))
    table.do(StoryAchievement("Freed Lily"))
    table.do(DeclareVictory())
    return table


def test_abilities_story_and_one_kept_card_carry_over_but_not_cheese_or_party_items() -> None:
    """Rulebook "Playing Mice and Mystics as a Campaign"."""
    table = _finished_chapter()
    assert table.view()["outcome"] == "victory"
    table.do(
        StartChapter(
            "chapter 2",
            8,
            (HeroChoice("collin", keep="Dagger"), HeroChoice("nez")),
            order=("nez", "collin"),
        )
    )
    view = table.view()
    collin = view["heroes"][0]
    assert collin["abilities"] == ["Ability", "Battle Cry"]
    assert collin["pack"] == ["Dagger"]
    assert collin["cheese"] == 0
    assert view["story_achievements"] == ["Freed Lily"]
    assert view["party_items"] == []
    assert view["chapter_track"] == {"hourglass": 1, "end": 8}


def test_only_a_card_held_at_the_end_of_the_last_chapter_can_be_kept() -> None:
    table = _finished_chapter()
    with pytest.raises(RuleError, match="did not hold"):
        table.do(StartChapter("chapter 2", 8, (HeroChoice("nez", keep="Dagger"),)))


def test_a_chapter_in_play_cannot_be_restarted_and_play_needs_a_chapter() -> None:
    table = started(("collin", "nez"))
    with pytest.raises(RuleError, match="still being played"):
        table.do(StartChapter("again", 5, (HeroChoice("collin", "A"),)))
    fresh = started(("collin",), heroes=("collin",))
    fresh.do(DeclareVictory())
    with pytest.raises(RuleError, match="over"):
        fresh.do(Attack("rat"))
