"""Where an unexpected failure goes: its full trace to a log file, one line to the person.

No traceback ever reaches the table or a script's reader. The trace is kept
in ``tablekit.log`` in the data directory (rotated, so a loop of failures
cannot fill the card), and the caller shows one sentence naming that file.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tablekit.local import paths

if TYPE_CHECKING:
    import logging

LOG_BYTES = 1024 * 1024
"""Each log file's size before it is rotated; three old ones are kept."""


def log_file() -> Path:
    """The failure log: ``tablekit.log`` in the data directory."""
    return paths.data_dir() / "tablekit.log"


def record(error: BaseException, where: str) -> str:
    """Write ``error``'s trace to the log; return the one line to show instead."""
    path = log_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        logger = _logger(path)
        logger.error("%s failed", where, exc_info=error)
    except OSError:
        return f"{where} failed unexpectedly: {type(error).__name__} (the log could not be written)"
    return f"{where} failed unexpectedly: {type(error).__name__}; details in {path}"


def note(text: str) -> None:
    """Write one line to the log (a problem that was handled, e.g. a journal set aside);
    a log that cannot be written is no reason to stop the table."""
    path = log_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _logger(path).warning("%s", text)
    except OSError:
        return


def _logger(path: Path) -> logging.Logger:
    import logging  # only a failure or a note writes: a start does not load it

    logger = logging.getLogger("tablekit.failures")
    if not any(getattr(h, "baseFilename", None) == str(path) for h in logger.handlers):
        for handler in list(logger.handlers):
            logger.removeHandler(handler)
            handler.close()
        from logging.handlers import RotatingFileHandler  # its sockets and pickle: on a failure

        handler = RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=3, encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        logger.addHandler(handler)
        logger.propagate = False
    return logger
