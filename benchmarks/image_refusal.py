"""How long an image file that is refused from its header takes to refuse.

Run: ``python -m benchmarks.image_refusal``.

``load_image`` reads a file's header before OpenCV sees it, so a file that
lies about itself is refused without being decoded. ``make fuzz`` found the
worst liar: a 2 KB PNG whose IDAT chunk says it is 1.4 GB long, which cost
OpenCV 5 s and 1.4 GB before the header check learnt to refuse it (the test
for it asserted under 500 ms until tests stopped timing anything; the target
is that bound, by far). Timed here, each the median of repeated calls from a
file in a temporary folder: that PNG, a PNG whose header claims 100000 x 100000
pixels, and a text file named ``.jpg``. The baseline, measured in the same run,
is the intact 2 KB PNG the liar was made from, decoded by ``load_image`` and
by ``cv2.imread`` alone: what any image costs that is not refused.
"""

from __future__ import annotations

import statistics
import struct
import tempfile
import time
import zlib
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np

from tablekit.vision.imagefile import ImageRefused, load_image

REPEATS = 51
TARGET_MS = 500.0


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def files() -> dict[str, bytes]:
    """The refused files by name, and last the intact PNG (the baseline)."""
    picture = np.random.default_rng(12).integers(0, 255, (24, 32, 3), dtype=np.uint8)
    intact = cv2.imencode(".png", picture)[1].tobytes()
    long_chunk = bytearray(intact)
    long_chunk[long_chunk.index(b"IDAT") - 4] = 0x55
    ihdr = struct.pack(">IIBBBBB", 100_000, 100_000, 8, 2, 0, 0, 0)
    huge = (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", ihdr)
        + _chunk(b"IDAT", zlib.compress(b"\0" * 16))
        + _chunk(b"IEND", b"")
    )
    return {
        "PNG chunk says 1.4 GB": bytes(long_chunk),
        "PNG header 100000 x 100000": huge,
        "text file named .jpg": b"not a picture",
        "intact 32 x 24 PNG": intact,
    }


def _time(call: Callable[[], object]) -> float:
    """Median milliseconds of ``call()`` over REPEATS runs."""
    runs = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        call()
        runs.append((time.perf_counter() - start) * 1000)
    return statistics.median(runs)


def _load(path: Path) -> str:
    """What ``load_image`` made of ``path``: refused or decoded."""
    try:
        load_image(path, quiet=True)
    except ImageRefused:
        return "refused"
    return "decoded"


def main() -> None:
    cv2.setNumThreads(1)
    print(f"file                          bytes  load_image   outcome   (median of {REPEATS})")
    worst = 0.0
    with tempfile.TemporaryDirectory() as folder:
        for name, data in files().items():
            path = Path(folder) / f"{len(data)}.img"
            path.write_bytes(data)
            outcome = _load(path)
            spent = _time(lambda p=path: _load(p))  # type: ignore[misc]
            if outcome == "refused":
                worst = max(worst, spent)
            print(f"{name:<28}{len(data):>7}  {spent:>7.3f} ms   {outcome}")
        base = Path(folder) / "intact.png"
        base.write_bytes(files()["intact 32 x 24 PNG"])
        bare = _time(lambda: cv2.imread(str(base)))
        print(f"baseline, cv2.imread of the intact PNG alone: {bare:.3f} ms")
    print(f"slowest refusal: {worst:.3f} ms (target well under {TARGET_MS:.0f} ms)")


if __name__ == "__main__":
    main()
