"""The Danish interface: every text translated, and the compiled catalogue current."""

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tablekit.ui.i18n import LOCALES, translator

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
        "-k",
        "tr",
        "-k",
        "mark",
        "--no-location",
        "-o",
        str(out),
        "tablekit/ui",
        "tablekit/vision",
    ]
    subprocess.run(command, cwd=root, check=True, capture_output=True)
    assert set(catalogue(out)) == set(catalogue(LOCALES / "tablekit.pot"))
