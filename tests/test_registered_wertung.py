"""A Wertung is a value in the registry (scoring/wertung.py), and nothing else needs to know it (issue 40): one
defined only here — the most games won as declarer, fewer lost breaking a tie — is offered to a Skat
tournament once registered, refused before, and ranks the standings in the terminal, the JSON, the PDF (read
back with pdftotext) and the page, with its own words for its score. Registered through monkeypatch, so it is
gone after the test. On SQLite and PostgreSQL."""

from __future__ import annotations

import shutil

import pytest
from starlette.testclient import TestClient

from schreiber import i18n
from schreiber.i18n import N_
from schreiber.ledger.service import Ledger
from schreiber.scoring import wertung
from schreiber.scoring.wertung import TOURNAMENT, Wertung
from schreiber.web.app import create_tournament_app
from tests.helpers.pdf import pdf_text
from tests.helpers.web import text

MEISTE = Wertung(
    "meiste",
    N_("most games won"),
    "won",  # its score: the games won as declarer, summed over the tables
    ties=("-lost", "points"),
    score_word=N_("declarer wins"),  # words no catalog knows, so German shows them as written
    needs_games=True,  # a sheet must give them, and only a game whose standings count them can rank by it
)

# One table of 4: (Spielpunkte, games won, games lost as declarer). By games won: Anna 5, then Berta and Carl
# with 3 each (Berta lost none), then Dora. Seeger-Fabian would put Berta first (570 to Anna's 390).
SHEET = {"Anna": (100, 5, 1), "Berta": (300, 3, 0), "Carl": (50, 3, 2), "Dora": (-40, 0, 1)}
ORDER = ["Anna", "Berta", "Carl", "Dora"]


def _tournament(cli) -> None:
    cli.ok("tournament", "new", "Pokal", "--rules", "skat", "--set", "wertung=meiste", "--rounds", "1", "--hands", "24")
    cli.ok("tournament", "register", *SHEET)
    cli.ok("tournament", "draw")
    cli.ok(
        "tournament",
        "result",
        "1",
        "1",
        *[f"{name}={p}" for name, (p, _w, _l) in SHEET.items()],
        *[f"--won={name}={w}" for name, (_p, w, _l) in SHEET.items()],
        *[f"--lost={name}={n}" for name, (_p, _w, n) in SHEET.items()],
    )


def _order(lines: list[str]) -> list[str]:
    """The players' names in the order the list prints them."""
    return [name for line in lines for name in ORDER if f" {name} " in f" {line} "]


def test_a_wertung_defined_here_ranks_every_form_of_the_standings(cli, monkeypatch, tmp_path):
    refused = cli("tournament", "new", "Pokal", "--rules", "skat", "--set", "wertung=meiste")
    assert refused.code == 2 and "--set wertung: use seeger or punkte, not 'meiste'." in refused.out + refused.err

    with monkeypatch.context() as m:
        m.setitem(wertung.REGISTRY, (TOURNAMENT, MEISTE.name), MEISTE)
        # The choices a refusal names come from the registry; a game of tables of 4 and 5 counting Soli is not
        # offered a Wertung that needs the games won and lost.
        said = cli("tournament", "new", "X", "--rules", "skat", "--set", "wertung=beste")
        assert "use seeger, punkte or meiste, not 'beste'." in said.out + said.err
        said = cli("tournament", "new", "X", "--rules", "schafkopf", "--set", "wertung=meiste")
        assert said.code == 2 and "use punkte or platz, not 'meiste'." in said.out + said.err

        _tournament(cli)
        got = cli.json("tournament", "standings", "--format", "json")
        assert got["wertung"] == "meiste"
        assert [(p["name"], p["rank"], p["score"], p["won"], p["lost"]) for p in got["players"]] == [
            ("Anna", 1, 5, 5, 1),
            ("Berta", 2, 3, 3, 0),
            ("Carl", 3, 3, 3, 2),
            ("Dora", 4, 0, 0, 1),
        ]

        terminal = cli.ok("tournament", "standings")
        assert "Wertung meiste" in terminal.splitlines()[0]
        header = next(line for line in terminal.splitlines() if "R1" in line)
        assert header.split()[3:9] == ["declarer", "wins", "Spielpunkte", "won", "lost", "R1"]
        assert _order(terminal.splitlines()) == ORDER
        # Each round's figure is the Wertung's score of it: Anna's 5 games won.
        assert next(line for line in terminal.splitlines() if " Anna " in line).split()[-5:] == [
            "5",
            "100",
            "5",
            "1",
            "5",
        ]

        if shutil.which("pdftotext"):
            out = tmp_path / "rangliste.pdf"
            cli.ok("tournament", "standings", "--output", str(out))
            printed = pdf_text(out)
            assert "Wertung meiste" in printed
            assert next(line for line in printed.splitlines() if "R1" in line).split()[3:9] == [
                "Declarer",
                "wins",
                "Spielpunkte",
                "Won",
                "Lost",
                "R1",
            ]
            assert _order(printed.splitlines()) == ORDER

        with TestClient(create_tournament_app(Ledger.open(cli.url), 1, interval=0.1)) as c:
            page = text(c.get("/").text)
        assert "Wertung (scoring) most games won" in page
        standings = page[page.index("Final standings") :]
        assert "declarer wins Spielpunkte won lost R1" in standings
        assert _order(standings.split(" R1 ", 1)[1].split()) == ORDER

        with i18n.speaking("de"):  # a word the catalog does not know is shown as the Wertung wrote it
            assert "declarer wins" in cli.ok("tournament", "standings")

    # Gone with the test: the tournament's Wertung is no longer known, and no new one may choose it.
    assert MEISTE.name not in wertung.names(TOURNAMENT)
    assert cli("tournament", "new", "Y", "--rules", "skat", "--set", "wertung=meiste").code == 2


def test_a_sheet_under_it_must_give_the_games(cli, monkeypatch):
    monkeypatch.setitem(wertung.REGISTRY, (TOURNAMENT, MEISTE.name), MEISTE)
    cli.ok("tournament", "new", "Pokal", "--rules", "skat", "--set", "wertung=meiste", "--rounds", "1", "--hands", "24")
    cli.ok("tournament", "register", *SHEET)
    cli.ok("tournament", "draw")
    said = cli("tournament", "result", "1", "1", *[f"{name}={p}" for name, (p, _w, _l) in SHEET.items()])
    assert said.code == 2
    assert "--won: under most games won the sheet gives every player's games won and lost" in said.out + said.err


@pytest.mark.parametrize(
    "kind, names",
    [
        ("evening", ("punkte", "seeger")),
        ("tournament", ("punkte", "platz", "seeger")),
        ("season", ("summe", "beste", "platzpunkte", "schnitt_platz", "rundenschnitt")),
    ],
)
def test_the_registry_holds_every_kind(kind, names):
    assert wertung.names(kind) == names
