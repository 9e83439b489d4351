"""An eleven-player Skat tournament whose Rangliste after round one is worked out by hand (RULES.md §7)."""

from __future__ import annotations


# Each table's sheet by seat: (Spielpunkte, games won, games lost as declarer). The roles name who is who,
# as the draw seats them: "a1" is the second of the first table of 4.
TABLE_A = [(500, 10, 1), (300, 8, 2), (150, 5, 2), (-100, 1, 3)]


TABLE_B = [(300, 8, 2), (180, 6, 3), (-50, 2, 2), (420, 9, 1)]


TABLE_C = [(250, 7, 2), (90, 4, 3), (0, 0, 0)]  # the table of 3


# The Rangliste by role, as RULES.md §7 ranks it: (rank, Seeger-Fabian score, Spielpunkte, won, lost, by lot).
# a1 and b0 tie in all three and are placed by lot (3 and 4, either way); b1 and a2 tie on score, b1 has won more.
EXPECTED = {
    "a0": (1, 1160, 500, 10, 1, False),
    "b3": (2, 1030, 420, 9, 1, False),
    "a1": ({3, 4}, 780, 300, 8, 2, True),
    "b0": ({3, 4}, 780, 300, 8, 2, True),
    "c0": (5, 620, 250, 7, 2, False),
    "b1": (6, 480, 180, 6, 3, False),
    "a2": (7, 480, 150, 5, 2, False),
    "c1": (8, 220, 90, 4, 3, False),
    "c2": (9, 200, 0, 0, 0, False),
    "b2": (10, 130, -50, 2, 2, False),
    "a3": (11, -50, -100, 1, 3, False),
}


PLAYERS = ["Anna", "Berta", "Carl", "Dora", "Emil", "Fritz", "Gerda", "Hans", "Ida", "Jens", "Karl"]


def eleven(cli, rounds: int = 1) -> dict[str, str]:
    """The tournament after its first round, every table by sheet; the roles of EXPECTED -> the names."""
    cli.ok("tournament", "new", "Vereinsmeisterschaft", "--rules", "skat", "--rounds", str(rounds), "--seed", "7")
    cli.ok("tournament", "register", *PLAYERS)
    cli.ok("tournament", "draw")
    tables = cli.json("tournament", "tables", "--format", "json")["tables"]
    fours = [t for t in tables if len(t["players"]) == 4]
    three = next(t for t in tables if len(t["players"]) == 3)
    roles: dict[str, str] = {}
    for letter, table, lines in (("a", fours[0], TABLE_A), ("b", fours[1], TABLE_B), ("c", three, TABLE_C)):
        seated = table["players"]
        cli.ok(
            "tournament",
            "result",
            "1",
            str(table["table"]),
            *[f"{name}={p}" for name, (p, _w, _l) in zip(seated, lines)],
            *[f"--won={name}={w}" for name, (_p, w, _l) in zip(seated, lines)],
            *[f"--lost={name}={n}" for name, (_p, _w, n) in zip(seated, lines)],
        )
        roles |= {f"{letter}{i}": name for i, name in enumerate(seated)}
    return roles
