"""Help that depends on the table: the hand types of the active table, and what one type takes.

Imported only when `add --help`, `edit --help`, `add TYPE --help` or `rules show RULESET TYPE` runs.
"""

from __future__ import annotations

from schreiber.i18n import _

from collections.abc import Iterable, Sequence
from typing import Any

# Examples shown in `add --help` and `edit --help`: they are run by tests/test_docs.py against a
# schafkopf table of Anna, Berta, Carl and Dora, in this order.
ADD_EXAMPLES = (
    "schreiber add rufspiel --player Anna --partner Carl --augen 75 --laufende 3",
    "schreiber add wenz --player Carl --augen 65 --klopfen Anna",
    "schreiber add ramsch --augen Anna=40 --augen Berta=35 --augen Carl=25 --augen Dora=20",
    "schreiber add sie --player Dora --won",
)
EDIT_EXAMPLES = (
    "schreiber edit 1 --augen 85",
    "schreiber edit 2 wenz --player Carl --augen 65",
)
EXAMPLE_PLAYERS = ("Anna", "Berta", "Carl", "Dora")

# Options of add/edit that any hand may take, whatever its type, besides the facts of the table (note,
# dealer, sits out: rules/declared.py).
ALWAYS = ("session", "force", "help")


def active_table(target: str | None) -> Any:
    """The active table's info (rules, players), or None: never creates or migrates a ledger."""
    try:
        from schreiber.ledger.service import Ledger

        ledger = Ledger.open(target, migrate=False, create=False)
        try:
            return next((t for t in ledger.tables() if t.active), None)
        finally:
            ledger.engine.dispose()
    except Exception:  # no ledger yet, an old one, a server away: help is shown without the table
        return None


def rule_sets_with(hand_type: str) -> list[Any]:
    from schreiber.rules import registry

    return [registry.get(n) for n in registry.names() if hand_type in registry.get(n).types]


def pick_type(rules: Any, typed: str) -> str | None:
    """The type `typed` names in `rules`: exactly, or as the only type it starts."""
    from schreiber.ledger.names import SHORT_TYPES

    key = typed.strip().lower()
    if key in rules.types:
        return key
    if SHORT_TYPES.get(key) in rules.types and not any(t.startswith(key) for t in rules.types):
        return SHORT_TYPES[key]
    starting = [t for t in rules.types if t.startswith(key)]
    return starting[0] if len(starting) == 1 else None


def params_for(rules: Any, hand_type: str) -> set[str]:
    """The parameter names of `add` that `hand_type` takes at a table of `rules`."""
    from schreiber.rules.declared import DECLARED

    takes = rules.options_for(hand_type)
    return {f.param for f in DECLARED if f.name in takes or f.every} | set(ALWAYS)


def example(rules: Any, hand_type: str, players: Sequence[str] = EXAMPLE_PLAYERS) -> str | None:
    """A command line recording `hand_type`, checked against a fresh table of `rules`: the first
    of a few candidates the rule set accepts (so an example shown is one that works)."""
    from schreiber.rules.model import Hand, HandError
    from schreiber.rules.table import play, start

    players = tuple(players)
    settings = {key: s.default for key, s in rules.settings.items()}
    try:
        state = start(rules, settings, players)
    except Exception:
        return None
    active = state.active
    takes = rules.options_for(hand_type)
    for candidate in _candidates(takes, active):
        try:
            play(rules, settings, state, Hand(type=hand_type, **candidate))
        except HandError:
            continue
        return _line(hand_type, candidate)
    return None


def _candidates(takes: frozenset[str], active: Sequence[str]) -> Iterable[dict[str, Any]]:
    base: dict[str, Any] = {}
    if "player" in takes:
        base["player"] = active[0]
    if "partner" in takes:
        base["partner"] = active[2]
    if "farbe" in takes:
        base["farbe"] = "herz"
    if "won" in takes:
        base["won"] = True
    if "winner" in takes:
        base["winner"] = active[0]
    from schreiber.rules.declared import DECLARED, NUMBER

    # A number its game checks itself (Skat's Spitzen; the Augen come below): the first of them, at its smallest.
    shared = {d.via for d in DECLARED}
    number = next(
        (d.name for d in DECLARED if d.kind == NUMBER and d.least is None and d.name not in shared and d.name in takes),
        None,
    )
    if number is not None:
        base[number] = 1
    extras = [{"laufende": 2}] if "laufende" in takes else []
    extras.append({})
    if "augen" in takes:
        for augen in (75, 30, 150):
            for extra in extras:
                yield {**base, "augen": augen, **extra}
        if "won" in base:  # a type that takes either (Skat: Augen, or won/lost when every trick decides)
            yield {**{k: v for k, v in base.items() if k != "won"}, "augen": 75}
    elif "augen_by_player" in takes:
        for total in (120, 240, 48):
            shares = _shares(total, len(active))
            yield {**base, "augen_by_player": dict(zip(active, shares))}
        yield base
    else:
        for extra in extras:
            yield {**base, **extra}


def _shares(total: int, n: int) -> list[int]:
    """A plausible spread of `total` Augen over n players, the first with the most."""
    weights = [4, 3, 2, 1, 1, 1][:n]
    shares = [total * w // sum(weights) for w in weights]
    shares[0] += total - sum(shares)
    return shares


def _line(hand_type: str, facts: dict[str, Any]) -> str:
    words = ["schreiber", "add", hand_type]
    for key, value in facts.items():
        option = "--" + key.replace("_", "-")
        if key == "augen_by_player":
            words += [w for name, n in value.items() for w in ("--augen", f"{name}={n}")]
        elif key == "won":
            words.append("--won" if value else "--lost")
        elif value is True:
            words.append(option)
        else:
            words += [option, str(value)]
    return " ".join(words)


def type_help(
    command: Any,
    ctx: Any,
    formatter: Any,
    rules: Any,
    hand_type: str,
    players: Sequence[str] | None,
    others: Sequence[str] = (),
) -> None:
    """`add TYPE --help`: the usage, what TYPE is, only the options it takes, and an example line."""
    number = "N " if command.name == "edit" else ""
    formatter.write_usage(ctx.command_path, f"{number}{hand_type} [OPTIONS]")
    formatter.write_paragraph()
    with formatter.indentation():
        formatter.write_text(f"{hand_type} ({rules.name}): {_(rules.types[hand_type])}")
        if others:
            formatter.write_text(
                _("Also a hand type of {names}; `schreiber rules show RULESET {type}` shows it there.").format(
                    names=", ".join(others), type=hand_type
                )
            )
    wanted = params_for(rules, hand_type)
    # A rule set may say an option in its own words for this type (Skat's --won is no Tout or Bettel),
    # or leave out one it refuses (None: Skat's --sits-out).
    own = rules.option_help(hand_type) if hasattr(rules, "option_help") else {}
    records = [
        (r[0], _(own[p.name])) if own.get(p.name) else r
        for p in command.get_params(ctx)
        if p.name in wanted and not (p.name in own and own[p.name] is None) and (r := p.get_help_record(ctx))
    ]
    if records:
        with formatter.section(_("Options")):
            formatter.write_dl(records)
    line = example(rules, hand_type, players or EXAMPLE_PLAYERS)
    if line:
        with formatter.section(_("Example")):
            _verbatim(formatter, line)


def type_text(rules: Any, hand_type: str, players: Sequence[str] | None, command: Any) -> str:
    """`rules show RULESET TYPE`: the same help as `add TYPE --help` (`command`: the `add` command), for any rule set."""
    from schreiber.cli.metavars import fix_metavars

    fix_metavars(command)
    ctx = command.make_context("schreiber add", ["--help"], resilient_parsing=True)
    formatter = ctx.make_formatter()
    type_help(command, ctx, formatter, rules, hand_type, players)
    return formatter.getvalue().rstrip("\n")


def _verbatim(formatter: Any, line: str) -> None:
    """A line as it is (an example to copy is never wrapped)."""
    formatter.write(f"{'':>{formatter.current_indent}}{line}\n")


def add_epilog(formatter: Any, target: str | None, edit: bool) -> None:
    """Examples, and the active table's hand types, after the options of `add --help` / `edit --help`."""
    with formatter.section(_("Examples (a schafkopf table of Anna, Berta, Carl and Dora)")):
        for line in EDIT_EXAMPLES if edit else ADD_EXAMPLES:
            _verbatim(formatter, line)
    table = active_table(target)
    if table is not None:
        from schreiber.rules import registry

        rules = registry.get(table.rules)
        with formatter.section(
            _("Hand types of the active table (session {id}, {rules})").format(id=table.id, rules=rules.name)
        ):
            import textwrap

            room = max(formatter.width - formatter.current_indent, 20)
            for line in textwrap.wrap(", ".join(rules.types), room, break_on_hyphens=False):
                _verbatim(formatter, line)
    formatter.write_paragraph()
    formatter.write_text(_("`schreiber add TYPE --help` shows only the options TYPE takes, with an example."))
