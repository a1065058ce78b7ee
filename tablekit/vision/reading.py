"""What the dice reader returns: one value object per die, and the reading of a frame.

A camera reading ends in the same roll as a virtual roll: a list of faces
(``Reading.values()``), so the rules never know which one made it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class DieReading:
    """One die: centre ``x, y`` and box size ``w, h`` in pixels, its face and a 0-1 confidence."""

    x: float
    y: float
    w: float
    h: float
    value: int | str
    confidence: float

    def corrected(self, value: int | str) -> DieReading:
        """The same die with a value a player confirmed (so it is certain)."""
        return replace(self, value=value, confidence=1.0)

    def scaled(self, factor: float) -> DieReading:
        """The same die with centre and size multiplied by ``factor`` (another frame size)."""
        return replace(
            self, x=self.x * factor, y=self.y * factor, w=self.w * factor, h=self.h * factor
        )

    def to_json(self) -> dict[str, float | int | str]:
        """The die as the CLI prints it (pixels rounded to one decimal)."""
        return {
            "x": round(self.x, 1),
            "y": round(self.y, 1),
            "w": round(self.w, 1),
            "h": round(self.h, 1),
            "value": self.value,
            "confidence": round(self.confidence, 3),
        }


SURE = 0.6
"""The confidence from which a reader that was not calibrated stands by a die."""


@dataclass(frozen=True)
class Reading:
    """Every die found in one frame, how long the reading took in milliseconds, and the
    confidence from which the reader stands by a die (below it, the table is asked)."""

    dice: tuple[DieReading, ...]
    ms: float = 0.0
    sure: float = SURE

    def scaled(self, factor: float) -> Reading:
        """The reading in the pixels of a frame ``factor`` times as large (``ms`` unchanged)."""
        if factor == 1.0:
            return self
        return replace(self, dice=tuple(d.scaled(factor) for d in self.dice))

    def values(self) -> list[int | str]:
        """The faces, left to right: the roll the rules receive."""
        ordered = sorted(self.dice, key=lambda d: (d.x, d.y))
        return [d.value for d in ordered]

    def unsure(self) -> tuple[DieReading, ...]:
        """The dice read with less confidence than :attr:`sure`: the ones to ask about."""
        return tuple(d for d in self.dice if d.confidence < self.sure)
