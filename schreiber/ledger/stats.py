"""Statistics across evenings, one group per rule set: read from the facts of each live hand and
the payout the fold made for it (the `payout` cache, written with the hand and proven equal to
the fold by `db check`), so nothing here reads the rules a second time.

Nothing here knows a game by its name: each rule set's own counts, who declared and partnered
(`stat_roles`) and its columns are its `Statistics` (rules/table.py) in its own module; a hand is
won by a player whose payout is above 0, and a thrown-in hand counts for no one (THROWN_IN). Money: for a zero-sum rule set without counts of its own (Schafkopf)
points × tariff per table, as the report pays it; for the others the report of the same scope and
rule set is asked. A property test holds stats and report equal over generated seasons.

Each table is summarised by one fold over its hands (`summarize`); the summary is kept in
`table_stats` under the table's revision, which every command writing to the table raises, and a
scope merges its tables' summaries in the order played (runs go on across evenings). `db check`
holds every kept summary against its hands.

The API (also for the web page): `compute(ledger, scope, player=None) -> Stats`, whose groups are
`Group` dataclasses; views/payloads.py `stats_json(stats)` gives the dict `stats --format json` prints.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import String, Text, case, cast, func, select

from schreiber.i18n import _
from schreiber.ledger.names import pick
from schreiber.ledger.reports import Scope, report, seated_players
from schreiber.ledger.scope import where as scope_where
from schreiber.ledger import totals
from schreiber.ledger.service import Ledger
from schreiber.rules import registry
from schreiber.rules.model import SettingsError
from schreiber.rules.statistics import THROWN_IN, declarer_and_partner
from schreiber.rules.table import PlayerExtras, Statistics, TeamStatistics
from schreiber.store.models import LIVE, HandRecord, PayoutRecord, Player, Table, TableStats


def _statistics(rules: str) -> Statistics | None:
    """The rule set's own statistics, where it keeps any (rules/table.py, `Statistics`)."""
    ruleset = registry.get(rules)
    return ruleset if isinstance(ruleset, Statistics) else None


def roles(rules: str, hand_type: str, facts: dict[str, Any]) -> tuple[str | None, tuple[str, ...]]:
    """(declarer, his partners) of one hand, as its rule set reads them: `--player`, and `--partner`
    (klassisch: the declarer's team mate). No declarer: (None, ())."""
    own = _statistics(rules)
    if own is not None:
        return own.stat_roles(hand_type, facts)
    return declarer_and_partner(facts)


def _pw() -> dict[str, int]:
    return {"played": 0, "won": 0}


@dataclass
class PlayerStats:
    name: str
    hands: int = 0
    won: int = 0
    points: int = 0
    cents: int | None = None
    as_player: dict[str, int] = field(default_factory=_pw)
    as_partner: dict[str, int] = field(default_factory=_pw)
    as_opponent: dict[str, int] = field(default_factory=_pw)
    by_type: dict[str, dict[str, int]] = field(default_factory=dict)
    # Beside the contract: the longest run of won hands (in the order played, hands sat at), the
    # best and worst evening ({"session", "date", "points"}), and the rule set's own counts.
    longest_run: int = 0
    best_evening: dict[str, Any] | None = None
    worst_evening: dict[str, Any] | None = None
    extras: dict[str, Any] = field(default_factory=dict)


@dataclass
class Partnership:
    players: tuple[str, str]
    hands: int = 0
    won: int = 0
    points: int = 0


@dataclass
class Group:
    """One rule set of the scope: its hands, the types played and every player's statistics."""

    rules: str
    hands: int
    types: dict[str, int]
    share: dict[str, float]
    players: list[PlayerStats]
    partnerships: list[Partnership]
    sessions: list[int]
    extras: dict[str, Any] = field(default_factory=dict)


@dataclass
class Stats:
    groups: list[Group]


def _extras_for(rules: str) -> dict[str, Any]:
    own = _statistics(rules)
    return own.stat_counts() if own is not None else {}


# Raised whenever what a table summary holds changes, so summaries cached by an older schreiber are
# computed again rather than read wrongly.
SUMMARY_VERSION = 1


def compute(ledger: Ledger, scope: Scope, player: str | None = None) -> Stats:
    """The statistics of the scope (its `rules` picks one rule set), one group per rule set, best first;
    `player` keeps only that player's line (spelled forgivingly; refused if he played in none).
    A season reads one kept summary per evening and folds only the evenings changed since."""
    fresh: dict[int, tuple[int, dict[str, Any]]] = {}
    with ledger.transaction() as s:
        where = scope_where(ledger, s, scope)
        # The revisions are read before the hands: a summary stored under a revision never holds
        # hands older than that revision (a writer in between raises it, and the summary is stale).
        tables = s.execute(
            select(Table.id, Table.rules, Table.date, Table.tariff, Table.revision).where(*where).order_by(Table.date, Table.id)
        ).all()
        summaries = totals.kept_now(s, TableStats, where, {t.id: t.revision for t in tables}, SUMMARY_VERSION)
        stale = [t for t in tables if t.id not in summaries]
        names = dict(s.execute(select(Player.id, Player.name)).all())
        conn = s.connection()
        if stale:
            only = where if len(stale) == len(tables) else [Table.id.in_([t.id for t in stale])]
            hands_of: dict[int, list[Any]] = defaultdict(list)
            for row in hand_rows(conn, only):
                hands_of[row[1]].append(row)
            for t in stale:
                summaries[t.id] = summarize(t.rules, hands_of.get(t.id, []), names)
                fresh[t.id] = (t.revision, summaries[t.id])
        seated, __ = seated_players(s, where)  # everyone at a table of the scope has a line, hands or not
    if fresh:
        totals.keep(ledger, fresh, TableStats)
    if scope.rules is not None and not tables:
        raise SettingsError(_("--rules: no session of the scope is played under {rules}.").format(rules=scope.rules))

    by_rules: dict[str, list[Any]] = defaultdict(list)
    for t in tables:
        by_rules[t.rules].append(t)
    groups = []
    for rules in sorted(by_rules):
        groups.append(_group(ledger, scope, rules, by_rules[rules], summaries, names, seated))
    if player is not None:
        everyone = sorted({p.name for g in groups for p in g.players})
        chosen = pick(player, everyone, "--player", "a player of these sessions") if everyone else None
        if chosen is None:
            raise SettingsError(_("--player: nobody played in these sessions, so there is no {player}.").format(player=player))
        groups = [
            replace(g, players=[p for p in g.players if p.name == chosen],
                    partnerships=[x for x in g.partnerships if chosen in x.players])
            for g in groups
        ]
        groups = [g for g in groups if g.players]
    return Stats(groups)


def hand_rows(conn: Any, where: list[Any]) -> list[Any]:
    """Every live hand of the tables `where` picks with its payout, in one JSON text made by the database and
    decoded by one json.loads: [[hand id, table id, number, "type", {facts}, [[player id, points, sat out], …]], …].
    Fetching a row per payout (or per hand) and decoding each took most of the time over a season."""
    cell = "[" + cast(PayoutRecord.player_id, String) + "," + cast(PayoutRecord.points, String) + "," + cast(
        case((PayoutRecord.sat_out, 1), else_=0), String
    ) + "]"
    pay_q = select(PayoutRecord.hand_id.label("hand_id"), func.aggregate_strings(cell, ",").label("cells")).group_by(
        PayoutRecord.hand_id
    )
    if where:
        pay_q = pay_q.join(Table, Table.id == PayoutRecord.table_id).where(*where)
    pay = pay_q.subquery()
    element = (
        "[" + cast(HandRecord.id, String) + "," + cast(HandRecord.table_id, String) + ","
        + cast(HandRecord.number, String) + ",\"" + HandRecord.type + "\"," + cast(HandRecord.facts, Text)
        + ",[" + func.coalesce(pay.c.cells, "") + "]]"
    )
    everything = (
        select(func.aggregate_strings(element, ","))
        .select_from(HandRecord)
        .outerjoin(pay, pay.c.hand_id == HandRecord.id)
        .where(HandRecord.status == LIVE)
    )
    if where:
        everything = everything.join(Table, Table.id == HandRecord.table_id).where(*where)
    text = conn.execute(everything).scalar()
    return json.loads(f"[{text}]") if text else []


def _sequence(flags: list[bool]) -> list[int]:
    """A table's won hands in a row, for one player: [leading run, longest run, trailing run, hands]."""
    lead = longest = current = 0
    leading = True
    for won in flags:
        if won:
            current += 1
            longest = max(longest, current)
        else:
            if leading:
                lead = current
                leading = False
            current = 0
    if leading:
        lead = current
    return [lead, longest, current, len(flags)]


def summarize(rules: str, hand_rows: list[Any], names: dict[int, str]) -> dict[str, Any]:
    """One table's statistics from its live hands (rows of `hand_rows`, in any order): the counts the
    scope adds up, per player id, plus what a merge needs for runs and evenings. Plain JSON."""
    hand_rows = sorted(hand_rows, key=lambda row: row[2])  # in the order played
    players: dict[str, PlayerStats] = {}
    by_id: dict[int, PlayerStats] = {}
    flags: dict[int, list[bool]] = defaultdict(list)
    points: dict[int, int] = defaultdict(int)
    types: dict[str, int] = defaultdict(int)
    pairs: dict[tuple[str, str], Partnership] = {}
    team_strokes: dict[str, int] = defaultdict(int)
    own = _statistics(rules)
    ruleset = registry.get(rules)
    teams = ruleset if isinstance(ruleset, TeamStatistics) else None
    counts: dict[str, dict[str, Any]] = {}

    for _hand_id, _table, _number, type_, facts, rows in hand_rows:
        types[type_] += 1
        for pid, pts, _ in rows:
            points[pid] += pts
            if pid not in by_id:
                by_id[pid] = players[names[pid]] = PlayerStats(names[pid], extras=_extras_for(rules))
                counts[names[pid]] = by_id[pid].extras
        if type_ in THROWN_IN:
            continue
        declarer, partners = own.stat_roles(type_, facts) if own is not None else declarer_and_partner(facts)
        side = (declarer, *partners) if declarer else ()
        pair = None
        if len(side) == 2:
            key = tuple(sorted(side, key=str.casefold))
            pair = pairs.get(key)  # type: ignore[arg-type]
            if pair is None:
                pair = pairs[key] = Partnership(key)  # type: ignore[index, arg-type]
            pair.hands += 1
        for pid, pts, out in rows:
            if out:
                continue
            p = by_id[pid]
            won = pts > 0
            p.hands += 1
            p.won += won
            flags[pid].append(won)
            if declarer is None:
                kind = p.by_type.get(type_)
                if kind is None:
                    kind = p.by_type[type_] = _pw()
                kind["played"] += 1
                kind["won"] += won
                continue
            name = p.name
            if name == declarer:
                role = p.as_player
                kind = p.by_type.get(type_)
                if kind is None:
                    kind = p.by_type[type_] = _pw()
                kind["played"] += 1
                kind["won"] += won
                if pair is not None:
                    pair.won += won
                    pair.points += pts
            elif name in partners:
                role = p.as_partner
                if pair is not None:
                    pair.points += pts
            else:
                role = p.as_opponent
            role["played"] += 1
            role["won"] += won
        if own is not None:
            own.stat_hand(counts, type_, facts, declarer, partners, [(names[pid], pts) for pid, pts, out in rows if not out])
        if teams is not None:
            by_name = {names[pid]: pts for pid, pts, out in rows if not out}
            for team, strokes in teams.stat_team_points(facts, by_name).items():
                team_strokes[team] += strokes
    return {
        "v": SUMMARY_VERSION,
        "hands": len(hand_rows),
        "types": dict(types),
        "players": {
            str(pid): {"hands": p.hands, "won": p.won, "points": points[pid], "as_player": p.as_player,
                       "as_partner": p.as_partner, "as_opponent": p.as_opponent, "by_type": p.by_type,
                       "extras": p.extras, "run": _sequence(flags.get(pid, []))}
            for pid, p in by_id.items()
        },
        "pairs": [[*pair.players, pair.hands, pair.won, pair.points] for pair in pairs.values()],
        "teams": dict(team_strokes),
    }


def _added(into: dict[str, Any], more: dict[str, Any]) -> None:
    """Add the counts of `more` into `into`, nested dicts alike (every count of a summary is a sum)."""
    for key, value in more.items():
        if isinstance(value, dict):
            _added(into.setdefault(key, {}), value)
        else:
            into[key] = into.get(key, 0) + value


def _group(
    ledger: Ledger,
    scope: Scope,
    rules: str,
    tables: list[Any],
    summaries: dict[int, dict[str, Any]],
    names: dict[int, str],
    seated: dict[int, list[int]],
) -> Group:
    """One rule set's statistics: the summaries of its tables merged in the order played."""
    players: dict[str, PlayerStats] = {}
    by_id: dict[int, PlayerStats] = {}
    run: dict[int, int] = defaultdict(int)
    types: dict[str, int] = defaultdict(int)
    pairs: dict[tuple[str, str], Partnership] = {}
    team_strokes: dict[str, int] = defaultdict(int)
    per_table: dict[int, dict[int, int]] = {}
    hands = 0

    def stats_of(name: str) -> PlayerStats:
        p = players.get(name)
        if p is None:
            p = players[name] = PlayerStats(name, extras=_extras_for(rules))
        return p

    for t in tables:
        summary = summaries[t.id]
        for pid in seated.get(t.id, ()):
            if pid not in by_id:
                by_id[pid] = stats_of(names[pid])
        hands += summary["hands"]
        for type_, n in summary["types"].items():
            types[type_] += n
        evening = per_table[t.id] = {}
        for key, line in summary["players"].items():
            pid = int(key)
            p = by_id.get(pid)
            if p is None:
                p = by_id[pid] = stats_of(names[pid])
            p.hands += line["hands"]
            p.won += line["won"]
            for role in ("as_player", "as_partner", "as_opponent"):
                _added(getattr(p, role), line[role])
            _added(p.by_type, line["by_type"])
            _added(p.extras, line["extras"])
            lead, longest, trail, sat = line["run"]
            if sat:
                # A run goes on across evenings: the last one's trailing run meets this one's leading run.
                p.longest_run = max(p.longest_run, longest, run[pid] + lead)
                run[pid] = run[pid] + sat if lead == sat else trail
            pts = evening[pid] = line["points"]
            p.points += pts
            entry = {"session": t.id, "date": t.date.isoformat(), "points": pts}
            if p.best_evening is None or pts > p.best_evening["points"]:
                p.best_evening = entry
            if p.worst_evening is None or pts < p.worst_evening["points"]:
                p.worst_evening = entry
        for first, second, together, won, pts in summary["pairs"]:
            pair = pairs.get((first, second))
            if pair is None:
                pair = pairs[(first, second)] = Partnership((first, second))
            pair.hands += together
            pair.won += won
            pair.points += pts
        for team, strokes in summary["teams"].items():
            team_strokes[team] += strokes
    _money(ledger, scope, rules, tables, per_table, by_id, stats_of, names)
    ordered = sorted(players.values(), key=lambda p: (-p.points, p.name.casefold()))
    ruleset = registry.get(rules)
    group_extras: dict[str, Any] = ruleset.stat_group(team_strokes) if isinstance(ruleset, TeamStatistics) else {}
    order = sorted(types.items(), key=lambda kv: (-kv[1], kv[0]))
    return Group(
        rules=rules,
        hands=hands,
        types=dict(order),
        share={k: round(v / hands, 3) for k, v in order} if hands else {},
        players=ordered,
        partnerships=sorted(pairs.values(), key=lambda p: (-p.won, -p.points, p.players)),
        sessions=[t.id for t in sorted(tables, key=lambda t: t.id)],
        extras=group_extras,
    )


def _money(ledger: Ledger, scope: Scope, rules: str, tables: list[Any], per_table: dict[int, dict[int, int]],
           by_id: dict[int, PlayerStats], stats_of: Any, names: dict[int, str]) -> None:
    """Money as the report has it. A zero-sum rule set without counts of its own (Schafkopf) pays
    points × tariff, added here; every other asks the report of the same scope and rule set (which
    folds those tables where the money or the counts need it)."""
    ruleset = registry.get(rules)
    if ruleset.zero_sum and not isinstance(ruleset, PlayerExtras):
        if not any(t.tariff for t in tables):
            return
        for t in tables:
            for pid, pts in per_table[t.id].items():
                p = by_id[pid]
                p.cents = (p.cents or 0) + pts * (t.tariff or 0)
        for p in by_id.values():
            if p.cents is None:
                p.cents = 0
        return
    own = ruleset if isinstance(ruleset, Statistics) else None
    rep = report(ledger, replace(scope, rules=rules))
    for line in rep.players:
        p = stats_of(line.name)
        p.cents = line.cents
        if own is not None:
            own.stat_from_report(p.extras, line.extras)
