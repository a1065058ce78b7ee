"""Projecting a view for an audience copies only dicts and lists: the result is the same as
the plain walk that copied every value (and so as the screen and scripts always saw it)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablekit.rules.errors import Phrase
from tablekit.rules.secret import GM, HIDDEN, TABLE, Audience, Secret, pad_audience, project


def walked(view: Any, audience: Audience) -> Any:
    """The projection as it was first written: every value visited and copied."""
    if isinstance(view, Secret):
        if audience.side is not None and view.owner == audience.side:
            return walked(view.value, audience)
        return dict(HIDDEN)
    if isinstance(view, dict):
        return {str(k): walked(v, audience) for k, v in view.items()}
    if isinstance(view, list | tuple):
        return [walked(v, audience) for v in view]
    return view


LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=5),
    st.text(max_size=5).map(Phrase),
)  # fmt: skip
VIEWS = st.recursive(
    LEAVES,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.lists(inner, max_size=4).map(tuple),
        st.dictionaries(st.one_of(st.text(max_size=4), st.integers()), inner, max_size=4),
        st.builds(Secret, st.sampled_from(["gm", "patrol"]), inner),
    ),
    max_leaves=30,
)
AUDIENCES = [TABLE, GM, pad_audience("patrol"), pad_audience("opponents")]


@given(VIEWS, st.sampled_from(AUDIENCES))
def test_the_projection_is_the_plain_walks(view: Any, audience: Audience) -> None:
    projected = project(view, audience)
    assert projected == walked(view, audience)
    assert repr(projected) == repr(walked(view, audience))  # lists, not tuples; str keys


def test_a_secret_key_is_refused_without_showing_it() -> None:
    with pytest.raises(TypeError) as refused:
        project({"round": 1, Secret("gm", "feint"): 1}, GM)
    assert "feint" not in str(refused.value)
