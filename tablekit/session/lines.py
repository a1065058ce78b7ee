"""JSON as tablekit prints it: a script's answers and a session's views, one value a line."""

from __future__ import annotations

import json
from typing import Any

LINE_BREAKS = {ord(character): f"\\u{ord(character):04x}" for character in "\x85\u2028\u2029"}
"""The characters ``str.splitlines()`` ends a line at that json.dumps writes as they are,
each as its JSON escape. The others (LF, CR, U+000B, U+000C, U+001C to U+001E) are below
U+0020, which json.dumps always escapes; an indented view's own newlines stay newlines."""


def json_text(data: dict[str, Any], indent: int | None = None) -> str:
    """``data`` as JSON that holds no character a line reader splits at: one JSON line stays
    one line under ``str.splitlines()``, with a name or refusal holding U+2028 in it too."""
    return json.dumps(data, ensure_ascii=False, indent=indent).translate(LINE_BREAKS)
