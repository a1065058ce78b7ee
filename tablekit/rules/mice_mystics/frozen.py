"""A frozen value with some fields changed, as ``dataclasses.replace`` makes it, faster.

Every command's events are folded as the draft decides them (each step of a rule sees the
state after the one before), and an event copies the state and a mouse or a card. The
state's classes are frozen msgspec ``Struct``s, built in C when the rules load (a frozen
dataclass costs six ``exec`` calls each, on every start), and ``msgspec.structs.replace``
copies one in C without calling ``__init__``; a name that is not a field raises TypeError.
mypy checks each call's field names and types against ``dataclasses.replace``, which it
applies to ``Struct``s as to dataclasses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dataclasses import replace as replace  # mypy checks each call's fields and types
else:
    from msgspec.structs import replace as replace
