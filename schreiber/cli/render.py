"""Everything schreiber prints: tables for people, JSON and CSV for scripts. The one place that renders."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Sequence
from typing import Any

from tabulate import tabulate

from schreiber.report.settlement import euros

MINUS = "−"  # one minus sign in everything people read (tables, formulas, money); JSON and CSV keep "-"


def _out(text: str = "") -> None:
    sys.stdout.write(text + "\n")


def width() -> int | None:
    """The columns to fit: COLUMNS if set, else the terminal's; None when piped (nothing to fit)."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    if sys.stdout.isatty():
        import shutil

        return shutil.get_terminal_size().columns
    return None


def colour() -> bool:
    """Colour on a terminal only, and never with NO_COLOR."""
    return not os.environ.get("NO_COLOR") and sys.stdout.isatty()


def paint(text: str, **style: Any) -> str:
    if not colour():
        return text
    import typer

    return typer.style(text, **style)


_NUMBER = re.compile(r"(?<![\w=])([+−]\d+)")


def tint(text: str) -> str:
    """Plus green, minus red, on a terminal."""
    if not colour():
        return text
    return _NUMBER.sub(lambda m: paint(m.group(1), fg="green" if m.group(1)[0] == "+" else "red"), text)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"{MINUS}{-n}" if n < 0 else "0"


def _grid(rows: Sequence[Sequence[Any]], headers: Sequence[str]) -> str:
    return tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True, stralign="right")


def _widest(text: str) -> int:
    return max((len(_ANSI.sub("", line)) for line in text.splitlines()), default=0)


_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def fit(
    rows: Sequence[Sequence[Any]],
    headers: Sequence[str],
    *,
    drop: Sequence[int] = (),
    wrap: int | None = None,
    align: str = "right",
    tablefmt: str = "simple",
) -> str:
    """A table that fits the terminal: columns in `drop` go first (in that order), then the column
    `wrap` is wrapped inside its cells; never a line wider than the terminal can show, if avoidable."""
    limit = width()
    keep = list(range(len(headers)))

    def render(maxwidth: int | None = None) -> str:
        hs = [headers[i] for i in keep]
        rs = [[row[i] for i in keep] for row in rows]
        widths = None
        if maxwidth is not None and wrap in keep:
            widths = [maxwidth if i == wrap else None for i in keep]
        return tabulate(rs, headers=hs, tablefmt=tablefmt, disable_numparse=True, stralign=align, maxcolwidths=widths)

    text = render()
    if limit is None:
        return text
    for column in drop:
        if _widest(text) <= limit:
            break
        keep.remove(column)
        text = render()
    if _widest(text) > limit and wrap in keep:
        cells = [len(str(row[wrap])) for row in rows] + [len(headers[wrap])]
        room = max(8, limit - (_widest(text) - max(cells)))
        text = render(room)
    return text


def wrapped(text: str, indent: str = "  ") -> str:
    """A long line wrapped to the terminal, later lines indented."""
    limit = width()
    if limit is None or len(text) <= limit:
        return text
    import textwrap

    return "\n".join(textwrap.wrap(text, width=limit, subsequent_indent=indent, break_on_hyphens=False))


# -- tables -----------------------------------------------------------------------------------


def _title(info: Any) -> str:
    name = f" “{info.name}”" if info.name else ""
    closed = " (closed)" if info.closed else ""
    return f"Session {info.id}{name}: {info.rules}, {info.date}{closed}"


def table_info(info: Any, created: bool = False) -> None:
    _out(wrapped(_title(info) + (" — now active" if info.active else "")))
    _out(f"  players: {', '.join(info.players)}")
    if info.teams:
        _out(f"  teams: {' vs '.join('+'.join(t) for t in info.teams)}")
    if info.tariff:
        _out(f"  tariff: {info.tariff} ct per point")
    if created:
        _out("  add the first hand with `schreiber add TYPE …`.")


def tables(infos: Sequence[Any], fmt: str = "table") -> None:
    if fmt == "json":
        _out(json.dumps([
            {"id": i.id, "date": i.date.isoformat(), "rules": i.rules, "name": i.name, "players": list(i.players),
             "hands": i.hands, "closed": i.closed, "active": i.active}
            for i in infos
        ], ensure_ascii=False))
        return
    if fmt == "csv":
        import csv

        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(["id", "date", "rules", "name", "players", "hands", "closed", "active"])
        for i in infos:
            writer.writerow([i.id, i.date.isoformat(), i.rules, i.name or "", ", ".join(i.players), i.hands,
                             str(i.closed).lower(), str(i.active).lower()])
        return
    if not infos:
        _out("No sessions yet; start one with `schreiber session new --rules schafkopf --players A B C D`.")
        return
    rows = [
        [
            ("* " if i.active else "") + str(i.id),
            i.date.isoformat(),
            i.rules,
            i.name or "",
            ", ".join(i.players),
            str(i.hands),
            "closed" if i.closed else "active" if i.active else "open",
        ]
        for i in infos
    ]
    # Too wide: the name goes first, then the status; the players wrap inside their cell.
    _out(fit(rows, ["id", "date", "rules", "name", "players", "hands", "status"], drop=(3, 6), wrap=4, align="left"))



def table_view(view: Any) -> None:
    info = view.table
    table_info(info)
    rules = view.rules
    for key, value in info.settings.items():
        setting = rules.settings.get(key)
        shown = setting.show(value) if setting else str(value)
        _out(f"  {key} = {shown}")
    _out(f"  hands: {info.hands}; next dealer: {view.next_dealer}")
    for line in view.status:
        _out(f"  {line}")


# -- rules ------------------------------------------------------------------------------------


def rule_sets() -> None:
    from schreiber.rules import registry

    rows = [[name, registry.get(name).summary] for name in registry.names()]
    _out(fit(rows, ["rule set", "what it is"], wrap=1, align="left", tablefmt="plain"))


def rule_set(rules: Any) -> None:
    _out(wrapped(f"{rules.name}: {rules.summary}"))
    _out(f"{rules.min_players}–{rules.max_players} players at the table.\n")
    _out(fit([[t, d] for t, d in rules.types.items()], ["hand type", "what it is"], wrap=1, align="left", tablefmt="plain"))
    _out()
    rows = [[k, s.show(s.default), s.help] for k, s in rules.settings.items()]
    _out(fit(rows, ["setting", "default", "what it does"], wrap=2, align="left", tablefmt="plain"))
    _out("\n" + wrapped(f"`schreiber rules show {rules.name} TYPE` shows the options one hand type takes, with an example.", ""))


# -- hands ------------------------------------------------------------------------------------


def describe(hand: Any) -> str:
    """A hand in a few words: "wenz Carl", "rufspiel Berta+Dora"."""
    who = hand.player or ""
    if hand.partner:
        who += "+" + hand.partner
    return f"{hand.type} {who}".strip()


def _points_block(view: Any, hand_view: Any) -> str:
    players = view.table.players
    out = set(hand_view.sitting_out) | set(hand_view.absent)
    row_hand = ["hand"] + [("–" if p in out else signed(hand_view.payout.points[p])) for p in players]
    row_total = ["total"] + [signed(hand_view.totals[p]) for p in players]
    return tint(_grid([row_hand, row_total], ["", *players]))


def _totals_block(view: Any) -> str:
    players = view.table.players
    return tint(_grid([["total"] + [signed(view.totals[p]) for p in players]], ["", *players]))


def added(view: Any) -> None:
    h = view.hands[-1]
    _out(wrapped(f"Hand {h.number}: {describe(h.hand)} — {h.payout.formula}"))
    if h.payout.split:
        _out(wrapped(f"  {h.payout.split}", "    "))
    if h.made_bock is not None:
        _out(paint(_made_bock(h.made_bock), fg="yellow"))
    _out(_points_block(view, h))
    _next_lines(view)


def _next_lines(view: Any) -> None:
    _out(f"Next dealer: {view.next_dealer}")
    if view.state.sitting_out:
        _out(f"Sits out next: {', '.join(view.state.sitting_out)}")
    for line in view.status:
        _out(paint(line, fg="yellow") if line.startswith(("Bock", "Doppelbock")) else line)
    small = _small_drawing(view)
    if small:
        _out(small)


def _small_drawing(view: Any) -> str:
    if not getattr(view.rules, "uses_teams", False):
        return ""
    from schreiber.report import drawing

    return "\n".join(drawing.team_small(team) for team in view.rules.teams_view(view.table.settings, view.state))


def edited(number: int, result: Any) -> None:
    view = result.view
    h = next(x for x in view.hands if x.number == number)
    if not result.changes:
        _out(f"Hand {number} already has these facts; nothing was changed.")
        return
    _out(f"Hand {number} changed: {describe(h.hand)} — {h.payout.formula}")
    for fact, old, new in result.changes:
        _out(f"  {fact}: {_fact_text(old)} → {_fact_text(new)}")
    _later_line(result.later_changed)
    _out(_totals_block(view))
    _next_lines(view)


def _fact_text(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, dict):
        return ", ".join(f"{k}={v}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def _later_line(count: int) -> None:
    _out(f"  {count} later {'hand pays' if count == 1 else 'hands pay'} differently now.")


def voided(hand: Any, result: Any) -> None:
    _out(f"Hand {hand.number} ({describe(hand.hand)}) is void; it stays in the ledger, marked void.")
    _later_line(result.later_changed)
    _out(_totals_block(result.view))
    _next_lines(result.view)


def restored(hand: Any, result: Any) -> None:
    _out(f"Hand {hand.number} restored: {describe(hand.hand)} — {hand.payout.formula}")
    _later_line(result.later_changed)
    _out(_totals_block(result.view))
    _next_lines(result.view)


def seated(view: Any, joined: str | None = None, left: str | None = None) -> None:
    state = view.state
    who = f"{joined} joins" if joined else f"{left} leaves"
    _out(f"{who} the table from the next hand on; seated now: {', '.join(state.players)}.")
    _next_lines(view)


def settled(paid: Any, still_open: Any) -> None:
    if not paid:
        _out("None of the open transfers involve the players named." if still_open else "Nothing was open to settle.")
    for debtor, creditor, cents in paid:
        _out(f"  {debtor} paid {creditor} {euros(cents)}")
    if still_open:
        _out("Still open:")
        for debtor, creditor, cents in still_open:
            _out(f"  {debtor} owes {creditor} {euros(cents)}")
    elif paid:
        _out("The table is settled.")


def open_debts(debts: Any, fmt: str) -> None:
    if fmt == "json":
        _out(
            json.dumps(
                {
                    "sessions": [
                        {"session": d.table_id, "title": d.title,
                         "owed": [{"from": a, "to": b, "cents": c} for a, b, c in d.owed]}
                        for d in debts.tables
                    ],
                    "transfers": [{"from": a, "to": b, "cents": c} for a, b, c in debts.transfers],
                },
                ensure_ascii=False,
            )
        )
        return
    if fmt == "csv":
        import csv

        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(["session", "from", "to", "cents"])
        for d in debts.tables:
            for a, b, c in d.owed:
                writer.writerow([d.table_id, a, b, c])
        return
    if not debts.tables:
        _out("Nothing is owed: every evening is settled.")
        return
    _out("Still owed:")
    for d in debts.tables:
        _out(f"{d.title}:")
        for debtor, creditor, cents in d.owed:
            _out(f"  {debtor} owes {creditor} {euros(cents)}")
    if len(debts.tables) > 1:
        _out("\nAll evenings together, who pays whom:")
        for debtor, creditor, cents in debts.transfers:
            _out(f"  {debtor} pays {creditor} {euros(cents)}")


def undone(hand: Any, view: Any) -> None:
    _out(f"Hand {hand.number} ({describe(hand.hand)}) is void; it stays in the ledger, marked void.")
    _out(_totals_block(view))
    _next_lines(view)


def hands(view: Any, fmt: str = "table") -> None:
    players = view.table.players
    if fmt == "json":
        _out(json.dumps({
            "session": view.table.id,
            "players": list(players),
            "hands": [
                {"number": h.number, "type": h.hand.type, "dealer": h.dealer, "description": describe(h.hand),
                 "value": h.payout.value, "formula": h.payout.formula, "sitting_out": list(h.sitting_out),
                 "payouts": dict(h.payout.points), "totals": dict(h.totals), "facts": h.hand.to_facts()}
                for h in view.hands
            ],
            "totals": dict(view.totals),
        }, ensure_ascii=False))
        return
    if fmt == "csv":
        import csv

        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(["number", "dealer", "type", "description", "value", *[c for p in players for c in (p, f"{p}_total")]])
        for h in view.hands:
            writer.writerow([h.number, h.dealer, h.hand.type, describe(h.hand), h.payout.value,
                             *[c for p in players for c in (h.payout.points.get(p, 0), h.totals[p])]])
        return
    if not view.hands:
        _out(wrapped(f"{_title(view.table)}: no hands yet."))
        return
    limit = width()
    _out(wrapped(_title(view.table)))
    for running in (True, False):
        rows = []
        for h in view.hands:
            out = set(h.sitting_out) | set(h.absent)
            cells = [
                ("–" if p in out else signed(h.payout.points[p])) + (f" ({signed(h.totals[p])})" if running else "")
                for p in players
            ]
            rows.append([str(h.number), h.dealer, describe(h.hand), str(h.payout.value), *cells])
        if not running:
            # Without the running totals in each cell, they stand in one row at the end.
            rows.append(["", "", "total", "", *[signed(view.totals[p]) for p in players]])
        headers = ["#", "dealer", "hand", "value", *players]
        table = _grid(rows, headers)
        if limit is None or _widest(table) <= limit:
            break
        # Too wide: the dealer and the value go first, then the running totals move to a last row.
        table = fit(rows, headers, drop=(1, 3), wrap=2)
        if _widest(table) <= limit:
            break
    _out(tint(table))
    _next_lines(view)


def history(info: Any, rows: Sequence[tuple[int, str, Any, Any]], events: Sequence[Any] = ()) -> None:
    _out(wrapped(_title(info) + " — every hand as typed"))
    if not rows:
        _out("no hands yet.")
    else:
        table = [
            [str(number), status, describe(hand), "; ".join(f"{k}: {v}" for k, v in _facts(hand)), f"{entered:%Y-%m-%d %H:%M}" if entered else ""]
            for number, status, hand, entered in rows
        ]
        _out(fit(table, ["#", "status", "hand", "facts", "entered"], drop=(4,), wrap=3, align="left"))
    if events:
        _out("\nAt the table:")
        lines = []
        for after, kind, name, extra, when in events:
            if kind == "join":
                what = f"{name} joins" + (f" at seat {extra}" if extra else "")
            elif kind == "leave":
                what = f"{name} leaves"
            else:
                what = f"hand {extra} {'voided' if kind == 'void' else 'restored'}"
            lines.append([f"after hand {after}" if kind in ("join", "leave") else "", what, f"{when:%Y-%m-%d %H:%M}" if when else ""])
        _out(fit(lines, ["when", "what", "entered"], drop=(2,), wrap=1, align="left"))


def _facts(hand: Any) -> list[tuple[str, str]]:
    facts = hand.to_facts()
    facts.pop("type")
    out = []
    for key, value in facts.items():
        if isinstance(value, dict):
            value = ", ".join(f"{k}={v}" for k, v in value.items())
        elif isinstance(value, list):
            value = ", ".join("+".join(v) if isinstance(v, list) else str(v) for v in value)
        elif key == "won":
            key, value = "result", "won" if value else "lost"
        elif value is True:
            value = "yes"
        # Named as the option is typed: augen_by_player was given as --augen NAME=N.
        out.append((key.removesuffix("_by_player").replace("_", "-"), str(value)))
    return out


def hand(hand_view: Any, view: Any, fmt: str) -> None:
    p = hand_view.payout
    if fmt == "json":
        _out(
            json.dumps(
                {
                    "number": hand_view.number,
                    "type": hand_view.hand.type,
                    "session": view.table.id,
                    "dealer": hand_view.dealer,
                    "sitting_out": list(hand_view.sitting_out),
                    "facts": hand_view.hand.to_facts(),
                    "value": p.value,
                    "formula": p.formula,
                    "split": p.split,
                    "payouts": dict(p.points),
                    "breakdown": [{"label": t.label, "op": t.op, "amount": t.amount} for t in p.terms],
                    "totals": hand_view.totals,
                },
                ensure_ascii=False,
            )
        )
        return
    info = view.table
    _out(wrapped(f"Hand {hand_view.number} of session {info.id} ({info.rules}, {info.date}): {describe(hand_view.hand)}"))
    _out(f"  dealt by: {hand_view.dealer}")
    if hand_view.sitting_out:
        _out(f"  sitting out: {', '.join(hand_view.sitting_out)}")
    for key, value in _facts(hand_view.hand):
        _out(wrapped(f"  {key}: {value}", "    "))
    if hand_view.made_bock is not None:
        _out(paint("  " + _made_bock(hand_view.made_bock), fg="yellow"))
    _out("")
    if p.terms:
        _out(tint(fit([[t.label, _op(t)] for t in p.terms], ["term", "amount"], wrap=0, align="left")))
    _out(wrapped(f"Value: {p.formula}"))
    if p.split:
        _out(wrapped(f"Split: {p.split}"))
    _out(_points_block(view, hand_view))


def _made_bock(round_: Any) -> str:
    kind = "a Bock round" if round_.factor == 2 else "a Doppelbock round"
    hands = f"{round_.hands_left} {'hand' if round_.hands_left == 1 else 'hands'}"
    return f"This hand made {kind}: ×{round_.factor} for {hands}."


def _op(term: Any) -> str:
    if term.op == "×":
        return f"×{term.amount}"
    if term.op in ("-", "−"):
        return f"{MINUS}{term.amount}"
    return f"+{term.amount}" if term.op == "+" else str(term.amount)


# -- reports ----------------------------------------------------------------------------------


def report(rep: Any, fmt: str, excel: bool = False) -> None:
    extra_keys: list[str] = []
    for line in rep.players:
        for key in line.extras:
            if key not in extra_keys:
                extra_keys.append(key)
    if fmt == "json":
        players = _report_players(rep)
        _out(
            json.dumps(
                {
                    "players": players,
                    "hands": rep.hands,
                    "sessions": rep.sessions,
                    "transfers": [{"from": a, "to": b, "cents": c} for a, b, c in rep.transfers],
                    **({"kasse": rep.kasse} if rep.kasse else {}),
                    # One group per rule set (points never added across them), and money summed across all.
                    "groups": [
                        {"rules": rules, "hands": g.hands, "sessions": g.sessions, "players": _report_players(g)}
                        for rules, g in rep.groups
                    ],
                    "money": rep.cents if rep.money else None,
                },
                ensure_ascii=False,
            )
        )
        return
    headers = ["rank", "player", "points", "hands", "won", "solos", *extra_keys]
    if rep.money:
        headers.append("money")
    rows = []
    for rank, line in enumerate(rep.players, start=1):
        row: list[Any] = [rank, line.name, line.points, line.hands, line.won, line.solos]
        row += [line.extras.get(k, "") for k in extra_keys]
        if rep.money:
            row.append(euros(line.cents or 0))
        rows.append(row)
    if fmt == "csv":
        from schreiber.report import csvio

        # Money is a number here: euros with two places (-1.10, or -1,10 for Excel), never "−1,10 €".
        csv_headers = [*headers[:-1], "euros"] if rep.money else headers
        csv_rows = [[*row[:-1], csvio.euros(line.cents or 0)] if rep.money else row for row, line in zip(rows, rep.players)]
        if rep.by_rules:
            # Over several rule sets a row per rule set and player (a column `rules` first): points
            # of different rule sets are never added.
            csv_headers = ["rules", *csv_headers]
            csv_rows = []
            for rules, group in rep.by_rules:
                for rank, line in enumerate(group.players, start=1):
                    row = [rules, rank, line.name, line.points, line.hands, line.won, line.solos]
                    row += [line.extras.get(k, "") for k in extra_keys]
                    if rep.money:
                        row.append(csvio.euros(line.cents or 0))
                    csv_rows.append(row)
        csvio.write_table(csv_headers, csv_rows, sys.stdout, excel=excel)
        return
    _out(wrapped(f"Report: {rep.title} — {rep.hands} {'hand' if rep.hands == 1 else 'hands'}"))
    if rep.by_rules:
        # Points of different rule sets are not comparable: one ranking per rule set, money summed after.
        for rules, group in rep.by_rules:
            _out(f"\n{rules} — {group.hands} {'hand' if group.hands == 1 else 'hands'}")
            _report_table(group)
        if rep.money:
            _out("\nMoney across all rule sets:")
            money = sorted(rep.players, key=lambda p: (-(p.cents or 0), p.name.casefold()))
            _out(tint(_grid([[line.name, euros(line.cents or 0)] for line in money], ["player", "money"])))
    else:
        _report_table(rep)
    if rep.kasse:
        _out(f"\nInto the Kasse ({euros(sum(rep.kasse.values()))} together):")
        for name, cents in rep.kasse.items():
            _out(f"  {name} {euros(cents)}")
    if rep.paid:
        _out("\nPaid already (schreiber settle):")
        for debtor, creditor, cents in rep.paid:
            _out(f"  {debtor} paid {creditor} {euros(cents)}")
    if rep.transfers:
        _out("\nWho pays whom:" if not rep.paid else "\nStill owed, who pays whom:")
        for debtor, creditor, cents in rep.transfers:
            _out(f"  {debtor} pays {creditor} {euros(cents)}")
    for line in rep.status:
        _out(line)


def _report_players(rep: Any) -> list[dict[str, Any]]:
    players = []
    for line in rep.players:
        entry: dict[str, Any] = {
            "name": line.name,
            "points": line.points,
            "hands": line.hands,
            "won": line.won,
            "solos": line.solos,
        }
        if line.cents is not None:
            entry["cents"] = line.cents
        entry.update(line.extras)
        players.append(entry)
    return players


def _report_table(rep: Any) -> None:
    extra_keys: list[str] = []
    for line in rep.players:
        for key in line.extras:
            if key not in extra_keys:
                extra_keys.append(key)
    headers = ["rank", "player", "points", "hands", "won", "solos", *extra_keys]
    if rep.money:
        headers.append("money")
    display = []
    for rank, line in enumerate(rep.players, start=1):
        row: list[Any] = [rank, line.name, signed(line.points), line.hands, line.won, line.solos]
        row += [line.extras.get(k, "") for k in extra_keys]
        if rep.money:
            row.append(euros(line.cents or 0))
        display.append(row)
    _out(tint(tabulate(display, headers=headers, tablefmt="simple", disable_numparse=True, stralign="right")))


def imported(results: Sequence[Any]) -> None:
    for r in results:
        hands = f"{r.hands} {'hand' if r.hands == 1 else 'hands'}"
        matched = " (matched by date, rule set, players and hands)" if r.by_facts else ""
        if r.outcome == "new":
            _out(f"Imported session {r.session} with {hands}.")
        elif r.outcome == "extended":
            first = r.hands - r.added + 1
            which = f"hand {first}" if r.added == 1 else f"hands {first}–{r.hands}"
            _out(f"Added {which} to session {r.session}{matched}; the earlier ones were there already.")
        elif r.outcome == "same":
            _out(f"Session {r.key} of the file is already in the ledger as session {r.session}{matched}; nothing was changed.")
        else:
            _out(
                f"Session {r.key} of the file is already in the ledger as session {r.session}{matched}, "
                f"which has more hands ({hands}); nothing was changed."
            )


def strokes(view: Any) -> None:
    from schreiber.report import drawing

    _out(wrapped(_title(view.table)))
    _out(drawing.drawing_text(view.rules.teams_view(view.table.settings, view.state)))


def strokes_svg(view: Any) -> str:
    from schreiber.report import drawing

    return drawing.drawing_svg(view.rules.teams_view(view.table.settings, view.state))


# -- the ledger itself (db info, db check) ---------------------------------------------------------


def ledger_info(info: Any) -> None:
    rows = [
        ("ledger", info.where),
        ("schema revision", info.revision or "none"),
        ("tables", info.tables),
        ("hands", info.hands),
        ("players", info.players),
    ]
    for label, value in rows:
        _out(f"{label + ':':<17}{value}")


def ledger_check(result: Any) -> None:
    """One line per problem, or one line saying what was proven."""
    for problem in result.problems:
        _out(f"problem: {problem}")
    if not result.problems:
        _out(
            f"ok: the store is intact; {_count(result.tables, 'table')}, {_count(result.hands, 'hand')}, every cached payout equals "
            f"the fold, schema revision {result.revision} is current."
        )


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# -- statistics ------------------------------------------------------------------------------------


def _fitted(rows: Sequence[Sequence[Any]], headers: Sequence[str], width: int = 80) -> str:
    """The grid, or when it is wider than `width`, several grids of the columns side by side's worth,
    each beginning with the first (the player)."""
    text = _grid(rows, headers)
    if max((len(line) for line in text.splitlines()), default=0) <= width or len(headers) <= 2:
        return text
    parts = []
    start = 1
    while start < len(headers):
        end = start + 1
        while end < len(headers):
            trial = _grid([[r[0], *r[start:end + 1]] for r in rows], [headers[0], *headers[start:end + 1]])
            if max(len(line) for line in trial.splitlines()) > width:
                break
            end += 1
        parts.append(_grid([[r[0], *r[start:end]] for r in rows], [headers[0], *headers[start:end]]))
        start = end
    return "\n\n".join(parts)


def _pw(d: dict[str, int]) -> str:
    return f"{d['won']}/{d['played']}"


def stats(result: Any, fmt: str, excel: bool = False) -> None:
    """Several small tables per rule set (each fits 80 columns); json and csv give every number."""
    from schreiber.ledger.stats import as_json

    data = as_json(result)
    if fmt == "json":
        _out(json.dumps(data, ensure_ascii=False))
        return
    if fmt == "csv":
        from schreiber.report import csvio

        rows = []
        for g in data["groups"]:
            for key in ("hands",):
                rows.append([g["rules"], "", key, g[key]])
            for t, n in g["types"].items():
                rows.append([g["rules"], "", f"types.{t}", n])
            for p in g["players"]:
                for key, value in _flat(p):
                    if key != "name":
                        rows.append([g["rules"], p["name"], key, value])
            for pair in g["partnerships"]:
                both = "+".join(pair["players"])
                for key in ("hands", "won", "points"):
                    rows.append([g["rules"], both, f"partnership.{key}", pair[key]])
        csvio.write_table(["rules", "player", "stat", "value"], rows, sys.stdout, excel=excel)
        return
    if not data["groups"]:
        _out("No hands in this scope.")
        return
    for i, (g, group) in enumerate(zip(data["groups"], result.groups)):
        if i:
            _out()
        _out(f"{g['rules']} — {_count(g['hands'], 'hand')} in {_count(len(g['sessions']), 'session')}")
        money = any(p["cents"] is not None for p in g["players"])
        headers = ["player", "hands", "won", "points", *(["money"] if money else []), "declared", "partner", "opponent"]
        rows = [
            [p["name"], p["hands"], p["won"], signed(p["points"]), *([euros(p["cents"] or 0)] if money else []),
             _pw(p["as_player"]), _pw(p["as_partner"]), _pw(p["as_opponent"])]
            for p in g["players"]
        ]
        _out(_fitted(rows, headers))
        _out("\nHand types (declared or, without a declarer, taken part in: won/played):")
        type_names = list(g["types"])
        for start in range(0, len(type_names), 5):
            chunk = type_names[start:start + 5]
            rows = [["all", *(f"{g['types'][t]} {round(100 * g['share'][t])}%" for t in chunk)]]
            rows += [[p["name"], *(_pw(p["by_type"][t]) if t in p["by_type"] else "" for t in chunk)] for p in g["players"]]
            _out(_fitted(rows, ["player", *(_short(t) for t in chunk)]))
        extra = _extra_rows(g)
        if extra:
            _out(f"\n{_EXTRA_TITLE.get(group.rules.split('-')[0], 'More')}:")
            for j, table in enumerate(extra):
                _out(("\n" if j else "") + _fitted(table[1:], table[0]))
        _out("\nEvenings and runs:")
        rows = [
            [p["name"], _evening(p["best_evening"]), _evening(p["worst_evening"]), p["longest_run"]]
            for p in g["players"]
        ]
        _out(_fitted(rows, ["player", "best evening", "worst evening", "won in a row"]))
        if g["partnerships"]:
            _out("\nBest partnerships (declarer and partner):")
            rows = [["+".join(x["players"]), x["hands"], x["won"], signed(x["points"])] for x in g["partnerships"][:5]]
            _out(_fitted(rows, ["pair", "hands", "won", "points"]))
        for team in g.get("teams", []):
            _out(f"Team {team['team']}: {team['strokes']} strokes")


_EXTRA_TITLE = {"schafkopf": "Schafkopf", "doppelkopf": "Doppelkopf", "buchstaben": "Buchstaben", "klassisch": "Strokes"}


def _short(t: str) -> str:
    return t if len(t) <= 12 else t[:11] + "."


def _evening(e: Any) -> str:
    return "" if e is None else f"{signed(e['points'])} ({e['date']})"


def _extra_rows(g: dict[str, Any]) -> list[list[list[Any]]]:
    players = g["players"]
    if not players:
        return []
    rules = g["rules"]
    if rules.startswith("schafkopf"):
        head = ["player", "solos", "tout", "sie", "klopfen", "kontra", "re", "laufende"]
        body = [[p["name"], _pw(p["solos"]), _pw(p["tout"]), p["sie"], p["klopfen"], p["kontra"], p["re"], p["laufende"]]
                for p in players]
        ramsch = [[p["name"], p["ramsch"]["played"], p["ramsch"]["lost"], p["ramsch"]["jungfrau"], p["ramsch"]["durchmarsch"]]
                  for p in players]
        return [[head, *body], [["player", "ramsch", "lost", "jungfrau", "durchmarsch"], *ramsch]]
    elif rules.startswith("doppelkopf"):
        head = ["player", "re", "kontra", "solos", "absagen", "foxes", "karlchen", "dk", "pflicht"]
        body = [[p["name"], _pw(p["re_party"]), _pw(p["kontra_party"]), _pw(p["solos"]),
                 f"{p['absagen']['won']}/{p['absagen']['made']}", f"{p['foxes']['caught']}:{p['foxes']['lost']}",
                 p["karlchen"], p["doppelkoepfe"], p["pflichtsolos"]["played"]] for p in players]
    elif rules == "buchstaben":
        head = ["player", "solos", "spritzen"]
        body = [[p["name"], _pw(p["solos"]), _pw(p["spritzen"])] for p in players]
    elif rules == "klassisch":
        head = ["player", "strokes", "heads"]
        body = [[p["name"], p["strokes"], p["heads"]] for p in players]
    else:
        return []
    return [[head, *body]]


def _flat(d: dict[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for key, value in d.items():
        if isinstance(value, dict):
            out += _flat(value, f"{prefix}{key}.")
        else:
            out.append((f"{prefix}{key}", "" if value is None else value))
    return out
