"""Worked example P2 of TEAMS.md §10.2 (a Schafkopfrennen of 20, `schafkopf`, `wertung = punkte`) played through the
commands: the draw is the draw's, so both rounds are drawn first and each player's two round results are solved
so that every sheet adds up to 0 and he ends with P2's score (Dora and Karl with the same two rounds: equal in
score, Soli and best round)."""

from __future__ import annotations

# P2's standings by start number (registered in this order): name, score.
P2 = {
    1: ("Anton", 17), 2: ("Berta", 51), 3: ("Christl", -33), 4: ("Dora", 38), 5: ("Emil", 0),
    6: ("Franz", -14), 7: ("Georg", 64), 8: ("Hanna", -17), 9: ("Ida", 22), 10: ("Josef", -22),
    11: ("Karl", 38), 12: ("Lena", -9), 13: ("Max", 9), 14: ("Niko", -60), 15: ("Otto", 30),
    16: ("Paul", -28), 17: ("Quirin", -40), 18: ("Rosa", 4), 19: ("Sepp", -47), 20: ("Toni", -3),
}  # fmt: skip
NAMES = [P2[n][0] for n in sorted(P2)]
DAMEN = ["Berta", "Christl", "Dora", "Hanna", "Ida", "Lena", "Rosa"]
DAMEN_PAID = [d for d in DAMEN if d not in ("Christl", "Rosa")]
SETTINGS = (
    "startgeld=1500",
    "preise=10000,5000,sach:Geschenkkorb:4000,sach:Brotzeit:2500,2000,1000",
    "kategorien=damen",
    "damen.startgeld=500",
    "damen.preise=3000,2000,1000",
    "sonderpreise=vorletzter:Pressack:800,mitte:500",
)
TIED = ("Dora", "Karl")  # their second round is 0, so both rounds are the same

# The prizes of every variant of P2 (TEAMS.md §10.2), as the example gives them.
KORB, BROTZEIT, PRESSACK = "Geschenkkorb", "Brotzeit", "Pressack"
P2_SPECIAL = {"Emil": [("sonderpreise", "mitte", 500, None)], "Sepp": [("sonderpreise", "vorletzter", 0, PRESSACK)]}
P2_RENNEN = {
    "Georg": [("preise", 1, 10000, None)],
    "Berta": [("preise", 2, 5000, None)],
    "Dora": [("preise", 3, 0, KORB)],
    "Karl": [("preise", 4, 0, BROTZEIT)],
    "Otto": [("preise", 5, 2000, None)],
    "Anton": [("preise", 6, 1000, None)],
    "Ida": [("damen", 1, 3000, None)],
    "Lena": [("damen", 2, 2000, None)],
    "Hanna": [("damen", 3, 1000, None)],
    **P2_SPECIAL,
}
P2_CASES = {  # variant: seed, more settings, then who gets which prize (list, place, cents, goods) and the Kasse
    "rennen": ("rennen", (), P2_RENNEN, 700),
    "gespendet": ("rennen", ("sachpreise_bezahlt=gespendet",), P2_RENNEN, 8000),
    "kirchweih": (
        "kirchweih",
        (),
        {
            **P2_RENNEN,
            "Karl": [("preise", 3, 0, KORB)],
            "Otto": [("preise", 4, 0, BROTZEIT)],
            "Ida": [("preise", 5, 2000, None)],
            "Dora": [("damen", 1, 3000, None)],
        },
        700,
    ),
    "doppelpreis": (
        "rennen",
        ("doppelpreis=ja",),
        {
            "Georg": [("preise", 1, 10000, None)],
            "Berta": [("preise", 2, 5000, None), ("damen", 1, 3000, None)],
            "Dora": [("preise", 3, 0, KORB), ("damen", 2, 2000, None)],
            "Karl": [("preise", 4, 0, BROTZEIT)],
            "Otto": [("preise", 5, 2000, None)],
            "Ida": [("preise", 6, 1000, None), ("damen", 3, 1000, None)],
            **P2_SPECIAL,
        },
        700,
    ),
    "plus_preis": (
        "rennen",
        ("plus_preis=1500",),
        {
            **P2_RENNEN,
            "Anton": [("preise", 6, 1000, None), ("plus_preis", None, 500, None)],
            "Max": [("plus_preis", None, 1500, None)],
            "Rosa": [("plus_preis", None, 1500, None)],
        },
        -2800,
    ),
    "preise_je_tisch": (
        "rennen",
        ("preise=0", "preise_je_tisch=1.5", "auszahlung=80"),
        {
            "Georg": [("preise", 1, 6300, None)],
            "Berta": [("preise", 2, 5100, None)],
            "Dora": [("preise", 3, 3800, None)],
            "Karl": [("preise", 3, 3800, None)],
            "Otto": [("preise", 5, 2500, None)],
            "Anton": [("preise", 6, 1700, None)],
            "Max": [("preise", 7, 800, None)],
            "Ida": [("damen", 1, 3000, None)],
            "Lena": [("damen", 2, 2000, None)],
            "Hanna": [("damen", 3, 1000, None)],
            **P2_SPECIAL,
        },
        1200,
    ),
}


def solve(target: dict[str, int], first: list[list[str]], second: list[list[str]]) -> dict[str, int]:
    """Each player's second-round result a, so that his first round is target − a: every first-round table adds
    up to 0 (its targets' sum) and every second-round table to 0. A flow on the tables' bipartite graph (a player
    is an edge), solved on a spanning tree that leaves out the tied players (their a is 0)."""
    row = {p: i for i, table in enumerate(first) for p in table}
    col = {p: len(first) + j for j, table in enumerate(second) for p in table}
    demand = {i: sum(target[p] for p in table) for i, table in enumerate(first)}
    demand |= {len(first) + j: 0 for j in range(len(second))}
    parent = list(range(len(first) + len(second)))

    def root(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    tree: list[str] = []
    for p in [p for p in target if p not in TIED] + list(TIED):
        a, b = root(row[p]), root(col[p])
        if a != b:
            parent[a] = b
            tree.append(p)
    value = dict.fromkeys(target, 0)
    edges = list(tree)
    while edges:
        for p in edges:
            ends = (row[p], col[p])
            leaf = next((e for e in ends if sum(1 for q in edges if e in (row[q], col[q])) == 1), None)
            if leaf is not None:
                other = ends[1] if leaf == ends[0] else ends[0]
                value[p] = demand[leaf]
                demand[other] -= demand[leaf]
                demand[leaf] = 0
                edges.remove(p)
                break
    return value


def play_p2(cli, *more: str, seed: str = "rennen") -> None:
    """P2 through the CLI: 20 players, 2 rounds of `schafkopf` sheets, the settings of P2 (and `more`)."""
    cli.ok("tournament", "new", "P2", "--rules", "schafkopf", "--rounds", "2", "--seed", seed)
    for name in NAMES:  # start numbers 1 … 20 in this order; the Damen registered in their category
        cli.ok("tournament", "register", name, *(("--kategorie", "damen") if name in DAMEN else ()))
    cli.ok("tournament", "set", *SETTINGS, *more)
    cli.ok("tournament", "pay", *NAMES)
    cli.ok("tournament", "pay", *DAMEN_PAID, "--kategorie", "damen")
    cli.ok("tournament", "draw")
    cli.ok("tournament", "draw", "--force")
    first = [t["players"] for t in cli.json("tournament", "tables", "--round", "1", "--format", "json")["tables"]]
    second = [t["players"] for t in cli.json("tournament", "tables", "--round", "2", "--format", "json")["tables"]]
    target = {name: score for name, score in P2.values()}
    a = solve(target, first, second)
    for round_, tables, points in ((1, first, {p: target[p] - a[p] for p in target}), (2, second, a)):
        for number, seated in enumerate(tables, start=1):
            cli.ok("tournament", "result", str(round_), str(number), *[f"{p}={points[p]}" for p in seated])
