"""Fixtures: a fresh ledger on SQLite and on PostgreSQL, and the CLI run in-process."""

from __future__ import annotations

import os
import shutil
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pytest
from sqlalchemy import Connection, create_engine, text
from sqlalchemy.exc import DBAPIError, OperationalError

# The suite reads what schreiber says in English, whatever language this machine speaks; German
# is checked in its own processes (tests/test_i18n.py). Set before schreiber.i18n chooses.
os.environ["SCHREIBER_LANG"] = "en"
# pytest-xdist's workers are given COLUMNS=80 and LINES=24; a test that wants a terminal's size sets
# its own, and every other one reads schreiber's output unfitted, as when piped.
os.environ.pop("COLUMNS", None)
os.environ.pop("LINES", None)

# pytest keeps each test module with its assertions rewritten in __pycache__, but not where PYTHONDONTWRITEBYTECODE
# is set (as on the CI machine): then every worker rewrote all 280 modules again on every run, 3-4 s of each loop.
# The test modules' bytecode is written all the same, as schreiber's is in pytest_sessionstart.
sys.dont_write_bytecode = False

PG_SERVER = os.environ.get("SCHREIBER_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


def _pg_reachable() -> str | None:
    try:
        engine = create_engine(PG_SERVER)
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
        engine.dispose()
        return None
    except OperationalError as e:
        return str(e.orig).splitlines()[0] if e.orig else str(e)


_PG_PROBLEM: list[str | None] = []


def _pg_problem() -> str | None:
    if not _PG_PROBLEM:
        _PG_PROBLEM.append(_pg_reachable())
    return _PG_PROBLEM[0]


def _require_pg() -> None:
    problem = _pg_problem()
    if problem is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL at {PG_SERVER} is unreachable under CI=true: {problem}")
        pytest.skip(f"PostgreSQL unreachable: {problem}")


def _pg_url(schema: str) -> str:
    return f"{PG_SERVER}?options=-csearch_path%3D{schema}"


@contextmanager
def _pg_admin() -> Iterator[Connection]:
    admin = create_engine(PG_SERVER, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            yield conn
    finally:
        admin.dispose()


def _new_pg_schema() -> str:
    schema = f"t_{uuid.uuid4().hex[:12]}"
    with _pg_admin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    return schema


def _drop_pg_schema(schema: str) -> None:
    with _pg_admin() as conn:
        conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))


def _empty(conn: Connection, schema: str, tables: list[str]) -> None:
    """Every row deleted and every sequence restarted. DELETE with the foreign-key triggers paused (a superuser's
    `session_replication_role`) takes a millisecond where TRUNCATE takes 25 ms idle and ten times that when the
    disk is busy, since it makes new files and syncs them; TRUNCATE stays for a server user who may not pause."""
    sequences = conn.execute(
        text("SELECT sequence_name FROM information_schema.sequences WHERE sequence_schema = :s"), {"s": schema}
    ).scalars()
    restart = " ".join(f'ALTER SEQUENCE "{schema}"."{s}" RESTART;' for s in sequences)
    deleted = " ".join(f'DELETE FROM "{schema}"."{t}";' for t in tables)
    try:
        conn.exec_driver_sql(f"BEGIN; SET LOCAL session_replication_role = replica; {deleted} {restart} COMMIT;")
    except DBAPIError:
        conn.exec_driver_sql("ROLLBACK")
        emptied = ", ".join(f'"{schema}"."{t}"' for t in tables)
        conn.execute(text(f"TRUNCATE {emptied} RESTART IDENTITY CASCADE"))


class _Ledgers:
    """Migrated ledgers handed to one test after another, since the migrations are most of a short test's time:
    one SQLite file per worker copied afresh for each test, and per worker a few PostgreSQL schemas emptied
    (TRUNCATE … RESTART IDENTITY) after each test and handed on, unless the test changed their shape."""

    def __init__(self, root) -> None:
        self.root = root
        self.sqlite: str | None = None
        self.free: list[str] = []
        self.every: list[str] = []
        self.tables: frozenset[str] | None = None

    def sqlite_ledger(self) -> str:
        """The worker's SQLite ledger: the migrated template copied into a folder emptied for each test. One URL for
        every test, so the engine kept for it (store/engine.py) keeps its compiled statements from test to test, as
        the PostgreSQL schemas handed on do; compiling them again was a tenth of an SQLite test's time."""
        from schreiber.store.engine import open_engine

        if self.sqlite is None:
            template = self.root / "template.db"
            open_engine(f"sqlite:///{template}").dispose()  # the last close folds the WAL into the file
            self.sqlite = str(template)
        folder = self.root / "sqlite"
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        shutil.copyfile(self.sqlite, folder / "ledger.db")
        return f"sqlite:///{folder / 'ledger.db'}"

    def pg_schema(self) -> str:
        if self.free:
            return self.free.pop()
        from schreiber.store.engine import open_engine

        schema = _new_pg_schema()
        open_engine(_pg_url(schema)).dispose()
        self.every.append(schema)
        return schema

    def pg_return(self, schema: str) -> None:
        """Empty the schema for the next test, or drop it when the test left it other than a new ledger."""
        from schreiber.store.models import SCHEMA_REVISION

        try:
            with _pg_admin() as conn:
                conn.execute(text("SET lock_timeout = '5s'"))
                tables = frozenset(
                    conn.execute(
                        text("SELECT table_name FROM information_schema.tables WHERE table_schema = :s"), {"s": schema}
                    ).scalars()
                )
                if self.tables is None:
                    self.tables = tables
                revision = conn.execute(text(f'SELECT version_num FROM "{schema}".alembic_version')).scalar()
                if tables != self.tables or revision != SCHEMA_REVISION:
                    raise LookupError(schema)
                _empty(conn, schema, sorted(tables - {"alembic_version"}))
        except Exception:
            self.every.remove(schema)
            _drop_pg_schema(schema)
            return
        self.free.append(schema)

    def close(self) -> None:
        for schema in self.every:
            _drop_pg_schema(schema)


@pytest.fixture(scope="session")
def _ledgers(tmp_path_factory) -> Iterator[_Ledgers]:
    kept = _Ledgers(tmp_path_factory.mktemp("ledgers"))
    yield kept
    if kept.every:
        kept.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path, _ledgers: _Ledgers) -> Iterator[str]:
    """A URL of a new ledger (migrated, with nothing in it): an SQLite file, or a schema of its own on the
    PostgreSQL server."""
    if request.param == "sqlite":
        yield _ledgers.sqlite_ledger()
        return
    _require_pg()
    schema = _ledgers.pg_schema()
    try:
        yield _pg_url(schema)
    finally:
        _ledgers.pg_return(schema)


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_db_url(request: pytest.FixtureRequest, tmp_path) -> Iterator[str]:
    """A URL where no ledger is yet: an SQLite file not yet made, or an empty schema on the PostgreSQL server
    (what the upgrade and refusal tests start from)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'ledger.db'}"
        return
    _require_pg()
    schema = _new_pg_schema()
    try:
        yield _pg_url(schema)
    finally:
        _drop_pg_schema(schema)


@pytest.fixture
def ledger(db_url: str):
    from schreiber.ledger.service import Ledger

    opened = Ledger.open(db_url)
    yield opened
    opened.engine.dispose()


@dataclass
class Ran:
    code: int
    out: str
    err: str


class Cli:
    """`schreiber …` run in-process against one ledger, as a user types it."""

    def __init__(self, url: str, capsys: pytest.CaptureFixture[str]) -> None:
        self.url = url
        self.capsys = capsys

    def __call__(self, *args: str) -> Ran:
        from schreiber.cli.app import main
        from tests.helpers.schreiber import command_tree

        self.capsys.readouterr()
        code = main(["--db", self.url, *args], command=command_tree())
        captured = self.capsys.readouterr()
        return Ran(code, captured.out, captured.err)

    def ok(self, *args: str) -> str:
        ran = self(*args)
        assert ran.code == 0, f"schreiber {' '.join(args)} failed ({ran.code}): {ran.err}"
        return ran.out

    def json(self, *args: str):
        import json

        return json.loads(self.ok(*args))


@pytest.fixture
def cli(db_url: str, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(db_url, capsys)


@pytest.fixture
def sqlite_cli(tmp_path, capsys: pytest.CaptureFixture[str]) -> Cli:
    """The CLI on an SQLite ledger of its own, beside `cli`: a test that compares what both databases give."""
    return Cli(f"sqlite:///{tmp_path / 'beside.db'}", capsys)


# -- markers: the fast loop (`pytest -m "not browser and not postgres and not slow"`) ------------

_BROWSER = ("chromium.Browser", "Browser()")
_SLOW = ("pexpect", "subprocess", "Popen", "uvicorn")


def pytest_sessionstart(session: pytest.Session) -> None:
    """The bytecode of schreiber/ written once before the workers start. Where PYTHONDONTWRITEBYTECODE is set (as
    on the CI machine), every `schreiber` process a test starts would otherwise compile its ~300 modules from
    source again: 0.05 s (`list`) to 0.25 s (`publish`) of each, and the examples and terminals start hundreds."""
    if hasattr(session.config, "workerinput"):
        return
    import compileall
    from pathlib import Path

    compileall.compile_dir(Path(__file__).resolve().parent.parent / "schreiber", quiet=2)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives headless chromium (tests/helpers/chromium.py)")
    config.addinivalue_line("markers", "postgres: runs against the PostgreSQL server")
    config.addinivalue_line("markers", "slow: starts processes of its own (a terminal, a server) or runs long")
    config.addinivalue_line(
        "markers", "slow_module: every test of the module is slow (its processes start in a helper)"
    )
    from hypothesis import settings

    # `HYPOTHESIS_PROFILE=dev` for the loop while working: fewer examples, the same properties.
    settings.register_profile("dev", max_examples=15, deadline=None)
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def _sources(item: pytest.Item) -> str:
    """The test's own code and the code of the fixtures it uses, where a browser or a process starts."""
    functions = [getattr(item, "function", None)]
    for defs in item._fixtureinfo.name2fixturedefs.values() if hasattr(item, "_fixtureinfo") else ():
        functions.extend(d.func for d in defs if d.baseid)
    return "\n".join(_source(function) for function in functions)


_SOURCES: dict[object, str] = {}


def _source(function: object) -> str:
    """A function's source, read once: the 3,400 tests share their functions (parametrized) and fixtures."""
    import inspect

    if function not in _SOURCES:
        try:
            _SOURCES[function] = inspect.getsource(function)  # type: ignore[arg-type]
        except (OSError, TypeError):
            _SOURCES[function] = ""
    return _SOURCES[function]


def _dev_examples(item: pytest.Item) -> None:
    """Under `HYPOTHESIS_PROFILE=dev` a test's own `@settings(max_examples=300)` is capped at the profile's too:
    an explicit setting outranks any profile, and those tests were most of the loop's time."""
    from hypothesis import settings

    test = getattr(getattr(item, "obj", None), "__func__", getattr(item, "obj", None))
    own = getattr(test, "_hypothesis_internal_use_settings", None)
    if own is not None and own.max_examples > settings.default.max_examples:
        # hypothesis reads this attribute of the test each time it runs it (hypothesis/core.py)
        test._hypothesis_internal_use_settings = settings(own, max_examples=settings.default.max_examples)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks each test by what it needs, so the markers never drift from the code that needs them."""
    dev = os.environ.get("HYPOTHESIS_PROFILE") == "dev"
    for item in items:
        if dev:
            _dev_examples(item)
        callspec = getattr(item, "callspec", None)
        if callspec is not None and "postgresql" in callspec.params.values():
            item.add_marker(pytest.mark.postgres)
        source = _sources(item)
        if any(word in source for word in _BROWSER):
            item.add_marker(pytest.mark.browser)
        elif any(word in source for word in _SLOW) or item.get_closest_marker("slow_module"):
            item.add_marker(pytest.mark.slow)
