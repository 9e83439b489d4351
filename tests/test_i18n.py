"""German at the table: the catalog is complete and compiled, and an evening reads as reviewed.

The transcripts in tests/golden/ (evening.de.txt, evening.en.txt) are what schreiber prints for
every command's --help and a whole evening, in each language; they were read line by line. After a
deliberate change of wording run `SCHREIBER_UPDATE_GOLDEN=1 pytest tests/test_i18n.py` (or
SCHREIBER_REGOLD=1), read the diff of the German transcript, and commit it.
"""

from __future__ import annotations

import gettext
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

babel_messages = pytest.importorskip("babel.messages")
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "schreiber"
PO = PACKAGE / "locale" / "de" / "LC_MESSAGES" / "schreiber.po"
MO = PO.with_suffix(".mo")
GOLDEN = Path(__file__).parent / "golden"
REGOLD = bool(os.environ.get("SCHREIBER_UPDATE_GOLDEN") or os.environ.get("SCHREIBER_REGOLD"))

KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}


def _catalog():
    with PO.open("rb") as f:
        return read_po(f)


def _extracted(directory: Path) -> set[str | tuple[str, ...]]:
    """The msgids Babel finds in the Python files under `directory` (singular, or (singular, plural))."""
    found: set[str | tuple[str, ...]] = set()
    templates = "web/templates/**.html"
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(directory),
        method_map=[("**.py", "python"), (templates, "jinja2")],
        options_map={templates: {"extensions": "jinja2.ext.i18n"}},
        keywords=KEYWORDS,
    ):
        found.add(message if isinstance(message, str) else tuple(message))
    return found


def _translated(catalog) -> dict[str | tuple[str, ...], str | tuple[str, ...]]:
    out = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        key = message.id if isinstance(message.id, str) else tuple(message.id)
        value = message.string if isinstance(message.string, str) else tuple(message.string)
        if value and (isinstance(value, str) or all(value)):
            out[key] = value
    return out


# -- the catalog --------------------------------------------------------------------------------


def test_every_sentence_of_the_source_has_a_german_translation():
    wanted = _extracted(PACKAGE)
    assert len(wanted) > 400  # the extraction really read the package
    translated = _translated(_catalog())
    missing = sorted((m for m in wanted if m not in translated), key=str)
    assert not missing, (
        f"{len(missing)} sentences have no German translation; run the catalog commands of README.md "
        f"(Translations) and translate them: {missing[:10]}"
    )


def _messages(mo: bytes) -> dict[object, str]:
    """What a compiled catalog says, as gettext reads it; the header without the line naming the Babel
    that compiled it (a newer Babel writes another version there, and says nothing else differently)."""
    catalog = dict(gettext.GNUTranslations(io.BytesIO(mo))._catalog)  # type: ignore[attr-defined]
    catalog[""] = re.sub(r"Generated-By: [^\n]*\n", "", catalog.get("", ""))
    return catalog


def test_the_compiled_catalog_is_the_po_file_compiled():
    compiled = io.BytesIO()
    write_mo(compiled, _catalog())
    assert _messages(MO.read_bytes()) == _messages(compiled.getvalue()), (
        "schreiber.mo is older than schreiber.po: run `pybabel compile -d schreiber/locale -D schreiber`"
    )


_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


def _placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text.replace("{{", "").replace("}}", "")))


def test_every_translation_fills_only_placeholders_its_english_has():
    for message in _catalog():
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        english = set().union(*(_placeholders(i) for i in ids))
        for german in strings:
            # A name the English does not fill would fail at run time; the German may leave one out
            # ("bitte mehr davon tippen" needs no {what}).
            assert _placeholders(german) <= english, (message.id, german)


def test_typers_own_words_are_in_the_catalog():
    """What typer says through gettext ("Options", "default: …") is translated; a new typer that adds a sentence fails here."""
    import typer

    wanted = _extracted(Path(typer.__file__).parent)
    if not (Path(typer.__file__).parent / "_click").is_dir():
        # typer on an outside click (older typer): click's words go through gettext too. (A click
        # installed for another package, uvicorn, is not what typer speaks with when it carries its own.)
        import click

        wanted |= _extracted(Path(click.__file__).parent)
    translated = _translated(_catalog())
    missing = sorted((m for m in wanted if m not in translated), key=str)
    assert not missing, f"typer's own words without German: {missing}"


# -- the language chosen -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "de_AT.UTF-8"}, "de"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LC_ALL": "de_DE.UTF-8", "LANG": "en_US.UTF-8"}, "de"),
        ({"LC_MESSAGES": "de_CH.UTF-8", "LANG": "en_GB.UTF-8"}, "de"),
        ({"LC_ALL": "en_US.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),
        ({"SCHREIBER_LANG": "de"}, "de"),
        ({"SCHREIBER_LANG": "en", "LANG": "de_DE.UTF-8"}, "en"),
        ({"SCHREIBER_LANG": "de", "LC_ALL": "en_US.UTF-8"}, "de"),
    ],
)
def test_the_language_follows_schreiber_lang_then_the_locale(environ, language):
    from schreiber.i18n import choose

    assert choose(environ) == language


# -- the evening, in each language ---------------------------------------------------------------

# Run in a process of its own (the language is chosen once, at start-up): each command through
# schreiber's `main`, its output and exit status written down as a user would see them.
RUNNER = r"""
import contextlib, io, json, sys
from schreiber.cli.app import main

for argv in json.loads(sys.stdin.read()):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    print("$ schreiber " + " ".join(a if a and " " not in a else repr(a) for a in argv))
    text = out.getvalue() + err.getvalue()
    sys.stdout.write(text if text.endswith("\n") or not text else text + "\n")
    if code:
        print(f"[exit {code}]")
    print()
"""


def _help_paths() -> list[list[str]]:
    """Every command and group of the CLI, as the words that name it."""
    from schreiber.cli.app import app
    from schreiber.cli.tree import build

    paths: list[list[str]] = []

    def walk(command, path: list[str]) -> None:
        paths.append(path)
        for name in sorted(getattr(command, "commands", {})):
            walk(command.commands[name], [*path, name])

    walk(build(app), [])
    return paths


EVENING: list[list[str]] = [
    ["session", "list"],
    [
        "session",
        "new",
        "--rules",
        "schafkopf",
        "--players",
        "Anna",
        "Berta",
        "Carl",
        "Dora",
        "--tariff",
        "10",
        "--name",
        "Stammtisch",
        "--date",
        "2026-11-20",
    ],
    ["add", "wenz", "--help"],
    ["add", "rufspiel", "--player", "Berta", "--partner", "Dora", "--augen", "70", "--laufende", "3"],
    ["add", "wenz", "--player", "Carl", "--augen", "92"],
    ["add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "60"],
    ["add", "farbsolo", "--player", "Dora", "--farbe", "herz", "--augen", "45", "--kontra"],
    ["add", "rufspiel", "--player", "Carl", "--partner", "Berta", "--augen", "120", "--schwarz", "--klopfen", "Anna"],
    ["add", "ramsch", "--augen", "Anna=50", "Berta", "40"],  # "Berta 40" is no NAME=N: refused by click
    [
        "add",
        "ramsch",
        "--augen",
        "Anna=50",
        "--augen",
        "Berta=40",
        "--augen",
        "Carl=30",
        "--augen",
        "Dora=0",
        "--jungfrau",
        "Dora",
    ],
    ["add", "bettel", "--player", "Anna", "--lost"],
    ["add", "geier", "--player", "Berta", "--augen", "61", "--laufende", "1"],
    ["add", "rufspiel", "--player", "Anna"],
    ["add", "solo", "--player", "Anna"],
    ["add", "rufspiel", "--player", "Anna", "--partner", "Xaver", "--augen", "70"],
    ["add", "rufspiel", "--bogus"],
    ["sesion", "list"],
    ["session"],
    ["add"],
    ["show"],
    ["show", "x"],
    ["report", "--format", "xml"],
    ["session", "show"],
    ["list"],
    ["show", "4"],
    ["show", "6"],
    ["undo"],
    ["edit", "2", "--augen", "95"],
    ["edit", "2", "--augen", "95"],
    ["void", "3"],
    ["restore", "3"],
    ["session", "join", "Emil"],
    ["add", "rufspiel", "--player", "Berta", "--partner", "Carl", "--augen", "88"],
    ["session", "leave", "Emil"],
    ["recompute"],
    ["report"],
    ["settle", "--paid", "Anna"],
    ["report"],
    ["report", "--open"],
    ["settle"],
    ["session", "close"],
    ["rules"],
    ["rules", "show", "schafkopf"],
    ["rules", "show", "doppelkopf", "normal"],
    [
        "session",
        "new",
        "--rules",
        "klassisch",
        "--players",
        "Anna",
        "Berta",
        "Carl",
        "Dora",
        "--teams",
        "Anna+Carl",
        "Berta+Dora",
        "--set",
        "striche=9",
        "--date",
        "2026-11-21",
    ],
    ["add", "spiel", "--player", "Anna", "--augen", "95"],
    ["add", "spiel", "--player", "Berta", "--augen", "60"],
    ["add", "spiel", "--player", "Carl", "--augen", "70"],
    ["strokes"],
    ["session", "new", "--rules", "doppelkopf", "--players", "Anna", "Berta", "Carl", "Dora", "--date", "2026-11-22"],
    ["add", "normal", "--player", "Anna", "--partner", "Carl", "--augen", "130", "--re", "--fuchs-re", "1"],
    ["add", "damensolo", "--player", "Berta", "--augen", "100"],
    ["report"],
    ["report", "--all"],
    ["stats", "--all"],
    ["chart", "--session", "1"],
    ["export", "csv", "--all", "--output", "abend.csv"],
    ["import", "csv", "abend.csv"],
    ["db", "info"],
    ["db", "check"],
]


def _transcript(language: str, commands: list[list[str]], tmp_path: Path) -> str:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "SCHREIBER_LANG", "SCHREIBER_DB")
    }
    # Help is wrapped to the terminal's width: the same 80 columns wherever the test runs.
    env.update(SCHREIBER_LANG=language, COLUMNS="80", LINES="40", SCHREIBER_DB=str(tmp_path / "evening.db"))
    ran = subprocess.run(
        [sys.executable, "-c", RUNNER],
        input=json.dumps(commands),
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=True,
    )
    return ran.stdout.replace(str(tmp_path), "<tmp>")


def _golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if REGOLD:
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path} is missing: run with SCHREIBER_UPDATE_GOLDEN=1 and review it"
    assert text == path.read_text(encoding="utf-8"), f"{name} changed: review the difference, then regold"


@pytest.mark.parametrize("language", ["de", "en"])
def test_an_evening_and_every_help_read_as_reviewed(language, tmp_path):
    commands = [[*path, "--help"] for path in _help_paths()] + EVENING
    _golden(f"evening.{language}.txt", _transcript(language, commands, tmp_path))


def test_report_json_is_the_same_in_both_languages(tmp_path):
    """Scripts read the same JSON everywhere: keys, names and numbers do not follow the language."""
    evening = [c for c in EVENING[:10] if c[0] in ("session", "add")]
    probe = [
        ["report", "--format", "json"],
        ["report", "--all", "--format", "json"],
        ["report", "--format", "csv"],
        ["report", "--open", "--format", "json"],
    ]
    outputs = {}
    for language in ("de", "en"):
        where = tmp_path / language
        where.mkdir()
        outputs[language] = _transcript(language, evening + probe, where).split("$ schreiber report --format json")[1]
    assert outputs["de"] == outputs["en"]
    assert '"players"' in outputs["de"] and '"transfers"' in outputs["de"]


def test_usage_errors_are_german_under_a_german_locale(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("SCHREIBER_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(LANG="de_DE.UTF-8", SCHREIBER_DB=str(tmp_path / "l.db"))
    schreiber = Path(sys.executable).parent / "schreiber"
    unknown = subprocess.run([str(schreiber), "add", "--bogus"], capture_output=True, text=True, env=env)
    assert unknown.returncode == 2
    assert unknown.stderr.startswith("schreiber: Unbekannte Option: --bogus")
    helped = subprocess.run([str(schreiber), "--help"], capture_output=True, text=True, env=env)
    assert helped.stdout.startswith("Aufruf: schreiber")
    assert "Diese Hilfe zeigen und beenden." in helped.stdout


def test_play_speaks_german_line_by_line(tmp_path):
    """`schreiber play` fed from a file: the hands in German, and a refused line named as a "Zeile"."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    env.update(SCHREIBER_LANG="de", SCHREIBER_DB=str(tmp_path / "l.db"), COLUMNS="80")
    evening = "session new --rules schafkopf --players Anna Berta Carl Dora\nruf -p an -m ca -a 75\nadd solo -p an\n"
    schreiber = Path(sys.executable).parent / "schreiber"
    ran = subprocess.run([str(schreiber), "play"], input=evening, capture_output=True, text=True, env=env)
    assert ran.returncode == 2
    assert "Spiel 1: rufspiel Anna+Carl — Rufspiel 1 = 1" in ran.stdout
    assert "Spieler Anna und Mitspieler Carl je +1; Berta, Dora je −1" in ran.stdout
    assert "Nächster Geber: Berta" in ran.stdout
    assert ran.stderr.splitlines()[0] == f"schreiber: neues Spielbuch unter {tmp_path / 'l.db'} angelegt."
    assert ran.stderr.splitlines()[1].startswith(
        "Zeile 3: TYPE: 'solo' ist keine Spielart von schafkopf; möglich sind rufspiel,"
    )


WEB_PROBE = r"""
import contextlib, io, re, sys
from schreiber.cli.app import main
from schreiber.ledger.service import Ledger
import warnings
from schreiber.ledger.reports import Scope
from schreiber.web.app import create_app
warnings.simplefilter("ignore")
from starlette.testclient import TestClient

url = sys.argv[1]
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    main(["--db", url, "session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora", "--tariff", "10"])
    main(["--db", url, "add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "60"])
with TestClient(create_app(Ledger.open(url), Scope(), interval=0.1)) as c:
    page = c.get("/").text
print(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))
"""


def test_the_web_page_speaks_german(tmp_path):
    """`schreiber serve` started under a German locale shows the table in German."""
    pytest.importorskip("starlette")
    env = {k: v for k, v in os.environ.items() if k not in ("SCHREIBER_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(LANG="de_DE.UTF-8")
    ran = subprocess.run(
        [sys.executable, "-c", WEB_PROBE, f"sqlite:///{tmp_path / 'l.db'}"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    page = ran.stdout
    for said in (
        "Nächster Geber: Berta",
        "Bock ×2: noch 4 Spiele",
        "Wer zahlt wem",
        "1 Spiel · 10 ct pro Punkt",
        "Spieler Punkte Geld",
    ):
        assert said in page, said
    assert "Next dealer" not in page and "Who pays whom" not in page
