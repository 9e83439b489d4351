"""Who stands in front of `serve`: the Host names it answers (421 for any other, so a page of another
site that rebinds its name to this machine reads nothing) and the proxies whose X-Forwarded-For
names the client (the rightmost entry no trusted proxy wrote; the client writes the leftmost).

One ASGI wrapper around the whole app, put there by every `serve` (schreiber/web/server.py).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Awaitable, Callable, Iterable, Sequence

from schreiber import i18n
from schreiber.i18n import _
from schreiber.web.hardening import ASGI, HEADERS, Message, Scope, language_of

# A name in a Host header: letters, digits, dots and dashes (an IPv6 address comes in brackets).
NAME_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789.-_")

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def split_host(value: str) -> tuple[str, int | None] | None:
    """A Host header (or a --host-name) as (name, port): lower case, no trailing dot, an IPv6
    address without its brackets; None when it is no host name at all."""
    value = value.strip().lower()
    port: str | None = None
    if value.startswith("["):
        name, bracket, rest = value[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            return None
        port = rest[1:] if rest else None
        try:
            ipaddress.IPv6Address(name.split("%")[0])
        except ValueError:
            return None
    else:
        name, colon, given = value.partition(":")
        port = given if colon else None
        name = name.rstrip(".")
        if not name or not set(name) <= NAME_CHARACTERS:
            return None
    if port is not None and not (port.isdigit() and len(port) <= 5 and 0 < int(port) <= 65535):
        return None
    return name, int(port) if port is not None else None


def shown(name: str, port: int | None) -> str:
    """A host as a browser's address bar writes it."""
    host = f"[{name}]" if ":" in name else name
    return host if port is None else f"{host}:{port}"


def network(address: str) -> Network | None:
    """An address or network of a trusted proxy (`10.0.0.5`, `10.0.0.0/24`), or None."""
    try:
        return ipaddress.ip_network(address.strip(), strict=False)
    except ValueError:
        return None


class Front:
    """Answers only the allowed Hosts (a name with a port: that port; without: any) and, from a
    trusted proxy, takes the client from X-Forwarded-For and the scheme from X-Forwarded-Proto."""

    def __init__(self, app: ASGI, hosts: Iterable[tuple[str, int | None]], proxies: Sequence[Network] = ()) -> None:
        self.app = app
        self.hosts = list(dict.fromkeys(hosts))
        self.allowed = set(self.hosts)
        self.proxies = list(proxies)

    def allows(self, host: str) -> bool:
        parsed = split_host(host)
        if parsed is None:
            return False
        name, port = parsed
        return (name, None) in self.allowed or (name, port if port is not None else 80) in self.allowed

    def trusted(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address.strip().strip("[]"))
        except ValueError:
            return False
        return any(ip in net for net in self.proxies)

    def client(self, scope: Scope) -> None:
        """Behind a trusted proxy: the client is the rightmost X-Forwarded-For entry that no trusted
        proxy wrote (an appending proxy keeps what the client wrote itself on the left)."""
        direct = scope.get("client")
        if not self.proxies or not direct or not self.trusted(direct[0]):
            return
        forwarded, proto = [], None
        for name, value in scope.get("headers") or ():
            if name == b"x-forwarded-for":
                forwarded += [entry.strip() for entry in value.decode("latin-1").split(",")]
            elif name == b"x-forwarded-proto":
                proto = value.decode("latin-1").strip().lower()
        forwarded = [entry for entry in forwarded if entry]
        if forwarded:
            untrusted = [entry for entry in forwarded if not self.trusted(_address_of(entry))]
            scope["client"] = (_address_of(untrusted[-1] if untrusted else forwarded[0]), 0)
        if proto in ("http", "https"):
            scope["scheme"] = proto

    async def __call__(
        self, scope: Scope, receive: Callable[[], Awaitable[Message]], send: Callable[[Message], Awaitable[None]]
    ) -> None:
        if scope["type"] != "http":  # the lifespan; nothing here speaks websocket
            await self.app(scope, receive, send)
            return
        host = next((value.decode("latin-1") for name, value in scope.get("headers") or () if name == b"host"), "")
        if not self.allows(host):
            await self.misdirected(scope, send)
            return
        self.client(scope)
        await self.app(scope, receive, send)

    async def misdirected(self, scope: Scope, send: Callable[[Message], Awaitable[None]]) -> None:
        """421 with one sentence naming the Hosts this server answers, and the security headers."""
        with i18n.speaking(language_of(scope)):
            sentence = _(
                "This server answers only as {hosts}; serve with --host-name NAME to reach it by another name."
            ).format(hosts=", ".join(shown(name, port) for name, port in self.hosts))
        body = (sentence + "\n").encode()
        headers = [
            (b"content-type", b"text/plain; charset=utf-8"),
            (b"content-length", str(len(body)).encode()),
            (b"cache-control", b"no-store"),
            *HEADERS,
            (b"vary", b"Accept-Language"),
        ]
        await send({"type": "http.response.start", "status": 421, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def _address_of(entry: str) -> str:
    """An X-Forwarded-For entry without a port: `1.2.3.4:5678` and `[::1]:80` name their address."""
    if entry.startswith("["):
        return entry[1:].partition("]")[0]
    if entry.count(":") == 1:
        return entry.partition(":")[0]
    return entry
