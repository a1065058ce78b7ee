"""What the table screen shows, as JSON-ready data.

Its shape is :class:`~tablekit.rules.mouse_guard.view_types.MouseGuardView`
and the types beside it; ``docs/state.md`` describes it for scripts. Nothing
in a test is secret; in a conflict, each unrevealed scripted action is a
Secret of its side (the ``conflict`` part is built in :mod:`.conflict.view`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, cast

from tablekit.rules.mouse_guard import view_types as vt
from tablekit.rules.mouse_guard.chances import open_options, test_chances
from tablekit.rules.mouse_guard.character import Character
from tablekit.rules.mouse_guard.conflict.view import conflict_view, outcome_view
from tablekit.rules.mouse_guard.legal import legal_commands
from tablekit.rules.mouse_guard.ruleset import ConditionRule
from tablekit.rules.mouse_guard.sheet import sheet_json
from tablekit.rules.mouse_guard.state import Note, Result, Side, State, Test


def view(state: State) -> vt.MouseGuardView:
    """The table view of ``state``."""
    return {
        "game": state.ruleset.name,
        "phase": state.phase.value,
        "sessions_begun": state.session,
        "mission": state.mission,
        "notes": [_note(n) for n in state.notes],
        "ruleset": _ruleset(state),
        "characters": [_character(c, state) for c in state.characters],
        "test": None if state.test is None else _test(state.test, state),
        "last_result": None if state.last is None else _result(state.last),
        "conflict": conflict_view(state),
        "last_conflict": outcome_view(state.last_conflict),
        "legal": sorted(legal_commands(state)),
    }


def _ruleset(state: State) -> vt.RulesetView:
    rules = state.ruleset
    return {
        "name": rules.name,
        "title": rules.title,
        "digest": state.ruleset_digest or rules.digest,
        "level_three": rules.level_three,
        "level_two_every_roll": rules.level_two_every_roll,
        "conditions": [_condition(rules.condition(c)) for c in rules.recovery_order],
        "nature": rules.nature.name,
        "descriptors": list(rules.nature.descriptors),
        "skills": list(rules.skills),
        "max_trait_level": rules.traits.max_level,
        "charge": rules.checks.charge,
        "start_fate": rules.points.start_fate,
        "start_persona": rules.points.start_persona,
        "wise_rerolls": rules.points.deeper_understanding or rules.points.of_course,
        "gear_in_conflicts": rules.gear_in_conflicts,
        "tap_with_nature": rules.nature.tap_with_nature,
        "outside_tax": rules.nature.outside_tax,
        "readings": list(rules.readings),
        "words": [
            {"language": language, "english": english, "word": word}
            for language, words in rules.translations.items()
            for english, word in words.items()
        ],
    }


def _condition(rule: ConditionRule | None) -> vt.ConditionRuleView:
    assert rule is not None  # the recovery order lists only the ruleset's conditions
    return {
        "id": rule.id,
        "name": rule.name,
        "recovery_ability": rule.recovery_ability,
        "recovery_ob": rule.recovery_ob,
        "prologue": rule.prologue,
    }


def _character(character: Character, state: State) -> vt.CharacterView:
    return {
        **sheet_json(character),
        "checks": character.checks,
        "advances_due": [r.name for r in character.ratings if r.advance_due],
        "prologue_done": character.name in state.prologues,
    }


def _note(note: Note) -> vt.NoteView:
    return {"kind": cast(Literal["obstacle", "twist"], note.kind), "text": note.text}


def _result(result: Result) -> vt.LastResult:
    return {
        "character": result.character,
        "rating": result.rating,
        "passed": result.passed,
        "outcome": cast(Literal["", "twist", "condition"], result.outcome),
        "condition": result.condition,
    }


def _test(test: Test, state: State) -> vt.TestView:
    mouse = state.character(test.tester.actor) if state.has(test.tester.actor) else None
    opponent = test.opponent
    to_roll: Literal["tester", "opponent"] | None = None
    if opponent is not None and not opponent.rolled:
        to_roll = "opponent"
    elif not test.tester.rolled:
        to_roll = "tester"
    settled = test.rolled and not test.tied
    return {
        "kind": "independent" if opponent is None else "versus",
        "recovery": test.recovery,
        "step": int(test.step),
        "ob": test.ob,
        "tester": _side(test.tester),
        "opponent": None if opponent is None else _side(opponent),
        "to_roll": to_roll,
        "tied": test.tied,
        "winner": cast(Literal["", "tester", "opponent", "neither"], test.winner),
        "tiebreakers": test.tiebreaker,
        "tiebreak": {
            "tester": _faces(test.tiebreak[0]),
            "opponent": _faces(test.tiebreak[1]),
        },
        "passed": test.passed if settled else None,
        "margin": test.margin,
        "chance": test_chances(test, mouse, state.ruleset),
        "options": open_options(test, test.tester, mouse, state.ruleset),
    }


def _side(side: Side) -> vt.SideView:
    return {
        "actor": side.actor,
        "gm": side.gm,
        "rating": side.rating,
        "tested": side.tested,
        "nature": cast(Literal["", "within", "against"], side.nature),
        "step": int(side.step),
        "base": side.base,
        "pool": side.pool,
        "modifiers": [{"reason": m.reason, "dice": m.dice} for m in side.modifiers],
        "helpers": [{"name": h.name, "via": h.via, "wise": h.wise} for h in side.helpers],
        "traits": list(side.traits),
        "tapped": side.tapped,
        "rolled": side.rolled,
        "faces": _faces(side.faces),
        "explosion": _faces(side.explosion),
        "bonus": side.bonus,
        "successes": side.successes,
        "options_used": cast(list[vt.Option], list(side.options)),
    }


def _faces(faces: Sequence[str]) -> list[vt.Face]:
    """Faces as the view lists them; every face was read with :func:`.draft.read_faces`."""
    return cast(list[vt.Face], list(faces))
