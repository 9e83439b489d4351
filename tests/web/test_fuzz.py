"""Whatever a client sends — bodies of any JSON or none, odd bytes and encodings, deep nesting, odd
headers and query strings — `serve --entry` answers below 500 (CLI.md: "No input gets a 5xx"),
on SQLite and PostgreSQL. Bounded: 300 posts and 300 page requests per backend (derandomized); then
400 requests over every page `serve` makes of a ledger of every rule set, money and none, a season and
its tournament (issue 38), each answer below 500 and with the security headers."""

from __future__ import annotations

import json
from urllib.parse import urlencode

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

texts = st.one_of(
    st.text(max_size=12), st.sampled_from(PLAYERS + ["rufspiel", "wenz", "ramsch", "re", "schwarz", "\x00", "\ud800"])
)
scalars = st.one_of(st.none(), st.booleans(), st.integers(-(10**25), 10**25), st.floats(allow_nan=True), texts)
values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4), max_leaves=12
)
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
header_values = st.text(
    st.characters(min_codepoint=32, max_codepoint=255, blacklist_characters="\x7f"), max_size=120
).map(lambda t: t.encode("latin-1"))
headers = st.fixed_dictionaries(
    {},
    optional={
        "Content-Type": st.sampled_from(
            ["application/json", "application/json; charset=utf-16", "text/plain", "", "multipart/form-data"]
        ),
        "Idempotency-Key": header_values,
        "Accept-Language": header_values,
        "Content-Encoding": st.sampled_from(["gzip", "br", "identity"]),
        "Origin": header_values,
        "X-Schreiber-Token": header_values,
        "Cookie": header_values,
        "X-Forwarded-For": header_values,
    },
)
# httpx itself refuses DEL in an address: no server would ever see it.
queries = st.text(st.characters(min_codepoint=32, max_codepoint=0x2FFF, blacklist_characters="#\x7f"), max_size=60)


@pytest.fixture
def served(cli, monkeypatch):
    # wrong keys are part of the fuzz: their slow-down (up to 8 s each) is tested elsewhere
    monkeypatch.setattr("schreiber.web.gate.LONGEST_WAIT", 0.0)
    cli.ok("session", "new", "--rules", "schafkopf", "--players", *PLAYERS)
    ledger = Ledger.open(cli.url)
    __, key = ledger.entry_key()
    with TestClient(
        create_app(ledger, Scope(), interval=0.1, stream_seconds=0.05, entry=[1]), raise_server_exceptions=False
    ) as c:
        yield c, key


def test_posted_hands_never_get_a_5xx(served):
    c, key = served
    page = c.get(f"/?key={key}").text  # the page's token, and its cookie kept by the client
    token = page.split('name="schreiber-token" content="', 1)[1].split('"', 1)[0]

    @FUZZ
    @given(
        body=raw_bodies,
        sent=headers,
        path=st.sampled_from(
            ["/api/hands", "/api/hands", "/entry/hands", "/api/undo", "/entry/void", "/entry/restore"]
        ),
        with_key=st.sampled_from(["bearer", "bearer", "query", "none", "wrong"]),
    )
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
    @given(
        path=st.sampled_from(
            ["/", "/fragment", "/chart.svg", "/entry/state", "/static/entry.js", "/static/..%2f..%2fapp.py", "/events"]
        ),
        query=queries,
        sent=headers,
        with_key=st.booleans(),
    )
    def get(path, query, sent, with_key):
        url = path + "?" + query + (f"&key={key}" if with_key else "")
        r = c.get(url, headers=dict(sent))
        assert r.status_code < 500, (url, sent, r.status_code, r.text[:300])

    get()


# -- every page over a ledger of everything ------------------------------------------------------------

BOSS = "the-organisers-key-for-the-fuzz"
HUGE = "9" * 5000
# Each rule set once; money at the tables of Anna, Berta, Carl and Dora, none at the others (who never sat
# at a money table: the mixed-money page of `serve --all`), a table without a hand, and a season's
# tournament with a Startgeld at the door.
TABLES = [
    (
        "schafkopf",
        ["Anna", "Berta", "Carl", "Dora", "--tariff", "10"],
        ["rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70"],
    ),
    (
        "schafkopf-tarif",
        ["Anna", "Berta", "Carl", "Dora"],
        ["rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70"],
    ),
    ("buchstaben", ["Anna", "Berta", "Carl", "Dora", "--tariff", "20"], ["du", "--player", "Dora", "--won"]),
    (
        "doppelkopf",
        ["Emil", "Fritz", "Gerda", "Hans"],
        ["normal", "--player", "Emil", "--partner", "Fritz", "--augen", "130"],
    ),
    (
        "doppelkopf-turnier",
        ["Emil", "Fritz", "Gerda", "Hans"],
        ["normal", "--player", "Emil", "--partner", "Fritz", "--augen", "130"],
    ),
    (
        "klassisch",
        ["Emil", "Fritz", "Gerda", "Hans", "--teams", "Emil+Gerda", "Fritz+Hans"],
        ["spiel", "--player", "Emil", "--augen", "70"],
    ),
    ("preisschafkopf", ["Emil", "Fritz", "Gerda", "Hans"], ["kreuz", "--player", "Gerda", "--augen", "60"]),
    (
        "skat",
        ["Anna", "Berta", "Carl", "--tariff", "1"],
        ["grand", "--player", "Berta", "--spitzen", "4", "--hand", "--augen", "95"],
    ),
    ("schafkopf", ["Ida", "Jan", "Karl", "Lena"], None),
]


def everything(cli) -> None:
    """The ledger of the fuzz below: every rule set, money and none, a season, its tournament drawn."""
    for rules, players, hand in TABLES:
        cli.ok("session", "new", "--rules", rules, "--players", *players)
        if hand:
            cli.ok("add", *hand)
    cli.ok("season", "new", "Cup", "--rules", "preisschafkopf")
    cli.ok("season", "register", "Anna", "Berta", "Carl", "Dora", "Emil", "Fritz", "Gerda", "Hans", "Ida")
    cli.ok(
        "tournament",
        "new",
        "Kirchweih",
        "--rules",
        "preisschafkopf",
        "--season",
        "1",
        "--hands",
        "4",
        "--seed",
        "9",
        "--set",
        "startgeld=1500",
    )
    cli.ok("tournament", "checkin", *map(str, range(1, 9)))
    cli.ok("tournament", "pay", "1", "2", "3")
    cli.ok("tournament", "draw")
    cli.ok("add", "kreuz", "--player", "Emil", "--augen", "70", "--session", str(len(TABLES) + 1))


interesting = st.sampled_from(
    ["", "all", "0", "-1", "1", "2", "3", "10", "11", HUGE, "9" * 30, "²", "٣", "1e3", "\x00", "ä", BOSS, "wrong"]
)
params = st.lists(
    st.tuples(
        st.sampled_from(["hands", "session", "number", "organiser", "key", "wall", "size", "said", "v", "who"]),
        st.one_of(interesting, st.text(max_size=8)),
    ),
    max_size=4,
)
form_bodies = st.lists(
    st.tuples(st.sampled_from(["who", "new", "token", "number"]), st.one_of(interesting, st.text(max_size=8))),
    max_size=4,
).map(lambda pairs: urlencode(pairs).encode())
json_numbers = st.one_of(st.integers(-(10**30), 10**30), interesting, st.none()).map(lambda n: _raw({"number": n}))
cookies = st.sampled_from([None, f"schreiber_organiser={BOSS}", "schreiber_organiser=wrong", "schreiber_entry=x"])

# Each page's routes: (method, path); the event streams of the tournament and season pages never end by
# themselves, so they are asked with HEAD (the table page's end after 50 ms).
TABLE_ROUTES = [
    ("GET", p)
    for p in ("/", "/fragment", "/chart.svg", "/stats", "/events", "/entry/state", "/static/live.js", "/nowhere")
] + [("POST", p) for p in ("/api/hands", "/api/undo", "/entry/hands", "/entry/undo", "/entry/void", "/entry/restore")]
TOURNAMENT_ROUTES = (
    [("GET", p) for p in ("/", "/fragment", "/chart.svg", "/checkin", "/entry/state")]
    + [("HEAD", "/events")]
    + [("POST", p) for p in ("/checkin", "/cash/pay", "/api/hands", "/api/undo", "/entry/hands", "/entry/void")]
)
SEASON_ROUTES = [("GET", "/"), ("GET", "/fragment"), ("HEAD", "/events"), ("POST", "/api/hands")]


@pytest.fixture
def pages(cli, monkeypatch):
    """A client of every page `serve` makes of the ledger of `everything`: each table, `--all`, the tournament with
    its organiser's page, door and cashbook, the season."""
    from contextlib import ExitStack

    from schreiber.web.app import create_season_app, create_tournament_app

    monkeypatch.setattr("schreiber.web.gate.LONGEST_WAIT", 0.0)
    everything(cli)
    ledger = Ledger.open(cli.url)
    tables = [t.id for t in ledger.tables()]
    keys = [ledger.entry_key(t)[1] for t in tables]
    apps = {
        f"table {t}": (create_app(ledger, Scope(table_id=t), interval=1, stream_seconds=0.05, entry=[t]), TABLE_ROUTES)
        for t in tables
    }
    apps["all"] = (
        create_app(ledger, Scope(all_tables=True), interval=1, stream_seconds=0.05, entry=tables),
        TABLE_ROUTES,
    )
    apps["tournament"] = (create_tournament_app(ledger, 1, interval=1, entry=True, organiser=BOSS), TOURNAMENT_ROUTES)
    apps["season"] = (create_season_app(ledger, 1, interval=1), SEASON_ROUTES)
    with ExitStack() as stack:
        clients = {
            name: (stack.enter_context(TestClient(app, raise_server_exceptions=False)), routes)
            for name, (app, routes) in apps.items()
        }
        yield clients, keys
    ledger.engine.dispose()


def test_no_page_of_any_ledger_answers_5xx_and_every_answer_is_hardened(pages):
    """Every route of the table, entry, organiser, check-in, cash and season pages, over every rule set, money and
    none, a tournament and a season: any query, header, cookie and body answers below 500 with the four headers."""
    from tests.helpers.web import assert_hardened

    clients, keys = pages
    names = sorted(clients)

    @settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
    @given(
        data=st.data(),
        name=st.sampled_from(names),
        query=params,
        sent=headers,
        cookie=cookies,
        key=st.sampled_from([*keys, BOSS, "wrong", None]),
    )
    def ask(data, name, query, sent, cookie, key):
        c, routes = clients[name]
        method, path = data.draw(st.sampled_from(routes))
        sent = dict(sent)
        sent.pop("Cookie", None)
        if cookie:
            sent["Cookie"] = cookie
        if key and data.draw(st.booleans()):
            sent["Authorization"] = f"Bearer {key}"
        query = [*query, *([("key", key)] if key and data.draw(st.booleans()) else [])]
        if name == "tournament" and data.draw(st.booleans()):
            query.append(("organiser", BOSS))  # the organiser's page, payments and door, past their key
        url = path + ("?" + urlencode(query) if query else "")
        if method == "POST":
            body = data.draw(st.one_of(raw_bodies, form_bodies, json_numbers))
            r = c.post(url, content=body, headers=sent)
        else:
            r = c.request(method, url, headers=sent)
        # the door's own form must post with its Origin: same-origin there (web/checkin.py), no-referrer elsewhere
        referrer = "same-origin" if path == "/checkin" else "no-referrer"
        assert_hardened(r, f"{name}: {method} {url[:200]} {sent} → {r.status_code} {r.text[:300]}", referrer)

    ask()
