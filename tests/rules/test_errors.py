"""Refusals: an English sentence template, its values, and the message they make."""

import ast
import string
from pathlib import Path

import pytest

from tablekit.rules.errors import Phrase, RuleError, UnknownCommandError

ROOT = Path(__file__).resolve().parents[2] / "tablekit"


def test_the_message_is_the_template_filled_in() -> None:
    error = RuleError(
        "{mouse} has {cheese} cheese; the ability costs {cost}", mouse="Nez", cheese=1, cost=3
    )
    assert str(error) == "Nez has 1 cheese; the ability costs 3"
    assert error.template == "{mouse} has {cheese} cheese; the ability costs {cost}"
    assert error.params == {"mouse": "Nez", "cheese": 1, "cost": 3}
    assert error.args == ("Nez has 1 cheese; the ability costs 3",)


def test_a_plain_message_stands_as_it_is() -> None:
    error = RuleError('expected {"type": ...}')
    assert str(error) == 'expected {"type": ...}'
    assert error.template == 'expected {"type": ...}'
    assert error.params == {}


def test_subclasses_and_phrases_keep_the_english() -> None:
    error = UnknownCommandError("Mice and Mystics has no command {kind!r}", kind="mm.fly")
    assert isinstance(error, RuleError) and isinstance(error, ValueError)
    assert str(error) == "Mice and Mystics has no command 'mm.fly'"
    with pytest.raises(RuleError, match="cannot level up"):
        raise RuleError(
            "{mouse} is captured and cannot {doing}", mouse="Lily", doing=Phrase("level up")
        )


def _refusals() -> list[tuple[str, int, ast.Call]]:
    found = []
    for path in sorted(
        [*ROOT.joinpath("rules").rglob("*.py"), *ROOT.joinpath("session").rglob("*.py")]
    ):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in {"RuleError", "UnknownCommandError"}
            ):
                found.append((path.relative_to(ROOT).as_posix(), node.lineno, node))
    return found


REFUSALS = _refusals()


def test_refusals_are_found() -> None:
    assert len(REFUSALS) > 90


@pytest.mark.slow
@pytest.mark.parametrize(
    ("where", "line", "call"), REFUSALS, ids=[f"{w}:{n}" for w, n, _ in REFUSALS]
)
def test_every_refusal_is_a_template_with_exactly_its_values(
    where: str, line: int, call: ast.Call
) -> None:
    """A literal template (never an f-string, which the catalogue cannot hold) whose
    placeholders are exactly the keyword values given, so it always formats."""
    assert len(call.args) == 1, "one template, values by keyword"
    template = call.args[0]
    assert isinstance(template, ast.Constant) and isinstance(template.value, str)
    names = {
        field for _, field, _, _ in string.Formatter().parse(template.value) if field is not None
    }
    assert all(name.isidentifier() for name in names), "placeholders are plain names"
    assert names == {keyword.arg for keyword in call.keywords}
