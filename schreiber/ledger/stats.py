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

import copy
import hashlib
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
from schreiber.store.models import LIVE, HandRecord, PayoutRecord, Player, StatsBlock, Table, TableStats


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
    A season reads one kept block per hundred evenings and merges again only the blocks changed since."""
    with ledger.transaction() as s:
        where = scope_where(ledger, s, scope)
        # The revisions are read before the hands: a summary stored under a revision never holds
        # hands older than that revision (a writer in between raises it, and the summary is stale).
        tables = s.execute(
            select(Table.id, Table.rules, Table.date, Table.tariff, Table.revision)
            .where(*where)
            .order_by(Table.date, Table.id)
        ).all()
        names = dict(s.execute(select(Player.id, Player.name)).all())
        by_rules: dict[str, list[Any]] = defaultdict(list)
        for t in tables:
            by_rules[t.rules].append(t)
        blocks = {rules: _blocks(rule_tables) for rules, rule_tables in by_rules.items()}
        merged, fresh, fresh_blocks = _merged(s, where, tables, blocks, names)
    if fresh:
        totals.keep(ledger, fresh, TableStats)
    if fresh_blocks:
        totals.keep(ledger, fresh_blocks, StatsBlock)
    if scope.rules is not None and not tables:
        raise SettingsError(_("--rules: no session of the scope is played under {rules}.").format(rules=scope.rules))
    groups = [_group(ledger, scope, rules, by_rules[rules], merged[rules], names) for rules in sorted(by_rules)]
    if player is not None:
        everyone = sorted({p.name for g in groups for p in g.players})
        chosen = pick(player, everyone, "--player", "a player of these sessions") if everyone else None
        if chosen is None:
            raise SettingsError(
                _("--player: nobody played in these sessions, so there is no {player}.").format(player=player)
            )
        groups = [
            replace(
                g,
                players=[p for p in g.players if p.name == chosen],
                partnerships=[x for x in g.partnerships if chosen in x.players],
            )
            for g in groups
        ]
        groups = [g for g in groups if g.players]
    return Stats(groups)


# A block is this many of a rule set's tables of the scope, in the order played, merged and kept
# (`stats_block`): a season of 10,000 evenings reads 100 blocks, and after a hand merges one again.
BLOCK = 100
# Raised whenever what a block holds changes, so blocks kept by an older schreiber are merged again.
BLOCK_VERSION = 1


def _blocks(tables: list[Any]) -> list[tuple[list[Any], str]]:
    """A rule set's tables of the scope (in the order played) cut into blocks, each with its fingerprint:
    which tables, at which revision, paying what, so a block kept for other tables is never read."""
    return [
        (tables[start : start + BLOCK], _fingerprint(tables[start : start + BLOCK]))
        for start in range(0, len(tables), BLOCK)
    ]


def _fingerprint(part: list[Any]) -> str:
    # A table's date and tariff are set when it is opened, and whatever changes it raises its revision.
    what = ";".join(f"{t.id}:{t.revision}:{t.tariff}" for t in part)
    return hashlib.blake2b(f"{BLOCK_VERSION}/{SUMMARY_VERSION}/{what}".encode(), digest_size=16).hexdigest()


def _block(part: list[Any], summaries: dict[int, dict[str, Any]], seated: dict[int, list[int]]) -> dict[str, Any]:
    """A block of tables merged in the order played, naming its tables (so `db check` can make it again)."""
    block = _Merge()
    for t in part:
        block.add(_lifted(t, summaries[t.id], seated.get(t.id, [])))
    return {**block.data(), "tables": [t.id for t in part]}


def block_differs(s: Any, first: int, fingerprint: str, data: dict[str, Any], names: dict[int, str]) -> bool:
    """Whether a kept block whose tables are still as it names them differs from what their hands give now
    (a stale block, never read again, differs from nothing)."""
    ids = [int(i) for i in data.get("tables") or []]
    rows = {
        t.id: t
        for t in s.execute(
            select(Table.id, Table.rules, Table.date, Table.tariff, Table.revision).where(Table.id.in_(ids))
        )
    }
    part = [rows[i] for i in ids if i in rows]
    if not part or len(part) != len(ids) or part[0].id != first or _fingerprint(part) != fingerprint:
        return False
    only = [Table.id.in_(ids)]
    hands_of: dict[int, list[Any]] = defaultdict(list)
    for row in hand_rows(s.connection(), only):
        hands_of[row[1]].append(row)
    summaries = {t.id: summarize(t.rules, hands_of.get(t.id, []), names) for t in part}
    return _block(part, summaries, seated_players(s, only)[0]) != data


def _merged(
    s: Any,
    where: list[Any],
    tables: list[Any],
    blocks: dict[str, list[tuple[list[Any], str]]],
    names: dict[int, str],
) -> tuple[dict[str, _Merge], dict[int, tuple[int, dict[str, Any]]], dict[int, tuple[str, dict[str, Any]]]]:
    """Each rule set's tables merged, block by block: (rule set -> its merge, the table summaries made just
    now, the blocks merged just now), the last two to be kept (table id -> (revision or fingerprint, data))."""
    first_ids = [part[0].id for rule_blocks in blocks.values() for part, __ in rule_blocks]
    kept_blocks: dict[int, dict[str, Any]] = {}
    for chunk in range(0, len(first_ids), 500):
        for first, fingerprint, data in s.execute(
            select(StatsBlock.table_id, StatsBlock.fingerprint, StatsBlock.data).where(
                StatsBlock.table_id.in_(first_ids[chunk : chunk + 500])
            )
        ):
            kept_blocks[first] = {"fingerprint": fingerprint, "data": data}
    missing = [
        (part, fingerprint)
        for rule_blocks in blocks.values()
        for part, fingerprint in rule_blocks
        if kept_blocks.get(part[0].id, {}).get("fingerprint") != fingerprint
    ]
    fresh: dict[int, tuple[int, dict[str, Any]]] = {}
    fresh_blocks: dict[int, tuple[str, dict[str, Any]]] = {}
    if missing:
        needed = [t for part, __ in missing for t in part]
        only = where if len(needed) == len(tables) or len(needed) > 2000 else [Table.id.in_([t.id for t in needed])]
        summaries = totals.kept_now(s, TableStats, only, {t.id: t.revision for t in needed}, SUMMARY_VERSION)
        stale = [t for t in needed if t.id not in summaries]
        if stale:
            hands_of: dict[int, list[Any]] = defaultdict(list)
            for row in hand_rows(
                s.connection(), only if len(stale) == len(needed) else [Table.id.in_([t.id for t in stale])]
            ):
                hands_of[row[1]].append(row)
            for t in stale:
                summaries[t.id] = summarize(t.rules, hands_of.get(t.id, []), names)
                fresh[t.id] = (t.revision, summaries[t.id])
        seated, __ = seated_players(s, only)  # everyone at a table of the scope has a line, hands or not
        for part, fingerprint in missing:
            block = _block(part, summaries, seated)
            kept_blocks[part[0].id] = {"fingerprint": fingerprint, "data": block}
            fresh_blocks[part[0].id] = (fingerprint, block)
    merged = {}
    for rules, rule_blocks in blocks.items():
        merge = merged[rules] = _Merge()
        for part, __ in rule_blocks:
            merge.add(kept_blocks[part[0].id]["data"])
    return merged, fresh, fresh_blocks


def hand_rows(conn: Any, where: list[Any]) -> list[Any]:
    """Every live hand of the tables `where` picks with its payout, in one JSON text made by the database and
    decoded by one json.loads: [[hand id, table id, number, "type", {facts}, [[player id, points, sat out], …]], …].
    Fetching a row per payout (or per hand) and decoding each took most of the time over a season."""
    cell = (
        "["
        + cast(PayoutRecord.player_id, String)
        + ","
        + cast(PayoutRecord.points, String)
        + ","
        + cast(case((PayoutRecord.sat_out, 1), else_=0), String)
        + "]"
    )
    pay_q = select(PayoutRecord.hand_id.label("hand_id"), func.aggregate_strings(cell, ",").label("cells")).group_by(
        PayoutRecord.hand_id
    )
    if where:
        pay_q = pay_q.join(Table, Table.id == PayoutRecord.table_id).where(*where)
    pay = pay_q.subquery()
    element = (
        "["
        + cast(HandRecord.id, String)
        + ","
        + cast(HandRecord.table_id, String)
        + ","
        + cast(HandRecord.number, String)
        + ',"'
        + HandRecord.type
        + '",'
        + cast(HandRecord.facts, Text)
        + ",["
        + func.coalesce(pay.c.cells, "")
        + "]]"
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
        for pid, pts, __ in rows:
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
            own.stat_hand(
                counts, type_, facts, declarer, partners, [(names[pid], pts) for pid, pts, out in rows if not out]
            )
        if teams is not None:
            by_name = {names[pid]: pts for pid, pts, out in rows if not out}
            for team, strokes in teams.stat_team_points(facts, by_name).items():
                team_strokes[team] += strokes
    return {
        "v": SUMMARY_VERSION,
        "hands": len(hand_rows),
        "types": dict(types),
        "players": {
            str(pid): {
                "hands": p.hands,
                "won": p.won,
                "points": points[pid],
                "as_player": p.as_player,
                "as_partner": p.as_partner,
                "as_opponent": p.as_opponent,
                "by_type": p.by_type,
                "extras": p.extras,
                "run": _sequence(flags.get(pid, [])),
            }
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


def _lifted(t: Any, summary: dict[str, Any], seated: list[int]) -> dict[str, Any]:
    """One table's summary as a block of one table: with who sat there, the evening as each player's best
    and worst, and its money by the tariff."""
    players = {}
    for key, line in summary["players"].items():
        evening = {"session": t.id, "date": t.date.isoformat(), "points": line["points"]}
        players[key] = {**line, "best": evening, "worst": evening, "cents": line["points"] * (t.tariff or 0)}
    return {
        "hands": summary["hands"],
        "types": summary["types"],
        "seated": [str(pid) for pid in seated],
        "players": players,
        "pairs": summary["pairs"],
        "teams": summary["teams"],
        "tariff": bool(t.tariff),
    }


def _run(first: list[int], then: list[int]) -> list[int]:
    """Two stretches of hands one after the other, each as [leading run, longest run, trailing run, hands]:
    a run goes on across evenings, the one's trailing run meeting the other's leading run."""
    lead, longest, trail, sat = first
    lead2, longest2, trail2, sat2 = then
    return [
        lead + lead2 if lead == sat else lead,
        max(longest, longest2, trail + lead2),
        trail + trail2 if trail2 == sat2 else trail2,
        sat + sat2,
    ]


class _Merge:
    """Tables (or blocks of tables) merged in the order played: every count summed, runs joined, the best and
    worst evening the first of its points; `data()` is the block kept in `stats_block`."""

    def __init__(self) -> None:
        self.hands = 0
        self.types: dict[str, int] = {}
        self.seated: dict[str, None] = {}
        self.players: dict[str, dict[str, Any]] = {}
        self.pairs: dict[tuple[str, str], list[int]] = {}
        self.teams: dict[str, int] = {}
        self.tariff = False

    def add(self, part: dict[str, Any]) -> None:
        self.hands += part["hands"]
        _added(self.types, part["types"])
        self.seated.update(dict.fromkeys(part["seated"]))
        for key, line in part["players"].items():
            mine = self.players.get(key)
            if mine is None:
                self.players[key] = copy.deepcopy(line)  # a copy the merge may add into
                continue
            for count in ("hands", "won", "points", "cents"):
                mine[count] += line[count]
            for nested in ("as_player", "as_partner", "as_opponent", "by_type", "extras"):
                _added(mine[nested], line[nested])
            mine["run"] = _run(mine["run"], line["run"])
            if line["best"]["points"] > mine["best"]["points"]:
                mine["best"] = line["best"]
            if line["worst"]["points"] < mine["worst"]["points"]:
                mine["worst"] = line["worst"]
        for first, second, together, won, pts in part["pairs"]:
            pair = self.pairs.setdefault((first, second), [0, 0, 0])
            pair[0] += together
            pair[1] += won
            pair[2] += pts
        _added(self.teams, part["teams"])
        self.tariff = self.tariff or part["tariff"]

    def data(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "types": self.types,
            "seated": list(self.seated),
            "players": self.players,
            "pairs": [[*key, *value] for key, value in self.pairs.items()],
            "teams": self.teams,
            "tariff": self.tariff,
        }


def _group(ledger: Ledger, scope: Scope, rules: str, tables: list[Any], merged: _Merge, names: dict[int, str]) -> Group:
    """One rule set's statistics from its tables merged in the order played."""
    players: dict[str, PlayerStats] = {}

    def stats_of(name: str) -> PlayerStats:
        p = players.get(name)
        if p is None:
            p = players[name] = PlayerStats(name, extras=_extras_for(rules))
        return p

    for key in merged.seated:
        stats_of(names[int(key)])
    for key, line in merged.players.items():
        p = stats_of(names[int(key)])
        p.hands = line["hands"]
        p.won = line["won"]
        p.points = line["points"]
        for role in ("as_player", "as_partner", "as_opponent"):
            _added(getattr(p, role), line[role])
        _added(p.by_type, line["by_type"])
        _added(p.extras, line["extras"])
        p.longest_run = line["run"][1]
        p.best_evening = line["best"]
        p.worst_evening = line["worst"]
    _money(ledger, scope, rules, merged, stats_of, names)
    ordered = sorted(players.values(), key=lambda p: (-p.points, p.name.casefold()))
    ruleset = registry.get(rules)
    group_extras: dict[str, Any] = ruleset.stat_group(merged.teams) if isinstance(ruleset, TeamStatistics) else {}
    order = sorted(merged.types.items(), key=lambda kv: (-kv[1], kv[0]))
    hands = merged.hands
    return Group(
        rules=rules,
        hands=hands,
        types=dict(order),
        share={k: round(v / hands, 3) for k, v in order} if hands else {},
        players=ordered,
        partnerships=sorted(
            (Partnership(key, *value) for key, value in merged.pairs.items()),
            key=lambda p: (-p.won, -p.points, p.players),
        ),
        sessions=sorted(t.id for t in tables),
        extras=group_extras,
    )


def _money(ledger: Ledger, scope: Scope, rules: str, merged: _Merge, stats_of: Any, names: dict[int, str]) -> None:
    """Money as the report has it. A zero-sum rule set without counts of its own (Schafkopf) pays
    points × tariff, added here; every other asks the report of the same scope and rule set (which
    folds those tables where the money or the counts need it)."""
    ruleset = registry.get(rules)
    if ruleset.zero_sum and not isinstance(ruleset, PlayerExtras):
        if not merged.tariff:
            return
        for key, line in merged.players.items():
            stats_of(names[int(key)]).cents = line["cents"]
        for key in merged.seated:
            p = stats_of(names[int(key)])
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
