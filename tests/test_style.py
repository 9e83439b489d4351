"""The tree is as `ruff format` writes it and `ruff check` finds nothing (settings in pyproject.toml)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def ruff() -> str:
    found = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    if found is None:
        pytest.fail("ruff is not installed: pip install -e '.[test]' installs it")
    return found


@pytest.mark.parametrize("command", [["format", "--check", "--diff"], ["check", "--output-format", "concise"]])
def test_ruff_finds_nothing_to_change(command):
    done = subprocess.run([ruff(), *command, "."], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
