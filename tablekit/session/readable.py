"""Reading a table SQLite can still partly read: by rowid, in ranges, never through an index.

A damaged page or index must cost only the rows on it. So a table is read by
its rowids, in ranges and never through an index: a range SQLite cannot read
is read in halves, down to single rows, and only a row that cannot be read
alone is lost. The walk of a session's chain reads its steps so (an index page
that went wrong then neither hides a step nor shows one that is not there), and
so does the rebuild of a damaged journal (see :mod:`.rebuild`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from typing import Any

from msgspec import Struct

WINDOW = 4096
"""Rowids read in one query: a range that fails is read again in halves."""
MOST_ROWIDS = 1 << 40
"""How far past the last row read the next is looked for, when SQLite cannot say which
rowid is last (by single rows at doubling distances: some 40 reads)."""


def is_damage(error: Exception) -> bool:
    """Whether ``error`` says the file cannot be read there: malformed, not a database, an
    I/O error, or words SQLite quotes from a damaged schema that are not even UTF-8. Another
    program holding the journal (busy, locked), a missing table or a broken constraint is no
    damage of the file."""
    if isinstance(error, UnicodeDecodeError):  # SQLite's own words quote a damaged schema
        return True
    words = str(error)
    if any(word in words for word in ("malformed", "corrupt", "not a database", "I/O error")):
        return True
    return type(error) is sqlite3.DatabaseError


class Rows(Struct):
    """The rows of a table SQLite could read, rowid first, in rowid order; ``lost``: whether
    some could not be read."""

    rows: list[tuple[Any, ...]]
    lost: bool


def rows_of(
    db: sqlite3.Connection, table: str, columns: str, where: str = "", *values: object
) -> Rows:
    """Every row of ``table`` SQLite can read, by rowid ranges and never through an index; a
    range that fails is read in halves down to single rows (see the module's note). With
    ``where`` (and its ``values``), only the rows it matches, tested by SQLite."""
    found = Rows([], False)
    for got in _ranges(db, table, columns, where, values, found):
        found.rows += got
    found.rows.sort(key=lambda row: row[0])
    return found


def each_row(
    db: sqlite3.Connection, table: str, columns: str, where: str = "", *values: object
) -> Iterator[tuple[Any, ...]]:
    """The rows :func:`rows_of` reads, one range at a time, in rowid order: a walk of a long
    table holds one range of rows, never the table. A row a damaged page let a later range
    reach again, or reach only then, below one already given, is not given again."""
    newest: int | None = None
    for got in _ranges(db, table, columns, where, values, Rows([], False)):
        for row in sorted(got, key=lambda row: row[0]):
            if newest is None or row[0] > newest:
                newest = row[0]
                yield row


def _ranges(
    db: sqlite3.Connection,
    table: str,
    columns: str,
    where: str,
    values: tuple[object, ...],
    found: Rows,
) -> Iterator[list[tuple[Any, ...]]]:
    """The rows of each range read in turn (``found.lost`` set if some could not be read).

    A damaged page may also read as holding nothing, or rowids past the range, so that a
    range ends early without a word. So wherever a range gives nothing more, the next rowid
    SQLite can reach is searched for, by single rows further and further on, and then the
    first rowid from which a range reads on to it: only the rows of that page are lost."""
    also = f" AND ({where})" if where else ""
    query = f"SELECT rowid, {columns} FROM {table} NOT INDEXED WHERE rowid BETWEEN ? AND ?{also}"

    def read(low: int, high: int) -> list[tuple[Any, ...]]:
        try:
            return db.execute(query, (low, high, *values)).fetchall()
        except (sqlite3.Error, UnicodeDecodeError) as error:
            if not is_damage(error):
                raise
        if low == high:
            found.lost = True
            return []
        middle = (low + high) // 2
        return read(low, middle) + read(middle + 1, high)

    first, last = _ends(db, table)
    low = first if first is not None else 1
    reach = low
    while last is None or low <= last:
        high = max(low + WINDOW - 1, reach)
        high = high if last is None else min(high, last)
        got = read(low, high)  # rowids are whole numbers in the range asked, whatever damage did
        yield got
        reached = got[-1][0] if got and not where else _reached(db, table, low, high)
        if reached is not None and reached >= high:
            low = high + 1
        elif reached is not None:
            low = reached + 1
        else:
            following = _next_from(db, table, low, last)
            if following is None or following[1] <= high:
                break  # nothing SQLite can reach from here on
            found.lost = found.lost or following[0] > low  # a page that reads as nothing
            low, reach = following


def _next_from(
    db: sqlite3.Connection, table: str, low: int, last: int | None
) -> tuple[int, int] | None:
    """The next row SQLite can reach from ``low`` on, and the smallest start from which a
    range reads on to it (a damaged page before it reads as nothing); None if there is
    none. The row is found by single rows further and further on."""
    miss, hit, step = low - 1, None, 1
    probe = low
    while last is None or probe <= last:
        if _reads(db, table, probe, probe):
            hit = probe
            break
        if step > MOST_ROWIDS:
            return None
        miss, probe, step = probe, low + step, step * 2
    if hit is None:
        if last is None or miss >= last or not _reads(db, table, last, last):
            return None
        hit = last
    below, above = miss + 1, hit
    while below < above:
        middle = (below + above) // 2
        if _reads(db, table, middle, hit):
            above = middle
        else:
            below = middle + 1
    return below, hit


def _reads(db: sqlite3.Connection, table: str, low: int, high: int) -> bool:
    """Whether a range from ``low`` reads on to the row at ``high``."""
    return _reached(db, table, low, high) == high


def _reached(db: sqlite3.Connection, table: str, low: int, high: int) -> int | None:
    """The last rowid a range from ``low`` to ``high`` reads on to, whatever row it is (None:
    none, or SQLite cannot read the range)."""
    try:
        row = db.execute(
            f"SELECT max(rowid) FROM (SELECT rowid FROM {table} NOT INDEXED "
            "WHERE rowid BETWEEN ? AND ?)",
            (low, high),
        ).fetchone()
    except (sqlite3.Error, UnicodeDecodeError) as error:
        if not is_damage(error):
            raise
        return None
    return row[0] if row and isinstance(row[0], int) else None


def _ends(db: sqlite3.Connection, table: str) -> tuple[int | None, int | None]:
    """The smallest and largest rowid of ``table``, each None if SQLite cannot say."""
    ends: list[int | None] = []
    for end in ("min", "max"):
        try:
            row = db.execute(f"SELECT {end}(rowid) FROM {table}").fetchone()
            ends.append(int(row[0]) if row and isinstance(row[0], int) else None)
        except (sqlite3.Error, UnicodeDecodeError) as error:
            if not is_damage(error):
                raise
            ends.append(None)
    first, last = ends
    if first is not None and last is None:
        return first, None
    if first is None and last is not None:
        return 1, last
    return first, last
