"""Where tablekit keeps its files: the platform's user dirs, or overrides.

``TABLEKIT_CONFIG_DIR`` and ``TABLEKIT_DATA_DIR`` move them, for tests, for
a second table on one machine, or for a systemd ``StateDirectory=``.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "tablekit"


def config_dir() -> Path:
    override = os.environ.get("TABLEKIT_CONFIG_DIR")
    return Path(override) if override else platformdirs.user_config_path(APP)


def data_dir() -> Path:
    override = os.environ.get("TABLEKIT_DATA_DIR")
    return Path(override) if override else platformdirs.user_data_path(APP)


def config_file() -> Path:
    """The user's settings file; it need not exist."""
    return config_dir() / "config.toml"


def journal_file() -> Path:
    """The SQLite journal holding every session."""
    return data_dir() / "journal.sqlite3"
