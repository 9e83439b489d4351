"""Whether a write comes from another site: the one check the page writes (the entry page, the payments,
the check-in) make before they read a body."""

from __future__ import annotations

from typing import Any


def from_other_site(request: Any) -> bool:
    """A form or script of another site: the browser says so (Sec-Fetch-Site: cross-site), or the Origin
    it sends is not this server's own."""
    origin = request.headers.get("origin")
    return request.headers.get("sec-fetch-site") == "cross-site" or (
        origin is not None and origin != f"{request.url.scheme}://{request.url.netloc}"
    )
