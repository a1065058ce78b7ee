"""A command with some fields changed, as the camera's tray gives a roll its faces, whether
the game declares its commands as msgspec Structs (Mice and Mystics) or dataclasses."""

from __future__ import annotations

import pytest

from tablekit.rules.game import replaced
from tablekit.rules.mice_mystics.commands import Attack
from tablekit.rules.mouse_guard.commands import Roll


def test_a_struct_command_gets_its_faces_and_keeps_the_rest() -> None:
    attack = Attack(target="spider#2", bonus=1)
    rolled = replaced(attack, faces=("sword", "shield"))
    assert rolled == Attack(target="spider#2", bonus=1, faces=("sword", "shield"))
    assert attack.faces is None


def test_a_dataclass_command_gets_its_faces_too() -> None:
    roll = Roll()
    rolled = replaced(roll, faces=("6", "1"))
    assert rolled == Roll(faces=("6", "1"))
    assert roll.faces is None


def test_a_field_the_command_lacks_is_refused() -> None:
    with pytest.raises(TypeError):
        replaced(Attack(target="spider"), face=("sword",))
