"""What an actor rolls for an action: the skill the conflict type tests, or Nature in its
place where the actor lacks it (the summary's Tests, step 1, "Select Skill/Ability or
Nature", which action tests follow by Conflicts, step 7b; the sheet's Nature Rules).

Nature stands in for a skill the actor has no dice in. Unless the table says the deed is
within Nature (``mg.action_nature``), it acts against Nature, which Nature can do for any
skill (the sheet's "Acting against Nature"), so a failed roll taxes Nature by its margin;
acting with Nature is only for a relevant skill, which the table judges. The table may
instead name Will or Health to stand in (``skill`` of ``mg.roll_action``). A mouse with
the skill may still act with or against its Nature by saying so.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard.character import ABILITIES, Character


def best(character: Character, options: tuple[str, ...], chosen: str) -> str:
    """``chosen`` if it is one of ``options``, else the option ``character`` rates highest."""
    if chosen:
        found = next((o for o in options if o.lower() == chosen.strip().lower()), None)
        if found is None:
            raise RuleError(
                "This needs one of {options}, not {chosen}",
                options=" or ".join(options),
                chosen=chosen,
            )
        return found

    return max(options, key=lambda name: rating(character, name))


def rating(character: Character, name: str) -> int:
    """``character``'s rating called ``name``; 0 where the sheet has none."""
    found = character.rating(name)
    return found.rating if found else 0


STAND_INS = tuple(str(a) for a in ABILITIES)
"""The abilities a table may name in place of a skill the actor lacks."""


@dataclass(frozen=True)
class Pick:
    """The rating rolled and its dice; ``nature`` ("within" or "against") when Nature
    stands in, and ``instead`` the skill it stands in for."""

    rating: str
    dice: int
    nature: str = ""
    instead: str = ""


def pick(character: Character, options: tuple[str, ...], chosen: str, declared: str) -> Pick:
    """What ``character`` rolls for an action testing one of ``options``: ``chosen`` (an
    option, or an ability standing in for a skill it lacks), else its best option; Nature
    when it lacks that skill or the table ``declared`` Nature within or against."""
    named = next((a for a in STAND_INS if a.lower() == chosen.strip().lower()), "")
    if named and named not in options:
        skill = best(character, options, "")
        if not all(character.lacks(o) for o in options):
            raise RuleError(
                "{name} has {skill}: an ability stands in only for a skill the actor lacks",
                name=character.name,
                skill=skill,
            )
        mode = (declared or "against") if named == "Nature" else ""
        return Pick(named, rating(character, named), mode, skill)
    skill = best(character, options, chosen)
    if declared or character.lacks(skill):
        return Pick("Nature", rating(character, "Nature"), declared or "against", skill)
    return Pick(skill, rating(character, skill))
