"""The action pad's logic with no hardware in it: debounce, holding Back, the line protocol.

main.py feeds a Pad each button's reading and the milliseconds since the last
step, and the bytes the host sent; the Pad answers with the lines to send and
what the LEDs show. Keeping it apart from the pins lets tests run it on any
computer (tests/hardware). Plain Python that MicroPython runs: no typing,
dataclasses or f-strings. The protocol is hardware/protocol.md.
"""

BUTTONS = ("attack", "defend", "feint", "maneuver", "back", "lock")
VERSION = "1"
MAX_LINE = 64
"""The longest line, newline included, either side sends; longer ones are dropped."""
SETTLE_MS = 20
"""How long a contact must read the same before it counts as still."""
HOLD_MS = 1000
"""How long Back is held down to become HOLD back (clear the script)."""


class Contact:
    """One button, debounced.

    A press counts at once if the contact had been still (released) for
    SETTLE_MS, so pressing costs no latency; a release counts once the contact
    has read released for SETTLE_MS, so the bounces of a press never end it.
    """

    def __init__(self, settle_ms=SETTLE_MS):
        self.down = False
        self._settle_ms = settle_ms
        self._reading = False
        self._steady_ms = settle_ms

    def feed(self, reading, elapsed_ms):
        """Take a reading (True: pressed); return True on a press, False on a release, or None."""
        if reading != self._reading:
            was_still = self._steady_ms >= self._settle_ms
            self._reading = reading
            self._steady_ms = 0
            if reading and not self.down and was_still:
                self.down = True
                return True
            return None
        self._steady_ms += elapsed_ms
        if not reading and self.down and self._steady_ms >= self._settle_ms:
            self.down = False
            return False
        return None


class Pad:
    """A whole action pad: six contacts, Back's hold, the LEDs' state and the host's lines."""

    def __init__(self, role, settle_ms=SETTLE_MS, hold_ms=HOLD_MS):
        self.role = role
        self.filled = 0
        self.locked = False
        self.ignored = 0
        """Lines from the host that were not the protocol's."""
        self._contacts = {}
        for name in BUTTONS:
            self._contacts[name] = Contact(settle_ms)
        self._hold_ms = hold_ms
        self._back_ms = 0
        self._held = False
        self._line = bytearray()
        self._overlong = False

    def hello(self):
        return "HELLO " + self.role + " " + VERSION

    def step(self, readings, elapsed_ms):
        """The lines to send, given each button's reading by name (True: pressed)."""
        out = []
        for name in BUTTONS:
            change = self._contacts[name].feed(readings[name], elapsed_ms)
            if name == "back":
                out.extend(self._back(change, elapsed_ms))
            elif change:
                out.append("PRESS " + name)
        return out

    def _back(self, change, elapsed_ms):
        """Back reports on release, or as HOLD back once held long enough: never both."""
        if change is True:
            self._back_ms = 0
            self._held = False
        elif change is False:
            return [] if self._held else ["PRESS back"]
        elif self._contacts["back"].down and not self._held:
            self._back_ms += elapsed_ms
            if self._back_ms >= self._hold_ms:
                self._held = True
                return ["HOLD back"]
        return []

    def receive(self, data):
        """The lines to send in answer to the bytes ``data`` from the host."""
        out = []
        for byte in data:
            if byte == 10:
                out.extend(self._answer())
            elif not self._overlong:
                self._line.append(byte)
                if len(self._line) >= MAX_LINE:
                    self._overlong = True
        return out

    def _answer(self):
        line, overlong = bytes(self._line), self._overlong
        self._line = bytearray()
        self._overlong = False
        if line.endswith(b"\r"):  # a CR LF ending; any other CR, tab or space is the line's
            line = line[:-1]
        words = [] if overlong else line.split(b" ")
        if words == [b"HELLO?"]:
            return [self.hello()]
        if _is_leds(words):
            self.filled = int(words[1])
            self.locked = words[2] == b"1"
            return []
        self.ignored += 1
        return []

    def slots(self, count):
        """Which of ``count`` slot LEDs are lit: the first ``filled``."""
        return [index < self.filled for index in range(count)]


def _is_leds(words):
    """Whether ``words`` are ``LEDS <filled 0-9> <locked 0|1>``."""
    if len(words) != 3 or words[0] != b"LEDS":
        return False
    filled, locked = words[1], words[2]
    return len(filled) == 1 and filled in b"0123456789" and locked in (b"0", b"1")
