"""Statistics across evenings, one group per rule set: read from the facts of each live hand and
the payout the fold made for it (the `payout` cache, written with the hand and proven equal to
the fold by `db check`), so nothing here reads the rules a second time.

`roles()` is the one place that decides who declared and who partnered; a hand is won by a player
whose payout is above 0. Money comes from `reports.report` of the same scope and rule set, so a
statistic and a report never disagree.

The API (also for the web page): `compute(ledger, scope, player=None) -> Stats`, whose groups are
`Group` dataclasses; `as_json(stats)` gives the dict `stats --format json` prints.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from sqlalchemy import select

from schreiber.ledger.names import pick
from schreiber.ledger.reports import Scope, _where, report
from schreiber.ledger.service import Ledger
from schreiber.rules.model import SettingsError
from schreiber.store.models import LIVE, HandRecord, PayoutRecord, Player, Runde

# Hands in which nobody played: they count for the group's hands and types, for no player.
THROWN_IN = frozenset({"zusammengeworfen", "vergeben"})

SCHAFKOPF_SOLOS = frozenset(
    {"farbsolo", "wenz", "geier", "farbwenz", "farbgeier", "sie", "bettel", "bettel-brett",
     "farbsolo-tout", "wenz-tout", "geier-tout", "farbwenz-tout", "farbgeier-tout"}
)
DOPPELKOPF_SOLOS = frozenset(
    {"trumpfsolo", "farbsolo", "grandsolo", "bubensolo", "damensolo", "fleischlos", "stilles-solo"}
)
BUCHSTABEN_SOLOS = frozenset({"solo", "du", "bettel", "spiel"})


def roles(rules: str, facts: dict[str, Any], seated: list[str]) -> tuple[str | None, tuple[str, ...]]:
    """(declarer, his partners) of one hand: `--player`, and `--partner` (klassisch: the declarer's
    team mate; a Hochzeit without partner is the player's solo). No declarer: (None, ())."""
    player = facts.get("player")
    if player is None:
        return None, ()
    if rules == "klassisch":
        for team in facts.get("teams") or ():
            if player in team:
                return player, tuple(p for p in team if p != player)
        return player, ()
    partner = facts.get("partner")
    return player, (partner,) if partner else ()


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
    if rules.startswith("schafkopf"):
        return {"solos": _pw(), "tout": _pw(), "sie": 0,
                "ramsch": {"played": 0, "lost": 0, "jungfrau": 0, "durchmarsch": 0},
                "klopfen": 0, "kontra": 0, "re": 0, "laufende": 0}
    if rules.startswith("doppelkopf"):
        return {"re_party": _pw(), "kontra_party": _pw(), "solos": _pw(), "absagen": {"made": 0, "won": 0},
                "foxes": {"caught": 0, "lost": 0}, "karlchen": 0, "doppelkoepfe": 0,
                "pflichtsolos": {"played": 0, "owed": 0}}
    if rules == "buchstaben":
        return {"solos": _pw(), "spritzen": _pw()}
    if rules == "klassisch":
        return {"strokes": 0, "heads": 0}
    return {}


def compute(ledger: Ledger, scope: Scope, player: str | None = None) -> Stats:
    """The statistics of the scope (its `rules` picks one rule set), one group per rule set, best first;
    `player` keeps only that player's line (spelled forgivingly; refused if he played in none)."""
    with ledger.transaction() as s:
        where = _where(ledger, s, scope)
        tables = s.execute(
            select(Runde.id, Runde.rules, Runde.date).where(*where).order_by(Runde.date, Runde.id)
        ).all()
        hand_rows = s.execute(
            select(HandRecord.id, HandRecord.runde_id, HandRecord.type, HandRecord.facts)
            .join(Runde, Runde.id == HandRecord.runde_id)
            .where(HandRecord.status == LIVE, *where)
            .order_by(HandRecord.runde_id, HandRecord.number)
        ).all()
        pay_q = select(PayoutRecord.hand_id, PayoutRecord.player_id, PayoutRecord.points, PayoutRecord.sat_out)
        if where:
            pay_q = pay_q.join(Runde, Runde.id == PayoutRecord.runde_id).where(*where)
        payouts: dict[int, list[tuple[int, int, bool]]] = defaultdict(list)
        for hand_id, pid, pts, out in s.execute(pay_q):
            payouts[hand_id].append((pid, pts, out))
        names = dict(s.execute(select(Player.id, Player.name)).all())
    if scope.rules is not None and not tables:
        raise SettingsError(f"--rules: no session of the scope is played under {scope.rules}.")

    by_rules: dict[str, list[Any]] = defaultdict(list)
    for t in tables:
        by_rules[t.rules].append(t)
    hands_of: dict[int, list[Any]] = defaultdict(list)
    for row in hand_rows:
        hands_of[row.runde_id].append(row)

    groups = []
    for rules in sorted(by_rules):
        groups.append(_group(ledger, scope, rules, by_rules[rules], hands_of, payouts, names))
    if player is not None:
        everyone = sorted({p.name for g in groups for p in g.players})
        chosen = pick(player, everyone, "--player", "a player of these sessions") if everyone else None
        if chosen is None:
            raise SettingsError(f"--player: nobody played in these sessions, so there is no {player}.")
        groups = [replace(g, players=[p for p in g.players if p.name == chosen]) for g in groups]
        groups = [g for g in groups if g.players]
    return Stats(groups)


def _group(
    ledger: Ledger,
    scope: Scope,
    rules: str,
    tables: list[Any],
    hands_of: dict[int, list[Any]],
    payouts: dict[int, list[tuple[int, int, bool]]],
    names: dict[int, str],
) -> Group:
    players: dict[str, PlayerStats] = {}
    run: dict[str, int] = defaultdict(int)
    types: dict[str, int] = defaultdict(int)
    pairs: dict[tuple[str, str], Partnership] = {}
    team_strokes: dict[str, int] = defaultdict(int)
    hands = 0

    def stats_of(name: str) -> PlayerStats:
        p = players.get(name)
        if p is None:
            p = players[name] = PlayerStats(name, extras=_extras_for(rules))
        return p

    schafkopf = rules.startswith("schafkopf")
    doppelkopf = rules.startswith("doppelkopf")
    for t in tables:
        evening: dict[str, int] = defaultdict(int)
        for hand_id, _runde, type_, facts in hands_of.get(t.id, ()):
            hands += 1
            types[type_] += 1
            rows = payouts.get(hand_id, ())
            points = {names[pid]: pts for pid, pts, _ in rows}
            seated = [names[pid] for pid, _, out in rows if not out]
            for name, pts in points.items():
                stats_of(name).points += pts
                evening[name] += pts
            if type_ in THROWN_IN:
                continue
            declarer, partners = roles(rules, facts, seated)
            side = (declarer, *partners) if declarer else ()
            for name in seated:
                p = stats_of(name)
                won = points[name] > 0
                p.hands += 1
                if won:
                    p.won += 1
                    run[name] += 1
                    p.longest_run = max(p.longest_run, run[name])
                else:
                    run[name] = 0
                if declarer is not None:
                    role = p.as_player if name == declarer else p.as_partner if name in partners else p.as_opponent
                    role["played"] += 1
                    role["won"] += won
                if declarer is None or name == declarer:
                    kind = p.by_type.setdefault(type_, _pw())
                    kind["played"] += 1
                    kind["won"] += won
                x = p.extras
                if schafkopf:
                    if name == declarer and type_ in SCHAFKOPF_SOLOS:
                        x["solos"]["played"] += 1
                        x["solos"]["won"] += won
                        if type_.endswith("-tout"):
                            x["tout"]["played"] += 1
                            x["tout"]["won"] += won
                        if type_ == "sie":
                            x["sie"] += 1
                    if type_ == "ramsch":
                        r = x["ramsch"]
                        r["played"] += 1
                        r["lost"] += points[name] < 0
                        r["jungfrau"] += name in (facts.get("jungfrau") or ())
                        r["durchmarsch"] += facts.get("durchmarsch") == name
                    x["klopfen"] += name in (facts.get("klopfen") or ())
                    x["kontra"] += bool(facts.get("kontra"))
                    x["re"] += bool(facts.get("re"))
                    if name in side:
                        x["laufende"] += int(facts.get("laufende") or 0)
                elif doppelkopf:
                    if declarer is not None and partners:
                        party = "re" if name in side else "kontra"
                        key = f"{party}_party"
                        x[key]["played"] += 1
                        x[key]["won"] += won
                        if facts.get(f"{party}_absage") is not None:
                            x["absagen"]["made"] += 1
                            x["absagen"]["won"] += won
                        other = "kontra" if party == "re" else "re"
                        x["foxes"]["caught"] += int(facts.get(f"fuchs_{party}") or 0)
                        x["foxes"]["lost"] += int(facts.get(f"fuchs_{other}") or 0)
                        x["karlchen"] += facts.get("karlchen") == party
                        x["doppelkoepfe"] += int(facts.get(f"doppelkopf_{party}") or 0)
                    elif name == declarer:
                        x["solos"]["played"] += 1
                        x["solos"]["won"] += won
                        x["pflichtsolos"]["played"] += bool(facts.get("pflicht"))
                elif rules == "buchstaben":
                    if name == declarer and type_ in BUCHSTABEN_SOLOS:
                        x["solos"]["played"] += 1
                        x["solos"]["won"] += won
                    if facts.get("spritze"):
                        x["spritzen"]["played"] += 1
                        x["spritzen"]["won"] += won
                elif rules == "klassisch" and won:
                    x["strokes"] += points[name]
            if rules == "klassisch":
                for team in facts.get("teams") or ():
                    if team and points.get(team[0], 0) > 0:
                        team_strokes["+".join(team)] += points[team[0]]
            if declarer is not None and len(side) == 2:
                key = tuple(sorted(side, key=str.casefold))
                pair = pairs.get(key)  # type: ignore[arg-type]
                if pair is None:
                    pair = pairs[key] = Partnership(key)  # type: ignore[index, arg-type]
                pair.hands += 1
                pair.won += points.get(side[0], 0) > 0
                pair.points += sum(points.get(n, 0) for n in side)
        for name, pts in evening.items():
            entry = {"session": t.id, "date": t.date.isoformat(), "points": pts}
            p = stats_of(name)
            if p.best_evening is None or pts > p.best_evening["points"]:
                p.best_evening = entry
            if p.worst_evening is None or pts < p.worst_evening["points"]:
                p.worst_evening = entry

    # Money, and the counts only a fold knows (Schafköpfe, Musssolo), from the report of the same scope.
    rep = report(ledger, replace(scope, rules=rules))
    for line in rep.players:
        p = stats_of(line.name)
        p.cents = line.cents
        if rules == "klassisch":
            p.extras["heads"] = int(line.extras.get("schafkoepfe", 0))
        if doppelkopf and line.extras.get("musssolo") == "offen":
            p.extras["pflichtsolos"]["owed"] = 1
    ordered = sorted(players.values(), key=lambda p: (-p.points, p.name.casefold()))
    group_extras: dict[str, Any] = {}
    if rules == "klassisch":
        group_extras["teams"] = [{"team": k, "strokes": v} for k, v in sorted(team_strokes.items(), key=lambda kv: -kv[1])]
    return Group(
        rules=rules,
        hands=hands,
        types=dict(sorted(types.items(), key=lambda kv: (-kv[1], kv[0]))),
        share={k: round(v / hands, 3) for k, v in sorted(types.items(), key=lambda kv: (-kv[1], kv[0]))} if hands else {},
        players=ordered,
        partnerships=sorted(pairs.values(), key=lambda p: (-p.won, -p.points, p.players)),
        sessions=[t.id for t in sorted(tables, key=lambda t: t.id)],
        extras=group_extras,
    )


def as_json(stats: Stats) -> dict[str, Any]:
    """What `stats --format json` prints: the fields of CLI.md, then the extras (see README)."""
    groups = []
    for g in stats.groups:
        players = []
        for p in g.players:
            entry = asdict(p)
            extras = entry.pop("extras")
            entry.update(extras)
            players.append(entry)
        groups.append(
            {
                "rules": g.rules,
                "hands": g.hands,
                "types": g.types,
                "players": players,
                "share": g.share,
                "sessions": g.sessions,
                "partnerships": [asdict(p) | {"players": list(p.players)} for p in g.partnerships],
                **g.extras,
            }
        )
    return {"groups": groups}
