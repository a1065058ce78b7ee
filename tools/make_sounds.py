"""Generate tablekit's short sound cues as WAV files in tablekit/assets/sounds/.

The cues are synthesised here (sine tones with soft envelopes), so they are
ours to ship. Run: python tools/make_sounds.py
"""

from __future__ import annotations

import math
import struct
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parents[1] / "tablekit" / "assets" / "sounds"

# name -> list of (frequency Hz, seconds); 0 Hz is a rest.
CUES = {
    "surge": [(196, 0.12), (0, 0.03), (196, 0.12), (0, 0.03), (147, 0.35)],
    "turn": [(523, 0.08), (659, 0.12)],
    "reveal": [(392, 0.07), (523, 0.07), (784, 0.16)],
    "locked": [(880, 0.06)],
    "defeat": [(330, 0.2), (262, 0.2), (196, 0.45)],
}


def tone(frequency: float, seconds: float) -> list[int]:
    """One note with a quick attack and a gentle release, as 16-bit samples."""
    count = int(RATE * seconds)
    samples = []
    for i in range(count):
        envelope = min(1.0, i / (RATE * 0.01)) * min(1.0, (count - i) / (RATE * 0.05))
        value = math.sin(2 * math.pi * frequency * i / RATE) if frequency else 0.0
        harmonic = 0.3 * math.sin(4 * math.pi * frequency * i / RATE) if frequency else 0.0
        samples.append(int(12000 * envelope * (value + harmonic)))
    return samples


def write(name: str, notes: list[tuple[float, float]]) -> None:
    samples = [s for frequency, seconds in notes for s in tone(frequency, seconds)]
    with wave.open(str(OUT / f"{name}.wav"), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(struct.pack(f"<{len(samples)}h", *samples))


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    for cue, notes in CUES.items():
        write(cue, notes)
