"""Where tablekit keeps its files: the platform's user dirs, the kiosk's, or overrides.

``TABLEKIT_CONFIG_DIR`` and ``TABLEKIT_DATA_DIR`` move them, for tests, for
a second table on one machine, or for a systemd ``StateDirectory=``.

A kiosk installed by ``systemd/install-pi.sh`` has a file ``kiosk.env`` beside
its venv (``/opt/tablekit/kiosk.env``) that sets both. The service reads it with
``EnvironmentFile=``, and every ``tablekit`` command run from that venv reads it
too, so ``/opt/tablekit/venv/bin/tablekit doctor`` checks the kiosk's own
settings and sessions whoever runs it. A variable set in the environment wins.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP = "tablekit"
KIOSK_KEYS = frozenset(
    {"TABLEKIT_CONFIG_DIR", "TABLEKIT_DATA_DIR", "TABLEKIT_USER", "TABLEKIT_GROUPS"}
)
"""What a kiosk file may set: the two folders, the account that writes them and its groups."""
KIOSK_MOST_BYTES = 4096


def kiosk_file() -> Path | None:
    """The installer's ``kiosk.env`` for the venv this tablekit runs from, if it is in one."""
    if sys.prefix == sys.base_prefix:
        return None
    return Path(sys.prefix).parent / "kiosk.env"


def kiosk() -> dict[str, str]:
    """The settings in :func:`kiosk_file`, or none when there is no such file.

    The file is the installer's, in systemd's ``KEY=VALUE`` form; only
    :data:`KIOSK_KEYS` are taken, so a stray line cannot move anything else.
    """
    path = kiosk_file()
    if path is None or not path.is_file():
        return {}
    try:
        with path.open("rb") as file:
            text = file.read(KIOSK_MOST_BYTES).decode("utf-8", "replace")
    except OSError:
        return {}
    found: dict[str, str] = {}
    for line in text.splitlines():
        key, equals, value = line.strip().partition("=")
        if equals and key in KIOSK_KEYS:
            found[key] = value.strip().strip('"')
    return found


def setting(key: str) -> str:
    """``key`` from the environment, else from the kiosk file, else empty."""
    return os.environ.get(key) or kiosk().get(key, "")


def config_dir() -> Path:
    chosen = setting("TABLEKIT_CONFIG_DIR")
    if chosen:
        return Path(chosen)
    import platformdirs  # a kiosk names both folders, so its start never imports it

    return platformdirs.user_config_path(APP)


def data_dir() -> Path:
    chosen = setting("TABLEKIT_DATA_DIR")
    if chosen:
        return Path(chosen)
    import platformdirs

    return platformdirs.user_data_path(APP)


def dice_dir() -> Path:
    """Where the dice reader's own files are kept: taught kits, and what it learned of
    this table (``learned/``): ``<data dir>/dice``."""
    return data_dir() / "dice"


def config_file() -> Path:
    """The user's settings file; it need not exist."""
    return config_dir() / "config.toml"


def journal_file() -> Path:
    """The SQLite journal holding every session."""
    return data_dir() / "journal.sqlite3"
