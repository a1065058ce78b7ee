"""Writes ``conflict-one-team.sqlite3``: a Mouse Guard journal as tablekit wrote it before a
side could have several teams (one team a side), for the replay test.

It was run once with that release's rules (the journal's own code from e38ff2b, whose
``meta`` table the journal expects), not this tree's::

    git archive 7c88b17 tablekit | tar -x -C /tmp/release
    rm -r /tmp/release/tablekit/session
    git archive e38ff2b tablekit/session | tar -x -C /tmp/release
    PYTHONPATH=/tmp/release python tests/rules/mouse_guard/data/build_conflict_journal.py

One session, "ambush": Saxon and Kenzie fight a weasel to the end, with a maneuver, a
versus tie broken by the tiebreaker and a kept roll; the conflict is ended with terms;
a second conflict is left mid-scripting with the GM's two actions secret.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from tablekit.rules.mouse_guard.game import MouseGuard
from tablekit.session import Journal, Session

OUT = Path(__file__).with_name("conflict-one-team.sqlite3")

MICE = [
    {"name": "Saxon", "ratings": [{"name": "Nature", "rating": 3}, {"name": "Health", "rating": 4},
     {"name": "Will", "rating": 3}, {"name": "Fighter", "rating": 3}],
     "wises": [{"name": "Weasel-wise"}], "fate": 1, "persona": 1},
    {"name": "Kenzie", "ratings": [{"name": "Nature", "rating": 4}, {"name": "Health", "rating": 3},
     {"name": "Will", "rating": 4}, {"name": "Fighter", "rating": 2}]},
]  # fmt: skip

LINES = [
    *({"type": "mg.add_character", "sheet": sheet} for sheet in MICE),
    {"type": "mg.begin_conflict", "conflict": "fight", "patrol": ["Saxon", "Kenzie"],
     "captain": "Saxon", "opponent": "Weasel", "goal": "Save the cart", "gm_dice": 3},
    {"type": "mg.roll_disposition", "side": "patrol", "ability": "Health", "helpers": ["Kenzie"],
     "faces": [6, 5, 1, 2]},
    {"type": "mg.set_disposition", "side": "gm", "disposition": 5},
    {"type": "mg.arm", "side": "patrol", "member": "Saxon", "weapon": "sword", "choice": "attack"},
    *({"type": "mg.script", "side": "gm", "action": a} for a in ("attack", "maneuver", "feint")),
    {"type": "mg.lock", "side": "gm"},
    *({"type": "mg.script", "side": "patrol", "action": a} for a in ("attack", "defend", "feint")),
    {"type": "mg.lock", "side": "patrol"},
    {"type": "mg.reveal"},
    {"type": "mg.roll_action", "side": "gm", "faces": [5, 1, 1]},
    {"type": "mg.roll_action", "side": "patrol", "faces": [5, 4, 1, 2]},
    {"type": "mg.action_wise", "side": "patrol", "wise": "Weasel-wise", "way": "of_course",
     "faces": [5, 1]},
    {"type": "mg.keep_roll", "side": "patrol"},
    {"type": "mg.reveal"},
    {"type": "mg.roll_action", "side": "gm", "faces": [5, 1, 1]},
    {"type": "mg.roll_action", "side": "patrol", "faces": [4, 1, 1, 1]},
    {"type": "mg.action_tiebreaker", "patrol_ability": "Will", "gm_faces": [4, 1, 1],
     "patrol_faces": [1, 1, 1, 1]},
    {"type": "mg.maneuver", "side": "gm", "effects": ["impede"]},
    {"type": "mg.reveal"},
    {"type": "mg.roll_action", "side": "gm", "faces": [1, 1, 1]},
    {"type": "mg.roll_action", "side": "patrol", "faces": [4, 1]},
    {"type": "mg.keep_roll", "side": "patrol"},
    *({"type": "mg.script", "side": "gm", "action": "defend"} for _ in range(3)),
    {"type": "mg.lock", "side": "gm"},
    *({"type": "mg.script", "side": "patrol", "action": "attack"} for _ in range(3)),
    {"type": "mg.lock", "side": "patrol"},
    {"type": "mg.reveal"},
    {"type": "mg.roll_action", "side": "gm", "faces": [1, 1, 1]},
    {"type": "mg.roll_action", "side": "patrol", "faces": [5, 5]},
    {"type": "mg.end_conflict", "winner_terms": "The cart is saved", "loser_terms": "Nothing"},
    {"type": "mg.begin_conflict", "conflict": "chase", "patrol": ["Kenzie"], "captain": "Kenzie",
     "opponent": "Fox", "gm_dice": 4},
    {"type": "mg.set_disposition", "side": "patrol", "disposition": 4},
    {"type": "mg.set_disposition", "side": "gm", "disposition": 6},
    {"type": "mg.script", "side": "gm", "action": "feint"},
    {"type": "mg.script", "side": "gm", "action": "maneuver"},
    {"type": "mg.script", "side": "patrol", "action": "defend"},
]  # fmt: skip


def main() -> None:
    OUT.unlink(missing_ok=True)
    journal = Journal(OUT)
    session = Session.create(journal, "ambush", MouseGuard())
    session.rng = random.Random(1)
    for line in LINES:
        session.apply(session.parse(line))
    print(session.table_view()["last_conflict"], file=sys.stderr)
    journal._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    journal.close()
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
