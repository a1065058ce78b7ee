"""The JSON form of commands and events: ``{"type": kind, **fields}``.

msgspec checks every field against the class's annotations, so a bad
script line fails with a message naming the field instead of a stack trace
deep inside the rules.
"""

from __future__ import annotations

import itertools
import json
import re
import types
import typing
from collections.abc import Iterable, Iterator, Mapping
from typing import Annotated, Any, Literal, TypeVar

import msgspec

from tablekit.rules.errors import Refusal
from tablekit.rules.game import Command, Event

T = TypeVar("T", Command, Event)


class CommandError(Refusal):
    """A command or event that is not well formed (unknown type, bad field)."""


def registry(classes: Iterable[type[T]]) -> dict[str, type[T]]:
    """Map each class's ``kind`` to the class, refusing duplicates."""
    found: dict[str, type[T]] = {}
    for cls in classes:
        if not cls.kind or cls.kind in found:
            raise ValueError(f"{cls.__name__} needs a unique kind, has {cls.kind!r}")
        found[cls.kind] = cls
    return found


def to_json(value: Command | Event) -> dict[str, Any]:
    """The JSON-ready dict of a command or event, with every one of its fields.

    msgspec leaves a field that a line left out at its class default without setting it
    on the object, and writes only the fields set, so a stored line may lack one (an
    ``mg.script`` without ``actor``). Whoever reads this dict (the secrecy projection, a
    script) finds each field all the same, for a line stored so long ago as for a new one.
    """
    fields = msgspec.to_builtins(value, enc_hook=plain_text)
    assert isinstance(fields, dict)
    declared = field_names(type(value))
    if len(fields) < len(declared):  # in the class's order, as a line built in code has them
        fields = {name: _field_json(value, name, fields) for name in declared}
    return {"type": value.kind, **fields}


def field_names(cls: type) -> tuple[str, ...]:
    """The names of a command's or event's fields in order, whether the class is a frozen
    msgspec ``Struct`` or a dataclass (see :class:`~tablekit.rules.game.Command`)."""
    names: tuple[str, ...] | None = getattr(cls, "__struct_fields__", None)
    if names is not None:
        return names
    import dataclasses  # loaded already by the games made of dataclasses, the only ones here

    return tuple(field.name for field in dataclasses.fields(cls))


def _field_json(value: Command | Event, name: str, given: dict[str, Any]) -> Any:
    """The JSON form of ``value``'s field ``name``: as ``given`` holds it, else its default."""
    if name in given:
        return given[name]
    return msgspec.to_builtins(getattr(value, name), enc_hook=plain_text)


def plain_text(value: object) -> object:
    """msgspec's hook: text of a str subclass (a rules Phrase, say) is stored as plain text."""
    if isinstance(value, str):
        return str(value)
    raise NotImplementedError(f"cannot store a {type(value).__name__}")


_ENCODER = msgspec.json.Encoder(enc_hook=plain_text)

_HEADS: dict[type, bytes] = {}
"""The start of each class's JSON line, ``{"type":`` and its kind."""


def _line(value: Command | Event) -> bytes:
    """``{"type": kind, **fields}`` in UTF-8, the fields in the class's order: msgspec encodes
    the value itself, and the kind goes in front, without building a dict between."""
    body = _ENCODER.encode(value)
    head = _HEADS.get(type(value))
    if head is None:
        head = _HEADS[type(value)] = b'{"type":' + _ENCODER.encode(value.kind)
    return head + (b"}" if body == b"{}" else b"," + body[1:])


def dumps(value: Command | Event) -> str:
    """One compact JSON line, as the journal stores a command."""
    return _line(value).decode()


def dumps_all(values: Iterable[Command | Event]) -> str:
    """A compact JSON list of ``values``, as the journal stores a step's events.

    msgspec writes it in a fraction of the time ``json.dumps`` took, without the spaces
    after commas and colons, and every reader parses either; a step written before keeps
    its text, which its checksum covers.
    """
    return (b"[" + b",".join([_line(value) for value in values]) + b"]").decode()


LINE_LIMIT = 64 * 1024
"""The most characters one script line may hold: a whole sheet fits many times over, and a
line is read at most this far, so a line without an end cannot fill the memory."""

ID_LENGTH = 64
"""The longest command id a script may send: printable ASCII, so it can be logged as is."""


def split_id(data: object) -> tuple[object, str | None]:
    """A command's JSON (text or dict) without its optional ``"id"``, and that id.

    The id is the script's name for one line, so a line resent after a lost
    answer is recognised; it is not part of the command the rules see.
    """
    data = _loads(data)
    if not isinstance(data, dict) or "id" not in data:
        return data, None
    fields = dict(data)
    given = fields.pop("id")
    if (
        not isinstance(given, str)
        or not 0 < len(given) <= ID_LENGTH
        or not given.isascii()
        or not given.isprintable()
    ):
        raise CommandError(f'"id" must be 1 to {ID_LENGTH} printable ASCII characters')
    return fields, given


def _loads(data: object) -> object:
    if isinstance(data, str | bytes):
        try:  # a line's own newline would move an error at its end to "column 1" of the next
            return json.loads(data.rstrip())
        except json.JSONDecodeError as error:
            raise CommandError(f"not valid JSON: {error.msg} at column {error.colno}") from None
        except (ValueError, RecursionError):
            raise CommandError("not valid JSON: a number too long or nesting too deep") from None
    return data


def from_json(data: object, known: Mapping[str, type[T]], stored: bool = False) -> T:
    """Build the command or event that ``data`` (a dict or a JSON text) describes.

    ``stored`` data was read back from the journal, where only text that
    passed this check was ever written, so its text is not checked again:
    replaying a session decodes every event it folds.
    """
    data = _loads(data)
    if not stored:
        _check_text(data)
    if not isinstance(data, dict):
        raise CommandError('expected a JSON object like {"type": "undo"}')
    fields = dict(data)
    kind = fields.pop("type", None)
    if not isinstance(kind, str):
        raise CommandError('missing "type": say which command this is')
    cls = known.get(kind)
    if cls is None:
        raise CommandError(f"unknown type {kind!r}; known types: {', '.join(sorted(known))}")
    allowed = set(field_names(cls))
    extra = sorted(set(fields) - allowed)
    if extra:
        raise CommandError(
            f"{kind}: unknown field {extra[0]!r}; fields: {', '.join(sorted(allowed))}"
        )
    try:
        return msgspec.convert(fields, type=cls)
    except msgspec.ValidationError as error:
        raise CommandError(f"{kind}: {_readable(str(error), fields, cls)}") from None


def check(value: Command) -> None:
    """Hold a command built in code (a touch form, a pad) to its schema, as a JSON line is.

    The type, range and length of each field are declared once, on the command's
    class (``msgspec.Meta``); every command, whatever made it, meets them here.
    """
    checked_line(value)


def checked_line(value: Command) -> str:
    """``check`` the command, and return its JSON line as ``dumps`` writes it: the session
    does both for every command.

    The common case takes one encode and one typed decode of the line, in msgspec's C
    code: a line whose bytes hold no escape (a control character, a quote or a
    backslash), no DEL or C1 control, and that the command's own decoder reads back as the
    same command, has nothing the full check below would refuse. Anything else takes the
    full check, which says what is wrong.
    """
    return _plain_line(value) or _checked_in_full(value)


def _checked_in_full(value: Command) -> str:
    """The full check of ``checked_line``, which says what is wrong with a line."""
    data = msgspec.to_builtins(value, enc_hook=plain_text)
    _check_text(data)
    try:
        msgspec.convert(data, type=type(value))
    except msgspec.ValidationError as error:
        raise CommandError(f"{value.kind}: {_readable(str(error), data, type(value))}") from None
    return _ENCODER.encode({"type": value.kind, **data}).decode()


_DECODERS: dict[type, msgspec.json.Decoder[Any]] = {}
"""Each command class's own decoder, which holds a line to the class's schema."""

_PASSED: dict[bytes, Command] = {}
"""Lines that passed :func:`_plain_line`, each with the command its decoder read from it: a
tap the table repeats (a cheese, the next turn) is not decoded again. A line is the same
bytes every time, so it passes again exactly when its command is of the same class and
equal to the one read; at most ``PASSED_BYTES`` of lines, each at most ``PASSED_LINE``."""

PASSED_LINE = 256
PASSED_BYTES = 64 * 1024
"""The caps of :data:`_PASSED`, by bytes of the lines kept (their commands, read from them,
take about as much again): it is emptied when it would hold more."""

_passed_bytes = 0


def _plain_line(value: Command) -> str | None:
    """The command's JSON line if it plainly meets its schema, else None (to check in full).

    Plain means that the UTF-8 bytes hold no backslash (the encoder escapes every control
    character, a quote and a backslash), no DEL and no character from U+0080 to U+00BF,
    among which are the C1 controls, and the line, read back by the command's own
    decoder, is the command again (a dict key 7 is written as "7", which the schema's
    str keys would take). A command's typed fields bound how deep it nests.
    """
    try:
        line = _line(value)
    except (UnicodeEncodeError, NotImplementedError, TypeError, ValueError, RecursionError):
        return None  # a lone surrogate, or a value JSON cannot hold: said by the full check
    read = _PASSED.get(line)
    if read is not None and type(read) is type(value) and read == value:
        return line.decode()
    if b"\\" in line or b"\x7f" in line or b"\xc2" in line:
        return None
    decoder = _DECODERS.get(type(value))
    if decoder is None:
        decoder = _DECODERS[type(value)] = msgspec.json.Decoder(type(value))
    try:  # the "type" key is not a field: the decoder passes it over
        read = decoder.decode(line)
    except msgspec.ValidationError:
        return None
    if read != value:  # a key 7 written as "7", say
        return None
    _keep(line, read)
    return line.decode()


def _keep(line: bytes, read: Command) -> None:
    """Note that ``line`` passed, read as ``read`` (see :data:`_PASSED`)."""
    global _passed_bytes
    if len(line) > PASSED_LINE:
        return
    if _passed_bytes + len(line) > PASSED_BYTES:
        _PASSED.clear()
        _passed_bytes = 0
    _PASSED[line] = read
    _passed_bytes += len(line)


NESTING = 256
"""The deepest a line's lists and objects may nest: a command's schema nests a few levels;
a line nested deeper is refused here, before anything walks it."""

_REFUSED = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
"""A control character (Unicode category Cc: U+0000-U+001F, U+007F-U+009F) or a surrogate
code point, which UTF-8 cannot store (a character past U+FFFF is one code point in Python)."""

_SURROGATE = re.compile("[\ud800-\udfff]")


def _check_text(data: object) -> None:
    """Refuse text that cannot be stored as UTF-8 (lone surrogates from bad bytes), and
    control characters (a newline in a name would split every one-line message about it).

    One regular expression over every text at once: the check runs on every command."""
    text = _texts(data)
    bad = _REFUSED.search(text)
    if bad is None:
        return
    if _SURROGATE.search(text, bad.start()):  # said first, wherever it is
        raise CommandError("the line holds characters that are not valid UTF-8 text")
    raise CommandError(
        f"a text holds the control character U+{ord(bad.group()):04X}; "
        "texts are one line, printable"
    )


def _texts(data: object) -> str:
    """Every text (keys and values) in ``data``, in order, joined; CommandError if ``data``
    nests deeper than :data:`NESTING` (walked without recursion, so any depth is said so)."""
    if isinstance(data, str):
        return data
    if not isinstance(data, dict | list | tuple):
        return ""
    found: list[str] = []
    walks: list[Iterator[object]] = [_parts(data)]  # one per container being read, innermost last
    while walks:
        for item in walks[-1]:
            if isinstance(item, str):
                found.append(item)
            elif isinstance(item, dict | list | tuple):
                if len(walks) >= NESTING:
                    raise CommandError("the line nests too deep")
                walks.append(_parts(item))
                break
        else:
            walks.pop()
    return "".join(found)


def _parts(container: dict[object, object] | list[object] | tuple[object, ...]) -> Iterator[object]:
    """A container's keys and values in order, or its items."""
    if isinstance(container, dict):
        return itertools.chain.from_iterable(container.items())
    return iter(container)


def _readable(message: str, data: object, cls: type) -> str:
    """msgspec says "Expected `int` >= 1 - at `$.groups[0].count`"; say it plainly,
    with the value given: "groups[0].count: Expected int >= 1 (given -3)". A bad key of a
    dict is said as such, with the dict: "traits (a key): Expected str of length >= 1".
    A choice outside its list names the list: "mode: Invalid enum value 'fog' (allowed:
    cautious, broke)"."""
    text, key, where = message.partition(" - at `key` in `$.")
    if not key:
        text, _, where = message.partition(" - at `$.")
    text = text.replace("`", "")
    if not where:
        return text
    path = where.rstrip("`")
    given = _value_at(data, path)
    said = f"{path}{' (a key)' if key else ''}: {text}" + (f" (given {given})" if given else "")
    choices = _choices_at(cls, path) if text.startswith("Invalid enum value") else ()
    return said + (f" (allowed: {', '.join(choices)})" if choices else "")


def _choices_at(cls: type, path: str) -> tuple[str, ...]:
    """The values a ``Literal`` field at ``path`` of ``cls`` allows; () if it is none."""
    hint: Any = cls
    for step in re.findall(r"[^.\[\]]+|\[\d+\]", path):
        hint = _bare(hint)
        if step.startswith("["):
            items = [a for a in typing.get_args(hint) if a is not Ellipsis]
            hint = items[0] if len(items) == 1 else Any
        else:
            try:
                hint = typing.get_type_hints(hint, include_extras=True).get(step, Any)
            except (TypeError, NameError):
                return ()
    hint = _bare(hint)
    if typing.get_origin(hint) is Literal:
        return tuple(str(value) for value in typing.get_args(hint))
    return ()


def _bare(hint: Any) -> Any:
    """``hint`` without ``Annotated`` constraints or ``| None``."""
    while typing.get_origin(hint) is Annotated:
        hint = typing.get_args(hint)[0]
    options = [a for a in typing.get_args(hint) if a is not type(None)]
    if typing.get_origin(hint) in (types.UnionType, typing.Union) and len(options) == 1:
        return _bare(options[0])
    return hint


def _value_at(data: object, path: str) -> str:
    """The value at ``path`` (``a[0].b``) in ``data``, shortened for a one-line message."""
    for step in re.findall(r"[^.\[\]]+|\[\d+\]", path):
        if step.startswith("[") and isinstance(data, list | tuple) and int(step[1:-1]) < len(data):
            data = data[int(step[1:-1])]
        elif isinstance(data, dict) and step in data:
            data = data[step]
        else:
            return ""
    text = json.dumps(data, ensure_ascii=False, default=repr, skipkeys=True)
    return text if len(text) <= 40 else text[:37] + "..."
