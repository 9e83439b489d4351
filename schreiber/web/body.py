"""The one reader of a posted JSON body, for the entry API and the organiser's payments: never more than its
limit is read (a Content-Length over it is refused before a byte), and JSON nested past Python's recursion
limit is a refusal like any other malformed body, not a RecursionError."""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request


class TooLarge(ValueError):
    """The body is longer than the route takes."""


class TooDeep(ValueError):
    """The JSON is nested deeper than it can be read."""


async def read_json_bytes(request: Request, limit: int) -> bytes:
    """The body's bytes, or TooLarge as soon as it is longer than `limit` (the rest is never read)."""
    declared = request.headers.get("content-length", "").strip()
    if declared.isdecimal() and (len(declared) > 12 or int(declared) > limit):
        raise TooLarge(declared)
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise TooLarge(size)
        chunks.append(chunk)
    return b"".join(chunks)


def load_json(raw: bytes) -> Any:
    """The JSON value of `raw`; ValueError (TooDeep for deep nesting) when it is none (bytes that are no
    UTF-8 and a number of more than 4,300 digits are ValueErrors of json.loads itself)."""
    try:
        return json.loads(raw)
    except RecursionError:
        raise TooDeep() from None
