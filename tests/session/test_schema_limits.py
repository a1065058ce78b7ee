"""One validation layer (issue 12): each field's type, range and length is declared once,
on the command's schema, and the session holds every command to it, whether it came
as a script line or was built by a touch form or a pad. A refusal names the field,
the value given and what is allowed, and changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clocks import TEST_CLOCK

from tablekit import catalog
from tablekit.rules.mice_mystics import commands as mm
from tablekit.rules.mice_mystics.encounter import MinionGroup
from tablekit.session import Journal, Session
from tablekit.session.codec import CommandError


@pytest.fixture
def mice(tmp_path: Path) -> Session[object]:
    game = catalog.rules_of(catalog.listings()["mice-mystics"])
    return Session.create(Journal(tmp_path / "journal.sqlite3", clock=TEST_CLOCK), "m", game)


@pytest.mark.parametrize(
    ("line", "why"),
    [
        (
            {"type": "mm.attack", "target": "spider#²"},
            "mm.attack: target: Expected str matching regex",
        ),
        (
            {"type": "mm.wound_minion", "target": "spider#" + "9" * 4301},
            'mm.wound_minion: target: Expected str of length <= 44 (given "spider#9999',
        ),
        (
            {
                "type": "mm.start_chapter",
                "chapter": "One",
                "end_page": 8,
                "heroes": [],
                "minions": [{"minion": "rat_warrior", "count": -3}],
            },
            "mm.start_chapter: minions[0].count: Expected int >= 1 (given -3)",
        ),
        (
            {"type": "mm.story_achievement", "name": "Key", "pages": 10**30},
            f"mm.story_achievement: pages: Expected int <= 99 (given {10**30})",
        ),
        ({"type": "mm.defend", "bonus": -1}, "mm.defend: bonus: Expected int >= 0 (given -1)"),
        (
            {"type": "mm.minion_attack", "targets": ["lily"] * 21},
            "mm.minion_attack: targets: Expected array of length <= 20",
        ),
    ],
)
def test_a_line_outside_its_schema_names_field_value_and_what_is_allowed(
    mice: Session[object], line: dict[str, object], why: str
) -> None:
    version = mice.version
    with pytest.raises(CommandError) as refused:
        mice.apply(mice.parse(json.dumps(line)))
    assert str(refused.value).startswith(why)
    assert mice.version == version


@pytest.mark.parametrize(
    "command",
    [
        mm.Attack("rat_warrior#1", bonus=-2),
        mm.WoundMouse("lily", amount=0),
        mm.Share("nez", give_cheese=-1),
        mm.StartChapter("One", 8, (), minions=(MinionGroup("rat_warrior", 0),)),
        mm.SetStats("lily", battle=21),
    ],
)
def test_a_command_built_in_code_meets_the_same_schema_as_a_line(
    mice: Session[object], command: mm.Command
) -> None:
    """A touch form or a pad builds commands directly: the session still checks them."""
    from tablekit.session import codec

    state, version = mice.state, mice.version
    with pytest.raises(CommandError) as in_code:
        mice.apply(command)
    with pytest.raises(CommandError) as as_line:
        mice.parse(codec.dumps(command))
    assert str(in_code.value) == str(as_line.value)
    assert mice.state is state and mice.version == version


@pytest.mark.parametrize("text", ["lily\n", "\u0000", "a\tb", "x\u007f"])
def test_a_control_character_in_any_text_is_refused_in_one_line(
    mice: Session[object], text: str
) -> None:
    """The fuzz tests found a newline in a name split a refusal over two lines."""
    line = json.dumps({"type": "mm.capture_mouse", "hero": text})
    with pytest.raises(CommandError, match="control character U\\+00") as refused:
        mice.parse(line)
    assert "\n" not in str(refused.value)
    with pytest.raises(CommandError, match="control character"):
        mice.apply(mm.StoryAchievement(f"Key{text}"))


@pytest.mark.parametrize(
    ("line", "said"),
    [
        (
            {"type": "mc.begin_task", "character": "K", "trait": "F", "mode": "fog"},
            "mc.begin_task: mode: Invalid enum value 'fog' (given \"fog\")"
            " (allowed: cautious, broke)",
        ),
        (
            {"type": "mc.begin_task", "character": "K", "trait": "F", "circumstances": ["fog"]},
            "circumstances[0]: Invalid enum value 'fog' (given \"fog\")"
            " (allowed: combat, unknown, ground)",
        ),
    ],
)
def test_a_choice_outside_its_list_names_the_list(
    tmp_path: Path, line: dict[str, object], said: str
) -> None:
    """Issue 12: the refusal names the field, the value and what is allowed, a choice too."""
    session = Session.create(
        Journal(tmp_path / "j.sqlite3", clock=TEST_CLOCK), "cards", catalog.games()["mouse-card"]
    )
    with pytest.raises(CommandError) as refused:
        session.parse(json.dumps(line))
    assert said in str(refused.value)
