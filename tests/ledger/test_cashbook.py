"""The cashbook over a ledger (RULES.md §9): the Verlustspielgeld and Reuegeld it reads from the payout cache
and the sheets equal what a fresh fold of the hands gives, for every tournament rule set, at tables of 4 and 5."""

from __future__ import annotations

import itertools
from collections import defaultdict

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from schreiber.ledger.cashbook import Cash
from schreiber.ledger.sheets import TypedSheet
from schreiber.ledger.tournament import Tournaments
from schreiber.rules import registry
from schreiber.rules.model import Hand, HandError
from schreiber.store.models import SheetEntry

COUNT = itertools.count(1)  # a tournament's name and date are its own: each example starts another
NINE = ["Anna", "Berta", "Carl", "Dora", "Emil", "Fritz", "Gabi", "Hans", "Ida"]  # a table of 5 and one of 4


def a_hand(rules: str, kind: int, active: tuple[str, ...], pick: int, augen: int, won: bool) -> Hand:
    """A hand of `rules` among the active players: kinds with a declarer (called game, solo, Tout, Bettel),
    without one (Kreuz, Ramsch, a normal game, a Hochzeit) and thrown in."""
    a, b = active[pick % 4], active[(pick + 1 + kind) % 4]
    if rules == "doppelkopf":
        hands = [
            Hand("normal", player=a, partner=b, augen=augen * 2),
            Hand("trumpfsolo", player=a, augen=augen * 2),
            Hand("hochzeit", player=a, partner=b, augen=augen * 2),
            Hand("zusammengeworfen"),
            Hand("grandsolo", player=b, augen=240 - augen * 2),
        ]
    elif rules == "preisschafkopf":
        hands = [
            Hand("rufspiel", player=a, partner=b, augen=augen),
            Hand("wenz", player=a, augen=augen),
            Hand("kreuz", player=a, augen=augen),
            Hand("bettel", player=b, won=won),
            Hand("geier-tout", player=a, won=won),
        ]
    else:
        by_player = {p: 0 for p in active}
        by_player[a] = augen
        by_player[b] = 120 - augen
        hands = [
            Hand("rufspiel", player=a, partner=b, augen=augen),
            Hand("wenz", player=a, augen=augen),
            Hand("zusammengeworfen"),
            Hand("bettel", player=b, won=won),
            Hand("farbsolo-tout", player=a, won=won),
        ]
    return hands[kind % len(hands)]


def expected(
    ledger, tournament_id: int, rules: str, amounts: tuple[int, ...], reuegeld: int
) -> dict[str, tuple[int, int]]:
    """Each player's (Verlustspielgeld, Reuegeld) from a fresh fold of every table's hands and from the sheets,
    as §9 words it: the soloist of a solo, the caller of a Rufspiel; a lost game is one its declarer did not win."""
    t = Tournaments(ledger)
    ruleset = registry.get(rules)
    lost: dict[tuple[str, int], int] = defaultdict(int)
    thrown: dict[str, int] = defaultdict(int)
    for round_ in range(1, t.info(tournament_id).drawn + 1):
        for table in t.plan(round_, tournament_id).tables:
            with ledger.transaction() as s:
                row = ledger.table_row(s, table.session)
                steps, __ = ledger.fold_hands(ruleset, row, ledger.records(s, row), events=ledger.events(s, row))
                sheet = list(s.execute(select(SheetEntry).where(SheetEntry.table_id == table.session)).scalars())
                sheet = [(e.player_id, e.lost, e.thrown) for e in sheet]
                names = {seat.player_id: seat.player.name for seat in row.seats}
            for step in steps:
                if step.hand.type in ("zusammengeworfen", "eingepasst"):
                    for name in step.before.active:
                        thrown[name] += 1
                    continue
                declarer = step.payout.soloist or (step.hand.player if step.hand.type == "rufspiel" else None)
                if declarer is not None and declarer not in step.payout.winners:
                    lost[declarer, round_] += 1
            for player_id, n, k in sheet:
                lost[names[player_id], round_] += n
                thrown[names[player_id]] += k

    def cost(n: int) -> int:
        return sum(amounts[min(k, len(amounts)) - 1] for k in range(1, n + 1)) if amounts else 0

    out = {}
    for name in NINE:
        out[name] = (sum(cost(n) for (who, __), n in lost.items() if who == name), thrown[name] * reuegeld)
    return out


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    rules=st.sampled_from(["schafkopf", "preisschafkopf", "doppelkopf"]),
    amounts=st.lists(st.integers(0, 200), max_size=4),
    reuegeld=st.integers(0, 100),
    plays=st.lists(
        st.lists(st.tuples(st.integers(0, 9), st.integers(0, 3), st.integers(0, 120), st.booleans()), max_size=12),
        min_size=4,
        max_size=4,
    ),
    sheet=st.tuples(st.integers(0, 3), st.lists(st.integers(0, 4), min_size=5, max_size=5), st.integers(0, 4)),
    paid=st.lists(st.booleans(), min_size=9, max_size=9),
)
def test_verlustspielgeld_and_reuegeld_recomputed_from_the_hands_equal_the_cashbook(
    ledger, rules, amounts, reuegeld, plays, sheet, paid
):
    t = Tournaments(ledger)
    money = [
        f"verlustspiel={','.join(map(str, amounts)) or '0'}",
        f"reuegeld={reuegeld}",
        "startgeld=500",
        "preise=60%,40%",
    ]
    table_settings = ["kein_spiel=zusammenwerfen"] if rules == "schafkopf" else []
    info = t.new(f"Probe {next(COUNT)}", rules, rounds=2, assignments=[*money, *table_settings], seed="cash")
    t.register(NINE)
    tables = []
    for __ in range(2):
        tables += t.draw(tournament_id=info.id, force=True).tables
    # One table of the four takes a sheet (all 0 points: valid in every rule set) with games lost and thrown-in hands,
    # no more than the table plays (a sheet is checked: each hand has one declarer or was thrown in).
    on_sheet, lost_counts, thrown_count = sheet
    for i, (table, hands) in enumerate(zip(tables, plays)):
        round_ = 1 if i < 2 else 2
        if i == on_sheet:
            t.result(
                round_,
                table.table,
                TypedSheet(
                    [(name, 0) for name in table.players],
                    lost=list(zip(table.players, lost_counts)),
                    thrown=thrown_count,
                ),
                tournament_id=info.id,
            )
            continue
        for kind, pick, augen, won in hands:
            active = ledger.table(table.session).state.active
            try:
                ledger.add(a_hand(rules, kind, active, pick, augen, won), table.session)
            except HandError:
                pass  # a hand this rule set refuses here (a Schneider the rules forbid …) is simply not played
    cash = Cash(ledger)
    cash.pay([n for n, p in zip(NINE, paid) if p] or ["Anna"], tournament_id=info.id)
    view = cash.book(info.id)
    got = {line.name: (line.verlustspiel, line.reuegeld) for line in view.book.lines}
    assert got == expected(ledger, info.id, rules, tuple(amounts), reuegeld)
    b = view.book
    assert b.pot == sum(line.paid for line in b.lines) + sum(line.verlustspiel + line.reuegeld for line in b.lines)
    assert sum(line.prize for line in b.lines) + b.kasse == b.pot
    assert sum(line.prize for line in b.lines) == b.payout == b.pot  # 100% paid out, 60% + 40%, nine players


FOUR = ["Anna", "Berta", "Carl", "Dora"]


@pytest.mark.parametrize(
    ("rules", "table_settings", "hands", "costs"),
    [
        # The caller of a lost Rufspiel pays, his partner does not; a lost Bettel's soloist pays; a won Wenz costs
        # nothing; a thrown-in hand costs each of the four.
        (
            "schafkopf",
            ["kein_spiel=zusammenwerfen"],
            [
                Hand("rufspiel", player="Anna", partner="Carl", augen=40),
                Hand("wenz", player="Berta", augen=70),
                Hand("bettel", player="Dora", won=False),
                Hand("zusammengeworfen"),
                Hand("rufspiel", player="Anna", partner="Berta", augen=20),
            ],
            {"Anna": (150, 10), "Berta": (0, 10), "Carl": (0, 10), "Dora": (100, 10)},
        ),
        # A Ramsch has no declarer, whoever loses it.
        (
            "schafkopf",
            [],
            [Hand("ramsch", augen_by_player={"Anna": 70, "Berta": 20, "Carl": 20, "Dora": 10})],
            {"Anna": (0, 0), "Berta": (0, 0), "Carl": (0, 0), "Dora": (0, 0)},
        ),
        # A Kreuz was announced by nobody; a lost Tout costs its soloist.
        (
            "preisschafkopf",
            [],
            [
                Hand("kreuz", player="Anna", augen=30),
                Hand("rufspiel", player="Berta", partner="Dora", augen=50),
                Hand("geier-tout", player="Carl", won=False),
            ],
            {"Anna": (0, 0), "Berta": (100, 0), "Carl": (100, 0), "Dora": (0, 0)},
        ),
        # Doppelkopf counts only solos: a lost normal game or Hochzeit costs nothing.
        (
            "doppelkopf",
            [],
            [
                Hand("normal", player="Anna", partner="Berta", augen=100),
                Hand("hochzeit", player="Carl", partner="Dora", augen=90),
                Hand("trumpfsolo", player="Carl", augen=100),
                Hand("zusammengeworfen"),
            ],
            {"Anna": (0, 10), "Berta": (0, 10), "Carl": (100, 10), "Dora": (0, 10)},
        ),
        # The Skat declarer of a lost game pays; an eingepasst hand costs each of the three.
        (
            "skat",
            [],
            [
                Hand("grand", player="Anna", spitzen=1, augen=40),
                Hand("eingepasst"),
                Hand("kreuz", player="Berta", spitzen=2, augen=80),
                Hand("null", player="Anna", won=False),
            ],
            {"Anna": (150, 10), "Berta": (0, 10), "Carl": (0, 10)},
        ),
    ],
)
def test_who_pays_verlustspielgeld_in_each_rule_set(ledger, rules, table_settings, hands, costs):
    t = Tournaments(ledger)
    info = t.new(
        f"Probe {next(COUNT)}",
        rules,
        rounds=1,
        assignments=["verlustspiel=100,50", "reuegeld=10", *table_settings],
        seed="x",
    )
    t.register(FOUR[: len(costs)])
    table = t.draw(tournament_id=info.id).tables[0]
    for hand in hands:
        ledger.add(hand, table.session)
    view = Cash(ledger).book(info.id)
    assert {line.name: (line.verlustspiel, line.reuegeld) for line in view.book.lines} == costs
