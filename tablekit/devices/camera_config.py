"""Save calibrated camera settings as the ``[camera]`` table of a TOML config file.

Only that table is rewritten; the rest of the file (other tables, comments)
is kept as it was. The file is replaced atomically, so a power cut leaves
either the old config or the new one.
"""

from __future__ import annotations

import json
from pathlib import Path

from tablekit.local.atomic import replace_file
from tablekit.local.camera_settings import CameraSettings

TABLE = "camera"


def save_camera_settings(path: Path, settings: CameraSettings) -> None:
    """Write ``settings`` as the ``[camera]`` table of the TOML file at ``path``."""
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    text = _without_table(old, TABLE).rstrip("\n")
    text = (text + "\n\n" if text else "") + camera_table(settings)
    replace_file(path, lambda out: out.write(text.encode("utf-8")))


def camera_table(settings: CameraSettings) -> str:
    """The ``[camera]`` table as TOML text."""
    lines = [f"[{TABLE}]"]
    lines += [f"{key} = {_toml_value(value)}" for key, value in settings.to_mapping().items()]
    return "\n".join(lines) + "\n"


def _toml_value(value: object) -> str:
    """A TOML literal for a str, bool, int, float or tuple of them."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {type(value).__name__} to TOML")


def _without_table(text: str, name: str) -> str:
    """The TOML text with the ``[name]`` table (header to next header) removed."""
    kept, inside = [], False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("["):
            inside = stripped.split("#")[0].strip() == f"[{name}]"
        if not inside:
            kept.append(line)
    return "\n".join(kept) + ("\n" if kept else "")
