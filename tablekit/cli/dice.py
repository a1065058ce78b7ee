"""The ``tablekit dice`` command: read dice from image files, or teach a set of dice.

    tablekit dice read IMAGE... [--kind d6|mm-action|taught:NAME] [--json]
    tablekit dice teach NAME FACE IMAGE

``read`` prints one JSON object per image and line: ``{"image", "dice": [{"x",
"y", "w", "h", "value", "confidence"}], "ms"}``; x and y are the die's centre in
pixels. Without ``--json`` a short human line per image is printed instead.
``teach`` adds the view of the one die in IMAGE as face FACE of the taught
set NAME (kept in the data directory), for ``--kind taught:NAME``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tablekit.vision.kinds import KINDS_HELP, reader_for


def add_dice_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``dice`` with its ``read`` subcommand; ``args.func(args)`` runs it."""
    dice = subparsers.add_parser("dice", help="read physical dice from images")
    actions = dice.add_subparsers(dest="dice_command", required=True)
    read = actions.add_parser("read", help="read the dice in image files")
    read.add_argument("images", nargs="+", type=Path, metavar="IMAGE")
    read.add_argument("--kind", default="d6", help=f"which dice: {KINDS_HELP} (default d6)")
    read.add_argument("--json", action="store_true", help="print one JSON object per image")
    read.set_defaults(func=run_read)
    teach = actions.add_parser("teach", help="show one face of your dice to the reader")
    teach.add_argument("name", help="name of the set of dice, e.g. mouseguard")
    teach.add_argument("face", help="the face the die shows, e.g. snake or 4")
    teach.add_argument("image", type=Path, metavar="IMAGE", help="a frame with that one die")
    teach.set_defaults(func=run_teach)


def run_read(args: argparse.Namespace) -> int:
    """Read every image; exit 2 for a bad kind, 1 if any image could not be read."""
    import cv2

    try:
        reader = reader_for(args.kind)
    except ValueError as error:
        print(f"tablekit dice: {error}", file=sys.stderr)
        return 2
    status = 0
    for path in args.images:
        frame = cv2.imread(str(path))
        if frame is None:
            print(f"tablekit dice: cannot read image {path}", file=sys.stderr)
            status = 1
            continue
        reading = reader(frame)
        if args.json:
            dice = [die.to_json() for die in reading.dice]
            print(json.dumps({"image": str(path), "dice": dice, "ms": round(reading.ms, 2)}))
        else:
            faces = " ".join(str(v) for v in reading.values()) or "no dice"
            print(f"{path}: {faces} ({reading.ms:.1f} ms)")
    return status


def run_teach(args: argparse.Namespace) -> int:
    """Add one reference view to a taught set; exit 1 if the image or the die is missing."""
    import cv2

    from tablekit.vision.kinds import kits_dir
    from tablekit.vision.symbols import DiceKit, teach

    frame = cv2.imread(str(args.image))
    if frame is None:
        print(f"tablekit dice: cannot read image {args.image}", file=sys.stderr)
        return 1
    path = kits_dir() / f"{args.name}.npz"
    kit = DiceKit.load(path) if path.exists() else DiceKit(args.name)
    try:
        teach(kit, frame, args.face)
    except LookupError as error:
        print(f"tablekit dice: {error}", file=sys.stderr)
        return 1
    kit.save(path)
    print(f"{args.name}: taught {args.face} ({len(kit.faces)} faces: {', '.join(kit.faces)})")
    return 0
