"""The ``tablekit dice`` command: read dice from image files, or teach a set of dice.

    tablekit dice read IMAGE... [--kind d6|mm-action|taught:NAME] [--json]
    tablekit dice teach NAME FACE IMAGE
    tablekit dice learn --kind d6 IMAGE LABELS
    tablekit dice forget --kind d6

``read`` prints one JSON object per image and line: ``{"image", "dice": [{"x",
"y", "w", "h", "value", "confidence"}], "ms"}``; x and y are the die's centre in
pixels of the image. An image of which only part could be decoded (a JPEG cut
short) is still read, and its object has a ``"warning"`` saying so. Without
``--json`` a short human line per image is printed instead.
``teach`` adds the view of every die in IMAGE, all showing face FACE, to the
taught set NAME (kept in the data directory), for ``--kind taught:NAME``.

Images are PNG, JPEG or BMP files, checked from their header before they are
decoded: one of more than ``[camera] max_megapixels`` (default 40) million
pixels is refused, and a large one is read scaled down to the reader's size.

Exit status of ``read`` (the first that applies, over all images):

* 2 -- an image was refused (not a PNG, JPEG or BMP, damaged, or too many
  pixels), or the kind of dice is unknown; one line on standard error each;
* 1 -- an image file could not be opened (missing, unreadable);
* 3 -- every image was read, but at least one only in part (see ``"warning"``);
* 0 -- every image was read whole.

``learn`` keeps one labelled frame of this table for ``--kind`` (d6 so far): LABELS
is a YOLO file, one line ``class cx cy w h`` per die (class = face index, 0 for a
one; the rest normalised to the image). ``read`` then reads with what was learned
(:mod:`tablekit.vision.tablelearn`); ``forget`` goes back to the shipped reader.
``learn`` exits 0 when the frame was kept, 2 for a refused image, bad labels or a
kind that cannot learn, 1 for a missing file, 3 for an image only partly decoded;
on any error nothing is kept.

``teach`` exits 0 when the face was taught, 2 for a refused image, 1 for a
missing image or no die in it, and 3 for an image only partly decoded (nothing
is taught from it).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tablekit.cli.commands import add
from tablekit.local.dice_kits import KINDS_HELP, reader_for
from tablekit.vision.imagefile import ImageRefused, LoadedImage, load_image, max_pixels

if TYPE_CHECKING:
    from tablekit.cli.commands import Subparsers


def add_dice_parser(sub: Subparsers) -> None:
    """Register ``dice`` with its ``read`` subcommand; ``args.func(args)`` runs it."""
    dice = add(sub, "dice")
    actions = dice.add_subparsers(dest="dice_command", required=True)
    read = actions.add_parser("read", help="read the dice in image files")
    read.add_argument("images", nargs="+", type=Path, metavar="IMAGE")
    read.add_argument("--kind", default="d6", help=f"which dice: {KINDS_HELP} (default d6)")
    read.add_argument("--json", action="store_true", help="print one JSON object per image")
    read.set_defaults(func=run_read)
    teach = actions.add_parser("teach", help="show one face of your dice to the reader")
    teach.add_argument("name", help="name of the set of dice, e.g. mouseguard")
    teach.add_argument("face", help="the face the die shows, e.g. snake or 4")
    teach.add_argument(
        "image", type=Path, metavar="IMAGE", help="a frame of dice, all showing that face"
    )
    teach.set_defaults(func=run_teach)
    learn = actions.add_parser("learn", help="keep a labelled frame of this table for reading")
    learn.add_argument("image", type=Path, metavar="IMAGE", help="a frame of this table")
    learn.add_argument("labels", type=Path, metavar="LABELS", help="its YOLO label file")
    learn.add_argument("--kind", default="d6", help="which dice (d6 only so far; default d6)")
    learn.set_defaults(func=run_learn)
    forget = actions.add_parser("forget", help="drop what was learned: read as shipped")
    forget.add_argument("--kind", default="d6", help="which dice (default d6)")
    forget.set_defaults(func=run_forget)


def run_read(args: argparse.Namespace) -> int:
    """Read every image; the exit status is described in the module's docstring."""
    try:
        reader = reader_for(args.kind)
    except ValueError as error:
        print(f"tablekit dice: {error}", file=sys.stderr)
        return 2
    limit = _pixel_limit()
    refused = missing = partial = False
    for path in args.images:
        image = _load(path, limit)
        if isinstance(image, int):
            refused, missing = refused or image == 2, missing or image == 1
            continue
        reading = reader(image.frame).scaled(1 / image.scale)
        partial = partial or bool(image.warning)
        if args.json:
            entry: dict[str, object] = {
                "image": str(path),
                "dice": [die.to_json() for die in reading.dice],
                "ms": round(reading.ms, 2),
            }
            if image.warning:
                entry["warning"] = image.warning
            print(json.dumps(entry))
        else:
            faces = " ".join(str(v) for v in reading.values()) or "no dice"
            note = f"; warning: {image.warning}" if image.warning else ""
            print(f"{path}: {faces} ({reading.ms:.1f} ms{note})")
    return 2 if refused else 1 if missing else 3 if partial else 0


def _load(path: Path, limit: int) -> LoadedImage | int:
    """The image at ``path``, decoded at the reader's working size; or, said in one line
    on stderr, exit status 2 for an image refused and 1 for a file that cannot be read."""
    from tablekit.vision.framing import WORK_SIDE

    try:
        return load_image(path, limit=limit, work_side=WORK_SIDE, quiet=True)
    except ImageRefused as error:
        print(f"tablekit dice: {path}: refused: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"tablekit dice: cannot read image {path}: {_why(error)}", file=sys.stderr)
        return 1


def run_teach(args: argparse.Namespace) -> int:
    """Add one reference view to a taught set; the exit status is in the module's docstring."""
    from tablekit.local.dice_kits import load_kit, save_kit
    from tablekit.local.paths import dice_dir
    from tablekit.vision.symbols import DiceKit, teach

    image = _load(args.image, _pixel_limit())  # decoded shrunk to teach()'s working size
    if isinstance(image, int):
        return image
    if image.warning:
        print(f"tablekit dice: {args.image}: {image.warning}; nothing taught", file=sys.stderr)
        return 3
    path = dice_dir() / f"{args.name}.npz"
    kit = load_kit(path) if path.exists() else DiceKit(args.name)
    try:
        shown = teach(kit, image.frame, args.face)
    except LookupError as error:
        print(f"tablekit dice: {error}", file=sys.stderr)
        return 1
    save_kit(kit, path)
    dice = "1 die" if len(shown) == 1 else f"{len(shown)} dice"
    faces = f"{len(kit.faces)} faces: {', '.join(kit.faces)}"
    print(f"{args.name}: taught {args.face} from {dice} ({faces})")
    return 0


MOST_LABEL_BYTES = 1 << 16
"""A label file larger than this is refused unread (a thousand dice take about 40 KB)."""


def _cannot_learn(kind: str) -> bool:
    """Whether ``kind`` cannot learn its table, said in one line if so."""
    from tablekit.local import dice_learned

    try:
        dice_learned.check_kind(kind)
    except ValueError as error:
        print(f"tablekit dice: {error}", file=sys.stderr)
        return True
    return False


def run_learn(args: argparse.Namespace) -> int:
    """Keep one labelled frame; the exit status is in the module's docstring."""
    from tablekit.local import dice_learned
    from tablekit.vision.labels import strict_labels
    from tablekit.vision.tablelearn import examples_from_frame

    if _cannot_learn(args.kind):
        return 2
    try:
        with args.labels.open("rb") as file:
            raw = file.read(MOST_LABEL_BYTES + 1)
    except OSError as error:
        print(f"tablekit dice: cannot read labels {args.labels}: {_why(error)}", file=sys.stderr)
        return 1
    image = _load(args.image, _pixel_limit())
    if isinstance(image, int):
        return image
    if image.warning:
        print(f"tablekit dice: {args.image}: {image.warning}; nothing learned", file=sys.stderr)
        return 3
    height, width = image.frame.shape[:2]
    try:
        if len(raw) > MOST_LABEL_BYTES:
            raise ValueError(f"larger than {MOST_LABEL_BYTES // 1024} KiB")
        dice = strict_labels(raw.decode("utf-8"), width, height)
    except (ValueError, UnicodeDecodeError) as error:
        print(f"tablekit dice: {args.labels}: refused: {error}", file=sys.stderr)
        return 2
    try:
        frames = dice_learned.add(args.kind, examples_from_frame(image.frame, dice))
    except ValueError as error:
        print(f"tablekit dice: {error}", file=sys.stderr)
        return 2
    print(f"{args.kind}: learned {len(dice)} dice from {args.image} ({frames} frames kept)")
    return 0


def run_forget(args: argparse.Namespace) -> int:
    """Drop what ``--kind`` learned of this table; 2 for a kind that cannot learn."""
    from tablekit.local import dice_learned

    if _cannot_learn(args.kind):
        return 2
    frames = dice_learned.forget(args.kind)
    print(f"{args.kind}: forgot {frames} frames; reading as shipped")
    return 0


def _pixel_limit() -> int:
    """The most pixels an image may have: ``[camera] max_megapixels`` from the config."""
    from tablekit.local import config

    return max_pixels(config.load().camera.max_megapixels)


def _why(error: OSError) -> str:
    return error.strerror or str(error)
