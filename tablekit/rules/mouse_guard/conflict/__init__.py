"""Mouse Guard conflicts: set-up, dispositions, scripted volleys, action tests and compromise.

The sheet's conflict pages and the summary's Conflicts section are the
specification. Each module is named after the part of the conflict it keeps:
:mod:`.skills` (what each kind of conflict tests), :mod:`.actions` (how two
actions meet), :mod:`.weapons`, :mod:`.disposition`, :mod:`.volley`
(scripting in secret and revealing), :mod:`.action` (the action tests),
:mod:`.maneuver`, :mod:`.compromise`, and the usual commands, events, evolve,
view and legal.
"""
