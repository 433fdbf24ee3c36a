"""Plain names: the only project words that become a segment of an output path."""

from __future__ import annotations

import re

from pnp.errors import PnpError

MAX_NAME_CHARS = 32  # two names and a suffix stay within a file system's 255 bytes, even in Japanese
PLAIN = re.compile(r"[^\W_][\w-]*|_[\w-]*")  # letters (any script), digits, '_' and '-'; never a leading '-'
RULE = f"letters, digits, '_' and '-' only, at most {MAX_NAME_CHARS} characters, not starting with '-'"


def is_plain(name: object, limit: int = MAX_NAME_CHARS) -> bool:
    """Tell whether a name can be a file or folder name as it is: no separator, dot, space or control character."""
    return isinstance(name, str) and len(name) <= limit and PLAIN.fullmatch(name) is not None


def plain_name(name: object, where: str, what: str, fix: str, limit: int = MAX_NAME_CHARS) -> str:
    """The name, or one line naming where it was read, what it names and how to write it."""
    if isinstance(name, int) and not isinstance(name, bool):
        name = str(name)  # name: 2024 in YAML
    if not is_plain(name, limit):
        raise PnpError(f"{what} {_shown(name)} is not a plain name ({RULE})", where=where, fix=fix)
    return str(name)


def _shown(name: object) -> str:
    """A name quoted for a message, cut short when it is long."""
    text = repr(name) if isinstance(name, str) else repr(str(name))
    return text if len(text) <= 60 else text[:57] + "..."
