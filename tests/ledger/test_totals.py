"""The report totals kept per table (`ledger.totals`): a season report made from them is the report
made from nothing, whatever is added, voided, edited or restored after they were kept."""

from __future__ import annotations

import datetime as dt
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, func, select

from schreiber.ledger.chart import series
from schreiber.ledger.reports import Scope, report
from schreiber.ledger.upkeep import check
from schreiber.rules.model import Hand, HandError, SettingsError
from schreiber.store.models import Base, PlayerTotals, TableTotals
from tests.strategies import PLAYERS, renamed, schafkopf_hands

NAMES = ("Anna", "Berta", "Carl", "Dora", "Emil", "Fritz")
SEASON = Scope(all_tables=True)

# Now and then a hand thrown in (at a table with kein_spiel=zusammenwerfen; elsewhere it is refused, as a
# Ramsch is there): it counts for no one in `hands` and `won`, but in the Kasse per hand.
hands = st.one_of(schafkopf_hands(), schafkopf_hands(), schafkopf_hands(), st.just(Hand("zusammengeworfen")))

evenings = st.lists(
    st.tuples(
        st.sampled_from(["schafkopf", "schafkopf-tarif"]),
        st.permutations(NAMES).map(lambda p: p[:4]),
        st.lists(hands, min_size=0, max_size=5),
        st.sampled_from([(), ("kasse=5",), ("kasse=2", "kasse_per=point"), ("kein_spiel=zusammenwerfen", "kasse=1")]),
    ),
    min_size=1,
    max_size=4,
)

changes = st.lists(
    st.tuples(
        st.sampled_from(["add", "void", "edit", "restore", "table"]),
        st.integers(0, 1000),
        hands,
        st.integers(0, 120),
    ),
    min_size=1,
    max_size=4,
)


def from_nothing(ledger, scope):
    """The report with no totals kept: every table summed from its payouts."""
    with ledger.transaction() as s:
        s.execute(delete(TableTotals))
    return report(ledger, scope)


def chart_points(ledger):
    """The season's chart of points: per rule set, each player's running total over the evenings."""
    return [(panel.title, panel.x, panel.lines) for panel in series(ledger, SEASON).panels]


def chart_from_nothing(ledger):
    """The season's chart with no totals kept: every table summed from its payouts."""
    with ledger.transaction() as s:
        s.execute(delete(PlayerTotals))
        s.execute(delete(TableTotals))
    return chart_points(ledger)


def kept(ledger) -> int:
    with ledger.transaction() as s:
        return s.scalar(select(func.count()).select_from(TableTotals))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(season=evenings, steps=changes)
def test_a_change_after_the_totals_were_kept_changes_the_report_as_one_made_from_nothing(ledger, season, steps):
    with ledger.engine.begin() as conn:  # a fresh ledger for each example
        for table in reversed(Base.metadata.sorted_tables):
            if table.name != "ledger_state":
                conn.execute(table.delete())
    tables = []
    for n, (rules, seated, played, assignments) in enumerate(season):
        info = ledger.new_table(
            rules, list(seated), tariff=5, assignments=assignments, date=dt.date(2026, 1, 1) + dt.timedelta(days=7 * n)
        )
        tables.append((info.id, dict(zip(PLAYERS, seated, strict=True))))
        for hand in played:
            try:
                ledger.add(renamed(hand, tables[-1][1]), info.id)
            except HandError:
                pass  # not a game of this table (see `hands`): nothing recorded
    before = report(ledger, SEASON)
    assert kept(ledger) == len(tables)  # the season report kept one row per table
    assert report(ledger, SEASON) == before == from_nothing(ledger, SEASON)
    for kind, pick, hand, augen in steps:
        table_id, mapping = tables[pick % len(tables)]
        view = ledger.table(table_id)
        try:
            if kind == "add":
                ledger.add(renamed(hand, mapping), table_id)
            elif kind == "void" and view.hands:
                ledger.void(view.hands[pick % len(view.hands)].number, table_id)
            elif kind == "restore" and view.hands:
                ledger.restore(view.hands[pick % len(view.hands)].number, table_id)
            elif kind == "edit" and view.hands:
                ledger.edit(view.hands[pick % len(view.hands)].number, Hand("?", augen=augen), table_id, partial=True)
            elif kind == "table":
                info = ledger.new_table("schafkopf", list(mapping.values()), tariff=10)
                tables.append((info.id, mapping))
        except (HandError, SettingsError):
            pass  # refused (an edit that does not fit the hand's type): nothing changed
        # The chart reads the kept totals of the tables not changed since, as each report over the season does.
        chart = chart_points(ledger)
        assert chart == chart_from_nothing(ledger)
        report(ledger, SEASON)
        assert chart_points(ledger) == chart
        season_report = report(ledger, SEASON)
        one_table = report(ledger, Scope(table_id=table_id))
        assert season_report == from_nothing(ledger, SEASON)
        assert one_table == from_nothing(ledger, Scope(table_id=table_id))
        report(ledger, SEASON)  # every table's totals kept again before the next change
    assert check(ledger).problems == []  # the totals kept by the last report are its hands'


def _season_of_own_columns(cli) -> None:
    """Two klassisch evenings (Schafköpfe and their money) and a Doppelkopf one with a Musssolo owed."""
    for _evening in range(2):
        cli.ok(
            "session",
            "new",
            "--rules",
            "klassisch",
            "--players",
            "Anna",
            "Berta",
            "Carl",
            "Dora",
            "--teams",
            "Anna+Carl",
            "Berta+Dora",
            "--set",
            "einsatz=50",
        )
        for player, augen in [("Anna", "70"), ("Carl", "95"), ("Berta", "60"), ("Anna", "40"), ("Dora", "92")]:
            cli.ok("add", "spiel", "--player", player, "--augen", augen)
    cli.ok(
        "session",
        "new",
        "--rules",
        "doppelkopf",
        "--players",
        "Anna",
        "Berta",
        "Carl",
        "Dora",
        "--set",
        "musssolo_pro_runde=1",
        "--tariff",
        "5",
        "--set",
        "kasse=3",
    )
    cli.ok("add", "normal", "--player", "Berta", "--partner", "Dora", "--augen", "150")
    cli.ok("add", "trumpfsolo", "--player", "Anna", "--augen", "185")


def _columns(report: dict, rules: str, *keys: str) -> dict:
    group = {g["rules"]: g for g in report["groups"]}[rules]
    return {p["name"]: tuple(p[k] for k in keys) for p in group["players"]}


def test_the_kept_totals_carry_the_rule_sets_own_columns_and_change_with_an_edit(cli):
    _season_of_own_columns(cli)
    first = cli.json("report", "--all", "--format", "json")  # keeps every table's totals
    assert _columns(first, "klassisch", "schafkoepfe", "striche", "cents") == {
        "Anna": (0, 6, 0),
        "Berta": (0, 10, 0),
        "Carl": (0, 6, 0),
        "Dora": (0, 10, 0),
    }
    assert _columns(first, "doppelkopf", "musssolo", "cents")["Anna"] == ("offen", 125)
    assert first["kasse"] == {"Anna": 6, "Berta": 6, "Carl": 6, "Dora": 6}
    # An edit of the first evening finishes a Schafkopf of Berta+Dora: 50 cents from each of the others to each.
    cli.ok("edit", "1", "--session", "1", "--augen", "20")
    kept = cli.ok("report", "--all", "--format", "json")
    assert _columns(json.loads(kept), "klassisch", "schafkoepfe", "striche", "cents") == {
        "Anna": (0, 5, -100),
        "Berta": (1, 5, 100),
        "Carl": (0, 5, -100),
        "Dora": (1, 5, 100),
    }
    cli.ok("recompute")  # drops every kept total: the next report makes them from the hands
    assert cli.ok("report", "--all", "--format", "json") == kept
    assert cli.ok("db", "check").startswith("ok: ")
