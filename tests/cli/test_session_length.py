"""A club evening of a fixed length (RULES.md §7, CLI.md "Skat lists and club evenings"; issue 39):
`session new … --hands N` refuses the hand after the N-th as a tournament's table refuses the hand after
its series, `session set hands=N` lengthens it, and each refusal is one sentence, in English and German."""

from __future__ import annotations

import io
import sys

import pytest

from schreiber import i18n

SKAT = ["session", "new", "--rules", "skat", "--players", "Anna", "Berta", "Carl"]
KREUZ = ["kreuz", "-p", "Anna", "--spitzen", "1", "-a", "75"]


def evening(cli, hands: int, *more: str) -> None:
    """A Skat table of 3 that plays `hands` hands, with `more` of them played."""
    cli.ok(*SKAT, "--hands", str(hands))
    for __ in more:
        cli.ok("add", *KREUZ)


def test_an_evening_of_four_hands_at_a_table_of_three_plays_four_and_refuses_the_fifth(cli):
    evening(cli, 4, *"1234")  # the table's own count: no three quarters at a table of 3
    before = cli.ok("list", "--format", "json")
    for force in ((), ("--force",)):
        ran = cli("add", *KREUZ, *force)
        assert (ran.code, ran.err) == (
            2,
            "schreiber: session 1 has played its 4 hands; `schreiber session set hands=N` lengthens the evening.\n",
        )
    assert cli.ok("list", "--format", "json") == before
    assert cli.ok("list").rstrip().endswith("The series is over: 4 of 4 hands.")
    assert cli.ok("session", "show").rstrip().endswith("  The series is over: 4 of 4 hands.")
    listed = cli.json("session", "list", "--format", "json")
    assert [(t["hands"], t["of"]) for t in listed] == [(4, 4)]


def test_the_length_is_shown_as_the_evening_goes_and_an_evening_without_one_has_none(cli):
    assert "  hands: 0 of 36\n" in cli.ok(*SKAT, "--hands", "36")
    cli.ok("add", *KREUZ)
    shown = cli.ok("session", "show")
    assert "  hands: 1 of 36; next dealer: Berta" in shown and "hands =" not in shown  # not among the rule settings
    assert "Next dealer: Carl" in cli.ok("add", *KREUZ)
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "A", "B", "C", "D")
    assert [t["of"] for t in cli.json("session", "list", "--format", "json")] == [36, None]
    assert "  hands: 0; next dealer: A" in cli.ok("session", "show")
    assert cli.ok("session", "list").splitlines()[2].split()[-2] == "2/36"


def test_session_set_hands_lengthens_the_evening_and_an_undo_reopens_it(cli):
    evening(cli, 2, *"12")
    assert cli("add", *KREUZ).code == 2
    assert "  hands: 2 of 3\n" in cli.ok("session", "set", "hands=3")
    cli.ok("add", *KREUZ)
    assert cli("add", *KREUZ).code == 2
    cli.ok("undo")
    assert "Next dealer: " in cli.ok("list")
    cli.ok("add", *KREUZ)
    cli.ok("session", "set", "hands=3", "--session", "1")  # as long as it is played: it stays over
    assert cli("add", *KREUZ).code == 2


@pytest.mark.parametrize(
    "args, sentence",
    [
        (
            ["hands=2"],
            "session set hands: session 1 has played 3 hands already, so it plays 3 or more, not 2.",
        ),
        (["hands=0"], "session set hands: use a whole number of hands, 1 or more, not '0'."),
        (["hands=viele"], "session set hands: use a whole number of hands, 1 or more, not 'viele'."),
        (
            ["kontra=true"],
            "session set: hands=N is what a started table can change, not 'kontra=true'; the other settings stay as "
            "the table was started, as its hands were scored with them.",
        ),
        (
            ["36"],
            "session set: hands=N is what a started table can change, not '36'; the other settings stay as the "
            "table was started, as its hands were scored with them.",
        ),
    ],
)
def test_a_length_that_cannot_be_is_refused_in_one_sentence_and_changes_nothing(cli, args, sentence):
    evening(cli, 5, *"123")
    ran = cli("session", "set", *args)
    assert (ran.code, ran.err) == (2, f"schreiber: {sentence}\n")
    assert [t["of"] for t in cli.json("session", "list", "--format", "json")] == [5]


def test_hands_of_a_new_evening_must_be_one_or_more(cli):
    for hands in ("0", "-3"):
        ran = cli(*SKAT, "--hands", hands)
        assert (ran.code, ran.err.splitlines()[-1]) == (2, "schreiber: --hands must be 1 or more.")
    assert cli.json("session", "list", "--format", "json") == []


def test_a_tournaments_table_keeps_the_tournaments_series(cli):
    cli.ok("tournament", "new", "Serie", "--rules", "skat", "--rounds", "1", "--hands", "12", "--seed", "3")
    cli.ok("tournament", "register", "Anna", "Berta", "Carl")
    cli.ok("tournament", "draw")
    ran = cli("session", "set", "hands=20", "--session", "1")
    assert (ran.code, ran.err) == (
        2,
        "schreiber: session set hands: session 1 is round 1, table 1 of a tournament; it plays the tournament's "
        "series of 9 hands.\n",
    )


def test_a_piped_evening_stops_at_the_hand_after_its_length(cli, monkeypatch):
    evening(cli, 2)
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join([" ".join(KREUZ)] * 3) + "\n"))
    ran = cli("play")
    assert ran.code == 2
    assert ran.err.strip().endswith(
        "line 3: session 1 has played its 2 hands; `schreiber session set hands=N` lengthens the evening."
    )
    assert [t["hands"] for t in cli.json("session", "list", "--format", "json")] == [2]


def test_the_json_api_refuses_the_hand_after_the_length(cli):
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from schreiber.ledger.reports import Scope
    from schreiber.ledger.service import Ledger
    from schreiber.web.app import create_app

    evening(cli, 1, "1")
    ledger = Ledger.open(cli.url)
    try:
        __, key = ledger.entry_key()
        with TestClient(create_app(ledger, Scope(), interval=0.1, entry=[1])) as c:
            r = c.post(
                "/api/hands",
                json={"type": "kreuz", "player": "Anna", "spitzen": 1, "augen": 75},
                headers={"Authorization": f"Bearer {key}"},
            )
            assert (r.status_code, r.json()) == (
                422,
                {"error": "session 1 has played its 1 hand; `schreiber session set hands=N` lengthens the evening."},
            )
            assert c.get(f"/entry/state?key={key}").json()["ended"] == "The series is over: 1 of 1 hand."
    finally:
        ledger.engine.dispose()


def test_every_sentence_in_german(cli):
    evening(cli, 2, *"12")
    cli.ok("tournament", "new", "Serie", "--rules", "skat", "--rounds", "1", "--hands", "12", "--seed", "3")
    cli.ok("tournament", "register", "Anna", "Berta", "Carl")
    cli.ok("tournament", "draw")
    with i18n.speaking("de"):
        said = {
            args: cli(*args).err
            for args in (
                ("add", *KREUZ, "--session", "1"),
                ("session", "set", "hands=1", "--session", "1"),
                ("session", "set", "hands=null", "--session", "1"),
                ("session", "set", "bock=true", "--session", "1"),
                ("session", "set", "hands=20", "--session", "2"),
            )
        }
        assert list(said.values()) == [
            "schreiber: Tisch 1 hat seine 2 Spiele gespielt; `schreiber session set hands=N` verlängert den Abend.\n",
            "schreiber: session set hands: Tisch 1 hat schon 2 Spiele gespielt, also dauert er 2 oder mehr, nicht 1.\n",
            "schreiber: session set hands: eine ganze Zahl von Spielen, 1 oder mehr, nicht 'null'.\n",
            "schreiber: session set: an einem begonnenen Tisch lässt sich hands=N ändern, nicht 'bock=true'; die "
            "anderen Einstellungen bleiben, wie der Tisch begonnen wurde, denn seine Spiele wurden mit ihnen "
            "gewertet.\n",
            "schreiber: session set hands: Tisch 2 ist Runde 1, Tisch 1 eines Turniers; er spielt die Serie des "
            "Turniers von 9 Spielen.\n",
        ]
        assert cli.ok("list", "--session", "1").rstrip().endswith("Die Serie ist zu Ende: 2 von 2 Spielen.")
        assert "  Spiele: 2 von 2\n" in cli.ok("session", "set", "hands=2", "--session", "1")
        cli.ok("session", "set", "hands=3", "--session", "1")
        assert "  Spiele: 2 von 3; nächster Geber: " in cli.ok("session", "show", "1")
