"""CPU time and peak memory of this process, or of the child processes it has waited for, on every system.

The `resource` module (POSIX) gives both. Where it is missing (Windows), this process's own CPU time comes from
os.times(), and a figure that cannot be read is None, which `shown` prints as "n/a".
"""

from __future__ import annotations

import os
import statistics
import sys
from types import ModuleType

resource: ModuleType | None
try:
    import resource
except ImportError:  # Windows
    resource = None


def cpu_seconds(children: bool = False) -> float | None:
    """User and system seconds of this process, or of every child it has waited for (None where unknown)."""
    if resource is None:
        return None if children else sum(os.times()[:2])
    used = resource.getrusage(resource.RUSAGE_CHILDREN if children else resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def peak_mb(children: bool = False) -> float | None:
    """The peak resident memory in MB of this process since it started, or of its largest waited-for child."""
    if not children:
        try:  # VmHWM starts afresh at exec; ru_maxrss would carry the launching process's peak over
            with open("/proc/self/status", encoding="ascii") as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1]) / 1024
        except OSError:
            pass
    if resource is None:
        return None
    peak = resource.getrusage(resource.RUSAGE_CHILDREN if children else resource.RUSAGE_SELF).ru_maxrss
    return peak / 1024 / 1024 if sys.platform == "darwin" else peak / 1024  # bytes on macOS, kB elsewhere


def larger(*values: float | None) -> float | None:
    """The largest of the values that are known, or None."""
    known = [value for value in values if value is not None]
    return max(known) if known else None


def median(values: list[float | None]) -> float | None:
    """The median of figures measured, or None where the system could not measure them."""
    return None if None in values else statistics.median(value for value in values if value is not None)


def shown(value: float | None, digits: int = 0) -> str:
    """A figure for a table: "n/a" where this system cannot measure it."""
    return "n/a" if value is None else f"{value:.{digits}f}"
