"""The sandboxed Jinja2 environment templates are compiled in, loaded only when a template is checked or rendered."""

from __future__ import annotations

import difflib

from jinja2 import StrictUndefined

from pnp.layout.sandbox import BoundedEnvironment


class _Undefined(StrictUndefined):
    """StrictUndefined whose message for a missing key of a mapping lists the keys it has."""

    __slots__ = ()

    @property
    def _undefined_message(self) -> str:
        table, name = self._undefined_obj, self._undefined_name
        if self._undefined_hint or not isinstance(table, dict) or not table:
            return super()._undefined_message
        keys = sorted(str(key) for key in table)
        close = difflib.get_close_matches(str(name), keys, n=1)
        hint = f"did you mean '{close[0]}'? " if close else ""
        shown = ", ".join(keys[:20]) + (f" and {len(keys) - 20} more" if len(keys) > 20 else "")
        return f"no key {name!r} ({hint}the keys are: {shown})"


# Jinja comments are {## ... ##} so that colour markup like {#c0392b|text} stays text. Jinja's optimizer, which works
# out constant parts of a template while compiling it, is off: it took a third of the compiling (some 5 ms a build of
# Eitsuku's ten templates), and every part is then worked out where the render's bounds count it.
ENV = BoundedEnvironment(undefined=_Undefined, autoescape=False, keep_trailing_newline=False, optimized=False,
                         comment_start_string="{##", comment_end_string="##}")
