"""The ``[camera]`` settings: which camera, how it is set, and which dice it reads.

They live with the config, below the camera backends that use them, so the
config never imports a device.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Annotated, Any

from msgspec import Meta

BACKENDS = ("none", "picamera2", "opencv", "replay")


Pixels = Annotated[int, Meta(ge=16, le=8192)]
"""A frame's side in pixels: no camera delivers less or more."""
Offset = Annotated[int, Meta(ge=0, le=16384)]
Gain = Annotated[float, Meta(gt=0, le=16)]


@dataclass(frozen=True)
class CameraSettings:
    """The ``[camera]`` table of the config; every field has a default.

    ``roi`` is ``(x, y, w, h)`` in camera pixels, all zero for the whole frame.
    ``exposure_us`` 0 leaves exposure automatic. ``white_balance`` holds
    blue, green, red gains applied to every frame (calibrated on the empty tray).
    ``max_megapixels`` caps the images read from files (replay, ``tablekit dice``):
    a larger one is refused from its header, before it is decoded (a PNG or BMP
    above a tenth of it: those cannot be decoded shrunk).
    """

    backend: str = "none"
    device: Annotated[int, Meta(ge=0, le=63)] = 0
    replay_path: Annotated[str, Meta(max_length=4096)] = ""
    replay_fps: Annotated[float, Meta(gt=0, le=120)] = 10.0
    replay_loop: bool = True
    width: Pixels = 1280
    height: Pixels = 960
    roi: tuple[Offset, Offset, Offset, Offset] = (0, 0, 0, 0)
    exposure_us: Annotated[int, Meta(ge=0, le=10_000_000)] = 0
    analogue_gain: Annotated[float, Meta(ge=0, le=64)] = 0.0
    white_balance: tuple[Gain, Gain, Gain] = (1.0, 1.0, 1.0)
    dice_kind: Annotated[str, Meta(max_length=64)] = "d6"
    max_megapixels: Annotated[int, Meta(ge=1, le=100)] = 40

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
