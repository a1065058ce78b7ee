"""``python -m tablekit`` does what the ``tablekit`` command does."""

from tablekit.cli import main

raise SystemExit(main())
