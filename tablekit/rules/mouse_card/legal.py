"""Which Mouse Card commands can succeed now, so a screen can grey out the rest."""

from __future__ import annotations

from tablekit.rules.mouse_card.state import State


def legal_commands(state: State) -> frozenset[str]:
    kinds = {"mc.add_character"}
    if state.characters:
        kinds |= {"mc.award_fate"}
    if any(c.fate for c in state.characters):
        kinds.add("mc.deus_ex_machina")
    task = state.task
    if task is None:
        if state.characters:
            kinds.add("mc.begin_task")
        kinds.add("mc.end_chapter")
        return frozenset(kinds)
    kinds.add("mc.abandon_task")
    if not task.table:
        kinds.add("mc.end_chapter")
    if task.draws_left and len(state.deck.pile) + len(state.deck.discard) >= (
        1 if task.mode == "cautious" else task.draws_left
    ):
        kinds.add("mc.draw")
    if task.table:
        kinds.add("mc.end_turn")
    fate = state.character(task.character).fate
    if task.bad_drawn and (fate or task.aces > task.aces_used):
        kinds.add("mc.cancel")
    if fate:
        kinds.add("mc.spend_fate")
    return frozenset(kinds)
