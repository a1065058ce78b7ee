"""The ``[camera]`` settings: which camera, how it is set, and which dice it reads.

They live with the config, below the camera backends that use them, so the
config never imports a device.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

BACKENDS = ("none", "picamera2", "opencv", "replay")


@dataclass(frozen=True)
class CameraSettings:
    """The ``[camera]`` table of the config; every field has a default.

    ``roi`` is ``(x, y, w, h)`` in camera pixels, all zero for the whole frame.
    ``exposure_us`` 0 leaves exposure automatic. ``white_balance`` holds
    blue, green, red gains applied to every frame (calibrated on the empty tray).
    """

    backend: str = "none"
    device: int = 0
    replay_path: str = ""
    replay_fps: float = 10.0
    replay_loop: bool = True
    width: int = 1280
    height: int = 960
    roi: tuple[int, int, int, int] = (0, 0, 0, 0)
    exposure_us: int = 0
    analogue_gain: float = 0.0
    white_balance: tuple[float, float, float] = (1.0, 1.0, 1.0)
    dice_kind: str = "d6"

    @classmethod
    def from_mapping(cls, table: Mapping[str, Any]) -> CameraSettings:
        """Build settings from a parsed TOML table: unknown keys ignored, arrays made tuples."""
        known = {f.name for f in fields(cls)}
        values: dict[str, Any] = {
            k: tuple(v) if isinstance(v, list) else v for k, v in table.items() if k in known
        }
        return replace(cls(), **values)

    def to_mapping(self) -> dict[str, Any]:
        """The settings as plain TOML-ready values, in field order."""
        return {f.name: getattr(self, f.name) for f in fields(self)}
