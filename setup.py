"""setuptools' build with two steps added. Each translation (``tablekit/locale/*/LC_MESSAGES/
*.po``) is compiled to the ``.mo`` that gettext reads. A wheel carries the compiled catalogues
and an editable install finds them beside their sources, while git keeps only the ``.po``
files people edit (the ``.mo`` is a build output, as ``pybabel compile`` would write it). And a
wheel's rules carry the digest of their own source (``tablekit/session/rules_source.py``), so
that opening a journal need not hash the rules to tag its snapshots; an editable install gets
none and works the digest out from the files, which a developer changes. The wheel also
carries a digest of all it installs, which tags the views it keeps for ``tablekit state``."""

import importlib.util
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


def write_rules_digests(target: Path) -> None:
    """The rules' source digests, over the rules' files as they lie in ``target``."""
    spec = importlib.util.spec_from_file_location(
        "rules_source", ROOT / "tablekit" / "session" / "rules_source.py"
    )
    assert spec is not None and spec.loader is not None
    rules_source = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rules_source)
    rules_source.write_digests(target / "tablekit" / "rules")
    rules_source.write_build(target / "tablekit")


class BuildWithCatalogues(build_py):
    """``build_py``, then the catalogues: into the build folder for a wheel, or beside their
    sources for an editable install, which runs the package from the source tree; and for a
    wheel only, the rules' source digests."""

    def run(self) -> None:
        super().run()
        compile_catalogues(ROOT if self.editable_mode else Path(self.build_lib))
        if not self.editable_mode:
            write_rules_digests(Path(self.build_lib))


setup(cmdclass={"build_py": BuildWithCatalogues})
