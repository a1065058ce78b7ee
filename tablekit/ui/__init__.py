"""The table app: pygame-ce scenes that read views and emit commands."""

import os

# pygame prints a banner to stdout on import; scripts that print JSON must not get it.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
