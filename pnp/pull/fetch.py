"""Fetching one address: https only unless allowed, redirects checked, a time and size bound, one line per failure."""

from __future__ import annotations

import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from urllib.parse import urlsplit

from pnp.errors import PnpError
from pnp.limits import MAX_CSV_BYTES

TIMEOUT = 30.0  # seconds any one read may wait
DEADLINE = 120.0  # seconds the whole download may take, checked between chunks
CHUNK = 64 * 1024
MAX_REDIRECTS = 5
MAX_PULL_BYTES = MAX_CSV_BYTES  # the largest data file a build reads (a CSV file or a workbook)
PUBLISH_FIX = "check the link; for a Google Sheet use File > Share > Publish to web, and its CSV or xlsx link"


@dataclass(frozen=True)
class Download:
    """What an address gave: the bytes, the address they came from after redirects, and the content type."""

    body: bytes
    url: str
    content_type: str


def check_address(url: object, allow_http: bool, where: str) -> str:
    """The address, or one line when it is not text, not http(s), or plain http where only https is allowed."""
    if not isinstance(url, str) or not url.strip():
        raise PnpError(f"must be a web address, got {url!r}", where=where,
                       fix="write for example url: https://docs.google.com/spreadsheets/d/e/.../pub?output=csv")
    scheme = urlsplit(url.strip()).scheme.lower()
    if scheme == "https" or (scheme == "http" and allow_http):
        return url.strip()
    if scheme == "http":
        raise PnpError(f"'{url}' is not an https address", where=where,
                       fix="write its https:// link, or set pull_http: true in game.yaml for a server you trust")
    raise PnpError(f"'{url}' is not a web address", where=where, fix="write an https:// link")


class _Redirects(urllib.request.HTTPRedirectHandler):
    """Follows a redirect only to an address the project allows (never from https down to http unless allowed)."""

    max_redirections = MAX_REDIRECTS

    def __init__(self, allow_http: bool, where: str):
        self.allow_http, self.where = allow_http, where

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        check_address(newurl, self.allow_http, f"{self.where} (redirected)")
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def download(url: str, allow_http: bool, where: str) -> Download:
    """The body at an address, read in chunks up to MAX_PULL_BYTES and DEADLINE; one line for any failure."""
    opener = urllib.request.build_opener(_Redirects(allow_http, where))
    request = urllib.request.Request(url, headers={"User-Agent": "pnp-pull", "Accept": "text/csv, */*"})
    try:
        with opener.open(request, timeout=TIMEOUT) as response:
            return Download(_read(response, url, where), response.geturl(), response.headers.get_content_type())
    except urllib.error.HTTPError as exc:
        raise PnpError(f"the server answered {exc.code} {exc.reason} for {url}", where=where, fix=PUBLISH_FIX) from None
    except urllib.error.URLError as exc:
        raise PnpError(f"cannot reach {url}: {exc.reason}", where=where,
                       fix="check the address and the network, then pull again") from None
    except (TimeoutError, OSError) as exc:
        raise PnpError(f"cannot read {url}: {exc}", where=where, fix="check the network, then pull again") from None


def _read(response, url: str, where: str) -> bytes:
    """The response body, refused once it passes the size bound or the download passes its deadline."""
    declared = response.headers.get("Content-Length")
    if declared and declared.isdigit() and int(declared) > MAX_PULL_BYTES:
        raise _too_big(url, where)
    chunks, size, started = [], 0, time.monotonic()
    while chunk := response.read(CHUNK):
        size += len(chunk)
        if size > MAX_PULL_BYTES:
            raise _too_big(url, where)
        if time.monotonic() - started > DEADLINE:
            raise PnpError(f"{url} took longer than {DEADLINE:g} s", where=where,
                           fix="try again later, or download the file yourself into the game's folder")
        chunks.append(chunk)
    return b"".join(chunks)


def _too_big(url: str, where: str) -> PnpError:
    return PnpError(f"{url} is larger than {MAX_PULL_BYTES // 2**20} MB, the limit of a data file", where=where,
                    fix="split the cards over several sheets or files")
