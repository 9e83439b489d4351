"""What the quick commands import: `--help` no SQLAlchemy, `add` no Alembic, no CSV, no reports, neither of them
the libraries of the tournament group, serve, chart or play (speed is in benchmarks/)."""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = """
import json, sys
from schreiber.cli.app import main
code = main(sys.argv[1:])
heavy = ("sqlalchemy", "alembic", "psycopg", "pydantic", "rich", "schreiber.csvio", "schreiber.ledger.reports",
         "fpdf", "segno", "starlette", "uvicorn", "jinja2", "matplotlib", "plotext", "prompt_toolkit", "tabulate",
         "schreiber.ledger.tournament", "schreiber.web", "schreiber.cli.tournament_render", "schreiber.cli.complete")
print(json.dumps({"code": code, "modules": sorted(m for m in sys.modules if m.startswith(heavy))}))
"""


def imported(*args: str) -> tuple[int, set[str]]:
    ran = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, check=True)
    last = json.loads(ran.stdout.strip().splitlines()[-1])
    return last["code"], {m if m.startswith("schreiber") else m.split(".")[0] for m in last["modules"]}


def test_help_imports_no_database_layer():
    code, modules = imported("--help")
    assert code == 0
    assert modules == set()


def test_add_imports_neither_alembic_nor_csv(tmp_path):
    db = str(tmp_path / "l.db")
    assert imported("--db", db, "session", "new", "--rules", "schafkopf", "--players", "A", "B", "C", "D")[0] == 0
    code, modules = imported("--db", db, "add", "rufspiel", "--player", "A", "--partner", "B", "--augen", "70")
    assert code == 0
    assert "sqlalchemy" in modules
    assert modules.isdisjoint({"alembic", "psycopg", "pydantic", "rich", "schreiber.csvio", "schreiber.ledger.reports"})
    # The tournament group's, serve's, chart's and play's libraries come with those commands only.
    assert modules.isdisjoint(
        {
            "fpdf",
            "segno",
            "starlette",
            "uvicorn",
            "jinja2",
            "matplotlib",
            "plotext",
            "prompt_toolkit",
            "schreiber.ledger.tournament",
            "schreiber.web",
            "schreiber.cli.tournament_render",
            "schreiber.cli.complete",
        }
    )


def test_help_builds_no_command_and_add_builds_add_alone():
    """typer turning every signature into options was most of `--help`'s start-up: cli/tree.py builds
    a command when it is looked up, and the listing needs none (the pages are the golden transcripts')."""
    from schreiber.cli.app import app
    from schreiber.cli.tree import build

    built: list = []
    root = build(app, finish=built.append)
    page = root.get_help(root.make_context("schreiber", [], resilient_parsing=True))
    assert built == [root]
    assert "  add " in page and "  tournament " in page and "  db " in page
    assert root.commands["add"].name == "add"
    assert [command.name for command in built] == ["", "add"]
    root.commands["tournament"].commands["draw"]  # a group, then one of its commands
    assert [command.name for command in built] == ["", "add", "tournament", "draw"]
