"""The words of a command line before click reads them: `--db` after the command, and
`--augen Anna=40 Berta=35` spread into one `--augen` each. Shared by the command line, `play` and
completion (no typer here)."""

from __future__ import annotations

import re


def db_first(args: list[str]) -> list[str]:
    """`--db TARGET` is accepted after the command too (`schreiber add … --db x.db`): moved to the front.

    Given twice (before and/or after the command) it is refused: which ledger was meant cannot be told,
    and a hand written to the wrong one is worse than none."""
    found: list[tuple[int, int, str]] = []  # (where, how many words, the target)
    skip = 0
    for i, word in enumerate(args):
        if skip:
            skip -= 1
            continue
        if word == "--":
            break
        if i > 0 and args[i - 1] in ("--note", "-n"):
            continue  # a note that says --db is the note's text
        if word.startswith("--db="):
            found.append((i, 1, word.removeprefix("--db=")))
        elif word == "--db" and i + 1 < len(args):
            found.append((i, 2, args[i + 1]))
            skip = 1
    if len(found) > 1:
        from schreiber.i18n import _
        from schreiber.rules.model import SettingsError
        from schreiber.store.engine import hide_password

        targets = [hide_password(t, t) for __, __, t in found]
        raise SettingsError(
            _("--db is given more than once ({targets}); name the ledger once, before or after the command.").format(
                targets=", ".join(targets)
            )
        )
    if found and found[0][0] > 0:
        i, n, __ = found[0]
        return [*args[i : i + n], *args[:i], *args[i + n :]]
    return args


def optional_id(args: list[str]) -> list[str]:
    """`serve --tournament` (or `--season`, `--league`) without an ID means the active one: click wants a value, so it
    gets ""."""
    out = list(args)
    for i, word in enumerate(out):
        if word == "--":
            break
        optional = word == "--tournament" or (
            word in ("--season", "--league") and "serve" in out[:i]
        )  # `tournament new --season ID` and `publish --league ID` take one
        if optional and (i + 1 == len(out) or not out[i + 1].isdigit()):
            out.insert(i + 1, "")
            break
    return out


def _name_values() -> tuple[str, ...]:
    """The options of a hand's NAME=N facts (rules/declared.py), short forms too, and a sheet's --soli."""
    from schreiber.rules.declared import DECLARED, DECLARED_BY_NAME, PAIRS

    out: list[str] = []
    for fact in DECLARED:
        if fact.kind == PAIRS:
            own = DECLARED_BY_NAME.get(fact.param, fact)
            out += [own.option, own.short] if own.short else [own.option]
    return (*out, "--soli")


# Options that take NAME=N and may be repeated; `--augen Anna=40 Berta=35` means both.
NAME_VALUE_OPTIONS = _name_values()
NAME_VALUE = re.compile(r"[^-=\s][^=]*=[+-]?\d+")


# A paper sheet's games won and lost per player (`tournament result`, `league result`): NAME=N there, while `add`'s
# --won/--lost are a hand's flags and take no value.
SHEET_NAME_VALUE_OPTIONS = ("--won", "--lost")
SHEET_COMMANDS = (("tournament", "result"), ("league", "result"))


def _command(args: list[str]) -> tuple[str, ...]:
    """The first two words of the command, the leading --db (moved there by db_first) left out."""
    words = args[2:] if args[:1] == ["--db"] else args[1:] if args[:1] and args[0].startswith("--db=") else args
    return tuple(words[:2])


def spread_name_values(args: list[str]) -> list[str]:
    """`--augen Anna=40 Berta=35 Carl=25` as typed at the table: each NAME=N after the first gets
    its own `--augen`, as click wants the option repeated."""
    options = NAME_VALUE_OPTIONS + (SHEET_NAME_VALUE_OPTIONS if _command(args) in SHEET_COMMANDS else ())
    out: list[str] = []
    repeat: str | None = None  # the option whose NAME=N values are being read
    i = 0
    while i < len(args):
        word = args[i]
        if word == "--":
            return out + args[i:]
        if repeat is not None and NAME_VALUE.fullmatch(word):
            out += [repeat, word]
        else:
            repeat = None
            out.append(word)
            option, equals, value = word.partition("=")
            # `--won=A=9` names one player: a script's sheet words may go on with the next player's A=POINTS.
            if equals and option in NAME_VALUE_OPTIONS and NAME_VALUE.fullmatch(value):
                repeat = option
            elif word in options and i + 1 < len(args) and NAME_VALUE.fullmatch(args[i + 1]):
                out.append(args[i + 1])
                repeat = word
                i += 1
        i += 1
    return out


def spitzen_once(args: list[str]) -> None:
    """Refuse Skat's Spitzen given twice (`m1 o1`, `--spitzen 1 --spitzen 2`): click would keep the last
    silently, and whether the game was mit or ohne, and how many, cannot be told."""
    said: list[str] = []
    for i, word in enumerate(args):
        if word == "--":
            break
        if word == "--spitzen" and i + 1 < len(args):
            value, after = args[i + 1], args[i + 2] if i + 2 < len(args) else ""
        elif word.startswith("--spitzen="):
            value, after = word.partition("=")[2], args[i + 1] if i + 1 < len(args) else ""
        else:
            continue
        # `o2` is spelled `--spitzen 2 --ohne`: the --ohne right after a number says which it was.
        said.append(f"{'ohne' if after == '--ohne' else 'mit'} {value}")
    if len(said) > 1:
        from schreiber.i18n import _
        from schreiber.rules.model import HandError

        raise HandError(
            _(
                "--spitzen is given {count} times ({said}); a game is mit or ohne one number: give the Spitzen once."
            ).format(count=len(said), said=", ".join(said))
        )
