"""Hypothesis strategies for the boundary fuzz tests (issue 12): any JSON, and values
that fit, or nearly fit, a declared field type, so every command of every game is built
from its own declaration, including games added to the catalogue later."""

from __future__ import annotations

import dataclasses
import json
import re
import types
import typing
from pathlib import Path
from typing import Any

import msgspec
from hypothesis import strategies as st
from msgspec import Struct

ROOT = Path(__file__).resolve().parent.parent

NASTY_TEXT = ["", " ", "spider#²", "spider#" + "9" * 4301, "\u0000", "gm", "table", "a" * 300]
NASTY_INTS = [-1, 0, 1, 2, 3, 7, 2**31, 2**63, 10**30, -(10**30)]

json_values: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from(NASTY_INTS)
    | st.floats()
    | st.text(max_size=8)
    | st.sampled_from(NASTY_TEXT),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)


def value_of(hint: Any, words: list[str]) -> st.SearchStrategy[Any]:
    """A JSON value of type ``hint``: names from ``words`` for text, edge values for numbers."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Annotated:
        return value_of(args[0], words)
    if origin is typing.Literal:
        return st.sampled_from(args)
    if origin in (typing.Union, types.UnionType):
        return st.one_of(*(value_of(a, words) for a in args))
    if origin in (tuple, list, set, frozenset):
        if origin is tuple and args and args[-1] is not Ellipsis:
            return st.tuples(*(value_of(a, words) for a in args)).map(list)
        return st.lists(value_of(args[0], words) if args else json_values, max_size=5)
    if isinstance(hint, type) and (dataclasses.is_dataclass(hint) or issubclass(hint, Struct)):
        return fields_of(hint, words)
    if hint is bool:
        return st.booleans()
    if hint is int:
        return st.integers(-3, 12) | st.sampled_from(NASTY_INTS)
    if hint is float:
        return st.floats()
    if hint is str:
        named = st.sampled_from(words) if words else st.text(max_size=8)
        return named | st.text(max_size=8) | st.sampled_from(NASTY_TEXT)
    if hint is type(None):
        return st.none()
    return json_values


def fields_of(cls: type, words: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    """A dict for ``cls`` (a dataclass or a msgspec Struct): its declared fields, now and then
    of any JSON."""
    hints = typing.get_type_hints(cls, include_extras=True)
    required = declared(cls)
    parts = {name: value_of(hints[name], words) | json_values for name in required}
    return st.fixed_dictionaries(
        {n: s for n, s in parts.items() if required[n]},
        optional={n: s for n, s in parts.items() if not required[n]},
    )


def declared(cls: type) -> dict[str, bool]:
    """Each field of ``cls`` (a dataclass or a msgspec Struct), in order: whether it is required."""
    if isinstance(cls, type) and issubclass(cls, Struct):
        return {f.name: f.required for f in msgspec.structs.fields(cls)}
    missing = dataclasses.MISSING
    return {
        f.name: f.default is missing and f.default_factory is missing
        for f in dataclasses.fields(cls)
    }


@st.composite
def mutated(draw: st.DrawFn, text: str) -> str:
    """``text`` with a slice cut out, or doubled, or a character put in."""
    where = draw(st.integers(0, len(text)))
    how = draw(st.sampled_from(["cut", "double", "insert", "keep"]))
    if how == "cut":
        return text[:where] + text[where + draw(st.integers(1, 6)) :]
    if how == "double":
        return text[:where] + text[where : where + 8] + text[where:]
    if how == "insert":
        return text[:where] + draw(st.sampled_from('{}[]":,0-#\u00b2\udcff')) + text[where:]
    return text


def doc_examples() -> list[dict[str, Any]]:
    """The JSON command examples of docs/commands.md, in order."""
    text = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    found = []
    for match in re.finditer(r'\{"type": ?"[^"]+".*\}', text):
        try:
            found.append(json.loads(match.group(0)))
        except json.JSONDecodeError:
            continue
    return found


def words_in(data: Any, found: set[str]) -> set[str]:
    """Every short text in a JSON view: the names a game's commands refer to."""
    if isinstance(data, str) and 0 < len(data) <= 40:
        found.add(data)
    elif isinstance(data, dict):
        for key, value in data.items():
            words_in(key, found)
            words_in(value, found)
    elif isinstance(data, list):
        for value in data:
            words_in(value, found)
    return found
