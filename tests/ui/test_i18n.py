"""The Danish interface: every text translated, and the compiled catalogue current."""

import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tablekit.rules.errors import Phrase, RuleError
from tablekit.rules.mice_mystics.mice import Marker
from tablekit.rules.mice_mystics.state import Outcome
from tablekit.ui.i18n import LOCALES, refusal, translator

PO = LOCALES / "da" / "LC_MESSAGES" / "tablekit.po"


def catalogue(path: Path) -> dict[str, str]:
    with path.open("rb") as stream:
        return {m.id: m.string for m in read_po(stream) if m.id}


def test_every_interface_text_has_a_danish_translation() -> None:
    wanted = set(catalogue(LOCALES / "tablekit.pot"))
    danish = catalogue(PO)
    assert wanted <= set(danish)
    assert all(danish[text] for text in wanted)


def test_the_compiled_catalogue_matches_the_translations() -> None:
    tr = translator("da")
    for english, danish in catalogue(PO).items():
        assert tr(english) == danish


@pytest.mark.parametrize(("english", "danish"), [("Undo", "Fortryd"), ("SURGE!", "STORMLØB!")])
def test_danish_is_used_and_english_is_the_source(english: str, danish: str) -> None:
    assert translator("da")(english) == danish
    assert translator("en")(english) == english


@pytest.mark.slow
def test_the_catalogue_template_lists_every_text_in_the_code(tmp_path: Path) -> None:
    """A new interface text without ``make translations`` fails here."""
    import subprocess
    import sys

    out = tmp_path / "fresh.pot"
    root = LOCALES.parents[1]
    command = [
        sys.executable,
        "-m",
        "babel.messages.frontend",
        "extract",
        "-F",
        "babel.cfg",  # the code, and the words of the content files (tools/content_words.py)
        "-k",
        "tr",
        "-k",
        "mark",
        "-k",
        "Phrase",
        "-k",
        "RuleError",
        "-k",
        "UnknownCommandError",
        "-k",
        "say:2",
        "--no-location",
        "-o",
        str(out),
        "tablekit/ui",
        "tablekit/vision",
        "tablekit/rules",
        "tablekit/session",
        "tablekit/devices",
        "tablekit/catalog",
        "tablekit/cli",
    ]
    subprocess.run(command, cwd=root, check=True, capture_output=True)
    assert set(catalogue(out)) == set(catalogue(LOCALES / "tablekit.pot"))


def placeholders(text: str) -> list[tuple[str, str | None, str | None]]:
    """The ``{name!conversion:spec}`` fields of ``text``, sorted."""
    fields = string.Formatter().parse(text)
    found = [(name, conversion, spec) for _, name, spec, conversion in fields if name is not None]
    return sorted(found, key=str)


TEMPLATES = sorted(text for text in catalogue(LOCALES / "tablekit.pot") if "{" in text)


@pytest.mark.slow
@pytest.mark.parametrize("english", TEMPLATES)
def test_a_danish_text_fills_the_same_placeholders_as_the_english(english: str) -> None:
    danish = catalogue(PO)[english]
    assert placeholders(danish) == placeholders(english)
    values = {name: "x" for name, _, _ in placeholders(english)}
    danish.format(**values)


def test_the_phrases_in_refusals_have_danish() -> None:
    """Markers and a chapter's outcome reach refusals as phrases, translated by the UI."""
    danish = catalogue(PO)
    phrases = [m.value for m in Marker] + [Outcome.DEFEAT.value, Outcome.VICTORY.value, "none"]
    assert all(danish.get(phrase) for phrase in phrases)


def test_a_refusal_is_translated_and_its_names_are_kept() -> None:
    error = RuleError("{mouse} is captured and cannot {doing}", mouse="Nez", doing=Phrase("search"))
    assert refusal(translator("da"), error) == "Nez er taget til fange og kan ikke søge"
    assert refusal(translator("en"), error) == "Nez is captured and cannot search"
    assert refusal(translator("da"), RuleError("There is nothing to undo")) == (
        "Der er intet at fortryde"
    )


@pytest.mark.parametrize("broken", ["{hero} er fanget", "{0} er fanget", "{mouse:d} er fanget"])
def test_a_translation_that_does_not_fit_falls_back_to_english(broken: str) -> None:
    error = RuleError("{mouse} is captured", mouse="Nez")
    assert refusal(lambda text: broken, error) == "Nez is captured"
