"""The shape ARCHITECTURE.md asks for, read from the source with `ast`.

- no import loop between the modules of schreiber/, imports inside functions included;
- no rule-set name ("doppelkopf", …) compared outside schreiber/rules/: a rule set says what it can
  do through its capabilities, not by being asked its name; no Wertung name ("platz", …) compared outside
  schreiber/scoring/ and schreiber/rules/, nor spelled in a page's template: a Wertung is read by what it
  declares;
- scoring/ pure: no import of store/, ledger/, views/, report/, cli/ or web/, of SQLAlchemy, typer or the
  page and PDF libraries, and no print;
- no private name (`_x`; gettext's `_` is public) imported from another top-level folder of
  schreiber/ (cli, ledger, …);
- JSON and CSV written only where they belong: a CSV writer only in csvio.py (its formula
  guard), JSON text only where a payload of views/payloads.py is printed or stored;
- no module of schreiber/ over 600 lines and no class over 400, as the file stands (`ruff format`ted),
  but for those OVER_THE_LIMIT names, which may only shrink;
- the floors: a module imports from its own floor and those below (FLOORS; rules/ below scoring/, so the
  rules of the game never ask a Wertung), web/ never from cli/, and cli/ from web/ only inside the `serve`
  command; ARROWS_KNOWN the few that do not yet.

Run as a script (`python tests/test_architecture.py`) it prints what it found.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "schreiber"


def modules() -> dict[str, Path]:
    """Dotted module name -> file, for every module of the package (a package is its __init__)."""
    found = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _is_package(name: str, known: dict[str, Path]) -> bool:
    return name in known and known[name].name == "__init__.py"


def imports(name: str, path: Path, known: dict[str, Path]) -> Iterator[tuple[str, str, int]]:
    """(module imported, name taken from it or "", line) for every import in the file, wherever it
    stands (top level, function, class, `if TYPE_CHECKING`)."""
    package = name if _is_package(name, known) else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, "", node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                if submodule in known:  # `from schreiber.cli import render`: the module render
                    yield submodule, "", node.lineno
                else:
                    yield source, alias.name, node.lineno


def graph() -> dict[str, set[str]]:
    known = modules()
    edges: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        for target, _taken, _line in imports(name, path, known):
            if target in known and target != name:
                edges[name].add(target)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(found)


def _folder(module: str) -> str:
    """The top-level folder (or top-level module) of schreiber/ a module lives in."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def _private(name: str) -> bool:
    """`_x`, but not gettext's `_` nor a dunder."""
    return name.startswith("_") and name != "_" and not name.startswith("__")


def private_imports() -> list[str]:
    known = modules()
    found = []
    for name, path in known.items():
        for target, taken, line in imports(name, path, known):
            if not target.startswith("schreiber") or _folder(target) == _folder(name):
                continue
            private = [part for part in [*target.split("."), taken] if _private(part)]
            if private:
                found.append(f"{path.relative_to(ROOT.parent)}:{line}: {', '.join(private)} from {target}")
    return found


def rule_set_names() -> set[str]:
    from schreiber.rules import registry

    return set(registry.names())


def _strings(node: ast.AST) -> Iterator[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        for element in node.elts:
            yield from _strings(element)


def wertung_names() -> set[str]:
    from schreiber.scoring import wertung

    return {name for _kind, name in wertung.REGISTRY}


def name_comparisons(names: set[str] | None = None, inside: tuple[str, ...] = ("rules",)) -> list[str]:
    """Comparisons with one of `names` (default: the rule sets') outside the folders `inside`."""
    names = rule_set_names() if names is None else names
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        if path.relative_to(ROOT).parts[0] in inside:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            compared: list[ast.AST] = []
            if isinstance(node, ast.Compare):
                compared = [node.left, *node.comparators]
            elif isinstance(node, ast.MatchValue):
                compared = [node.value]
            elif isinstance(node, ast.Dict):
                compared = [key for key in node.keys if key is not None]  # a table keyed by rule set
            elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") in ("startswith", "endswith"):
                compared = list(node.args)  # a family by its name's start ("doppelkopf" for both presets)
            hits = sorted({s for part in compared for s in _strings(part)} & names)
            if hits:
                found.append(f"{path.relative_to(ROOT.parent)}:{node.lineno}: compares with {', '.join(hits)}")
    return found


# Where a Wertung is known by its name: the registry (scoring/) and the rule sets that choose theirs (rules/).
# Everything else reads a Wertung's declaration; a page's template does not spell a name either.
WERTUNG_HOMES = ("scoring", "rules")


def wertung_names_in_templates() -> list[str]:
    """Wertung names written as quoted words in a page's template ({"platz": …}, == "seeger")."""
    names = wertung_names()
    found = []
    for path in sorted((ROOT / "web" / "templates").glob("*.html")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            hits = sorted(n for n in names if f'"{n}"' in line or f"'{n}'" in line)
            if hits:
                found.append(f"{path.relative_to(ROOT.parent)}:{number}: spells {', '.join(hits)}")
    return found


# The pure core of the competitions (ARCHITECTURE.md): its folds know no database, terminal, page or paper.
SCORING_NEVER = ("store", "ledger", "views", "report", "cli", "web")
OUTSIDE_NEVER = ("sqlalchemy", "alembic", "typer", "click", "starlette", "jinja2", "fpdf", "tabulate")


def scoring_reaches_out() -> list[str]:
    """Imports of scoring/ into the floors above it or into the database, terminal, page and PDF libraries,
    and calls of print."""
    known = modules()
    found = []
    for name, path in known.items():
        if _folder(name) != "scoring":
            continue
        where = path.relative_to(ROOT.parent)
        for target, _taken, line in imports(name, path, known):
            top = target.split(".")[0]
            if top in OUTSIDE_NEVER or target.startswith("schreiber.") and _folder(target) in SCORING_NEVER:
                found.append(f"{where}:{line}: imports {target}")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print":
                found.append(f"{where}:{node.lineno}: prints")
    return found


# Where `json.dumps` and the csv module's writers may be called, and why.
WRITERS = {
    "csv.writer": {"schreiber/csvio.py"},  # every CSV goes through its formula guard
    "csv.DictWriter": {"schreiber/csvio.py"},
    "json.dumps": {
        "schreiber/cli/terminal.py",  # prints the payloads of views/payloads.py
        "schreiber/web/entry.py",  # the state a page's script reads
        "schreiber/views/publish.py",  # `publish`: the payloads as data.json, as print_json writes them
        "schreiber/ledger/transfer/export.py",  # facts and settings stored in the cells of an export
        "schreiber/ledger/transfer/reading.py",  # a cell it cannot read, quoted in the refusal
        "schreiber/ledger/transfer/matching.py",  # a fact that differs, quoted in the refusal
        "schreiber/ledger/transfer/writing.py",  # the facts of a hand as the ledger stores them
    },
}


def writer_calls() -> list[str]:
    """Calls (or imports) of a JSON or CSV writer outside the modules WRITERS allows for it."""
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        where = str(path.relative_to(ROOT.parent))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            used = []
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                used = [f"{node.value.id}.{node.attr}"]
            elif isinstance(node, ast.ImportFrom) and node.module in ("csv", "json"):
                used = [f"{node.module}.{alias.name}" for alias in node.names]
            for name in used:
                if name in WRITERS and where not in WRITERS[name]:
                    found.append(f"{where}:{node.lineno}: {name}")
    return found


MODULE_LINES = 600
CLASS_LINES = 400

# Over the limits today, each being split by another piece of work of issue 40: the module or class
# and its lines as they stand. The list only shrinks: a name here may not grow, and once it is
# within the limit its line must go (the test says so), so the list stays honest.
OVER_THE_LIMIT = {}


def sizes() -> dict[str, int]:
    """Lines of every module ("schreiber/x.py") and class ("schreiber/x.py::Name", from its first
    decorator to its last line), counted in the file as it is."""
    found = {}
    for path in sorted(ROOT.rglob("*.py")):
        where = str(path.relative_to(ROOT.parent))
        text = path.read_text(encoding="utf-8")
        found[where] = len(text.splitlines())
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef):
                start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                found[f"{where}::{node.name}"] = (node.end_lineno or node.lineno) - start + 1
    return found


def _limit(name: str) -> int:
    return CLASS_LINES if "::" in name else MODULE_LINES


def too_long(found: dict[str, int] | None = None, known: dict[str, int] = OVER_THE_LIMIT) -> list[str]:
    """Modules and classes over the limit and not `known` (OVER_THE_LIMIT), those known that grew,
    and those known that are within the limit now (their line goes) or are gone."""
    found = sizes() if found is None else found
    problems = []
    for name, lines in sorted(found.items()):
        allowed = known.get(name)
        if allowed is None and lines > _limit(name):
            problems.append(f"{name}: {lines} lines, over {_limit(name)}")
        elif allowed is not None and lines > allowed:
            problems.append(f"{name}: {lines} lines, grown from {allowed} (OVER_THE_LIMIT only shrinks)")
        elif allowed is not None and lines <= _limit(name):
            problems.append(f"{name}: {lines} lines, within {_limit(name)} now: take it out of OVER_THE_LIMIT")
    problems += [f"{name}: gone, take it out of OVER_THE_LIMIT" for name in sorted(set(known) - set(found))]
    return problems


# The floors of schreiber/, lowest first (ARCHITECTURE.md, "The step before teams and leagues"):
# rules ← scoring ← store ← ledger ← views, report ← cli, web. A module imports from its own floor and
# the floors below, never from one above; and of the two top floors web/ never imports cli/, while
# cli/ imports web/ only inside the commands of CLI_INTO_WEB (`serve`, and `publish`, which writes the pages).
FLOORS = (
    ("schreiber", "errors", "files", "i18n"),  # the package's own helpers, below every floor
    ("rules",),  # the pure core's ground: the rules of the games score a hand (Seeger-Fabian, Verlustspielgeld too)
    # scoring folds competitions (the Wertungen, seating, cash) on the rules; a game declares plain data (its
    # default Wertung, table sizes, counts) and the floors above pick its Wertungen from the registry
    ("scoring",),
    # entry reads a hand typed on the command line or a page into rules' Hand; csvio is the file format of
    # export and import (its formula guard), which the ledger reads and writes and the terminal prints
    ("store", "entry", "csvio"),
    ("ledger",),
    ("views", "report"),
    ("cli", "web"),
)
CLI_INTO_WEB = {"serve", "publish"}

# Imports that break the floors today, each a known debt of issue 40: `session
# key` and `season cards` ask web/ for the address `serve` listens on. The list only shrinks: an
# import here that is gone must leave it, and a new arrow up fails.
ARROWS_KNOWN = {
    ("schreiber.cli.session", "schreiber.web.server"),  # `session key`: the address `serve` listens on
    ("schreiber.cli.season", "schreiber.web.server"),  # `season cards`: the same, on each card
}


def floor(module: str) -> int:
    """The floor of a module of schreiber/ (its folder's, see FLOORS)."""
    folder = _folder(module)
    return next(i for i, names in enumerate(FLOORS) if folder in names)


def _enclosing(tree: ast.AST) -> dict[int, set[str]]:
    """For the line of each import inside a function, the names of the functions around it."""
    around: dict[int, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, (ast.Import, ast.ImportFrom)):
                    around.setdefault(inner.lineno, set()).add(node.name)
    return around


def crosses(name: str, target: str, functions: set[str] | frozenset[str] = frozenset()) -> bool:
    """Whether `name` importing `target` (inside `functions`) goes up a floor, from web/ into cli/, or from
    cli/ into web/ outside the commands of CLI_INTO_WEB."""
    here, there = _folder(name), _folder(target)
    if floor(target) > floor(name):
        return True
    if here == "web" and there == "cli":
        return True
    return here == "cli" and there == "web" and not functions & CLI_INTO_WEB


def arrows() -> set[tuple[str, str]]:
    """(importer, imported) for every import of schreiber/ that `crosses`."""
    known = modules()
    found = set()
    for name, path in known.items():
        around = _enclosing(ast.parse(path.read_text(encoding="utf-8")))
        for target, _taken, line in imports(name, path, known):
            if target in known and crosses(name, target, around.get(line, set())):  # not outside schreiber/
                found.add((name, target))
    return found


def test_the_checks_see_what_they_look_for():
    # The checks would pass on an empty tree: make sure they read the real one.
    edges = graph()
    assert "schreiber.cli.runner" in edges["schreiber.cli.app"]
    assert "schreiber.ledger.service" in edges["schreiber.cli.runner"]  # an import inside a function
    assert {"doppelkopf", "klassisch", "schafkopf"} <= rule_set_names()
    assert {"punkte", "platz", "seeger", "summe", "beste", "rundenschnitt"} <= wertung_names()
    assert "schreiber.scoring.wertung" in edges["schreiber.scoring.ranking"]
    assert len(list((ROOT / "web" / "templates").glob("*.html"))) > 10
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    for allowed in WRITERS.values():
        assert all((ROOT.parent / path).is_file() for path in allowed)
    found = sizes()
    assert found["schreiber/rules/model.py"] > 100 and found["schreiber/rules/model.py::Hand"] > 10
    known = {"schreiber/a.py": 700, "schreiber/b.py::B": 450, "schreiber/c.py": 650, "schreiber/d.py": 610}
    found = {"schreiber/a.py": 701, "schreiber/b.py::B": 400, "schreiber/c.py": 640, "schreiber/x.py": 601}
    assert too_long({**found, "schreiber/y.py::Y": 401, "schreiber/z.py": 600}, known) == [
        "schreiber/a.py: 701 lines, grown from 700 (OVER_THE_LIMIT only shrinks)",
        "schreiber/b.py::B: 400 lines, within 400 now: take it out of OVER_THE_LIMIT",
        "schreiber/x.py: 601 lines, over 600",
        "schreiber/y.py::Y: 401 lines, over 400",
        "schreiber/d.py: gone, take it out of OVER_THE_LIMIT",
    ]
    assert floor("schreiber.rules.model") < floor("schreiber.store.models") < floor("schreiber.ledger.service")
    # The rules of the games below the Wertungen: scoring reads the rules (Seeger-Fabian's arithmetic), never
    # the other way, and store, entry and csvio may read scoring.
    assert floor("schreiber.rules.seeger") < floor("schreiber.scoring.wertung") < floor("schreiber.csvio")
    assert crosses("schreiber.rules.skat", "schreiber.scoring.wertung")
    assert not crosses("schreiber.scoring.wertung", "schreiber.rules.seeger")
    assert not crosses("schreiber.store.models", "schreiber.scoring.wertung")
    assert not crosses("schreiber.entry", "schreiber.scoring.cash") and crosses(
        "schreiber.scoring.cash", "schreiber.entry"
    )
    assert "schreiber.rules.seeger" in edges["schreiber.scoring.wertung"]
    assert crosses("schreiber.web.app", "schreiber.cli.app") and crosses(
        "schreiber.cli.session", "schreiber.web.server"
    )
    assert not crosses("schreiber.cli.serve", "schreiber.web.server", {"serve"})
    assert floor("schreiber.csvio") < floor("schreiber.ledger.service") < floor("schreiber.views.text")
    assert floor("schreiber.views.text") < floor("schreiber.cli.app") == floor("schreiber.web.app")
    # `serve` imports web/ inside the command: seen as imports, and not as arrows.
    into_web = {(a, b) for a, targets in edges.items() for b in targets if (_folder(a), _folder(b)) == ("cli", "web")}
    assert into_web - arrows()


def test_no_import_loop_between_modules():
    assert cycles(graph()) == []


def test_no_rule_set_name_compared_outside_the_rules():
    assert name_comparisons() == []


def test_no_wertung_name_compared_outside_the_registry_and_the_rules():
    # Terminal, CSV, JSON, PDF and page read what a Wertung declares (scoring/wertung.py), never its name.
    assert name_comparisons(wertung_names(), WERTUNG_HOMES) == []
    assert wertung_names_in_templates() == []


def test_scoring_is_pure():
    assert scoring_reaches_out() == []


def test_no_private_name_imported_across_folders():
    assert private_imports() == []


def test_json_and_csv_written_only_where_they_belong():
    assert writer_calls() == []


def test_no_module_nor_class_over_the_limit():
    assert too_long() == []


def test_imports_go_down_the_floors():
    found = arrows()
    assert sorted(found - ARROWS_KNOWN) == [], "new imports up a floor, or between cli/ and web/"
    assert sorted(ARROWS_KNOWN - found) == [], "gone: take these out of ARROWS_KNOWN"


if __name__ == "__main__":
    edges = graph()
    print(f"{len(edges)} modules, {sum(map(len, edges.values()))} imports between them")
    print("import loops:", cycles(edges) or "none")
    print("rule-set names compared outside schreiber/rules/:", name_comparisons() or "none")
    print(
        "Wertung names compared outside scoring/ and rules/:",
        name_comparisons(wertung_names(), WERTUNG_HOMES) + wertung_names_in_templates() or "none",
    )
    print("scoring/ reaching out:", scoring_reaches_out() or "none")
    print("private names imported across folders:", private_imports() or "none")
    print("JSON and CSV writers outside their modules:", writer_calls() or "none")
    print("modules and classes over the limit:", too_long() or "none")
    print("imports up a floor, or between cli/ and web/:", sorted(arrows() - ARROWS_KNOWN) or "none")
    print("known ones:", sorted(ARROWS_KNOWN))
