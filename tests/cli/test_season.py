"""`schreiber season …` as a club's organiser types it (CLI.md "Seasons and players", RULES.md §8), on SQLite and
PostgreSQL: season start numbers, the standings against a recomputation from the tournaments' own standings,
awards, and the refusals."""

from __future__ import annotations

import csv
import io
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.helpers.season import NAMES, play, recompute, shown, tournament_standings


def state(cli) -> tuple:
    """Everything a refused command must leave as it was."""
    return tuple(
        (ran.code, ran.out, ran.err)
        for ran in (
            cli("season", "list", "--format", "json"),
            cli("season", "show"),
            cli("season", "standings", "--format", "json"),
            cli("tournament", "list"),
            cli("tournament", "show"),
            cli("player", "list", "--format", "json"),
        )
    )


def test_season_numbers_carry_into_every_tournament_of_the_season(cli):
    cli.ok("season", "new", "Wirtshauscup", "--rules", "preisschafkopf")
    cli.ok("season", "register", "Anna", "Berta")
    cli.ok("season", "register", "Carl", "--number", "17")
    cli.ok("tournament", "new", "1. Runde", "--rules", "preisschafkopf", "--season", "1")
    out = cli.ok("tournament", "register", "Carl", "Dora", "Anna", "Emil")
    # Carl keeps 17, Anna 1; Dora and Emil, new to the season, get the next free season numbers.
    assert "Carl with start number 17" in out and "Anna with start number 1." in out
    assert "Dora with start number 18" in out and "Emil with start number 19" in out
    shown_ = cli.ok("season", "show")
    assert "  18  Dora" in shown_ and "  19  Emil" in shown_
    # A tournament made before it joined takes its players' season numbers when added.
    cli.ok("tournament", "new", "Nachholer", "--rules", "preisschafkopf")
    cli.ok("tournament", "register", "Emil", "Fritz", "Anna")
    cli.ok("season", "add", "2")
    assert "  19  Emil" in cli.ok("tournament", "show", "2")
    assert "  20  Fritz" in cli.ok("tournament", "show", "2")
    assert "   1  Anna" in cli.ok("tournament", "show", "2")


def test_a_player_registered_but_never_seated_is_no_start(cli):
    rng = random.Random(3)
    cli.ok("season", "new", "Cup", "--rules", "preisschafkopf")
    play(cli, "A", NAMES[:8], 2, rng, season=1, absent=("Zenzi",))
    got = cli.json("season", "standings", "--format", "json")
    assert "Zenzi" not in [p["name"] for p in got["players"]]
    assert {r["field"] for p in got["players"] for r in p["results"]} == {8}
    assert sorted(r["rank"] for p in got["players"] for r in p["results"]) == sorted(
        p["rank"] for p in cli.json("tournament", "standings", "--format", "json")["players"] if p["name"] != "Zenzi"
    )


WERTUNGEN = ["summe", "beste:2", "platzpunkte", "schnitt_platz", "rundenschnitt"]


def test_a_season_of_three_tournaments_against_a_recomputation(cli):
    rng = random.Random(11)
    cli.ok("season", "new", "Jahreswertung", "--rules", "preisschafkopf", "--set", "min_starts=2", "--set", "finale=4")
    play(cli, "Januar", NAMES[:8], 2, rng, season=1)
    play(cli, "Februar", NAMES[3:12], 2, rng, season=1)
    play(cli, "März", NAMES[:4] + NAMES[8:14], 1, rng, season=1)
    tournaments = [tournament_standings(cli, t) for t in (1, 2, 3)]
    for wertung in WERTUNGEN:
        got = cli.json("season", "standings", "--wertung", wertung, "--format", "json")
        assert got["wertung"] == wertung and got["tournaments"] == [1, 2, 3]
        assert shown(got) == recompute(tournaments, wertung, min_starts=2, finale=4), wertung
        # JSON lists the ranked first, in rank order, then those below min_starts.
        ranks = [p["rank"] for p in got["players"]]
        assert ranks == sorted(r for r in ranks if r is not None) + [None] * ranks.count(None)
    table = cli.ok("season", "standings", "--wertung", "schnitt_platz")
    first = cli.json("season", "standings", "--wertung", "schnitt_platz", "--format", "json")["players"][0]
    assert f"{first['score']:.2f}" in table
    rows = list(csv.reader(io.StringIO(cli.ok("season", "standings", "--format", "csv"))))
    assert rows[0][:7] == ["rank", "number", "name", "score", "starts", "rounds", "qualified"]
    assert len(rows) == 1 + len(cli.json("season", "standings", "--format", "json")["players"])


def test_awards_name_everyone_tied(cli):
    rng = random.Random(5)
    cli.ok("season", "new", "Cup", "--rules", "preisschafkopf")
    play(cli, "A", NAMES[:8], 1, rng, season=1)
    play(cli, "B", NAMES[4:12], 1, rng, season=1)
    got = cli.json("season", "awards", "--format", "json")
    season = cli.json("season", "standings", "--format", "json")["players"]
    assert got["most_starts"] == {"players": [p["name"] for p in season if p["starts"] == 2], "value": 2}
    top = max(r["score"] for p in season for r in p["results"] if r)
    assert got["best_score"]["value"] == top
    assert set(got["best_score"]["players"]) == {
        p["name"] for p in season for r in p["results"] if r and r["score"] == top
    }
    averages = {p["name"]: sum(r["rank"] for r in p["results"] if r) / p["starts"] for p in season}
    assert got["best_average_rank"]["value"] == min(averages.values())
    assert set(got["worst_average_rank"]["players"]) == {n for n, v in averages.items() if v == max(averages.values())}
    assert "most starts:" in cli.ok("season", "awards")


@settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(
    seed=st.integers(0, 10_000),
    sizes=st.lists(st.sampled_from([8, 9, 10, 12]), min_size=1, max_size=3),
    wertung=st.sampled_from(WERTUNGEN),
    min_starts=st.integers(1, 3),
)
def test_property_season_standings_equal_a_recomputation_from_the_tournaments(cli, seed, sizes, wertung, min_starts):
    rng = random.Random(seed)
    out = cli.ok(
        "season",
        "new",
        f"S{seed}",
        "--rules",
        "preisschafkopf",
        "--set",
        f"wertung={wertung}",
        "--set",
        f"min_starts={min_starts}",
    )
    season = int(out.split()[1])
    ids = []
    for i, size in enumerate(sizes):
        ids.append(play(cli, f"S{seed}-{season}-{i}", rng.sample(NAMES, size), rng.randint(1, 2), rng, season=season))
    got = cli.json("season", "standings", "--format", "json")
    assert got["tournaments"] == ids
    assert shown(got) == recompute([tournament_standings(cli, t) for t in ids], wertung, min_starts=min_starts)


def test_refusals_change_nothing(cli):
    rng = random.Random(1)
    cli.ok("season", "new", "Cup", "--rules", "preisschafkopf")
    play(cli, "A", NAMES[:8], 1, rng, season=1)
    play(cli, "Doko", NAMES[:8], 1, rng, rules="doppelkopf")
    cli.ok("season", "use", "1")
    before = state(cli)
    cases = [
        (("season", "add", "2"), "points of two rule sets never mix"),
        (
            ("tournament", "new", "Doko 2", "--rules", "doppelkopf", "--season", "1"),
            "points of two rule sets never mix",
        ),
        (("tournament", "new", "X", "--rules", "preisschafkopf", "--season", "9"), "--season: there is no season 9"),
        (("season", "new", "Bad", "--rules", "preisschafkopf", "--set", "wertung=beste:0"), "--set wertung: beste:K"),
        (("season", "new", "Bad", "--rules", "preisschafkopf", "--set", "wertung=bestof"), "--set wertung: use summe"),
        (
            ("season", "new", "Bad", "--rules", "preisschafkopf", "--set", "min_starts=0"),
            "--set min_starts: use a whole number",
        ),
        (("season", "new", "Bad", "--rules", "preisschafkopf", "--set", "farbe=rot"), "--set: a season knows"),
        (("season", "new", "Bad", "--rules", "klassisch"), "--rules: a season is played with"),
        (("season", "standings", "--wertung", "beste:0"), "--wertung: beste:K"),
        (("season", "add", "1"), "counts for season 1"),
        (("season", "add", "99"), "there is no tournament 99"),
        (("season", "register", "Anna"), "Anna is registered already, with season start number"),
        (("season", "register", "Zoe", "--number", "3"), "--number: season start number 3 is taken"),
        (("season", "use", "7"), "there is no season 7"),
    ]
    for args, sentence in cases:
        ran = cli(*args)
        assert ran.code == 2, (args, ran)
        assert sentence in ran.err, (args, ran.err)
        assert len(ran.err.strip().splitlines()) == 1 and "Traceback" not in ran.err
        assert state(cli) == before, args


@pytest.mark.parametrize("rules", ["doppelkopf"])
def test_platz_and_punkte_tournaments_never_mix(cli, rules):
    cli.ok("season", "new", "Liga", "--rules", rules)
    cli.ok("tournament", "new", "1", "--rules", rules, "--season", "1", "--set", "wertung=platz")
    ran = cli("tournament", "new", "2", "--rules", rules, "--season", "1")
    assert ran.code == 2 and "ranks its tournaments by Wertung platz" in ran.err
    assert [t["id"] for t in cli.json("season", "list", "--format", "json")] == [1]
    assert cli.json("season", "list", "--format", "json")[0]["tournaments"] == [1]
