"""Pure changes to one character's sheet: tallies, checks, points, Nature and traits.

The event steps in :mod:`.evolve` call these; each returns a new sheet.
"""

from __future__ import annotations

from dataclasses import replace

from tablekit.rules.mouse_guard.character import Character, Rating, Trait, Wise


def mark(character: Character, rating: str, passed: bool) -> Character:
    """One pass or fail on ``rating``'s tallies."""
    current = character.rating(rating) or Rating(rating)
    if passed:
        return character.with_rating(replace(current, passes=current.passes + 1))
    return character.with_rating(replace(current, fails=current.fails + 1))


def set_rating(character: Character, rating: str, value: int) -> Character:
    """``rating`` at ``value`` with fresh tallies; Nature's maximum follows Nature."""
    current = character.rating(rating)
    name = current.name if current else rating
    character = character.with_rating(Rating(name, value))
    if name.lower() == "nature":
        character = replace(character, nature_max=value)
    return character


def advance(character: Character, rating: str) -> Character:
    """``rating`` one higher, tallies cleared; Nature's maximum rises with it."""
    current = character.rating(rating) or Rating(rating)
    character = character.with_rating(Rating(current.name, current.rating + 1))
    if current.name.lower() == "nature":
        character = replace(character, nature_max=max(character.nature_max, current.rating + 1))
    return character


def change_nature(character: Character, amount: int) -> Character:
    """Nature taxed or regained, kept between 0 and its maximum."""
    nature = character.rating("Nature") or Rating("Nature")
    value = min(character.nature_max, max(0, nature.rating + amount))
    return character.with_rating(replace(nature, rating=value))


def earn_checks(character: Character, trait: str, amount: int) -> Character:
    """Checks on ``trait``, or free checks when ``trait`` is empty."""
    if not trait:
        return replace(character, free_checks=character.free_checks + amount)
    current = character.trait(trait) or Trait(trait)
    return character.with_trait(replace(current, checks=current.checks + amount))


def spend_checks(character: Character, amount: int) -> Character:
    """Free checks first, then each trait's checks in the sheet's order."""
    free = min(character.free_checks, amount)
    left = amount - free
    traits = []
    for trait in character.traits:
        taken = min(trait.checks, left)
        left -= taken
        traits.append(replace(trait, checks=trait.checks - taken))
    return replace(character, free_checks=character.free_checks - free, traits=tuple(traits))


def set_trait(character: Character, trait: str, level: int) -> Character:
    """``trait`` at ``level``, keeping its checks; level 0 removes it."""
    key = trait.lower()
    if level == 0:
        return replace(
            character, traits=tuple(t for t in character.traits if t.name.lower() != key)
        )
    current = character.trait(trait) or Trait(trait)
    return character.with_trait(replace(current, level=level))


def mark_trait(character: Character, trait: str, used: bool) -> Character:
    """Set or clear a trait's used-this-session mark."""
    current = character.trait(trait) or Trait(trait)
    return character.with_trait(replace(current, used=used))


def charge_trait(character: Character, trait: str) -> Character:
    """A trait one level higher until the session ends."""
    current = character.trait(trait) or Trait(trait)
    return character.with_trait(replace(current, charged=True))


def set_wise(character: Character, wise: str, known: bool) -> Character:
    """Learn or forget a wise."""
    if known:
        return character if character.wise(wise) else character.with_wise(Wise(wise))
    key = wise.lower()
    return replace(character, wises=tuple(w for w in character.wises if w.name.lower() != key))


def mark_wise(character: Character, wise: str, which: str) -> Character:
    """One of a wise's marks: "passed", "failed", "fate" or "persona"."""
    current = character.wise(wise) or Wise(wise)
    marks = {"passed": current.passed, "failed": current.failed, "fate": current.fate}
    marks |= {"persona": current.persona, which: True}
    return character.with_wise(Wise(current.name, **marks))


def new_session(character: Character) -> Character:
    """Traits unused and uncharged again, unspent free checks gone."""
    traits = tuple(replace(t, used=False, charged=False) for t in character.traits)
    return replace(character, traits=traits, free_checks=0)
