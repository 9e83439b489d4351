"""Where `serve` listens and who it answers: the socket it binds, the address it prints, the Hosts and proxies
it trusts (web/front.py), and uvicorn's configuration around the app."""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from schreiber.i18n import _
from schreiber.rules.model import SettingsError


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, or one sentence naming --host or --port."""
    if not 0 <= port <= 65535:
        raise SettingsError(_("--port: use a port from 1 to 65535 (0: any free one), not {port}.").format(port=port))
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror:
        raise SettingsError(
            _("--host: {host} is no address of this machine; use e.g. 127.0.0.1 or 0.0.0.0.").format(host=repr(host))
        ) from None
    family, kind, proto, __, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as e:
        sock.close()
        if e.errno == 98:  # EADDRINUSE
            raise SettingsError(
                _("--port: {port} is in use on {host}; choose another with --port.").format(port=port, host=host)
            ) from None
        raise SettingsError(
            _("--host: cannot listen on {host} port {port} ({value}).").format(
                host=host, port=port, value=e.strerror or e
            )
        ) from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def network_address() -> str | None:
    """This machine's first address another machine can reach (not a loopback one), or None when it has none."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))  # no packet is sent; it only picks the outgoing address
            found = probe.getsockname()[0]
        if not is_loopback(found) and found != "0.0.0.0":
            return found
    except OSError:
        pass
    try:  # no route out: the addresses the machine's own name has
        infos = socket.getaddrinfo(socket.gethostname(), None, type=socket.SOCK_STREAM)
    except OSError:
        return None
    for *_rest, sockaddr in infos:
        ip = ipaddress.ip_address(str(sockaddr[0]).split("%")[0])
        if not (ip.is_loopback or ip.is_link_local or ip.is_unspecified):
            return str(ip)
    return None


def address(host: str, port: int) -> str:
    """The address to type into a browser: a wildcard host is named by this machine's address."""
    if host in ("0.0.0.0", "::", ""):
        host = network_address() or socket.gethostname()
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def public_address(url: str | None, host: str | None, port: int) -> str:
    """The address a phone opens for `serve` (season cards' QR codes): `url` as given, else `host` with `port`,
    else this machine's network address with `port`; one sentence naming --url when there is none."""
    from urllib.parse import urlsplit

    if url is not None:
        if host is not None:
            raise SettingsError(_("--url: give the whole address with --url or the host with --host, not both."))
        parts = urlsplit(url.strip())
        if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
            raise SettingsError(
                _("--url: give the address the phones open, as http://192.168.1.20:8150/, not {value}.").format(
                    value=repr(url)
                )
            )
        return url.strip()
    if not 1 <= port <= 65535:
        raise SettingsError(_("--port: use a port from 1 to 65535, not {port}.").format(port=port))
    if host is not None:
        return address(host, port)
    found = network_address()
    if found is None:
        raise SettingsError(
            _(
                "--url: this machine has no network address a phone could reach; give the address the phones open with --url."
            )
        )
    return address(found, port)


LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
WILDCARDS = ("0.0.0.0", "::", "")


@dataclass(frozen=True)
class Reach:
    """How `serve` is reached: the names of a proxy or DNS entry in front of it (--host-name) and
    the proxies whose X-Forwarded-For it trusts (--behind-proxy: 127.0.0.1; --proxy-address)."""

    host_names: tuple[str, ...] = ()
    proxies: tuple[str, ...] = ()

    @classmethod
    def given(
        cls, host_names: Sequence[str] = (), behind_proxy: bool = False, proxy_addresses: Sequence[str] = ()
    ) -> Reach:
        """The options as typed, or one sentence naming the one that is no name or address."""
        from schreiber.web.front import network, split_host

        for name in host_names:
            if split_host(name) is None:
                raise SettingsError(
                    _(
                        "--host-name: {value} is no host name; use e.g. scores.example.org or scores.example.org:8443."
                    ).format(value=repr(name))
                )
        for proxy in proxy_addresses:
            if network(proxy) is None:
                raise SettingsError(
                    _("--proxy-address: {value} is no IP address; use e.g. 10.0.0.5 or 10.0.0.0/24.").format(
                        value=repr(proxy)
                    )
                )
        return cls(tuple(host_names), (("127.0.0.1",) if behind_proxy else ()) + tuple(proxy_addresses))


def machine_addresses() -> list[str]:
    """This machine's addresses: its name's, the one a wildcard `serve` prints, and on Linux every
    interface's (a laptop on wifi and cable answers on both)."""
    found: list[str] = []
    try:
        found += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None)]
    except OSError:
        pass
    found.append(address("0.0.0.0", 1)[len("http://") :].rsplit(":", 1)[0].strip("[]"))
    try:
        import fcntl
        import struct

        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            for __, interface in socket.if_nameindex():
                request = struct.pack("256s", interface.encode()[:15])
                try:  # SIOCGIFADDR: the interface's IPv4 address
                    found.append(socket.inet_ntoa(fcntl.ioctl(probe.fileno(), 0x8915, request)[20:24]))
                except OSError:
                    pass
    except (ImportError, OSError, AttributeError):
        pass
    try:
        with open("/proc/net/if_inet6") as lines:
            found += [str(ipaddress.IPv6Address(int(line.split()[0], 16))) for line in lines if line.strip()]
    except (OSError, ValueError, IndexError):
        pass
    return list(dict.fromkeys(found))


def allowed_hosts(host: str, sock: socket.socket, host_names: Sequence[str] = ()) -> list[tuple[str, int | None]]:
    """The Hosts `serve` answers: the address it binds and prints, the loopback names when it binds
    loopback, the machine's addresses when it binds every address, and each --host-name."""
    from schreiber.web.front import split_host

    bound, port = sock.getsockname()[:2]
    printed = address(host, port)[len("http://") :].rstrip("/")
    names = [host, bound, printed.rsplit(":", 1)[0].strip("[]")]
    if host in WILDCARDS:
        names += [*machine_addresses(), socket.gethostname(), *LOOPBACK_NAMES]
    elif is_loopback(host) or is_loopback(bound):
        names += LOOPBACK_NAMES
    hosts: list[tuple[str, int | None]] = []
    for name in names:
        parsed = split_host(f"[{name}]" if ":" in name else name) if name not in WILDCARDS else None
        if parsed is not None:
            hosts.append((parsed[0], port))
    hosts += [parsed for parsed in map(split_host, host_names) if parsed is not None]
    return list(dict.fromkeys(hosts))


def uvicorn_config(app: Any, host: str, sock: socket.socket, reach: Reach = Reach()) -> Any:
    """How uvicorn serves `app`: only for the Hosts it binds and prints (schreiber/web/front.py);
    X-Forwarded-For names the client only from the proxies `reach` trusts (uvicorn's own reading is
    off: it trusts 127.0.0.1 by default and the leftmost entry, which a client writes itself); open
    event streams get a second after Ctrl-C, then they are closed."""
    import uvicorn

    from schreiber.web.front import Front, network

    proxies = [net for net in map(network, reach.proxies) if net is not None]
    front = Front(app, allowed_hosts(host, sock, reach.host_names), proxies)
    return uvicorn.Config(
        front, log_level="warning", access_log=False, lifespan="on", timeout_graceful_shutdown=1, proxy_headers=False
    )
