"""Image files, checked from their header before any pixel is decoded.

Every image file the dice reader takes (``tablekit dice read`` and ``teach``,
the replay camera) comes in through :func:`load_image`:

* the header is read with a small parser of our own (PNG ``IHDR``, JPEG
  ``SOFn``, BMP ``BITMAPINFOHEADER``) reading a few bytes at a time, so a
  74-byte file claiming 100000x100000 pixels is refused in microseconds;
* an image of more than the allowed pixels (``[camera] max_megapixels``,
  default :data:`MAX_MEGAPIXELS`) is refused before it is decoded; a PNG or BMP
  is allowed only :data:`LOSSLESS_SHARE` of that, because it cannot be decoded
  shrunk: every pixel costs time and memory (about 14 ms per megapixel here);
* a JPEG is decoded already shrunk (libjpeg scales while decoding) when it is
  much larger than the reader's working size, which keeps time and memory small;
* a JPEG without its end marker, or a PNG without its last chunk, is decoded as
  far as it goes and flagged with a ``warning``.

Everything wrong with a file's content is an :class:`ImageRefused` with one
sentence; a file that cannot be opened at all is the usual :class:`OSError`.
"""

from __future__ import annotations

import contextlib
import os
import stat
import struct
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

if TYPE_CHECKING:
    import numpy as np

MAX_MEGAPIXELS = 40
"""Images above this many million pixels are refused unless the config says otherwise
(the default of ``[camera] max_megapixels`` in :mod:`tablekit.local.camera_settings`)."""

LOSSLESS_SHARE = 0.1
"""The share of the pixel cap a PNG or BMP may use: 4 of the default 40 megapixels,
which decodes in about 50 ms; a JPEG of the full cap is decoded at 1/8 of its size."""

FORMATS = "PNG, JPEG or BMP"

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_END = b"\x00\x00\x00\x00IEND\xae\x42\x60\x82"
JPEG_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}
"""The JPEG start-of-frame markers (every SOFn but DHT C4, JPG C8 and DAC CC)."""

MAX_SIDE = 1 << 20
"""No side of an image is taken to exceed this (OpenCV's own limit)."""

SCAN_CHUNK = 1 << 20

MAX_SEGMENTS = 100_000
"""A PNG's chunks or a JPEG's header segments are walked up to this many (real files: far fewer)."""

BYTES_PER_PIXEL = 8
"""A file larger than this many bytes per allowed pixel (plus a megabyte) holds no such image."""


class ImageRefused(ValueError):
    """An image file whose content the reader will not decode; the message says why."""


@dataclass(frozen=True)
class Header:
    """What an image file's header says: its format, size, and whether its end is missing."""

    kind: str
    width: int
    height: int
    truncated: bool = False

    @property
    def pixels(self) -> int:
        return self.width * self.height


@dataclass(frozen=True)
class LoadedImage:
    """A decoded BGR frame and how it relates to the file.

    ``scale`` is frame pixels per file pixel: below 1 when a large JPEG was
    decoded shrunk (divide coordinates by it to get the file's pixels).
    ``warning`` is empty unless only part of the image could be decoded.
    """

    frame: np.ndarray
    header: Header
    scale: float = 1.0
    warning: str = ""


def max_pixels(megapixels: float = MAX_MEGAPIXELS) -> int:
    """The pixel cap for a number of megapixels."""
    return int(megapixels * 1_000_000)


def load_image(
    path: Path,
    *,
    limit: int = max_pixels(),
    work_side: int | None = None,
    quiet: bool = False,
) -> LoadedImage:
    """Check ``path``'s header, then decode it as an 8-bit BGR frame.

    ``limit`` is the most pixels allowed. With ``work_side`` a JPEG whose long
    side is at least twice that is decoded at 1/2, 1/4 or 1/8 of its size,
    never below ``work_side``. ``quiet`` keeps the codec libraries' own
    messages off the standard error stream (a command line sets it; they write
    to the process's stream, so an app with threads should not).

    Raises :class:`ImageRefused` for a file whose content is refused or cannot
    be decoded, :class:`OSError` if the file cannot be read.
    """
    import cv2

    with _open(path) as stream:
        if os.fstat(stream.fileno()).st_size > BYTES_PER_PIXEL * limit + (1 << 20):
            raise ImageRefused(f"the file is larger than any image of {limit / 1e6:g} megapixels")
        header = read_header(stream)
    _check_size(header, limit)
    reduce = _reduction(header, work_side)
    flags = {1: cv2.IMREAD_COLOR, 2: cv2.IMREAD_REDUCED_COLOR_2}
    flags |= {4: cv2.IMREAD_REDUCED_COLOR_4, 8: cv2.IMREAD_REDUCED_COLOR_8}
    try:
        with _silenced(quiet):
            frame = cv2.imread(str(path), flags[reduce])
    except cv2.error as error:
        why = _first_line(error)
        raise ImageRefused(f"the {header.kind} image cannot be decoded ({why})") from None
    if frame is None or frame.size == 0:
        cut = " (the file is cut short)" if header.truncated else ""
        raise ImageRefused(f"the {header.kind} image cannot be decoded{cut}")
    scale = max(frame.shape[:2]) / max(header.width, header.height)
    warning = ""
    if header.truncated:
        warning = f"the {header.kind} file is cut short: only part of the image was decoded"
    return LoadedImage(frame, header, scale, warning)


def _check_size(header: Header, limit: int) -> None:
    """Refuse an image above the cap, or a PNG or BMP above its share of it."""
    size = f"{header.width}x{header.height} is {round(header.pixels / 1e6, 1):g} megapixels"
    if header.pixels > limit:
        raise ImageRefused(
            f"{size}; images above {limit / 1e6:g} megapixels are refused"
            " (the [camera] max_megapixels setting)"
        )
    if header.kind != "JPEG" and header.pixels > limit * LOSSLESS_SHARE:
        raise ImageRefused(
            f"{size}; a {header.kind} cannot be read shrunk, so above"
            f" {limit * LOSSLESS_SHARE / 1e6:g} megapixels (a tenth of the [camera]"
            " max_megapixels setting) it is refused: save the photo as a JPEG"
        )


def _open(path: Path) -> BinaryIO:
    """Open a regular file for reading; a FIFO or a device is refused without waiting on it."""
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise ImageRefused("not a regular file")
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise


def _reduction(header: Header, work_side: int | None) -> int:
    """The largest of 1, 2, 4, 8 that keeps a JPEG's long side at ``work_side`` or more."""
    if work_side is None or header.kind != "JPEG":
        return 1
    long_side = max(header.width, header.height)
    reduce = 1
    while reduce < 8 and long_side // (reduce * 2) >= work_side:
        reduce *= 2
    return reduce


def _first_line(error: BaseException) -> str:
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    return lines[-1] if lines else type(error).__name__


@contextlib.contextmanager
def _silenced(quiet: bool) -> Iterator[None]:
    """Send file descriptor 2 to nowhere while the codecs run, if ``quiet``."""
    if not quiet:
        yield
        return
    sys.stderr.flush()
    try:
        sink = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        yield
        return
    saved = os.dup(2)
    try:
        os.dup2(sink, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(sink)


def read_header(stream: BinaryIO) -> Header:
    """The format and size of the image in ``stream``, read without decoding it.

    Also says whether the file's end is missing (a JPEG with no end-of-image
    marker after its scans, a PNG with no ``IEND`` chunk).
    """
    start = stream.read(8)
    if start.startswith(PNG_SIGNATURE):
        return _png(stream)
    if start.startswith(b"\xff\xd8\xff"):
        stream.seek(2)
        return _jpeg(stream)
    if start.startswith(b"BM"):
        stream.seek(0)
        return _bmp(stream)
    raise ImageRefused(f"not a {FORMATS} image")


def _checked(kind: str, width: int, height: int, truncated: bool = False) -> Header:
    if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
        raise ImageRefused(f"the {kind} header gives an impossible size {width}x{height}")
    return Header(kind, width, height, truncated)


def _png(stream: BinaryIO) -> Header:
    """PNG: the first chunk must be a 13-byte ``IHDR``; every chunk is walked to ``IEND``.

    A chunk whose length runs past the end of the file is refused, cut short or
    not: the decoder would allocate and read that length (a 2 KB file claiming a
    1.4 GB chunk cost 5 s and 1.4 GB before this check), and OpenCV decodes no
    part of a cut PNG anyway.
    """
    first = stream.read(8 + 13)
    if len(first) < 21 or first[:8] != b"\x00\x00\x00\x0dIHDR":
        raise ImageRefused("the PNG header is damaged (no IHDR chunk)")
    width, height = struct.unpack(">II", first[8:16])
    header = _checked("PNG", width, height)
    size = stream.seek(0, os.SEEK_END)
    at = stream.seek(8 + 8 + 13 + 4)
    for _ in range(MAX_SEGMENTS):
        head = stream.read(8)
        if len(head) < 8:
            return Header("PNG", width, height, truncated=True)
        length = struct.unpack(">I", head[:4])[0]
        if head[4:] == b"IEND":
            return header
        at += 8 + length + 4
        if length >= 1 << 31 or at > size:
            raise ImageRefused("the PNG file is cut short or damaged: a chunk runs past its end")
        stream.seek(at)
    return Header("PNG", width, height, truncated=True)


def _jpeg(stream: BinaryIO) -> Header:
    """JPEG: segments are walked to the first ``SOFn`` (the size), then to ``SOS``.

    After the first scan starts, the rest of the file is searched for the
    end-of-image marker ``FFD9``: inside compressed data every ``FF`` byte is
    followed by ``00`` or a restart marker, so an ``FFD9`` is the real end.
    """
    size: tuple[int, int] | None = None
    for _ in range(MAX_SEGMENTS):
        byte = stream.read(1)
        if not byte:
            raise ImageRefused("the JPEG file ends before its image data")
        if byte != b"\xff":
            continue  # stray bytes between segments: libjpeg skips them too
        marker = stream.read(1)
        while marker == b"\xff":
            marker = stream.read(1)
        if not marker:
            raise ImageRefused("the JPEG file ends before its image data")
        code = marker[0]
        if 0xD0 <= code <= 0xD7 or code == 0x01:
            continue
        if code == 0xD9:
            raise ImageRefused("the JPEG file ends before its image data")
        raw = stream.read(2)
        if len(raw) < 2:
            raise ImageRefused("the JPEG file ends before its image data")
        length = struct.unpack(">H", raw)[0]
        if length < 2:
            raise ImageRefused("the JPEG header is damaged (a segment shorter than its length)")
        if code in JPEG_SOF and size is None:
            body = stream.read(5)
            if len(body) < 5:
                raise ImageRefused("the JPEG file ends before its image data")
            height, width = struct.unpack(">HH", body[1:5])
            size = (width, height)
            stream.seek(length - 2 - 5, os.SEEK_CUR)
            continue
        if code == 0xDA:
            if size is None:
                raise ImageRefused("the JPEG header is damaged (image data before its size)")
            stream.seek(length - 2, os.SEEK_CUR)
            return _checked("JPEG", *size, truncated=not _find(stream, b"\xff\xd9"))
        stream.seek(length - 2, os.SEEK_CUR)
    raise ImageRefused("the JPEG header is damaged (too many segments)")


def _find(stream: BinaryIO, needle: bytes) -> bool:
    """Whether ``needle`` occurs in the rest of ``stream``, read a chunk at a time."""
    tail = b""
    while chunk := stream.read(SCAN_CHUNK):
        if needle in tail + chunk[: len(needle) - 1] or needle in chunk:
            return True
        tail = chunk[-(len(needle) - 1) :]
    return False


def _bmp(stream: BinaryIO) -> Header:
    """BMP: a 14-byte file header, then the DIB header's width and height."""
    head = stream.read(14 + 4 + 8)
    if len(head) < 14 + 4 + 4:
        raise ImageRefused("the BMP header is damaged (too short)")
    dib = struct.unpack("<I", head[14:18])[0]
    if dib == 12:
        width, height = struct.unpack("<HH", head[18:22])
    elif dib >= 40 and len(head) == 26:
        width, height = struct.unpack("<ii", head[18:26])
    else:
        raise ImageRefused("the BMP header is damaged (unknown header size)")
    return _checked("BMP", width, abs(height))
