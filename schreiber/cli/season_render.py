"""What the season and player commands print; for scripts the JSON and CSV of views/season.py."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from schreiber.cli.terminal import echo, grid, print_csv, print_json, wrapped
from schreiber.i18n import _, ngettext
from schreiber.views import season as payloads
from schreiber.views.text import score
from schreiber.views.heading import result as result_cell, running_lines

if TYPE_CHECKING:
    from schreiber.ledger.season import CheckedIn, SeasonAward, SeasonAwards, SeasonEntrant, SeasonInfo, SeasonStandings


def value(v: int | Fraction | None) -> str:
    """A score as a table shows it: an average with two decimals, in the language spoken."""
    return score(v)


def _settings(info: SeasonInfo) -> str:
    text = _("Wertung {wertung}, min_starts {min_starts}").format(wertung=info.wertung, min_starts=info.min_starts)
    if info.finale:
        text += _(", finale {finale}").format(finale=info.finale)
    if info.verein:
        text += _(", club {name}").format(name=info.verein)
    return text


def title(info: SeasonInfo) -> str:
    return _("Season {id} “{name}”: {rules}, {settings}").format(
        id=info.id, name=info.name, rules=info.rules, settings=_settings(info)
    )


def info(info: SeasonInfo, created: bool = False) -> None:
    echo(wrapped(title(info) + (_(" — now active") if info.active else "")))
    if created:
        echo(
            _(
                "  add tournaments with `schreiber tournament new NAME --rules {rules} --season {id}` or `schreiber season add ID`."
            ).format(rules=info.rules, id=info.id)
        )


def listing(infos: Sequence[SeasonInfo], fmt: str = "table") -> None:
    if fmt == "json":
        return print_json([payloads.info_json(i) for i in infos])
    if not infos:
        echo(_("No seasons yet; start one with `schreiber season new NAME --rules preisschafkopf`."))
        return
    rows = [
        [("* " if i.active else "") + str(i.id), i.name, i.rules, i.wertung, str(len(i.tournaments)), str(i.players)]
        for i in infos
    ]
    echo(grid(rows, [_("id"), _("name"), _("rules"), _("Wertung"), _("tournaments"), _("players")], left=(1, 2, 3)))


def details(info_: SeasonInfo, players: Sequence[SeasonEntrant]) -> None:
    info(info_)
    echo(
        ngettext("  {count} tournament:", "  {count} tournaments:", len(info_.tournaments)).format(
            count=len(info_.tournaments)
        )
    )
    for t in info_.tournaments:
        echo(f"  {t.id:>4}  {t.date}  {t.name}")
    echo(
        ngettext(
            "  {count} player with a season start number:",
            "  {count} players with a season start number:",
            len(players),
        ).format(count=len(players))
    )
    for e in players:
        echo(f"  {e.number:>4}  {e.name}")


def registered(entrants: Sequence[SeasonEntrant]) -> None:
    for e in entrants:
        echo(_("Registered {name} with season start number {number}.").format(name=e.name, number=e.number))


def added(info_: SeasonInfo, ids: Sequence[int]) -> None:
    echo(
        wrapped(
            ngettext(
                "Tournament {ids} counts for season {id} “{name}” now.",
                "Tournaments {ids} count for season {id} “{name}” now.",
                len(ids),
            ).format(ids=", ".join(map(str, ids)), id=info_.id, name=info_.name)
        )
    )


def standings(view: SeasonStandings, fmt: str, excel: bool = False) -> None:
    if fmt == "json":
        return print_json(payloads.standings_json(view))
    if fmt == "csv":
        return print_csv(payloads.standings_csv(view), excel=excel)
    season = view.season
    # "after N tournaments" counts the final ones (RULES.md §9); one still running is said so.
    echo(
        wrapped(
            ngettext(
                "Standings of season “{name}” after {count} tournament (Wertung {wertung}, min_starts {min_starts}):",
                "Standings of season “{name}” after {count} tournaments (Wertung {wertung}, min_starts {min_starts}):",
                view.final_tournaments,
            ).format(name=season.name, count=view.final_tournaments, wertung=view.wertung, min_starts=season.min_starts)
        )
    )
    if view.kategorie is not None:  # a category ranking (TEAMS.md §10.2): the rank is the category's
        echo(
            _("Category {kategorie} (rank in the category; the season rank in brackets).").format(
                kategorie=view.kategorie
            )
        )
    for line in running_lines(view):
        echo(wrapped(line))
    if not view.rows:
        echo(_("Nobody has played a tournament of the season yet."))
        return
    final = season.finale is not None
    headers = [
        _("rank"),
        _("no."),
        _("player"),
        _("score"),
        _("starts"),
        *([_("final")] if final else []),
        *[_("T{id}").format(id=t.id) for t in season.tournaments],
    ]
    rows = []
    for r in view.rows:
        rank = "–" if r.rank is None else f"{r.rank}."
        if view.kategorie is not None and r.overall is not None:
            rank += f" ({r.overall}.)"
        cells = [rank, str(r.number), r.name, value(r.score), str(r.starts)]
        if final:
            cells.append(_("qualified") if r.qualified else "")
        cells += [result_cell(x) for x in r.results]
        rows.append(cells)
    echo(grid(rows, headers, left=(2,)))
    below = sum(1 for r in view.rows if r.rank is None)
    if below:
        echo(
            ngettext(
                "{count} player has fewer than {min_starts} starts and no rank yet.",
                "{count} players have fewer than {min_starts} starts and no rank yet.",
                below,
            ).format(count=below, min_starts=season.min_starts)
        )


def _award_line(label: str, award: SeasonAward, names: str | None = None) -> str:
    if not award.players:
        return _("{label}: nobody yet").format(label=label)
    return _("{label}: {players} ({value})").format(
        label=label, players=names or ", ".join(award.players), value=value(award.value)
    )


def awards(view: SeasonAwards, fmt: str) -> None:
    if fmt == "json":
        return print_json(payloads.awards_json(view))
    echo(wrapped(_("Awards of season “{name}”:").format(name=view.season.name)))
    echo(_award_line(_("most starts"), view.most_starts))
    echo(_award_line(_("best average rank"), view.best_average_rank))
    echo(_award_line(_("worst average rank (Pechvogel)"), view.worst_average_rank))
    best = ", ".join(
        _("{name} (tournament {id})").format(name=p, id=t)
        for p, t in zip(view.best_score.players, view.best_score.tournaments)
    )
    echo(_award_line(_("best single tournament score"), view.best_score, best))


def checked_in(result: CheckedIn) -> None:
    for e in result.registered:
        echo(
            _("Checked in {name} ({number}) to tournament {id}.").format(
                name=e.name, number=e.number, id=result.tournament
            )
        )
    for e in result.already:
        echo(_("{name} ({number}) is checked in already.").format(name=e.name, number=e.number))
