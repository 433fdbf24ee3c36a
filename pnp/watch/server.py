"""The preview page: a small asyncio HTTP server on 127.0.0.1 serving the page, its JSON state and the card images."""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections.abc import Callable
from pathlib import Path

from pnp.watch.page import PAGE
from pnp.watch.session import State

HOST = "127.0.0.1"
IMAGE = re.compile(r"/img/([A-Za-z0-9_.-]+\.png)")
AFTER = re.compile(r"after=(\d{1,18})(&sheets=1)?")  # the version a page shows (no news is a few bytes); sheets=1:
# the page shows the sheets, so they are drawn
MAX_CONNECTIONS = 256  # open at once; a new one closes the one that has waited longest for its request
TIMEOUT = 10.0  # seconds a connection may take to send a request, or to take the answer, before it is closed
MAX_HEAD = 16 * 1024  # bytes of a request's line and headers
STATUS = {200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed"}
Answer = tuple[int, str, bytes]


class _Connection:
    """One open connection: its writer, and whether it waits for a request (so it may be closed for a new one)."""

    def __init__(self, writer: asyncio.StreamWriter):
        self.writer = writer
        self.waiting = True


class PreviewServer:
    """Serves `/` (the page), `/state.json` and `/img/NAME.png` from a folder, on an event loop in its own thread.

    One thread holds every connection, so idle or slow ones cost no thread: each has TIMEOUT to send its request,
    and past MAX_CONNECTIONS the one idle longest is closed to let a new one in."""

    def __init__(self, state: Callable[[], State], folder: Path, port: int = 0,
                 want_sheets: Callable[[], None] = lambda: None):
        self._state, self._folder, self._want_sheets = state, folder, want_sheets
        self._loop = asyncio.new_event_loop()
        self._connections: dict[asyncio.StreamWriter, _Connection] = {}  # in the order they opened
        self._server = self._loop.run_until_complete(  # bound now, so a port in use is an error here
            asyncio.start_server(self._serve, HOST, port, limit=MAX_HEAD, backlog=MAX_CONNECTIONS)
        )
        self._thread = threading.Thread(target=self._loop.run_forever, name="pnp-preview", daemon=True)

    @property
    def address(self) -> tuple[str, int]:
        """The host and port the page is served on."""
        host, port = self._server.sockets[0].getsockname()[:2]
        return str(host), port

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.address[1]}/"

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        """Close every connection and the listening socket, and end the loop's thread."""
        if self._thread.is_alive():
            asyncio.run_coroutine_threadsafe(self._close(), self._loop).result(timeout=5)
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=5)
        else:
            self._loop.run_until_complete(self._close())
        self._loop.close()

    async def _close(self) -> None:
        self._server.close()
        for writer in list(self._connections):
            writer.transport.abort()
        await asyncio.sleep(0)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Answer a connection's requests one after another until it closes, stalls or is closed for a newer one."""
        self._make_room()
        connection = self._connections[writer] = _Connection(writer)
        try:
            while True:
                connection.waiting = True
                head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), TIMEOUT)
                connection.waiting = False
                status, kind, body, keep = self._answer(head)
                writer.write(_response(status, kind, body, keep))
                await asyncio.wait_for(writer.drain(), TIMEOUT)
                if not keep:
                    break
        except (asyncio.TimeoutError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError,
                OSError):
            pass  # a browser that hangs up, stalls or sends too much is no news for the terminal
        finally:
            self._connections.pop(writer, None)
            writer.transport.abort()

    def _make_room(self) -> None:
        """Close the connection that has waited longest for its request when every place is taken."""
        if len(self._connections) < MAX_CONNECTIONS:
            return
        oldest = next((w for w, c in self._connections.items() if c.waiting), next(iter(self._connections)))
        self._connections.pop(oldest, None)
        oldest.transport.abort()

    def _answer(self, head: bytes) -> tuple[int, str, bytes, bool]:
        """(status, content type, body, keep the connection open) for one request's head."""
        lines = head.decode("latin-1").split("\r\n")
        parts = lines[0].split(" ")
        headers = dict(_header(line) for line in lines[1:] if ":" in line)
        keep = headers.get("connection", "").lower() != "close" and lines[0].endswith("HTTP/1.1")
        if len(parts) != 3:
            return 400, "text/plain; charset=utf-8", b"bad request", False
        if parts[0] != "GET":
            return 405, "text/plain; charset=utf-8", b"only GET", False
        return (*self.respond(parts[1], headers.get("host", "")), keep)

    def respond(self, path: str, host: str) -> Answer:
        """(status, content type, body) for a request path; refused unless addressed to this machine by name."""
        if host not in (f"{HOST}:{self.address[1]}", f"localhost:{self.address[1]}"):
            return 403, "text/plain; charset=utf-8", b"forbidden: open the page at " + self.url.encode()
        path, _, query = path.partition("?")
        if path == "/":
            return 200, "text/html; charset=utf-8", PAGE.encode("utf-8")
        if path == "/state.json":
            return 200, "application/json", self._state_json(query)
        match = IMAGE.fullmatch(path)
        image = _read(self._folder / match.group(1)) if match else None
        if image is not None:
            return 200, "image/png", image
        return 404, "text/plain; charset=utf-8", b"not found"


    def _state_json(self, query: str) -> bytes:
        """The state, or only its version when the page asks `after=N` and already shows version N."""
        state, seen = self._state(), AFTER.fullmatch(query)
        if seen and seen.group(2):
            self._want_sheets()
        shown = {"version": state.version} if seen and int(seen.group(1)) == state.version else state.to_json()
        return json.dumps(shown, ensure_ascii=False).encode("utf-8")


def _header(line: str) -> tuple[str, str]:
    name, value = line.split(":", 1)
    return name.strip().lower(), value.strip()


def _response(status: int, kind: str, body: bytes, keep: bool) -> bytes:
    """An HTTP/1.1 response with its headers (images are kept by the browser: their names change with them)."""
    cache = "max-age=3600" if kind == "image/png" else "no-store"
    head = (f"HTTP/1.1 {status} {STATUS[status]}\r\nContent-Type: {kind}\r\nContent-Length: {len(body)}\r\n"
            f"Cache-Control: {cache}\r\nConnection: {'keep-alive' if keep else 'close'}\r\n\r\n")
    return head.encode("latin-1") + body


def _read(path: Path) -> bytes | None:
    """An image's bytes, or None when it is gone (pruned by a rebuild since the page asked)."""
    try:
        return path.read_bytes()
    except OSError:
        return None
