"""What the quick commands import: `--help` no SQLAlchemy, `add` no Alembic, no CSV, no reports (speed is in benchmarks/)."""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = """
import json, sys
from schreiber.cli.app import main
code = main(sys.argv[1:])
heavy = ("sqlalchemy", "alembic", "psycopg", "pydantic", "rich", "schreiber.report.csvio", "schreiber.ledger.reports")
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
    assert modules.isdisjoint({"alembic", "psycopg", "pydantic", "rich", "schreiber.report.csvio", "schreiber.ledger.reports"})
