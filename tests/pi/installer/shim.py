"""Logging stand-ins for the commands install-pi.sh runs, acting on a throwaway root.

Each stand-in is a two-line script that runs this file with the command's name
(:func:`stand_ins` writes them). It appends ``name args`` to
``$SHIM_LOG`` and does to the files under ``$TABLEKIT_ROOT`` what the real command
would do to a Pi: accounts in ``etc/passwd`` and ``etc/group``, packages and their
manual or automatic marks in ``var/lib/dpkg/shim-status``, units enabled as
symlinks, a venv whose pip installs a ``tablekit`` program. ``$SHIM_FAIL`` names
one ``command subcommand`` that fails instead (exit 100), to test each step's failure.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(os.environ.get("TABLEKIT_ROOT", "/nonexistent"))
"""The throwaway root (set by the test that runs the installer; imported without it)."""
PASSWD = ROOT / "etc" / "passwd"
GROUP = ROOT / "etc" / "group"
STATUS = ROOT / "var" / "lib" / "dpkg" / "shim-status"


def table(path: Path) -> list[list[str]]:
    return [line.split(":") for line in path.read_text().splitlines() if line]


def write(path: Path, rows: list[list[str]]) -> None:
    path.write_text("".join(":".join(row) + "\n" for row in rows))


def packages() -> dict[str, str]:
    """Installed package -> "manual" or "auto"."""
    if not STATUS.exists():
        return {}
    return dict(line.split() for line in STATUS.read_text().splitlines() if line)


def save_packages(found: dict[str, str]) -> None:
    STATUS.write_text("".join(f"{name} {mark}\n" for name, mark in sorted(found.items())))


def account(name: str) -> list[str] | None:
    return next((row for row in table(PASSWD) if row[0] == name), None)


def groups_of(name: str) -> list[str]:
    user = account(name)
    primary = [row[0] for row in table(GROUP) if user and row[2] == user[3]]
    listed = [row[0] for row in table(GROUP) if name in row[3].split(",")]
    return primary + [group for group in listed if group not in primary]


def ids(owner: str) -> str:
    """``user:group`` by name in the throwaway root, as numbers for the real chown."""
    user, _, group = owner.partition(":")
    uid = account(user)
    gid = next(row[2] for row in table(GROUP) if row[0] == (group or user))
    assert uid is not None, f"chown to an account the root lacks: {user}"
    return f"{uid[2]}:{gid}"


def useradd(args: list[str]) -> int:
    name, home = args[-1], args[args.index("--home-dir") + 1]
    if account(name):
        return 9
    rows, groups = table(PASSWD), table(GROUP)
    number = str(max([99] + [int(r[2]) for r in rows + groups if 100 <= int(r[2]) < 999]) + 1)
    write(PASSWD, [*rows, [name, "x", number, number, "", home, "/usr/sbin/nologin"]])
    write(GROUP, [*groups, [name, "x", number, ""]])
    return 0


def usermod(args: list[str]) -> int:
    name, joining = args[-1], args[args.index("--groups") + 1].split(",")
    rows = table(GROUP)
    for row in rows:
        members = [m for m in row[3].split(",") if m]
        if row[0] in joining and name not in members:
            row[3] = ",".join([*members, name])
    write(GROUP, rows)
    return 0


def gpasswd(args: list[str]) -> int:
    name, group = args[-2], args[-1]
    rows = table(GROUP)
    for row in rows:
        if row[0] == group:
            row[3] = ",".join(m for m in row[3].split(",") if m and m != name)
    write(GROUP, rows)
    return 0


def userdel(args: list[str]) -> int:
    name = args[-1]
    user = account(name)
    if user is None:
        return 6
    write(PASSWD, [row for row in table(PASSWD) if row[0] != name])
    rows = [row for row in table(GROUP) if not (row[0] == name and row[2] == user[3])]
    for row in rows:
        row[3] = ",".join(m for m in row[3].split(",") if m and m != name)
    write(GROUP, rows)
    return 0


def getent(args: list[str]) -> int:
    database, name = args
    path = PASSWD if database == "passwd" else GROUP
    row = next((row for row in table(path) if row[0] == name), None)
    if row is None:
        return 2
    print(":".join(row))
    return 0


def id_(args: list[str]) -> int:
    if args == ["-u"]:
        print(0)
        return 0
    name = args[-1]
    if account(name) is None:
        print(f"id: '{name}': no such user", file=sys.stderr)
        return 1
    print(" ".join(groups_of(name)) if "-nG" in args else account(name)[2])  # type: ignore[index]
    return 0


def apt_get(args: list[str]) -> int:
    if args[0] == "install":
        found = packages()
        for name in (a for a in args[1:] if not a.startswith("-")):
            if name not in os.environ.get("SHIM_AVAILABLE", "").split():
                print(f"E: Unable to locate package {name}", file=sys.stderr)
                return 100
            found[name] = "manual"
        save_packages(found)
    return 0


def apt_cache(args: list[str]) -> int:
    name = args[-1]
    available = name in os.environ.get("SHIM_AVAILABLE", "").split()
    print(f"{name}:\n  Installed: (none)\n  Candidate: {'1.0' if available else '(none)'}")
    return 0


def apt_mark(args: list[str]) -> int:
    found = packages()
    if args[0] == "showauto":
        print("\n".join(name for name in args[1:] if found.get(name) == "auto"))
    elif args[0] == "auto":
        found.update({name: "auto" for name in args[1:] if name in found})
        save_packages(found)
    return 0


def dpkg_query(args: list[str]) -> int:
    if args[-1] not in packages():
        return 1
    print("install ok installed", end="")
    return 0


def systemctl(args: list[str]) -> int:
    at = Path(args[0].removeprefix("--root=")) if args[0].startswith("--root=") else ROOT
    verb, unit = ([a for a in args if not a.startswith("--")] + [""])[:2]
    wants = at / "etc" / "systemd" / "system" / "multi-user.target.wants" / unit
    if verb == "enable":
        wants.parent.mkdir(parents=True, exist_ok=True)
        wants.unlink(missing_ok=True)
        wants.symlink_to(f"/etc/systemd/system/{unit}")
    elif verb == "disable":
        wants.unlink(missing_ok=True)
    return 0


def chown(args: list[str]) -> int:
    flags = [a for a in args if a.startswith("-")]
    rest = [a for a in args if not a.startswith("-")]
    os.execvp("/bin/chown", ["chown", *flags, ids(rest[0]), *rest[1:]])


def python3(args: list[str]) -> int:
    """``python3 -m venv DIR``: a venv whose python and pip are these stand-ins too."""
    folder = Path(args[-1])
    (folder / "bin").mkdir(parents=True)
    (folder / "pyvenv.cfg").write_text("include-system-site-packages = true\n")
    for name in ("python", "pip"):
        stand_in(folder / "bin" / name, "venv-" + name)
    return 0


def venv_python(args: list[str]) -> int:
    """The venv's python: ``-m pip ...`` and ``-m ensurepip``."""
    bin_ = Path(os.environ["SHIM_BIN"])
    if args[:2] == ["-m", "ensurepip"]:
        stand_in(bin_ / "pip", "venv-pip")
    elif args[:3] == ["-m", "pip", "uninstall"]:
        (bin_ / "pip").unlink(missing_ok=True)
    return 0


def venv_pip(args: list[str]) -> int:
    """The venv's pip install: the project folder's package lands as a ``tablekit`` program."""
    if args[0] == "install":
        project = Path(args[-1].removesuffix("[pi]"))
        assert (project / "tablekit" / "assets" / "fonts").is_dir(), "pip got no package"
        program = Path(os.environ["SHIM_BIN"]) / "tablekit"
        program.write_text('#!/bin/sh\necho tablekit "$@"\n')
        program.chmod(0o755)
    return 0


COMMANDS = {
    "useradd": useradd,
    "usermod": usermod,
    "userdel": userdel,
    "gpasswd": gpasswd,
    "getent": getent,
    "id": id_,
    "apt-get": apt_get,
    "apt-cache": apt_cache,
    "apt-mark": apt_mark,
    "dpkg-query": dpkg_query,
    "systemctl": systemctl,
    "udevadm": lambda args: 0,
    "chown": chown,
    "python3": python3,
    "venv-python": venv_python,
    "venv-pip": venv_pip,
}


def stand_in(path: Path, name: str) -> None:
    """Write the program ``path`` that runs the stand-in ``name`` (in its own folder)."""
    path.write_text(
        f'#!/bin/sh\nSHIM_BIN="$(dirname "$0")" exec {sys.executable} -IS {__file__} {name} "$@"\n'
    )
    path.chmod(0o755)


def stand_ins(folder: Path) -> None:
    """A folder of stand-ins for every command above, to put first on PATH."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in COMMANDS:
        if not name.startswith("venv-"):
            stand_in(folder / name, name)


def main() -> int:
    name, args = sys.argv[1], sys.argv[2:]
    with open(os.environ["SHIM_LOG"], "a") as log:
        log.write(" ".join([name, *args]) + "\n")
    words = [name, *(a for a in args if not a.startswith("-"))][:2]
    if os.environ.get("SHIM_FAIL") in (name, " ".join(words)):
        print(f"{name}: failing on purpose for the test", file=sys.stderr)
        return 100
    return COMMANDS[name](args)


if __name__ == "__main__":
    sys.exit(main())
