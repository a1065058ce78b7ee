"""A stand-in for systemd's notify socket, run inside the rehearsal root.

Binds a unix datagram socket at ARGV[1] that anyone may send to (the app runs as
the kiosk user), and appends each message it receives to ARGV[2] as one JSON
line with the wall-clock time it came. It runs until it is killed.
"""

import json
import os
import socket
import sys
import time


def main() -> None:
    path, out = sys.argv[1], sys.argv[2]
    if os.path.exists(path):
        os.unlink(path)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(path)
    os.chmod(path, 0o666)
    with open(out, "a", encoding="utf-8") as log:
        print("listening", flush=True)
        while True:
            data = listener.recv(65536)
            text = data.decode("utf-8", errors="replace")
            log.write(json.dumps({"time": time.time(), "message": text}) + "\n")
            log.flush()


if __name__ == "__main__":
    main()
