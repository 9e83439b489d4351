"""A tournament's money as the organiser types it: C1's settings and T1 played with money at the door."""

from __future__ import annotations

from tests.helpers.tournament import seats, type_t1_sheets

# numbered, not named: the draw gives them T1's roles (Anna … Hans)
EIGHT = [f"P{i}" for i in range(1, 9)]


C1_SET = [
    "--set",
    "startgeld=1000",
    "--set",
    "verlustspiel=50,50,50,100",
    "--set",
    "auszahlung=80",
    "--set",
    "preise=50%,30%,20%",
]


def t1_day(cli, *money: str) -> dict[str, str]:
    """T1 of §6 through the commands with `money` set and C1's games lost; returns each role's player (Anna … Hans)."""
    cli.ok("tournament", "new", "Herbstturnier", "--rules", "preisschafkopf", "--rounds", "2", "--seed", "7", *money)
    cli.ok("tournament", "register", *EIGHT)
    cli.ok("tournament", "draw")
    first = [set(t["players"]) for t in seats(cli)["tables"]]
    cli.ok("tournament", "draw", "--force")  # T1's sheets are typed in after both draws
    return type_t1_sheets(cli, first, lost={"Anna": 2, "Carl": 5, "Dora": 1})
