"""``tablekit box export FILE`` and ``tablekit box import FILE``: the device's Mice and Mystics box.

The box (:mod:`tablekit.local.box`) holds the numbers entered from the
physical cards; exporting it and importing it on another table saves typing
them twice.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tablekit.cli.commands import add
from tablekit.local import box

if TYPE_CHECKING:
    from tablekit.cli.commands import Subparsers


def add_box_parser(sub: Subparsers) -> None:
    """Register ``box export`` and ``box import``."""
    parser = add(sub, "box")
    actions = parser.add_subparsers(title="actions", metavar="ACTION", required=True)
    out = actions.add_parser("export", help="write the box to FILE (TOML)")
    out.add_argument("file", type=Path, help="the TOML file to write")
    out.set_defaults(func=export_box)
    into = actions.add_parser("import", help="add the entries of FILE to the box")
    into.add_argument("file", type=Path, help="a TOML file in the content pack format")
    into.set_defaults(func=import_box)


def export_box(args: argparse.Namespace) -> int:
    try:
        count = box.export(args.file)
    except box.ContentError as error:
        print(f"tablekit: {error}", file=sys.stderr)
        return 2
    print(f"{count} entries written to {args.file}")
    return 0


def import_box(args: argparse.Namespace) -> int:
    try:
        count = box.import_(args.file)
    except box.ContentError as error:
        print(f"tablekit: {error}", file=sys.stderr)
        return 2
    print(f"{count} entries added to {box.box_file()}")
    return 0
