"""Whatever a client sends — bodies of any JSON or none, odd bytes and encodings, deep nesting, odd
headers and query strings — `serve --entry` answers below 500 (CLI.md: "No input gets a 5xx"),
on SQLite and PostgreSQL. Bounded: 300 posts and 300 page requests per backend (derandomized)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from schreiber.entry import body_keys  # noqa: E402
from schreiber.ledger.reports import Scope  # noqa: E402
from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.web.app import create_app  # noqa: E402

PLAYERS = ["Anna", "Berta", "Carl", "Dora"]
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)

texts = st.one_of(st.text(max_size=12), st.sampled_from(PLAYERS + ["rufspiel", "wenz", "ramsch", "re", "schwarz", "\x00", "\ud800"]))
scalars = st.one_of(st.none(), st.booleans(), st.integers(-(10**25), 10**25), st.floats(allow_nan=True), texts)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4), max_leaves=12)
# Bodies near a real hand: the keys add takes, with values of any kind
hands = st.fixed_dictionaries(
    {"type": st.one_of(st.sampled_from(["rufspiel", "wenz", "geier", "ramsch", "farbsolo", "sie", "x"]), values)},
    optional={k: values for k in body_keys() if k != "type"},
)


def _raw(body: object) -> bytes:
    try:
        return json.dumps(body, allow_nan=True).encode("utf-8", "surrogatepass")
    except (ValueError, RecursionError):
        return b"{}"


raw_bodies = st.one_of(
    hands.map(_raw),
    values.map(_raw),
    st.binary(max_size=200),
    st.integers(1, 8000).map(lambda n: b"[" * n + b"]" * n),
    st.integers(1, 1800).map(lambda n: b'{"type":' * n + b"1" + b"}" * n),
    hands.map(lambda b: _raw(b).decode("utf-8", "surrogatepass").encode("utf-16", "surrogatepass")),
    hands.map(lambda b: _raw(b).decode("utf-8", "surrogatepass").encode("latin-1", "replace")),
)
header_values = st.text(st.characters(min_codepoint=32, max_codepoint=255, blacklist_characters="\x7f"), max_size=120).map(lambda t: t.encode("latin-1"))
headers = st.fixed_dictionaries(
    {},
    optional={
        "Content-Type": st.sampled_from(["application/json", "application/json; charset=utf-16", "text/plain", "", "multipart/form-data"]),
        "Idempotency-Key": header_values,
        "Accept-Language": header_values,
        "Content-Encoding": st.sampled_from(["gzip", "br", "identity"]),
        "Origin": header_values,
        "X-Schreiber-Token": header_values,
        "Cookie": header_values,
        "X-Forwarded-For": header_values,
    },
)
queries = st.text(st.characters(min_codepoint=32, max_codepoint=0x2FFF, blacklist_characters="#"), max_size=60)


@pytest.fixture
def served(cli, monkeypatch):
    # wrong keys are part of the fuzz: their slow-down (up to 8 s each) is tested elsewhere
    monkeypatch.setattr("schreiber.web.entry.LONGEST_WAIT", 0.0)
    cli.ok("session", "new", "--rules", "schafkopf", "--players", *PLAYERS)
    ledger = Ledger.open(cli.url)
    __, key = ledger.entry_key()
    with TestClient(create_app(ledger, Scope(), interval=0.1, stream_seconds=0.05, entry=[1]), raise_server_exceptions=False) as c:
        yield c, key


def test_posted_hands_never_get_a_5xx(served):
    c, key = served
    page = c.get(f"/?key={key}").text  # the page's token, and its cookie kept by the client
    token = page.split('name="schreiber-token" content="', 1)[1].split('"', 1)[0]

    @FUZZ
    @given(body=raw_bodies, sent=headers,
           path=st.sampled_from(["/api/hands", "/api/hands", "/entry/hands", "/api/undo", "/entry/void", "/entry/restore"]),
           with_key=st.sampled_from(["bearer", "bearer", "query", "none", "wrong"]))
    def post(body, sent, path, with_key):
        sent = dict(sent)
        url = path
        if path.startswith("/entry/"):
            # the page's own writes: its key in the address and its token, as the page sends them
            url += f"?key={key}" if with_key != "none" else ""
            sent.setdefault("X-Schreiber-Token", token.encode())
            sent.pop("Origin", None)
            sent.pop("Cookie", None)
        elif with_key == "bearer":
            sent["Authorization"] = f"Bearer {key}"
        elif with_key == "query":
            url += f"?key={key}"
        elif with_key == "wrong":
            sent["Authorization"] = "Bearer nope"
        r = c.post(url, content=body, headers=sent)
        assert r.status_code < 500, (path, body[:200], sent, r.status_code, r.text[:300])

    post()


def test_page_routes_never_get_a_5xx(served):
    c, key = served

    @FUZZ
    @given(path=st.sampled_from(["/", "/fragment", "/chart.svg", "/entry/state", "/static/entry.js", "/static/..%2f..%2fapp.py", "/events"]),
           query=queries, sent=headers, with_key=st.booleans())
    def get(path, query, sent, with_key):
        url = path + "?" + query + (f"&key={key}" if with_key else "")
        r = c.get(url, headers=dict(sent))
        assert r.status_code < 500, (url, sent, r.status_code, r.text[:300])

    get()
