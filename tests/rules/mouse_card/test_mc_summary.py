"""Home's line for a Mouse Card session: the chapter, who is drawing, who is at the table."""

from __future__ import annotations

from rules.mouse_card.mc_support import Table

from tablekit.rules.mouse_card import commands as cmd
from tablekit.rules.mouse_card.summary import summary


def test_the_summary_names_the_chapter_the_drawer_and_the_table() -> None:
    table = Table()
    assert summary(table.view()) == [("Chapter {number}", {"number": 1})]
    table.add("Kenzie", "Fighter", 3)
    table.add("Saxon", "Scout", 2)
    table.task(needed=1)
    assert summary(table.view()) == [
        ("Chapter {number}", {"number": 1}),
        ("{name} is drawing", {"name": "Kenzie"}),
        ("{names}", {"names": "Kenzie, Saxon"}),
    ]
    table.do(cmd.AbandonTask())
    table.do(cmd.EndChapter())
    assert summary(table.view())[0] == ("Chapter {number}", {"number": 2})
