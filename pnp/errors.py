"""The one user-facing error type."""

from __future__ import annotations


class PnpError(Exception):
    """Bad input: the message names the file, the row or key, the problem and the fix."""

    def __init__(self, message: str, *, where: str | None = None, fix: str | None = None):
        self.where = where
        self.problem = message
        self.fix = fix
        super().__init__(self.render())

    def render(self) -> str:
        """Return the one-line message shown to the user."""
        text = f"{self.where}: {self.problem}" if self.where else self.problem
        if self.fix:
            text += f"; {self.fix}"
        return text


class UsageError(PnpError):
    """Bad usage of the command line (exit code 2)."""
