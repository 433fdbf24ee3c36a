"""The one user-facing error type."""

from __future__ import annotations

# Every character that ends a line for str.splitlines, written as its escape so a message stays one line.
LINE_BREAKS = str.maketrans({char: repr(char)[1:-1] for char in "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"})


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
        return text.translate(LINE_BREAKS)


class UsageError(PnpError):
    """Bad usage of the command line (exit code 2)."""


def stop_within(error: BaseException) -> BaseException | None:
    """A Ctrl+C or SIGTERM that a library's bare `except:` turned into an error of its own, when one did."""
    cause = error.__context__
    while cause is not None:
        if isinstance(cause, (KeyboardInterrupt, SystemExit)):  # not an asyncio task's own cancellation
            return cause
        cause = cause.__context__
    return None
