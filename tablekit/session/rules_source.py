"""A digest of a game's rules source, for the snapshots' tag: worked out once when the
package is built and read back from a small file, or worked out here in a development tree.

Each game's digest covers every ``.py`` file of its package (subpackages included) and the
shared rules modules beside :mod:`tablekit.rules.game`, read in name order. The build writes
:data:`DIGESTS` into ``tablekit/rules`` of the wheel, one line per rules folder, worked out
over the very files the wheel installs, so an installed tablekit reads the same value it would
compute, without reading and hashing some forty files on every journal open. A development
tree has no such file (an editable build writes none, git ignores it), so a changed rules
file there still retires every snapshot.

Only the standard library: ``setup.py`` loads this file by its path to write the digests,
before tablekit or its dependencies can be imported.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path

DIGESTS = "source-digests.txt"
"""The build's digests, in ``tablekit/rules``: ``<sha256>  <folder>`` a line, the folder
relative to ``tablekit/rules`` (``.`` for the shared modules' own)."""


def files_of(package: Path, rules: Path) -> list[Path]:
    """What a game's digest covers: its package's ``.py`` files, then the shared rules'."""
    files = sorted(package.rglob("*.py")) + sorted(rules.glob("*.py"))
    return list(dict.fromkeys(files))


def digest_of(files: Iterable[Path]) -> str:
    """The SHA-256 of the files' bytes in turn (``?`` for one that cannot be read)."""
    digest = hashlib.sha256()
    for file in files:
        try:
            digest.update(file.read_bytes())
        except OSError:
            digest.update(b"?")
    return digest.hexdigest()


def write_digests(rules: Path) -> None:
    """Write :data:`DIGESTS` for every folder of ``.py`` files under ``rules``: the build's step."""
    folders = sorted({file.parent for file in rules.rglob("*.py")})
    lines = [f"{digest_of(files_of(folder, rules))}  {key(folder, rules)}\n" for folder in folders]
    (rules / DIGESTS).write_text("".join(lines), encoding="utf-8")


def built_digest(package: Path, rules: Path) -> str | None:
    """The build's digest for the game in ``package``, or None where the build wrote none."""
    try:
        text = (rules / DIGESTS).read_text(encoding="utf-8")
    except OSError:
        return None
    if not package.is_relative_to(rules):
        return None
    wanted = key(package, rules)
    for line in text.splitlines():
        digest, _, folder = line.partition("  ")
        if folder == wanted:
            return digest
    return None


def key(folder: Path, rules: Path) -> str:
    """``folder``'s name in :data:`DIGESTS`: its path under ``rules``, with ``/``."""
    return folder.relative_to(rules).as_posix()


BUILD = "build-digest.txt"
"""The build's digest of everything it installed, in ``tablekit`` itself (see
:mod:`tablekit.session.views`, which names the same file)."""


def write_build(package: Path) -> None:
    """Write :data:`BUILD` into ``package`` (the built ``tablekit`` folder): the SHA-256 of
    every file in it, each by its path under ``package`` and its bytes, in path order; a
    view kept by this build is never printed by another."""
    digest = hashlib.sha256()
    for file in sorted(package.rglob("*")):
        if file.is_file() and file.name != BUILD and "__pycache__" not in file.parts:
            digest.update(key(file, package).encode() + b"\0" + file.read_bytes())
    (package / BUILD).write_text(digest.hexdigest() + "\n", encoding="utf-8")
