"""Secrets by projection (issue 12, secrecy by construction).

States that differ only in secrets look the same to the table; no projection
for the table or another pad holds a secret's value, wherever in a nested
view it sits; and audiences are a closed set, so no name stands in for another.
"""

import json
from itertools import count
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit.rules.secret import (
    GM,
    GM_PAD,
    PAD_SIDES,
    TABLE,
    Audience,
    Secret,
    UnknownAudience,
    audience,
    audience_names,
    pad_audience,
    project,
)

SIDES = sorted(set(PAD_SIDES.values()))
owners = st.sampled_from([*SIDES, "pad-1"])
scalars = st.none() | st.booleans() | st.integers() | st.text(max_size=5)
AUDIENCES = [audience(name) for name in audience_names()]


def views(leaves: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.recursive(
        leaves,
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.lists(inner, max_size=4).map(tuple)
            | st.dictionaries(st.text(max_size=4) | st.integers(), inner, max_size=4)
        ),
        max_leaves=20,
    )


def with_secrets(values: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """A view where some leaves are secrets whose values come from ``values``."""
    return views(scalars | st.builds(Secret, owners, values))


def reseal(view: Any, values: st.DataObject, keep: str | None = None) -> Any:
    """The same view with every secret not owned by ``keep`` holding another value."""
    if isinstance(view, Secret):
        return view if view.owner == keep else Secret(view.owner, values.draw(scalars))
    if isinstance(view, dict):
        return {k: reseal(v, values, keep) for k, v in view.items()}
    if isinstance(view, list):
        return [reseal(v, values, keep) for v in view]
    return view


@given(with_secrets(scalars), st.data())
def test_table_view_ignores_secret_values(view: Any, data: st.DataObject) -> None:
    assert project(view, TABLE) == project(reseal(view, data), TABLE)


@given(with_secrets(scalars), st.data(), st.sampled_from(AUDIENCES))
def test_an_audience_never_sees_another_owners_secret(
    view: Any, data: st.DataObject, seer: Audience
) -> None:
    assert project(view, seer) == project(reseal(view, data, keep=seer.side), seer)


@st.composite
def marked_views(draw: st.DrawFn) -> tuple[Any, dict[str, str]]:
    """A random nested view with secrets anywhere (inside lists, tuples, dict values,
    other secrets), each holding a marker text found nowhere else; and each marker's owner."""
    made: dict[str, str] = {}
    serial = count()

    def secret(owner: str, inside: Any) -> Secret:
        marker = f"SECRET{next(serial)}Z"
        made[marker] = owner
        return Secret(owner, [marker, inside])

    plain = st.none() | st.booleans() | st.integers() | st.text("abc", max_size=3)
    leaves = plain | st.builds(secret, owners, plain)
    shape = st.recursive(
        leaves,
        lambda inner: (
            st.lists(inner, max_size=3)
            | st.lists(inner, max_size=3).map(tuple)
            | st.dictionaries(st.text("abc", max_size=3), inner, max_size=3)
            | st.builds(secret, owners, inner)
        ),
        max_leaves=25,
    )
    return draw(shape), made


@pytest.mark.slow
@settings(max_examples=500)
@given(marked_views())
def test_no_projection_for_the_table_or_another_pad_holds_a_secrets_value(
    drawn: tuple[Any, dict[str, str]],
) -> None:
    """Issue 12: every audience there is, against every secret in a random nested view."""
    view, owner_of = drawn
    for seer in AUDIENCES:
        shown = json.dumps(project(view, seer))
        leaked = [m for m, owner in owner_of.items() if owner != seer.side and m in shown]
        assert leaked == [], f"{seer.name} sees {leaked}"
    for marker in owner_of:
        assert marker not in json.dumps(project(view, TABLE))


def test_a_secret_used_as_a_key_is_refused_not_leaked() -> None:
    """Issue 12: ``str(key)`` would have written a secret's value into the table's view."""
    with pytest.raises(TypeError, match="cannot be a key"):
        project({Secret("gm", "attack"): 1}, TABLE)


def test_audiences_are_a_closed_set() -> None:
    """Issue 12: table, gm and pad:NAME for the pads there are; nothing else."""
    assert audience_names() == ["table", "gm", "pad:opponents", "pad:patrol"]
    for name in (
        "pad:nobody",
        "pad:",
        "pad:table",
        "pad:gm",
        "pad:pad:opponents",
        "patrol",
        "GM",
        "",
    ):
        with pytest.raises(
            UnknownAudience, match="audiences: table, gm, pad:opponents, pad:patrol"
        ):
            audience(name)


def test_no_pad_is_called_as_another_audience() -> None:
    """Issue 12 item 4: a pad may not be called gm or table, so ``pad:NAME`` never reads as
    one of them and a pad's name never stands in for the GM."""
    assert not {TABLE.name, GM.name} & set(PAD_SIDES)
    assert all(pad.isascii() and pad.islower() for pad in PAD_SIDES)


def test_a_pad_sees_its_sides_secrets_by_the_mapping_not_by_its_name() -> None:
    """The GM's pad is a pad audience of its own that serves the GM's side."""
    pad = pad_audience(GM_PAD)
    assert pad != GM and pad.name == "pad:opponents" and pad.side == GM.side == PAD_SIDES[GM_PAD]
    assert project(Secret("gm", "feint"), pad) == "feint"
    assert project(Secret("gm", "feint"), pad_audience("patrol")) == {"hidden": True}
    assert project(Secret("table", "x"), TABLE) == {"hidden": True}
