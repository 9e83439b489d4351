"""Reports over one table or many, and the CSV export and import of the ledger's hands."""

from __future__ import annotations

import datetime as dt
import json
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import case, func, select

from schreiber.ledger.service import Ledger, _jsonable
from schreiber.report.settlement import against_average, transfers
from schreiber.rules import registry
from schreiber.rules.model import Hand, SettingsError
from schreiber.rules.table import play, start
from schreiber.store.models import LIVE, HandRecord, PayoutRecord, Player, Runde, Seat


@dataclass(frozen=True)
class Scope:
    """Which tables a report covers: the active one, one by id, all, or those in a date range."""

    table_id: int | None = None
    all_tables: bool = False
    since: dt.date | None = None
    until: dt.date | None = None

    @property
    def many(self) -> bool:
        return self.all_tables or self.since is not None or self.until is not None


@dataclass(frozen=True)
class PlayerLine:
    name: str
    points: int
    hands: int
    won: int
    solos: int
    cents: int | None = None
    extras: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Report:
    """Totals per player, best first, with money and who pays whom where a tariff is set."""

    title: str
    players: list[PlayerLine]
    hands: int
    sessions: list[int]
    transfers: list[tuple[str, str, int]]
    status: list[str] = field(default_factory=list)

    @property
    def money(self) -> bool:
        return any(p.cents is not None for p in self.players)


def _where(ledger: Ledger, s: Any, scope: Scope) -> list[Any]:
    """The conditions on Runde that pick the tables of the scope (none for --all)."""
    if not scope.many:
        return [Runde.id == ledger._runde(s, scope.table_id).id]
    where = []
    if scope.since is not None:
        where.append(Runde.date >= scope.since)
    if scope.until is not None:
        where.append(Runde.date <= scope.until)
    return where


def _tables(ledger: Ledger, s: Any, scope: Scope) -> list[Runde]:
    return list(s.scalars(select(Runde).where(*_where(ledger, s, scope)).order_by(Runde.id)))


def report(ledger: Ledger, scope: Scope) -> Report:
    """Sum the cached payouts per table and player in the database, then settle the money in Python."""
    with ledger.transaction() as s:
        where = _where(ledger, s, scope)
        tables = s.execute(
            select(Runde.id, Runde.rules, Runde.tariff, Runde.settings, Runde.name, Runde.date)
            .where(*where)
            .order_by(Runde.id)
        ).all()
        seats: dict[int, list[int]] = defaultdict(list)
        names: dict[int, str] = {}
        for runde_id, player_id, name in s.execute(
            select(Seat.runde_id, Seat.player_id, Player.name)
            .join(Player, Player.id == Seat.player_id)
            .join(Runde, Runde.id == Seat.runde_id)
            .where(*where)
            .order_by(Seat.runde_id, Seat.position)
        ):
            seats[runde_id].append(player_id)
            names[player_id] = name
        # The cache holds rows of live hands only, so no join with the hands is needed.
        sums = select(
            PayoutRecord.runde_id,
            PayoutRecord.player_id,
            func.sum(PayoutRecord.points),
            func.sum(case((PayoutRecord.sat_out, 0), else_=1)),
            func.sum(case((PayoutRecord.won, 1), else_=0)),
            func.sum(case((PayoutRecord.solo, 1), else_=0)),
        ).group_by(PayoutRecord.runde_id, PayoutRecord.player_id)
        count = select(func.count()).select_from(HandRecord).where(HandRecord.status == LIVE)
        if where:
            # --all needs no join: every table is in scope.
            sums = sums.join(Runde, Runde.id == PayoutRecord.runde_id).where(*where)
            count = count.join(Runde, Runde.id == HandRecord.runde_id).where(*where)
        rows = s.execute(sums).all()
        hands = s.scalar(count)

        per_table: dict[int, dict[int, list[int]]] = defaultdict(dict)
        for runde_id, player_id, points, played, won, solos in rows:
            per_table[runde_id][player_id] = [int(points or 0), int(played or 0), int(won or 0), int(solos or 0)]

        totals: dict[int, list[int]] = {pid: [0, 0, 0, 0] for t in tables for pid in seats[t.id]}
        cents: dict[int, int] = {}
        extras: dict[int, dict[str, Any]] = defaultdict(dict)
        status: list[str] = []
        for t in tables:
            rules = registry.get(t.rules)
            table_points = {pid: per_table[t.id].get(pid, [0, 0, 0, 0])[0] for pid in seats[t.id]}
            for pid in seats[t.id]:
                for i, v in enumerate(per_table[t.id].get(pid, [0, 0, 0, 0])):
                    totals[pid][i] += v
            table_extras = None
            if hasattr(rules, "player_extras") or not scope.many:
                # Only these tables are folded: their extras (Musssolo, Schafköpfe) are not cached.
                runde = s.get(Runde, t.id)
                assert runde is not None
                view = ledger._view(s, runde, ledger._records(s, runde))
                if not scope.many:
                    status = view.status
                if hasattr(rules, "player_extras"):
                    table_extras = rules.player_extras(t.settings, view.state)
            by_name = {names[pid]: pid for pid in seats[t.id]}
            if table_extras:
                for name, values in table_extras.items():
                    mine = extras[by_name[name]]
                    for key, value in values.items():
                        if key == "cents":
                            if value is not None:
                                cents[by_name[name]] = cents.get(by_name[name], 0) + int(value)
                        elif isinstance(value, int) and not isinstance(value, bool):
                            mine[key] = mine.get(key, 0) + value
                        else:
                            mine[key] = value
            if t.tariff and not (table_extras and any("cents" in v for v in table_extras.values())):
                if rules.zero_sum:
                    table_cents = {pid: pts * t.tariff for pid, pts in table_points.items()}
                else:
                    table_cents = against_average(table_points, t.tariff)
                for pid, c in table_cents.items():
                    cents[pid] = cents.get(pid, 0) + c

    lines = [
        PlayerLine(
            name=names[pid],
            points=v[0],
            hands=v[1],
            won=v[2],
            solos=v[3],
            cents=cents.get(pid) if cents else None,
            extras=extras.get(pid, {}),
        )
        for pid, v in totals.items()
    ]
    lines.sort(key=lambda p: (-p.points, p.name.casefold()))
    if scope.many:
        title = f"{len(tables)} sessions"
        if scope.since or scope.until:
            title += f" from {scope.since or '…'} to {scope.until or '…'}"
    else:
        t = tables[0]
        title = f"session {t.id}{' ' + t.name if t.name else ''} ({t.rules}, {t.date})"
    by_name = {line.name: line.cents for line in lines if line.cents is not None}
    return Report(
        title=title,
        players=lines,
        hands=int(hands or 0),
        sessions=[t.id for t in tables],
        transfers=transfers(by_name) if by_name else [],
        status=status,
    )


def export_rows(ledger: Ledger, scope: Scope) -> Iterator[dict[str, Any]]:
    """One row per live hand and seated player, with every fact, the breakdown and the payout."""
    with ledger.transaction() as s:
        tables = _tables(ledger, s, scope)
        for t in tables:
            view = ledger._view(s, t, ledger._records(s, t))
            positions = {name: i for i, name in enumerate(view.table.players)}
            settings = json.dumps(t.settings, ensure_ascii=False, sort_keys=True)
            for h in view.hands:
                facts = h.hand.to_facts()
                for name in view.table.players:
                    points = h.payout.points[name]
                    yield {
                        "session": t.id,
                        "session_name": t.name,
                        "date": t.date.isoformat(),
                        "rules": t.rules,
                        "tariff": t.tariff,
                        "hand": h.number,
                        "type": h.hand.type,
                        "dealer": h.dealer,
                        "seat": positions[name] + 1,
                        "name": name,
                        "sat_out": name in h.sitting_out,
                        "points": points,
                        "cents": points * t.tariff if t.tariff and view.rules.zero_sum else None,
                        "value": h.payout.value,
                        "player": h.hand.player,
                        "partner": h.hand.partner,
                        "augen": h.hand.augen
                        if h.hand.augen is not None
                        else " ".join(f"{k}={v}" for k, v in h.hand.augen_by_player.items()) or None,
                        "laufende": h.hand.laufende,
                        "won": {True: "won", False: "lost"}.get(h.hand.won),  # type: ignore[arg-type]
                        "schwarz": h.hand.schwarz,
                        "kontra": h.hand.kontra,
                        "re": h.hand.re,
                        "klopfen": " ".join(h.hand.klopfen) or None,
                        "breakdown": h.payout.formula,
                        "note": h.hand.note,
                        "facts": json.dumps(facts, ensure_ascii=False, sort_keys=True),
                        "settings": settings,
                        "first_dealer": t.first_dealer + 1,
                        "teams": " ".join("+".join(team) for team in t.teams) if t.teams else None,
                    }


def import_rows(ledger: Ledger, rows: Iterable[dict[str, str]]) -> list[tuple[int, int]]:
    """Re-create the exported tables as new sessions; every hand is re-scored and must give the exported points.

    Returns (new session id, hands) for each table; nothing is written if any table does not check out.
    """
    grouped: dict[str, list[dict[str, str]]] = defaultdict(list)
    for row in rows:
        grouped[row["session"]].append(row)
    if not grouped:
        raise SettingsError("import csv: the file has no hands in it.")
    created: list[tuple[int, int]] = []
    with ledger.transaction() as s:
        for session_key, table_rows in grouped.items():
            first = table_rows[0]
            try:
                rules = registry.get(first["rules"])
                settings = json.loads(first["settings"])
                seats = sorted({(int(r["seat"]), r["name"]) for r in table_rows})
                players = tuple(name for _, name in seats)
                hands: dict[int, Hand] = {}
                points: dict[int, dict[str, int]] = defaultdict(dict)
                for r in table_rows:
                    number = int(r["hand"])
                    hands[number] = Hand.from_facts(json.loads(r["facts"]))
                    points[number][r["name"]] = int(r["points"])
                tariff = int(first["tariff"]) if first.get("tariff") else None
                date = dt.date.fromisoformat(first["date"]) if first.get("date") else dt.date.today()
                first_dealer = int(first.get("first_dealer") or 1) - 1
            except (KeyError, ValueError, TypeError) as e:
                raise SettingsError(f"import csv: session {session_key} cannot be read ({e}).") from None
            state = start(rules, settings, players, first_dealer)
            numbers = sorted(hands)
            steps = []
            for number in numbers:
                step = play(rules, settings, state, hands[number])
                steps.append(step)
                if dict(step.payout.points) != points[number]:
                    raise SettingsError(
                        f"import csv: hand {number} of session {session_key} scores {dict(step.payout.points)} "
                        f"under {rules.name}, but the file says {points[number]}; nothing was imported."
                    )
                state = step.after
            teams_text = first.get("teams") or ""
            teams = [t.split("+") for t in teams_text.split()] or None
            runde = Runde(
                name=first.get("session_name") or None,
                rules=rules.name,
                settings=_jsonable(settings),
                tariff=tariff,
                date=date,
                first_dealer=first_dealer,
                teams=teams,
                closed=False,
            )
            s.add(runde)
            for position, name in enumerate(players):
                s.add(Seat(runde=runde, position=position, player=ledger._player(s, name)))
            s.flush()
            s.refresh(runde)
            records = []
            for i, number in enumerate(numbers, start=1):
                hand = hands[number]
                record = HandRecord(
                    runde_id=runde.id, number=i, type=hand.type, facts=hand.to_facts(), note=hand.note, status=LIVE
                )
                s.add(record)
                records.append(record)
            s.flush()
            ledger._rebuild_cache(s, runde, records, steps)
            created.append((runde.id, len(records)))
    return created

