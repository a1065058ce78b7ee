"""Mice and Mystics: the book-keeping of a chapter, as a pure reducer.

The device keeps the initiative track, the minion cheese wheel, the chapter
track, the action dice and the mice's and minions' cards. The board itself
(spaces, lines, sight) stays on the table: wherever the rulebook leaves a
choice to the players, the state holds a pending question that a command
answers.
"""
