"""`schreiber stats`: hand-counted statistics of small tables of every rule set, and a property
over generated seasons (stats agree with report; the roles add up to the hands sat at)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.strategies import PLAYERS, renamed, schafkopf_hands

FOUR = ["--players", "Anna", "Berta", "Carl", "Dora"]


def add(cli, *hands: str) -> None:
    for hand in hands:
        cli.ok("add", *hand.split())


def group(data, rules):
    return next(g for g in data["groups"] if g["rules"] == rules)


def lines(g):
    return {p["name"]: p for p in g["players"]}


def pw(played, won):
    return {"played": played, "won": won}


def report_points(cli, *scope):
    rep = cli.json("report", *scope, "--format", "json")
    return {g["rules"]: {p["name"]: p["points"] for p in g["players"]} for g in rep["groups"]}


def test_schafkopf_counted_by_hand(cli):
    cli.ok("session", "new", "--rules", "schafkopf", *FOUR, "--tariff", "10", "--date", "2026-01-10")
    add(
        cli,
        "rufspiel --player Anna --partner Berta --augen 70",
        "wenz --player Carl --augen 80 --laufende 3",
        "ramsch --augen Anna=40 --augen Berta=35 --augen Carl=25 --augen Dora=20",
        "ramsch --augen Anna=50 --augen Berta=40 --augen Carl=30 --augen Dora=0 --jungfrau Dora",
        "rufspiel --player Dora --partner Carl --augen 50 --klopfen Anna",
        "wenz-tout --player Berta --won",
        "bettel --player Dora --lost",
    )
    data = cli.json("stats", "--format", "json")
    g = group(data, "schafkopf")
    assert g["hands"] == 7
    assert g["types"] == {"ramsch": 2, "rufspiel": 2, "bettel": 1, "wenz": 1, "wenz-tout": 1}
    p = lines(g)
    assert {n: (x["hands"], x["won"]) for n, x in p.items()} == {
        "Anna": (7, 3),
        "Berta": (7, 6),
        "Carl": (7, 4),
        "Dora": (7, 2),
    }
    assert (p["Anna"]["as_player"], p["Anna"]["as_partner"], p["Anna"]["as_opponent"]) == (pw(1, 1), pw(0, 0), pw(4, 2))
    assert (p["Berta"]["as_player"], p["Berta"]["as_partner"], p["Berta"]["as_opponent"]) == (
        pw(1, 1),
        pw(1, 1),
        pw(3, 2),
    )
    assert (p["Carl"]["as_player"], p["Carl"]["as_partner"], p["Carl"]["as_opponent"]) == (pw(1, 1), pw(1, 0), pw(3, 1))
    assert (p["Dora"]["as_player"], p["Dora"]["as_partner"], p["Dora"]["as_opponent"]) == (pw(2, 0), pw(0, 0), pw(3, 0))
    assert p["Anna"]["by_type"] == {"rufspiel": pw(1, 1), "ramsch": pw(2, 0)}
    assert p["Berta"]["by_type"] == {"ramsch": pw(2, 2), "wenz-tout": pw(1, 1)}
    assert p["Anna"]["ramsch"] == {"played": 2, "lost": 2, "jungfrau": 0, "durchmarsch": 0}
    assert p["Dora"]["ramsch"] == {"played": 2, "lost": 0, "jungfrau": 1, "durchmarsch": 0}
    assert p["Anna"]["klopfen"] == 1 and p["Berta"]["klopfen"] == 0
    assert p["Berta"]["solos"] == pw(1, 1) and p["Berta"]["tout"] == pw(1, 1)
    assert p["Dora"]["solos"] == pw(1, 0)
    assert p["Carl"]["laufende"] == 3
    assert {n: x["longest_run"] for n, x in p.items()} == {"Anna": 1, "Berta": 5, "Carl": 3, "Dora": 2}
    # points and money are the report's; the money is 10 cents a point
    assert {n: x["points"] for n, x in p.items()} == report_points(cli)["schafkopf"]
    assert all(x["cents"] == 10 * x["points"] for x in p.values())
    assert p["Anna"]["best_evening"] == {"session": 1, "date": "2026-01-10", "points": p["Anna"]["points"]}
    pairs = {tuple(x["players"]): x for x in g["partnerships"]}
    assert pairs[("Anna", "Berta")]["hands"] == 1 and pairs[("Anna", "Berta")]["won"] == 1
    assert pairs[("Carl", "Dora")]["won"] == 0
    # the ramsch scores are S7 of RULES.md: Anna -6, the others +2
    assert g["share"]["ramsch"] == round(2 / 7, 3)


def test_a_thrown_in_hand_counts_for_the_table_only(cli):
    cli.ok("session", "new", "--rules", "schafkopf", *FOUR, "--set", "kein_spiel=zusammenwerfen")
    add(cli, "zusammengeworfen", "rufspiel --player Anna --partner Carl --augen 61")
    g = group(cli.json("stats", "--format", "json"), "schafkopf")
    assert g["hands"] == 2 and g["types"] == {"rufspiel": 1, "zusammengeworfen": 1}
    assert all(p["hands"] == 1 for p in g["players"])
    assert all("zusammengeworfen" not in p["by_type"] for p in g["players"])


def test_doppelkopf_at_five_and_six_sitting_out(cli):
    cli.ok("session", "new", "--rules", "doppelkopf", *FOUR, "Emil")
    add(
        cli,
        "normal --player Berta --partner Dora --augen 150 --fuchs-re 1",  # Anna deals and sits out
        "trumpfsolo --player Anna --augen 185",  # Berta sits out
        "normal --player Anna --partner Emil --augen 100 --karlchen kontra",  # Carl sits out
        "zusammengeworfen",  # Dora sits out; nobody plays
    )
    cli.ok("session", "join", "Fritz")  # Emil deals next; with six he and Berta sit out
    add(cli, "normal --player Fritz --partner Anna --augen 130")
    g = group(cli.json("stats", "--format", "json"), "doppelkopf")
    assert g["hands"] == 5 and g["types"] == {"normal": 3, "trumpfsolo": 1, "zusammengeworfen": 1}
    p = lines(g)
    assert {n: (x["hands"], x["won"]) for n, x in p.items()} == {
        "Anna": (3, 2),
        "Berta": (2, 2),
        "Carl": (3, 0),
        "Dora": (4, 2),
        "Emil": (3, 0),
        "Fritz": (1, 1),
    }
    assert p["Anna"]["as_player"] == pw(2, 1) and p["Anna"]["as_partner"] == pw(1, 1)
    assert p["Carl"]["as_opponent"] == pw(3, 0)
    assert p["Dora"]["as_partner"] == pw(1, 1) and p["Dora"]["as_opponent"] == pw(3, 1)
    assert p["Anna"]["re_party"] == pw(2, 1) and p["Anna"]["solos"] == pw(1, 1)
    assert p["Berta"]["re_party"] == pw(1, 1) and p["Berta"]["kontra_party"] == pw(1, 1)
    assert p["Carl"]["kontra_party"] == pw(2, 0)
    assert p["Berta"]["foxes"] == {"caught": 1, "lost": 0} and p["Emil"]["foxes"] == {"caught": 0, "lost": 1}
    assert p["Berta"]["karlchen"] == 1 and p["Dora"]["karlchen"] == 1 and p["Anna"]["karlchen"] == 0
    assert p["Fritz"]["by_type"] == {"normal": pw(1, 1)}
    for x in p.values():
        roles = x["as_player"]["played"] + x["as_partner"]["played"] + x["as_opponent"]["played"]
        assert roles == x["hands"]
    assert {n: x["points"] for n, x in p.items()} == report_points(cli)["doppelkopf"]


def test_buchstaben_with_spritze_and_two_hands_nobody_played(cli):
    cli.ok("session", "new", "--rules", "buchstaben", *FOUR)
    add(
        cli,
        "zusammengeworfen",
        "rufspiel --player Anna --partner Carl --augen 36 --laufende 3",
        "solo --player Berta --augen 48 --schwarz --laufende 4",
        "vergeben",
        "solo --player Berta --augen 20 --spritze",
        "du --player Dora --won --laufende 5",
    )
    g = group(cli.json("stats", "--format", "json"), "buchstaben")
    assert g["hands"] == 6 and g["types"]["vergeben"] == 1 and g["types"]["solo"] == 2
    p = lines(g)
    assert {n: (x["hands"], x["won"]) for n, x in p.items()} == {
        "Anna": (4, 2),
        "Berta": (4, 1),
        "Carl": (4, 2),
        "Dora": (4, 2),
    }
    assert p["Berta"]["as_player"] == pw(2, 1) and p["Berta"]["solos"] == pw(2, 1)
    assert p["Carl"]["as_partner"] == pw(1, 1) and p["Carl"]["as_opponent"] == pw(3, 1)
    assert p["Anna"]["spritzen"] == pw(1, 1) and p["Berta"]["spritzen"] == pw(1, 0)
    assert {n: x["points"] for n, x in p.items()} == report_points(cli)["buchstaben"]


def test_klassisch_strokes_per_team(cli):
    cli.ok("session", "new", "--rules", "klassisch", *FOUR)  # Anna+Carl against Berta+Dora
    add(
        cli,
        "spiel --player Anna --augen 70",
        "spiel --player Carl --augen 95",
        "spiel --player Berta --augen 30",
        "spiel --player Dora --augen 92",
    )
    data = cli.json("stats", "--format", "json")
    g = group(data, "klassisch")
    p = lines(g)
    assert (p["Anna"]["hands"], p["Anna"]["won"]) == (4, 3)
    assert (
        p["Anna"]["as_player"] == pw(1, 1)
        and p["Anna"]["as_partner"] == pw(1, 1)
        and p["Anna"]["as_opponent"] == pw(2, 1)
    )
    assert p["Berta"]["as_player"] == pw(1, 0) and p["Berta"]["as_partner"] == pw(1, 1)
    teams = {t["team"]: t["strokes"] for t in g["teams"]}
    assert teams["Anna+Carl"] == p["Anna"]["strokes"] == p["Carl"]["strokes"] > 0
    assert teams["Berta+Dora"] == p["Dora"]["strokes"] > 0
    rep = cli.json("report", "--format", "json")
    assert {x["name"]: x["schafkoepfe"] for x in rep["players"]} == {n: x["heads"] for n, x in p.items()}


def test_a_player_who_joins_in_the_second_evening(cli):
    cli.ok("session", "new", "--rules", "schafkopf", *FOUR, "--date", "2026-01-10")
    add(cli, "rufspiel --player Anna --partner Berta --augen 70")
    cli.ok("session", "new", "--rules", "schafkopf", *FOUR, "--date", "2026-01-17")
    add(cli, "rufspiel --player Anna --partner Berta --augen 70")
    cli.ok("session", "join", "Emil")  # Berta deals hand 2 and sits out
    add(cli, "wenz --player Emil --augen 90", "rufspiel --player Anna --partner Emil --augen 30")
    data = cli.json("stats", "--all", "--format", "json")
    p = lines(group(data, "schafkopf"))
    assert (p["Emil"]["hands"], p["Emil"]["won"]) == (2, 1)
    assert p["Emil"]["as_player"] == pw(1, 1) and p["Emil"]["as_partner"] == pw(1, 0)
    assert p["Emil"]["best_evening"]["session"] == p["Emil"]["worst_evening"]["session"] == 2
    assert p["Berta"]["hands"] == 2  # she deals hand 2 and, after the solo, hand 3 again: sits out both
    assert p["Anna"]["hands"] == 4
    assert {n: x["points"] for n, x in p.items()} == report_points(cli, "--all")["schafkopf"]
    only = cli.json("stats", "--all", "--player", "emil", "--format", "json")
    assert [x["name"] for x in only["groups"][0]["players"]] == ["Emil"]


def test_a_run_goes_on_across_evenings_and_an_edit_later_is_counted(cli):
    wins, loses = (
        "rufspiel --player Anna --partner Berta --augen 70",
        "rufspiel --player Anna --partner Berta --augen 40",
    )
    cli.ok("session", "new", "--rules", "schafkopf", *FOUR, "--date", "2026-02-01")
    add(cli, loses, wins, wins)  # ends on 2 won
    cli.ok("session", "new", "--rules", "schafkopf", *FOUR, "--date", "2026-02-08")
    add(cli, wins, wins)  # all won: the run goes on, 4
    cli.ok("session", "new", "--rules", "schafkopf", *FOUR, "--date", "2026-02-15")
    add(cli, wins, loses, wins)  # 5, broken, 1

    def anna():
        return lines(group(cli.json("stats", "--all", "--format", "json"), "schafkopf"))["Anna"]

    first = anna()
    assert (first["longest_run"], first["hands"], first["won"]) == (5, 8, 6)
    assert anna() == first  # asked again: the same, now from each evening's kept summary
    # An edit of the middle evening after the summaries were kept: the run breaks there (2, 1, 2 now).
    cli.ok("edit", "1", "--augen", "40", "--session", "2")
    after = anna()
    assert (after["longest_run"], after["hands"], after["won"]) == (2, 8, 5)
    assert after["as_player"] == pw(8, 5)
    cli.ok("undo", "--session", "3")
    assert anna()["hands"] == 7


def test_rule_sets_are_never_added_and_the_table_fits_80_columns(cli):
    cli.ok("session", "new", "--rules", "schafkopf", *FOUR, "--tariff", "10", "--date", "2026-01-10")
    add(cli, "wenz --player Carl --augen 80 --laufende 3")
    cli.ok("session", "new", "--rules", "doppelkopf", *FOUR, "--tariff", "5", "--date", "2026-01-17")
    add(cli, "normal --player Anna --partner Berta --augen 130")
    data = cli.json("stats", "--all", "--format", "json")
    assert [g["rules"] for g in data["groups"]] == ["doppelkopf", "schafkopf"]
    assert report_points(cli, "--all") == {
        g["rules"]: {p["name"]: p["points"] for p in g["players"]} for g in data["groups"]
    }
    rep = cli.json("report", "--all", "--format", "json")
    cents = {}
    for g in data["groups"]:
        for p in g["players"]:
            cents[p["name"]] = cents.get(p["name"], 0) + p["cents"]
    assert rep["money"] == cents  # money is the one thing summed across rule sets
    assert [g["rules"] for g in cli.json("stats", "--all", "--rules", "doppelkopf", "--format", "json")["groups"]] == [
        "doppelkopf"
    ]
    text = cli.ok("stats", "--all")
    assert "schafkopf — 1 hand" in text and "doppelkopf — 1 hand" in text
    assert max(len(line) for line in text.splitlines()) <= 80
    report_text = cli.ok("report", "--all")
    assert "Money across all rule sets" in report_text
    rows = cli.ok("stats", "--all", "--format", "csv").splitlines()
    assert rows[0] == "rules,player,stat,value"
    assert "schafkopf,Carl,as_player.won,1" in rows


def test_stats_refuses_what_it_cannot_answer(cli):
    cli.ok("session", "new", "--rules", "schafkopf", *FOUR)
    add(cli, "wenz --player Carl --augen 80")
    for args, words in [
        (("--player", "Zacharias"), "--player"),
        (("--rules", "skat"), "--rules"),
        (("--all", "--rules", "klassisch"), "--rules"),
        (("--format", "xml"), "--format"),
        (("--session", "1", "--all"), "--session"),
    ]:
        ran = cli("stats", *args)
        assert ran.code == 2 and words in ran.err and "Traceback" not in ran.err, (args, ran.err)


# -- property: generated seasons ---------------------------------------------------------------

NAMES = ("Anna", "Berta", "Carl", "Dora", "Emil", "Fritz")


evenings = st.lists(
    st.tuples(
        st.sampled_from(["schafkopf", "schafkopf-tarif"]),
        st.permutations(NAMES).map(lambda p: p[:4]),
        st.lists(schafkopf_hands(), min_size=0, max_size=6),
    ),
    min_size=1,
    max_size=4,
)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(season=evenings)
def test_stats_agree_with_report_over_any_season(db_url, season, monkeypatch):
    from schreiber.ledger import stats as stats_module
    from schreiber.ledger.reports import Scope, report
    from schreiber.ledger.service import Ledger
    from schreiber.ledger.stats import compute
    from schreiber.views.payloads import stats_json
    from schreiber.rules.model import Hand
    from schreiber.store.models import StatsBlock, TableStats

    # Blocks of two tables, so that a season of a few evenings is merged from several kept blocks.
    monkeypatch.setattr(stats_module, "BLOCK", 2)
    ledger = Ledger.open(db_url)
    try:
        with ledger.engine.begin() as conn:  # a fresh ledger for each example
            from schreiber.store.models import Base

            for table in reversed(Base.metadata.sorted_tables):
                if table.name != "ledger_state":
                    conn.execute(table.delete())
        for rules, seated, hands in season:
            ledger.new_table(rules, list(seated), tariff=5)
            mapping = dict(zip(PLAYERS, seated, strict=True))
            for hand in hands:
                ledger.add(renamed(hand, mapping))
        scope = Scope(all_tables=True)
        stats = compute(ledger, scope)
        rep = report(ledger, scope)
        by_rules = dict(rep.groups)
        for g in stats.groups:
            assert {p.name: p.points for p in g.players} == {
                line.name: line.points for line in by_rules[g.rules].players
            }
            assert {p.name: p.cents for p in g.players} == {line.name: line.cents for line in by_rules[g.rules].players}
            assert g.hands == by_rules[g.rules].hands == sum(g.types.values())
            for p in g.players:
                without_declarer = p.by_type.get("ramsch", {"played": 0})["played"]
                roles = p.as_player["played"] + p.as_partner["played"] + p.as_opponent["played"]
                assert roles + without_declarer == p.hands
                assert sum(v["played"] for v in p.by_type.values()) == p.as_player["played"] + without_declarer
                assert p.won <= p.hands and p.longest_run <= p.won
        # The runs and evenings of a player follow him across the evenings of a rule set, hand by hand.
        views = {table_id: ledger.table(table_id).hands for table_id in rep.sessions}
        for g in stats.groups:
            order = [t for t in sorted(rep.sessions) if t in g.sessions]
            for p in g.players:
                longest, current, evenings = 0, 0, []
                for table_id in order:
                    for h in views[table_id]:
                        if p.name in h.payout.points and p.name not in h.sitting_out and p.name not in h.absent:
                            current = current + 1 if h.payout.points[p.name] > 0 else 0
                            longest = max(longest, current)
                    if views[table_id] and p.name in views[table_id][-1].totals:
                        evenings.append((views[table_id][-1].totals[p.name], table_id))
                assert p.longest_run == longest, (p.name, p.longest_run, longest)
                if evenings:
                    best = max(evenings, key=lambda e: (e[0], -e[1]))
                    worst = min(evenings, key=lambda e: (e[0], e[1]))
                    assert (p.best_evening["points"], p.best_evening["session"]) == best
                    assert (p.worst_evening["points"], p.worst_evening["session"]) == worst
        # Merged a block of two evenings at a time, or all in one block: the same statistics.
        monkeypatch.setattr(stats_module, "BLOCK", 1000)
        assert stats_json(compute(ledger, scope)) == stats_json(stats)
        monkeypatch.setattr(stats_module, "BLOCK", 2)
        # Asked again, every evening's summary is read back; after one more hand, one is made anew.
        assert stats_json(compute(ledger, scope)) == stats_json(stats)
        ledger.add(
            renamed(
                Hand("rufspiel", player="Anna", partner="Berta", augen=70),
                dict(zip(PLAYERS, season[-1][1], strict=True)),
            )
        )
        mixed = stats_json(compute(ledger, scope))
        with ledger.engine.begin() as conn:
            conn.execute(StatsBlock.__table__.delete())
            conn.execute(TableStats.__table__.delete())
        assert mixed == stats_json(compute(ledger, scope))
    finally:
        ledger.engine.dispose()


def test_report_csv_over_two_rule_sets_has_a_row_per_rule_set_and_player(cli):
    cli.ok("session", "new", "--rules", "schafkopf", *FOUR, "--tariff", "10", "--date", "2026-01-10")
    add(cli, "wenz --player Carl --augen 80")
    cli.ok("session", "new", "--rules", "doppelkopf", *FOUR, "--date", "2026-01-17")
    add(cli, "normal --player Carl --partner Dora --augen 130")
    rows = cli.ok("report", "--all", "--format", "csv").splitlines()
    assert rows[0].startswith("rules,rank,player,points")
    carl = [r.split(",") for r in rows[1:] if ",Carl," in r]
    doppelkopf = lines(group(cli.json("stats", "--all", "--format", "json"), "doppelkopf"))["Carl"]["points"]
    assert doppelkopf > 0
    assert sorted((r[0], r[3]) for r in carl) == [("doppelkopf", str(doppelkopf)), ("schafkopf", "6")]


# -- one meaning of "hands" and "won" in report, stats and the page (issue 24, item 5) ---------------


def _report_lines(cli, *scope):
    rep = cli.json("report", *scope, "--format", "json")
    return {g["rules"]: {p["name"]: (p["hands"], p["won"]) for p in g["players"]} for g in rep["groups"]}


def test_report_and_stats_count_the_same_hands_and_wins(cli):
    # Buchstaben: a throw-in and a dealer's two misdeals (the second pays every other player +1)
    # are hands nobody played, so they count for no one in `hands` and `won`; their points count.
    cli.ok("session", "new", "--rules", "buchstaben", *FOUR, "--date", "2026-02-01")
    add(
        cli,
        "rufspiel --player Anna --partner Carl --augen 36",
        "zusammengeworfen",
        "solo --player Berta --augen 30",
        "vergeben",
        "vergeben",
        "du --player Dora --won",
    )
    cli.ok("session", "new", "--rules", "doppelkopf", *FOUR, "--date", "2026-02-02")
    add(cli, "normal --player Anna --partner Berta --augen 130", "zusammengeworfen")
    stats = cli.json("stats", "--all", "--format", "json")
    from_stats = {g["rules"]: {p["name"]: (p["hands"], p["won"]) for p in g["players"]} for g in stats["groups"]}
    assert _report_lines(cli, "--all") == from_stats
    # Counted by hand: Buchstaben has 3 hands played at 4; Dora dealt the two misdeals (so Anna,
    # Berta and Carl got +1 for the second) and won her Du.
    assert from_stats["buchstaben"] == {"Anna": (3, 1), "Berta": (3, 1), "Carl": (3, 1), "Dora": (3, 1)}
    assert from_stats["doppelkopf"] == {"Anna": (1, 1), "Berta": (1, 1), "Carl": (1, 0), "Dora": (1, 0)}
    rep = cli.json("report", "--all", "--format", "json")
    points = {p["name"]: p["points"] for g in rep["groups"] if g["rules"] == "buchstaben" for p in g["players"]}
    assert points["Anna"] > 0  # the misdeal's +1 is still in the points


def test_help_says_what_hands_and_won_count(cli):
    for command in ("report", "stats"):
        text = cli.ok(command, "--help")
        assert "thrown-in" in " ".join(text.split())


# -- stats --player: only his partnerships; Kontra/Re counted at the table (issue 24, item 7) -------


def test_stats_for_one_player_lists_only_his_partnerships(cli):
    cli.ok("session", "new", "--rules", "schafkopf", *FOUR, "--date", "2026-03-01")
    add(
        cli,
        "rufspiel --player Anna --partner Berta --augen 70",
        "rufspiel --player Carl --partner Dora --augen 70 --kontra",
        "rufspiel --player Berta --partner Carl --augen 70",
    )
    everyone = group(cli.json("stats", "--format", "json"), "schafkopf")
    assert len(everyone["partnerships"]) == 3
    anna = group(cli.json("stats", "--player", "anna", "--format", "json"), "schafkopf")
    assert [x["players"] for x in anna["partnerships"]] == [["Anna", "Berta"]]
    assert [p["name"] for p in anna["players"]] == ["Anna"]
    # JSON keys stay; Anna sat at the table when Carl's party was given Kontra.
    assert anna["players"][0]["kontra"] == 1
    table = cli.ok("stats", "--player", "Anna")
    assert "Carl+Dora" not in table and "Berta+Carl" not in table
    assert "Anna+Berta" in table


def test_kontra_and_re_columns_say_what_they_count(cli):
    cli.ok("session", "new", "--rules", "schafkopf", *FOUR, "--date", "2026-03-02")
    add(cli, "rufspiel --player Carl --partner Dora --augen 70 --kontra --re")
    table = " ".join(cli.ok("stats").split())
    assert "at the table when Kontra was said" in table or "Kontra at the table" in table
