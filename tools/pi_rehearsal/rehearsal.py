"""`make pi-rehearsal`: the real Pi installer on an emulated arm64 Debian bookworm root.

Runs as root on a Debian (or Ubuntu) host with debootstrap, qemu-user-static,
equivs and dpkg-dev. It builds (once, then cached) an arm64 bookworm root that
has what a Raspberry Pi OS Lite image has and the installer relies on, gives it
empty stand-ins for the three Pi-only apt packages from a local apt source, and
then, for Pi OS Lite and for the desktop image, each on a fresh copy of the root:

  install   systemd/install-pi.sh as root, as `sudo` would run it
  doctor    tablekit doctor as the kiosk user, with no TABLEKIT_* variables
  script    a few Mice and Mystics lines, then tablekit state
  app       tablekit run for 30 s (dummy SDL drivers) against a notify socket
  uninstall install-pi.sh --uninstall, then a diff against the snapshot taken
            before the install, then apt-get autoremove and the diff again

and prints a table of the steps. Exit status 0 only when every step passed.
See docs/pi-rehearsal.md for what this proves and what only a real Pi proves.

Environment: TABLEKIT_REHEARSAL_CACHE (default /var/cache/tablekit-rehearsal),
TABLEKIT_REHEARSAL_MIRROR (default http://deb.debian.org/debian, used by
debootstrap), TABLEKIT_REHEARSAL_APP_SECONDS (default 30).
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import os
import platform
import re
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parent.parent
CACHE = Path(os.environ.get("TABLEKIT_REHEARSAL_CACHE", "/var/cache/tablekit-rehearsal"))
MIRROR = os.environ.get("TABLEKIT_REHEARSAL_MIRROR", "http://deb.debian.org/debian")
APP_SECONDS = float(os.environ.get("TABLEKIT_REHEARSAL_APP_SECONDS", "30"))
SUITE = "bookworm"

BASE_VERSION = "1"
"""Bumped when the base root's recipe changes, so a cached one is built again."""
BASE_MAX_AGE_DAYS = 7
"""A cached base older than this is brought up to date (apt full-upgrade) before use."""

# What a Pi OS Lite image has that the installer relies on (debootstrap's default
# variant already brings apt, passwd, util-linux and the like).
BASE_PACKAGES = ["python3", "ca-certificates", "sudo", "udev", "systemd", "systemd-sysv", "dbus"]
# Pi OS has these groups; plain Debian lacks them, so the base root gets them.
PI_OS_EXTRA_GROUPS = ["gpio", "i2c", "spi"]
# Pi OS's first user is in these groups (those that exist are used).
PI_USER_GROUPS = [
    "adm", "dialout", "cdrom", "sudo", "audio", "video", "plugdev", "games", "users",
    "input", "render", "netdev", "gpio", "i2c", "spi",
]  # fmt: skip

HOST_TOOLS = {  # command: the apt package that has it
    "debootstrap": "debootstrap",
    "qemu-aarch64-static": "qemu-user-static",
    "equivs-build": "equivs",
    "dpkg-scanpackages": "dpkg-dev",
    "dpkg-deb": "dpkg",
    "chroot": "coreutils",
    "mount": "mount",
    "umount": "mount",
    "git": "git",
}

# The Pi-only apt packages, as empty stand-ins (Raspberry Pi's apt repository has the real ones).
STANDINS = {
    "python3-libcamera": {"Architecture": "arm64", "Depends": ""},
    "python3-lgpio": {"Architecture": "arm64", "Depends": ""},
    "python3-picamera2": {"Architecture": "all", "Depends": "python3-numpy, python3-libcamera"},
}
STANDIN_REPO = "/srv/raspi-standins"
"""Where the stand-ins' apt source lies in the root: outside the folders that are compared."""

# The doctor's checks that look at hardware a chroot does not have: recorded, never failed.
HARDWARE_CHECKS = {"display", "card", "input", "pads", "camera"}

# What the file snapshot walks, and what it leaves out and why.
SNAPSHOT_TREES = ["etc", "opt", "var/lib", "usr/local", "home"]
SNAPSHOT_IGNORED = {
    "var/lib/apt/lists": "apt's downloaded indexes: refreshed by the installer's apt-get update",
    "var/lib/dpkg": "dpkg's own database: what it says is compared as the package list instead",
}
KEPT = ["etc/tablekit", "var/lib/tablekit"]
"""What --uninstall keeps on purpose (README): the settings and the sessions, chowned to root."""

ROOT_ENV = {  # what `sudo` leaves a command run from the first user's shell
    "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
    "HOME": "/root",
    "USER": "root",
    "LOGNAME": "root",
    "SHELL": "/bin/bash",
    "LANG": "C.UTF-8",
    "TERM": "dumb",
    "SUDO_USER": "pi",
    "SUDO_UID": "1000",
    "SUDO_GID": "1000",
    "DEBIAN_FRONTEND": "noninteractive",
}
USER_PATH = "/usr/local/bin:/usr/bin:/bin"


class Failed(Exception):
    """A step failed; the message says why (the step's output file has the rest)."""


class Interrupted(BaseException):
    """Ctrl+C or a termination signal: clean up and stop."""


# --------------------------------------------------------------------------- the log


@dataclass
class Step:
    name: str
    out: Path
    """Where the step's commands write their output."""
    ok: bool = False
    seconds: float = 0.0
    note: str = ""


@dataclass
class Report:
    folder: Path
    steps: list[Step] = field(default_factory=list)
    sections: list[tuple[str, str]] = field(default_factory=list)

    def output(self, name: str) -> Path:
        """The file a step's commands write their output to."""
        return self.folder / (re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") + ".log")

    @contextlib.contextmanager
    def step(self, name: str) -> Iterator[Step]:
        record = Step(name, self.output(name))
        self.steps.append(record)
        start = time.monotonic()
        print(f"== {name} (output: {record.out})", flush=True)
        try:
            yield record
            record.ok = True
        except Failed as error:
            record.note = record.note or str(error).splitlines()[0][:100]
            print(f"   FAILED: {error}", flush=True)
        except (KeyboardInterrupt, Interrupted):
            record.note = "interrupted"
            raise
        except Exception as error:  # a bug here, or a file the installer did not write
            record.note = f"{type(error).__name__}: {error}"[:100]
            with record.out.open("a", encoding="utf-8") as log:
                log.write(traceback.format_exc())
            print(f"   FAILED: {traceback.format_exc()}", flush=True)
        finally:
            record.seconds = time.monotonic() - start
            print(f"   {'ok' if record.ok else 'FAILED'} in {record.seconds:.0f} s", flush=True)

    def section(self, title: str, text: str) -> None:
        self.sections.append((title, text))
        print(f"\n---- {title}\n{text}", flush=True)

    def table(self) -> str:
        width = max([len(s.name) for s in self.steps] + [4])
        lines = [f"{'step':{width}}  result  seconds  note", "-" * (width + 32)]
        for s in self.steps:
            result = "ok" if s.ok else "FAILED"
            lines.append(f"{s.name:{width}}  {result:6}  {s.seconds:7.0f}  {s.note}".rstrip())
        return "\n".join(lines)

    def write(self) -> Path:
        log = self.folder / "rehearsal.log"
        parts = [f"tablekit pi-rehearsal, {datetime.datetime.now():%Y-%m-%d %H:%M}", self.table()]
        parts += [f"---- {title}\n{text}" for title, text in self.sections]
        log.write_text("\n\n".join(parts) + "\n", encoding="utf-8")
        return log


# --------------------------------------------------------------------------- commands


def run(
    argv: list[str],
    out: Path,
    *,
    timeout: float = 3600,
    check: bool = True,
    input_text: str | None = None,
) -> tuple[int, str]:
    """Run ``argv``, appending its output to ``out``; its exit status and output.

    With ``check``, a non-zero status is a :class:`Failed` that quotes the command and
    the last lines it printed.
    """
    with out.open("a", encoding="utf-8") as log:
        log.write(f"\n$ {shlex.join(argv)}\n")
        log.flush()
        start = out.stat().st_size
        try:  # straight into the file, so that `tail -f` follows a long step
            code = subprocess.run(
                argv,
                input=input_text,
                stdin=None if input_text is not None else subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                text=True,
                timeout=timeout,
                check=False,
            ).returncode
        except subprocess.TimeoutExpired:
            code = 124
            log.write(f"\n(timed out after {timeout:.0f} s)\n")
        log.flush()
    with out.open("rb") as written:
        written.seek(start)
        text = written.read().decode("utf-8", errors="replace")
    with out.open("a", encoding="utf-8") as log:
        log.write(f"(exit status {code})\n")
    if check and code != 0:
        said = [line.strip() for line in text.splitlines() if line.strip()]
        command = inner(argv)
        short = shlex.join([Path(command[0]).name, *command[1:3]])
        raise Failed(
            f"{short} exited {code}: {said[-1] if said else '(no output)'}\n"
            f"  command: {shlex.join(argv)}\n{tail(text)}"
        )
    return code, text


def inner(argv: list[str]) -> list[str]:
    """The command itself, without the chroot, setpriv and env words of :func:`in_root`."""
    if argv[:1] != ["chroot"]:
        return argv
    rest = argv[2:]
    while rest and (
        rest[0] in ("/usr/bin/setpriv", "/usr/bin/env", "-i")
        or rest[0].startswith("--")
        or re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", rest[0])
    ):
        rest = rest[1:]
    return rest


def tail(text: str, lines: int = 25) -> str:
    return "\n".join("    " + line for line in text.rstrip().splitlines()[-lines:])


def in_root(
    root: Path,
    argv: list[str],
    env: dict[str, str] | None = None,
    user: str | None = None,
    cwd: str | None = None,
) -> list[str]:
    """The command line that runs ``argv`` inside ``root``: as ``user`` (with that user's
    groups, through setpriv) or as root, with exactly ``env`` and in ``cwd``."""
    command = ["chroot", str(root)]
    if user is not None:
        command += ["/usr/bin/setpriv", f"--reuid={user}", f"--regid={user}", "--init-groups"]
    command += ["/usr/bin/env", "-i"]
    if cwd is not None:
        command += [f"--chdir={cwd}"]
    command += [f"{k}={v}" for k, v in (ROOT_ENV if env is None else env).items()]
    return command + argv


# --------------------------------------------------------------------------- host state


@dataclass
class Host:
    """Everything this run changed on the host, so that :meth:`restore` can undo it."""

    mounted_binfmt: bool = False
    registered: Path | None = None
    enabled: Path | None = None
    mounts: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def mount(self, argv: list[str], target: Path, out: Path) -> None:
        target.mkdir(parents=True, exist_ok=True)
        run(["mount", *argv, str(target)], out)
        self.mounts.append(target)

    def unmount_all(self, under: Path | None = None) -> list[str]:
        """Unmount what this run mounted (under ``under`` only, if given), newest first,
        then anything still mounted below the cache (debootstrap's own mounts); the
        problems met, if any."""
        problems = []
        keep = []
        for target in reversed(self.mounts):
            if under is not None and not is_below(target, under):
                keep.append(target)
                continue
            problems += unmount(target)
        self.mounts = list(reversed(keep))
        for target in mounts_below(CACHE if under is None else under):
            problems += unmount(target)
        return problems

    def restore(self) -> list[str]:
        problems = []
        stop_processes_below(CACHE)
        problems += self.unmount_all()
        if self.enabled is not None:
            with contextlib.suppress(OSError):
                self.enabled.write_text("0")
            self.notes.append(f"disabled {self.enabled} again")
        if self.registered is not None:
            try:
                self.registered.write_text("-1")
                self.notes.append(f"unregistered {self.registered.name} again")
            except OSError as error:
                problems.append(f"could not unregister {self.registered}: {error}")
        if self.mounted_binfmt:
            code = subprocess.run(["umount", str(BINFMT)], check=False).returncode
            if code == 0:
                self.notes.append(f"unmounted {BINFMT} again")
            else:
                problems.append(f"could not unmount {BINFMT}")
        return problems


def is_below(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def mounts_below(folder: Path) -> list[Path]:
    """Mount points at or below ``folder``, deepest first."""
    found = []
    with open("/proc/self/mounts", encoding="utf-8") as mounts:
        for line in mounts:
            point = Path(line.split()[1].encode().decode("unicode_escape"))
            if is_below(point, folder.resolve()):
                found.append(point)
    return sorted(found, key=lambda p: len(p.parts), reverse=True)


def unmount(target: Path) -> list[str]:
    if subprocess.run(["umount", str(target)], check=False).returncode == 0:
        return []
    stop_processes_below(CACHE)
    if subprocess.run(["umount", str(target)], check=False).returncode == 0:
        return []
    # Busy even with nothing of ours left in it: detach it, so the host keeps no trace.
    if subprocess.run(["umount", "--lazy", str(target)], check=False).returncode == 0:
        return [f"{target} was busy: unmounted lazily"]
    return [f"could not unmount {target}"]


def stop_processes_below(folder: Path) -> None:
    """End the processes that run inside a root under ``folder`` (all started by this run)."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        pids = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit() or int(entry.name) == os.getpid():
                continue
            with contextlib.suppress(OSError):
                if is_below(Path(os.readlink(entry / "root")), folder.resolve()):
                    pids.append(int(entry.name))
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, sig)
        if not pids:
            return
        time.sleep(2)


BINFMT = Path("/proc/sys/fs/binfmt_misc")
BINFMT_CONF = Path("/usr/lib/binfmt.d/qemu-aarch64.conf")  # from qemu-user-static


def host_checks() -> None:
    if os.geteuid() != 0:
        sys.exit(
            "pi-rehearsal: run it as root (sudo make pi-rehearsal): it runs debootstrap, "
            "mounts /proc, /sys and /dev into a chroot and registers qemu with binfmt_misc."
        )
    missing = sorted({pkg for tool, pkg in HOST_TOOLS.items() if shutil.which(tool) is None})
    if platform.machine() != "aarch64" and not BINFMT_CONF.exists():
        missing.append("qemu-user-static")
    if missing:
        sys.exit(
            "pi-rehearsal: missing host tools; install them with:\n"
            f"  apt-get install {' '.join(sorted(set(missing)))}"
        )


def emulation(host: Host, out: Path) -> str:
    """Make arm64 programs run here: binfmt_misc mounted and qemu-aarch64 registered."""
    if platform.machine() == "aarch64":
        return "native arm64 host: no emulation needed"
    if not (BINFMT / "register").exists():
        run(["mount", "-t", "binfmt_misc", "binfmt_misc", str(BINFMT)], out)
        host.mounted_binfmt = True
    line = next(
        text
        for text in BINFMT_CONF.read_text().splitlines()
        if text.startswith(":") and not text.startswith("#")
    )
    name = line.split(":")[1]
    entry = BINFMT / name
    if not entry.exists():
        # The F flag (in qemu-user-static's line) opens the interpreter now, so it
        # works inside a chroot that does not have it.
        (BINFMT / "register").write_text(line)
        host.registered = entry
    elif entry.read_text().splitlines()[0] != "enabled":
        entry.write_text("1")
        host.enabled = entry
    first = entry.read_text().splitlines()
    if first[0] != "enabled":
        raise Failed(f"{entry} is not enabled: {first}")
    done = []
    if host.mounted_binfmt:
        done.append("mounted binfmt_misc")
    done.append(f"registered {name}" if host.registered else f"{name} was registered already")
    return ", ".join(done)


# --------------------------------------------------------------------------- the base root


def base_stamp() -> dict[str, str]:
    try:
        data = json.loads((CACHE / "base.json").read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def base_root(host: Host, out: Path, rebuild: bool) -> str:
    """The pristine root in CACHE/base: built with debootstrap the first time (and with
    --rebuild), brought up to date when older than BASE_MAX_AGE_DAYS."""
    base = CACHE / "base"
    stamp = base_stamp()
    if not rebuild and stamp.get("version") == BASE_VERSION and base.is_dir():
        age = time.time() - float(stamp.get("updated", "0"))
        if age < BASE_MAX_AGE_DAYS * 86400:
            return f"cached, from {stamp.get('built_on', '?')}"
        with mounted_root(host, base, out):
            run(in_root(base, ["apt-get", "update"]), out)
            run(in_root(base, ["apt-get", "-y", "full-upgrade"]), out)
            run(in_root(base, ["apt-get", "-y", "autoremove", "--purge"]), out)
            run(in_root(base, ["apt-get", "clean"]), out)
        stamp["updated"] = str(time.time())
        (CACHE / "base.json").write_text(json.dumps(stamp))
        return "cached, brought up to date"
    (CACHE / "base.json").unlink(missing_ok=True)
    remove_root(base)
    building = CACHE / "base.building"
    remove_root(building)
    run(
        [
            "debootstrap", "--arch=arm64", "--foreign",
            f"--include={','.join(BASE_PACKAGES)}", SUITE, str(building), MIRROR,
        ],
        out,
    )  # fmt: skip
    run(["chroot", str(building), "/debootstrap/debootstrap", "--second-stage"], out)
    host.unmount_all(building)  # the second stage may leave its /proc behind
    with mounted_root(host, building, out):
        apt_sources(building, out)
        run(in_root(building, ["apt-get", "update"]), out)
        run(in_root(building, ["apt-get", "-y", "full-upgrade"]), out)
        run(in_root(building, ["apt-get", "-y", "autoremove", "--purge"]), out)
        run(in_root(building, ["apt-get", "clean"]), out)
        pi_os_accounts(building, out)
    building.rename(base)
    today = f"{datetime.date.today()}"
    stamp = {"version": BASE_VERSION, "built_on": today, "updated": str(time.time())}
    (CACHE / "base.json").write_text(json.dumps(stamp))
    return "built with debootstrap"


def apt_sources(root: Path, out: Path) -> None:
    """The host's Debian archive sources (others are left out: they are for this
    host's architecture or need keys the root lacks); debootstrap's line otherwise."""
    lists = []
    host_list = Path("/etc/apt/sources.list")
    if host_list.exists():
        lists.append(host_list)
    lists += sorted(Path("/etc/apt/sources.list.d").glob("*.list"))
    lists += sorted(Path("/etc/apt/sources.list.d").glob("*.sources"))
    copied = []
    for source in lists:
        text = source.read_text()
        active = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
        if any("debian.org" in line for line in active) and not any(
            re.search(r"https?://", line) and "debian.org" not in line for line in active
        ):
            target = root / "etc/apt" / source.relative_to("/etc/apt")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text)
            copied.append(str(source))
    with out.open("a") as log:
        log.write(f"apt sources copied from the host: {copied or 'none'}\n")
    if copied and host_list not in [Path(c) for c in copied]:
        (root / "etc/apt/sources.list").unlink(missing_ok=True)


def pi_os_accounts(root: Path, out: Path) -> None:
    """Pi OS's groups that Debian lacks, and its first user `pi` with passwordless sudo."""
    groups = (root / "etc/group").read_text()
    for group in PI_OS_EXTRA_GROUPS:
        if not re.search(rf"^{group}:", groups, re.M):
            run(in_root(root, ["groupadd", "--system", group]), out)
    present = {line.split(":")[0] for line in (root / "etc/group").read_text().splitlines()}
    member_of = ",".join(g for g in PI_USER_GROUPS if g in present)
    run(
        in_root(root, ["useradd", "--create-home", "--shell", "/bin/bash", "--uid", "1000",
                       "--user-group", "--groups", member_of, "pi"]),
        out,
    )  # fmt: skip
    sudoers = root / "etc/sudoers.d/010_pi-nopasswd"
    sudoers.write_text("pi ALL=(ALL) NOPASSWD: ALL\n")
    sudoers.chmod(0o440)
    (root / "etc/hostname").write_text("raspberrypi\n")


def remove_root(root: Path) -> None:
    """Delete a root folder, never while anything is mounted below it."""
    if not root.exists():
        return
    if mounts_below(root):
        raise Failed(f"{root} still has mounts below it: {mounts_below(root)}; not deleting it")
    subprocess.run(["rm", "-rf", "--one-file-system", "--", str(root)], check=True)


@contextlib.contextmanager
def mounted_root(host: Host, root: Path, out: Path) -> Iterator[None]:
    """/proc, /sys, /dev, /dev/pts and a fresh /run in ``root``, unmounted on the way out,
    and the host's name server, so apt and pip reach the network."""
    try:
        host.mount(["-t", "proc", "proc"], root / "proc", out)
        host.mount(["-t", "sysfs", "sysfs"], root / "sys", out)
        host.mount(["--bind", "/dev"], root / "dev", out)
        host.mount(["--bind", "/dev/pts"], root / "dev/pts", out)
        host.mount(["-t", "tmpfs", "-o", "mode=0755", "tmpfs"], root / "run", out)
        resolv = root / "etc/resolv.conf"
        if resolv.is_symlink():
            resolv.unlink()
        resolv.write_text(Path("/etc/resolv.conf").read_text())
        yield
    finally:
        stop_processes_below(root)
        problems = host.unmount_all(root)
        if problems:
            raise Failed("; ".join(problems))


# --------------------------------------------------------------------------- stand-ins


def build_standins(out: Path) -> str:
    """Empty packages for the Pi-only apt packages, built with equivs, with a Packages index."""
    folder = CACHE / "standins"
    remove_root(folder)
    folder.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as work:
        for name, fields in STANDINS.items():
            control = [
                "Section: python",
                "Priority: optional",
                "Standards-Version: 4.6.2",
                f"Package: {name}",
                "Version: 0.0~rehearsal1",
                "Maintainer: tablekit pi-rehearsal <rehearsal@localhost>",
                f"Architecture: {fields['Architecture']}",
            ]
            if fields["Depends"]:
                control.append(f"Depends: {fields['Depends']}")
            control += [
                f"Description: stand-in for Raspberry Pi OS's {name}",
                " An empty package made by tablekit's pi-rehearsal, so that the installer's",
                " apt-get install finds it as it would on Raspberry Pi OS.",
            ]
            (Path(work) / name).write_text("\n".join(control) + "\n")
            argv = ["equivs-build"]
            if fields["Architecture"] != "all":
                argv.append(f"--arch={fields['Architecture']}")
            run_in(Path(work), [*argv, name], out)
        for deb in Path(work).glob("*.deb"):
            shutil.copy(deb, folder)
    index = run_in(folder, ["dpkg-scanpackages", "--multiversion", "."], out)
    (folder / "Packages").write_text(index)
    debs = sorted(p.name for p in folder.glob("*.deb"))
    if len(debs) != len(STANDINS):
        raise Failed(f"equivs built {debs}, not one of each of {list(STANDINS)}")
    return ", ".join(debs)


def run_in(folder: Path, argv: list[str], out: Path) -> str:
    """Run ``argv`` in ``folder``; its standard output (its standard error goes to ``out``)."""
    with out.open("a", encoding="utf-8") as log:
        log.write(f"\n$ (cd {folder} && {shlex.join(argv)})\n")
        log.flush()
        done = subprocess.run(
            argv, cwd=folder, stdout=subprocess.PIPE, stderr=log, text=True, check=False
        )
        log.write(done.stdout[-3000:])
    if done.returncode != 0:
        raise Failed(f"`{shlex.join(argv)}` exited {done.returncode} (see {out})")
    return done.stdout


# --------------------------------------------------------------------------- one rehearsal's root


def prepare(root: Path, out: Path) -> str:
    """What this host adds to a fresh copy of the base: its CA certificates and pip
    settings (so pip reaches PyPI from here), the stand-ins' apt source, and the checkout."""
    notes = []
    host_cas = Path("/usr/local/share/ca-certificates")
    cas = [p for p in host_cas.rglob("*.crt")] if host_cas.is_dir() else []
    if cas:
        for ca in cas:
            target = root / ca.relative_to("/")
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(ca, target)
        run(in_root(root, ["update-ca-certificates"]), out)
        notes.append(f"{len(cas)} host CA(s)")
    notes.append(pip_settings(root, out))
    repo = root / STANDIN_REPO.lstrip("/")
    shutil.copytree(CACHE / "standins", repo)
    (root / "etc/apt/sources.list.d/raspi.list").write_text(
        "# Stand-ins for Raspberry Pi's apt repository (tablekit pi-rehearsal)\n"
        f"deb [trusted=yes] file:{STANDIN_REPO} ./\n"
    )
    notes.append(f"checkout: {copy_checkout(root)} files")
    return "; ".join(notes)


def pip_settings(root: Path, out: Path) -> str:
    """The host's pip settings that make sense inside the root, as its /etc/pip.conf.

    Local folders of wheels and indexes, and a local constraints file, are this
    host's (and x86_64) and are left out; a certificate bundle path is kept (the
    root has the same bundle, with the host's CAs added by :func:`prepare`).
    """
    done = subprocess.run(
        [sys.executable, "-m", "pip", "config", "list"], capture_output=True, text=True, check=False
    )
    kept: dict[str, str] = {}
    dropped = []
    for line in done.stdout.splitlines():
        match = re.fullmatch(r"[^.]*\.([\w-]+)='(.*)'", line.strip())
        if not match:
            continue
        key, value = match.groups()
        key = "timeout" if key == "default-timeout" else key
        local = [v for v in value.split() if v.startswith(("file:", "/"))]
        if key in ("find-links", "constraint", "requirement") or (
            key in ("index-url", "extra-index-url") and local
        ):
            dropped.append(f"{key}={value}")
        elif key == "cert" and not (root / value.lstrip("/")).exists():
            dropped.append(f"{key}={value} (not in the root)")
        else:
            kept[key] = value
    text = "[global]\n" + "".join(f"{k} = {v}\n" for k, v in sorted(kept.items()))
    (root / "etc/pip.conf").write_text(text)
    with out.open("a", encoding="utf-8") as log:
        log.write(f"/etc/pip.conf in the root:\n{text}left out: {dropped}\n")
    return f"pip: {', '.join(sorted(kept)) or 'defaults'}"


def copy_checkout(root: Path) -> int:
    """What `git clone` gives the user (the tracked files, as they are now), as pi's."""
    target = root / "home/pi/tablekit"
    if target.exists():
        shutil.rmtree(target)
    listed = subprocess.run(
        ["git", "-C", str(CHECKOUT), "ls-files", "-z"], capture_output=True, check=True
    ).stdout.decode()
    count = 0
    for name in filter(None, listed.split("\0")):
        source, dest = CHECKOUT / name, target / name
        if not source.exists() and not source.is_symlink():
            continue  # deleted in the working tree
        dest.parent.mkdir(parents=True, exist_ok=True)
        if source.is_symlink():
            dest.symlink_to(os.readlink(source))
        else:
            shutil.copy2(source, dest)
        count += 1
    uid, gid = account(root, "pi")
    for folder, dirs, files in os.walk(target):
        for name in [folder, *(os.path.join(folder, n) for n in dirs + files)]:
            os.lchown(name, uid, gid)
    return count


def account(root: Path, user: str) -> tuple[int, int]:
    for line in (root / "etc/passwd").read_text().splitlines():
        fields = line.split(":")
        if fields[0] == user:
            return int(fields[2]), int(fields[3])
    raise Failed(f"no user {user} in the root")


@contextlib.contextmanager
def scenario_mounts(host: Host, root: Path, out: Path) -> Iterator[None]:
    """The chroot's mounts, plus caches of apt's and pip's downloads shared by the runs."""
    with mounted_root(host, root, out):
        host.mount(["-t", "tmpfs", "tmpfs"], root / "dev/shm", out)
        archives = CACHE / "downloads/apt-archives"
        (archives / "partial").mkdir(parents=True, exist_ok=True)
        host.mount(["--bind", str(archives)], root / "var/cache/apt/archives", out)
        (CACHE / "downloads/pip").mkdir(parents=True, exist_ok=True)
        host.mount(["--bind", str(CACHE / "downloads/pip")], root / "root/.cache/pip", out)
        yield


# --------------------------------------------------------------------------- snapshots and diffs


@dataclass
class Snapshot:
    lists: dict[str, list[str]]
    """apt's marks, the package list and the account files, one entry per line."""
    files: dict[str, str]
    """Each path under SNAPSHOT_TREES: its type and mode, owner:group and a link's target."""


def snapshot(root: Path, out: Path) -> Snapshot:
    lists = {}
    for name, argv in (
        ("apt-mark showmanual", ["apt-mark", "showmanual"]),
        ("apt-mark showauto", ["apt-mark", "showauto"]),
        (
            "packages",
            ["dpkg-query", "-W", "-f=${db:Status-Abbrev} ${binary:Package} ${Version}\\n"],
        ),
    ):
        lists[name] = sorted(
            " ".join(line.split()) for line in run(in_root(root, argv), out)[1].splitlines()
        )
    for name in ("passwd", "group", "shadow", "gshadow"):
        lists[f"/etc/{name}"] = sorted((root / "etc" / name).read_text().splitlines())
    users = names(root / "etc/passwd")
    groups = names(root / "etc/group")
    files = {}
    for tree in SNAPSHOT_TREES:
        for folder, dirs, found in os.walk(root / tree):
            rel = os.path.relpath(folder, root)
            dirs[:] = [d for d in dirs if os.path.join(rel, d) not in SNAPSHOT_IGNORED]
            for name in [folder, *(os.path.join(folder, n) for n in dirs + found)]:
                info = os.lstat(name)
                user = users.get(info.st_uid, info.st_uid)
                group = groups.get(info.st_gid, info.st_gid)
                text = f"{stat.filemode(info.st_mode)} {user}:{group}"
                if stat.S_ISLNK(info.st_mode):
                    text += f" -> {os.readlink(name)}"
                files["/" + os.path.relpath(name, root)] = text
    return Snapshot(lists, files)


def names(path: Path) -> dict[int, str]:
    found = {}
    for line in path.read_text().splitlines():
        fields = line.split(":")
        if len(fields) > 2 and fields[2].isdigit():
            found[int(fields[2])] = fields[0]
    return found


def package_files(root: Path) -> dict[str, str]:
    """Every path dpkg knows a package for (a removed package's left conffiles too)."""
    owners: dict[str, str] = {}
    for listing in (root / "var/lib/dpkg/info").glob("*.list"):
        package = listing.name.removesuffix(".list").split(":")[0]
        for line in listing.read_text(errors="replace").splitlines():
            owners.setdefault(line, package)
    return owners


def installed(snap: Snapshot) -> dict[str, str]:
    """Installed packages (dpkg's 'ii'): name to version."""
    found = {}
    for line in snap.lists["packages"]:
        status, package, *version = line.split()
        if status == "ii":
            found[package.split(":")[0]] = " ".join(version)
    return found


def with_config_files(snap: Snapshot) -> set[str]:
    """Packages removed with their config files kept (dpkg's 'rc')."""
    return {line.split()[1].split(":")[0] for line in snap.lists["packages"] if line[:2] == "rc"}


@dataclass
class Diff:
    lines: list[str] = field(default_factory=list)
    findings: list[str] = field(default_factory=list)

    def add(self, kind: str, text: str) -> None:
        """``kind``: 'finding' (the step fails), 'note' or 'expected'."""
        self.lines.append(f"[{kind}] {text}")
        if kind == "finding":
            self.findings.append(text)


def compare(
    before: Snapshot,
    after: Snapshot,
    root: Path,
    *,
    autoremoved: bool,
    kept_owner: str,
    why: dict[str, str] | None = None,
) -> Diff:
    """Classify every difference between the snapshot before the install and after the
    uninstall (``autoremoved``: and after apt-get autoremove); ``why`` says why apt
    kept a package, where known."""
    diff = Diff()
    why = why or {}
    was, now = installed(before), installed(after)
    leftover = with_config_files(after) - with_config_files(before)
    added_packages = set(now) - set(was)
    manual_now = set(after.lists["apt-mark showmanual"])
    for package in sorted(added_packages):
        if autoremoved:
            reason = f" ({why[package]})" if package in why else ""
            diff.add("finding", f"package {package} {now[package]} still installed{reason}")
        elif package in manual_now:
            diff.add("finding", f"package {package} added and still marked manual")
        else:
            diff.add("expected", f"package {package} added, marked auto (autoremove's to take)")
    for package in sorted(set(was) - set(now)):
        diff.add("finding", f"package {package} {was[package]} was installed before, now is not")
    for package in sorted(set(was) & set(now)):
        if was[package] != now[package]:
            diff.add("note", f"package {package} upgraded {was[package]} -> {now[package]}")
    for package in sorted(leftover):
        diff.add("note", f"package {package} removed, its config files kept (dpkg 'rc')")
    for mark in ("apt-mark showmanual", "apt-mark showauto"):
        marked, marked_now = set(before.lists[mark]), set(after.lists[mark])
        for package in sorted((marked ^ marked_now) & set(was) & set(now)):
            sign = "+" if package in marked_now else "-"
            diff.add("finding", f"{mark}: {sign} {package} (a package that was there before)")
    for name in ("/etc/passwd", "/etc/group", "/etc/shadow", "/etc/gshadow"):
        lines, lines_now = set(before.lists[name]), set(after.lists[name])
        for line in sorted(lines - lines_now):
            diff.add("finding", f"{name}: - {line}")
        for line in sorted(lines_now - lines):
            diff.add("finding", f"{name}: + {line}")
    owners = package_files(root)
    for path in sorted(set(before.files) | set(after.files)):
        old, new = before.files.get(path), after.files.get(path)
        if old == new:
            continue
        if path.startswith("/etc/alternatives/") and new is not None and " -> " in new:
            # update-alternatives' links, made by a package's scripts: the package
            # is the one whose file the link points to.
            target = new.split(" -> ", 1)[1]
            if target in owners:
                owners.setdefault(path, owners[target])
        text = (
            f"+ {path}  {new}"
            if old is None
            else f"- {path}  {old}"
            if new is None
            else f"~ {path}  {old}  ->  {new}"
        )
        if any(is_below(Path(path), Path("/") / kept) for kept in KEPT) and new is not None:
            owner = new.split()[1]
            if owner == kept_owner:
                diff.add("expected", f"{text}  (kept on purpose)")
            else:
                diff.add("finding", f"{text}  (kept, but not owned by {kept_owner})")
        elif new is not None and owners.get(path) in added_packages and not autoremoved:
            diff.add("expected", f"{text}  (of package {owners[path]})")
        elif new is not None and owners.get(path) in leftover:
            diff.add("note", f"{text}  (a config file of removed package {owners[path]})")
        else:
            diff.add("finding", text)
    return diff


def why_kept(root: Path, packages: list[str], out: Path) -> dict[str, str]:
    """For each package apt-get autoremove left, the installed packages that depend on,
    recommend or suggest it (apt keeps what is recommended or suggested, by default)."""
    fields = ["Depends", "Pre-Depends", "Recommends", "Suggests"]
    fmt = "${db:Status-Abbrev}\t${Package}\t" + "\t".join(f"${{{f}}}" for f in fields) + "\n"
    _, text = run(in_root(root, ["dpkg-query", "-W", f"-f={fmt}"]), out)
    reasons: dict[str, list[str]] = {p: [] for p in packages}
    for line in text.splitlines():
        status, package, *relations = line.split("\t")
        if status.strip() != "ii":
            continue
        for kind, relation in zip(fields, relations, strict=False):
            named = set(re.findall(r"(?:^|[,|]\s*)([a-z0-9][a-z0-9+.-]+)", relation))
            for wanted in packages:
                if wanted in named and wanted != package:
                    reasons[wanted].append(f"{package} {kind.lower()} it")
    return {p: "; ".join(r[:3]) for p, r in reasons.items() if r}


# --------------------------------------------------------------------------- the kiosk


@dataclass
class Kiosk:
    """How the installed kiosk runs the app: its user, environment, folder and command."""

    user: str
    env: dict[str, str]
    cwd: str
    command: list[str]


def kiosk(root: Path, kind: str) -> Kiosk:
    """Read the kiosk's start-up from what the installer wrote: the unit on Lite, the
    autostart entry (and the script it starts) on the desktop image."""
    if kind == "lite":
        unit = (root / "etc/systemd/system/tablekit.service").read_text()
        settings: dict[str, list[str]] = {}
        for line in unit.splitlines():
            key, sep, value = line.partition("=")
            if sep and not line.startswith(("#", ";")):
                settings.setdefault(key.strip(), []).append(value.strip())
        user = settings["User"][-1]
        env = {"PATH": USER_PATH, "LANG": "C.UTF-8", "USER": user, "LOGNAME": user}
        env["HOME"] = home_of(root, user)
        for name in settings.get("EnvironmentFile", []):
            path = root / name.lstrip("-").lstrip("/")
            if path.exists():
                env |= assignments(path.read_text())
            elif not name.startswith("-"):
                raise Failed(f"the unit's EnvironmentFile {name} does not exist")
        for value in settings.get("Environment", []):
            env |= assignments(value)
        cwd = settings.get("WorkingDirectory", [env["HOME"]])[-1]
        return Kiosk(user, env, cwd, shlex.split(settings["ExecStart"][-1]))
    home = home_of(root, "pi")
    entries = [root / home.lstrip("/") / ".config/autostart/tablekit.desktop",
               root / "etc/xdg/autostart/tablekit.desktop"]  # fmt: skip
    entry = next((e for e in entries if e.exists()), None)
    if entry is None:
        raise Failed("no autostart entry: neither of " + ", ".join(map(str, entries)))
    exec_line = next(line for line in entry.read_text().splitlines() if line.startswith("Exec="))
    words = shlex.split(exec_line.removeprefix("Exec="))
    if words[:2] == ["sh", "-c"]:
        script = words[2]
    elif (root / words[0].lstrip("/")).is_file() and os.access(
        root / words[0].lstrip("/"), os.X_OK
    ):
        script = (root / words[0].lstrip("/")).read_text()
    else:
        raise Failed(f"cannot follow the autostart entry's command: {exec_line}")
    loop = re.search(r"until (.*?); do", script)
    if not loop:
        raise Failed(f"no `until ...; do` loop in what the autostart entry starts:\n{script}")
    parts = shlex.split(loop.group(1))
    prefix = [p for p in parts if re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", p)]
    uid, _ = account(root, "pi")
    env = {
        "PATH": USER_PATH, "HOME": home, "USER": "pi", "LOGNAME": "pi", "LANG": "C.UTF-8",
        "XDG_RUNTIME_DIR": f"/run/user/{uid}", "XDG_SESSION_TYPE": "wayland",
        "WAYLAND_DISPLAY": "wayland-0",
    }  # fmt: skip
    exported = "\n".join(
        line.strip().removeprefix("export ")
        for line in script.splitlines()
        if line.strip().startswith("export ")
    )
    env |= assignments(exported) | assignments(" ".join(map(shlex.quote, prefix)))
    return Kiosk("pi", env, home, parts[len(prefix) :])


def assignments(text: str) -> dict[str, str]:
    """NAME=VALUE words (shell quoting, # comments) in ``text``."""
    found = {}
    for word in shlex.split(text, comments=True):
        name, sep, value = word.partition("=")
        if sep and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            found[name] = value
    return found


def home_of(root: Path, user: str) -> str:
    for line in (root / "etc/passwd").read_text().splitlines():
        fields = line.split(":")
        if fields[0] == user:
            return fields[5]
    raise Failed(f"no user {user} in the root")


def runtime_dir(root: Path, app: Kiosk) -> None:
    """What systemd (RuntimeDirectory=) or logind (/run/user/UID) would have made."""
    folder = app.env.get("XDG_RUNTIME_DIR")
    if folder:
        path = root / folder.lstrip("/")
        path.mkdir(parents=True, exist_ok=True)
        uid, gid = account(root, app.user)
        os.chown(path, uid, gid)
        path.chmod(0o700 if folder.startswith("/run/user/") else 0o755)


DOCTOR_LINE = re.compile(r"^(ok|PROBLEM)\s+(\S+)\s+(.*)$")


def doctor(root: Path, app: Kiosk, out: Path, step: Step) -> None:
    env = {k: v for k, v in app.env.items() if not k.startswith("TABLEKIT_")}
    code, text = run(
        in_root(root, ["/opt/tablekit/venv/bin/tablekit", "doctor"], env, app.user, app.cwd),
        out,
        timeout=600,
        check=False,
    )
    checks = {}
    for line in text.splitlines():
        match = DOCTOR_LINE.match(line)
        if match:
            checks[match.group(2)] = (match.group(1) == "ok", match.group(3))
    problems = [name for name, (ok, _) in checks.items() if not ok]
    step.note = f"exit {code}; " + ("PROBLEM: " + ", ".join(problems) if problems else "all ok")
    if code not in (0, 1) or "Traceback" in text or not checks:
        raise Failed(f"doctor exited {code}:\n{tail(text)}")
    wrong = [name for name in problems if name not in HARDWARE_CHECKS]
    if wrong:
        raise Failed(f"doctor: problems a chroot does not explain: {wrong}\n{tail(text)}")
    expected = {
        "config": app.env.get("TABLEKIT_CONFIG_DIR", "/etc/tablekit"),
        "journal": app.env.get("TABLEKIT_DATA_DIR", "/var/lib/tablekit"),
    }
    for name, folder in expected.items():
        if name not in checks or folder + "/" not in checks[name][1]:
            raise Failed(f"doctor's {name} check does not look in {folder}: {checks.get(name)}")


def script_and_state(root: Path, app: Kiosk, out: Path, step: Step) -> None:
    folder = root / "run/tablekit-rehearsal"
    shutil.copy(HERE / "script.jsonl", folder / "script.jsonl")
    tablekit = "/opt/tablekit/venv/bin/tablekit"
    _, text = run(
        in_root(root, [tablekit, "script", "/run/tablekit-rehearsal/script.jsonl",
                       "--session", "rehearsal", "--game", "mice-mystics"],
                app.env, app.user, app.cwd),
        out, timeout=600,
    )  # fmt: skip
    results = [json.loads(line) for line in text.splitlines() if line.startswith("{")]
    if len(results) != 4 or not all(r.get("ok") for r in results):
        raise Failed(f"tablekit script did not apply its four lines:\n{tail(text)}")
    _, text = run(
        in_root(root, [tablekit, "state", "--session", "rehearsal"], app.env, app.user, app.cwd),
        out,
        timeout=600,
    )
    start = text.find("{")
    view = json.loads(text[start:]) if start >= 0 else {}
    if view.get("game") != "mice-mystics" or view.get("session") != "rehearsal":
        raise Failed(f"tablekit state does not show the script's session:\n{tail(text)}")
    step.note = "4 lines applied; state shows the session"


def run_app(root: Path, app: Kiosk, out: Path, step: Step) -> None:
    folder = root / "run/tablekit-rehearsal"
    shutil.copy(HERE / "notify_listener.py", folder / "notify_listener.py")
    socket_path = "/run/tablekit-rehearsal/notify"
    messages = folder / "notify.jsonl"
    messages.unlink(missing_ok=True)
    listener_argv = in_root(
        root,
        ["python3", "/run/tablekit-rehearsal/notify_listener.py", socket_path,
         "/run/tablekit-rehearsal/notify.jsonl"],
    )  # fmt: skip
    env = app.env | {
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "NOTIFY_SOCKET": socket_path,
    }
    argv = in_root(root, app.command, env, app.user, app.cwd)
    with out.open("a", encoding="utf-8") as log:
        log.write(f"\n$ {shlex.join(listener_argv)} &\n$ {shlex.join(argv)}\n")
        log.flush()
        listener = subprocess.Popen(listener_argv, stdout=log, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 60
            while not (folder / "notify").exists():
                if time.monotonic() > deadline or listener.poll() is not None:
                    raise Failed("the notify listener did not start")
                time.sleep(0.2)
            started = time.time()
            process = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT)
            while time.time() - started < APP_SECONDS and process.poll() is None:
                time.sleep(0.5)
            alive = process.poll() is None
            process.send_signal(signal.SIGTERM)
            try:
                code = process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                code = process.wait()
                log.write("(did not stop within 30 s of SIGTERM: killed)\n")
            log.write(f"(exit status {code})\n")
        finally:
            listener.terminate()
            listener.wait()
    received = []
    if messages.exists():
        received = [json.loads(line) for line in messages.read_text().splitlines()]
    for item in received:
        item["after"] = item["time"] - started
    ready = [m for m in received if "READY=1" in m["message"].splitlines()]
    shown = [
        line.removeprefix("STATUS=showing ")
        for m in received
        for line in m["message"].splitlines()
        if line.startswith("STATUS=showing ")
    ]
    watchdogs = sum("WATCHDOG=1" in m["message"].splitlines() for m in received)
    when = f"after {ready[0]['after']:.1f} s" if ready else "never"
    summary = (
        f"READY=1 {when}; "
        f"shown: {', '.join(shown) or 'nothing'}; {watchdogs} WATCHDOG=1; "
        f"{'running' if alive else 'had stopped'} at {APP_SECONDS:.0f} s; exit {code} after SIGTERM"
    )
    step.note = summary
    with out.open("a", encoding="utf-8") as log:
        log.write("notify messages:\n" + "".join(
            f"  +{m['after']:.1f} s  {m['message']!r}\n" for m in received
        ) + summary + "\n")  # fmt: skip
    problems = []
    if not ready:
        problems.append("no READY=1")
    if "mice-mystics" not in shown:
        problems.append("the game's scene (STATUS=showing mice-mystics) never shown")
    if not alive:
        problems.append(f"the app stopped before {APP_SECONDS:.0f} s")
    if problems:
        raise Failed("; ".join(problems) + f": {summary}\n{tail(out.read_text())}")


# --------------------------------------------------------------------------- a rehearsal


INSTALLER = "/home/pi/tablekit/systemd/install-pi.sh"


def rehearse(kind: str, host: Host, report: Report) -> None:
    root = CACHE / "work" / kind
    with report.step(f"{kind}: fresh root") as step:
        remove_root(root)
        root.parent.mkdir(parents=True, exist_ok=True)
        run(["cp", "-a", "--reflink=auto", str(CACHE / "base"), str(root)], step.out)
        step.note = "a copy of the base root"
    if not report.steps[-1].ok:
        return
    with scenario_mounts(host, root, report.output(f"{kind}: mounts")):
        with report.step(f"{kind}: prepare") as step:
            step.note = prepare(root, step.out)
            (root / "run/tablekit-rehearsal").mkdir(mode=0o755)
            before = snapshot(root, step.out)
        if not report.steps[-1].ok:
            return
        options = ["--lite"] if kind == "lite" else ["--desktop", "--user", "pi"]
        with report.step(f"{kind}: install ({' '.join(options)})") as step:
            _, text = run(
                in_root(root, [INSTALLER, *options], cwd="/home/pi/tablekit"),
                step.out,
                timeout=3 * 3600,
            )
            size = re.search(r"/opt/tablekit holds (\S+)", text)
            step.note = f"/opt/tablekit: {size.group(1)}" if size else ""
        app: Kiosk | None = None
        if report.steps[-1].ok:
            with report.step(f"{kind}: kiosk set-up read") as step:
                app = kiosk(root, kind)
                runtime_dir(root, app)
                step.note = f"user {app.user}, {shlex.join(app.command)}"
        for name, check in (
            ("doctor", doctor),
            ("script + state", script_and_state),
            (f"app {APP_SECONDS:.0f} s", run_app),
        ):
            with report.step(f"{kind}: {name}") as step:
                if app is None:
                    raise Failed("not run: the install failed")
                check(root, app, step.out, step)
        with report.step(f"{kind}: uninstall") as step:
            out = step.out
            run(in_root(root, [INSTALLER, "--uninstall"], cwd="/home/pi/tablekit"), out)
            after = snapshot(root, out)
            diff = compare(before, after, root, autoremoved=False, kept_owner="root:root")
            report.section(f"{kind}: diff after --uninstall (before apt-get autoremove)",
                           "\n".join(diff.lines) or "(no difference)")  # fmt: skip
            step.note = f"{len(diff.findings)} finding(s) in the diff"
            if diff.findings:
                raise Failed(step.note)
        with report.step(f"{kind}: apt-get autoremove") as step:
            out = step.out
            # As README.md says: apt keeps what an installed package suggests (python3
            # suggests python3-venv) unless told not to.
            command = ["apt-get", "-y", "-o", "APT::AutoRemove::SuggestsImportant=false",
                       "autoremove"]  # fmt: skip
            _, text = run(in_root(root, command), out)
            removed = re.findall(r"^Removing (\S+)", text, re.M)
            final = snapshot(root, out)
            left = sorted(set(installed(final)) - set(installed(before)))
            why = why_kept(root, left, out) if left else {}
            diff = compare(before, final, root, autoremoved=True, kept_owner="root:root", why=why)
            report.section(
                f"{kind}: diff after --uninstall and apt-get autoremove "
                f"({len(removed)} packages removed: {' '.join(removed)})",
                "\n".join(diff.lines) or "(no difference)",
            )
            step.note = f"{len(removed)} removed; {len(diff.findings)} finding(s)"
            if diff.findings:
                raise Failed(step.note)


# --------------------------------------------------------------------------- main


def interrupt(signum: int, _frame: object) -> None:
    raise Interrupted(signal.Signals(signum).name)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rebuild", action="store_true", help="debootstrap the base root again")
    parser.add_argument(
        "--kind", choices=["lite", "desktop"], action="append", help="only this kind (repeatable)"
    )
    args = parser.parse_args()
    host_checks()
    CACHE.mkdir(parents=True, exist_ok=True)
    lock = (CACHE / "lock").open("w")
    try:
        import fcntl

        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        sys.exit(f"pi-rehearsal: another rehearsal is running (it holds {CACHE / 'lock'})")
    folder = CACHE / "logs" / f"{datetime.datetime.now():%Y%m%d-%H%M%S}"
    folder.mkdir(parents=True)
    latest = CACHE / "logs" / "latest"
    latest.unlink(missing_ok=True)
    latest.symlink_to(folder.name)
    report = Report(folder)
    host = Host()
    binfmt_before = binfmt_state()
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, interrupt)
    # Ctrl+C stops it and cleans up, even when started where SIGINT is ignored (with &).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    started = time.monotonic()
    interrupted = ""
    try:
        with report.step("host: arm64 emulation") as step:
            step.note = emulation(host, step.out)
        with report.step("base root (arm64 bookworm)") as step:
            step.note = base_root(host, step.out, args.rebuild)
        with report.step("stand-in packages (equivs)") as step:
            step.note = build_standins(step.out)
        if all(s.ok for s in report.steps):
            for kind in args.kind or ["lite", "desktop"]:
                rehearse(kind, host, report)
    except (KeyboardInterrupt, Interrupted) as error:
        interrupted = str(error) or "Ctrl+C"
        print(f"\npi-rehearsal: interrupted ({interrupted}); cleaning up", flush=True)
    except Failed as error:
        report.section("stopped", str(error))
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        with report.step("host: mounts and binfmt_misc as before") as step:
            problems = host.restore()
            left = mounts_below(CACHE)
            if left:
                problems.append(f"still mounted: {left}")
            if binfmt_state() != binfmt_before:
                problems.append(f"binfmt_misc was {binfmt_before}, is {binfmt_state()}")
            step.note = ", ".join(host.notes) or "nothing to undo"
            if problems:
                raise Failed("; ".join(problems))
    total = time.monotonic() - started
    print("\n" + report.table())
    print(f"\ntotal {total:.0f} s" + (f"; INTERRUPTED ({interrupted})" if interrupted else ""))
    report.sections.append(("total", f"{total:.0f} s"))
    print(f"log: {report.write()}")
    return 0 if all(s.ok for s in report.steps) and not interrupted else 1


def binfmt_state() -> tuple[bool, str]:
    """Whether binfmt_misc is mounted, and qemu-aarch64's state there."""
    if not (BINFMT / "register").exists():
        return (False, "")
    entry = BINFMT / "qemu-aarch64"
    return (True, entry.read_text().splitlines()[0] if entry.exists() else "absent")


if __name__ == "__main__":
    sys.exit(main())
