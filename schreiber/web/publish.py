"""`schreiber publish`: the club's results as a static site (issue 42, CLI.md "Publishing results").

The pages are the live pages' words and look as files: one stylesheet (the live one's rules with a print
sheet), no script, relative links only, nothing from elsewhere, so the site opens from a USB stick with
`file://` as from any web host. The same ledger gives the same bytes (no time stamps; every list in a fixed
order), so `write` touches only the files whose bytes differ and an upload copies only those.

`build` makes the site as {relative path: bytes}; `write` puts it into a folder, `archive` into a zip file.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

from schreiber import csvio, i18n
from schreiber.i18n import _
from schreiber.ledger.publish import Publication, PublishedSeason, PublishedTournament
from schreiber.views import publish as data
from schreiber.views.public_names import VOLL, Naming
from schreiber.web import view
from schreiber.web.publish_league import league_dir, league_pages
from schreiber.web.publish_pages import (
    Links,
    category_page,
    index_page,
    player_pages,
    round_page,
    season_page,
    team_page,
    team_page_name,
    tournament_page,
)

LANGUAGES = ("de", "en")
STYLES = ("style.css", "tournament.css", "season.css", "league.css")
# A zip's entries carry a time: one fixed, so the same site makes the same archive.
ZIP_TIME = (2000, 1, 1, 0, 0, 0)


@dataclass(frozen=True)
class Written:
    """What `write` did: every file of the site, those whose bytes were new or different, those left as they were."""

    files: int
    changed: int
    unchanged: int


def stylesheet() -> bytes:
    """The live pages' stylesheets in one, with what the published pages add (publish.css: the language
    switch, the print sheet)."""
    static = resources.files("schreiber.web") / "static"
    parts = [(static / name).read_text(encoding="utf-8") for name in (*STYLES, "publish.css")]
    return "\n".join(parts).encode("utf-8")


def build(pub: Publication, languages: Iterable[str], names: str = VOLL, excel: bool = False) -> dict[str, bytes]:
    """Every file of the site: with one language at the top, with both under de/ and en/ (and a page that
    offers the two at the top)."""
    env = templates()
    chosen = tuple(languages)
    naming = Naming(pub.privat, names)
    files: dict[str, bytes] = {"style.css": stylesheet()}
    both = len(chosen) > 1
    for language in chosen:
        base = f"{language}/" if both else ""
        other = next((x for x in chosen if x != language), None) if both else None
        with i18n.speaking(language):
            for path, render in pages(pub, naming):
                links = Links(path, base, other)
                html = render(env, links)
                files[base + path] = html.encode("utf-8")
    if both:
        with i18n.speaking(chosen[0]):
            files["index.html"] = (
                env.get_template("publish/languages.html")
                .render(languages=[(x, f"{x}/index.html") for x in chosen])
                .encode("utf-8")
            )
    for language in chosen:
        base = f"{language}/" if both else ""
        for t in pub.tournaments:
            folder = f"{base}turnier-{t.info.id}/"
            files[folder + "data.json"] = data.dumped(data.tournament_data(t, naming))
            files[folder + "standings.csv"] = _csv(data.tournament_csv(t, naming), excel)
        for x in pub.seasons:
            files[f"{base}saison-{x.standings.season.id}/data.json"] = data.dumped(data.season_data(x, naming))
        for league in pub.leagues:
            files[f"{base}{league_dir(league.id)}data.json"] = data.dumped(data.league_data(league, naming))
    return dict(sorted(files.items()))


Render = Callable[[Any, Links], str]


def templates() -> Environment:
    """The live pages' template environment (web/live.py), without the server it serves: the same loader,
    words, filters and language."""
    env = Environment(
        loader=PackageLoader("schreiber.web", "templates"),
        autoescape=select_autoescape(default=True),
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    env.install_gettext_callables(i18n._, i18n.ngettext, newstyle=False)  # type: ignore[attr-defined]
    env.globals["language"] = i18n.spoken
    view.install(env)
    return env


def pages(pub: Publication, naming: Naming) -> list[tuple[str, Render]]:
    """(path under the language's folder, how to render it) for every page of the site."""
    seasons = {x.standings.season.id: x for x in pub.seasons}
    out: list[tuple[str, Render]] = [("index.html", lambda env, links: index_page(env, links, pub, naming))]
    for t in pub.tournaments:
        folder = f"turnier-{t.info.id}/"
        out.append((folder + "index.html", _bind(tournament_page, t, pub, naming)))
        for plan in t.plans:
            out.append((f"{folder}runde-{plan.round}.html", _bind_round(t, plan.round, pub, naming)))
        for c in t.teams:
            out.append((folder + team_page_name(c.competition), _bind_team(t, c.competition, pub, naming)))
        for k in t.kategorien:  # each category ranking on its own page too (TEAMS.md §10.4)
            out.append((f"{folder}kategorie-{k.kategorie}.html", _bind_category(t, k.kategorie, pub, naming)))
    for x in pub.seasons:
        out.append((f"saison-{x.standings.season.id}/index.html", _bind(season_page, x, pub, naming)))
    out += player_pages(pub, naming, seasons)
    out += league_pages(pub.leagues, naming)
    return out


def _bind(
    function: Callable[..., str], what: PublishedTournament | PublishedSeason, pub: Publication, naming: Naming
) -> Render:
    return lambda env, links: function(env, links, what, pub, naming)


def _bind_round(t: PublishedTournament, number: int, pub: Publication, naming: Naming) -> Render:
    return lambda env, links: round_page(env, links, t, number, pub, naming)


def _bind_team(t: PublishedTournament, competition: str, pub: Publication, naming: Naming) -> Render:
    return lambda env, links: team_page(env, links, t, competition, pub, naming)


def _bind_category(t: PublishedTournament, kategorie: str, pub: Publication, naming: Naming) -> Render:
    return lambda env, links: category_page(env, links, t, kategorie, pub, naming)


def _csv(sheet: data.Sheet, excel: bool) -> bytes:
    out = io.StringIO(newline="")
    csvio.write_table(sheet.headers, sheet.rows, out, excel=excel)
    return out.getvalue().encode("utf-8")


def write(files: dict[str, bytes], folder: Path) -> Written:
    """Write the site into `folder`: a file only where its bytes differ from what is there."""
    changed = 0
    for path, content in files.items():
        target = folder / Path(*path.split("/"))
        try:
            same = target.read_bytes() == content
        except OSError:
            same = False
        if same:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content)
        changed += 1
    return Written(len(files), changed, len(files) - changed)


def archive(files: dict[str, bytes], path: Path) -> None:
    """The same site as one zip file, the same bytes for the same site (fixed times, sorted entries)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for name, content in sorted(files.items()):
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, content)
    content = buffer.getvalue()
    try:
        if path.read_bytes() == content:
            return
    except OSError:
        pass
    path.write_bytes(content)


def said(done: Written) -> str:
    """ "12 files written, 3 changed, 9 unchanged" in the command's language."""
    return _("{files} files written, {changed} changed, {unchanged} unchanged").format(
        files=done.files, changed=done.changed, unchanged=done.unchanged
    )


__all__ = ["LANGUAGES", "Written", "archive", "build", "said", "stylesheet", "write"]
