"""A series closes, in every tournament rule set (RULES.md §6, §7; issue 39): a table that has played its
`--hands` refuses the next hand with one sentence on the command line (with or without --force), in `play`
on a terminal, on the entry page and in the JSON API; `list`, `play` and the pages say the series is over
instead of naming a next dealer; the table stays finished and the standings do not move."""

from __future__ import annotations

import re

import pexpect
import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from schreiber import i18n  # noqa: E402
from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.web.app import create_tournament_app  # noqa: E402
from tests.helpers.terminal import SCHREIBER, terminal_env, expect  # noqa: E402
from tests.helpers.web import text  # noqa: E402

NAMES = ["Anna", "Berta", "Carl", "Dora", "Emil"]
BOSS = "the-organisers-own-key-for-this-test"

# rule set: (players, --hands, the hands their one table plays, a hand of `player` as `add` takes it)
RULE_SETS = {
    "skat": (3, 12, 9, lambda p: ["kreuz", "-p", p, "--spitzen", "1", "-a", "75"]),  # three quarters at 3
    "preisschafkopf": (5, 4, 5, lambda p: ["wenz", "-p", p, "-a", "70"]),  # 5/4 at a table of 5
    "schafkopf": (4, 4, 4, lambda p: ["wenz", "-p", p, "-a", "70"]),
    "schafkopf-tarif": (4, 4, 4, lambda p: ["wenz", "-p", p, "-a", "70"]),
    "doppelkopf": (4, 4, 4, lambda p: ["trumpfsolo", "-p", p, "-a", "150"]),
    "doppelkopf-turnier": (4, 4, 4, lambda p: ["trumpfsolo", "-p", p, "-a", "150"]),
}


def body_of(words: list[str]) -> dict:
    """The same hand as the JSON API takes it."""
    body: dict = {"type": words[0]}
    for option, value in zip(words[1::2], words[2::2], strict=True):
        body[{"-p": "player", "-a": "augen", "--spitzen": "spitzen"}[option]] = value if option == "-p" else int(value)
    return body


def played_out(cli, rules: str) -> tuple[str, list[str], int, list[str]]:
    """A one-round tournament of `rules` whose one table has played its series, hand by hand: (session,
    seats, hands of the series, the hand after them)."""
    size, hands, of, hand = RULE_SETS[rules]
    cli.ok("tournament", "new", "Serie", "--rules", rules, "--rounds", "1", "--hands", str(hands), "--seed", "3")
    cli.ok("tournament", "register", *NAMES[:size])
    cli.ok("tournament", "draw")
    table = cli.json("tournament", "tables", "--format", "json")["tables"][0]
    assert table["of"] == of
    seated = table["players"]
    # The deal passes after every hand; the player after the dealer plays (at a table of 5 the dealer sits out).
    for k in range(of):
        cli.ok("add", "--session", str(table["session"]), *hand(seated[(k + 1) % size]))
    return str(table["session"]), seated, of, hand(seated[(of + 1) % size])


def key_of(cli, session: str) -> str:
    return cli.ok("session", "key", "--session", session).strip().rsplit("?key=", 1)[1]


@pytest.mark.parametrize("rules", list(RULE_SETS))
def test_the_hand_after_the_series_is_refused_everywhere_and_nothing_moves(cli, db_url, tmp_path, rules):
    session, seated, of, after = played_out(cli, rules)
    refused = f"round 1, table 1 has played its {of} hands."
    over = f"The series is over: {of} of {of} hands."
    standings = cli.json("tournament", "standings", "--format", "json")
    assert standings["unfinished"] == [] and standings["final"] is True
    hands = cli.ok("list", "--session", session, "--format", "json")

    # The command line: one sentence, exit 2, and --force does not help (the hand belongs to no hand of this table).
    for force in ((), ("--force",)):
        ran = cli("add", "--session", session, *after, *force)
        assert (ran.code, ran.err) == (2, f"schreiber: {refused}\n"), force
    listed = cli.ok("list", "--session", session)
    assert listed.rstrip().endswith(over) and "Next dealer" not in listed
    shown = cli.ok("session", "show", session)
    assert over in shown and "next dealer" not in shown

    # `play` on a terminal: the bar says the series is over, the hand is refused, the prompt stays.
    child = pexpect.spawn(
        SCHREIBER,
        ["play", "--session", session],
        env=terminal_env(db_url, tmp_path),
        encoding="utf-8",
        dimensions=(30, 140),
    )
    child.timeout = 30
    try:
        expect(child, "series over ›")
        expect(child, re.escape(over))  # the status bar, under the prompt
        child.send(" ".join(after) + "\r")
        expect(child, re.escape(refused))
        expect(child, "series over ›")
        child.sendcontrol("c")  # the refused line came back to be corrected: cleared
        child.send("list\r")
        expect(child, "dealer")  # the list's header, then its last line, then the prompt again
        expect(child, re.escape(over))
        expect(child, "series over ›")
        child.sendcontrol("d")
        expect(child, pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0

    # The entry page shows the series as ended with no form to post; the page's write and the API answer 422.
    key = key_of(cli, session)
    ledger = Ledger.open(cli.url)
    try:
        app = create_tournament_app(ledger, 1, interval=0.1, entry=True, organiser=BOSS)
        with TestClient(app) as c:
            page = c.get(f"/?key={key}")
            assert page.status_code == 200 and over in text(page.text)
            assert (
                '<section id="choose" hidden>' in page.text
                and '<form id="hand" autocomplete="off" hidden>' in page.text
            )
            assert c.get(f"/entry/state?key={key}").json()["ended"] == over
            token = re.search(r'name="schreiber-token" content="([^"]+)"', page.text).group(1)
            posted = c.post(f"/entry/hands?key={key}", json=body_of(after), headers={"X-Schreiber-Token": token})
            assert posted.status_code == 422 and posted.json()["error"] == refused[:1].upper() + refused[1:]
            bearer = {"Authorization": f"Bearer {key}"}
            r = c.post("/api/hands", json=body_of(after), headers=bearer)
            assert (r.status_code, r.json()) == (422, {"error": refused})
            assert c.post("/api/hands", json=body_of(after) | {"force": True}, headers=bearer).status_code == 422
            # The read-only page of the table says it too, instead of a next dealer.
            seen = text(c.get(f"/?session={session}").text)
            assert over in seen and "Next dealer" not in seen
    finally:
        ledger.engine.dispose()

    # Nothing moved: the table stays finished with its hands, the standings are as they were.
    assert cli.ok("list", "--session", session, "--format", "json") == hands
    assert cli.json("tournament", "standings", "--format", "json") == standings
    table = cli.json("tournament", "tables", "--format", "json")["tables"][0]
    assert table["hands"] == table["of"] == of


def test_an_edit_stays_allowed_and_an_undo_reopens_the_series(cli):
    session, seated, of, after = played_out(cli, "skat")
    cli.ok("edit", "1", "--session", session, "-a", "95")  # a correction of a hand played: allowed
    assert "The series is over: 9 of 9 hands." in cli.ok("list", "--session", session)
    cli.ok("undo", "--session", session)
    listed = cli.ok("list", "--session", session)
    assert "Next dealer: " in listed and "series is over" not in listed
    assert cli.json("tournament", "standings", "--format", "json")["unfinished"] == [
        {"round": 1, "table": 1, "hands": 8, "of": 9}
    ]
    cli.ok("add", "--session", session, *after)  # the ninth hand again: the series is played
    assert cli("add", "--session", session, *after).code == 2
    # A voided hand brought back would be a tenth: refused with the same sentence; the ninth is the last.
    cli.ok("void", "3", "--session", session)
    cli.ok("add", "--session", session, *after)
    ran = cli("restore", "3", "--session", session)
    assert (ran.code, ran.err) == (2, "schreiber: round 1, table 1 has played its 9 hands.\n")


def test_the_sentences_in_german(cli):
    session, seated, of, after = played_out(cli, "schafkopf")
    with i18n.speaking("de"):
        ran = cli("add", "--session", session, *after)
        assert ran.err == "schreiber: Runde 1, Tisch 1 hat seine 4 Spiele gespielt.\n"
        assert cli.ok("list", "--session", session).rstrip().endswith("Die Serie ist zu Ende: 4 von 4 Spielen.")
