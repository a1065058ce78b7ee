"""Home's line for a Mouse Card session: the task under way first (who draws, the turn,
successes so far of those needed), the chapter and who is at the table (the seed's "Task checks":
an extended task adds up successes over turns, so Home says where it stands)."""

from __future__ import annotations

from rules.mouse_card.mc_support import Table

from tablekit.rules.mouse_card import commands as cmd
from tablekit.rules.mouse_card.summary import summary

DRAWING = "{name} draws, turn {turn}: {total} of {needed} successes"


def test_the_summary_names_the_chapter_the_task_its_turn_and_the_table() -> None:
    table = Table()
    assert summary(table.view()) == [("Chapter {number}", {"number": 1})]
    table.add("Kenzie", "Fighter", 3)
    table.add("Saxon", "Scout", 2)
    table.task(needed=3, extended=True)
    assert summary(table.view()) == [
        (DRAWING, {"name": "Kenzie", "turn": 1, "total": 0, "needed": 3}),
        ("Chapter {number}", {"number": 1}),
        ("{names}", {"names": "Kenzie, Saxon"}),
    ]
    table.draw("QH")
    table.draw("5C")
    table.do(cmd.EndTurn())
    assert summary(table.view())[0] == (
        DRAWING,
        {"name": "Kenzie", "turn": 2, "total": 1, "needed": 3},
    )
    table.do(cmd.AbandonTask())
    table.do(cmd.EndChapter())
    assert summary(table.view()) == [
        ("Chapter {number}", {"number": 2}),
        ("{names}", {"names": "Kenzie, Saxon"}),
    ]
