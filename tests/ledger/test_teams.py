"""Property (TEAMS.md §10.1, issue 43): in random tournaments at tables of 4 and 5 (Preisschafkopf, by points or
placings) and of 3 and 4 (Skat, by Seeger-Fabian or Spielpunkte), with random teams, withdrawals and getrennt,
a team's score under `ohne` is the sum of its members' scores from the individual standings, its counts the sums
of theirs, its lists the rounds they played; and no draw seats two members of a kept-apart team at one table."""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, assume, given, settings, strategies as st

from schreiber.ledger.sheets import TypedSheet
from schreiber.ledger.tournament import Tournaments
from schreiber.rules.model import SettingsError
from schreiber.scoring import seating

GAMES = [("preisschafkopf", "punkte"), ("preisschafkopf", "platz"), ("skat", "seeger"), ("skat", "punkte")]
COUNTER = itertools.count()


def _seats(n: int, sizes: tuple[int, ...]) -> bool:
    try:
        seating.table_sizes(n, sizes)
    except SettingsError:
        return False
    return True


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    game=st.sampled_from(GAMES),
    n=st.integers(9, 17),
    size=st.integers(2, 4),
    rounds=st.integers(1, 2),
    data=st.data(),
)
def test_a_teams_score_is_its_members_sum_in_the_standings(ledger, game, n, size, rounds, data):
    rules, wertung = game
    sizes = seating.FOUR_AND_THREE if rules == "skat" else seating.FOUR_AND_FIVE
    assume(_seats(n, sizes) and _seats(n - 1, sizes))
    size = min(size, len(seating.table_sizes(n - 1, sizes)))  # a team fits the tables after a withdrawal too
    t = Tournaments(ledger)
    info = t.new(
        f"Turnier {next(COUNTER)}",
        rules,
        rounds=rounds,
        hands=12 if rules == "skat" else 8,
        assignments=[f"wertung={wertung}", f"teams=mannschaft:{size}", "getrennt=mannschaft"],
        seed="p",
    )
    players = [f"Spieler{i:02d}" for i in range(1, n + 1)]
    t.register(players, tournament_id=info.id)
    t.team_fill("mannschaft", tournament_id=info.id)
    apart = {v.name: {name for _n, name, _w in v.members} for v in t.team_list(tournament_id=info.id)}
    for r in range(1, rounds + 1):
        if r > 1 and data.draw(st.booleans()):  # one withdrawal at most: the field stays seatable
            t.withdraw(players[data.draw(st.integers(0, n - 1))], tournament_id=info.id)
        plan = t.draw(tournament_id=info.id)
        for table in plan.tables:
            assert all(len(set(table.players) & members) <= 1 for members in apart.values())
            seated = table.players
            if rules == "skat":
                won = [data.draw(st.integers(0, 2)) for _ in seated]  # at most 3 games a player: 12 and 9 a table
                lost = [data.draw(st.integers(0, 1)) for _ in seated]
                points = [24 * w - 48 * lo for w, lo in zip(won, lost)]  # a won game 24, a lost one −48
                sheet = TypedSheet(list(zip(seated, points)), won=list(zip(seated, won)), lost=list(zip(seated, lost)))
            else:
                points = [5 * data.draw(st.integers(0, 40)) for _ in seated]
                soli = [data.draw(st.integers(0, min(1, p // 20))) for p in points]
                sheet = TypedSheet(list(zip(seated, points)), soli=list(zip(seated, soli)))
            t.result(r, table.table, sheet, tournament_id=info.id)
    rows = {row.number: row for row in t.standings(tournament_id=info.id).rows}
    (competition,) = t.team_standings(tournament_id=info.id)
    assert competition.fehlend == "ohne" and competition.rounds == rounds
    assert sorted(m.number for line in competition.teams for m in line.members) == sorted(rows)
    for line in competition.teams:
        members = [rows[m.number] for m in line.members]
        assert line.score == sum(row.score for row in members)
        assert line.lists == sum(1 for row in members for x in row.rounds if x is not None)
        for key in competition.counts:
            assert line.counts[key] == sum(getattr(row, key) for row in members)
    scores = [line.score for line in competition.teams]
    assert scores == sorted(scores, reverse=True)
