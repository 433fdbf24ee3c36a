"""Owner records: which run holds a lock file, written into it, and whether that run still lives.

A record is one line after a first blank byte (Windows locks byte 0 of a lock file, so readers skip it):
`pnp PID START HOST`, START being the process's start time where the system tells it (Linux /proc), else '-'.
The record names the holder in messages everywhere; it decides who holds a lock only where the system has no
file locks (see locks.py): a run is dead when no process of its id runs on this host, or one that started at
another time (the id was reused). A record on another host, or on Windows (where asking about a process
needs more than the standard library), is taken as living: such leftovers are kept, never deleted wrongly.
"""

from __future__ import annotations

import os
import sys
import time
from typing import NamedTuple

PAD = b"\n"  # byte 0: locked on Windows, so the record starts after it
YOUNG_SECONDS = 60.0  # a record still being written (empty, or cut short) is taken as living while this young


class Owner(NamedTuple):
    """The run a record names: its process id, start time (None where unknown) and host."""

    pid: int
    start: int | None
    host: str

    def encode(self) -> bytes:
        """The record as written into a lock file."""
        start = "-" if self.start is None else str(self.start)
        return PAD + f"pnp {self.pid} {start} {self.host}\n".encode()

    def alive(self) -> bool:
        """Tell whether the run may still live (False only when it is known dead)."""
        if self.host != host_name() or sys.platform == "win32":
            return True
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return False
        except OSError:
            pass  # another user's process: it exists
        started = process_start(self.pid)
        return started is None or self.start is None or started == self.start


def this_run() -> Owner:
    """The record of this process."""
    return Owner(os.getpid(), process_start(os.getpid()), host_name())


def read_owner(handle: int) -> Owner | None:
    """The record in an open lock file, or None when it is missing or unreadable."""
    try:
        os.lseek(handle, len(PAD), os.SEEK_SET)
        words = os.read(handle, 512).decode("utf-8", "replace").split()
        if len(words) == 4 and words[0] == "pnp":
            return Owner(int(words[1]), None if words[2] == "-" else int(words[2]), words[3])
    except (OSError, ValueError):
        pass
    return None


def is_dead(handle: int) -> bool:
    """Tell whether the run named in an open lock file is known dead (a record being written is not)."""
    owner = read_owner(handle)
    if owner is None:
        return time.time() - os.fstat(handle).st_mtime > YOUNG_SECONDS
    return not owner.alive()


def host_name() -> str:
    """This machine's name, as one word."""
    name = os.uname().nodename if hasattr(os, "uname") else os.environ.get("COMPUTERNAME", "")
    return "".join(name.split()) or "-"


def process_start(pid: int) -> int | None:
    """When a process started (Linux: clock ticks since boot), None where unknown; -1 for a zombie (it is dead)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
    except (OSError, IndexError):
        return None
    if fields[0] == b"Z":
        return -1
    try:
        return int(fields[19])
    except (IndexError, ValueError):
        return None
