"""The tests' own layout: no test module imports another test module. What several test files share lives in
tests/helpers/ (one module per noun), tests/strategies.py or a conftest.py; benchmarks/ may import those too.
A test module imported by another runs its tests' module code twice and ties the two files together unseen."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
# tests.helpers.*, tests.strategies, the conftests, and the packages themselves (`tests`, `tests.web`, …)
SHARED = ("tests.helpers", "tests.strategies")


def imported(source: str, module: str) -> Iterator[tuple[int, str]]:
    """(line, dotted name) of every module `source` imports, inside functions too; `module` resolves the
    relative ones, and a name taken from a package counts as its submodule (`from tests.cli import test_x`)."""
    package = module.rsplit(".", 1)[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, *([base] if base else [])])
            yield node.lineno, base
            yield from ((node.lineno, f"{base}.{alias.name}") for alias in node.names)


def forbidden(name: str, known: set[str]) -> bool:
    """Whether `name` is a test module (or in one) of tests/ that is not shared."""
    if not (name == "tests" or name.startswith("tests.")) or name.startswith(SHARED):
        return False
    last = name.split(".")
    # `from tests.cli.test_x import f` names tests.cli.test_x.f: the module is the longest known prefix
    for end in range(len(last), 0, -1):
        prefix = ".".join(last[:end])
        if prefix in known:
            return not (prefix.endswith(".conftest") or prefix == "tests.conftest" or prefix.startswith(SHARED))
    return False


def modules_of_tests() -> set[str]:
    """Dotted names of the modules under tests/ that are not packages (the files a test may wrongly import)."""
    return {
        ".".join(p.relative_to(REPO).with_suffix("").parts)
        for p in (REPO / "tests").rglob("*.py")
        if p.name != "__init__.py"
    }


def offences(files: list[Path], known: set[str]) -> list[str]:
    found = []
    for path in files:
        module = ".".join(path.relative_to(REPO).with_suffix("").parts)
        for line, name in imported(path.read_text(encoding="utf-8"), module):
            if forbidden(name, known):
                found.append(f"{path.relative_to(REPO)}:{line} imports {name}")
    return sorted(set(found))


def test_the_check_sees_an_import_of_a_test_module():
    known = {"tests.cli.test_play", "tests.helpers.web", "tests.conftest", "tests.web.conftest", "tests.strategies"}
    planted = {
        "from tests.cli.test_play import expect": True,
        "import tests.cli.test_play": True,
        "from tests.cli import test_play": True,
        "def f():\n    from tests.cli.test_play import SCHREIBER": True,
        "from .test_play import expect": True,
        "from tests.helpers.web import Served": False,
        "from tests.conftest import Cli": False,
        "from tests.web.conftest import door": False,
        "from tests.strategies import hands": False,
        "from schreiber.cli.app import main": False,
    }
    for source, bad in planted.items():
        found = [n for _, n in imported(source, "tests.cli.test_planted") if forbidden(n, known)]
        assert bool(found) == bad, (source, found)


def test_no_test_module_imports_another():
    files = sorted(p for folder in ("tests", "benchmarks") for p in (REPO / folder).rglob("*.py"))
    assert offences(files, modules_of_tests()) == []
