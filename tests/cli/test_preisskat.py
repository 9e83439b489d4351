"""A Preisskat of 32 end to end (issue 43, Done when): 8 Mannschaften, 6 Tandems, a Damen and a Senioren category,
goods and special prizes, 3 Serien of Skat — standings, team standings, cashbook and payout PDF held against a
recomputation from TEAMS.md §10.1–§10.2 written out here (no ties, so rule 6 gives place = rank)."""

from __future__ import annotations

from tests.helpers.pdf import pdf_text

PLAYERS = [f"P{i:02d}" for i in range(1, 33)]
# Each player's Spielpunkte in the three Serien: totals all different, in an order unlike the start numbers.
TOTAL = {p: 1000 - 20 * ((i * 7) % 32) + i for i, p in enumerate(PLAYERS, start=1)}
SERIE = {p: (t // 3, t // 3, t - 2 * (t // 3)) for p, t in TOTAL.items()}
DAMEN = [p for i, p in enumerate(PLAYERS, start=1) if i % 4 == 1]
SENIOREN = [p for i, p in enumerate(PLAYERS, start=1) if i % 5 == 0]
MANNSCHAFTEN = {f"M{k + 1}": PLAYERS[4 * k : 4 * k + 4] for k in range(8)}
TANDEMS = {f"T{j + 1}": PLAYERS[2 * j : 2 * j + 2] for j in range(6)}
MAIN = [
    (8000, None, 0),
    (5000, None, 0),
    (0, "Geschenkkorb", 3000),
    (2000, None, 0),
    (0, "Schinken", 1500),
    (1000, None, 0),
]
LISTS = {
    "damen": [(2000, None, 0), (0, "Blumen", 1500), (1000, None, 0)],
    "senioren": [(1500, None, 0), (1000, None, 0)],
}
SETTINGS = (
    "startgeld=1000",
    "preise=8000,5000,sach:Geschenkkorb:3000,2000,sach:Schinken:1500,1000",
    "kategorien=damen,senioren",
    "damen.preise=2000,sach:Blumen:1500,1000",
    "senioren.preise=1500,1000",
    "sonderpreise=letzter:Trostpreis:500,mitte:300",
    "teams=mannschaft:4,tandem:2",
    "getrennt=mannschaft",
    "mannschaft.startgeld=2000",
    "mannschaft.preise=60%,40%",
    "tandem.startgeld=1000",
    "tandem.preise=70%,30%",
)


def recompute() -> dict:
    """TEAMS.md §10.2 by hand: places by rank, doppelpreis=nein passes, special prizes, the Kasse; §10.1 team prizes."""
    order = sorted(PLAYERS, key=lambda p: -TOTAL[p])
    rankings = {
        "preise": order,
        **{k: [p for p in order if p in m] for k, m in (("damen", DAMEN), ("senioren", SENIOREN))},
    }
    items = {"preise": MAIN, **LISTS}
    excluded = {name: set() for name in items}
    while True:
        got = {}
        for name, ranking in rankings.items():
            left = [p for p in ranking if p not in excluded[name]]
            for p, item in zip(left, items[name]):
                got.setdefault(p, {})[name] = item
        double = next((p for p in order if len(got.get(p, {})) > 1), None)
        if double is None:
            break
        worth = {name: item[0] + item[2] for name, item in got[double].items()}
        keep = max(worth, key=lambda name: (worth[name], -list(items).index(name)))
        for name in items:
            if name != keep:
                excluded[name].add(double)
    special = {order[31]: (0, "Trostpreis", 500), order[15]: (300, None, 0)}
    cash = {p: sum(i[0] for i in g.values()) for p, g in got.items()}
    for p, item in special.items():
        cash[p] = cash.get(p, 0) + item[0]
    goods = [i for g in got.values() for i in g.values() if i[1]] + [i for i in special.values() if i[1]]
    kasse = 32 * 1000 - sum(cash.values()) - sum(i[2] for i in goods)
    teams = {}
    for competition, members, pot, shares in (
        ("mannschaft", MANNSCHAFTEN, 8 * 2000, (60, 40)),
        ("tandem", TANDEMS, 6 * 1000, (70, 30)),
    ):
        ranked = sorted(members, key=lambda name: -sum(TOTAL[p] for p in members[name]))
        assert len({sum(TOTAL[p] for p in m) for m in members.values()}) == len(members)  # no tie: no rule 4 here
        for name, percent in zip(ranked, shares):
            prize = pot * percent // 100
            for p in members[name]:
                cash[p] = cash.get(p, 0) + prize // len(members[name])
        teams[competition] = ranked
    return {"order": order, "got": got, "special": special, "cash": cash, "kasse": kasse, "teams": teams}


def test_a_preisskat_of_32_runs_end_to_end(cli, tmp_path):
    cli.ok("tournament", "new", "Preisskat", "--rules", "skat", "--rounds", "3", "--hands", "48", "--seed", "skat32")
    cli.ok("tournament", "register", *PLAYERS)
    cli.ok("tournament", "set", *SETTINGS)
    for p in DAMEN + SENIOREN:
        cli.ok(
            "tournament", "kategorie", p, ",".join(k for k, m in (("damen", DAMEN), ("senioren", SENIOREN)) if p in m)
        )
    for name, members in MANNSCHAFTEN.items():
        cli.ok("tournament", "team", "add", "mannschaft", name, *members)
    for name, members in TANDEMS.items():
        cli.ok("tournament", "team", "add", "tandem", name, *members)
    cli.ok("tournament", "pay", *PLAYERS)
    cli.ok("tournament", "team", "pay", "mannschaft", *MANNSCHAFTEN)
    cli.ok("tournament", "team", "pay", "tandem", *TANDEMS)
    for serie in (1, 2, 3):
        cli.ok("tournament", "draw")
        for t in cli.json("tournament", "tables", "--format", "json")["tables"]:
            seated = t["players"]
            for team in MANNSCHAFTEN.values():
                assert len(set(team) & set(seated)) <= 1, (serie, seated)
            points = [f"{p}={SERIE[p][serie - 1]}" for p in seated]  # 3 games won, none lost: points + 150 each
            games = [f"--{word}={p}={n}" for p in seated for word, n in (("won", 3), ("lost", 0))]
            cli.ok("tournament", "result", str(serie), str(t["table"]), *points, *games)
    expected = recompute()

    standings = cli.json("tournament", "standings", "--format", "json")
    assert standings["final"] and [p["name"] for p in standings["players"]] == expected["order"]
    for competition in ("mannschaft", "tandem"):
        got = cli.json("tournament", "team", "standings", competition, "--format", "json")
        assert [t["name"] for t in got["teams"]][: len(expected["teams"][competition])] == expected["teams"][
            competition
        ]
    book = cli.json("tournament", "cash", "--format", "json")
    by_name = {p["name"]: p for p in book["players"]}
    assert {p: line["prize"] for p, line in by_name.items() if line["prize"]} == {
        p: c for p, c in expected["cash"].items() if c
    }
    for p, lists in expected["got"].items():
        mine = {x["list"]: x for x in by_name[p]["prizes"] if not x["list"].startswith("team:")}
        for name, (cents, sach, value) in lists.items():
            assert (mine[name]["cents"], mine[name].get("sach"), mine[name].get("value", 0)) == (cents, sach, value), p
    assert book["kasse"] == expected["kasse"] and book["pot"] == 32000
    damen = cli.json("tournament", "standings", "--kategorie", "damen", "--format", "json")
    assert [p["name"] for p in damen["players"]] == [p for p in expected["order"] if p in DAMEN]
    pdf = tmp_path / "auszahlung.pdf"
    cli.ok("tournament", "cash", "--output", str(pdf))
    words = pdf_text(pdf)
    for goods in ("Geschenkkorb", "Schinken", "Blumen", "Trostpreis"):
        assert goods in words, goods
