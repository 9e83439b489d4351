"""Every example evening of examples/ runs to its report in a fresh ledger, as the README promises."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "examples").glob("*.sh"))


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.stem)
def test_example_evening_runs_and_reports(script, tmp_path):
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        "SCHREIBER_DB": str(tmp_path / "evening.db"),
    }
    ran = subprocess.run(["bash", str(script)], capture_output=True, text=True, env=env, timeout=300)
    assert ran.returncode == 0, ran.stdout[-2000:] + ran.stderr[-2000:]
    assert "Traceback" not in ran.stderr
    assert "$ schreiber report" in ran.stdout and "Report: session 1" in ran.stdout


def test_the_readme_evening_leaves_a_ledger_to_report_on(tmp_path):
    """Without SCHREIBER_DB, examples/schafkopf.sh writes stammtisch.db where it runs, says so, and
    `schreiber --db stammtisch.db report` reports that evening afterwards."""
    env = {k: v for k, v in os.environ.items() if k != "SCHREIBER_DB"}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
    script = next(p for p in EXAMPLES if p.stem == "schafkopf")
    ran = subprocess.run(["bash", str(script)], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert ran.returncode == 0, ran.stderr[-2000:]
    assert f"The evening is in the ledger {tmp_path / 'stammtisch.db'}" in ran.stdout
    again = subprocess.run(
        ["schreiber", "--db", "stammtisch.db", "report"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
    )
    assert again.returncode == 0 and "Report: session 1 Stammtisch Hirsch" in again.stdout, again
