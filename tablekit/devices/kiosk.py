"""Checks of the installation itself: whose folders, which account writes them, its groups,
and the files tablekit ships.

A kiosk installed by ``systemd/install-pi.sh`` names its folders, its account and
the groups its unit gives that account in ``kiosk.env`` (:mod:`tablekit.local.paths`).
These checks catch what used to fail silently: a journal left to an account that
no longer exists ("attempt to write a readonly database"), a group the unit names
but the machine lacks, or an install that did not carry its fonts.
"""

from __future__ import annotations

import grp
import os
import pwd
from pathlib import Path

from tablekit.assets import shipped
from tablekit.devices.checks import Check
from tablekit.local import paths

MOST_ENTRIES = 2000
"""Entries looked at under the data folder: a journal, its log, taught dice and backups."""

MAGIC = {".ttf": (b"\x00\x01\x00\x00", b"OTTO", b"true"), ".wav": (b"RIFF",), ".png": (b"\x89PNG",)}
"""How each kind of shipped file begins, so a truncated or foreign file is caught."""

SHIPPED = {"fonts": ".ttf", "sounds": ".wav", "dice/mm-action": ".png"}
"""The shipped folders the screen, the cues and the dice reader open, and their files' kind."""


def check_kiosk() -> Check:
    """Which settings and sessions every command uses, and where that choice came from."""
    where = {"config": str(paths.config_dir()), "data": str(paths.data_dir())}
    kiosk = paths.kiosk_file()
    if kiosk is not None and paths.kiosk():
        return Check.say(
            True,
            "Kiosk ({file}): settings {config}, sessions {data}.",
            "kiosk",
            file=str(kiosk),
            **where,
        )
    return Check.say(True, "Settings {config}, sessions {data}.", "kiosk", **where)


def writer() -> str:
    """The account that writes the sessions: the kiosk's, else whoever runs this."""
    named = paths.setting("TABLEKIT_USER")
    if named:
        return named
    try:
        return pwd.getpwuid(os.geteuid()).pw_name
    except KeyError:
        return str(os.geteuid())


def check_owner() -> Check:
    """Every file in the settings and data folders can be written by the account that writes them.

    For a kiosk that means owned by its account: after an uninstall and a new
    install for another user, files left to the old owner make SQLite refuse
    every write.
    """
    user = writer()
    try:
        uid = pwd.getpwnam(user).pw_uid
    except KeyError:
        return Check.say(
            False, "The account {user} does not exist: run the installer again.", "owner", user=user
        )
    kiosk = bool(paths.setting("TABLEKIT_USER"))
    for path in _entries(paths.config_dir(), paths.data_dir()):
        wrong = _owner(path) != uid if kiosk else not os.access(path, os.W_OK)
        if wrong:
            return Check.say(
                False,
                "{path} cannot be written by {user}: sudo chown -R {user}: {folder}",
                "owner",
                path=str(path),
                user=user,
                folder=str(_folder_of(path)),
            )
    return Check.say(
        True, "The settings and sessions can be written by {user}.", "owner", user=user
    )


def _entries(*folders: Path) -> list[Path]:
    """The folders and what they hold (at most :data:`MOST_ENTRIES`), those that exist."""
    found: list[Path] = []
    for folder in folders:
        if not folder.is_dir():
            continue
        found.append(folder)
        for root, dirs, files in os.walk(folder):
            found.extend(Path(root, name) for name in dirs + files)
            if len(found) >= MOST_ENTRIES:
                return found[:MOST_ENTRIES]
    return found


def _owner(path: Path) -> int:
    try:
        return path.lstat().st_uid
    except OSError:
        return -1


def _folder_of(path: Path) -> Path:
    """The settings or data folder ``path`` is in, for the command that mends it."""
    for folder in (paths.config_dir(), paths.data_dir()):
        if path == folder or folder in path.parents:
            return folder
    return path


def check_groups() -> Check:
    """The groups the kiosk's unit gives its account exist, and the account is in each."""
    wanted = paths.setting("TABLEKIT_GROUPS").split()
    if not wanted:
        return Check.say(True, "No kiosk groups to check.", "groups")
    user = writer()
    missing = [name for name in wanted if not _group_exists(name)]
    if missing:
        return Check.say(
            False,
            "The groups {groups} do not exist: run systemd/install-pi.sh again.",
            "groups",
            groups=" ".join(missing),
        )
    outside = [name for name in wanted if not _member(user, name)]
    if outside:
        return Check.say(
            False,
            "{user} is not in {groups}: sudo usermod -aG {joined} {user}",
            "groups",
            user=user,
            groups=" ".join(outside),
            joined=",".join(outside),
        )
    return Check.say(True, "{user} is in {groups}.", "groups", user=user, groups=" ".join(wanted))


def _group_exists(name: str) -> bool:
    try:
        grp.getgrnam(name)
    except KeyError:
        return False
    return True


def _member(user: str, group: str) -> bool:
    """``user`` belongs to ``group``, as a listed member or by its own primary group."""
    entry = grp.getgrnam(group)
    if user in entry.gr_mem:
        return True
    try:
        return pwd.getpwnam(user).pw_gid == entry.gr_gid
    except KeyError:
        return False


def check_assets() -> Check:
    """The fonts, sound cues and dice art that shipped with tablekit are there and whole."""
    count = 0
    for folder, ending in SHIPPED.items():
        files = sorted(shipped(*folder.split("/")).glob(f"*{ending}"))
        if not files:
            return _broken(shipped(*folder.split("/")), "no files")
        for file in files:
            problem = _unreadable(file)
            if problem:
                return _broken(file, problem)
        count += len(files)
    return Check.say(
        True, "{count} shipped fonts, sounds and dice pictures open.", "assets", count=count
    )


def _unreadable(file: Path) -> str:
    """Why ``file`` cannot serve as what its name says, or nothing."""
    try:
        with file.open("rb") as opened:
            head = opened.read(4)
    except OSError as error:
        return error.strerror or "cannot be opened"
    if not head.startswith(MAGIC[file.suffix]):
        return "not what its name says"
    return ""


def _broken(path: Path, problem: str) -> Check:
    return Check.say(
        False,
        "{path}: {problem}. Install tablekit again (the package is incomplete).",
        "assets",
        path=str(path),
        problem=problem,
    )
