"""Single files written atomically: into a locked temporary beside the final name, renamed into place on commit."""

from __future__ import annotations

import os
from pathlib import Path

from pnp.output.temps import Temp, current_umask, sweep


class AtomicFiles:
    """Files written to temporary names and renamed into place only on commit; a killed run's temporaries are swept."""

    def __init__(self) -> None:
        self._pending: list[tuple[Temp, Path]] = []

    def temp_for(self, final: Path) -> Path:
        """A temporary path beside `final` to write into (the folder is made when missing)."""
        final.parent.mkdir(parents=True, exist_ok=True)
        sweep(final.parent)
        temp = Temp.file(final.parent, final.name)
        self._pending.append((temp, final))
        return temp.path

    def commit(self) -> list[Path]:
        """Move every finished file into place, with the permissions a normal write would give.

        A rename replaces the name itself: a link or a hard-linked file at the final name is replaced,
        never written through.
        """
        mode = 0o666 & ~current_umask()
        done = []
        try:
            for temp, final in self._pending:
                os.chmod(temp.path, mode)
                os.replace(temp.path, final)
                temp.release()
                done.append(final)
        except BaseException:
            self.abort()
            raise
        self._pending = []
        return done

    def abort(self) -> None:
        """Delete every temporary file not yet moved; earlier outputs stay untouched."""
        for temp, _ in self._pending:
            temp.remove()
        self._pending = []

