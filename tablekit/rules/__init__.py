"""The pure rules core: standard library only, no I/O, no hardware.

Each game is a :class:`~tablekit.rules.game.Game`: commands go in, events
come out, and state is the fold of events. Randomness is injected, and every
roll is recorded as its faces inside an event, so replay never re-rolls.
"""
