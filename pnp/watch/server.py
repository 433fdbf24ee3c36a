"""The preview page: a small HTTP server on 127.0.0.1 serving the page, its JSON state and the card images."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from pnp.watch.page import PAGE
from pnp.watch.session import State

HOST = "127.0.0.1"
IMAGE = re.compile(r"/img/([A-Za-z0-9_.-]+\.png)")
MAX_CONNECTIONS = 32  # a page polls once and fetches a few images at a time: far more is a flood
TIMEOUT = 10.0  # seconds a connection may take over each read or write before it is closed


class _BoundedServer(ThreadingHTTPServer):
    """A threading server that answers at most MAX_CONNECTIONS connections at once and logs no errors."""

    daemon_threads = True
    request_queue_size = 2 * MAX_CONNECTIONS  # connections waiting to be accepted, or refused

    def __init__(self, address: tuple[str, int], handler: type[BaseHTTPRequestHandler]):
        super().__init__(address, handler)
        self._slots = threading.BoundedSemaphore(MAX_CONNECTIONS)

    def process_request(self, request, client_address) -> None:
        """Start a thread for the connection, or close it at once when every slot is taken."""
        if not self._slots.acquire(blocking=False):
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._slots.release()
            raise

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()

    def handle_error(self, request, client_address) -> None:
        """A browser that hangs up or times out is no news for the terminal."""


class PreviewServer:
    """Serves `/` (the page), `/state.json` and `/img/NAME.png` from a folder, in a background thread."""

    def __init__(self, state: Callable[[], State], folder: Path, port: int = 0):
        self._state, self._folder = state, folder
        handler = type("Handler", (_Handler,), {"server_side": self})
        self._http = _BoundedServer((HOST, port), handler)
        self._thread = threading.Thread(target=self._http.serve_forever, name="pnp-preview", daemon=True)

    @property
    def address(self) -> tuple[str, int]:
        """The host and port the page is served on."""
        host, port = self._http.server_address[:2]
        return str(host), port

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.address[1]}/"

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._http.shutdown()
        self._http.server_close()
        self._thread.join(timeout=5)

    def respond(self, path: str, host: str) -> tuple[int, str, bytes]:
        """(status, content type, body) for a request path; refused unless addressed to this machine by name."""
        if host not in (f"{HOST}:{self.address[1]}", f"localhost:{self.address[1]}"):
            return 403, "text/plain; charset=utf-8", b"forbidden: open the page at " + self.url.encode()
        path = path.split("?", 1)[0]
        if path == "/":
            return 200, "text/html; charset=utf-8", PAGE.encode("utf-8")
        if path == "/state.json":
            return 200, "application/json", json.dumps(self._state().to_json(), ensure_ascii=False).encode("utf-8")
        match = IMAGE.fullmatch(path)
        image = _read(self._folder / match.group(1)) if match else None
        if image is not None:
            return 200, "image/png", image
        return 404, "text/plain; charset=utf-8", b"not found"


def _read(path: Path) -> bytes | None:
    """An image's bytes, or None when it is gone (pruned by a rebuild since the page asked)."""
    try:
        return path.read_bytes()
    except OSError:
        return None


class _Handler(BaseHTTPRequestHandler):
    """Answers GET requests from the server's `respond`, without logging each request."""

    server_side: PreviewServer
    timeout = TIMEOUT

    def do_GET(self) -> None:
        status, kind, body = self.server_side.respond(self.path, self.headers.get("Host", ""))
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store" if kind != "image/png" else "max-age=3600")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args) -> None:
        pass
