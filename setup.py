"""setuptools' build with one step added: each translation (``tablekit/locale/*/LC_MESSAGES/
*.po``) is compiled to the ``.mo`` that gettext reads. A wheel carries the compiled catalogues
and an editable install finds them beside their sources, while git keeps only the ``.po``
files people edit (the ``.mo`` is a build output, as ``pybabel compile`` would write it)."""

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def compile_catalogues(target: Path) -> None:
    """Write the ``.mo`` of every ``.po`` under ``tablekit/locale`` to the same place in
    ``target`` (fuzzy entries left out, as ``pybabel compile`` does)."""
    for po in sorted(ROOT.glob("tablekit/locale/*/LC_MESSAGES/*.po")):
        relative = po.relative_to(ROOT)
        with po.open("rb") as stream:
            catalog = read_po(stream, locale=relative.parts[2])
        mo = target / relative.with_suffix(".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        with mo.open("wb") as stream:
            write_mo(stream, catalog)


class BuildWithCatalogues(build_py):
    """``build_py``, then the catalogues: into the build folder for a wheel, or beside their
    sources for an editable install, which runs the package from the source tree."""

    def run(self) -> None:
        super().run()
        compile_catalogues(ROOT if self.editable_mode else Path(self.build_lib))


setup(cmdclass={"build_py": BuildWithCatalogues})
