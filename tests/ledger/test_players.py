"""The register of players (ledger/players.py): a merge keeps every total and a rename changes no number, whatever
the evenings (properties over random evenings of several rule sets, on SQLite and PostgreSQL)."""

from __future__ import annotations

import datetime as dt
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schreiber.ledger.players import Players
from schreiber.ledger.reports import Scope, report
from schreiber.ledger.stats import compute as stats
from schreiber.ledger.upkeep import check
from schreiber.rules.model import HandError, SettingsError
from schreiber.store.models import Base
from schreiber.views.payloads import report_json, stats_json
from tests.strategies import PLAYERS, renamed, schafkopf_hands

OTHERS = ("Anna", "Berta", "Carl", "Dora", "Emil")
SPELLINGS = ("Sepp", "Sepp K.")
SEASON = Scope(all_tables=True)
# Not summed over the two names: a player's best and worst evening and his longest run are not sums.
NOT_SUMS = {"name", "longest_run", "best_evening", "worst_evening", "rank"}

evenings = st.lists(
    st.tuples(
        st.sampled_from(["schafkopf", "schafkopf-tarif"]),
        st.sampled_from(SPELLINGS + (None,)),
        st.permutations(OTHERS).map(lambda p: p[:4]),
        st.lists(schafkopf_hands(), min_size=0, max_size=5),
        st.integers(0, 3),
    ),
    min_size=1,
    max_size=5,
)


def fresh(ledger) -> None:
    with ledger.engine.begin() as conn:
        for table in reversed(Base.metadata.sorted_tables):
            conn.execute(table.delete())


def play(ledger, season) -> None:
    for n, (rules, sepp, others, hands, seat) in enumerate(season):
        seated = list(others)
        if sepp is not None:
            seated[seat] = sepp  # one of the two spellings, never both at one table
        info = ledger.new_table(rules, seated, tariff=5, date=dt.date(2026, 1, 1) + dt.timedelta(days=7 * n))
        for hand in hands:
            try:
                ledger.add(renamed(hand, dict(zip(PLAYERS, seated, strict=True))), info.id)
            except (HandError, SettingsError):
                pass


def summed(players: list[dict], one: str, two: str) -> dict[str, Counter]:
    """Each player's numeric facts, flattened ("as_player.won": 3), with `one`'s added to `two`'s."""
    out: dict[str, Counter] = {}
    for p in players:
        flat: Counter = Counter()

        def walk(value, prefix: str) -> None:
            if isinstance(value, dict):
                for k, v in value.items():
                    if k not in NOT_SUMS:
                        walk(v, f"{prefix}{k}.")
            elif isinstance(value, (int, float)) and not isinstance(value, bool):
                flat[prefix] += value

        walk(p, "")
        name = two if p["name"] == one else p["name"]
        out.setdefault(name, Counter()).update(flat)
    return {n: Counter({k: v for k, v in c.items() if v}) for n, c in out.items()}


def numbers(ledger, one: str, two: str) -> dict:
    rep = report_json(report(ledger, SEASON))
    sta = stats_json(stats(ledger, SEASON))
    return {
        "report": {g["rules"]: (g["hands"], summed(g["players"], one, two)) for g in rep["groups"]},
        "stats": {g["rules"]: (g["hands"], g["types"], summed(g["players"], one, two)) for g in sta["groups"]},
    }


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(season=evenings, kept=st.booleans())
def test_property_merge_keeps_every_total_summed_over_the_two_names(ledger, season, kept):
    fresh(ledger)
    play(ledger, season)
    if kept:  # the caches are kept before the merge (they must be dropped or stay right), or not
        report(ledger, SEASON)
        stats(ledger, SEASON)
    before = numbers(ledger, "Sepp K.", "Sepp")
    names = {p.name for p in Players(ledger).list()}
    if SPELLINGS[0] not in names or SPELLINGS[1] not in names:
        return
    Players(ledger).merge("Sepp K.", "Sepp")
    assert numbers(ledger, "Sepp K.", "Sepp") == before
    assert "Sepp K." not in {p.name for p in Players(ledger).list()}
    assert check(ledger).problems == []


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(season=evenings, kept=st.booleans(), new=st.sampled_from(["Josef", "sepp", "Sepp Kainz", "Jóska"]))
def test_property_rename_changes_no_number(ledger, season, kept, new):
    fresh(ledger)
    play(ledger, season)
    if kept:
        report(ledger, SEASON)
        stats(ledger, SEASON)
    if "Sepp" not in {p.name for p in Players(ledger).list()}:
        return
    before = numbers(ledger, "Sepp", "NAME")
    Players(ledger).rename("Sepp", new)
    assert numbers(ledger, new, "NAME") == before
    assert new in {p.name for p in Players(ledger).list()} and "Sepp" not in {p.name for p in Players(ledger).list()}
    assert check(ledger).problems == []
