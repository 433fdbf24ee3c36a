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


class PreviewServer:
    """Serves `/` (the page), `/state.json` and `/img/NAME.png` from a folder, in a background thread."""

    def __init__(self, state: Callable[[], State], folder: Path, port: int = 0):
        self._state, self._folder = state, folder
        handler = type("Handler", (_Handler,), {"server_side": self})
        self._http = ThreadingHTTPServer((HOST, port), handler)
        self._http.daemon_threads = True
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
        if match and (self._folder / match.group(1)).is_file():
            return 200, "image/png", (self._folder / match.group(1)).read_bytes()
        return 404, "text/plain; charset=utf-8", b"not found"


class _Handler(BaseHTTPRequestHandler):
    """Answers GET requests from the server's `respond`, without logging each request."""

    server_side: PreviewServer

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
