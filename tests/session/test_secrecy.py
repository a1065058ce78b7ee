"""Secrets by projection: states that differ only in secrets look the same to the table."""

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from tablekit.rules.secret import TABLE, Secret, project

owners = st.sampled_from(["gm", "players", "pad-1"])
scalars = st.none() | st.booleans() | st.integers() | st.text(max_size=5)


def views(leaves: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.recursive(
        leaves,
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4)
        ),
        max_leaves=20,
    )


def with_secrets(values: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """A view where some leaves are secrets whose values come from ``values``."""
    return views(scalars | st.builds(Secret, owners, values))


def reseal(view: Any, values: st.DataObject, keep: str = TABLE) -> Any:
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


@given(with_secrets(scalars), st.data(), owners)
def test_a_pad_never_sees_another_owners_secret(view: Any, data: st.DataObject, pad: str) -> None:
    assert project(view, pad) == project(reseal(view, data, keep=pad), pad)


def test_a_secret_used_as_a_key_is_refused_not_leaked() -> None:
    """Issue 12: ``str(key)`` would have written a secret's value into the table's view."""
    import pytest

    with pytest.raises(TypeError, match="cannot be a key"):
        project({Secret("gm", "attack"): 1}, TABLE)
